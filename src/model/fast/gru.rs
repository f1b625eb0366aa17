//! One GRU step of the paper's form into the columns of a [`Dir`], and its
//! backward, with no allocation: the same equations as src/model/gru.rs.
//!
//! ```text
//! z = σ(W_z x + U_z h_prev [+ C_z c])     r = σ(W_r x + U_r h_prev [+ C_r c])
//! h~ = tanh(W x + U (r ∘ h_prev) [+ C c])  h = (1 − z) ∘ h_prev + z ∘ h~
//! ```

use super::blas::{gemv, gemv_tr_turned};
use super::columns::{col, col_mut};
use super::direction::Dir;
use super::sysexp::sigmoid_slice;
use super::systanh::tanh_slice;
use crate::model::{ContextWeights, Gru, Mat, Vector};

/// Step i of `d`: d.in_*[:, i] already hold W_* x_i; `h_prev` (n) is copied
/// into d.h_prev[:, i]; `ctx` is the decoder's (C weights, c_t).
pub fn step(g: &Gru, ctx: Option<(&ContextWeights, &[f64])>, d: &mut Dir, i: usize, h_prev: &[f64], rh: &mut Vector) {
    let Dir { in_z, in_r, z, r, h_prev: hp_all, .. } = d;
    col_mut(hp_all, i).copy_from_slice(h_prev);
    for (gate, input, u, c_w) in
        [(&mut *z, &*in_z, &g.u_z, ctx.map(|c| (&c.0.c_z, c.1))), (r, &*in_r, &g.u_r, ctx.map(|c| (&c.0.c_r, c.1)))]
    {
        let a = col_mut(gate, i); // a_z or a_r, (n)
        a.copy_from_slice(col(input, i));
        gemv(1.0, u.as_slice(), h_prev, 1.0, a);
        if let Some((c_w, c)) = c_w {
            gemv(1.0, c_w.as_slice(), c, 1.0, a);
        }
        sigmoid_slice(a); // the system's exp, eight at a time
    }
    rh.iter_mut().zip(col(&d.r, i)).zip(h_prev).for_each(|((o, r), h)| *o = r * h); // r ∘ h_prev
    let a_h = col_mut(&mut d.h_tilde, i); // (n)
    a_h.copy_from_slice(col(&d.in_h, i));
    gemv(1.0, g.u.as_slice(), rh.as_slice(), 1.0, a_h);
    if let Some((cw, c)) = ctx {
        gemv(1.0, cw.c.as_slice(), c, 1.0, a_h);
    }
    tanh_slice(a_h); // the system's tanh, eight at a time
    let (z, ht) = (col(&d.z, i), col(&d.h_tilde, i));
    for (k, out) in col_mut(&mut d.h, i).iter_mut().enumerate() {
        *out = (1.0 - z[k]) * h_prev[k] + z[k] * ht[k];
    }
}

/// The gradients a GRU step's backward writes per column: ∂a_z, ∂a_r, ∂a_h
/// (the pre-activations), each (n, T); the weights' gradients are then one
/// product each over all columns.
#[derive(Clone, Debug, Default)]
pub struct PreGrads {
    pub a_z: Mat,
    pub a_r: Mat,
    pub a_h: Mat,
}

/// Uᵀ, U_zᵀ, U_rᵀ, and for the decoder Cᵀ, C_zᵀ, C_rᵀ: what every backward
/// step multiplies by, laid out transposed once per pair (here) or per batch
/// (the training engine), so that each step's product reads them where they
/// lie; a transpose moves numbers and rounds none.
#[derive(Clone, Debug, Default)]
pub struct Transposed {
    pub u: Mat,
    pub u_z: Mat,
    pub u_r: Mat,
    pub c: Option<[Mat; 3]>,
}

impl Transposed {
    pub fn new(g: &Gru, cw: Option<&ContextWeights>) -> Transposed {
        let mut tr = Transposed::default();
        tr.fill(g, cw);
        tr
    }

    /// Lays out the transposes of `g`'s (and `cw`'s) weights, in the memory
    /// of the last call where the shapes are the same.
    pub fn fill(&mut self, g: &Gru, cw: Option<&ContextWeights>) {
        fn turn(w: &Mat, out: &mut Mat) {
            if out.shape() != (w.ncols(), w.nrows()) {
                *out = Mat::zeros(w.ncols(), w.nrows());
            }
            w.transpose_to(out);
        }
        for (w, out) in [(&g.u, &mut self.u), (&g.u_z, &mut self.u_z), (&g.u_r, &mut self.u_r)] {
            turn(w, out);
        }
        match cw {
            Some(cw) => {
                let c = self.c.get_or_insert_with(Default::default);
                for (w, out) in [&cw.c, &cw.c_z, &cw.c_r].into_iter().zip(c.iter_mut()) {
                    turn(w, out);
                }
            }
            None => self.c = None,
        }
    }
}

/// Backward of step i from ∂h (n): writes ∂a_* column i of `pg`, returns
/// ∂h_prev into `d_h_prev`, and adds Cᵀ ∂a into `d_c` for the decoder.
/// `tr` holds the step's weights transposed ([`Transposed::fill`]).
#[allow(clippy::too_many_arguments)]
pub fn step_backward(
    tr: &Transposed,
    d: &Dir,
    i: usize,
    d_h: &[f64],
    pg: &mut PreGrads,
    d_h_prev: &mut Vector,
    d_rh: &mut Vector,
    d_c: Option<&mut [f64]>,
) {
    let (z, r, ht, hp) = (col(&d.z, i), col(&d.r, i), col(&d.h_tilde, i), col(&d.h_prev, i));
    let a_h = col_mut(&mut pg.a_h, i);
    for k in 0..z.len() {
        d_h_prev[k] = d_h[k] * (1.0 - z[k]); // through (1 − z) ∘ h_prev
        a_h[k] = d_h[k] * z[k] * (1.0 - ht[k] * ht[k]); // through z ∘ h~, tanh′ = 1 − h~²
    }
    let a_h = col(&pg.a_h, i);
    gemv_tr_turned(1.0, tr.u.as_slice(), a_h, 0.0, d_rh.as_mut_slice()); // ∂(r ∘ h_prev) = Uᵀ ∂a_h
    let (a_z, a_r) = (col_mut(&mut pg.a_z, i), col_mut(&mut pg.a_r, i));
    for k in 0..z.len() {
        d_h_prev[k] += d_rh[k] * r[k];
        a_z[k] = d_h[k] * (ht[k] - hp[k]) * z[k] * (1.0 - z[k]); // σ′ = σ (1 − σ)
        a_r[k] = d_rh[k] * hp[k] * r[k] * (1.0 - r[k]);
    }
    let (a_z, a_r) = (col(&pg.a_z, i), col(&pg.a_r, i));
    gemv_tr_turned(1.0, tr.u_z.as_slice(), a_z, 1.0, d_h_prev.as_mut_slice());
    gemv_tr_turned(1.0, tr.u_r.as_slice(), a_r, 1.0, d_h_prev.as_mut_slice());
    if let (Some([c, c_z, c_r]), Some(d_c)) = (&tr.c, d_c) {
        let d_c = &mut d_c[..c.nrows()];
        gemv_tr_turned(1.0, c.as_slice(), a_h, 1.0, d_c);
        gemv_tr_turned(1.0, c_z.as_slice(), a_z, 1.0, d_c);
        gemv_tr_turned(1.0, c_r.as_slice(), a_r, 1.0, d_c);
    }
}
