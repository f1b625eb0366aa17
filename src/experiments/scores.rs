//! Which score works best? Additive, dot, general and scaled dot, each the
//! attention of an otherwise identical RNNsearch, trained on the bottleneck
//! experiment's corpus with its seed and budget; then BLEU by length, when the
//! alignment forms, how peaked α ends, and the √d_k sweep of dot against
//! scaled dot.

use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use super::bottleneck::BottleneckConfig;
use super::model_result::{ModelResult, model_result};
use super::models::{RnnSearch, ScoredSearch};
use super::runner::{Model, RunError, RunSpec, in_parallel, references, sentence, train_observed};
use super::score::Buckets;
use super::sweep::{SweepConfig, SweepRow, sweep_jobs};
use crate::corpus::Pair;
use crate::corpus::toy::{is_content_word, reference_alignment};
use crate::corpus::{ParallelCorpus, graded};
use crate::model::diagnostics::entropy;
use crate::model::scored::ScoreSpec;
use crate::model::scores::ScoreKind;
use crate::vocab::{BOS, Vocab};

/// Everything that decides the experiment's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoresConfig {
    /// The bottleneck experiment's dims, corpus and budget, unchanged.
    pub base: BottleneckConfig,
    pub sweep: SweepConfig,
    /// The seeds of the committed results: the bottleneck's five.
    pub seeds: &'static [u64],
}

impl ScoresConfig {
    pub const DEFAULT: ScoresConfig =
        ScoresConfig { base: BottleneckConfig::DEFAULT, sweep: SweepConfig::DEFAULT, seeds: &super::bottleneck::SEEDS };
    pub const SMOKE: ScoresConfig =
        ScoresConfig { base: BottleneckConfig::SMOKE, sweep: SweepConfig::SMOKE, seeds: BottleneckConfig::SMOKE.seeds };
}

/// The scores trained side by side, in the table's order.
pub const KINDS: [ScoreKind; 4] = [ScoreKind::Additive, ScoreKind::Dot, ScoreKind::General, ScoreKind::Scaled];

/// The alignment has formed once the held-out alignment accuracy comes within
/// this of where training leaves it (a share, so 0.05 is 5 points).
pub const FORMED: f64 = 0.05;
/// How often, in training pairs, the held-out alignment is measured.
pub const WATCH_EVERY: usize = 500;

/// One score's result: the bottleneck's per-length scores and the alignment's story.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreResult {
    pub model: ModelResult,
    /// (training pairs seen, held-out alignment accuracy), every [`WATCH_EVERY`] pairs from 0.
    pub held_out_accuracy: Vec<(usize, f64)>,
    /// Training pairs seen when the held-out accuracy first came within [`FORMED`] of its last value.
    pub formed_after: Option<usize>,
    /// Mean H(α_t) in nats over every row of the test split, teacher-forced.
    pub test_entropy: f64,
    /// Share of the test split's target words whose α peaks on the reference word.
    pub test_accuracy: f64,
}

/// Every score and the sweep, trained from one seed.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoresSeedRun {
    pub seed: u64,
    pub scores: Vec<ScoreResult>,
    pub sweep: Vec<SweepRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ScoresResults {
    pub config: ScoresConfig,
    pub sources: Vec<String>,
    pub references: Vec<String>,
    /// One run per seed, in the order the seeds were given.
    pub runs: Vec<ScoresSeedRun>,
    /// Wall time of the trainings and of the sweeps, in seconds (printed, never compared).
    pub secs: (f64, f64),
}

/// (alignment accuracy, mean α entropy) of `model` over `pairs`, teacher-forced.
/// A noun or adjective is aligned when its α peaks on the source word it
/// translates; determiners (whose gender is the noun's), "et" and <eos> are
/// not counted, since a model may rightly look elsewhere for them. The
/// entropy is over every row.
/// With `fast`, α comes from the fast path ([`Model::fast_alignment`]), the
/// same to rounding (1e-12 in tests/fast_path.rs): the watch during training
/// asks only where each row peaks, which rounding changes only at a tie
/// (the report's rerun bar would show it). The trained model's accuracy
/// and entropy come from the readable path.
pub fn alignment_quality<M: Model>(model: &M, p: &M::P, pairs: &[Pair], fast: bool) -> (f64, f64) {
    let (sv, bos) = (Vocab::source(), Vocab::target().id(BOS).unwrap_or(0));
    let tv = Vocab::target();
    let (mut hits, mut content, mut rows, mut h_sum) = (0usize, 0usize, 0usize, 0.0);
    for pair in pairs {
        let (source, target) = (pair.source.as_slice(), pair.target.as_slice());
        let a =
            if fast { model.fast_alignment(p, source, target, bos) } else { model.alignment(p, source, target, bos) };
        let Some(a) = a else { continue };
        let en: Vec<&str> = pair.source[..pair.source.len() - 1].iter().map(|&i| sv.token(i)).collect();
        let reference = reference_alignment(&en).unwrap_or_default();
        for (t, row) in a.row_iter().enumerate() {
            h_sum += entropy(&row.transpose());
            rows += 1;
            if is_content_word(tv.token(pair.target[t])) {
                hits += usize::from(reference.get(t) == Some(&row.transpose().argmax().0));
                content += 1;
            }
        }
    }
    (hits as f64 / content.max(1) as f64, h_sum / rows.max(1) as f64)
}

/// Trains one score's model, watching its held-out alignment after every epoch.
fn one<M: Model>(
    model: &M,
    name: &str,
    run: &RunSpec,
    corpus: &ParallelCorpus,
    (stop, done): (&(dyn Fn() -> bool + Sync), &AtomicUsize),
) -> Result<ScoreResult, RunError> {
    let held_out = corpus.held_out.as_slice();
    let mut accuracy = Vec::new();
    let start = Instant::now();
    let splits = (corpus.train.as_slice(), held_out);
    let mut watch = |seen: usize, p: &M::P| accuracy.push((seen, alignment_quality(model, p, held_out, true).0));
    let trained = train_observed(model, run, splits, stop, done, (WATCH_EVERY, &mut watch))?;
    let secs = start.elapsed().as_secs_f64();
    let (test_accuracy, test_entropy) = alignment_quality(model, &trained.params, &corpus.test, false);
    let mut result = model_result(model, (trained, secs), (&corpus.test, &references(&corpus.test)), Buckets::toy());
    result.name = name.to_string();
    let last = accuracy.last().map_or(0.0, |p| p.1);
    let formed_after = accuracy.iter().find(|(_, a)| *a >= last - FORMED).map(|(seen, _)| *seen);
    Ok(ScoreResult { model: result, held_out_accuracy: accuracy, formed_after, test_entropy, test_accuracy })
}

/// How many training pairs the four models and the sweep go through over
/// `seeds`, at the cap (for a progress bar).
pub fn total_pairs(c: &ScoresConfig, seeds: &[u64]) -> usize {
    seeds.len() * (KINDS.len() * c.base.run.cap(c.base.corpus.n_train) + c.sweep.total_pairs())
}

/// Trains the four scores once per seed, two at a time, then runs the √d_k
/// sweep once per seed.
pub fn run(
    c: &ScoresConfig,
    seeds: &[u64],
    stop: &(dyn Fn() -> bool + Sync),
    done: &AtomicUsize,
) -> Result<ScoresResults, RunError> {
    let corpus = graded::generate(c.base.corpus);
    let dims = c.base.dims;
    let start = Instant::now();
    let cr = &corpus;
    type Job<'a> = Box<dyn FnOnce() -> Result<ScoreResult, RunError> + Send + 'a>;
    let mut jobs: Vec<Job> = Vec::new();
    for &seed in seeds {
        let run = c.base.run.seeded(seed);
        for kind in KINDS {
            jobs.push(Box::new(move || match kind {
                ScoreKind::Additive => one(&RnnSearch::toy(dims), kind.name(), &run, cr, (stop, done)),
                _ => one(
                    &ScoredSearch { dims, spec: ScoreSpec { kind, d_k: None } },
                    kind.name(),
                    &run,
                    cr,
                    (stop, done),
                ),
            }));
        }
    }
    let scores = in_parallel(jobs, 2).into_iter().collect::<Result<Vec<_>, _>>()?;
    let trained_secs = start.elapsed().as_secs_f64();
    let sweep_start = Instant::now();
    let sweeps =
        seeds.iter().flat_map(|&k| sweep_jobs((c.base.dims, c.sweep, c.base.run), cr, k, (stop, done))).collect();
    let rows = in_parallel(sweeps, 2).into_iter().collect::<Result<Vec<_>, _>>()?;
    let per_seed = 2 * c.sweep.d_ks.len();
    let runs = seeds
        .iter()
        .zip(scores.chunks(KINDS.len()))
        .zip(rows.chunks(per_seed.max(1)))
        .map(|((&seed, scores), sweep)| ScoresSeedRun { seed, scores: scores.to_vec(), sweep: sweep.to_vec() })
        .collect();
    let sv = Vocab::source();
    Ok(ScoresResults {
        config: *c,
        sources: corpus.test.iter().map(|p| sentence(&sv, &p.source)).collect(),
        references: references(&corpus.test),
        runs,
        secs: (trained_secs, sweep_start.elapsed().as_secs_f64()),
    })
}
