//! RNNsearch's encoder over a batch: X = E_x[x], →h and ←h, H = [→h; ←h]
//! laid out sentence by sentence, the keys U_a H and s_0 = tanh(W_s ←h_1);
//! and the backward pass from ∂H and ∂s_0.
//!
//! ←h runs right to left from each sentence's own end: over the padding it
//! stays ←h_{T_x+1} = 0 (the step's mask), so ←h_{T_x} is the first real state.

use super::batch::Batch;
use super::gemm::{block, block_mut, mul, outer, view};
use super::gru::{Cols, PreGrads, Steps, step, step_backward, weight_grads};
use crate::model::fast::gru::Transposed;
use crate::model::fast::systanh::tanh_slice;
use crate::model::{Mat, Params};

pub struct Encoded {
    pub x: Mat, // E_x x, (m, T_x·B), zero over the padding
    pub fwd: Steps,
    pub bwd: Steps,
    /// H sentence after sentence: sentence b in columns x_off[b] … , (2n, Σ T_x)
    pub h: Mat,
    pub keys: Mat, // U_a H, (n', Σ T_x)
    pub s_0: Mat,  // (n, B)
}

/// X, time-major: column i·B + b is E_x x_i of sentence b (0 past its end).
pub fn embed(e: &Mat, batch: &Batch) -> Mat {
    let (m, b) = (e.nrows(), batch.len());
    let mut x = Mat::zeros(m, batch.t_x_max * b);
    for (k, src) in batch.sources.iter().enumerate() {
        for (i, &id) in src.iter().enumerate() {
            block_mut(&mut x, i * b + k, 1).copy_from_slice(block(e, id, 1));
        }
    }
    x
}

/// One direction over every position, left to right or (`reverse`) right to left.
pub fn run(g: &crate::model::Gru, x: &Mat, batch: &Batch, reverse: bool) -> Steps {
    let (n, b, t) = (g.u.nrows(), batch.len(), batch.t_x_max);
    let mut s = Steps::new(g, x, t, b);
    let zeros = vec![0.0; n * b];
    for k in 0..t {
        let i = if reverse { t - 1 - k } else { k };
        let prev = if k == 0 { zeros.clone() } else { s.h_at(if reverse { i + 1 } else { i - 1 }).to_vec() };
        let live = |col: usize| !reverse || batch.live_x(i, col);
        step(g, None, &mut s, i, &prev, Cols { count: batch.cols_x(i), live: &live });
    }
    s
}

pub fn encode(p: &Params, batch: &Batch) -> Encoded {
    let (n, b) = (p.W_s.nrows(), batch.len());
    let x = embed(&p.E_x, batch);
    let fwd = run(&p.fwd, &x, batch, false);
    let bwd = run(&p.bwd, &x, batch, true);
    let mut h = Mat::zeros(2 * n, batch.x_total);
    for k in 0..b {
        for i in 0..batch.t_x[k] {
            let col = block_mut(&mut h, batch.x_off[k] + i, 1);
            col[..n].copy_from_slice(block(&fwd.h, i * b + k, 1));
            col[n..].copy_from_slice(block(&bwd.h, i * b + k, 1));
        }
    }
    let mut keys = Mat::zeros(p.U_a.nrows(), batch.x_total);
    mul(0.0, keys.as_mut_slice(), &p.U_a, false, h.as_slice()); // U_a H, (n', Σ T_x)
    let mut s_0 = Mat::zeros(n, b);
    mul(0.0, s_0.as_mut_slice(), &p.W_s, false, bwd.h_at(0)); // W_s ←h_1
    tanh_slice(s_0.as_mut_slice());
    Encoded { x, fwd, bwd, h, keys, s_0 }
}

/// Backpropagation through one direction from ∂h (n, T_x·B), then its
/// weights' gradients; ∂X goes into `d_x` (+ β d_x).
#[allow(clippy::too_many_arguments)]
pub fn run_backward(
    g: &crate::model::Gru,
    d_g: &mut crate::model::Gru,
    s: &Steps,
    x: &Mat,
    batch: &Batch,
    reverse: bool,
    d_h: &Mat,
    d_x: &mut Mat,
    beta: f64,
) {
    let (n, b, t) = (g.u.nrows(), batch.len(), batch.t_x_max);
    let mut pg = PreGrads::new(n, t * b);
    let mut carry = vec![0.0; n * b];
    let mut d_hi = vec![0.0; n * b];
    let tr = Transposed::new(g, None);
    for k in 0..t {
        let i = if reverse { k } else { t - 1 - k }; // the forward order, backwards
        d_hi.iter_mut().zip(block(d_h, i * b, b)).zip(&carry).for_each(|((o, d), c)| *o = d + c);
        let live = |col: usize| !reverse || batch.live_x(i, col);
        let cols = Cols { count: batch.cols_x(i), live: &live };
        step_backward(&tr, s, i, &d_hi, &mut pg, &mut carry, None, cols);
    }
    weight_grads(g, d_g, None, s, &pg, x, d_x, beta);
}

/// From ∂H (2n, Σ T_x, sentence-major) and ∂s_0 (n, B): every encoder
/// gradient, W_s's and E_x's included.
pub fn backward(p: &Params, enc: &Encoded, batch: &Batch, d_h: &Mat, d_s_0: &Mat, g: &mut Params) {
    let (n, b, t) = (p.W_s.nrows(), batch.len(), batch.t_x_max);
    let (mut d_fwd, mut d_bwd) = (Mat::zeros(n, t * b), Mat::zeros(n, t * b)); // time-major again
    for k in 0..b {
        for i in 0..batch.t_x[k] {
            let col = block(d_h, batch.x_off[k] + i, 1);
            block_mut(&mut d_fwd, i * b + k, 1).copy_from_slice(&col[..n]);
            block_mut(&mut d_bwd, i * b + k, 1).copy_from_slice(&col[n..]);
        }
    }
    // s_0 = tanh(W_s ←h_1): ∂a = ∂s_0 ∘ (1 − s_0²)
    let mut d_a = d_s_0.clone();
    d_a.iter_mut().zip(enc.s_0.iter()).for_each(|(d, s)| *d *= 1.0 - s * s);
    outer(&mut g.W_s, d_a.as_view(), view(enc.bwd.h_at(0), n));
    mul(1.0, block_mut(&mut d_bwd, 0, b), &p.W_s, true, d_a.as_slice()); // ∂←h_1 += W_sᵀ ∂a
    let mut d_x = Mat::zeros(p.E_x.nrows(), t * b);
    run_backward(&p.fwd, &mut g.fwd, &enc.fwd, &enc.x, batch, false, &d_fwd, &mut d_x, 0.0);
    run_backward(&p.bwd, &mut g.bwd, &enc.bwd, &enc.x, batch, true, &d_bwd, &mut d_x, 1.0);
    scatter_embeddings(&mut g.E_x, &d_x, batch);
}

/// ∂E_x x_i += ∂X column i·B + b, for every real word.
pub fn scatter_embeddings(g: &mut Mat, d_x: &Mat, batch: &Batch) {
    let b = batch.len();
    for (k, src) in batch.sources.iter().enumerate() {
        for (i, &id) in src.iter().enumerate() {
            let d = block(d_x, i * b + k, 1);
            block_mut(g, id, 1).iter_mut().zip(d).for_each(|(o, v)| *o += v);
        }
    }
}
