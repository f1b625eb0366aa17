//! The designed inputs, one function per idea. Each runs the learner's
//! function on an input built to isolate one term, compares with what the
//! formula says there, and names the term when they disagree. Parts are
//! indexed in the order of [`super::knowledge::knowledge`].

use super::ctx::Ctx;
use super::relation::{Diagnosis, col, found, relate, show};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::diagnoses::LIST_SEP;
use crate::text::probes as P;
use crate::text::readings::{BEFORE_AFTER, THERE};
use crate::text::{Arg, Text};

fn say(t: Text, args: &[(&str, &dyn Arg)]) -> String {
    t.fill_spaced(args)
}

fn one_hot(n: usize, k: usize) -> Mat {
    Mat::from_fn(n, 1, |i, _| if i == k { 1.0 } else { 0.0 })
}

/// The learner's answer must not change from the case's when `parts` replace its input.
pub(super) fn invariant(ctx: &Ctx, parts: &[Mat], key: &'static str, text: Text) -> Option<Diagnosis> {
    let moved = (ctx.learner)(parts);
    match moved {
        Some(m) if same(&m, ctx.got) => None,
        m => {
            let seen = say(BEFORE_AFTER, &[("before", &show(ctx.got)), ("after", &Ctx::shown(&m))]);
            found(key, format!("{}{seen}", text.get()))
        }
    }
}

/// The answer is linear in part `j`: doubling it must double the answer.
fn linear_in(ctx: &Ctx, j: usize, text: String) -> Option<Diagnosis> {
    scales_with(ctx, j, "linearity", text)
}

fn scales_with(ctx: &Ctx, j: usize, key: &'static str, text: String) -> Option<Diagnosis> {
    if ctx.got.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let doubled = ctx.with(vec![(j, &ctx.parts[j] * 2.0)]);
    match (ctx.learner)(&doubled) {
        Some(m) if same(&m, &(ctx.got * 2.0)) => None,
        _ => found(key, text),
    }
}

/// A relation between the learner's and the right answer on a probe, as a sentence to append.
pub(super) fn why(want: &Mat, got: &Option<Mat>, ctx: &Ctx) -> String {
    got.as_ref()
        .and_then(|g| relate(g, want, &[], ctx.words))
        .map(|d| say(THERE, &[("reading", &d.hint)]))
        .unwrap_or_default()
}

pub fn embed_positions(ctx: &Ctx) -> Option<Diagnosis> {
    let positions = Mat::from_fn(ctx.parts[1].nrows(), 1, |i, _| i as f64);
    let by_position = (ctx.reference)(&ctx.with(vec![(1, positions)]))?;
    same(ctx.got, &by_position).then(|| Diagnosis { key: "positions", hint: P::EMBED_POSITIONS.get().into() })
}

pub fn embed_one_id(ctx: &Ctx) -> Option<Diagnosis> {
    let ids = &ctx.parts[1];
    let first = Mat::from_element(ids.nrows(), 1, ids[0]);
    let all_first = (ctx.reference)(&ctx.with(vec![(1, first)]))?;
    same(ctx.got, &all_first).then(|| Diagnosis { key: "one_id", hint: P::EMBED_ONE_ID.get().into() })
}

/// Every entry of the learner's X is an entry of E, but not the right one: E indexed the wrong way.
pub fn embed_misindexed(ctx: &Ctx) -> Option<Diagnosis> {
    let e = &ctx.parts[0];
    let from_e = ctx.got.shape() == ctx.expected.shape() && ctx.got.iter().all(|g| e.iter().any(|v| v == g));
    from_e.then(|| Diagnosis { key: "misindexed", hint: P::EMBED_MISINDEXED.get().into() })
}

/// One half of H (rows 0..n from →h, rows n..2n from ←h) is its input shifted by one position.
pub fn annotations_shifted(ctx: &Ctx) -> Option<Diagnosis> {
    let (fwd, bwd) = (&ctx.parts[0], &ctx.parts[1]);
    let (n, t) = fwd.shape();
    if ctx.got.shape() != ctx.expected.shape() || t < 2 {
        return None;
    }
    let half = |top: bool| ctx.got.rows(if top { 0 } else { n }, n).into_owned();
    for (top, src, name, other) in [(true, fwd, "→h", bwd), (false, bwd, "←h", fwd)] {
        let mine = half(top);
        if same(&mine, src) || !same(&half(!top), other) {
            continue;
        }
        for shift in [1isize, -1] {
            let mut moved =
                (0..t).filter_map(|c| Some((c, usize::try_from(c as isize + shift).ok().filter(|&s| s < t)?)));
            if moved.all(|(c, s)| same(&col(&mine, c), &col(src, s))) {
                let text = if top { P::HALF_SHIFTED_UPPER } else { P::HALF_SHIFTED_LOWER };
                let sign = if shift > 0 { "+" } else { "−" };
                return found("half_shifted", say(text, &[("name", &name), ("sign", &sign)]));
            }
        }
    }
    None
}

pub fn annotations_added(ctx: &Ctx) -> Option<Diagnosis> {
    let sum = &ctx.parts[0] + &ctx.parts[1];
    same(ctx.got, &sum).then(|| Diagnosis { key: "added", hint: P::ANNOTATIONS_ADDED.get().into() })
}

/// With U_a H = 0 the sum must be the query in every column: what the learner's
/// answer then holds names where the query went.
fn query_reading(q: &Mat, got: &Mat) -> Option<Diagnosis> {
    let (na, t) = got.shape();
    if q.nrows() != na || got.len() < 2 {
        return None;
    }
    let near = |a: f64, b: f64| super::tolerance::close(a, b);
    if got.iter().all(|v| near(*v, got[0])) && !q.iter().all(|v| near(*v, q[0])) {
        let text = if near(got[0], q.sum()) { P::QUERY_COLLAPSED_SUM } else { P::QUERY_COLLAPSED };
        return found("query_collapsed", say(text, &[("v", &crate::walkthrough::fmt_num(got[0], 4))]));
    }
    let by_position = (0..t).all(|i| (0..na).all(|k| near(got[(k, i)], got[(0, i)])))
        && (0..t.min(na)).all(|i| near(got[(0, i)], q[i]));
    if by_position && t > 1 {
        return found("query_by_position", P::QUERY_BY_POSITION.get());
    }
    let has_query: Vec<usize> = (0..t).filter(|&i| same(&col(got, i), q)).collect();
    let zero: Vec<usize> = (0..t).filter(|&i| col(got, i).iter().all(|v| *v == 0.0)).collect();
    if !has_query.is_empty() && !zero.is_empty() && has_query.len() + zero.len() == t {
        let list: Vec<String> = has_query.iter().map(|i| i.to_string()).collect();
        let text = if list.len() > 1 { P::QUERY_SOME_COLUMNS } else { P::QUERY_SOME_COLUMN };
        return found("query_some_columns", say(text, &[("cols", &list.join(LIST_SEP.get()))]));
    }
    None
}

pub fn broadcast_zero(ctx: &Ctx) -> Option<Diagnosis> {
    for (j, text) in [(0, P::ZERO_QUERY), (1, P::ZERO_KEYS)] {
        let zeroed = ctx.with(vec![(j, ctx.parts[j].map(|_| 0.0))]);
        if let Some((want, got)) = ctx.differs(&zeroed) {
            if let Some(d) = got.as_ref().filter(|_| j == 1).and_then(|g| query_reading(&ctx.parts[0], g)) {
                return Some(d);
            }
            let product = got.as_ref().is_some_and(|g| g.iter().all(|v| *v == 0.0));
            let tail = if product { P::ALL_ZEROS.get() } else { "" };
            return found("zero_term", Ctx::observed(text, &want, &got, &[("tail", &tail)]));
        }
    }
    None
}

pub fn energies_other_index(ctx: &Ctx) -> Option<Diagnosis> {
    let t = ctx.parts[4][(0, 0)] as usize;
    (1..=ctx.parts[3].ncols()).filter(|&u| u != t).find_map(|u| {
        let e = (ctx.reference)(&ctx.with(vec![(4, Mat::from_element(1, 1, u as f64))]))?;
        same(ctx.got, &e).then(|| Diagnosis {
            key: "other_index",
            hint: say(P::OTHER_INDEX, &[("u", &(u - 1)), ("t", &t), ("prev", &(t - 1))]),
        })
    })
}

pub fn energies_zero_weights(ctx: &Ctx) -> Option<Diagnosis> {
    let zeroed = ctx.with(vec![(0, ctx.parts[0].map(|_| 0.0)), (1, ctx.parts[1].map(|_| 0.0))]);
    let (want, got) = ctx.differs(&zeroed)?;
    found("zero_weights", Ctx::observed(P::ZERO_WEIGHTS, &want, &got, &[]))
}

pub fn energies_linear_in_v_a(ctx: &Ctx) -> Option<Diagnosis> {
    linear_in(ctx, 2, P::LINEAR_IN_V_A.get().into())
}

pub fn softmax_shift(ctx: &Ctx) -> Option<Diagnosis> {
    let shifted = ctx.with(vec![(0, ctx.parts[0].add_scalar(3.0))]);
    invariant(ctx, &shifted, "shift", P::SOFTMAX_SHIFT)
}

/// Every energy very negative: exp underflows unless the largest energy is subtracted.
pub fn softmax_underflow(ctx: &Ctx) -> Option<Diagnosis> {
    let n = ctx.parts[0].nrows();
    if n < 2 {
        return None;
    }
    let low = Mat::from_fn(n, 1, |i, _| -800.0 - i as f64);
    let (_, got) = ctx.differs(&[low])?;
    got.is_some_and(|g| g.iter().any(|v| !v.is_finite()))
        .then(|| Diagnosis { key: "underflow", hint: P::SOFTMAX_UNDERFLOW.get().into() })
}

pub fn context_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let (h, t) = (&ctx.parts[0], ctx.parts[1].nrows());
    (0..t).find_map(|i| {
        let (want, got) = ctx.differs(&ctx.with(vec![(1, one_hot(t, i))]))?;
        let g = got.as_ref();
        let column = g.and_then(|g| (0..h.ncols()).find(|&j| same(g, &col(h, j))));
        let k = i + 1;
        let text = match column {
            Some(j) => say(P::ONE_HOT_WRONG_COLUMN, &[("k", &k), ("i", &i), ("j", &j), ("j1", &(j + 1))]),
            None if g.is_some_and(|g| g.iter().all(|v| *v == 0.0)) => {
                say(P::ONE_HOT_TERM_MISSING, &[("k", &k), ("i", &i)])
            }
            None => Ctx::observed(P::ONE_HOT_ALPHA_CHANGED, &want, &got, &[("k", &k), ("i", &i)]),
        };
        found("one_hot", text)
    })
}

pub fn luong_dot_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let d = ctx.parts[0].nrows();
    (0..d).find_map(|k| {
        let (want, got) = ctx.differs(&ctx.with(vec![(0, one_hot(d, k))]))?;
        found("one_hot", Ctx::observed(P::LUONG_DOT_ONE_HOT, &want, &got, &[("k", &k)]))
    })
}

pub fn luong_dot_linear(ctx: &Ctx) -> Option<Diagnosis> {
    linear_in(ctx, 0, P::LUONG_DOT_LINEAR.get().into())
}

pub fn luong_general_linear(ctx: &Ctx) -> Option<Diagnosis> {
    [(0, "h_t"), (1, "W_a"), (2, "h̄")]
        .into_iter()
        .find_map(|(j, name)| linear_in(ctx, j, say(P::LUONG_GENERAL_LINEAR, &[("name", &name)])))
}

pub fn entropy_uniform(ctx: &Ctx) -> Option<Diagnosis> {
    let t = ctx.parts[0].nrows();
    let (want, got) = ctx.differs(&[Mat::from_element(t, 1, 1.0 / t as f64)])?;
    found("uniform", Ctx::observed(P::ENTROPY_UNIFORM, &want, &got, &[("t", &t)]))
}

pub fn entropy_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let t = ctx.parts[0].nrows();
    let (want, got) = ctx.differs(&[one_hot(t, 0)])?;
    found("one_hot", Ctx::observed(P::ENTROPY_ONE_HOT, &want, &got, &[]))
}

pub fn coverage_rows(ctx: &Ctx) -> Option<Diagnosis> {
    let a = &ctx.parts[0];
    (0..a.nrows()).find_map(|t| {
        let i = t % a.ncols();
        let single = Mat::from_fn(a.nrows(), a.ncols(), |r, c| if r == t && c == i { 1.0 } else { 0.0 });
        let (want, got) = ctx.differs(&[single])?;
        found("rows_left_out", Ctx::observed(P::COVERAGE_ROWS, &want, &got, &[("t", &(t + 1)), ("i", &(i + 1))]))
    })
}

pub fn coverage_sum(ctx: &Ctx) -> Option<Diagnosis> {
    let a = &ctx.parts[0];
    if a.nrows() < 2 {
        return None;
    }
    let twice = Mat::from_fn(a.nrows(), a.ncols(), |r, c| if r < 2 && c == 0 { 1.0 } else { 0.0 });
    let (want, got) = ctx.differs(&[twice])?;
    found("not_a_sum", Ctx::observed(P::COVERAGE_SUM, &want, &got, &[]))
}

pub fn coverage_linear(ctx: &Ctx) -> Option<Diagnosis> {
    scales_with(ctx, 0, "not_a_sum", P::COVERAGE_LINEAR.get().into())
}

pub fn backward_shift(ctx: &Ctx) -> Option<Diagnosis> {
    let shifted = ctx.with(vec![(1, ctx.parts[1].add_scalar(1.0))]);
    invariant(ctx, &shifted, "shift", P::BACKWARD_SHIFT)
}

pub fn backward_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let alpha = &ctx.parts[0];
    let k = alpha.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map(|(k, _)| k)?;
    let (want, got) = ctx.differs(&ctx.with(vec![(0, one_hot(alpha.nrows(), k))]))?;
    found("one_hot", Ctx::observed(P::BACKWARD_ONE_HOT, &want, &got, &[("k", &(k + 1))]))
}

/// Brevity penalty: the same corpus cut into sentences differently (here one
/// sentence of the totals) must give the same penalty.
pub fn bp_split(ctx: &Ctx) -> Option<Diagnosis> {
    let total = |m: &Mat| Mat::from_element(1, 1, m.sum());
    let joined = [total(&ctx.parts[0]), total(&ctx.parts[1])];
    match (ctx.learner)(&joined) {
        Some(g) if same(&g, ctx.got) => None,
        _ => found("bp_split", P::BP_SPLIT.get()),
    }
}

/// Brevity penalty: the learner's answer is the reference's with the two lists swapped.
pub fn bp_swapped(ctx: &Ctx) -> Option<Diagnosis> {
    let col = |v: &[f64]| Mat::from_column_slice(v.len(), 1, v);
    let tries = [(col(&[2.0, 3.0]), col(&[4.0, 4.0])), (col(&[5.0, 4.0]), col(&[3.0, 2.0]))];
    let swapped = tries.iter().all(|(h, r)| {
        let want = (ctx.reference)(&[r.clone(), h.clone()]);
        matches!(((ctx.learner)(&[h.clone(), r.clone()]), want), (Some(g), Some(w)) if same(&g, &w))
    });
    if !swapped {
        return None;
    }
    found("bp_swapped", P::BP_SWAPPED.get())
}
