//! The reference solutions of the exercises on what the book teaches beyond
//! one sentence: the backward pass, the RNNencdec baseline, BLEU, a padded
//! batch, one beam step, the energies' backward pass and BLEU's clipped precision.
//! Each is written out in the exercise's own
//! signature.

use crate::model::attention::context;
use crate::model::encdec::summary;
use crate::model::{Mat, Vector};
use std::collections::HashMap;

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

/// One survivor of a beam step: (hypothesis index in the live beam, word id, total ln p).
pub type Survivor = (usize, usize, f64);
/// A beam step's survivors: (live, finished).
pub type Beam = (Vec<Survivor>, Vec<Survivor>);

// ANCHOR: ex19_beam_step
/// One position of the beam search: every live hypothesis h × every word w
/// is scored ln p(prefix_h) + ln p(w | prefix_h); the `room` best over all of
/// them survive, best first, ties to the lower h, then the lower w; those
/// ending in `eos` are set apart as finished. `next` is next_log_p, (K_y,
/// live). Returns (live, finished).
pub fn beam_step(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let mut all: Vec<Survivor> = Vec::new();
    for h in 0..log_p.len() {
        for w in 0..next.nrows() {
            all.push((h, w, log_p[h] + next[(w, h)])); // in (h, w) order
        }
    }
    // A stable sort, largest first: equal scores keep the (h, w) order.
    all.sort_by(|a, b| b.2.total_cmp(&a.2));
    all.truncate(room);
    all.into_iter().partition(|&(_, w, _)| w != eos)
}
// ANCHOR_END: ex19_beam_step

// ANCHOR: ex20_energies_backward
/// e_i = v_aᵀ u_i with u_i = tanh(z_i), column i of the tanh layer u:
/// ∂v_a = Σ_i ∂e_i u_i = u ∂e and ∂u = v_a ∂eᵀ; through the tanh,
/// ∂Z = ∂u ∘ (1 − u²), the gradient of the pre-activation
/// Z = W_a s_{t−1} + U_a H.
pub fn energies_backward(u: &Mat, v_a: &Vector, d_e: &Vector) -> (Vector, Mat) {
    let d_v_a = u * d_e; // (n', T_x)·(T_x) → (n')
    let d_u = v_a * d_e.transpose(); // (n')·(1, T_x) → (n', T_x)
    // tanh′(z) = 1 − tanh²(z) = 1 − u², entry by entry
    let d_z = d_u.zip_map(u, |g, u| g * (1.0 - u * u)); // (n', T_x)
    (d_v_a, d_z)
}
// ANCHOR_END: ex20_energies_backward

// ANCHOR: ex21_clipped_precision
/// How often each n-gram occurs.
pub type Counts<'a> = HashMap<Vec<&'a str>, usize>;

/// The n-grams (windows of n words) of `words`, counted.
pub fn ngram_counts<'a>(words: &[&'a str], n: usize) -> Counts<'a> {
    let mut counts = HashMap::new();
    for gram in words.windows(n) {
        *counts.entry(gram.to_vec()).or_insert(0) += 1;
    }
    counts
}

/// BLEU's p_n over a corpus: Σ_s Σ_g min(count_hyp(g), count_ref(g)) over
/// Σ_s (number of n-grams in hypothesis s), each n-gram clipped against its
/// own sentence's reference, the counts summed before the one division.
pub fn clipped_precision(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    let (mut matched, mut total) = (0, 0);
    for (hyp, reference) in hyps.iter().zip(refs) {
        let h: Vec<&str> = hyp.split_whitespace().collect();
        let r: Vec<&str> = reference.split_whitespace().collect();
        let in_ref = ngram_counts(&r, n);
        for (gram, count) in ngram_counts(&h, n) {
            // clipped: at most as often as the reference has it
            matched += count.min(in_ref.get(&gram).copied().unwrap_or(0));
        }
        total += h.len().saturating_sub(n - 1); // none when shorter than n
    }
    matched as f64 / total as f64
}
// ANCHOR_END: ex21_clipped_precision
