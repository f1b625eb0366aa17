//! The reference solutions of the exercises on what the book teaches beyond
//! one sentence: the backward pass, the RNNencdec baseline, BLEU and a padded
//! batch. Each is written out in the exercise's own signature.

use crate::model::attention::context;
use crate::model::encdec::summary;
use crate::model::{Mat, Vector};

// ANCHOR: ex15_context_backward
/// c = H α = Σ_i α_i h_i, so ∂L/∂α_i = h_iᵀ ∂L/∂c: the whole vector is Hᵀ ∂c.
/// α itself does not enter: c is linear in α.
pub fn context_backward(h: &Mat, _alpha: &Vector, grad_c: &Vector) -> Vector {
    h.tr_mul(grad_c) // (2n, T_x)ᵀ·(2n) → (T_x)
}
// ANCHOR_END: ex15_context_backward

// ANCHOR: ex16_encdec_contexts
/// RNNencdec's context: c = tanh(V h_{T_x}) from the last encoder state, the
/// same vector at every decoder step t = 1 … T_y.
pub fn encdec_contexts(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    let c = summary(v, &h.column(h.ncols() - 1).into_owned()); // (n)
    // (n, T_y): column t is c for every t
    Mat::from_fn(c.len(), t_y, |k, _| c[k])
}
// ANCHOR_END: ex16_encdec_contexts

// ANCHOR: ex17_brevity_penalty
/// Corpus BLEU's brevity penalty: c and r are the total hypothesis and
/// reference lengths; BP = 1 when c > r, else exp(1 − r/c).
pub fn brevity_penalty(hyp_lens: &[usize], ref_lens: &[usize]) -> f64 {
    let c = hyp_lens.iter().sum::<usize>() as f64;
    let r = ref_lens.iter().sum::<usize>() as f64;
    if c > r { 1.0 } else { (1.0 - r / c).exp() }
}
// ANCHOR_END: ex17_brevity_penalty

// ANCHOR: ex18_masked_context
/// c_b = Σ_{i real} α_{b,i} h_{b,i} for every sentence b of a padded batch,
/// with α_b the softmax of e_b over the real positions only. Padding columns
/// are never read, so whatever they hold (even NaN) contributes nothing.
pub fn masked_context(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let columns: Vec<Vector> = h
        .iter()
        .enumerate()
        .map(|(b, h_b)| {
            let is_real = |&i: &usize| mask[(b, i)] != 0.0;
            let real: Vec<usize> = (0..e.ncols()).filter(is_real).collect();
            let real_e = real.iter().map(|&i| e[(b, i)]);
            let max = real_e.clone().fold(f64::NEG_INFINITY, f64::max);
            let exps = real_e.map(|e_i| (e_i - max).exp());
            let weights = Vector::from_iterator(real.len(), exps);
            let h_real = h_b.select_columns(&real); // (2n, real length)
            context(&h_real, &(&weights / weights.sum())) // (2n)
        })
        .collect();
    Mat::from_columns(&columns) // (2n, B)
}
// ANCHOR_END: ex18_masked_context
