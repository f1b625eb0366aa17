//! More classic wrong answers of exercises 17 and 21 (BLEU's brevity penalty
//! and its clipped precision), in their signatures.

use super::reference_beyond::{self as r, ngram_counts};

// 17 · the corpus brevity penalty
fn penalty(c: f64, r: f64) -> f64 {
    if c > r { 1.0 } else { (1.0 - r / c).exp() }
}
fn totals(hyp: &[usize], refs: &[usize]) -> (f64, f64) {
    (hyp.iter().sum::<usize>() as f64, refs.iter().sum::<usize>() as f64)
}
/// The penalty of sentence `k` alone, with `k` chosen by its hypothesis length.
fn one_sentence(hyp: &[usize], refs: &[usize], longest: bool) -> f64 {
    let by_len = |a: &usize, b: &usize| hyp[*a].cmp(&hyp[*b]);
    let k = if longest { (0..hyp.len()).max_by(by_len) } else { (0..hyp.len()).min_by(by_len) };
    k.map_or(1.0, |k| penalty(hyp[k] as f64, refs[k] as f64))
}
pub fn bp_longest_sentence(hyp: &[usize], refs: &[usize]) -> f64 {
    one_sentence(hyp, refs, true)
}
pub fn bp_shortest_sentence(hyp: &[usize], refs: &[usize]) -> f64 {
    one_sentence(hyp, refs, false)
}
pub fn bp_integer_division(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r): (usize, usize) = (hyp.iter().sum(), refs.iter().sum());
    if c > r { 1.0 } else { (1.0 - (r / c) as f64).exp() }
}
pub fn bp_exponent_sign(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    if c > r { 1.0 } else { (r / c - 1.0).exp() }
}
pub fn bp_one_more_per_sentence(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    penalty(c + hyp.len() as f64, r + refs.len() as f64)
}
pub fn bp_last_left_out(hyp: &[usize], refs: &[usize]) -> f64 {
    r::brevity_penalty(&hyp[..hyp.len() - 1], &refs[..refs.len() - 1])
}
pub fn bp_condition_inverted(hyp: &[usize], refs: &[usize]) -> f64 {
    let (c, r) = totals(hyp, refs);
    if c < r { 1.0 } else { (1.0 - r / c).exp() }
}
pub fn bp_ratio_averaged(hyp: &[usize], refs: &[usize]) -> f64 {
    let ratio = hyp.iter().zip(refs).map(|(&c, &r)| r as f64 / c as f64).sum::<f64>() / hyp.len() as f64;
    if ratio < 1.0 { 1.0 } else { (1.0 - ratio).exp() }
}

// 21 · BLEU's clipped precision
/// Σ matched / Σ total, with `per` giving (matched, total) for each sentence pair.
fn pooled(hyps: &[&str], refs: &[&str], per: impl Fn(&str, &str) -> (usize, usize)) -> f64 {
    let (m, t) = hyps.iter().zip(refs).map(|(h, r)| per(h, r)).fold((0, 0), |(m, t), (a, b)| (m + a, t + b));
    m as f64 / t as f64
}
fn clipped(hw: &[&str], rw: &[&str], n: usize) -> usize {
    let rc = ngram_counts(rw, n);
    ngram_counts(hw, n).iter().map(|(g, c)| (*c).min(rc.get(g).copied().unwrap_or(0))).sum()
}
fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}
pub fn bleu_reference_counts(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    pooled(hyps, refs, |h, r| {
        let rc = ngram_counts(&words(r), n);
        let m = ngram_counts(&words(h), n).keys().map(|g| rc.get(g).copied().unwrap_or(0)).sum();
        (m, words(h).len().saturating_sub(n - 1))
    })
}
pub fn bleu_split_on_space(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    pooled(hyps, refs, |h, r| {
        let (hw, rw): (Vec<&str>, Vec<&str>) = (h.split(' ').collect(), r.split(' ').collect());
        (clipped(&hw, &rw, n), hw.len().saturating_sub(n - 1))
    })
}
pub fn bleu_letters_for_words(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    let letters = |s: &str| -> Vec<String> { s.chars().map(String::from).collect() };
    pooled(hyps, refs, |h, r| {
        let (hl, rl) = (letters(h), letters(r));
        let (hw, rw): (Vec<&str>, Vec<&str>) =
            (hl.iter().map(String::as_str).collect(), rl.iter().map(String::as_str).collect());
        (clipped(&hw, &rw, n), hw.len().saturating_sub(n - 1))
    })
}
pub fn bleu_words_for_ngrams(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    pooled(hyps, refs, |h, r| (clipped(&words(h), &words(r), n), words(h).len()))
}
pub fn bleu_integer_division(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    let (m, t) = hyps.iter().zip(refs).fold((0, 0), |(m, t), (h, r)| {
        (m + clipped(&words(h), &words(r), n), t + words(h).len().saturating_sub(n - 1))
    });
    (m / t) as f64
}
pub fn bleu_corpus_joined(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    let (h, r) = (hyps.join(" "), refs.join(" "));
    r::clipped_precision(&[&h], &[&r], n)
}
pub fn bleu_ngram_count_short(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    pooled(hyps, refs, |h, r| (clipped(&words(h), &words(r), n), words(h).len().saturating_sub(n)))
}
