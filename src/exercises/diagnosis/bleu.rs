//! Readings of a clipped n-gram precision: another n, or only some of the
//! sentences counted. (Hypotheses and references swapped is the catalogue's
//! `reference_denominator`: the clipped matches are symmetric.) The parts are the hypotheses,
//! the references (see [`Sentences`](super::flat::Sentences)) and n.

use super::ctx::Ctx;
use super::flat::first_sentences;
use super::relation::{Diagnosis, found};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::diagnoses as T;

/// Whether the learner's answer is the reference's on `parts`.
fn answers(ctx: &Ctx, parts: Vec<Mat>) -> bool {
    (ctx.reference)(&parts).is_some_and(|want| same(ctx.got, &want))
}

pub fn bleu_other_n(ctx: &Ctx) -> Option<Diagnosis> {
    let n = ctx.parts.get(2)?[(0, 0)].round() as usize;
    let other = [n + 1, n.saturating_sub(1)]
        .into_iter()
        .filter(|&m| m >= 1 && m != n)
        .find(|&m| answers(ctx, ctx.with(vec![(2, Mat::from_element(1, 1, m as f64))])))?;
    found("bleu_other_n", T::BLEU_OTHER_N.fill(&[("other", &other), ("n", &n)]))
}

/// Only the first k sentence pairs counted.
pub fn bleu_split(ctx: &Ctx) -> Option<Diagnosis> {
    let (h, r) = (ctx.parts.first()?, ctx.parts.get(1)?);
    let count = (0..).take_while(|&k| first_sentences(h, k).nrows() < h.nrows()).count();
    let k =
        (1..count).find(|&k| answers(ctx, ctx.with(vec![(0, first_sentences(h, k)), (1, first_sentences(r, k))])))?;
    found("bleu_split", T::BLEU_SPLIT.fill(&[("k", &k), ("count", &count)]))
}
