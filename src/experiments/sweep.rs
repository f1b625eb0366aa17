//! The √d_k effect, measured: dot and scaled dot with queries and keys of
//! length d_k (projected queries W_q s_{t−1}, keys W_k h_i), at
//! initialisation and after a short training, on the same pairs.
//!
//! ```text
//! spread    the standard deviation of e_{t,1…T_x}, averaged over rows
//! entropy   H(α_t) in nats, averaged over rows
//! jacobian  ‖diag(α_t) − α_t α_tᵀ‖_F: how much of ∂α the softmax passes on to ∂e
//! grad      ‖∂L/∂W_q‖_F: the gradient that reaches the query weights
//! ```

use std::sync::atomic::AtomicUsize;

use super::bleu::corpus_bleu;
use super::models::ScoredSearch;
use super::runner::{Budget, Model, RunError, RunSpec, references, train, translate_all};
use crate::corpus::Pair;
use crate::corpus::ParallelCorpus;
use crate::model::diagnostics::entropy;
use crate::model::scored::{ScoreSpec, ScoredParams, record};
use crate::model::scores::ScoreKind;
use crate::model::{Dims, Mat, Vector};
use crate::train::grad::zeros_like;
use crate::train::scored_grad::loss_and_backward;
use crate::vocab::{BOS, Vocab};

/// The key lengths, and the short budget each model of the sweep trains on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepConfig {
    pub d_ks: &'static [usize],
    /// The first `n_train` training pairs of the experiment's corpus.
    pub n_train: usize,
    pub epochs: usize,
    /// The first `probe` held-out pairs are measured.
    pub probe: usize,
}

impl SweepConfig {
    pub const DEFAULT: SweepConfig =
        SweepConfig { d_ks: &[4, 8, 16, 32, 64, 128, 256], n_train: 400, epochs: 2, probe: 45 };
    pub const SMOKE: SweepConfig = SweepConfig { d_ks: &[2, 16], n_train: 8, epochs: 1, probe: 3 };

    pub fn total_pairs(&self) -> usize {
        2 * self.d_ks.len() * self.n_train * self.epochs
    }

    /// The sweep's training recipe at seed `k`: the experiment's `base`, on
    /// fewer pairs and a fixed number of epochs.
    pub fn run(&self, base: &RunSpec, k: u64) -> RunSpec {
        RunSpec { budget: Budget::Epochs(self.epochs), ..base.seeded(k) }
    }
}

/// The four measurements, each a mean over the probe's rows (or pairs, for grad).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepStats {
    pub spread: f64,
    pub entropy: f64,
    pub jacobian: f64,
    pub grad: f64,
}

/// One (d_k, kind) of the sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    pub kind: ScoreKind,
    pub d_k: usize,
    pub init: SweepStats,
    pub trained: SweepStats,
    /// BLEU on the probe pairs after the short training.
    pub bleu: f64,
}

/// The standard deviation of the entries of `e`.
pub fn spread(e: &Vector) -> f64 {
    let mean = e.mean();
    (e.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / e.len() as f64).sqrt()
}

/// ‖J‖_F of the softmax at α: J = diag(α) − α αᵀ.
pub fn jacobian_norm(alpha: &Vector) -> f64 {
    (Mat::from_diagonal(alpha) - alpha * alpha.transpose()).norm()
}

/// The measurements of `p` on `pairs`, teacher-forced.
pub fn measure(p: &ScoredParams, pairs: &[Pair]) -> SweepStats {
    let bos = Vocab::target().id(BOS).unwrap_or(0);
    let (mut sums, mut rows, mut grad) = ([0.0; 3], 0usize, 0.0);
    for pair in pairs {
        for d in record(p, &pair.source, &pair.target, bos).1 {
            sums[0] += spread(&d.e);
            sums[1] += entropy(&d.alpha);
            sums[2] += jacobian_norm(&d.alpha);
            rows += 1;
        }
        let mut g = zeros_like(p);
        loss_and_backward(p, &pair.source, &pair.target, bos, &mut g);
        grad += g.W_q.norm();
    }
    let n = rows.max(1) as f64;
    SweepStats {
        spread: sums[0] / n,
        entropy: sums[1] / n,
        jacobian: sums[2] / n,
        grad: grad / pairs.len().max(1) as f64,
    }
}

/// One job of the sweep.
pub type SweepJob<'a> = Box<dyn FnOnce() -> Result<SweepRow, RunError> + Send + 'a>;

/// Every (d_k, kind) at seed `k`, the models of `dims` trained from the
/// experiment's recipe `base` cut to the sweep's `s`: measured at its
/// start, trained briefly, measured again; one job each, in the order of
/// the sweep's table.
pub fn sweep_jobs<'a>(
    (dims, s, base): (Dims, SweepConfig, RunSpec),
    corpus: &'a ParallelCorpus,
    k: u64,
    (stop, done): (&'a (dyn Fn() -> bool + Sync), &'a AtomicUsize),
) -> Vec<SweepJob<'a>> {
    let probe = &corpus.held_out[..s.probe.min(corpus.held_out.len())];
    let splits = (&corpus.train[..s.n_train.min(corpus.train.len())], probe);
    let run = s.run(&base, k);
    let mut jobs: Vec<SweepJob> = Vec::new();
    for &d_k in s.d_ks {
        for kind in [ScoreKind::Dot, ScoreKind::Scaled] {
            jobs.push(Box::new(move || {
                let model = ScoredSearch { dims, spec: ScoreSpec { kind, d_k: Some(d_k) } };
                let init = measure(&model.init(run.init_seed), probe);
                let trained = train(&model, &run, splits, stop, done)?;
                let bleu = corpus_bleu(&translate_all(&model, &trained.params, probe), &references(probe));
                Ok(SweepRow { kind, d_k, init, trained: measure(&trained.params, probe), bleu })
            }));
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn a_uniform_alpha_has_the_largest_jacobian_and_a_one_hot_none() {
        let uniform = Vector::from_element(4, 0.25);
        // diag(¼) − (1/16) 11ᵀ: diagonal 3/16, off-diagonal −1/16.
        assert_relative_eq!(jacobian_norm(&uniform), (4.0 * 9.0 / 256.0 + 12.0 / 256.0f64).sqrt(), epsilon = 1e-15);
        assert_eq!(jacobian_norm(&Vector::from_vec(vec![1.0, 0.0, 0.0])), 0.0);
        assert_relative_eq!(spread(&Vector::from_vec(vec![1.0, 3.0])), 1.0, epsilon = 1e-15);
    }
}
