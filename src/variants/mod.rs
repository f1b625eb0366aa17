//! Beyond the one formula: other score functions on the same query and keys,
//! masking a padded batch, the Q/K/V reading, diagnostics of an alignment and
//! the classic bugs, each computed for real on the walkthrough's numbers.
//! Every view is data (`Comparison`, `ScoreWalkView`, `QkvView`,
//! `DiagnoseView`, `MaskDemo`, `BugReport`); `render::variants` writes it out.
//!
//! - [`view`]: one function per command, from its arguments to its view.
//! - [`compare`], [`score_walk`], [`qkv`], [`masking`], [`bugs`]: the views.
//! - [`diagnosis`]: what entropy, coverage and the pattern say of one
//!   alignment; [`diagnose`] applies it to the walkthrough under every score.
//! - [`beam_case`]: the sentence where the beam beats greedy decoding;
//!   [`beam_guard`]: what `minlen=half` changes over the held-out sentences.
//!
//! The extra weights these variants need are drawn from the scenario's seed on
//! a stream of their own, so the walkthrough's parameters never change.

pub mod beam_case;
pub mod beam_guard;
pub mod bugs;
pub mod compare;
pub mod diagnose;
pub mod diagnosis;
pub mod masking;
pub mod qkv;
pub mod score_walk;
pub mod view;

use crate::model::rng::SeededRng;
use crate::model::scored::ScoredParams;
use crate::model::{Dims, Mat, Params, Vector};
use crate::walkthrough::{Tensor, Walkthrough};

pub use score_walk::ScoreKind;

/// Mixed into the scenario seed so that the variants draw from another stream.
pub const VARIANT_STREAM: u64 = 0x5641_5249_414e_5453;

/// The weights only the variants use.
#[allow(non_snake_case)]
#[derive(Clone, Debug, PartialEq)]
pub struct VariantParams {
    pub W_g: Mat, // general: sᵀ W_g h_i, (n, 2n)
    pub W_q: Mat, // q = W_q s for dot and scaled dot, (2n, n)
    pub W_c: Mat, // concat's own weight on [s; h_i], (n', n + 2n)
    pub v_c: Mat, // concat's own v, (n', 1)
    pub W_K: Mat, // k_i = W_K h_i, (2n, 2n)
    pub W_V: Mat, // v_i = W_V h_i, (2n, 2n)
    /// Trained dot, general and scaled models; empty for the draws before training.
    pub trained: Vec<ScoredParams>,
}

impl VariantParams {
    /// Uniform on ±gain·√(3 / fan_in), as `Params::init` draws: the weights
    /// that make scores get the attention weights' gains (2, and 3 for v).
    pub fn init(dims: Dims, seed: u64) -> VariantParams {
        let Dims { n, n_a, .. } = dims;
        let mut rng = SeededRng::new(seed ^ VARIANT_STREAM);
        let mut draw = |r: usize, c: usize, gain: f64| {
            let a = gain * (3.0 / c as f64).sqrt();
            Mat::from_fn(r, c, |_, _| rng.uniform(a))
        };
        VariantParams {
            W_g: draw(n, 2 * n, 2.0),
            W_q: draw(2 * n, n, 2.0),
            W_c: draw(n_a, 3 * n, 2.0),
            v_c: draw(n_a, 1, 3.0),
            W_K: draw(2 * n, 2 * n, 2.0),
            W_V: draw(2 * n, 2 * n, 1.0),
            trained: Vec::new(),
        }
    }

    /// The same draws, with each score's trained model for the views to use.
    pub fn with_trained(self, trained: &[ScoredParams]) -> VariantParams {
        VariantParams { trained: trained.to_vec(), ..self }
    }

    /// The trained model of `kind`, if the views use trained weights: concat is
    /// the walkthrough's own model with W_c = [W_a, U_a]; additive is the trace.
    pub fn trained_for(&self, kind: ScoreKind, p: &Params) -> Option<ScoredParams> {
        match kind {
            _ if self.trained.is_empty() => None,
            ScoreKind::Additive => None,
            ScoreKind::Concat => Some(ScoredParams::concat_of(p)),
            _ => self.trained.iter().find(|t| t.spec.kind == kind).cloned(),
        }
    }

    /// The query the dot products use: s itself when its length is that of
    /// h_i, otherwise W_q s.
    pub fn dot_query(&self, s: &Vector, h: &Mat) -> Vector {
        if s.len() == h.nrows() { s.clone() } else { &self.W_q * s } // (2n, n)·(n) → (2n)
    }
}

/// Whether the walkthrough runs on weights other than the seed's draw (trained).
pub fn is_trained(w: &Walkthrough) -> bool {
    let (k_x, k_y) = (w.source_vocab.len(), w.target_vocab.len());
    w.params != Params::init(w.params.dims(), k_x, k_y, w.scenario.seed)
}

/// Which weights a view was computed with, for the note that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightsUsed {
    /// Each score ran in its own trained model (false: the variants' draws before training).
    pub trained: bool,
    /// The walkthrough's own weights are not the seed's draw (see [`is_trained`]).
    pub walk_trained: bool,
    /// The scenario's seed, which the untrained weights are drawn from.
    pub seed: u64,
}

impl WeightsUsed {
    pub fn of(w: &Walkthrough, vp: &VariantParams) -> WeightsUsed {
        WeightsUsed { trained: !vp.trained.is_empty(), walk_trained: is_trained(w), seed: w.scenario.seed }
    }
}

/// One row per label, tokens on the columns.
pub(crate) fn rows_tensor(rows: &[(String, &Vector)], cols: &[String]) -> Tensor {
    Tensor {
        values: Mat::from_fn(rows.len(), cols.len(), |r, c| rows[r].1[c]),
        rows: rows.iter().map(|(l, _)| l.clone()).collect(),
        cols: cols.to_vec(),
    }
}

/// A matrix labelled with the given rows and columns.
pub(crate) fn labelled(values: &Mat, rows: &[String], cols: &[String]) -> Tensor {
    Tensor { values: values.clone(), rows: rows.to_vec(), cols: cols.to_vec() }
}

/// The largest absolute entry of a − b.
pub(crate) fn max_gap(a: &Mat, b: &Mat) -> f64 {
    (a - b).amax()
}

/// The default walkthrough and its variant weights, for the unit tests.
#[cfg(test)]
pub(crate) fn default_setup() -> (Walkthrough, VariantParams) {
    let w = Walkthrough::new(crate::walkthrough::Scenario::default()).expect("the default scenario is valid");
    let vp = VariantParams::init(w.params.dims(), w.scenario.seed);
    (w, vp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_used_say_whether_the_walkthrough_is_trained() {
        use crate::walkthrough::Scenario;
        let trained = Walkthrough::new(Scenario::default()).unwrap();
        let drawn = Walkthrough::new(Scenario { seed: 7, ..Scenario::default() }).unwrap();
        assert_eq!((is_trained(&trained), is_trained(&drawn)), (true, false));
        let vp = VariantParams::init(drawn.params.dims(), 7);
        assert_eq!(WeightsUsed::of(&drawn, &vp), WeightsUsed { trained: false, walk_trained: false, seed: 7 });
    }

    #[test]
    fn variant_weights_are_seeded_and_shaped() {
        let d = Dims::new(3, 4, 5, 2).unwrap();
        let a = VariantParams::init(d, 9);
        assert_eq!(a, VariantParams::init(d, 9));
        assert_ne!(a, VariantParams::init(d, 10));
        assert_eq!(a.W_g.shape(), (4, 8));
        assert_eq!(a.W_q.shape(), (8, 4));
        assert_eq!(a.W_c.shape(), (5, 12));
        assert_eq!(a.W_K.shape(), (8, 8));
        let q = a.dot_query(&Vector::from_element(4, 1.0), &Mat::zeros(8, 3));
        assert_eq!(q.len(), 8);
    }
}
