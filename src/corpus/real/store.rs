//! The corpus folder: one file a split and language (`train.en`, `test.fr`,
//! …: a tokenised sentence a line, tokens between single spaces, so another
//! toolkit trains on exactly these), the shortlists (`vocab.en`, `vocab.fr`),
//! `NOTICE.txt`, and `provenance.json`, holding the sha256 of every other
//! file and of every page read: a folder whose files do not match it is
//! refused. The files are written as one set, all replaced or (a full disk
//! half-way) none, so a failed rebuild leaves the old corpus whole. A load
//! takes no more memory than a corpus the build can write: lines of at most
//! the build's words, and a bounded number of tokens.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::build::{Counts, MAX_WORDS, TokenPair};
use super::sha256::hex_digest;
use super::split::{MIN_BUCKET, TokenSplits, bucket_of};
use super::tokenise::RULE_VERSION;
use super::{NOTICE, VocabSpec, vocabularies};
use crate::fsio::{first_null, read_capped, write_set};

/// Overrides the corpus folder (tests point it at a scratch folder).
pub const CORPUS_ENV: &str = "BAHDANAU_CORPUS";
/// The most read of one split file (the largest real one is about 3 MB).
const MAX_SPLIT_BYTES: u64 = 16 << 20;
/// The most tokens one language may hold over the three splits (the real
/// corpus holds under a million), so that a load stays within a few
/// hundred MB whatever the files hold.
const MAX_TOKENS: usize = 4_000_000;
/// The shortlists written beside the splits (the experiment's own may be smaller).
pub const WRITTEN_VOCAB: VocabSpec = VocabSpec { coverage: 0.98, max: 30_000 };

/// `$BAHDANAU_CORPUS`, else `<data dir>/bahdanau/real-corpus`, beside the history.
pub fn corpus_dir() -> Option<PathBuf> {
    match std::env::var_os(CORPUS_ENV) {
        Some(p) if !p.is_empty() => Some(PathBuf::from(p)),
        _ => dirs::data_dir().map(|d| d.join("bahdanau").join("real-corpus")),
    }
}

/// One package the corpus came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    pub name: String,
    pub version: String,
    /// Of the .deb file, or "installed copy" when read from /usr/share.
    pub sha256: String,
}

const SPLITS: [&str; 3] = ["train", "held-out", "test"];

fn lines(pairs: &[TokenPair], french: bool) -> String {
    pairs.iter().map(|p| if french { &p.1 } else { &p.0 }).map(|w| w.join(" ") + "\n").collect()
}

/// Writes the corpus into `dir` as one set (see the module comment).
pub fn write(dir: &Path, s: &TokenSplits, counts: &Counts, packages: &[Package]) -> Result<(), String> {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for (split, pairs) in SPLITS.iter().zip([&s.train, &s.held_out, &s.test]) {
        files.push((format!("{split}.en"), lines(pairs, false).into_bytes()));
        files.push((format!("{split}.fr"), lines(pairs, true).into_bytes()));
    }
    let (sv, tv) = vocabularies(s, WRITTEN_VOCAB);
    files.push(("vocab.en".into(), (sv.tokens().join("\n") + "\n").into_bytes()));
    files.push(("vocab.fr".into(), (tv.tokens().join("\n") + "\n").into_bytes()));
    files.push(("NOTICE.txt".into(), format!("{NOTICE}\n").into_bytes()));
    let digests: serde_json::Map<String, Value> =
        files.iter().map(|(name, bytes)| (name.clone(), json!(hex_digest(bytes)))).collect();
    let c = counts;
    let doc = json!({
        "source": "LibreOffice help pages, English and French",
        "licence": "MPL-2.0",
        "notice": NOTICE,
        "packages": packages.iter().map(|p| json!({"name": p.name, "version": p.version, "sha256": p.sha256})).collect::<Vec<_>>(),
        "pages_read_sha256": c.read_sha256,
        "skipped": c.skipped,
        "rule_version": RULE_VERSION,
        "counts": {
            "pages": c.pages, "paragraphs": c.paragraphs, "missing": c.missing,
            "sentences_differ": c.sentences_differ, "sentence_pairs": c.sentence_pairs, "empty": c.empty,
            "untranslated": c.untranslated, "out_of_ratio": c.out_of_ratio, "too_long": c.too_long,
            "duplicates": c.duplicates, "control": c.control, "kept": c.kept,
            "train": s.train.len(), "held_out": s.held_out.len(), "test": s.test.len(),
        },
        "shortlist": { "coverage": WRITTEN_VOCAB.coverage, "max": WRITTEN_VOCAB.max },
        "files": digests,
    });
    if let Some(at) = first_null(&doc, String::new()) {
        return Err(format!("{at} is not a finite number; nothing was written to {}", dir.display()));
    }
    let text = serde_json::to_string_pretty(&doc).map_err(|e| format!("could not encode provenance.json: {e}"))?;
    files.push(("provenance.json".into(), (text + "\n").into_bytes()));
    write_set(dir, &files).map(|_| ())
}

/// What `--fetch-corpus` prints when the corpus is absent.
pub fn missing_message(dir: &Path) -> String {
    format!(
        "no real corpus in {}: build it once with `cargo run -- --fetch-corpus` \
         (it downloads two Debian packages of LibreOffice help, about 5 MB)",
        dir.display()
    )
}

/// The splits in `dir` and its provenance, every file checked against it.
pub fn load(dir: &Path) -> Result<(TokenSplits, Value), String> {
    let prov_path = dir.join("provenance.json");
    if !prov_path.exists() {
        return Err(missing_message(dir));
    }
    let prov: Value = serde_json::from_str(&read_capped(&prov_path, 1 << 20)?).map_err(|e| {
        format!("{} is not valid JSON ({e}); build the corpus again with --fetch-corpus", prov_path.display())
    })?;
    if prov["rule_version"] != json!(RULE_VERSION) {
        return Err(format!(
            "the corpus in {} was built by another version of the extraction rule; \
             build it again with `cargo run -- --fetch-corpus`",
            dir.display()
        ));
    }
    let again = "build the corpus again with `cargo run -- --fetch-corpus`";
    let mut tokens = [0usize; 2];
    let mut read = |name: &str, french: bool| -> Result<Vec<Vec<String>>, String> {
        let path = dir.join(name);
        let text = read_capped(&path, MAX_SPLIT_BYTES)?;
        if prov["files"][name] != json!(hex_digest(text.as_bytes())) {
            return Err(format!(
                "{} does not match provenance.json (changed, or a build was interrupted); {again}",
                path.display()
            ));
        }
        // Counted before any token is made, so a crafted file is refused in its own size.
        let most = if french { 2 * MAX_WORDS + 2 } else { MAX_WORDS };
        for (k, line) in text.lines().enumerate() {
            let n = line.split(' ').filter(|w| !w.is_empty()).count();
            tokens[usize::from(french)] += n;
            if n > most || tokens[usize::from(french)] > MAX_TOKENS {
                return Err(format!(
                    "{} holds more than the build writes (line {} has {n} words, at most {most}; \
                     at most {MAX_TOKENS} words in all); {again}",
                    path.display(),
                    k + 1
                ));
            }
            if crate::layout::visible::has_hidden(line) {
                return Err(format!("line {} of {} holds a control character; {again}", k + 1, path.display()));
            }
        }
        Ok(text.lines().map(|l| l.split(' ').filter(|w| !w.is_empty()).map(String::from).collect()).collect())
    };
    let mut splits = Vec::new();
    for split in SPLITS {
        let (en, fr) = (read(&format!("{split}.en"), false)?, read(&format!("{split}.fr"), true)?);
        if en.len() != fr.len() {
            return Err(format!("{split}.en and {split}.fr have different line counts in {}", dir.display()));
        }
        splits.push(en.into_iter().zip(fr).collect::<Vec<TokenPair>>());
    }
    let test = splits.pop().unwrap_or_default();
    let held_out = splits.pop().unwrap_or_default();
    let train = splits.pop().unwrap_or_default();
    let measured =
        (0..).take_while(|&b| test.iter().filter(|p| bucket_of(p.0.len()) == b).count() >= MIN_BUCKET).count();
    Ok((TokenSplits { train, held_out, test, measured }, prov))
}
