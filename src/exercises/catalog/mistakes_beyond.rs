//! The classic wrong answers of exercises 15–21, in their signatures.

use super::reference_beyond::{self as r, Beam, Survivor, ngram_counts};
use crate::model::attention::softmax;
use crate::model::{Mat, Vector};
use std::collections::HashMap;

// 15 · ∂α = Hᵀ ∂c
pub fn ctx_back_alpha_weighted(h: &Mat, alpha: &Vector, g: &Vector) -> Vector {
    r::context_backward(h, alpha, g).component_mul(alpha)
}
pub fn ctx_back_grad_h_summed(_h: &Mat, alpha: &Vector, g: &Vector) -> Vector {
    (g * alpha.transpose()).row_sum().transpose() // ∂H = ∂c αᵀ, summed over its rows
}
pub fn ctx_back_grad_c_summed(h: &Mat, _alpha: &Vector, g: &Vector) -> Vector {
    Vector::from_element(h.ncols(), g.sum())
}
pub fn ctx_back_h_summed(h: &Mat, _alpha: &Vector, _g: &Vector) -> Vector {
    h.row_sum().transpose()
}
pub fn ctx_back_forward_half(h: &Mat, _alpha: &Vector, g: &Vector) -> Vector {
    let n = h.nrows() / 2;
    h.rows(0, n).tr_mul(&g.rows(0, n))
}
pub fn ctx_back_negated(h: &Mat, alpha: &Vector, g: &Vector) -> Vector {
    -r::context_backward(h, alpha, g)
}
pub fn ctx_back_softmax_applied(h: &Mat, alpha: &Vector, g: &Vector) -> Vector {
    softmax(&r::context_backward(h, alpha, g))
}

// 16 · c = tanh(V h_{T_x}) at every step
fn every_step(c: Vector, t_y: usize) -> Mat {
    Mat::from_fn(c.len(), t_y, |k, _| c[k])
}
fn last(h: &Mat) -> Vector {
    h.column(h.ncols() - 1).into_owned()
}
pub fn encdec_first_state(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step((v * h.column(0)).map(f64::tanh), t_y)
}
pub fn encdec_no_tanh(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step(v * last(h), t_y)
}
pub fn encdec_mean_of_states(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step((v * h.column_mean()).map(f64::tanh), t_y)
}
pub fn encdec_v_transposed(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step((v.transpose() * last(h)).map(f64::tanh), t_y)
}
pub fn encdec_tanh_before_v(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    every_step(v * last(h).map(f64::tanh), t_y)
}
pub fn encdec_first_step_only(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    let mut c = r::encdec_contexts(v, h, t_y);
    c.columns_mut(1, t_y - 1).fill(0.0);
    c
}
pub fn encdec_moving_state(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    let cols: Vec<Vector> = (0..t_y).map(|t| (v * h.column(t.min(h.ncols() - 1))).map(f64::tanh)).collect();
    Mat::from_columns(&cols)
}

// 17 · the corpus brevity penalty
fn sentence_bps(hyp: &[usize], refs: &[usize]) -> Vec<f64> {
    hyp.iter().zip(refs).map(|(&c, &r)| r::brevity_penalty(&[c], &[r])).collect()
}
fn totals(hyp: &[usize], refs: &[usize]) -> (f64, f64) {
    (hyp.iter().sum::<usize>() as f64, refs.iter().sum::<usize>() as f64)
}
pub fn bp_sentence_average(hyp: &[usize], refs: &[usize]) -> f64 {
    sentence_bps(hyp, refs).iter().sum::<f64>() / hyp.len() as f64
}
pub fn bp_sentence_product(hyp: &[usize], refs: &[usize]) -> f64 {
    sentence_bps(hyp, refs).iter().product()
}
pub fn bp_ratio_inverted(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    if c > r { 1.0 } else { (1.0 - c / r).exp() }
}
pub fn bp_no_exp(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    if c > r { 1.0 } else { c / r }
}
pub fn bp_missing_one(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    if c > r { 1.0 } else { (-r / c).exp() }
}
pub fn bp_penalises_longer(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    (1.0 - r / c).exp()
}

// 18 · c for a padded batch
fn weighted(h: &[Mat], alpha: &Mat) -> Mat {
    let cols: Vec<Vector> = h.iter().enumerate().map(|(b, h_b)| h_b * alpha.row(b).transpose()).collect();
    Mat::from_columns(&cols)
}
fn row_softmax(e: &Mat) -> Mat {
    let rows: Vec<_> = (0..e.nrows()).map(|b| softmax(&e.row(b).transpose()).transpose()).collect();
    Mat::from_rows(&rows)
}
pub fn masked_ctx_not_masked(h: &[Mat], e: &Mat, _mask: &Mat) -> Mat {
    weighted(h, &row_softmax(e))
}
pub fn masked_ctx_not_renormalised(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let alpha = row_softmax(e).component_mul(mask);
    let real: Vec<Mat> = h.iter().enumerate().map(|(b, h_b)| real_columns(h_b, mask, b)).collect();
    weighted(&real, &alpha)
}
/// h_b with its padding columns set to 0, as a learner who skips them would read it.
fn real_columns(h_b: &Mat, mask: &Mat, b: usize) -> Mat {
    Mat::from_fn(h_b.nrows(), h_b.ncols(), |k, i| if mask[(b, i)] != 0.0 { h_b[(k, i)] } else { 0.0 })
}
pub fn masked_ctx_zero_times_padding(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    weighted(h, &crate::exercises::catalog::reference::masked_softmax(e, mask))
}
pub fn masked_ctx_first_row_mask(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    let first = Mat::from_fn(mask.nrows(), mask.ncols(), |_, i| mask[(0, i)]);
    r::masked_context(h, e, &first)
}
pub fn masked_ctx_uniform(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    r::masked_context(h, &Mat::zeros(e.nrows(), e.ncols()), mask)
}
pub fn masked_ctx_inverted(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    r::masked_context(h, e, &mask.map(|m| 1.0 - m))
}

// 19 · one beam step
/// Every (h, w) scored by `score`, best first, ties in (h, w) order.
fn ranked(log_p: &Vector, next: &Mat, score: impl Fn(f64, f64) -> f64) -> Vec<Survivor> {
    let pairs = (0..log_p.len()).flat_map(|h| (0..next.nrows()).map(move |w| (h, w)));
    let mut all: Vec<Survivor> = pairs.map(|(h, w)| (h, w, score(log_p[h], next[(w, h)]))).collect();
    all.sort_by(|a, b| b.2.total_cmp(&a.2));
    all
}
fn split(kept: Vec<Survivor>, eos: usize) -> Beam {
    kept.into_iter().partition(|&(_, w, _)| w != eos)
}
fn best(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    split(ranked(log_p, next, |a, b| a + b).into_iter().take(room).collect(), eos)
}
pub fn beam_no_prefix(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    split(ranked(log_p, next, |_, b| b).into_iter().take(room).collect(), eos)
}
pub fn beam_per_hypothesis(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let all = ranked(log_p, next, |a, b| a + b);
    let mut kept: Vec<Survivor> =
        (0..log_p.len()).flat_map(|h| all.iter().filter(move |s| s.0 == h).take(room).copied()).collect();
    kept.sort_by(|a, b| b.2.total_cmp(&a.2));
    split(kept, eos)
}
pub fn beam_eos_kept_live(log_p: &Vector, next: &Mat, _eos: usize, room: usize) -> Beam {
    best(log_p, next, usize::MAX, room)
}
pub fn beam_eos_not_counted(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let all = ranked(log_p, next, |a, b| a + b);
    let finished = all.iter().take(room).filter(|s| s.1 == eos).copied().collect();
    (all.into_iter().filter(|s| s.1 != eos).take(room).collect(), finished)
}
pub fn beam_logs_multiplied(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    split(ranked(log_p, next, |a, b| a * b).into_iter().take(room).collect(), eos)
}
pub fn beam_probabilities(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    split(ranked(log_p, next, |a, b| a.exp() * b.exp()).into_iter().take(room).collect(), eos)
}
pub fn beam_ties_reversed(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let mut all = ranked(log_p, next, |a, b| a + b);
    all.reverse(); // worst first, ties in reverse (h, w) order
    all.sort_by(|a, b| b.2.total_cmp(&a.2));
    split(all.into_iter().take(room).collect(), eos)
}
pub fn beam_one_more(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    best(log_p, next, eos, room + 1)
}
pub fn beam_one_fewer(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    best(log_p, next, eos, room.saturating_sub(1))
}

// 20 · ∂e → ∂v_a and ∂Z
type Grads = (Vector, Mat);
fn through(a: &Mat, v_a: &Vector, g: &Vector, tanh_prime: impl Fn(f64) -> f64) -> Mat {
    (v_a * g.transpose()).zip_map(a, |d, a| d * tanh_prime(a))
}
pub fn eback_no_tanh_derivative(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    (a * g, v_a * g.transpose())
}
pub fn eback_a_not_squared(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    (a * g, through(a, v_a, g, |a| 1.0 - a))
}
pub fn eback_tanh_again(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    (a * g, through(a, v_a, g, |a| 1.0 - a.tanh().powi(2)))
}
pub fn eback_no_v_a(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    (a * g, through(a, &Vector::from_element(v_a.len(), 1.0), g, |a| 1.0 - a * a))
}
pub fn eback_grad_e_left_out(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    (a.column_sum(), r::energies_backward(a, v_a, g).1)
}
pub fn eback_v_a_through_tanh(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    (a.map(|a| 1.0 - a * a) * g, r::energies_backward(a, v_a, g).1)
}
pub fn eback_negated(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    let (dv, dz) = r::energies_backward(a, v_a, g);
    (-dv, -dz)
}
pub fn eback_transposed(a: &Mat, v_a: &Vector, g: &Vector) -> Grads {
    let (dv, dz) = r::energies_backward(a, v_a, g);
    (dv, dz.transpose())
}

// 21 · BLEU's clipped precision
fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}
fn grams(s: &str, n: usize) -> usize {
    words(s).len().saturating_sub(n - 1)
}
/// Σ matched / Σ total with `matched` and `total` per sentence pair.
fn pooled(hyps: &[&str], refs: &[&str], per: impl Fn(&str, &str) -> (usize, usize)) -> f64 {
    let (m, t) = hyps.iter().zip(refs).map(|(h, r)| per(h, r)).fold((0, 0), |(m, t), (a, b)| (m + a, t + b));
    m as f64 / t as f64
}
pub fn bleu_no_clipping(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    pooled(hyps, refs, |h, r| {
        let in_ref = ngram_counts(&words(r), n);
        let found = words(h).windows(n).filter(|g| in_ref.contains_key(*g)).count();
        (found, grams(h, n))
    })
}
pub fn bleu_corpus_clipping(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    let pool = |side: &[&str]| {
        let mut all: HashMap<Vec<String>, usize> = HashMap::new();
        for s in side {
            for (g, c) in ngram_counts(&words(s), n) {
                *all.entry(g.iter().map(|w| w.to_string()).collect()).or_insert(0) += c;
            }
        }
        all
    };
    let (h, r) = (pool(hyps), pool(refs));
    let matched: usize = h.iter().map(|(g, c)| (*c).min(r.get(g).copied().unwrap_or(0))).sum();
    matched as f64 / hyps.iter().map(|s| grams(s, n)).sum::<usize>() as f64
}
pub fn bleu_reference_denominator(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    let matched = r::clipped_precision(hyps, refs, n) * hyps.iter().map(|s| grams(s, n)).sum::<usize>() as f64;
    matched / refs.iter().map(|s| grams(s, n)).sum::<usize>() as f64
}
pub fn bleu_sentence_average(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    // the sentences with no n-gram left out, or the mean would be 0/0
    let ps: Vec<f64> = hyps
        .iter()
        .zip(refs)
        .filter(|(h, _)| grams(h, n) > 0)
        .map(|(h, r)| r::clipped_precision(&[h], &[r], n))
        .collect();
    ps.iter().sum::<f64>() / ps.len() as f64
}
pub fn bleu_window_short(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    // `0..len - n` where `0..=len - n` belongs: each sentence's last n-gram is lost
    let cut = |s: &str| {
        let w = words(s);
        w[..w.len().saturating_sub(1)].join(" ")
    };
    let (h, rf): (Vec<String>, Vec<String>) =
        (hyps.iter().map(|s| cut(s)).collect(), refs.iter().map(|s| cut(s)).collect());
    r::clipped_precision(
        &h.iter().map(String::as_str).collect::<Vec<_>>(),
        &rf.iter().map(String::as_str).collect::<Vec<_>>(),
        n,
    )
}
pub fn bleu_unique_ngrams(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    pooled(hyps, refs, |h, r| {
        let (hc, rc) = (ngram_counts(&words(h), n), ngram_counts(&words(r), n));
        (hc.keys().filter(|g| rc.contains_key(*g)).count(), hc.len())
    })
}
