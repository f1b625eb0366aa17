//! From two trees of help pages to sentence pairs: paragraphs paired by
//! element id in the same relative file, split into sentences (paired in
//! order when both sides have as many), tokenised, filtered, deduplicated.
//! Pairing takes time linear in the paragraphs (a page of 100,000 is read in
//! well under a second); a page that is not UTF-8 text is skipped, and said.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::html::paragraphs;
use super::sha256::hex_digest;
use super::tokenise::{sentences, tokens};
use crate::fsio::read_capped_bytes;

/// The largest help page read; the largest real one is about 300 KiB.
const MAX_PAGE_BYTES: u64 = 4 << 20;
/// Source sentences longer than this, in words, are dropped.
pub const MAX_WORDS: usize = 50;

// ANCHOR: ratio
/// Whether two token counts are out of the length-ratio bound: the longer
/// side more than twice the shorter plus two.
pub fn out_of_ratio(a: usize, b: usize) -> bool {
    a.max(b) > 2 * a.min(b) + 2
}
// ANCHOR_END: ratio

/// A tokenised sentence pair, English then French.
pub type TokenPair = (Vec<String>, Vec<String>);

/// What happened to every paragraph and sentence on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub pages: usize,
    /// English paragraphs with a par_id / hd_id.
    pub paragraphs: usize,
    /// … whose id is missing from the French page (or the page is).
    pub missing: usize,
    /// Paired paragraphs whose sides split into different numbers of sentences.
    pub sentences_differ: usize,
    pub sentence_pairs: usize,
    pub empty: usize,
    pub untranslated: usize,
    pub out_of_ratio: usize,
    pub too_long: usize,
    /// The same source sentence again (with any target): the first is kept.
    pub duplicates: usize,
    /// Pairs holding a control character (a page's raw byte or `&#27;`):
    /// such a token would act on the terminal that prints it.
    pub control: usize,
    pub kept: usize,
    /// The pages skipped, each with why (not UTF-8 text, or too large).
    pub skipped: Vec<String>,
    /// The sha256 of what was read: every page's path and its own sha256, a line each.
    pub read_sha256: String,
}

/// A page's text, or why it is skipped; the digest line goes into `read`.
fn page_text(root: &Path, rel: &Path, read: &mut String) -> Result<Result<String, String>, String> {
    let path = root.join(rel);
    let shown = crate::layout::visible::visible(&path.display().to_string());
    let bytes = match read_capped_bytes(&path, MAX_PAGE_BYTES) {
        Ok(b) => b,
        Err(e) if e.contains("is larger than") => return Ok(Err(crate::layout::visible::visible(&e))),
        Err(e) => return Err(e),
    };
    read.push_str(&format!("{} {}\n", path.display(), hex_digest(&bytes)));
    Ok(String::from_utf8(bytes)
        .map_err(|e| format!("{shown}: it is not UTF-8 text (byte {} is not)", e.utf8_error().valid_up_to())))
}

/// Whether a token would act on a terminal instead of being read.
fn controls(words: &[String]) -> bool {
    words.iter().any(|w| crate::layout::visible::has_hidden(w))
}

/// Every `.html` file under `root`, as paths relative to it, sorted.
fn pages(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let dir = root.join(&rel);
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("could not read {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let (name, kind) = (entry.file_name(), entry.file_type());
            let path = rel.join(&name);
            match kind {
                Ok(k) if k.is_dir() => stack.push(path),
                Ok(k) if k.is_file() && path.extension().is_some_and(|e| e == "html") => out.push(path),
                _ => {}
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The pairs of the English pages under `en` and the French ones under `fr`
/// (each the `text/` folder of a language), with the counts of each step.
pub fn sentence_pairs(en: &Path, fr: &Path) -> Result<(Vec<TokenPair>, Counts), String> {
    let mut counts = Counts::default();
    let mut seen: HashSet<Vec<String>> = HashSet::new();
    let mut kept = Vec::new();
    let mut read = String::new();
    for rel in pages(en)? {
        counts.pages += 1;
        let en_page = match page_text(en, &rel, &mut read)? {
            Ok(text) => text,
            Err(why) => {
                counts.skipped.push(why);
                continue;
            }
        };
        let en_pars = paragraphs(&en_page);
        let fr_pars: HashMap<String, String> = if fr.join(&rel).is_file() {
            match page_text(fr, &rel, &mut read)? {
                Ok(text) => paragraphs(&text).into_iter().collect(),
                Err(why) => {
                    counts.skipped.push(why);
                    HashMap::new()
                }
            }
        } else {
            HashMap::new()
        };
        for (id, en_text) in en_pars {
            counts.paragraphs += 1;
            let Some(fr_text) = fr_pars.get(&id) else {
                counts.missing += 1;
                continue;
            };
            let (es, fs) = (sentences(&en_text), sentences(fr_text));
            if es.len() != fs.len() {
                counts.sentences_differ += 1;
                continue;
            }
            for (e, f) in es.iter().zip(&fs) {
                counts.sentence_pairs += 1;
                let (s, t) = (tokens(e, false), tokens(f, true));
                let verdict = if s.is_empty() || t.is_empty() {
                    &mut counts.empty
                } else if controls(&s) || controls(&t) {
                    &mut counts.control
                } else if s == t {
                    &mut counts.untranslated
                } else if out_of_ratio(s.len(), t.len()) {
                    &mut counts.out_of_ratio
                } else if s.len() > MAX_WORDS {
                    &mut counts.too_long
                } else if !seen.insert(s.clone()) {
                    &mut counts.duplicates
                } else {
                    kept.push((s, t));
                    &mut counts.kept
                };
                *verdict += 1;
            }
        }
    }
    counts.read_sha256 = hex_digest(read.as_bytes());
    Ok((kept, counts))
}
