//! Training every (seed, model) run on two threads and scoring it on the
//! test split, bucket by bucket, against the real reference tokens (a word
//! outside the shortlist that the model writes as `<unk>` never matches).

use std::sync::atomic::AtomicUsize;

use super::RealConfig;
use super::kept::Kept;
use super::unk::{UnkReplaced, replaced};
use crate::corpus::ParallelCorpus;
use crate::corpus::real::build::TokenPair;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::{UNK, parallel};
use crate::experiments::beam::{Beamed, DECODES, ModelBeam, beam_all};
use crate::experiments::model_result::{ModelResult, model_result, timed};
use crate::experiments::runner::{RunError, Trained, in_parallel};
use crate::experiments::score::{Buckets, Score, score_by_length};
use crate::model::encdec::EncDecParams;
use crate::model::{Mat, Params};
use crate::vocab::{BOS, Vocab};

/// One trained run, scored: the result every experiment keeps, and what
/// this one adds.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// Its name, size, training, scores by length (the real buckets) and greedy translations.
    pub result: ModelResult,
    pub seed: u64,
    /// Training pairs per second of this run (two runs at a time, each on two threads).
    pub pairs_per_sec: f64,
    /// RNNsearch's α over the examples' references (teacher-forced).
    pub alignments: Vec<Mat>,
    /// The same model's beam search of the test split, K = 1, 5 and 10.
    pub beam: ModelBeam,
    /// Greedy's translations with every `<unk>` replaced through α (RNNsearch only).
    pub unk: Option<UnkReplaced>,
    /// RNNsearch of the config's first seed: its weights, for the REPL's
    /// `corpus real` to load without training.
    pub kept: Option<Kept>,
}

/// What a run keeps of its training beyond its scores.
type Keep<'a, P> = &'a (dyn Fn(&Trained<P>) -> Option<Kept> + Sync);

#[derive(Clone, Debug, PartialEq)]
pub struct RealResults {
    pub config: RealConfig,
    /// Buckets 0 … measured − 1 hold at least 50 test sentences.
    pub measured: usize,
    pub counts: (usize, usize, usize),
    pub shortlists: (usize, usize),
    pub copy: (Vec<Score>, Score),
    pub runs: Vec<RunResult>,
    /// The test sentences shown (indices by [`example_indices`]), source and reference tokens.
    pub examples: Vec<(usize, Vec<String>, Vec<String>)>,
    pub sources: Vec<String>,
    pub references: Vec<String>,
}

/// BLEU and exact matches of `hyps` in every bucket of `test`, and overall.
pub fn score(test: &[TokenPair], hyps: &[String], refs: &[String]) -> (Vec<Score>, Score) {
    let lengths: Vec<usize> = test.iter().map(|p| p.0.len()).collect();
    score_by_length(Buckets::REAL, &lengths, hyps, refs)
}

// ANCHOR: examples
/// The examples, a rule fixed before any run: the first four test sentences
/// of 8 to 15 source words whose words are all in both shortlists and whose
/// reference holds a *de* construction (the token `de`, `du` or `des`).
pub fn example_indices(
    test: &ParallelCorpus, // the test split's ids
    splits: &TokenSplits,  // its tokens
) -> Vec<usize> {
    let unk_id = |v: &Vocab| v.tokens().iter().position(|t| t == UNK);
    let unk = (unk_id(&test.source), unk_id(&test.target));
    let de = |w: &String| matches!(w.as_str(), "de" | "du" | "des");
    let rule = |k: &usize| {
        let (pair, tokens) = (&test.test[*k], &splits.test[*k]);
        (8..=15).contains(&tokens.0.len())
            && !pair.source.iter().any(|&i| Some(i) == unk.0)
            && !pair.target.iter().any(|&i| Some(i) == unk.1)
            && tokens.1.iter().any(de)
    };
    (0..test.test.len()).filter(rule).take(4).collect()
}
// ANCHOR_END: examples

fn one<M: Beamed>(
    (model, keep): (&M, Keep<M::P>),
    c: &RealConfig,
    seed: u64,
    (corpus, test_refs, examples): (&ParallelCorpus, &[String], &[usize]),
    tokens: &[TokenPair],
    (stop, done): (&(dyn Fn() -> bool + Sync), &AtomicUsize),
) -> Result<RunResult, RunError> {
    let trained = timed(model, &c.run_of(seed), (&c.training_pairs(corpus), c.held_out(corpus)), stop, done)?;
    let pairs_per_sec = trained.0.checks.last().map_or(0, |k| k.pairs) as f64 / trained.1.max(1e-9);
    let params = trained.0.params.clone();
    let kept = keep(&trained.0);
    let result = model_result(model, trained, (&corpus.test, test_refs), Buckets::REAL);
    let scorer = |t: &[String]| score(tokens, t, test_refs);
    let unk = replaced(model, &params, (&corpus.test, tokens), &result.translations, &scorer);
    let beam = beam_all(model, &params, (&corpus.test, &result.translations), &scorer, (stop, done))?;
    let bos = corpus.target.tokens().iter().position(|t| t == BOS).unwrap_or(0);
    let alignments = examples
        .iter()
        .filter_map(|&k| model.alignment(&params, &corpus.test[k].source, &corpus.test[k].target, bos))
        .collect();
    Ok(RunResult { result, seed, pairs_per_sec, alignments, beam, unk, kept })
}

/// The sentences every run goes through, counted for a progress bar: its
/// training pairs in every epoch, then the test split decoded [`DECODES`]
/// times by the beam (K = 1, 5 and 10).
pub fn total_sentences(c: &RealConfig, splits: &TokenSplits) -> usize {
    let n = splits.train.iter().filter(|p| p.0.len() <= c.max_train_words).take(c.n_train).count();
    (c.run.cap(n) + DECODES * splits.test.len()) * c.seeds.len() * 2
}

/// Trains RNNsearch and RNNencdec from every seed, two runs at a time.
pub fn run(
    c: &RealConfig,
    splits: &TokenSplits,
    stop: &(dyn Fn() -> bool + Sync),
    done: &AtomicUsize,
) -> Result<RealResults, RunError> {
    let corpus = parallel(splits, c.vocab);
    let join = |w: &Vec<String>| w.join(" ");
    let references: Vec<String> = splits.test.iter().map(|p| join(&p.1)).collect();
    let sources: Vec<String> = splits.test.iter().map(|p| join(&p.0)).collect();
    let copy = score(&splits.test, &sources, &references);
    let examples = example_indices(&corpus, splits);
    let (search, encdec) = (c.search(&corpus), c.encdec(&corpus));
    let shared = (&corpus, references.as_slice(), examples.as_slice());
    let tokens = splits.test.as_slice();
    type Job<'a> = Box<dyn FnOnce() -> Result<RunResult, RunError> + Send + 'a>;
    let mut jobs: Vec<Job> = Vec::new();
    let first = c.seeds.first().copied();
    let keep_search = move |seed: u64| {
        move |t: &Trained<Params>| {
            (Some(seed) == first).then(|| Kept { params: t.params.clone(), checks: t.checks.clone(), best: t.best })
        }
    };
    let keep_nothing = |_: &Trained<EncDecParams>| None;
    for &seed in c.seeds {
        let (s, e) = (&search, &encdec);
        jobs.push(Box::new(move || one((s, &keep_search(seed)), c, seed, shared, tokens, (stop, done))));
        jobs.push(Box::new(move || one((e, &keep_nothing), c, seed, shared, tokens, (stop, done))));
    }
    let runs = in_parallel(jobs, 2).into_iter().collect::<Result<Vec<_>, _>>()?;
    let ex = examples.iter().map(|&k| (k, splits.test[k].0.clone(), splits.test[k].1.clone())).collect();
    Ok(RealResults {
        config: *c,
        measured: splits.measured,
        counts: (c.training_pairs(&corpus).len(), c.held_out(&corpus).len(), corpus.test.len()),
        shortlists: (corpus.source.len(), corpus.target.len()),
        copy,
        runs,
        examples: ex,
        sources,
        references,
    })
}
