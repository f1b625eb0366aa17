//! The forward pass into a [`Workspace`]: the encoder, each decoder step
//! (query, fused energies, α, c_t, s_t), then the deep output of every t.

use super::columns::{col, col_mut, cols, cols_mut, fit, fit_vec};
use super::direction::Dir;
use super::gemm::{Op, mm};
use super::kernels::{energies_fused, gemv};
use super::keys::matmul;
use super::product::Score;
use super::softmax::softmax_columns;
use super::workspace::Workspace;
use super::{blas, gru};
use crate::model::{Gru, Mat, Params, Vector};
use nalgebra::DMatrixView;

/// One direction of the encoder over the columns of X (reversed for ←h).
fn run_direction(g: &Gru, x: DMatrixView<f64>, reverse: bool, d: &mut Dir, hp: &mut Vector, rh: &mut Vector) {
    let (n, t) = (g.u.nrows(), x.ncols());
    d.fit(n, t);
    // W_z X, W_r X, W X for every i at once: (n, m)·(m, T_x)
    for (m, w) in [(&mut d.in_z, &g.w_z), (&mut d.in_r, &g.w_r), (&mut d.in_h, &g.w)] {
        mm(0.0, &mut cols_mut(m, t), 1.0, Op(w.as_view(), false), Op(x, false));
    }
    hp.fill(0.0); // →h_0 = 0, ←h_{T_x+1} = 0
    for k in 0..t {
        let i = if reverse { t - 1 - k } else { k };
        if k > 0 {
            hp.copy_from_slice(col(&d.h, if reverse { i + 1 } else { i - 1 }));
        }
        gru::step(g, None, d, i, hp.as_slice(), rh);
    }
}

/// X, →h, ←h, H = [→h; ←h], the keys (U_a H, or the score's K) and
/// s_0 = tanh(W_s ←h_1).
pub fn encode(p: &Params, score: Score, ws: &mut Workspace, source: &[usize]) {
    let (n, t_x) = (p.W_s.nrows(), source.len());
    ws.t_x = t_x;
    let Workspace { x, fwd, bwd, h, ua_h, s_0, hp, rh, .. } = ws;
    fit(x, p.E_x.nrows(), t_x);
    fit_vec(hp, n);
    fit_vec(rh, n);
    for (i, &id) in source.iter().enumerate() {
        col_mut(x, i).copy_from_slice(col(&p.E_x, id));
    }
    run_direction(&p.fwd, cols(x, t_x), false, fwd, hp, rh);
    run_direction(&p.bwd, cols(x, t_x), true, bwd, hp, rh);
    fit(h, 2 * n, t_x);
    h.view_mut((0, 0), (n, t_x)).copy_from(&cols(&fwd.h, t_x));
    h.view_mut((n, 0), (n, t_x)).copy_from(&cols(&bwd.h, t_x));
    match score {
        Score::Additive => {
            let n_a = p.W_a.nrows();
            fit(ua_h, n_a, t_x);
            let (two_n, keys) = (h.nrows(), &mut ua_h.as_mut_slice()[..n_a * t_x]);
            matmul(n_a, two_n, p.U_a.as_slice(), &h.as_slice()[..two_n * t_x], keys); // U_a H, (n', T_x)
        }
        Score::Product(s) => {
            let d_k = s.d_k(h.nrows());
            fit(ua_h, d_k, t_x);
            s.keys(h.nrows(), &h.as_slice()[..h.nrows() * t_x], &mut ua_h.as_mut_slice()[..d_k * t_x]); // K, (d_k, T_x)
        }
    }
    fit_vec(s_0, n);
    blas::gemv(1.0, p.W_s.as_slice(), col(&bwd.h, 0), 0.0, s_0.as_mut_slice());
    s_0.apply(|v| *v = v.tanh());
}

/// Room for `t_y` decoder steps after [`encode`].
fn fit_decoder(p: &Params, ws: &mut Workspace, t_y: usize) {
    let (n, n_a, t_x) = (p.W_s.nrows(), ws.ua_h.nrows(), ws.t_x);
    ws.t_y = t_y;
    fit(&mut ws.y, p.E_y.nrows(), t_y);
    ws.dec.fit(n, t_y);
    fit_vec(&mut ws.q, n_a);
    fit(&mut ws.queries, n_a, t_y);
    ws.e.resize(ws.e.len().max(t_x * t_y), 0.0);
    ws.alpha.resize(ws.alpha.len().max(t_x * t_y), 0.0);
    ws.hidden.resize(ws.hidden.len().max(n_a * t_x * t_y), 0.0);
    fit(&mut ws.c, 2 * n, t_y);
    fit(&mut ws.t_tilde, p.U_o.nrows(), t_y);
    fit(&mut ws.t_max, p.W_o.ncols(), t_y);
    fit(&mut ws.p, p.W_o.nrows(), t_y);
}

// ANCHOR: attend_and_step
/// Decoder step t: e_t (fused), α_t, c_t = H α_t and s_t; with `keep_hidden`
/// the tanh values stay in ws.hidden for the backward pass.
pub fn attend_and_step(p: &Params, score: Score, ws: &mut Workspace, t: usize, y_prev: usize, keep_hidden: bool) {
    let Workspace { t_x, h, ua_h, s_0, y, dec, q, queries, e, hidden, alpha, c, hp, rh, .. } = ws;
    let (n_a, t_x) = (ua_h.nrows(), *t_x);
    hp.copy_from_slice(if t == 0 { s_0.as_slice() } else { col(&dec.h, t - 1) }); // s_{t−1}
    let e = &mut e[t * t_x..(t + 1) * t_x]; // e_t, (T_x)
    match score {
        Score::Additive => {
            gemv(n_a, p.W_a.as_slice(), hp.as_slice(), q.as_mut_slice()); // W_a s_{t−1}, (n')
            let cache = keep_hidden.then(|| &mut hidden[t * n_a * t_x..(t + 1) * n_a * t_x]);
            energies_fused(q.as_slice(), &ua_h.as_slice()[..n_a * t_x], p.v_a.as_slice(), e, cache);
        }
        Score::Product(s) => {
            s.energies(hp.as_slice(), &ua_h.as_slice()[..n_a * t_x], q.as_mut_slice(), e); // γ Kᵀ q
            if keep_hidden {
                col_mut(queries, t).copy_from_slice(q.as_slice());
            }
        }
    }
    let a = &mut alpha[t * t_x..(t + 1) * t_x]; // α_t = softmax(e_t)
    a.copy_from_slice(e);
    softmax_columns(a, t_x);
    gemv(h.nrows(), &h.as_slice()[..h.nrows() * t_x], a, col_mut(c, t)); // c_t = H α_t, (2n)
    col_mut(y, t).copy_from_slice(col(&p.E_y, y_prev)); // E_y y_{t−1}
    for (m, w) in [(&mut dec.in_z, &p.dec.w_z), (&mut dec.in_r, &p.dec.w_r), (&mut dec.in_h, &p.dec.w)] {
        blas::gemv(1.0, w.as_slice(), col(y, t), 0.0, col_mut(m, t));
    }
    gru::step(&p.dec, Some((&p.dec_c, col(c, t))), dec, t, hp.as_slice(), rh); // s_t
}
// ANCHOR_END: attend_and_step

/// t̃ = U_o s_t + V_o E_y y_{t−1} + C_o c_t, maxout and p(y_t) for `count`
/// positions from `from`: one product per weight for all of them.
pub fn output(p: &Params, ws: &mut Workspace, from: usize, count: usize) {
    let Workspace { dec, y, c, t_tilde, t_max, p: probs, .. } = ws;
    let terms = [(&p.U_o, &dec.h), (&p.V_o, &*y), (&p.C_o, &*c)];
    for (k, (w, input)) in terms.into_iter().enumerate() {
        let beta = if k == 0 { 0.0 } else { 1.0 };
        if count == 1 {
            // one column: a matrix-vector product, which packs nothing
            blas::gemv(1.0, w.as_slice(), col(input, from), beta, col_mut(t_tilde, from));
        } else {
            let (mut tt, x) = (t_tilde.columns_mut(from, count), input.columns(from, count)); // (2l, count)
            mm(beta, &mut tt, 1.0, Op(w.as_view(), false), Op(x, false));
        }
    }
    for t in from..from + count {
        let (src, out) = (col(t_tilde, t), col_mut(t_max, t));
        out.iter_mut().enumerate().for_each(|(j, o)| *o = src[2 * j].max(src[2 * j + 1])); // maxout
    }
    if count == 1 {
        blas::gemv(1.0, p.W_o.as_slice(), col(t_max, from), 0.0, col_mut(probs, from));
    } else {
        let (mut logits, x) = (probs.columns_mut(from, count), t_max.columns(from, count));
        mm(0.0, &mut logits, 1.0, Op(p.W_o.as_view(), false), Op(x, false));
    }
    let k_y = probs.nrows();
    softmax_columns(&mut probs.as_mut_slice()[from * k_y..(from + count) * k_y], k_y); // p(y_t) of each t
}

/// One decoder position from any s_{t−1} and y_{t−1}, after [`encode`]: what
/// a beam search expands each hypothesis with. s_{t−1} goes in as the
/// state of position 0, so position 1 is computed: its s_t in `dec.h`, α_t
/// in `alpha[T_x ..]` and p(y_t) in column 1 of `p`.
pub fn step_from(p: &Params, score: Score, ws: &mut Workspace, s_prev: &[f64], y_prev: usize) {
    fit_decoder(p, ws, 2);
    col_mut(&mut ws.dec.h, 0).copy_from_slice(s_prev);
    attend_and_step(p, score, ws, 1, y_prev, false);
    output(p, ws, 1, 1);
}

/// The encoder and every decoder step of the pair, each fed the reference's
/// previous word; `keep_hidden` as in [`attend_and_step`].
fn steps_teacher_forced(
    p: &Params,
    score: Score,
    ws: &mut Workspace,
    (source, target, bos): (&[usize], &[usize], usize),
    keep_hidden: bool,
) {
    encode(p, score, ws, source);
    fit_decoder(p, ws, target.len());
    for t in 0..target.len() {
        attend_and_step(p, score, ws, t, if t == 0 { bos } else { target[t - 1] }, keep_hidden);
    }
}

/// The whole pair teacher-forced; returns L = mean over t of −ln p_t(y_t).
pub fn teacher_forced(p: &Params, ws: &mut Workspace, source: &[usize], target: &[usize], bos: usize) -> f64 {
    teacher_forced_with(p, Score::Additive, ws, source, target, bos)
}

/// [`teacher_forced`] with the score `score`.
pub fn teacher_forced_with(
    p: &Params,
    score: Score,
    ws: &mut Workspace,
    source: &[usize],
    target: &[usize],
    bos: usize,
) -> f64 {
    steps_teacher_forced(p, score, ws, (source, target, bos), true);
    output(p, ws, 0, target.len());
    let total: f64 = target.iter().enumerate().map(|(t, &y)| -ws.p[(y, t)].ln()).sum();
    total / target.len() as f64
}

/// α of the teacher-forced pair, (T_y, T_x): the encoder and every decoder
/// step, without the output layer, which α does not depend on. What an
/// experiment's α watch reads many times during training; the readable
/// trace gives the same α to rounding.
pub fn alignment_with(
    p: &Params,
    score: Score,
    ws: &mut Workspace,
    source: &[usize],
    target: &[usize],
    bos: usize,
) -> Mat {
    steps_teacher_forced(p, score, ws, (source, target, bos), false);
    let t_x = ws.t_x;
    Mat::from_fn(target.len(), t_x, |t, i| ws.alpha[t * t_x + i])
}

/// Greedy decoding: the most probable word is fed back until `eos` or `max_len`.
pub fn greedy_decode(
    p: &Params,
    ws: &mut Workspace,
    source: &[usize],
    bos: usize,
    eos: usize,
    max_len: usize,
) -> Vec<usize> {
    greedy_decode_with(p, Score::Additive, ws, source, (bos, eos, max_len))
}

/// [`greedy_decode`] with the score `score`.
pub fn greedy_decode_with(
    p: &Params,
    score: Score,
    ws: &mut Workspace,
    source: &[usize],
    (bos, eos, max_len): (usize, usize, usize),
) -> Vec<usize> {
    encode(p, score, ws, source);
    fit_decoder(p, ws, max_len);
    let (mut y, mut out) = (bos, Vec::with_capacity(max_len));
    for t in 0..max_len {
        attend_and_step(p, score, ws, t, y, false);
        output(p, ws, t, 1);
        // the first of equal maxima, as Vector::argmax picks
        y = col(&ws.p, t).iter().enumerate().fold(0, |best, (k, &v)| if v > ws.p[(best, t)] { k } else { best });
        out.push(y);
        if y == eos {
            break;
        }
    }
    out
}
