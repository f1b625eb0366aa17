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
        return found(
            "beam_count",
            format!(
                "you returned {} survivors, live and finished together, where {} belong: exactly the room best \
                 candidates survive (fewer only when there are fewer candidates).",
                got.nrows(),
                exp.nrows()
            ),
        );
    }
    let (g, e) = (pairs(got), pairs(exp));
    if g != e {
        let missing: Vec<String> =
            e.iter().filter(|p| !g.contains(p)).map(|(h, w)| format!("(h {h}, word {w})")).collect();
        return found(
            "beam_survivors",
            format!(
                "other candidates survive in your answer: {} should survive and {} not. Score every (h, w) as \
                 log_p[h] + next_log_p[(w, h)] and keep the room largest.",
                missing.join(", "),
                if missing.len() > 1 { "do" } else { "does" }
            ),
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
        return found(
            "beam_finished",
            "the right survivors, but not the right ones finished: a survivor is finished exactly when its word \
             is <eos>, and only then.",
        );
    }
    if !fields_agree(2) {
        return found(
            "beam_scores",
            "the right survivors, with the wrong scores: each carries the whole prefix's ln p, \
             log_p[h] + next_log_p[(w, h)].",
        );
    }
    found(
        "beam_order",
        "the right survivors with the right scores, in another order: each list is best first, and equal scores \
         go to the lower h, then the lower w.",
    )
}
