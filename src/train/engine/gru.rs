//! The paper's GRU over a batch: one step for B sentences at once, its
//! backward, and the weights' gradients over every step; the same equations
//! as src/model/gru.rs.
//!
//! ```text
//! z = σ(W_z x + U_z h_prev [+ C_z c])     r = σ(W_r x + U_r h_prev [+ C_r c])
//! h~ = tanh(W x + U (r ∘ h_prev) [+ C c])  h = (1 − z) ∘ h_prev + z ∘ h~
//! ```
//!
//! Every matrix is (n, T·B), step t in columns t·B … t·B + B − 1. A step
//! computes only its first columns, up to the last sentence that still has
//! a word there ([`Cols`]): the groups come longest first, so the padding
//! of the shorter sentences, about a third of a toy batch of four, is
//! mostly never computed.

use super::gemm::{block, block_mut, mul, outers};
use super::kernels::{blend, through_blend, through_gates};
use crate::model::fast::gru::Transposed;
use crate::model::fast::sysexp::sigmoid_slice;
use crate::model::fast::systanh::tanh_slice;
use crate::model::{ContextWeights, Gru, Mat};

/// What the forward pass keeps for the backward one.
pub struct Steps {
    /// B columns per step.
    pub b: usize,
    pub in_z: Mat, // W_z x, (n, T·B)
    pub in_r: Mat,
    pub in_h: Mat,
    pub z: Mat,
    pub r: Mat,
    pub h_tilde: Mat,
    pub h: Mat,
    pub h_prev: Mat,
    pub rh: Mat, // r ∘ h_prev
}

impl Steps {
    /// Room for `t` steps of `b` columns; W_* X for all of them at once.
    pub fn new(g: &Gru, x: &Mat, t: usize, b: usize) -> Steps {
        let n = g.u.nrows();
        let input = |w: &Mat| {
            let mut m = Mat::zeros(n, t * b); // (n, T·B)
            mul(0.0, m.as_mut_slice(), w, false, x.as_slice());
            m
        };
        let zeros = || Mat::zeros(n, t * b);
        Steps {
            b,
            in_z: input(&g.w_z),
            in_r: input(&g.w_r),
            in_h: input(&g.w),
            z: zeros(),
            r: zeros(),
            h_tilde: zeros(),
            h: zeros(),
            h_prev: zeros(),
            rh: zeros(),
        }
    }

    /// h of step t, (n, B).
    pub fn h_at(&self, t: usize) -> &[f64] {
        block(&self.h, t * self.b, self.b)
    }
}

/// Which columns of a step are computed: the first `count` of the B (the
/// rest are padding from this step on, never read, and stay as they are:
/// zero), and of those, the ones for which `live` is false keep h = h_prev.
#[derive(Clone, Copy)]
pub struct Cols<'a> {
    pub count: usize,
    pub live: &'a dyn Fn(usize) -> bool,
}

/// Step t: `h_prev` (n, B) in, h (n, B) out; `ctx` is the decoder's (C
/// weights, c_t (k, B)). Only the columns `cols` names are computed.
pub fn step(g: &Gru, ctx: Option<(&ContextWeights, &[f64])>, s: &mut Steps, t: usize, h_prev: &[f64], cols: Cols) {
    let (from, count, n) = (t * s.b, cols.count, g.u.nrows());
    let h_prev = &h_prev[..count * n];
    let ctx = ctx.map(|(cw, c)| (cw, &c[..count * cw.c.ncols()]));
    let Steps { in_z, in_r, in_h, z, r, h_tilde, h, h_prev: hp_all, rh, .. } = s;
    block_mut(hp_all, from, count).copy_from_slice(h_prev);
    for (gate, input, u, c_w) in
        [(&mut *z, &*in_z, &g.u_z, ctx.map(|c| (&c.0.c_z, c.1))), (r, &*in_r, &g.u_r, ctx.map(|c| (&c.0.c_r, c.1)))]
    {
        let a = block_mut(gate, from, count); // a_z or a_r, (n, count)
        a.copy_from_slice(block(input, from, count));
        mul(1.0, a, u, false, h_prev);
        if let Some((c_w, c)) = c_w {
            mul(1.0, a, c_w, false, c);
        }
        sigmoid_slice(a); // the system's exp, eight at a time
    }
    let rh = block_mut(rh, from, count);
    rh.iter_mut().zip(block(&s.r, from, count)).zip(h_prev).for_each(|((o, r), h)| *o = r * h); // r ∘ h_prev
    let a_h = block_mut(h_tilde, from, count); // (n, count)
    a_h.copy_from_slice(block(in_h, from, count));
    mul(1.0, a_h, &g.u, false, rh);
    if let Some((cw, c)) = ctx {
        mul(1.0, a_h, &cw.c, false, c);
    }
    tanh_slice(a_h); // the system's tanh, eight at a time
    let (z, ht) = (block(&s.z, from, count), block(&s.h_tilde, from, count));
    let out = block_mut(h, from, count);
    let each = out.chunks_exact_mut(n).zip(h_prev.chunks_exact(n)).zip(z.chunks_exact(n).zip(ht.chunks_exact(n)));
    for (col, ((o, hp), (z, ht))) in each.enumerate() {
        match (cols.live)(col) {
            true => blend(o, z, hp, ht),
            false => o.copy_from_slice(hp),
        }
    }
}

/// ∂a_z, ∂a_r, ∂a_h (the pre-activations) of every step, (n, T·B).
pub struct PreGrads {
    pub a_z: Mat,
    pub a_r: Mat,
    pub a_h: Mat,
}

impl PreGrads {
    pub fn new(n: usize, cols: usize) -> PreGrads {
        PreGrads { a_z: Mat::zeros(n, cols), a_r: Mat::zeros(n, cols), a_h: Mat::zeros(n, cols) }
    }
}

/// Backward of step t from ∂h (n, B): writes ∂a_* of step t, ∂h_prev into
/// `d_h_prev` (n, B), and adds Cᵀ ∂a into `d_c` (k, B) for the decoder.
/// Only the columns `cols` names are computed: past them ∂a_* stays zero and
/// ∂h_prev is zero, as is a column with `live` false (it passed h_prev
/// through, and its h_prev is the constant starting state).
#[allow(clippy::too_many_arguments)]
pub fn step_backward(
    tr: &Transposed,
    s: &Steps,
    t: usize,
    d_h: &[f64],
    pg: &mut PreGrads,
    d_h_prev: &mut [f64],
    d_c: Option<&mut [f64]>,
    cols: Cols,
) {
    let (from, count, n) = (t * s.b, cols.count, tr.u.nrows());
    d_h_prev[count * n..].fill(0.0);
    let (d_h, d_h_prev) = (&d_h[..count * n], &mut d_h_prev[..count * n]);
    let first = |m| block(m, from, count);
    let (z, r, ht, hp) = (first(&s.z), first(&s.r), first(&s.h_tilde), first(&s.h_prev));
    through_blend(d_h, (z, ht), d_h_prev, block_mut(&mut pg.a_h, from, count)); // through (1 − z) ∘ h_prev and z ∘ tanh(a_h)
    let mut d_rh = vec![0.0; count * n];
    mul(0.0, &mut d_rh, &tr.u, false, block(&pg.a_h, from, count)); // ∂(r ∘ h_prev) = Uᵀ ∂a_h
    let a = (block_mut(&mut pg.a_z, from, count), block_mut(&mut pg.a_r, from, count));
    through_gates((d_h, &d_rh), (z, r, ht, hp), d_h_prev, a);
    for col in (0..count).filter(|&col| !(cols.live)(col)) {
        for m in [&mut pg.a_z, &mut pg.a_r, &mut pg.a_h] {
            block_mut(m, from + col, 1).fill(0.0);
        }
    }
    let (a_z, a_r, a_h) = (first(&pg.a_z), first(&pg.a_r), first(&pg.a_h));
    mul(1.0, d_h_prev, &tr.u_z, false, a_z);
    mul(1.0, d_h_prev, &tr.u_r, false, a_r);
    for col in (0..count).filter(|&col| !(cols.live)(col)) {
        d_h_prev[col * n..(col + 1) * n].fill(0.0);
    }
    if let (Some([c, c_z, c_r]), Some(d_c)) = (&tr.c, d_c) {
        let d_c = &mut d_c[..count * c.nrows()];
        mul(1.0, d_c, c, false, a_h);
        mul(1.0, d_c, c_z, false, a_z);
        mul(1.0, d_c, c_r, false, a_r);
    }
}

/// Σ_j ∂a_j x_jᵀ into W_*, Σ_j ∂a_j h_prev,jᵀ into U_* ((r ∘ h_prev) for U),
/// Σ_j ∂a_j c_jᵀ into C_* when `ctx` is given, over every column j; then
/// ∂X = β ∂X + Wᵀ ∂A_h + W_zᵀ ∂A_z + W_rᵀ ∂A_r.
#[allow(clippy::too_many_arguments)]
pub fn weight_grads(
    g: &Gru,
    d_g: &mut Gru,
    ctx: Option<(&mut ContextWeights, &Mat)>,
    s: &Steps,
    pg: &PreGrads,
    x: &Mat,
    d_x: &mut Mat,
    beta: f64,
) {
    let (a_z, a_r, a_h) = (pg.a_z.as_view(), pg.a_r.as_view(), pg.a_h.as_view());
    outers([(&mut d_g.w, a_h), (&mut d_g.w_z, a_z), (&mut d_g.w_r, a_r)], x.as_view());
    outers([(&mut d_g.u, a_h)], s.rh.as_view());
    outers([(&mut d_g.u_z, a_z), (&mut d_g.u_r, a_r)], s.h_prev.as_view());
    if let Some((d_cw, c)) = ctx {
        outers([(&mut d_cw.c, a_h), (&mut d_cw.c_z, a_z), (&mut d_cw.c_r, a_r)], c.as_view());
    }
    let dx = d_x.as_mut_slice();
    mul(beta, dx, &g.w, true, pg.a_h.as_slice());
    mul(1.0, dx, &g.w_z, true, pg.a_z.as_slice());
    mul(1.0, dx, &g.w_r, true, pg.a_r.as_slice());
}
