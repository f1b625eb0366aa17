//! The backward pass of [`super::forward::teacher_forced`], from the
//! tensors left in the [`Workspace`]: the same derivatives as the readable
//! `*_backward` functions, with every weight gradient Σ_t ∂a_t x_tᵀ taken as
//! one product ∂A Xᵀ after the loop instead of T rank-one updates inside it.

use super::blas;
use super::columns::{col, col_mut, cols, cols_mut, fit, fit_vec, vview};
use super::direction::Dir;
use super::gemm::{Op, mm};
use super::gru::{PreGrads, step_backward};
use super::kernels::energies_fused_backward;
use super::product::{ProductGrads, Score};
use super::workspace::{Buffers, Workspace};
use crate::model::{ContextWeights, Gru, Mat, Params};
use nalgebra::DMatrixView;

/// Σ_i ∂a_i x_iᵀ into W_*, Σ_i ∂a_i h_prevᵀ into U_* (r ∘ h_prev for U), the
/// decoder's C_* from c; ∂X = Wᵀ ∂A_h + W_zᵀ ∂A_z + W_rᵀ ∂A_r into `d_x` (+ β d_x).
#[allow(clippy::too_many_arguments)]
fn weight_grads(
    g: &Gru,
    d_g: &mut Gru,
    ctx: Option<(&mut ContextWeights, DMatrixView<f64>)>,
    dir: &Dir,
    pre: &PreGrads,
    x: DMatrixView<f64>,
    rh: &mut Mat,
    d_x: &mut Mat,
    beta: f64,
) {
    let (n, t) = (g.u.nrows(), x.ncols());
    fit(rh, n, t);
    for i in 0..t {
        let (r, hp) = (col(&dir.r, i), col(&dir.h_prev, i));
        col_mut(rh, i).iter_mut().enumerate().for_each(|(k, o)| *o = r[k] * hp[k]);
    }
    let (a_z, a_r, a_h) = (cols(&pre.a_z, t), cols(&pre.a_r, t), cols(&pre.a_h, t)); // (n, T)
    let hp = cols(&dir.h_prev, t);
    let updates = [
        (&mut d_g.w, a_h, x),
        (&mut d_g.w_z, a_z, x),
        (&mut d_g.w_r, a_r, x),
        (&mut d_g.u, a_h, cols(rh, t)),
        (&mut d_g.u_z, a_z, hp),
        (&mut d_g.u_r, a_r, hp),
    ];
    for (w, a, b) in updates {
        mm(1.0, &mut w.as_view_mut(), 1.0, Op(a, false), Op(b, true));
    }
    if let Some((d_cw, c)) = ctx {
        for (w, a) in [(&mut d_cw.c, a_h), (&mut d_cw.c_z, a_z), (&mut d_cw.c_r, a_r)] {
            mm(1.0, &mut w.as_view_mut(), 1.0, Op(a, false), Op(c, true));
        }
    }
    fit(d_x, x.nrows(), t);
    let mut dx = cols_mut(d_x, t);
    mm(beta, &mut dx, 1.0, Op(g.w.as_view(), true), Op(a_h, false));
    mm(1.0, &mut dx, 1.0, Op(g.w_z.as_view(), true), Op(a_z, false));
    mm(1.0, &mut dx, 1.0, Op(g.w_r.as_view(), true), Op(a_r, false));
}

/// Backpropagation through one encoder direction from ∂h in `b.d_dir`, then
/// its weight gradients; ∂X is added into `b.d_x` when `beta` is 1.
fn direction_backward(
    g: &Gru,
    d_g: &mut Gru,
    dir: &Dir,
    x: DMatrixView<f64>,
    reverse: bool,
    b: &mut Buffers,
    beta: f64,
) {
    let t = x.ncols();
    fit(&mut b.pre.a_z, g.u.nrows(), t);
    fit(&mut b.pre.a_r, g.u.nrows(), t);
    fit(&mut b.pre.a_h, g.u.nrows(), t);
    b.carry.fill(0.0);
    b.tr_enc.fill(g, None);
    for k in 0..t {
        let i = if reverse { k } else { t - 1 - k }; // the forward order, backwards
        let d_hi = col_mut(&mut b.d_dir, i);
        d_hi.iter_mut().zip(b.carry.iter()).for_each(|(d, c)| *d += c); // from H and from step i ± 1
        step_backward(&b.tr_enc, dir, i, col(&b.d_dir, i), &mut b.pre, &mut b.d_h_prev, &mut b.d_rh, None);
        b.carry.copy_from(&b.d_h_prev);
    }
    weight_grads(g, d_g, None, dir, &b.pre, x, &mut b.rh, &mut b.d_x, beta);
}

// ANCHOR: backward
/// Adds ∂L/∂θ into `g` for the pair whose forward pass is in `ws`.
pub fn backward(p: &Params, ws: &mut Workspace, source: &[usize], target: &[usize], bos: usize, g: &mut Params) {
    backward_with(p, Score::Additive, ws, (source, target, bos), g, None);
}

/// [`backward`] for the score `score`; a product score's gradients go into `pg`.
pub fn backward_with(
    p: &Params,
    score: Score,
    ws: &mut Workspace,
    (source, target, bos): (&[usize], &[usize], usize),
    g: &mut Params,
    pg: Option<ProductGrads>,
) {
    let (t_x, t_y) = (ws.t_x, ws.t_y);
    let Workspace {
        x,
        fwd,
        bwd,
        h,
        ua_h,
        s_0,
        y,
        dec,
        queries,
        hidden,
        alpha,
        c,
        t_tilde,
        t_max,
        p: probs,
        grads: b,
        ..
    } = ws;
    let (n, n_a, scale) = (p.W_s.nrows(), ua_h.nrows(), 1.0 / t_y as f64);
    for (m, rows, t) in [
        (&mut b.d_logits, p.W_o.nrows(), t_y),
        (&mut b.d_t_max, p.W_o.ncols(), t_y),
        (&mut b.d_t_tilde, p.U_o.nrows(), t_y),
        (&mut b.d_s, n, t_y),
        (&mut b.d_y, p.E_y.nrows(), t_y),
        (&mut b.d_c, 2 * n, t_y),
        (&mut b.d_q, n_a, t_y),
        (&mut b.d_ua_h, n_a, t_x),
        (&mut b.d_h, 2 * n, t_x),
        (&mut b.d_dir, n, t_x),
    ] {
        fit(m, rows, t);
    }
    for v in [&mut b.carry, &mut b.d_h_prev, &mut b.d_rh] {
        fit_vec(v, n);
    }
    b.d_alpha.resize(t_x, 0.0);
    b.d_e.resize(t_x, 0.0);
    // p(y_t) = softmax(W_o t_t): ∂logits = (p − onehot y_t) / T_y
    cols_mut(&mut b.d_logits, t_y).copy_from(&cols(probs, t_y));
    b.d_logits.columns_mut(0, t_y).apply(|v| *v *= scale);
    target.iter().enumerate().for_each(|(t, &y_t)| b.d_logits[(y_t, t)] -= scale);
    let d_logits = cols(&b.d_logits, t_y);
    mm(1.0, &mut g.W_o.as_view_mut(), 1.0, Op(d_logits, false), Op(cols(t_max, t_y), true));
    mm(0.0, &mut cols_mut(&mut b.d_t_max, t_y), 1.0, Op(p.W_o.as_view(), true), Op(d_logits, false));
    // maxout: the unit that won gets the gradient (ties go to the first)
    for t in 0..t_y {
        let (tt, dt, out) = (col(t_tilde, t), col(&b.d_t_max, t), col_mut(&mut b.d_t_tilde, t));
        for (k, o) in out.iter_mut().enumerate() {
            let won = if k % 2 == 0 { tt[k] >= tt[k + 1] } else { tt[k] > tt[k - 1] };
            *o = if won { dt[k / 2] } else { 0.0 };
        }
    }
    // t̃ = U_o s_t + V_o E_y y_{t−1} + C_o c_t, for every t at once
    let d_tt = cols(&b.d_t_tilde, t_y);
    for (w, d_w, input, d_input) in [
        (&p.U_o, &mut g.U_o, cols(&dec.h, t_y), &mut b.d_s),
        (&p.V_o, &mut g.V_o, cols(y, t_y), &mut b.d_y),
        (&p.C_o, &mut g.C_o, cols(c, t_y), &mut b.d_c),
    ] {
        mm(1.0, &mut d_w.as_view_mut(), 1.0, Op(d_tt, false), Op(input, true));
        mm(0.0, &mut cols_mut(d_input, t_y), 1.0, Op(w.as_view(), true), Op(d_tt, false));
    }
    // back through the decoder, t = T_y … 1
    for m in [&mut b.pre.a_z, &mut b.pre.a_r, &mut b.pre.a_h] {
        fit(m, n, t_y);
    }
    b.carry.fill(0.0);
    cols_mut(&mut b.d_ua_h, t_x).fill(0.0);
    b.tr_dec.fill(&p.dec, Some(&p.dec_c));
    for t in (0..t_y).rev() {
        col_mut(&mut b.d_s, t).iter_mut().zip(b.carry.iter()).for_each(|(d, c)| *d += c); // ∂s_t
        let d_c = Some(col_mut(&mut b.d_c, t));
        step_backward(&b.tr_dec, dec, t, col(&b.d_s, t), &mut b.pre, &mut b.d_h_prev, &mut b.d_rh, d_c);
        // c_t = H α_t: ∂α_t = Hᵀ ∂c_t; α = softmax(e): ∂e = α ∘ (∂α − αᵀ ∂α)
        blas::gemv_tr(1.0, &h.as_slice()[..h.nrows() * t_x], col(&b.d_c, t), 0.0, &mut b.d_alpha[..t_x]);
        let a = &alpha[t * t_x..(t + 1) * t_x];
        let mean: f64 = a.iter().zip(&b.d_alpha).map(|(a, d)| a * d).sum();
        b.d_e.iter_mut().zip(a.iter().zip(&b.d_alpha)).for_each(|(o, (a, d))| *o = a * (d - mean));
        b.carry.copy_from(&b.d_h_prev); // ∂s_{t−1}: what the GRU sent back, plus the query's part
        let d_keys = &mut b.d_ua_h.as_mut_slice()[..n_a * t_x];
        match score {
            Score::Additive => {
                let cache = &hidden[t * n_a * t_x..(t + 1) * n_a * t_x];
                let (d_q, d_v_a) = (col_mut(&mut b.d_q, t), g.v_a.as_mut_slice());
                energies_fused_backward(cache, p.v_a.as_slice(), &b.d_e, d_q, d_keys, d_v_a);
                blas::gemv_tr(1.0, p.W_a.as_slice(), col(&b.d_q, t), 1.0, b.carry.as_mut_slice()); // q = W_a s_{t−1}: W_aᵀ ∂q
            }
            Score::Product(s) => {
                let keys = &ua_h.as_slice()[..n_a * t_x];
                s.step_backward(keys, col(queries, t), &b.d_e, col_mut(&mut b.d_q, t), d_keys, b.carry.as_mut_slice());
            }
        }
    }
    let s_prev = cols(&dec.h_prev, t_y);
    if let Score::Additive = score {
        mm(1.0, &mut g.W_a.as_view_mut(), 1.0, Op(cols(&b.d_q, t_y), false), Op(s_prev, true));
    }
    let ctx = Some((&mut g.dec_c, cols(c, t_y)));
    weight_grads(&p.dec, &mut g.dec, ctx, dec, &b.pre, cols(y, t_y), &mut b.rh, &mut b.d_y, 1.0);
    for t in 0..t_y {
        let y_prev = if t == 0 { bos } else { target[t - 1] };
        let mut e = g.E_y.column_mut(y_prev); // ∂E_y y_{t−1}
        e += b.d_y.column(t);
    }
    // ∂H = Σ_t ∂c_t α_tᵀ + U_aᵀ ∂(U_a H); ∂U_a = ∂(U_a H) Hᵀ
    let a_all = DMatrixView::from_slice(&alpha[..t_x * t_y], t_x, t_y); // (T_x, T_y)
    mm(0.0, &mut cols_mut(&mut b.d_h, t_x), 1.0, Op(cols(&b.d_c, t_y), false), Op(a_all, true));
    match score {
        Score::Additive => {
            mm(1.0, &mut cols_mut(&mut b.d_h, t_x), 1.0, Op(p.U_a.as_view(), true), Op(cols(&b.d_ua_h, t_x), false));
            mm(1.0, &mut g.U_a.as_view_mut(), 1.0, Op(cols(&b.d_ua_h, t_x), false), Op(cols(h, t_x), true));
        }
        Score::Product(s) => {
            let pg = pg.unwrap_or(ProductGrads { w_q: None, w_k: None });
            let (d_q, d_keys) = (cols(&b.d_q, t_y), cols(&b.d_ua_h, t_x));
            s.finish_backward(pg, (d_q, cols(&dec.h_prev, t_y)), (d_keys, cols(h, t_x)), &mut b.d_h);
        }
    }
    // s_0 = tanh(W_s ←h_1): ∂a = ∂s_0 ∘ (1 − s_0²)
    b.carry.iter_mut().zip(s_0.iter()).for_each(|(d, s)| *d *= 1.0 - s * s);
    g.W_s.ger(1.0, &b.carry, &vview(col(&bwd.h, 0)), 1.0);
    blas::gemv_tr(1.0, p.W_s.as_slice(), b.carry.as_slice(), 1.0, &mut col_mut(&mut b.d_h, 0)[n..2 * n]); // ∂←h_1 += W_sᵀ ∂a
    // H = [→h; ←h]: the top half to →h, the bottom half to ←h
    let x = cols(x, t_x);
    cols_mut(&mut b.d_dir, t_x).copy_from(&b.d_h.view((0, 0), (n, t_x)));
    direction_backward(&p.fwd, &mut g.fwd, fwd, x, false, b, 0.0);
    cols_mut(&mut b.d_dir, t_x).copy_from(&b.d_h.view((n, 0), (n, t_x)));
    direction_backward(&p.bwd, &mut g.bwd, bwd, x, true, b, 1.0);
    for (i, &id) in source.iter().enumerate() {
        let mut e = g.E_x.column_mut(id); // X = E_x[x]
        e += b.d_x.column(i);
    }
}
// ANCHOR_END: backward
