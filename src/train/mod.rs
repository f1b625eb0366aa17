//! Training the model on a parallel corpus: the gradient of the loss by
//! hand, and an optimizer, so that α becomes the alignment.

pub mod encdec;
pub mod engine;
pub mod grad;
pub mod optim;
pub mod output_grad;
pub mod replay;
pub mod replayed;
pub mod report;
pub mod scored_grad;
pub mod stopping;
pub mod trained;
pub mod trainer;

use crate::model::diagnostics::entropy;
use crate::model::{Dims, Mat, Params};
use crate::vocab::Vocab;
use crate::walkthrough::scenario::DEFAULT_SEED;

/// Everything that decides the trained weights, bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    pub dims: Dims,
    /// The seed of the initial parameters (the scenario's seed).
    pub init_seed: u64,
    pub corpus_seed: u64,
    /// The seed of the order in which each epoch visits the training pairs.
    pub order_seed: u64,
    pub n_train: usize,
    pub n_held_out: usize,
    pub epochs: usize,
    /// Pairs per Adam step.
    pub batch: usize,
    /// The learning rate of the first epoch; it falls linearly to lr / 10 at the last.
    pub lr: f64,
    pub clip: f64,
}

impl TrainConfig {
    pub const DEFAULT: TrainConfig = TrainConfig {
        dims: Dims::DEFAULT,
        init_seed: DEFAULT_SEED,
        corpus_seed: 1,
        order_seed: 2,
        n_train: 600,
        n_held_out: 150,
        epochs: 40,
        batch: 4,
        lr: 0.02,
        clip: 5.0,
    };

    /// lr at epoch e (1-based): lr · (1 − 0.9 (e − 1) / (epochs − 1)), then lr / 10.
    pub fn lr_at(&self, epoch: usize) -> f64 {
        let frac = (epoch.saturating_sub(1) as f64 / self.epochs.saturating_sub(1).max(1) as f64).min(1.0);
        self.lr * (1.0 - 0.9 * frac)
    }
}

/// The seeded initialisation with v_a scaled down, so that every energy is
/// near 0 and every α row starts near uniform (entropy ≈ ln T_x): whatever
/// shape α takes later was learned.
pub fn initial_params(c: &TrainConfig) -> Params {
    let mut p = Params::init(c.dims, Vocab::source().len(), Vocab::target().len(), c.init_seed);
    p.v_a *= 0.01;
    p
}

/// The mean over the rows α_t of A of their entropy H(α_t), in nats.
pub fn mean_entropy(a: &Mat) -> f64 {
    let total: f64 = a.row_iter().map(|row| entropy(&row.transpose())).sum();
    total / a.nrows().max(1) as f64
}
