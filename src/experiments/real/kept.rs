//! The REPL's real-data RNNsearch: the run of the report's first seed
//! ([`RealConfig::FULL`], seed 2014), trained once and kept in the corpus
//! folder as `rnnsearch-2014.json`, with the sha256 of the corpus's
//! `provenance.json` and the config it was trained on. A kept file of another
//! corpus or config is refused, never shown.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicUsize;

use serde_json::{Value, json};

use super::RealConfig;
use super::run::training_pairs;
use super::vocabs;
use crate::corpus::ParallelCorpus;
use crate::corpus::real::sha256::hex_digest;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::{parallel, store};
use crate::experiments::models::RnnSearch;
use crate::experiments::runner::{RunError, train};
use crate::export::matrix;
use crate::fsio::{read_capped, write_json};
use crate::model::Params;

pub const FORMAT: &str = "bahdanau-real-model/1";
/// The seed of the REPL's model: the report's first.
pub const SEED: u64 = 2014;
/// The largest kept file read (the FULL model is about 5 MB).
const MAX_KEPT_BYTES: u64 = 64 << 20;

/// A trained RNNsearch over a corpus's shortlists.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub params: Params,
    pub best_epoch: usize,
    /// Held-out BLEU after each epoch (index 0: before training).
    pub held_out_bleu: Vec<f64>,
}

/// Where the model of `seed` is kept in the corpus folder `dir`.
pub fn kept_path(dir: &Path, seed: u64) -> PathBuf {
    dir.join(format!("rnnsearch-{seed}.json"))
}

/// The sha256 of the corpus's provenance.json, which names every other file's.
pub fn corpus_digest(dir: &Path) -> Result<String, String> {
    read_capped(&dir.join("provenance.json"), 1 << 20).map(|t| hex_digest(t.as_bytes()))
}

/// What decides the weights: every number of the config and the seed.
fn record(c: &RealConfig, seed: u64) -> Value {
    let (d, r) = (c.dims, c.run);
    json!({
        "dims": { "m": d.m, "n": d.n, "n_a": d.n_a, "l": d.l },
        "shortlist": { "coverage": c.vocab.coverage, "max": c.vocab.max },
        "n_train": c.n_train, "max_train_words": c.max_train_words, "n_held_out": c.n_held_out,
        "seed": seed, "order_seed": c.run_of(seed).order_seed,
        "run": { "epochs": r.epochs, "patience": r.patience, "batch": r.batch, "lr": r.lr, "clip": r.clip },
    })
}

/// Trains RNNsearch from `seed` exactly as the report's run of that seed.
pub fn train_search(
    c: &RealConfig,
    seed: u64,
    corpus: &ParallelCorpus,
    stop: &(dyn Fn() -> bool + Sync),
    done: &AtomicUsize,
) -> Result<Kept, RunError> {
    let model = RnnSearch { dims: c.dims, vocabs: vocabs(corpus) };
    let held = &corpus.held_out[..c.n_held_out.min(corpus.held_out.len())];
    let t = train(&model, &c.run_of(seed), (&training_pairs(c, corpus), held), stop, done)?;
    Ok(Kept { params: t.params, best_epoch: t.best_epoch, held_out_bleu: t.held_out_bleu })
}

/// The training pairs [`train_search`] goes through, for a progress bar.
pub fn pairs_to_train(c: &RealConfig, corpus: &ParallelCorpus) -> usize {
    training_pairs(c, corpus).len() * c.run.epochs
}

/// Writes `k` to `path` atomically, with the corpus digest and the config.
pub fn save(path: &Path, k: &Kept, digest: &str, c: &RealConfig, seed: u64) -> Result<(), String> {
    let params: serde_json::Map<String, Value> =
        k.params.named().iter().map(|(n, m)| (n.to_string(), matrix(m))).collect();
    let doc = json!({
        "format": FORMAT, "corpus_sha256": digest, "config": record(c, seed),
        "best_epoch": k.best_epoch, "held_out_bleu": k.held_out_bleu, "params": params,
    });
    write_json(path, &doc, false)
}

/// The model kept at `path`, None if there is none; a file of another
/// corpus, config or shape is an error that says how to make it again.
pub fn load(path: &Path, digest: &str, c: &RealConfig, seed: u64, like: &Params) -> Result<Option<Kept>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let again = format!("delete {} and type corpus real again to train it anew", path.display());
    let doc: Value = serde_json::from_str(&read_capped(path, MAX_KEPT_BYTES)?)
        .map_err(|e| format!("{} is not valid JSON ({e}): {again}", path.display()))?;
    if doc["format"] != FORMAT {
        return Err(format!("{} is not a kept model of format {FORMAT}: {again}", path.display()));
    }
    if doc["corpus_sha256"] != json!(digest) {
        return Err(format!("{} was trained on another build of the corpus: {again}", path.display()));
    }
    if doc["config"] != record(c, seed) {
        return Err(format!("{} was trained with another config: {again}", path.display()));
    }
    let mut params = like.clone();
    for (name, m) in params.named_mut() {
        let data: Option<Vec<f64>> =
            doc["params"][name]["data"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect());
        match data {
            Some(d) if d.len() == m.len() && doc["params"][name]["shape"] == json!([m.nrows(), m.ncols()]) => {
                *m = crate::model::Mat::from_row_slice(m.nrows(), m.ncols(), &d)
            }
            _ => {
                return Err(format!(
                    "{} holds no {name} of shape {} × {}: {again}",
                    path.display(),
                    m.nrows(),
                    m.ncols()
                ));
            }
        }
    }
    let held_out_bleu: Vec<f64> =
        doc["held_out_bleu"].as_array().into_iter().flatten().filter_map(Value::as_f64).collect();
    let best_epoch = doc["best_epoch"].as_u64().unwrap_or(0) as usize;
    Ok(Some(Kept { params, best_epoch, held_out_bleu }))
}

/// The corpus in `dir` over the shortlists of `c`, and its test split's tokens.
pub struct Loaded {
    pub corpus: ParallelCorpus,
    pub splits: TokenSplits,
    pub digest: String,
}

/// Reads the corpus folder for the model of `c`.
pub fn load_corpus(dir: &Path, c: &RealConfig) -> Result<Loaded, String> {
    let (splits, _) = store::load(dir)?;
    let digest = corpus_digest(dir)?;
    Ok(Loaded { corpus: parallel(&splits, c.vocab), splits, digest })
}

/// The kept model of `seed`, or, when there is none, the model trained now
/// (counting pairs into `done`) and kept; the flag says it was trained.
pub fn obtain(
    dir: &Path,
    l: &Loaded,
    (c, seed): (&RealConfig, u64),
    stop: &(dyn Fn() -> bool + Sync),
    done: &AtomicUsize,
) -> Result<(Kept, bool), String> {
    let like = Params::init(c.dims, l.corpus.source.len(), l.corpus.target.len(), seed);
    let path = kept_path(dir, seed);
    if let Some(k) = load(&path, &l.digest, c, seed, &like)? {
        return Ok((k, false));
    }
    let k = train_search(c, seed, &l.corpus, stop, done).map_err(|e| match e {
        RunError::Interrupted => "training stopped (Ctrl-C); nothing was kept".to_string(),
        RunError::NonFinite { epoch, .. } => format!("training diverged in epoch {epoch}; nothing was kept"),
    })?;
    save(&path, &k, &l.digest, c, seed)?;
    Ok((k, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::toy;

    fn tiny() -> RealConfig {
        RealConfig { n_train: 12, n_held_out: 4, ..RealConfig::QUICK }
    }

    #[test]
    fn a_kept_model_loads_back_bit_for_bit_and_another_corpus_or_config_is_refused() {
        let corpus = toy::generate(3, 12, 4);
        let c = tiny();
        let k = train_search(&c, 1, &corpus, &|| false, &AtomicUsize::new(0)).unwrap();
        assert_eq!(k.held_out_bleu.len(), c.run.epochs + 1);
        let dir = std::env::temp_dir().join(format!("bahdanau-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = kept_path(&dir, 1);
        let like = Params::init(c.dims, corpus.source.len(), corpus.target.len(), 0);
        assert_eq!(load(&path, "abc", &c, 1, &like), Ok(None), "no file: nothing kept yet");
        save(&path, &k, "abc", &c, 1).unwrap();
        assert_eq!(load(&path, "abc", &c, 1, &like), Ok(Some(k.clone())));
        assert!(load(&path, "abd", &c, 1, &like).unwrap_err().contains("another build of the corpus"));
        assert!(load(&path, "abc", &c, 2, &like).unwrap_err().contains("another config"));
        let other = RealConfig { n_train: 13, ..c };
        assert!(load(&path, "abc", &other, 1, &like).unwrap_err().contains("another config"));
        let bigger = Params::init(c.dims, corpus.source.len() + 1, corpus.target.len(), 0);
        assert!(load(&path, "abc", &c, 1, &bigger).unwrap_err().contains("holds no E_x of shape"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Trains the REPL's model where the corpus is built (about 15 minutes
    /// on one core), keeps it there, and checks that it is the report's run
    /// of seed 2014: the same held-out BLEU after every epoch as
    /// `results/real.json`, and the same translations of its examples. `cargo test --release --lib kept -- --ignored`
    #[test]
    #[ignore]
    fn the_repl_model_is_the_reports_first_seed() {
        let dir = store::corpus_dir().unwrap();
        let c = RealConfig::FULL;
        let l = load_corpus(&dir, &c).unwrap();
        let (k, _) = obtain(&dir, &l, (&c, SEED), &|| false, &AtomicUsize::new(0)).unwrap();
        let v = super::super::results::committed().unwrap();
        let run =
            v["runs"].as_array().unwrap().iter().find(|r| r["model"] == "RNNsearch" && r["seed"] == SEED).unwrap();
        let want: Vec<f64> = run["held_out_bleu"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        assert_eq!(k.held_out_bleu, want);
        assert_eq!(k.best_epoch as u64, run["best_epoch"].as_u64().unwrap());
        let model = RnnSearch { dims: c.dims, vocabs: vocabs(&l.corpus) };
        for ex in v["examples"].as_array().unwrap() {
            let pair = &l.corpus.test[ex["index"].as_u64().unwrap() as usize];
            let said = crate::experiments::runner::translate_all(&model, &k.params, std::slice::from_ref(pair));
            assert_eq!(said[0], ex["RNNsearch"].as_str().unwrap(), "the report's translation of this sentence");
        }
    }
}
