//! Each score trained for the walkthrough's views: dot, general and scaled
//! dot, each the attention of its own RNNsearch at the walkthrough's sizes,
//! trained with the walkthrough's recipe ([`TrainConfig::DEFAULT`]: its seed,
//! toy corpus, epochs, batch and learning rate), keeping the epoch with the
//! best held-out BLEU. Concat needs no training of its own: with
//! W_c = [W_a, U_a] it is the walkthrough's trained additive model.
//! The weights are committed in `src/experiments/results/walk-scores.json`
//! and a test retrains them and compares bit for bit.

use std::sync::OnceLock;
use std::sync::atomic::AtomicUsize;

use serde_json::Value;

use super::models::ScoredSearch;
use super::runner::{Budget, Model, RunError, RunSpec, train};
use crate::corpus::toy::generate;
use crate::model::ParamSet;
use crate::model::scored::{ScoreSpec, ScoredParams};
use crate::model::scores::ScoreKind;
use crate::train::TrainConfig;
use crate::train::trained::{rows_from, rows_json};

pub const FORMAT: &str = "bahdanau-walk-scores/1";
/// The committed weights, read at compile time.
pub const COMMITTED: &str = include_str!("results/walk-scores.json");
/// The kinds trained here, in the file's order.
pub const KINDS: [ScoreKind; 3] = [ScoreKind::Dot, ScoreKind::General, ScoreKind::Scaled];

/// The walkthrough's recipe as the runner's.
pub fn run_spec(c: &TrainConfig) -> RunSpec {
    RunSpec {
        init_seed: c.init_seed,
        order_seed: c.order_seed,
        budget: Budget::Epochs(c.epochs), // the walkthrough's recipe: every epoch
        batch: c.batch,
        lr: c.lr,
        clip: c.clip,
    }
}

/// A score model trained one equation at a time, as the walkthrough's own
/// additive model is (the experiments train on the fast path).
struct Readable(ScoredSearch);

impl Model for Readable {
    type P = ScoredParams;
    fn name(&self) -> String {
        self.0.name()
    }
    fn init(&self, seed: u64) -> ScoredParams {
        self.0.init(seed)
    }
    fn loss_and_backward(&self, p: &ScoredParams, s: &[usize], t: &[usize], bos: usize, g: &mut ScoredParams) -> f64 {
        crate::train::scored_grad::readable_loss_and_backward(p, s, t, bos, g)
    }
    fn translate(&self, p: &ScoredParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
        crate::decode::greedy_decode_scored_readable(p, source, bos, eos, max_len)
    }
}

/// Trains every kind of [`KINDS`] with `c`, two at a time.
pub fn train_all(c: &TrainConfig) -> Result<Vec<(ScoredParams, usize)>, RunError> {
    let corpus = generate(c.corpus_seed, c.n_train, c.n_held_out);
    let (spec, splits) = (run_spec(c), (corpus.train.as_slice(), corpus.held_out.as_slice()));
    type Job<'a> = Box<dyn FnOnce() -> Result<(ScoredParams, usize), RunError> + Send + 'a>;
    let jobs: Vec<Job> = KINDS
        .iter()
        .map(|&kind| -> Job {
            let spec = &spec;
            Box::new(move || {
                let model = Readable(ScoredSearch { dims: c.dims, spec: ScoreSpec { kind, d_k: None } });
                let t = train(&model, spec, splits, &|| false, &AtomicUsize::new(0))?;
                Ok((t.params, t.best))
            })
        })
        .collect();
    super::runner::in_parallel(jobs, 2).into_iter().collect()
}

/// The trained weights as JSON, one line per matrix row.
pub fn to_json(c: &TrainConfig, trained: &[(ScoredParams, usize)]) -> String {
    let mut out =
        format!("{{\n  \"format\": \"{FORMAT}\",\n  \"epochs\": {}, \"init_seed\": {},\n", c.epochs, c.init_seed);
    out += "  \"models\": [\n";
    for (k, (p, best)) in trained.iter().enumerate() {
        out += &format!("    {{ \"kind\": \"{}\", \"best_epoch\": {best}, \"params\": {{\n", p.spec.kind.name());
        let named = p.named();
        for (j, (name, m)) in named.iter().enumerate() {
            let comma = if j + 1 < named.len() { "," } else { "" };
            out += &format!("      \"{name}\": [\n{}\n      ]{comma}\n", rows_json(m, "        "));
        }
        out += &format!("    }} }}{}\n", if k + 1 < trained.len() { "," } else { "" });
    }
    out + "  ]\n}\n"
}

/// Reads weights written by [`to_json`] for the walkthrough's sizes.
pub fn from_json(text: &str, c: &TrainConfig) -> Result<Vec<ScoredParams>, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("the score weights are not JSON: {e}"))?;
    if doc["format"] != FORMAT {
        return Err(format!("the score weights are not in format {FORMAT}"));
    }
    let models = doc["models"].as_array().ok_or("the score weights list no models")?;
    let mut out = Vec::new();
    for (kind, m) in KINDS.iter().zip(models) {
        let model = ScoredSearch { dims: c.dims, spec: ScoreSpec { kind: *kind, d_k: None } };
        let mut p = model.init(c.init_seed);
        for (name, w) in p.named_mut() {
            rows_from(&m["params"][name], w, &format!("{} parameter {name}", kind.name()))?;
        }
        out.push(p);
    }
    Ok(out)
}

/// The committed weights of dot, general and scaled (empty if unreadable; a test keeps them readable).
pub fn committed() -> &'static [ScoredParams] {
    static WEIGHTS: OnceLock<Vec<ScoredParams>> = OnceLock::new();
    WEIGHTS.get_or_init(|| from_json(COMMITTED, &TrainConfig::DEFAULT).unwrap_or_default())
}
