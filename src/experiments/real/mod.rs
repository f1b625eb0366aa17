//! The paper's Figure 2 on real sentences: RNNsearch and RNNencdec trained
//! from the same seeds on the same pairs of the LibreOffice help corpus with
//! the same budget, then corpus BLEU-4 and exact matches on its test split by
//! source length, beside the copy-the-source baseline.

pub mod kept;
pub mod results;
pub mod run;
pub mod summary;
pub mod unk;

use crate::corpus::real::VocabSpec;
use crate::corpus::{Pair, ParallelCorpus};
use crate::experiments::models::{RnnEncDec, RnnSearch, Vocabs};
use crate::experiments::runner::{Budget, Rule, RunSpec};
use crate::model::Dims;
use crate::train::engine::{Engine, Precision};

/// Everything that decides the experiment's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RealConfig {
    /// Shared by both models where the sizes correspond (n' is RNNsearch's alone).
    pub dims: Dims,
    /// The experiment's shortlists (smaller than the corpus folder's, for speed).
    pub vocab: VocabSpec,
    /// Training pairs: the first `n_train` of the training split with at most
    /// `max_train_words` source words.
    pub n_train: usize,
    pub max_train_words: usize,
    /// The held-out sentences that pick the weights each run keeps.
    pub n_held_out: usize,
    /// One run of each model per seed: it draws the initial parameters, and
    /// seed + 1000 the order of the training pairs ([`RunSpec::seeded`]).
    pub seeds: &'static [u64],
    /// The budget; its two seeds are replaced by each run's.
    pub run: RunSpec,
    /// The precision of the engine's output layer (its W_o products and
    /// softmax over K_y words); everything else trains in float64.
    pub output: Precision,
}

/// The quick run's rule: a check every 100 pairs, at most two epochs.
const QUICK_RULE: Rule = Rule { check_every: 100, patience: 2, halvings: 1, cap: 600, ..Rule::TOY };

// ANCHOR: full
impl RealConfig {
    /// Chosen on the held-out split (200 sentences) before the test split
    /// was scored. After 8,000 pairs and one epoch, RNNsearch's held-out BLEU
    /// was 7.1 at m = 32, n = n' = 48, l = 32 against 5.6 at m = n = n' = 64
    /// (which also trained 7 times slower), and 4.8 with lr 0.01 instead of
    /// 0.005. The shortlists cover 90% of the training tokens (about 1,700
    /// words a side). The data and the batch, from runs of RNNsearch at
    /// seed 2014 until [`Rule::REAL`] ended them (`cargo bench --bench
    /// figures -- held-out`, README): on the first 16,000 pairs, batches of
    /// 8 reached a held-out loss of 1.573 (stopped by the old cap of 160,000
    /// pair-updates, at about 900 pairs/s), of 32 1.644 and of 64 1.625 (the
    /// rule ended both, at 1,580 and 1,700 pairs/s); on all 39,209 training
    /// pairs of at most 40 words, batches of 64 reached 1.200 (RNNencdec
    /// 1.778), the rule ending the runs after 332,000 and 284,000
    /// pair-updates, 194 s and 115 s. More data lowered the loss far more
    /// than smaller batches did, and batches of 64 (the paper's were 80)
    /// are what lets six runs finish within the report's 20 minutes.
    pub const FULL: RealConfig = RealConfig {
        dims: Dims { m: 32, n: 48, n_a: 48, l: 32 },
        vocab: VocabSpec { coverage: 0.9, max: 2000 },
        n_train: 40_000, // all 39,209 of at most 40 words
        max_train_words: 40,
        n_held_out: 200,
        seeds: &[2014, 2015, 2016],
        run: RunSpec {
            // replaced by each run's seed
            init_seed: 0,
            order_seed: 0,
            budget: Budget::Rule(Rule::REAL),
            batch: 64,
            lr: 0.005,
            clip: 5.0,
        },
        // float32: the softmax over 1,719 words is the largest part of a
        // batch, and the report's runs trained a tenth (RNNsearch) to a
        // fifth (RNNencdec) more pairs a second than in float64; a run in
        // float32 ends within the spread of float64's own sum orders
        // (`train/engine/tests32.rs`). Chosen after the float64 runs had
        // been scored: their results are in the README.
        output: Precision::F32,
    };
    // ANCHOR_END: full

    /// The whole pipeline on a tiny budget, for tests and CI.
    pub const QUICK: RealConfig = RealConfig {
        dims: Dims { m: 8, n: 8, n_a: 8, l: 4 },
        vocab: VocabSpec { coverage: 0.9, max: 200 },
        n_train: 300,
        max_train_words: 15,
        n_held_out: 20,
        seeds: &[1, 2, 3],
        run: RunSpec { init_seed: 0, order_seed: 0, budget: Budget::Rule(QUICK_RULE), batch: 8, lr: 0.01, clip: 5.0 },
        output: Precision::F32,
    };

    /// The run of seed `s`, by the one seeding rule ([`RunSpec::seeded`]).
    pub fn run_of(&self, s: u64) -> RunSpec {
        self.run.seeded(s)
    }

    /// The training pairs: the first `n_train` of `corpus`'s training split
    /// with at most `max_train_words` source words.
    pub fn training_pairs(&self, corpus: &ParallelCorpus) -> Vec<Pair> {
        let short = corpus.train.iter().filter(|p| p.source_words() <= self.max_train_words);
        short.take(self.n_train).cloned().collect()
    }

    /// The held-out sentences that pick the weights each run keeps: the first `n_held_out`.
    pub fn held_out<'a>(&self, corpus: &'a ParallelCorpus) -> &'a [Pair] {
        &corpus.held_out[..self.n_held_out.min(corpus.held_out.len())]
    }

    /// RNNsearch over `corpus`'s shortlists, one model at a time on both cores.
    pub fn search(&self, corpus: &ParallelCorpus) -> RnnSearch {
        RnnSearch { dims: self.dims, vocabs: vocabs(corpus), engine: self.engine() }
    }

    /// RNNencdec over the same shortlists.
    pub fn encdec(&self, corpus: &ParallelCorpus) -> RnnEncDec {
        RnnEncDec { dims: self.dims, vocabs: vocabs(corpus), engine: self.engine() }
    }

    /// The engine both models train on: both cores, the config's output layer.
    pub fn engine(&self) -> Engine {
        Engine { output: self.output, ..Engine::DEFAULT }
    }
}

/// RNNsearch beats the copy baseline overall by at least this much BLEU, on every seed.
pub const OVER_COPY: f64 = 10.0;

/// RNNsearch and RNNencdec over the corpus's shortlists: E_x, E_y and W_o
/// are sized by them; every equation and gradient is the toy's.
pub fn vocabs(corpus: &ParallelCorpus) -> Vocabs {
    Vocabs { source: corpus.source.clone(), target: corpus.target.clone() }
}
