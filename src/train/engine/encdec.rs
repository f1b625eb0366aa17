//! RNNencdec on the engine: one direction of GRU, the summary
//! c = tanh(V h_{T_x}) of each sentence served at every t, s_0 = tanh(V' c),
//! then the decoder and output layer RNNsearch uses.

use super::Precision;
use super::batch::Batch;
use super::decoder::{self, Context};
use super::encoder::{embed, run, run_backward, scatter_embeddings};
use super::gemm::{block, block_mut, mul, outer};
use super::output::{self, loss_and_backward as output};
use crate::model::Mat;
use crate::model::encdec::EncDecParams;
use crate::model::fast::systanh::tanh_slice;

/// The same c (n, B) at every t; ∂c summed over t.
struct Fixed<'a> {
    c: &'a Mat,
    d_c: Mat,
}

impl Context for Fixed<'_> {
    fn width(&self) -> usize {
        self.c.nrows()
    }
    fn forward(&mut self, _t: usize, _s_prev: &[f64], c: &mut [f64]) {
        c.copy_from_slice(self.c.as_slice());
    }
    fn backward(&mut self, _t: usize, d_c: &[f64], _d_s_prev: &mut [f64]) {
        self.d_c.iter_mut().zip(d_c).for_each(|(o, d)| *o += d);
    }
}

/// tanh(W x) for every column of x (n, B).
fn tanh_of(w: &Mat, x: &Mat) -> Mat {
    let mut out = Mat::zeros(w.nrows(), x.ncols());
    mul(0.0, out.as_mut_slice(), w, false, x.as_slice());
    tanh_slice(out.as_mut_slice());
    out
}

/// ∂a = ∂out ∘ (1 − out²) of out = tanh(W x): ∂W += ∂a xᵀ; returns Wᵀ ∂a.
fn tanh_backward(w: &Mat, x: &Mat, out: &Mat, d_out: &Mat, d_w: &mut Mat) -> Mat {
    let mut d_a = d_out.clone();
    d_a.iter_mut().zip(out.iter()).for_each(|(d, o)| *d *= 1.0 - o * o);
    outer(d_w, d_a.as_view(), x.as_view());
    let mut d_x = Mat::zeros(w.ncols(), x.ncols());
    mul(0.0, d_x.as_mut_slice(), w, true, d_a.as_slice());
    d_x
}

/// h_{T_x} (n, B) of each sentence of the encoder's states `h`.
fn last_states(h: &Mat, n: usize, batch: &Batch) -> Mat {
    let b = batch.len();
    let mut h_last = Mat::zeros(n, b);
    for k in 0..b {
        block_mut(&mut h_last, k, 1).copy_from_slice(block(h, (batch.t_x[k] - 1) * b + k, 1));
    }
    h_last
}

/// Σ_b L_b alone, with the bits of [`loss_and_backward`]'s: the forward
/// pass, for a held-out check.
pub fn loss(p: &EncDecParams, batch: &Batch, bos: usize, precision: Precision) -> f64 {
    let (n, b) = (p.V_c.nrows(), batch.len());
    let x = embed(&p.E_x, batch);
    let h = run(&p.enc, &x, batch, false);
    let c = tanh_of(&p.V_c, &last_states(&h.h, n, batch)); // c = tanh(V h_{T_x}), (n, B)
    let s_0 = tanh_of(&p.V_s, &c); // s_0 = tanh(V' c), (n, B)
    let mut ctx = Fixed { c: &c, d_c: Mat::zeros(n, b) };
    let dec = decoder::decode(&p.dec, &p.dec_c, &p.E_y, batch, bos, &s_0, &mut ctx);
    output::loss((&p.U_o, &p.V_o, &p.C_o, &p.W_o), batch, &dec, precision)
}

/// Adds ∂(Σ_b L_b)/∂θ into `g`; returns Σ_b L_b.
pub fn loss_and_backward(
    p: &EncDecParams,
    batch: &Batch,
    bos: usize,
    g: &mut EncDecParams,
    precision: Precision,
) -> f64 {
    let (n, b) = (p.V_c.nrows(), batch.len());
    let x = embed(&p.E_x, batch);
    let h = run(&p.enc, &x, batch, false);
    let h_last = last_states(&h.h, n, batch); // h_{T_x} of each sentence
    let c = tanh_of(&p.V_c, &h_last); // c = tanh(V h_{T_x}), (n, B)
    let s_0 = tanh_of(&p.V_s, &c); // s_0 = tanh(V' c), (n, B)
    let mut ctx = Fixed { c: &c, d_c: Mat::zeros(n, b) };
    let dec = decoder::decode(&p.dec, &p.dec_c, &p.E_y, batch, bos, &s_0, &mut ctx);
    let w = (&p.U_o, &p.V_o, &p.C_o, &p.W_o);
    let (loss, d_out) = output(w, (&mut g.U_o, &mut g.V_o, &mut g.C_o, &mut g.W_o), batch, &dec, precision);
    let d_dec = (&mut g.dec, &mut g.dec_c, &mut g.E_y);
    let d_s_0 = decoder::backward((&p.dec, &p.dec_c), &dec, batch, bos, d_out, &mut ctx, d_dec);
    let d_c = ctx.d_c + tanh_backward(&p.V_s, &c, &s_0, &d_s_0, &mut g.V_s);
    let d_h_last = tanh_backward(&p.V_c, &h_last, &c, &d_c, &mut g.V_c);
    let mut d_h = Mat::zeros(n, batch.t_x_max * b); // only h_{T_x} reaches the decoder
    for k in 0..b {
        block_mut(&mut d_h, (batch.t_x[k] - 1) * b + k, 1).copy_from_slice(block(&d_h_last, k, 1));
    }
    let mut d_x = Mat::zeros(p.E_x.nrows(), batch.t_x_max * b);
    run_backward(&p.enc, &mut g.enc, &h, &x, batch, false, &d_h, &mut d_x, 0.0);
    scatter_embeddings(&mut g.E_x, &d_x, batch);
    loss
}
