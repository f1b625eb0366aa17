//! Readings of a beam step's answer: one row per survivor, columns
//! (h, word, ln p, finished), compared field by field with the right one.

use super::ctx::Ctx;
use super::relation::{Diagnosis, col, found};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::diagnoses as T;

/// Which fields of the survivors are wrong, and how.
pub fn beam_fields(ctx: &Ctx) -> Option<Diagnosis> {
    let (got, exp) = (ctx.got, ctx.expected);
    if got.shape() != exp.shape() || exp.ncols() != 4 || exp.nrows() == 0 {
        return None;
    }
    let field = |m: &Mat, j: usize| col(m, j);
    let right = |j: usize| same(&field(got, j), &field(exp, j));
    if right(0) && right(2) && right(3) && same(&field(got, 1), &field(exp, 1).add_scalar(1.0)) {
        return found("beam_word_offset", T::BEAM_WORD_OFFSET.get());
    }
    let next = ctx.parts.get(1)?;
    let word_only = (0..got.nrows()).all(|k| {
        let (h, w) = (got[(k, 0)] as usize, got[(k, 1)] as usize);
        h < next.ncols() && w < next.nrows() && super::tolerance::close(got[(k, 2)], next[(w, h)])
    });
    if right(0) && right(1) && right(3) && word_only {
        return found("beam_word_score", T::BEAM_WORD_SCORE.get());
    }
    None
}

/// The worst candidates kept instead of the best.
pub fn beam_worst(ctx: &Ctx) -> Option<Diagnosis> {
    let (got, exp) = (ctx.got, ctx.expected);
    if got.ncols() != 4 || got.nrows() == 0 || exp.nrows() == 0 {
        return None;
    }
    let worst_right = exp.column(2).min();
    if got.column(2).iter().all(|&lp| lp < worst_right) {
        return found("beam_worst", T::BEAM_WORST.get());
    }
    None
}

/// The survivors compared as a learner reads them: which (h, word) pairs
/// survive, how many, in which order, with which scores, which finished.
pub fn beam_survivors(ctx: &Ctx) -> Option<Diagnosis> {
    let (got, exp) = (ctx.got, ctx.expected);
    if got.ncols() != 4 || exp.ncols() != 4 {
        return None;
    }
    let pair = |m: &Mat, k: usize| (m[(k, 0)].round() as i64, m[(k, 1)].round() as i64);
    let pairs = |m: &Mat| -> Vec<(i64, i64)> {
        let mut v: Vec<_> = (0..m.nrows()).map(|k| pair(m, k)).collect();
        v.sort_unstable();
        v
    };
    if got.nrows() != exp.nrows() {
        return found("beam_count", T::BEAM_COUNT.fill(&[("got", &got.nrows()), ("want", &exp.nrows())]));
    }
    let (g, e) = (pairs(got), pairs(exp));
    if g != e {
        let missing: Vec<String> =
            e.iter().filter(|p| !g.contains(p)).map(|(h, w)| T::BEAM_CANDIDATE.fill(&[("h", h), ("w", w)])).collect();
        return found(
            "beam_survivors",
            if missing.len() > 1 { T::BEAM_SURVIVORS_MANY } else { T::BEAM_SURVIVORS_ONE }
                .fill(&[("missing", &missing.join(T::LIST_SEP.get()))]),
        );
    }
    let row_of = |m: &Mat, p: (i64, i64)| (0..m.nrows()).find(|&k| pair(m, k) == p);
    let fields_agree = |j: usize| {
        e.iter().all(|&p| match (row_of(got, p), row_of(exp, p)) {
            (Some(a), Some(b)) => super::tolerance::close(got[(a, j)], exp[(b, j)]),
            _ => false,
        })
    };
    if !fields_agree(3) {
        return found("beam_finished", T::BEAM_FINISHED.get());
    }
    if !fields_agree(2) {
        return found("beam_scores", T::BEAM_SCORES.get());
    }
    found("beam_order", T::BEAM_ORDER.get())
}
