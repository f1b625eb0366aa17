//! The multiplicative scores on the fast path: dot, scaled dot and general,
//! the same equations as src/model/scored.rs, with no allocation.
//!
//! ```text
//! q = W_q s_{t−1}   (or s_{t−1} itself: general)      (d_k)
//! K = W_k H         (or H itself: dot, scaled)         (d_k, T_x), once per sentence
//! e_t = γ Kᵀ q      γ = 1/√d_k for scaled, else 1      (T_x)
//! ```
//!
//! Backward, for each t: ∂q = γ K ∂e_t, ∂K += γ q ∂e_tᵀ, ∂s_{t−1} += W_qᵀ ∂q;
//! after the loop ∂W_q = ∂Q S_prevᵀ, ∂W_k = ∂K Hᵀ and ∂H += W_kᵀ ∂K.

use super::blas;
use super::columns::cols_mut;
use super::gemm::{Op, mm};
use super::keys::matmul;
use crate::model::Mat;
use crate::model::scored::ScoredParams;
use crate::model::scores::ScoreKind;
use nalgebra::{DMatrixView, DVectorView};

/// The score a pass computes: the paper's additive one from the model's
/// W_a, U_a and v_a, or a multiplicative one with its own weights.
#[derive(Clone, Copy, Debug)]
pub enum Score<'a> {
    Additive,
    Product(Product<'a>),
}

/// A multiplicative score's weights.
#[derive(Clone, Copy, Debug)]
pub struct Product<'a> {
    /// W_q (d_k, n); None: q = s_{t−1}.
    pub w_q: Option<&'a Mat>,
    /// W_k (d_k, 2n), general's W_g (n, 2n); None: K = H.
    pub w_k: Option<&'a Mat>,
    pub gamma: f64,
}

/// Their gradients, added into.
pub struct ProductGrads<'a> {
    pub w_q: Option<&'a mut Mat>,
    pub w_k: Option<&'a mut Mat>,
}

impl ScoredParams {
    /// The score as the fast path runs it: every kind but concat (written
    /// here, beside the path, so that the scored model needs nothing of it).
    pub fn fast_score(&self) -> Option<Score<'_>> {
        let product = Product {
            w_q: (!self.W_q.is_empty()).then_some(&self.W_q),
            w_k: (!self.W_k.is_empty()).then_some(&self.W_k),
            gamma: self.gamma(),
        };
        (self.spec.kind != ScoreKind::Concat && self.spec.kind != ScoreKind::Additive)
            .then_some(Score::Product(product))
    }
}

impl Product<'_> {
    /// d_k: the rows of the keys.
    pub fn d_k(&self, two_n: usize) -> usize {
        self.w_k.map_or(two_n, |w| w.nrows())
    }

    /// K into `keys` (d_k, T_x) from H, column by column in `h` (2n, T_x).
    pub fn keys(&self, two_n: usize, h: &[f64], keys: &mut [f64]) {
        match self.w_k {
            Some(w) => matmul(w.nrows(), two_n, w.as_slice(), h, keys),
            None => keys.copy_from_slice(h),
        }
    }

    /// q from s_{t−1} into `q`, then e_t = γ Kᵀ q into `e`.
    pub fn energies(&self, s_prev: &[f64], keys: &[f64], q: &mut [f64], e: &mut [f64]) {
        match self.w_q {
            Some(w) => blas::gemv(1.0, w.as_slice(), &s_prev[..w.ncols()], 0.0, &mut q[..w.nrows()]),
            None => q.copy_from_slice(s_prev),
        }
        for (e_i, k_i) in e.iter_mut().zip(keys.chunks_exact(q.len())) {
            *e_i = k_i.iter().zip(q.iter()).map(|(k, q)| k * q).sum::<f64>() * self.gamma;
        }
    }

    /// Step t's backward from ∂e_t: ∂q into `d_q`, γ q ∂e_tᵀ added into
    /// `d_keys`, and ∂s_{t−1} from the query added into `d_s_prev`.
    pub fn step_backward(
        &self,
        keys: &[f64],
        q: &[f64],
        d_e: &[f64],
        d_q: &mut [f64],
        d_keys: &mut [f64],
        d_s_prev: &mut [f64],
    ) {
        let (d, t_x) = (q.len(), d_e.len());
        blas::gemv(self.gamma, &keys[..d * t_x], d_e, 0.0, &mut d_q[..d]); // ∂q = γ K ∂e
        let mut dk = nalgebra::DMatrixViewMut::from_slice(&mut d_keys[..d * t_x], d, t_x);
        dk.ger(self.gamma, &DVectorView::from_slice(q, d), &DVectorView::from_slice(d_e, t_x), 1.0);
        match self.w_q {
            Some(w) => blas::gemv_tr(1.0, w.as_slice(), &d_q[..d], 1.0, d_s_prev), // W_qᵀ ∂q
            None => d_s_prev.iter_mut().zip(&d_q[..d]).for_each(|(s, q)| *s += q),
        }
    }

    /// After the loop: ∂W_q = ∂Q S_prevᵀ; ∂W_k = ∂K Hᵀ and ∂H += W_kᵀ ∂K (or ∂K).
    pub fn finish_backward(
        &self,
        g: ProductGrads,
        (d_q, s_prev): (DMatrixView<f64>, DMatrixView<f64>),
        (d_keys, h): (DMatrixView<f64>, DMatrixView<f64>),
        d_h: &mut Mat,
    ) {
        let t_x = h.ncols();
        if let Some(gw) = g.w_q {
            mm(1.0, &mut gw.as_view_mut(), 1.0, Op(d_q, false), Op(s_prev, true));
        }
        match (self.w_k, g.w_k) {
            (Some(w), Some(gw)) => {
                mm(1.0, &mut gw.as_view_mut(), 1.0, Op(d_keys, false), Op(h, true));
                mm(1.0, &mut cols_mut(d_h, t_x), 1.0, Op(w.as_view(), true), Op(d_keys, false));
            }
            _ => {
                let mut dh = cols_mut(d_h, t_x);
                dh += d_keys;
            }
        }
    }
}
