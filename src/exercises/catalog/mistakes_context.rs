//! More classic wrong answers of exercises 15, 16, 18 and 20 (the context's
//! backward pass, RNNencdec's context, the padded batch, the energies'
//! backward pass), in their signatures.

use super::reference_beyond as r;
use crate::model::{Mat, Vector};

// 15 · ∂α = Hᵀ ∂c
pub fn ctx_back_through_softmax(h: &Mat, alpha: &Vector, g: &Vector) -> Vector {
    let da = h.tr_mul(g);
    let dot = da.dot(alpha);
    alpha.component_mul(&da.add_scalar(-dot))
}
pub fn ctx_back_factors_added(h: &Mat, _alpha: &Vector, g: &Vector) -> Vector {
    h.row_sum().transpose().add_scalar(g.sum())
}
pub fn ctx_back_backward_half(h: &Mat, _alpha: &Vector, g: &Vector) -> Vector {
    let n = h.nrows() / 2;
    h.rows(n, n).tr_mul(&g.rows(n, n))
}
pub fn ctx_back_softmax_diagonal(h: &Mat, alpha: &Vector, g: &Vector) -> Vector {
    r::context_backward(h, alpha, g).component_mul(&alpha.map(|a| a * (1.0 - a)))
}
pub fn ctx_back_forward_pass(h: &Mat, alpha: &Vector, _g: &Vector) -> Vector {
    h * alpha
}

// 16 · c = tanh(V h_{T_x}) at every step
fn every_step(c: Vector, t_y: usize) -> Mat {
    Mat::from_fn(c.len(), t_y, |k, _| c[k])
}
fn last(h: &Mat) -> Vector {
    h.column(h.ncols() - 1).into_owned()
}
pub fn encdec_state_before_last(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step((v * h.column(h.ncols().saturating_sub(2))).map(f64::tanh), t_y)
}
pub fn encdec_sigmoid(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step((v * last(h)).map(|x| 1.0 / (1.0 + (-x).exp())), t_y)
}
pub fn encdec_sum_of_states(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step((v * h.column_sum()).map(f64::tanh), t_y)
}
pub fn encdec_max_of_states(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    let top = Vector::from_fn(h.nrows(), |k, _| h.row(k).max());
    every_step((v * top).map(f64::tanh), t_y)
}
pub fn encdec_tanh_of_v(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step(v.map(f64::tanh) * last(h), t_y)
}
pub fn encdec_extra_step(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    r::encdec_contexts(v, h, t_y + 1)
}

// 18 · c for a padded batch
/// Σ over the real i of weight(b, i) h_{b,i}, with `weights(b, real)` the real positions' weights.
fn over_real(h: &[Mat], mask: &Mat, weights: impl Fn(usize, &[usize]) -> Vec<f64>) -> Mat {
    let cols: Vec<Vector> = h
        .iter()
        .enumerate()
        .map(|(b, h_b)| {
            let real: Vec<usize> = (0..mask.ncols()).filter(|&i| mask[(b, i)] != 0.0).collect();
            let w = weights(b, &real);
            real.iter().zip(&w).fold(Vector::zeros(h_b.nrows()), |c, (&i, w_i)| c + h_b.column(i) * *w_i)
        })
        .collect();
    Mat::from_columns(&cols)
}
fn normalised(v: Vec<f64>) -> Vec<f64> {
    let total: f64 = v.iter().sum();
    v.into_iter().map(|x| x / total).collect()
}
pub fn masked_ctx_max_over_padding(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    over_real(h, mask, |b, real| {
        let max = e.row(b).max();
        normalised(real.iter().map(|&i| (e[(b, i)] - max).exp()).collect())
    })
}
pub fn masked_ctx_no_max(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    over_real(h, mask, |b, real| normalised(real.iter().map(|&i| e[(b, i)].exp()).collect()))
}
fn real_max(e: &Mat, b: usize, real: &[usize]) -> f64 {
    real.iter().map(|&i| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max)
}
pub fn masked_ctx_weights_not_normalised(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    over_real(h, mask, |b, real| {
        let max = real_max(e, b, real);
        real.iter().map(|&i| (e[(b, i)] - max).exp()).collect()
    })
}
pub fn masked_ctx_last_token_dropped(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let shorter = Mat::from_fn(mask.nrows(), mask.ncols(), |b, i| {
        let last = (0..mask.ncols()).rev().find(|&j| mask[(b, j)] != 0.0);
        let real = (0..mask.ncols()).filter(|&j| mask[(b, j)] != 0.0).count();
        if real > 1 && Some(i) == last { 0.0 } else { mask[(b, i)] }
    });
    r::masked_context(h, e, &shorter)
}
pub fn masked_ctx_mask_multiplied(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let em = e.component_mul(mask);
    let all = Mat::from_element(mask.nrows(), mask.ncols(), 1.0);
    r::masked_context(h, &em, &all)
}
pub fn masked_ctx_softmax_over_batch(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let mut alpha = Mat::zeros(e.nrows(), e.ncols());
    for i in 0..e.ncols() {
        let bs: Vec<usize> = (0..e.nrows()).filter(|&b| mask[(b, i)] != 0.0).collect();
        let max = bs.iter().map(|&b| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = bs.iter().map(|&b| (e[(b, i)] - max).exp()).sum();
        bs.iter().for_each(|&b| alpha[(b, i)] = (e[(b, i)] - max).exp() / total);
    }
    over_real(h, mask, |b, real| real.iter().map(|&i| alpha[(b, i)]).collect())
}
pub fn masked_ctx_first_row_energies(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let first = Mat::from_fn(e.nrows(), e.ncols(), |_, i| e[(0, i)]);
    r::masked_context(h, &first, mask)
}

// 20 · ∂e → ∂v_a and ∂Z
type Grads = (Vector, Mat);
/// (A ∂e, entry (k, i) v_a[k] ∂e_i · slope(a[(k, i)])).
fn with_slope(a: &Mat, v_a: &Vector, g: &Vector, slope: impl Fn(f64) -> f64) -> Grads {
    (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v_a[k] * g[i] * slope(a[(k, i)])))
}
pub fn eback_sigmoid_slope(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    with_slope(a, v_a, g, |a| a * (1.0 - a))
}
pub fn eback_slope_squared(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    with_slope(a, v_a, g, |a| (1.0 - a).powi(2))
}
pub fn eback_slope_divided(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    with_slope(a, v_a, g, |a| 1.0 / (1.0 - a * a))
}
pub fn eback_grad_e_summed(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    let total = g.sum();
    (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v_a[k] * total * (1.0 - a[(k, i)].powi(2))))
}
pub fn eback_dv_mean(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    let (dv, dz) = r::energies_backward(a, v_a, g);
    (dv / a.ncols() as f64, dz)
}
