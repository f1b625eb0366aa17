//! The corpus folder: one file a split and language (`train.en`, `test.fr`,
//! …: a tokenised sentence a line, tokens between single spaces, so another
//! toolkit trains on exactly these), the shortlists (`vocab.en`, `vocab.fr`),
//! `NOTICE.txt`, and `provenance.json` written last, holding the sha256 of
//! every other file: a folder whose files do not match it is refused.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::build::{Counts, TokenPair};
use super::sha256::hex_digest;
use super::split::{MIN_BUCKET, TokenSplits, bucket_of};
use super::tokenise::RULE_VERSION;
use super::{NOTICE, VocabSpec, vocabularies};
use crate::fsio::{read_capped, write_atomic, write_json};

/// Overrides the corpus folder (tests point it at a scratch folder).
pub const CORPUS_ENV: &str = "BAHDANAU_CORPUS";
/// The most read of one split file.
const MAX_SPLIT_BYTES: u64 = 64 << 20;
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

/// Writes the corpus into `dir`, every file atomically, provenance last.
pub fn write(dir: &Path, s: &TokenSplits, counts: &Counts, packages: &[Package]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("could not create {}: {e}", dir.display()))?;
    let mut digests = serde_json::Map::new();
    let mut put = |name: String, text: String| -> Result<(), String> {
        write_atomic(&dir.join(&name), text.as_bytes())?;
        digests.insert(name, json!(hex_digest(text.as_bytes())));
        Ok(())
    };
    for (split, pairs) in SPLITS.iter().zip([&s.train, &s.held_out, &s.test]) {
        put(format!("{split}.en"), lines(pairs, false))?;
        put(format!("{split}.fr"), lines(pairs, true))?;
    }
    let (sv, tv) = vocabularies(s, WRITTEN_VOCAB);
    put("vocab.en".into(), sv.tokens().join("\n") + "\n")?;
    put("vocab.fr".into(), tv.tokens().join("\n") + "\n")?;
    put("NOTICE.txt".into(), format!("{NOTICE}\n"))?;
    let c = counts;
    let doc = json!({
        "source": "LibreOffice help pages, English and French",
        "licence": "MPL-2.0",
        "notice": NOTICE,
        "packages": packages.iter().map(|p| json!({"name": p.name, "version": p.version, "sha256": p.sha256})).collect::<Vec<_>>(),
        "rule_version": RULE_VERSION,
        "counts": {
            "pages": c.pages, "paragraphs": c.paragraphs, "missing": c.missing,
            "sentences_differ": c.sentences_differ, "sentence_pairs": c.sentence_pairs, "empty": c.empty,
            "untranslated": c.untranslated, "out_of_ratio": c.out_of_ratio, "too_long": c.too_long,
            "duplicates": c.duplicates, "kept": c.kept,
            "train": s.train.len(), "held_out": s.held_out.len(), "test": s.test.len(),
        },
        "shortlist": { "coverage": WRITTEN_VOCAB.coverage, "max": WRITTEN_VOCAB.max },
        "files": digests,
    });
    write_json(&dir.join("provenance.json"), &doc, true)
}

/// What `--fetch-corpus` prints when the corpus is absent.
pub fn missing_message(dir: &Path) -> String {
    format!(
        "no real corpus in {}: build it once with `cargo run --release -- --fetch-corpus` \
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
             build it again with `cargo run --release -- --fetch-corpus`",
            dir.display()
        ));
    }
    let read = |name: &str| -> Result<Vec<Vec<String>>, String> {
        let text = read_capped(&dir.join(name), MAX_SPLIT_BYTES)?;
        if prov["files"][name] != json!(hex_digest(text.as_bytes())) {
            return Err(format!(
                "{} does not match provenance.json (changed, or a build was interrupted); \
                 build the corpus again with `cargo run --release -- --fetch-corpus`",
                dir.join(name).display()
            ));
        }
        Ok(text.lines().map(|l| l.split(' ').filter(|w| !w.is_empty()).map(String::from).collect()).collect())
    };
    let mut splits = Vec::new();
    for split in SPLITS {
        let (en, fr) = (read(&format!("{split}.en"))?, read(&format!("{split}.fr"))?);
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
