//! RNNsearch's context over a batch, step t: q = W_a s_{t−1} for B sentences
//! in one product, then for each sentence its own energies (steps 08–09
//! fused, the fast path's kernel), α_t and c_t = H α_t, over its own T_x
//! positions only: that is the source mask. The backward pass mirrors it,
//! keeping ∂(U_a H) and ∂q for one product each after the loop.
//!
//! ```text
//! e_{t,i} = v_aᵀ tanh(W_a s_{t−1} + U_a h_i)   α_t = softmax(e_t)   c_t = H α_t
//! ```

use super::batch::Batch;
use super::decoder::Context;
use super::encoder::Encoded;
use super::gemm::{block, block_mut, mul, outer, view, view_mut};
use super::kernels::{add_scaled, dots};
use crate::model::fast::kernels::{energies_fused, energies_fused_backward, gemv};
use crate::model::fast::softmax::softmax_columns;
use crate::model::{Mat, Params};

pub struct Attention<'a> {
    p: &'a Params,
    enc: &'a Encoded,
    batch: &'a Batch<'a>,
    q: Mat, // W_a s_{t−1}, (n', T_y·B)
    /// W_aᵀ, transposed once per batch for every step's W_aᵀ ∂q.
    w_a_t: Mat,
    /// α of sentence b: T_y(b) rows of T_x(b), from alpha_off[b].
    alpha: Vec<f64>,
    alpha_off: Vec<usize>,
    /// tanh(q + U_a h_i) of sentence b: T_y(b) blocks of (n', T_x(b)).
    hidden: Vec<f64>,
    d_q: Mat,    // (n', T_y·B)
    d_keys: Mat, // ∂(U_a H), (n', Σ T_x)
    d_h: Mat,    // ∂H through c_t, (2n, Σ T_x)
    d_v_a: Vec<f64>,
    /// H of sentence b turned, (T_x(b), 2n) column-major from 2n x_off[b]:
    /// laid out by the first backward step, for every step's Hᵀ ∂c_t.
    h_turned: Vec<f64>,
}

impl<'a> Attention<'a> {
    pub fn new(p: &'a Params, enc: &'a Encoded, batch: &'a Batch<'a>) -> Attention<'a> {
        let (n_a, b, t_y) = (p.W_a.nrows(), batch.len(), batch.t_y_max);
        let sizes: Vec<usize> = (0..b).map(|k| batch.t_y[k] * batch.t_x[k]).collect();
        let alpha_off: Vec<usize> = sizes.iter().scan(0, |acc, &s| Some(std::mem::replace(acc, *acc + s))).collect();
        let total: usize = sizes.iter().sum();
        Attention {
            p,
            enc,
            batch,
            q: Mat::zeros(n_a, t_y * b),
            w_a_t: p.W_a.transpose(),
            alpha: vec![0.0; total],
            alpha_off,
            hidden: vec![0.0; total * n_a],
            d_q: Mat::zeros(n_a, t_y * b),
            d_keys: Mat::zeros(n_a, batch.x_total),
            d_h: Mat::zeros(enc.h.nrows(), batch.x_total),
            d_v_a: vec![0.0; n_a],
            h_turned: Vec::new(),
        }
    }

    /// α_t of sentence k, (T_x(k)).
    fn rows(&self, t: usize, k: usize) -> std::ops::Range<usize> {
        let t_x = self.batch.t_x[k];
        self.alpha_off[k] + t * t_x..self.alpha_off[k] + (t + 1) * t_x
    }

    /// After the loop: ∂W_a = ∂Q S_prevᵀ, ∂U_a = ∂(U_a H) Hᵀ, ∂v_a; returns
    /// ∂H = Σ_t ∂c_t α_tᵀ + U_aᵀ ∂(U_a H), sentence-major.
    pub fn finish(mut self, s_prev: &Mat, (d_w_a, d_u_a, d_v_a): (&mut Mat, &mut Mat, &mut Mat)) -> Mat {
        outer(d_w_a, self.d_q.as_view(), s_prev.as_view());
        outer(d_u_a, self.d_keys.as_view(), self.enc.h.as_view());
        mul(1.0, self.d_h.as_mut_slice(), &self.p.U_a, true, self.d_keys.as_slice());
        d_v_a.iter_mut().zip(&self.d_v_a).for_each(|(o, v)| *o += v);
        self.d_h
    }
}

impl Context for Attention<'_> {
    fn width(&self) -> usize {
        self.enc.h.nrows()
    }

    fn forward(&mut self, t: usize, s_prev: &[f64], c: &mut [f64]) {
        let (b, n_a, two_n) = (self.batch.len(), self.q.nrows(), self.enc.h.nrows());
        let count = self.batch.cols_y(t); // the columns still running
        let s_prev = &s_prev[..count * self.p.W_a.ncols()];
        mul(0.0, block_mut(&mut self.q, t * b, count), &self.p.W_a, false, s_prev); // W_a s_{t−1}, (n', count)
        c.fill(0.0);
        let mut e = vec![0.0; self.batch.t_x_max];
        for k in (0..b).filter(|&k| self.batch.live_y(t, k)) {
            let (t_x, off) = (self.batch.t_x[k], self.batch.x_off[k]);
            let rows = self.rows(t, k);
            let e = &mut e[..t_x];
            let cache = &mut self.hidden[rows.start * n_a..rows.end * n_a];
            energies_fused(
                block(&self.q, t * b + k, 1),
                block(&self.enc.keys, off, t_x),
                self.p.v_a.as_slice(),
                e,
                Some(cache),
            );
            let a = &mut self.alpha[rows]; // α_t = softmax(e_t)
            a.copy_from_slice(e);
            softmax_columns(a, t_x);
            gemv(two_n, block(&self.enc.h, off, t_x), a, &mut c[k * two_n..(k + 1) * two_n]); // c_t = H α_t
        }
    }

    fn backward(&mut self, t: usize, d_c: &[f64], d_s_prev: &mut [f64]) {
        let (b, n_a, two_n) = (self.batch.len(), self.q.nrows(), self.enc.h.nrows());
        if self.h_turned.is_empty() {
            self.h_turned = turned(&self.enc.h, self.batch);
        }
        let (mut d_alpha, mut d_e) = (vec![0.0; self.batch.t_x_max], vec![0.0; self.batch.t_x_max]);
        for k in (0..b).filter(|&k| self.batch.live_y(t, k)) {
            let (t_x, off) = (self.batch.t_x[k], self.batch.x_off[k]);
            let rows = self.rows(t, k);
            let d_c_k = &d_c[k * two_n..(k + 1) * two_n];
            // c_t = H α_t: ∂α_t = Hᵀ ∂c_t, ∂H += ∂c_t α_tᵀ
            dots(&self.h_turned[off * two_n..(off + t_x) * two_n], d_c_k, &mut d_alpha[..t_x]);
            let a = &self.alpha[rows.clone()];
            add_scaled(block_mut(&mut self.d_h, off, t_x), a, d_c_k);
            // α = softmax(e): ∂e = α ∘ (∂α − αᵀ ∂α)
            let mean: f64 = a.iter().zip(&d_alpha).map(|(a, d)| a * d).sum();
            d_e[..t_x].iter_mut().zip(a.iter().zip(&d_alpha)).for_each(|(o, (a, d))| *o = a * (d - mean));
            let cache = &self.hidden[rows.start * n_a..rows.end * n_a];
            let (d_q, d_keys) = (block_mut(&mut self.d_q, t * b + k, 1), block_mut(&mut self.d_keys, off, t_x));
            energies_fused_backward(cache, self.p.v_a.as_slice(), &d_e[..t_x], d_q, d_keys, &mut self.d_v_a);
        }
        let count = self.batch.cols_y(t);
        let d_s_prev = &mut d_s_prev[..count * self.w_a_t.nrows()];
        mul(1.0, d_s_prev, &self.w_a_t, false, block(&self.d_q, t * b, count)); // q = W_a s_{t−1}: W_aᵀ ∂q
    }
}

/// H (2n, Σ T_x), sentence after sentence, with each sentence's block
/// turned: (T_x(b), 2n) column-major, from 2n x_off[b].
fn turned(h: &Mat, batch: &Batch) -> Vec<f64> {
    let two_n = h.nrows();
    let mut out = vec![0.0; h.len()];
    for (&off, &t_x) in batch.x_off.iter().zip(&batch.t_x) {
        view(block(h, off, t_x), two_n).transpose_to(&mut view_mut(&mut out[off * two_n..(off + t_x) * two_n], t_x));
    }
    out
}
