//! The decoder over a batch, t = 1 … T_y: s_t = GRU_dec(E_y y_{t−1}, s_{t−1},
//! c_t) for B sentences at once, and its backward pass, t = T_y … 1.
//!
//! Where c_t comes from is a [`Context`]: RNNsearch attends (c_t depends on
//! s_{t−1}, so its backward runs inside the loop), RNNencdec serves the same
//! c at every t. Past a sentence's last word its column runs on while a
//! column after it still holds words, and is never read: the loss skips
//! it, so its gradient is zero. Columns after the last one still running
//! are not computed at all ([`super::gru::Cols`]).

use super::batch::Batch;
use super::decoded::{Decoded, OutGrads};
use super::gemm::{block, block_mut};
use super::gru::{Cols, PreGrads, Steps, step, step_backward, weight_grads};
use crate::model::fast::gru::Transposed;
use crate::model::{ContextWeights, Gru, Mat};

/// The source of c_t.
pub trait Context {
    /// k, the rows of c_t.
    fn width(&self) -> usize;
    /// c_t (k, B) from s_{t−1} (n, B).
    fn forward(&mut self, t: usize, s_prev: &[f64], c: &mut [f64]);
    /// From ∂c_t (k, B): adds ∂s_{t−1} into `d_s_prev` (n, B).
    fn backward(&mut self, t: usize, d_c: &[f64], d_s_prev: &mut [f64]);
}

/// Y, time-major: column t·B + b is E_y y_{t−1} of sentence b (0 past its end).
fn embed(e: &Mat, batch: &Batch, bos: usize) -> Mat {
    let b = batch.len();
    let mut y = Mat::zeros(e.nrows(), batch.t_y_max * b);
    for k in 0..b {
        for t in 0..batch.t_y[k] {
            block_mut(&mut y, t * b + k, 1).copy_from_slice(block(e, batch.y_prev(t, k, bos), 1));
        }
    }
    y
}

/// s_1 … s_{T_y} teacher-forced from s_0 (n, B).
pub fn decode(
    g: &Gru,
    cw: &ContextWeights,
    e_y: &Mat,
    batch: &Batch,
    bos: usize,
    s_0: &Mat,
    ctx: &mut dyn Context,
) -> Decoded {
    let (b, t_y) = (batch.len(), batch.t_y_max);
    let y = embed(e_y, batch, bos);
    let mut steps = Steps::new(g, &y, t_y, b); // W_* Y for every t at once
    let mut c = Mat::zeros(ctx.width(), t_y * b);
    for t in 0..t_y {
        let s_prev = if t == 0 { s_0.as_slice().to_vec() } else { steps.h_at(t - 1).to_vec() };
        ctx.forward(t, &s_prev, block_mut(&mut c, t * b, b));
        let cols = Cols { count: batch.cols_y(t), live: &|_| true };
        step(g, Some((cw, block(&c, t * b, b))), &mut steps, t, &s_prev, cols);
    }
    Decoded { y, steps, c }
}

/// From the output layer's ∂s_t, ∂E_y y_{t−1} and ∂c_t: the decoder's
/// gradients, E_y's, the context's (through `ctx`); returns ∂s_0 (n, B).
pub fn backward(
    (g, cw): (&Gru, &ContextWeights),
    dec: &Decoded,
    batch: &Batch,
    bos: usize,
    mut d: OutGrads,
    ctx: &mut dyn Context,
    (d_g, d_cw, d_e_y): (&mut Gru, &mut ContextWeights, &mut Mat),
) -> Mat {
    let (n, b, t_y) = (g.u.nrows(), batch.len(), batch.t_y_max);
    let mut pg = PreGrads::new(n, t_y * b);
    let (mut carry, mut d_s) = (vec![0.0; n * b], vec![0.0; n * b]);
    let tr = Transposed::new(g, Some(cw));
    for t in (0..t_y).rev() {
        d_s.iter_mut().zip(block(&d.d_s, t * b, b)).zip(&carry).for_each(|((o, d), c)| *o = d + c); // ∂s_t
        let d_c = block_mut(&mut d.d_c, t * b, b);
        let cols = Cols { count: batch.cols_y(t), live: &|_| true };
        step_backward(&tr, &dec.steps, t, &d_s, &mut pg, &mut carry, Some(d_c), cols);
        ctx.backward(t, block(&d.d_c, t * b, b), &mut carry); // ∂s_{t−1}: the GRU's part, plus the query's
    }
    weight_grads(g, d_g, Some((d_cw, &dec.c)), &dec.steps, &pg, &dec.y, &mut d.d_y, 1.0);
    for k in 0..b {
        for t in 0..batch.t_y[k] {
            let col = block(&d.d_y, t * b + k, 1);
            block_mut(d_e_y, batch.y_prev(t, k, bos), 1).iter_mut().zip(col).for_each(|(o, v)| *o += v);
        }
    }
    Mat::from_vec(n, b, carry)
}
