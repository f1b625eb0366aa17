//! Readings of a beam step's answer: one row per survivor, columns
//! (h, word, ln p, finished), compared field by field with the right one.

use super::ctx::Ctx;
use super::relation::{Diagnosis, col, found};
use super::tolerance::same;
use crate::model::Mat;

/// Which fields of the survivors are wrong, and how.
pub fn beam_fields(ctx: &Ctx) -> Option<Diagnosis> {
    let (got, exp) = (ctx.got, ctx.expected);
    if got.shape() != exp.shape() || exp.ncols() != 4 || exp.nrows() == 0 {
        return None;
    }
    let field = |m: &Mat, j: usize| col(m, j);
    let right = |j: usize| same(&field(got, j), &field(exp, j));
    if right(0) && right(2) && right(3) && same(&field(got, 1), &field(exp, 1).add_scalar(1.0)) {
        return found(
            "beam_word_offset",
            "your survivors are the right ones, but every word id is one too high: word w is row w of \
             next_log_p, counted from 0.",
        );
    }
    let next = ctx.parts.get(1)?;
    let word_only = (0..got.nrows()).all(|k| {
        let (h, w) = (got[(k, 0)] as usize, got[(k, 1)] as usize);
        h < next.ncols() && w < next.nrows() && super::tolerance::close(got[(k, 2)], next[(w, h)])
    });
    if right(0) && right(1) && right(3) && word_only {
        return found(
            "beam_word_score",
            "you chose the right survivors but returned the word's ln p alone. A survivor's ln p is the whole \
             prefix's: ln p(prefix_h) + ln p(w | prefix_h).",
        );
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
        return found(
            "beam_worst",
            "you kept the lowest scores. A log-probability is at most 0, and the best candidate is the largest, \
             the closest to 0: sort largest first, b.2.total_cmp(&a.2).",
        );
    }
    None
}
