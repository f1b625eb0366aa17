//! The two models of the paper's Figure 2, as [`Model`]s the runner trains,
//! over the toy grammar's vocabularies or a corpus's shortlists.

use super::runner::Model;
use crate::corpus::Pair;
use crate::decode::{greedy_decode, greedy_decode_encdec, greedy_decode_scored};
use crate::model::encdec::EncDecParams;
use crate::model::fast::{self, Score, with_workspace};
use crate::model::scored::{self, ScoreSpec, ScoredParams};
use crate::model::{Dims, Mat, Params};
use crate::train::engine::Engine;
use crate::train::scored_grad;
use crate::train::{encdec, grad};
use crate::vocab::Vocab;
use crate::walkthrough::Trace;

/// The two vocabularies that size a model's embeddings E_x, E_y and its
/// output layer W_o: the toy grammar's, or a corpus's shortlists.
#[derive(Clone, Debug, PartialEq)]
pub struct Vocabs {
    pub source: Vocab,
    pub target: Vocab,
}

impl Vocabs {
    /// The toy grammar's.
    pub fn toy() -> Vocabs {
        Vocabs { source: Vocab::source(), target: Vocab::target() }
    }
}

/// RNNsearch, the paper's model: bidirectional encoder and additive attention.
pub struct RnnSearch {
    pub dims: Dims,
    pub vocabs: Vocabs,
    /// How its batches are computed (the gradient is the same either way).
    pub engine: Engine,
}

/// RNNencdec, the paper's baseline: one fixed summary c of the source.
pub struct RnnEncDec {
    pub dims: Dims,
    pub vocabs: Vocabs,
    pub engine: Engine,
}

/// The toy experiments train two models at once, one per core, so each
/// model's engine takes one thread: at the toy's sizes (n = 32, batches of
/// 4) that is faster than one model on two threads (`cargo bench --bench
/// figures -- engine` prints both).
pub const ONE_CORE: Engine = Engine { shards: 1, ..Engine::DEFAULT };

impl RnnSearch {
    /// RNNsearch over the toy grammar's vocabularies.
    pub fn toy(dims: Dims) -> RnnSearch {
        RnnSearch { dims, vocabs: Vocabs::toy(), engine: ONE_CORE }
    }
}

impl RnnEncDec {
    /// RNNencdec over the toy grammar's vocabularies.
    pub fn toy(dims: Dims) -> RnnEncDec {
        RnnEncDec { dims, vocabs: Vocabs::toy(), engine: ONE_CORE }
    }
}

impl Model for RnnSearch {
    type P = Params;
    fn name(&self) -> String {
        "RNNsearch".into()
    }
    /// The walkthrough's initialisation, with v_a scaled down as in training
    /// (every α row starts near uniform).
    fn init(&self, seed: u64) -> Params {
        let mut p = Params::init(self.dims, self.vocabs.source.len(), self.vocabs.target.len(), seed);
        p.v_a *= 0.01;
        p
    }
    fn loss_and_backward(&self, p: &Params, source: &[usize], target: &[usize], bos: usize, g: &mut Params) -> f64 {
        grad::loss_and_backward(p, source, target, bos, g)
    }
    fn loss_and_backward_batch(&self, p: &Params, pairs: &[Pair], bos: usize, g: &mut Params) -> f64 {
        self.engine.search(p, pairs, bos, g)
    }
    fn loss_batch(&self, p: &Params, pairs: &[Pair], bos: usize) -> f64 {
        self.engine.search_loss(p, pairs, bos)
    }
    fn translate(&self, p: &Params, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
        greedy_decode(p, source, bos, eos, max_len)
    }
    fn target_vocab(&self) -> Vocab {
        self.vocabs.target.clone()
    }
    fn alignment(&self, p: &Params, source: &[usize], target: &[usize], bos: usize) -> Option<Mat> {
        Some(Trace::record(p, source, target, bos).alignment())
    }
    fn fast_alignment(&self, p: &Params, source: &[usize], target: &[usize], bos: usize) -> Option<Mat> {
        Some(with_workspace(|ws| fast::alignment_with(p, Score::Additive, ws, source, target, bos)))
    }
}

/// RNNsearch with another score (dot, scaled, general, concat) in place of
/// the additive one; every other weight starts as RNNsearch's does.
pub struct ScoredSearch {
    pub dims: Dims,
    pub spec: ScoreSpec,
}

impl Model for ScoredSearch {
    type P = ScoredParams;
    fn name(&self) -> String {
        match self.spec.d_k {
            None => self.spec.kind.name().into(),
            Some(d) => format!("{} d_k={d}", self.spec.kind.name()),
        }
    }
    fn init(&self, seed: u64) -> ScoredParams {
        ScoredParams::init(self.spec, self.dims, Vocab::source().len(), Vocab::target().len(), seed)
    }
    fn loss_and_backward(&self, p: &ScoredParams, s: &[usize], t: &[usize], bos: usize, g: &mut ScoredParams) -> f64 {
        scored_grad::loss_and_backward(p, s, t, bos, g)
    }
    fn translate(&self, p: &ScoredParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
        greedy_decode_scored(p, source, bos, eos, max_len)
    }
    fn alignment(&self, p: &ScoredParams, source: &[usize], target: &[usize], bos: usize) -> Option<Mat> {
        Some(scored::alignment(p, source, target, bos))
    }
    fn fast_alignment(&self, p: &ScoredParams, source: &[usize], target: &[usize], bos: usize) -> Option<Mat> {
        match p.fast_score() {
            Some(score) => Some(with_workspace(|ws| fast::alignment_with(&p.base, score, ws, source, target, bos))),
            None => self.alignment(p, source, target, bos), // concat has no fast path
        }
    }
}

impl Model for RnnEncDec {
    type P = EncDecParams;
    fn name(&self) -> String {
        "RNNencdec".into()
    }
    fn init(&self, seed: u64) -> EncDecParams {
        EncDecParams::init(self.dims, self.vocabs.source.len(), self.vocabs.target.len(), seed)
    }
    fn loss_and_backward(&self, p: &EncDecParams, s: &[usize], t: &[usize], bos: usize, g: &mut EncDecParams) -> f64 {
        encdec::loss_and_backward(p, s, t, bos, g)
    }
    fn loss_and_backward_batch(&self, p: &EncDecParams, pairs: &[Pair], bos: usize, g: &mut EncDecParams) -> f64 {
        self.engine.encdec(p, pairs, bos, g)
    }
    fn loss_batch(&self, p: &EncDecParams, pairs: &[Pair], bos: usize) -> f64 {
        self.engine.encdec_loss(p, pairs, bos)
    }
    fn translate(&self, p: &EncDecParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
        greedy_decode_encdec(p, source, bos, eos, max_len)
    }
    fn target_vocab(&self) -> Vocab {
        self.vocabs.target.clone()
    }
}
