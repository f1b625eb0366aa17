//! The classic wrong answers, written out in each exercise's signature. The
//! checker runs them beside the learner's function to name the mistake, and the
//! self-tests feed them in as a learner would, to prove each one is caught.

use super::reference;
use crate::model::attention::{broadcast_sum, energies, key_projections, query_projection, softmax};
use crate::model::encoder::embed;
use crate::model::gru::sigmoid;
use crate::model::{ContextWeights, Gru, Mat, Vector};

fn ones(n: usize) -> Vector {
    Vector::from_element(n, 1.0)
}

pub fn embed_transposed(e: &Mat, ids: &[usize]) -> Mat {
    embed(e, ids).transpose() // (T, m)
}

/// The GRU with switches for the two ways PyTorch differs, and for where c enters.
struct GruVariant {
    pytorch_gate: bool,
    reset_after_u: bool,
    c_in_gates: bool,
    c_in_candidate: bool,
}

fn gru_variant(v: GruVariant, g: &Gru, x: &Vector, h_prev: &Vector, ctx: Option<(&ContextWeights, &Vector)>) -> Vector {
    let (mut a_z, mut a_r) = (&g.w_z * x + &g.u_z * h_prev, &g.w_r * x + &g.u_r * h_prev);
    let mut a_h = &g.w * x;
    if let Some((cw, c)) = ctx {
        if v.c_in_gates {
            a_z += &cw.c_z * c;
            a_r += &cw.c_r * c;
        }
        if v.c_in_candidate {
            a_h += &cw.c * c;
        }
    }
    let (z, r) = (sigmoid(&a_z), sigmoid(&a_r));
    a_h += if v.reset_after_u { r.component_mul(&(&g.u * h_prev)) } else { &g.u * r.component_mul(h_prev) };
    let h_tilde = a_h.map(f64::tanh);
    let keep = if v.pytorch_gate { z.clone() } else { ones(z.len()) - &z };
    keep.component_mul(h_prev) + (ones(z.len()) - keep).component_mul(&h_tilde)
}

const PAPER: GruVariant =
    GruVariant { pytorch_gate: false, reset_after_u: false, c_in_gates: true, c_in_candidate: true };

pub fn gru_pytorch_update_gate(g: &Gru, x: &Vector, h_prev: &Vector) -> Vector {
    gru_variant(GruVariant { pytorch_gate: true, ..PAPER }, g, x, h_prev, None)
}

pub fn gru_reset_after_u(g: &Gru, x: &Vector, h_prev: &Vector) -> Vector {
    gru_variant(GruVariant { reset_after_u: true, ..PAPER }, g, x, h_prev, None)
}

/// The candidate h~ of the paper's GRU, returned in place of the mixed state.
fn candidate(g: &Gru, x: &Vector, h_prev: &Vector, ctx: Option<(&ContextWeights, &Vector)>) -> Vector {
    let mut a_r = &g.w_r * x + &g.u_r * h_prev;
    let mut a_h = &g.w * x;
    if let Some((cw, c)) = ctx {
        a_r += &cw.c_r * c;
        a_h += &cw.c * c;
    }
    (a_h + &g.u * sigmoid(&a_r).component_mul(h_prev)).map(f64::tanh)
}

pub fn gru_candidate_returned(g: &Gru, x: &Vector, h_prev: &Vector) -> Vector {
    candidate(g, x, h_prev, None)
}

pub fn annotations_forward_only(h_fwd: &Mat, _h_bwd: &Mat) -> Mat {
    h_fwd.clone()
}

pub fn annotations_forward_twice(h_fwd: &Mat, _h_bwd: &Mat) -> Mat {
    reference_annotations(h_fwd, h_fwd)
}

pub fn annotations_backward_on_top(h_fwd: &Mat, h_bwd: &Mat) -> Mat {
    reference_annotations(h_bwd, h_fwd)
}

pub fn annotations_backward_reversed(h_fwd: &Mat, h_bwd: &Mat) -> Mat {
    let t = h_bwd.ncols();
    reference_annotations(h_fwd, &Mat::from_fn(h_bwd.nrows(), t, |d, i| h_bwd[(d, t - 1 - i)]))
}

fn reference_annotations(top: &Mat, bottom: &Mat) -> Mat {
    crate::model::encoder::annotations(top, bottom)
}

pub fn broadcast_wrong_axis(wa_s: &Vector, ua_h: &Mat) -> Mat {
    Mat::from_fn(ua_h.nrows(), ua_h.ncols(), |k, i| wa_s[i] + ua_h[(k, i)]) // panics unless n' = T_x
}

pub fn broadcast_tanh_applied(wa_s: &Vector, ua_h: &Mat) -> Mat {
    broadcast_sum(wa_s, ua_h).map(f64::tanh)
}

fn pre_energies(w_a: &Mat, u_a: &Mat, s_col: usize, s: &Mat, h: &Mat) -> Mat {
    broadcast_sum(&query_projection(w_a, &s.column(s_col).into_owned()), &key_projections(u_a, h)) // (n', T_x)
}

pub fn energies_s_t_for_s_prev(w_a: &Mat, u_a: &Mat, v_a: &Mat, s: &Mat, t: usize, h: &Mat) -> Vector {
    energies(v_a, &pre_energies(w_a, u_a, t, s, h).map(f64::tanh))
}

pub fn energies_no_tanh(w_a: &Mat, u_a: &Mat, v_a: &Mat, s: &Mat, t: usize, h: &Mat) -> Vector {
    energies(v_a, &pre_energies(w_a, u_a, t - 1, s, h))
}

pub fn energies_no_v_a(w_a: &Mat, u_a: &Mat, _v_a: &Mat, s: &Mat, t: usize, h: &Mat) -> Vector {
    pre_energies(w_a, u_a, t - 1, s, h).map(f64::tanh).row_sum().transpose()
}

pub fn softmax_no_max(e: &Vector) -> Vector {
    let exps = e.map(f64::exp);
    &exps / exps.sum()
}

pub fn softmax_not_normalised(e: &Vector) -> Vector {
    e.add_scalar(-e.max()).map(f64::exp)
}

pub fn softmax_numerator_unshifted(e: &Vector) -> Vector {
    let total = e.add_scalar(-e.max()).map(f64::exp).sum(); // shifted below the line only
    e.map(f64::exp) / total
}

fn rows_softmax(e: &Mat) -> Mat {
    let mut out = e.clone();
    for b in 0..e.nrows() {
        let row = softmax(&e.row(b).transpose());
        out.row_mut(b).copy_from(&row.transpose());
    }
    out
}

pub fn masked_wrong_axis(e: &Mat, mask: &Mat) -> Mat {
    reference::masked_softmax(&e.transpose(), &mask.transpose()).transpose()
}

pub fn masked_multiplied(e: &Mat, mask: &Mat) -> Mat {
    rows_softmax(&e.component_mul(mask))
}

pub fn masked_wrong_sign(e: &Mat, mask: &Mat) -> Mat {
    rows_softmax(&(e + mask.map(|m| (1.0 - m) * 1e9)))
}

pub fn masked_inf_times_zero(e: &Mat, mask: &Mat) -> Mat {
    rows_softmax(&(e + mask.map(|m| (1.0 - m) * f64::NEG_INFINITY)))
}

pub fn masked_no_max(e: &Mat, mask: &Mat) -> Mat {
    let exps = e.map(f64::exp).component_mul(mask); // inf·0 = NaN at padding when e is large
    let mut out = exps.clone();
    for b in 0..e.nrows() {
        let total = exps.row(b).sum();
        out.row_mut(b).unscale_mut(total);
    }
    out
}

fn weighted(h: &Mat, alpha: &Vector) -> Mat {
    Mat::from_fn(h.nrows(), h.ncols(), |d, i| alpha[i] * h[(d, i)]) // (2n, T_x): column i is α_i h_i
}

pub fn context_product_without_sum(h: &Mat, alpha: &Vector) -> Vector {
    Vector::from_column_slice(weighted(h, alpha).as_slice()) // (2n·T_x)
}

pub fn context_first_term_only(h: &Mat, alpha: &Vector) -> Vector {
    weighted(h, alpha).column(0).into_owned()
}

pub fn context_sum_over_rows(h: &Mat, alpha: &Vector) -> Vector {
    weighted(h, alpha).row_sum().transpose() // (T_x)
}

pub fn context_alpha_ignored(h: &Mat, _alpha: &Vector) -> Vector {
    h.column_sum()
}

pub fn context_mean_of_annotations(h: &Mat, _alpha: &Vector) -> Vector {
    h.column_mean()
}

pub fn context_last_term_only(h: &Mat, alpha: &Vector) -> Vector {
    weighted(h, alpha).column(h.ncols() - 1).into_owned() // `c = …` where `c += …` belongs
}

pub fn context_argmax_only(h: &Mat, alpha: &Vector) -> Vector {
    h.column(alpha.argmax().0).into_owned() // hard attention
}

fn decoder(v: GruVariant, g: &Gru, cw: &ContextWeights, y: &Vector, s: &Vector, c: &Vector) -> Vector {
    gru_variant(v, g, y, s, Some((cw, c)))
}

pub fn decoder_pytorch_update_gate(g: &Gru, cw: &ContextWeights, y: &Vector, s: &Vector, c: &Vector) -> Vector {
    decoder(GruVariant { pytorch_gate: true, ..PAPER }, g, cw, y, s, c)
}

pub fn decoder_context_left_out(g: &Gru, cw: &ContextWeights, y: &Vector, s: &Vector, c: &Vector) -> Vector {
    decoder(GruVariant { c_in_gates: false, c_in_candidate: false, ..PAPER }, g, cw, y, s, c)
}

pub fn decoder_reset_after_u(g: &Gru, cw: &ContextWeights, y: &Vector, s: &Vector, c: &Vector) -> Vector {
    decoder(GruVariant { reset_after_u: true, ..PAPER }, g, cw, y, s, c)
}

pub fn decoder_candidate_returned(g: &Gru, cw: &ContextWeights, y: &Vector, s: &Vector, c: &Vector) -> Vector {
    candidate(g, y, s, Some((cw, c)))
}

pub fn decoder_context_only_in_candidate(g: &Gru, cw: &ContextWeights, y: &Vector, s: &Vector, c: &Vector) -> Vector {
    decoder(GruVariant { c_in_gates: false, ..PAPER }, g, cw, y, s, c)
}

pub fn luong_dot_scaled(h_t: &Vector, h_bar: &Mat) -> Vector {
    reference::luong_dot(h_t, h_bar) / (h_t.len() as f64).sqrt()
}

pub fn luong_dot_softmax_applied(h_t: &Vector, h_bar: &Mat) -> Vector {
    softmax(&reference::luong_dot(h_t, h_bar))
}

pub fn luong_general_w_a_transposed(h_t: &Vector, w_a: &Mat, h_bar: &Mat) -> Vector {
    reference::luong_general(h_t, &w_a.transpose(), h_bar)
}

pub fn luong_general_softmax_applied(h_t: &Vector, w_a: &Mat, h_bar: &Mat) -> Vector {
    softmax(&reference::luong_general(h_t, w_a, h_bar))
}

pub fn entropy_zero_log(alpha: &Vector) -> f64 {
    -alpha.iter().map(|&a| a * a.ln()).sum::<f64>()
}

pub fn entropy_missing_minus(alpha: &Vector) -> f64 {
    -reference::entropy(alpha)
}

pub fn entropy_log2(alpha: &Vector) -> f64 {
    reference::entropy(alpha) / std::f64::consts::LN_2
}

pub fn entropy_ln_1p(alpha: &Vector) -> f64 {
    -alpha.iter().map(|&a| a * a.ln_1p()).sum::<f64>() // ln(1 + α) for ln α
}

pub fn coverage_wrong_axis(a: &Mat) -> Vector {
    a.column_sum() // (T_y): every entry 1
}

pub fn coverage_mean(a: &Mat) -> Vector {
    reference::coverage(a) / a.nrows() as f64
}

pub fn softmax_backward_diagonal_only(alpha: &Vector, g: &Vector) -> Vector {
    alpha.component_mul(&(ones(alpha.len()) - alpha)).component_mul(g)
}

pub fn softmax_backward_passed_through(_alpha: &Vector, g: &Vector) -> Vector {
    g.clone()
}

pub fn softmax_backward_missing_alpha(alpha: &Vector, g: &Vector) -> Vector {
    g.add_scalar(-g.dot(alpha))
}
