//! The training engine the experiments use: minibatches as matrices, on
//! both cores, with the same equations as the walkthrough (DESIGN.md) and
//! the same gradient as the per-pair path ([`crate::train::grad`],
//! [`crate::train::encdec`]) to rounding: a test holds them equal.
//!
//! What a batch changes, and why the numbers are the same:
//! - B sentences side by side ([`batch`]), padded to the longest: every
//!   recurrent product (U s_{t−1}, C c_t, W_a s_{t−1}, ...) is one
//!   (n, n)·(n, B) matrix product instead of B matrix–vector ones ([`gru`],
//!   [`encoder`], [`decoder`]), over the columns up to the last sentence
//!   still running at that step;
//! - the padding never reaches a real number: it comes after each sentence,
//!   ←h is masked to start at each sentence's own end, the attention of
//!   sentence b reads its own T_x positions only ([`attention`]), and the
//!   output layer computes the real target words only, [`output::CHUNK`] at
//!   a time with W_o read once per chunk ([`output`]), their softmaxes
//!   side by side with each column's bits
//!   ([`crate::model::fast::softmax`]);
//! - the batch is split between threads by a fixed rule and the shards'
//!   gradients are added in a fixed order ([`shards`]), so a run is bit for
//!   bit the same on one machine for a given shard count;
//! - the sums run in another order than the per-pair path's, so the two
//!   agree to rounding (about 1e-14 relative), not bit for bit;
//! - at a large vocabulary the output layer can run its W_o products and
//!   its softmax in float32 ([`Precision::F32`], twice the numbers an
//!   instruction): its gradient is then float64's to about 4e-6 relative,
//!   and the tests in `tests32.rs` hold a training run in float32 to
//!   float64's.
//!
//! [`search`] and [`encdec`] put the parts together for RNNsearch and
//! RNNencdec (the decoder and the output layer hand each other what
//! [`decoded`] holds); [`Engine`] is the entry point.

pub mod attention;
pub mod batch;
pub mod decoded;
pub mod decoder;
pub mod encdec;
pub mod encoder;
pub mod gemm;
pub mod gru;
pub mod kernels;
pub mod output;
pub mod search;
pub mod shards;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests32;

use crate::corpus::Pair;
use crate::model::Params;
use crate::model::encdec::EncDecParams;

/// The precision of the output layer's W_o products and softmax over K_y
/// words, the engine's largest cost at a large vocabulary; everything else
/// is float64 either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// The per-pair path's gradient to rounding (a test holds them equal).
    F64,
    /// Twice the numbers an instruction; its gradient is within float32's
    /// rounding of float64's, and a test holds a training run's losses to
    /// float64's.
    F32,
}

/// How a batch is split: `shards` threads, each taking its pairs `group` at
/// a time, and the precision of the output layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    pub shards: usize,
    pub group: usize,
    pub output: Precision,
}

impl Engine {
    /// Two shards (one per core of the reference machine), groups of 16,
    /// the output layer in float64.
    pub const DEFAULT: Engine = Engine { shards: 2, group: 16, output: Precision::F64 };

    /// Adds ∂(Σ L)/∂θ of every pair into `g` for RNNsearch; returns Σ L, each
    /// L the pair's mean −ln p(y_t) (what [`crate::train::grad::loss_and_backward`]
    /// returns for it).
    pub fn search(&self, p: &Params, pairs: &[Pair], bos: usize, g: &mut Params) -> f64 {
        let work = |b: &batch::Batch, acc: &mut Params| search::loss_and_backward(p, b, bos, acc, self.output);
        shards::run(pairs, (self.shards, self.group), p, &work, g)
    }

    /// Σ L of RNNsearch over `pairs` alone, with the bits [`Engine::search`]
    /// returns: the forward pass of a held-out check.
    pub fn search_loss(&self, p: &Params, pairs: &[Pair], bos: usize) -> f64 {
        shards::loss_only(pairs, (self.shards, self.group), &|b: &batch::Batch| search::loss(p, b, bos, self.output))
    }

    /// The same for RNNencdec.
    pub fn encdec_loss(&self, p: &EncDecParams, pairs: &[Pair], bos: usize) -> f64 {
        shards::loss_only(pairs, (self.shards, self.group), &|b: &batch::Batch| encdec::loss(p, b, bos, self.output))
    }

    /// The same for RNNencdec.
    pub fn encdec(&self, p: &EncDecParams, pairs: &[Pair], bos: usize, g: &mut EncDecParams) -> f64 {
        let work = |b: &batch::Batch, acc: &mut EncDecParams| encdec::loss_and_backward(p, b, bos, acc, self.output);
        shards::run(pairs, (self.shards, self.group), p, &work, g)
    }
}
