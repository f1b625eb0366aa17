//! The paper's Figure 2 in miniature: RNNencdec and RNNsearch trained the
//! same way on the length-graded corpus, then BLEU on the test split by
//! source length. One fixed vector has to carry the whole sentence in the
//! first model; the second reads the annotations again at every word.

use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use super::beam::{Beamed, DECODES, ModelBeam, beam_all};
use super::model_result::{ModelResult, model_result, source_lengths, timed};
use super::models::{RnnEncDec, RnnSearch};
use super::runner::{Budget, Rule, RunError, RunSpec, in_parallel, references, sentence};
use super::score::{Buckets, score_by_length};
use crate::corpus::Pair;
use crate::corpus::graded::{self, CorpusSpec, bucket_count, bucket_of, words};
use crate::model::{Dims, Mat};
use crate::vocab::{BOS, Vocab};
use crate::walkthrough::trace::Trace;

/// The seeds of the committed results, fixed before any run was made.
pub const SEEDS: [u64; 5] = [1, 2, 3, 4, 5];

/// The smoke test's rule: a check every 20 pairs, a plateau after 4, a cap of 80.
const SMOKE_RULE: Rule = Rule { check_every: 20, patience: 2, halvings: 1, cap: 80, ..Rule::TOY };

/// Everything that decides the experiment's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BottleneckConfig {
    /// Shared by both models where the sizes correspond (n' is RNNsearch's alone).
    pub dims: Dims,
    pub corpus: CorpusSpec,
    /// The budget and stopping rule; its seeds are replaced by each of `seeds`.
    pub run: RunSpec,
    /// Every model trains once per seed k (initialisation and data order, see
    /// [`RunSpec::seeded`]); the corpus stays the same.
    pub seeds: &'static [u64],
}

impl BottleneckConfig {
    pub const DEFAULT: BottleneckConfig = BottleneckConfig {
        dims: Dims { m: 16, n: 32, n_a: 32, l: 16 },
        corpus: CorpusSpec { seed: 11, n_train: 2000, held_out_per_bucket: 10, test_per_bucket: 50 },
        run: RunSpec { init_seed: 0, order_seed: 0, budget: Budget::Rule(Rule::TOY), batch: 4, lr: 0.01, clip: 5.0 },
        seeds: &SEEDS,
    };

    /// A few seconds in a debug build: the whole pipeline on a tiny budget.
    pub const SMOKE: BottleneckConfig = BottleneckConfig {
        dims: Dims { m: 4, n: 6, n_a: 6, l: 3 },
        corpus: CorpusSpec { seed: 5, n_train: 40, held_out_per_bucket: 1, test_per_bucket: 2 },
        run: RunSpec { init_seed: 0, order_seed: 0, budget: Budget::Rule(SMOKE_RULE), batch: 4, lr: 0.01, clip: 5.0 },
        seeds: &[1, 2],
    };
}

/// One long test sentence: its words and the reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    pub index: usize,
    pub source: Vec<String>,
    pub reference: Vec<String>,
}

/// Both models trained from one seed.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedRun {
    pub seed: u64,
    pub models: Vec<ModelResult>, // RNNsearch, then RNNencdec
    /// RNNsearch's α over the example's reference (teacher-forced), (T_y, T_x), <eos> included.
    pub alignment: Mat,
    /// Each model's beam decoding, in the order of `models`.
    pub beam: Vec<ModelBeam>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BottleneckResults {
    pub config: BottleneckConfig,
    pub sources: Vec<String>,
    pub references: Vec<String>,
    /// One run per seed, in the order the seeds were given.
    pub runs: Vec<SeedRun>,
    pub example: Example,
    /// Wall time of the training (every model, two at a time) and of the
    /// beam decoding after it, in seconds (printed, never compared).
    pub train_secs: f64,
    pub beam_secs: f64,
}

/// The first test sentence of the longest bucket (a fixed rule, not a choice).
pub fn example_index(test: &[Pair]) -> usize {
    test.iter().position(|p| bucket_of(words(p)) == bucket_count() - 1).unwrap_or(0)
}

/// How many training pairs a run over `seeds` goes through at the cap.
pub fn total_pairs(config: &BottleneckConfig, seeds: &[u64]) -> usize {
    2 * seeds.len() * config.run.cap(config.corpus.n_train)
}

/// How many sentences a run over `seeds` goes through at the cap, for a
/// progress bar: every training pair of every epoch, then every test
/// sentence decoded by each model [`DECODES`] times (K = 1, 5 and 10).
pub fn total_sentences(config: &BottleneckConfig, seeds: &[u64]) -> usize {
    let test = config.corpus.test_per_bucket * bucket_count();
    total_pairs(config, seeds) + 2 * seeds.len() * DECODES * test
}

/// Trains both models once per seed, two at a time on two threads, and
/// scores them. `pairs_done` counts training pairs as they finish, then the
/// test sentences the beam decodes (for a progress bar).
pub fn run(
    config: &BottleneckConfig,
    seeds: &[u64],
    stop: &(dyn Fn() -> bool + Sync),
    pairs_done: &AtomicUsize,
) -> Result<BottleneckResults, RunError> {
    let corpus = graded::generate(config.corpus);
    let (search, encdec) = (RnnSearch::toy(config.dims), RnnEncDec::toy(config.dims));
    let splits = (corpus.train.as_slice(), corpus.held_out.as_slice());
    let refs = references(&corpus.test);
    let test = corpus.test.as_slice();
    let index = example_index(test);
    let bos = Vocab::target().id(BOS).unwrap_or(0);
    // Training first, every model two at a time; then the beam decoding of
    // each trained model, timed apart.
    type BeamJob<'a> = Box<dyn FnOnce() -> Result<ModelBeam, RunError> + Send + 'a>;
    type Job<'a> = Box<dyn FnOnce() -> Result<(ModelResult, Option<Mat>, BeamJob<'a>), RunError> + Send + 'a>;
    type Stop<'a> = &'a (dyn Fn() -> bool + Sync);
    fn then_beam<'a, M: Beamed>(
        m: &'a M,
        p: M::P,
        split: (&'a [Pair], &'a [String]),
        greedy: Vec<String>,
        (stop, done): (Stop<'a>, &'a AtomicUsize),
    ) -> BeamJob<'a>
    where
        M::P: 'a,
    {
        Box::new(move || {
            let lengths = source_lengths(split.0);
            let score = |t: &[String]| score_by_length(Buckets::toy(), &lengths, t, split.1);
            beam_all(m, &p, (split.0, &greedy), &score, (stop, done))
        })
    }
    let (rs, re, refs_ref) = (&search, &encdec, &refs);
    let mut jobs: Vec<Job> = Vec::new();
    for &seed in seeds {
        let spec = config.run.seeded(seed);
        jobs.push(Box::new(move || {
            let trained = timed(rs, &spec, splits, stop, pairs_done)?;
            let pair = &test[index];
            let alignment = Trace::record(&trained.0.params, &pair.source, &pair.target, bos).alignment();
            let params = trained.0.params.clone();
            let result = model_result(rs, trained, (test, refs_ref), Buckets::toy());
            let beam = then_beam(rs, params, (test, refs_ref), result.translations.clone(), (stop, pairs_done));
            Ok((result, Some(alignment), beam))
        }));
        jobs.push(Box::new(move || {
            let trained = timed(re, &spec, splits, stop, pairs_done)?;
            let params = trained.0.params.clone();
            let result = model_result(re, trained, (test, refs_ref), Buckets::toy());
            let beam = then_beam(re, params, (test, refs_ref), result.translations.clone(), (stop, pairs_done));
            Ok((result, None, beam))
        }));
    }
    let start = Instant::now();
    let done = in_parallel(jobs, 2).into_iter().collect::<Result<Vec<_>, _>>()?;
    let train_secs = start.elapsed().as_secs_f64();
    let (mut trained, mut beam_jobs): (Vec<(ModelResult, Option<Mat>)>, Vec<BeamJob>) = (Vec::new(), Vec::new());
    for (result, alignment, beam) in done {
        trained.push((result, alignment));
        beam_jobs.push(beam);
    }
    let start = Instant::now();
    let beams = in_parallel(beam_jobs, 2).into_iter().collect::<Result<Vec<_>, _>>()?;
    let beam_secs = start.elapsed().as_secs_f64();
    let mut runs: Vec<SeedRun> = Vec::new();
    for ((&seed, pair), beam) in seeds.iter().zip(trained.chunks(2)).zip(beams.chunks(2)) {
        let alignment = pair.iter().find_map(|(_, a)| a.clone()).unwrap_or_else(|| Mat::zeros(0, 0));
        let models = pair.iter().map(|(m, _)| m.clone()).collect();
        runs.push(SeedRun { seed, models, alignment, beam: beam.to_vec() });
    }
    let (sv, tv) = (Vocab::source(), Vocab::target());
    let sources: Vec<String> = corpus.test.iter().map(|p| sentence(&sv, &p.source)).collect();
    let tokens = |v: &Vocab, ids: &[usize]| ids.iter().map(|&i| v.token(i).to_string()).collect();
    let pair = &corpus.test[index];
    let example = Example { index, source: tokens(&sv, &pair.source), reference: tokens(&tv, &pair.target) };
    Ok(BottleneckResults { config: *config, sources, references: refs, runs, example, train_secs, beam_secs })
}
