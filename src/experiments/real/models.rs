//! RNNsearch and RNNencdec over a corpus's own vocabularies: the same
//! equations and gradients as [`super::super::models`], with E_x, E_y and W_o
//! sized by the shortlists instead of the toy's.

use crate::decode::beam::{beam_translate, beam_translate_encdec};
use crate::decode::{greedy_decode, greedy_decode_encdec};
use crate::experiments::bottleneck_beam::{Beamed, NORM};
use crate::experiments::runner::Model;
use crate::model::encdec::EncDecParams;
use crate::model::{Dims, Mat, Params};
use crate::train::{encdec, grad};
use crate::vocab::Vocab;
use crate::walkthrough::Trace;

/// RNNsearch on vocabularies of K_x source and K_y target words.
pub struct Search {
    pub dims: Dims,
    pub source: Vocab,
    pub target: Vocab,
}

/// RNNencdec on the same vocabularies.
pub struct EncDec {
    pub dims: Dims,
    pub source: Vocab,
    pub target: Vocab,
}

impl Model for Search {
    type P = Params;
    fn name(&self) -> String {
        "RNNsearch".into()
    }
    /// The seeded initialisation with v_a scaled down (every α row starts near uniform).
    fn init(&self, seed: u64) -> Params {
        let mut p = Params::init(self.dims, self.source.len(), self.target.len(), seed);
        p.v_a *= 0.01;
        p
    }
    fn loss_and_backward(&self, p: &Params, source: &[usize], target: &[usize], bos: usize, g: &mut Params) -> f64 {
        grad::loss_and_backward(p, source, target, bos, g)
    }
    fn translate(&self, p: &Params, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
        greedy_decode(p, source, bos, eos, max_len)
    }
    fn target_vocab(&self) -> Vocab {
        self.target.clone()
    }
    fn alignment(&self, p: &Params, source: &[usize], target: &[usize], bos: usize) -> Option<Mat> {
        Some(Trace::record(p, source, target, bos).alignment())
    }
}

impl Model for EncDec {
    type P = EncDecParams;
    fn name(&self) -> String {
        "RNNencdec".into()
    }
    fn init(&self, seed: u64) -> EncDecParams {
        EncDecParams::init(self.dims, self.source.len(), self.target.len(), seed)
    }
    fn loss_and_backward(&self, p: &EncDecParams, s: &[usize], t: &[usize], bos: usize, g: &mut EncDecParams) -> f64 {
        encdec::loss_and_backward(p, s, t, bos, g)
    }
    fn translate(&self, p: &EncDecParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
        greedy_decode_encdec(p, source, bos, eos, max_len)
    }
    fn target_vocab(&self) -> Vocab {
        self.target.clone()
    }
}

impl Beamed for Search {
    fn beam(&self, p: &Params, source: &[usize], k: usize, ends: (usize, usize), len: usize) -> Vec<usize> {
        beam_translate(p, source, k, ends, len, NORM)
    }
}

impl Beamed for EncDec {
    fn beam(&self, p: &EncDecParams, source: &[usize], k: usize, ends: (usize, usize), len: usize) -> Vec<usize> {
        beam_translate_encdec(p, source, k, ends, len, NORM)
    }
}
