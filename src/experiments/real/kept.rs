//! The REPL's real-data RNNsearch: the run of the report's first seed
//! ([`RealConfig::FULL`], seed 2014), trained once and kept in the corpus
//! folder as `rnnsearch-2014.json`, with the sha256 of the corpus's
//! `provenance.json`, the config it was trained on and the sha256 of
//! everything else it holds. It is checked as a saved session is: read only
//! up to what a model of these shapes can take (so a crafted file is refused
//! in its own size, not in a gigabyte of values), its digest, every weight's
//! shape and size (finite, and within what training gives, so the forward
//! pass cannot overflow), and its checks (pair-updates rising from 0,
//! losses finite, BLEU 0 to 100, the kept check the one its budget keeps). A file of another corpus or config,
//! or one changed since it was written, is refused in one line that names
//! it and says what to type, never shown.

use crate::text::corpus as T;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicUsize;

use serde_json::{Value, json};

use super::RealConfig;
use crate::corpus::ParallelCorpus;
use crate::corpus::real::sha256::hex_digest;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::{parallel, store};
use crate::experiments::json::{budget_json, check_from, check_json};
use crate::experiments::runner::{Budget, Check, RunError, train};
use crate::export::matrix;
use crate::fsio::{count_values, read_capped, write_json};
use crate::model::Params;

pub const FORMAT: &str = "bahdanau-real-model/1";
/// The seed of the REPL's model: the report's first.
pub const SEED: u64 = 2014;
/// The most characters one number takes as written (`-1.2345678901234567e-300,`).
const NUMBER_BYTES: u64 = 26;
/// Room for everything around the weights: the config, the digests, the names.
const AROUND_BYTES: u64 = 64 << 10;
/// The largest |weight| accepted. Training never comes near it (its weights
/// stay within a few units); within it no forward pass of these dims overflows.
pub const MAX_WEIGHT: f64 = 1e4;

/// A trained RNNsearch over a corpus's shortlists.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub params: Params,
    /// Held-out loss and BLEU at every check (index 0: before training).
    pub checks: Vec<Check>,
    /// The check whose weights these are.
    pub best: usize,
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
        "run": { "budget": budget_json(&r.budget), "batch": r.batch, "lr": r.lr, "clip": r.clip },
        "output": super::results::precision_name(c.output),
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
    let model = c.search(corpus);
    let t = train(&model, &c.run_of(seed), (&c.training_pairs(corpus), c.held_out(corpus)), stop, done)?;
    Ok(Kept { params: t.params, checks: t.checks, best: t.best })
}

/// The training pairs [`train_search`] goes through, for a progress bar.
pub fn pairs_to_train(c: &RealConfig, corpus: &ParallelCorpus) -> usize {
    c.run.cap(c.training_pairs(corpus).len())
}

/// The sha256 of `doc` as written compactly without its own `sha256` field
/// (keys in order, numbers shortest-exact: reading and writing again gives
/// the same text).
fn doc_digest(doc: &Value) -> String {
    let mut rest = doc.clone();
    if let Some(map) = rest.as_object_mut() {
        map.remove("sha256");
    }
    hex_digest(serde_json::to_string(&rest).unwrap_or_default().as_bytes())
}

/// Writes `k` to `path` atomically, with the corpus digest, the config and
/// the digest of all of it.
pub fn save(path: &Path, k: &Kept, digest: &str, c: &RealConfig, seed: u64) -> Result<(), String> {
    let params: serde_json::Map<String, Value> =
        k.params.named().iter().map(|(n, m)| (n.to_string(), matrix(m))).collect();
    let mut doc = json!({
        "format": FORMAT, "corpus_sha256": digest, "config": record(c, seed),
        "checks": k.checks.iter().map(check_json).collect::<Vec<_>>(), "best_check": k.best, "params": params,
    });
    doc["sha256"] = json!(doc_digest(&doc));
    write_json(path, &doc, false)
}

/// The most bytes and JSON values a kept model of `like`'s shapes holds.
fn most(like: &Params, c: &RealConfig) -> (u64, usize) {
    let numbers: usize = like.named().iter().map(|(_, m)| m.len() + 8).sum::<usize>() + 5 * most_checks(c);
    (numbers as u64 * NUMBER_BYTES + AROUND_BYTES, numbers + 200)
}

/// The most checks a run of `c` records: one before training, one every
/// C pair-updates up to the cap (or one an epoch).
fn most_checks(c: &RealConfig) -> usize {
    match c.run.budget {
        Budget::Rule(r) => r.cap / r.check_every.max(1) + 2,
        Budget::Epochs(n) => n + 1,
    }
}

/// The checks of training, read and checked: at most as many as the budget
/// makes, pair-updates rising from 0, losses finite and not negative, BLEU
/// between 0 and 100, and `best` the check the budget keeps (the first of
/// the lowest loss under the rule, of the highest BLEU over epochs).
fn checked_checks(doc: &Value, c: &RealConfig) -> Result<(Vec<Check>, usize), String> {
    let list = doc["checks"].as_array().ok_or_else(|| T::CHECKS_NOT_LIST.get().to_string())?;
    let checks: Vec<Check> =
        list.iter().map(check_from).collect::<Option<_>>().ok_or_else(|| T::CHECK_FIELDS.get().to_string())?;
    let most = most_checks(c);
    if checks.is_empty() || checks.len() > most {
        return Err(T::CHECKS_COUNT.fill(&[("n", &checks.len()), ("most", &most)]));
    }
    if checks[0].pairs != 0 || checks.windows(2).any(|w| w[1].pairs <= w[0].pairs) {
        return Err(T::CHECKS_NOT_RISING.get().into());
    }
    if let Some(x) = checks.iter().map(|k| k.bleu).find(|x| !(0.0..=100.0).contains(x)) {
        return Err(T::CHECK_BLEU.fill(&[("x", &x.to_string())]));
    }
    if let Some(x) = checks.iter().map(|k| k.loss).find(|x| !x.is_finite() || *x < 0.0) {
        return Err(T::CHECK_LOSS.fill(&[("x", &x.to_string())]));
    }
    let best = doc["best_check"]
        .as_u64()
        .map(|b| b as usize)
        .filter(|&b| b < checks.len())
        .ok_or_else(|| T::BEST_NOT_MADE.get().to_string())?;
    let chosen = match c.run.budget {
        Budget::Rule(_) => (0..checks.len()).fold(0, |b, i| if checks[i].loss < checks[b].loss { i } else { b }),
        Budget::Epochs(_) => (0..checks.len()).fold(0, |b, i| if checks[i].bleu > checks[b].bleu { i } else { b }),
    };
    if chosen != best {
        return Err(T::BEST_OTHER.fill(&[("best", &best), ("chosen", &chosen)]));
    }
    Ok((checks, best))
}

/// The model kept at `path`, None if there is none; a file of another
/// corpus, config or shape is an error that says how to make it again.
pub fn load(path: &Path, digest: &str, c: &RealConfig, seed: u64, like: &Params) -> Result<Option<Kept>, String> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(None);
    }
    let shown = crate::layout::visible::visible(&path.display().to_string());
    let again = T::KEPT_AGAIN.fill(&[("path", &shown)]);
    let refuse = |why: String| T::KEPT_REFUSED.fill(&[("path", &shown), ("why", &why), ("again", &again)]);
    let (bytes, values) = most(like, c);
    let text = read_capped(path, bytes).map_err(|e| refuse(crate::layout::visible::visible(&e)))?;
    let n = count_values(&text);
    if n > values {
        return Err(refuse(T::KEPT_TOO_MANY_VALUES.fill(&[("n", &n), ("most", &values)])));
    }
    let doc: Value =
        serde_json::from_str(&text).map_err(|e| refuse(T::KEPT_NOT_JSON.fill(&[("error", &e.to_string())])))?;
    if doc["format"] != FORMAT {
        return Err(refuse(T::KEPT_NOT_FORMAT.fill(&[("format", &FORMAT)])));
    }
    if doc["sha256"] != json!(doc_digest(&doc)) {
        return Err(refuse(T::KEPT_CHANGED.get().into()));
    }
    if doc["corpus_sha256"] != json!(digest) {
        return Err(T::KEPT_OTHER_CORPUS.fill(&[("path", &shown), ("again", &again)]));
    }
    if doc["config"] != record(c, seed) {
        return Err(T::KEPT_OTHER_CONFIG.fill(&[("path", &shown), ("again", &again)]));
    }
    let mut params = like.clone();
    for (name, m) in params.named_mut() {
        let data: Option<Vec<f64>> =
            doc["params"][name]["data"].as_array().and_then(|a| a.iter().map(Value::as_f64).collect());
        match data {
            Some(d) if d.len() == m.len() && doc["params"][name]["shape"] == json!([m.nrows(), m.ncols()]) => {
                if let Some(x) = d.iter().find(|x| !x.is_finite() || x.abs() > MAX_WEIGHT) {
                    let (x, most) = (format!("{x:e}"), format!("{MAX_WEIGHT:e}"));
                    return Err(refuse(T::KEPT_WEIGHT_BEYOND.fill(&[("name", &name), ("x", &x), ("most", &most)])));
                }
                *m = crate::model::Mat::from_row_slice(m.nrows(), m.ncols(), &d)
            }
            _ => {
                let (rows, cols) = (m.nrows(), m.ncols());
                let args: [(&str, &dyn crate::text::Arg); 5] =
                    [("path", &shown), ("name", &name), ("rows", &rows), ("cols", &cols), ("again", &again)];
                return Err(T::KEPT_NO_PARAM.fill(&args));
            }
        }
    }
    let (checks, best) = checked_checks(&doc, c).map_err(refuse)?;
    Ok(Some(Kept { params, checks, best }))
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

/// How [`obtain`] came by its model.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Read from the corpus folder.
    Kept,
    /// Trained now and kept.
    Trained,
    /// Trained now, but it could not be kept (why): it lives only in the session.
    NotKept(String),
}

/// The kept model of `seed`, or, when there is none, the model trained now
/// (counting pairs into `done`) and kept. A model that cannot be kept (a
/// full disk) is still returned, never thrown away, with why.
pub fn obtain(
    dir: &Path,
    l: &Loaded,
    (c, seed): (&RealConfig, u64),
    stop: &(dyn Fn() -> bool + Sync),
    done: &AtomicUsize,
) -> Result<(Kept, Source), String> {
    let like = Params::init(c.dims, l.corpus.source.len(), l.corpus.target.len(), seed);
    let path = kept_path(dir, seed);
    if let Some(k) = load(&path, &l.digest, c, seed, &like)? {
        return Ok((k, Source::Kept));
    }
    let k = train_search(c, seed, &l.corpus, stop, done).map_err(|e| match e {
        RunError::Interrupted => T::TRAINING_STOPPED.get().to_string(),
        RunError::NonFinite { pairs, .. } => T::TRAINING_DIVERGED.fill(&[("pairs", &pairs)]),
    })?;
    let source = match save(&path, &k, &l.digest, c, seed) {
        Ok(()) => Source::Trained,
        Err(e) => Source::NotKept(e),
    };
    Ok((k, source))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::toy;
    use crate::experiments::runner::RunSpec;

    fn tiny() -> RealConfig {
        let run = RunSpec { budget: Budget::Epochs(1), ..RealConfig::QUICK.run };
        RealConfig { n_train: 12, n_held_out: 4, run, ..RealConfig::QUICK }
    }

    #[test]
    fn a_kept_model_loads_back_bit_for_bit_and_another_corpus_or_config_is_refused() {
        let corpus = toy::generate(3, 12, 4);
        let c = tiny();
        let k = train_search(&c, 1, &corpus, &|| false, &AtomicUsize::new(0)).unwrap();
        assert_eq!(k.checks.len(), 2, "one epoch: a check before and one after");
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

    #[test]
    fn a_kept_model_changed_crafted_or_huge_is_refused_in_one_line() {
        let corpus = toy::generate(3, 12, 4);
        let c = tiny();
        let k = train_search(&c, 1, &corpus, &|| false, &AtomicUsize::new(0)).unwrap();
        let dir = std::env::temp_dir().join(format!("bahdanau-kept-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = kept_path(&dir, 1);
        let like = Params::init(c.dims, corpus.source.len(), corpus.target.len(), 0);
        save(&path, &k, "abc", &c, 1).unwrap();
        let written: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let refused = |doc: &Value, sign: bool| {
            let mut doc = doc.clone();
            if sign {
                doc["sha256"] = json!(doc_digest(&doc)); // as a forger who knows the rule would
            }
            std::fs::write(&path, serde_json::to_string(&doc).unwrap()).unwrap();
            let e = load(&path, "abc", &c, 1, &like).unwrap_err();
            assert!(e.contains(&path.display().to_string()) && e.contains("delete") && !e.contains('\n'), "{e}");
            e
        };
        let mut one = written.clone();
        one["params"]["W_a"]["data"][0] = json!(123.0);
        assert!(refused(&one, false).contains("changed since it was written"));
        let mut huge = written.clone();
        let n = huge["params"]["W_a"]["data"].as_array().unwrap().len();
        huge["params"]["W_a"]["data"] = json!(vec![1e308; n]);
        assert!(refused(&huge, true).contains("beyond the ±1e4 training gives"));
        let mut high = written.clone();
        high["checks"][0]["bleu"] = json!(101.0);
        assert!(refused(&high, true).contains("BLEU lies between 0 and 100"));
        let mut best = written.clone();
        let n = best["checks"].as_array().unwrap().len();
        for k in 0..n {
            best["checks"][k]["loss"] = json!(2.0);
            best["checks"][k]["bleu"] = json!(9.0);
        }
        best["best_check"] = json!(n - 1);
        assert!(refused(&best, true).contains("keeps check 0"), "every check alike: the first is kept");
        let mut order = written.clone();
        order["checks"][0]["pairs"] = json!(5);
        assert!(refused(&order, true).contains("do not rise from 0"));
        // A 64 MiB list of zeros is refused by its size, before any of it is parsed.
        std::fs::write(&path, format!("[{}0]", "0,".repeat(32 << 20))).unwrap();
        assert!(load(&path, "abc", &c, 1, &like).unwrap_err().contains("is larger than"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Trains the REPL's model where the corpus is built (about 15 minutes
    /// on one core), keeps it there, and checks that it is the report's run
    /// of seed 2014: the same held-out BLEU after every epoch as
    /// `results/real.json`, and the same translations of its examples. `cargo test --lib kept -- --ignored`
    #[test]
    #[ignore]
    fn the_repl_model_is_the_reports_first_seed() {
        let dir = store::corpus_dir().unwrap();
        let c = RealConfig::FULL;
        let l = load_corpus(&dir, &c).unwrap();
        let (k, _) = obtain(&dir, &l, (&c, SEED), &|| false, &AtomicUsize::new(0)).unwrap();
        let v = super::super::summary::committed().unwrap();
        let run = v.across("RNNsearch").find(|r| r.seed == SEED).unwrap();
        assert_eq!((&k.checks, k.best), (&run.model.checks, run.model.best));
        let model = c.search(&l.corpus);
        for ex in &v.examples {
            let pair = &l.corpus.test[ex.index];
            let said = crate::experiments::runner::translate_all(&model, &k.params, std::slice::from_ref(pair));
            let want = ex.said("RNNsearch").and_then(|s| s.greedy.as_ref());
            assert_eq!(Some(&said[0]), want, "the report's translation of this sentence");
        }
    }
}
