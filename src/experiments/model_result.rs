//! One trained model's result, the same in every experiment: its size, how
//! its training went, its scores by length on the test split and its greedy
//! translations. An experiment keeps beside it only what is its own.

use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use super::runner::{Check, End, Model, RunError, RunSpec, Trained, train, translate_all};
use super::score::{Buckets, Score, score_by_length};
use crate::corpus::Pair;
use crate::model::ParamSet;

/// One model's result: its size, training and scores by length bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelResult {
    pub name: String,
    pub parameters: usize,
    /// Every check of training (index 0: before it), the one kept, and why it ended.
    pub checks: Vec<Check>,
    pub best: usize,
    pub end: End,
    pub buckets: Vec<Score>,
    pub overall: Score,
    /// Greedy translations of the test split, in its order.
    pub translations: Vec<String>,
    /// Wall time of its training, in seconds (printed, never compared).
    pub train_secs: f64,
}

/// A trained model scored on the test split `(pairs, references)`, by
/// length in the buckets of `rule`.
pub fn model_result<M: Model>(
    model: &M,
    (trained, train_secs): (Trained<M::P>, f64),
    (test, refs): (&[Pair], &[String]),
    rule: Buckets,
) -> ModelResult {
    let translations = translate_all(model, &trained.params, test);
    let (buckets, overall) = score_by_length(rule, &source_lengths(test), &translations, refs);
    ModelResult {
        name: model.name(),
        parameters: trained.params.count(),
        checks: trained.checks,
        best: trained.best,
        end: trained.end,
        buckets,
        overall,
        translations,
        train_secs,
    }
}

/// The source length of every pair, in words (`<eos>` not counted).
pub fn source_lengths(pairs: &[Pair]) -> Vec<usize> {
    pairs.iter().map(Pair::source_words).collect()
}

/// Trains `model` with `run` and times it.
pub fn timed<M: Model>(
    model: &M,
    run: &RunSpec,
    splits: (&[Pair], &[Pair]),
    stop: &(dyn Fn() -> bool + Sync),
    pairs_done: &AtomicUsize,
) -> Result<(Trained<M::P>, f64), RunError> {
    let start = Instant::now();
    let trained = train(model, run, splits, stop, pairs_done)?;
    Ok((trained, start.elapsed().as_secs_f64()))
}
