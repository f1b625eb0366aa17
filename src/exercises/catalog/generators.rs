//! The seeded generators of the exercises' cases: random matrices and
//! vectors, GRU and context weights, alignments, padding masks.

use super::reference as r;
use crate::exercises::checker::run::Case;
use crate::model::rng::SeededRng;
use crate::model::{ContextWeights, Gru, Mat, Vector};

pub(super) struct Gen(SeededRng);

impl Gen {
    pub(super) fn new(seed: u64) -> Gen {
        Gen(SeededRng::new(seed))
    }
    pub(super) fn mat(&mut self, rows: usize, cols: usize, a: f64) -> Mat {
        Mat::from_fn(rows, cols, |_, _| self.0.uniform(a))
    }
    pub(super) fn vec(&mut self, n: usize, a: f64) -> Vector {
        Vector::from_fn(n, |_, _| self.0.uniform(a))
    }
    pub(super) fn gru(&mut self, n: usize, m: usize) -> Gru {
        let mut w = || self.mat(n, m, 1.5);
        let (w, w_z, w_r) = (w(), w(), w());
        let mut u = || self.mat(n, n, 1.5);
        Gru { w, w_z, w_r, u: u(), u_z: u(), u_r: u() }
    }
    pub(super) fn cw(&mut self, n: usize) -> ContextWeights {
        ContextWeights { c: self.mat(n, 2 * n, 1.0), c_z: self.mat(n, 2 * n, 1.0), c_r: self.mat(n, 2 * n, 1.0) }
    }
    /// Rows that are softmaxes of random energies (T_y × T_x).
    pub(super) fn alignment(&mut self, t_y: usize, t_x: usize) -> Mat {
        let e = self.mat(t_y, t_x, 3.0);
        r::masked_softmax(&e, &Mat::from_element(t_y, t_x, 1.0))
    }
}

pub(super) fn case<I>(label: String, input: I) -> Case<I> {
    Case { label, input }
}

/// Padding mask: row b has `lengths[b]` real tokens, then zeros.
pub(super) fn mask(lengths: &[usize], t: usize) -> Mat {
    Mat::from_fn(lengths.len(), t, |b, i| if i < lengths[b] { 1.0 } else { 0.0 })
}
