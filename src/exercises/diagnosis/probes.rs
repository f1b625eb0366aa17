//! The designed inputs, one function per idea. Each runs the learner's
//! function on an input built to isolate one term, compares with what the
//! formula says there, and names the term when they disagree. Parts are
//! indexed in the order of [`super::knowledge::knowledge`].

use super::ctx::Ctx;
use super::relation::{Diagnosis, col, found, relate, show};
use super::tolerance::same;
use crate::model::Mat;

fn one_hot(n: usize, k: usize) -> Mat {
    Mat::from_fn(n, 1, |i, _| if i == k { 1.0 } else { 0.0 })
}

/// The learner's answer must not change from the case's when `parts` replace its input.
pub(super) fn invariant(ctx: &Ctx, parts: &[Mat], key: &'static str, text: &str) -> Option<Diagnosis> {
    let moved = (ctx.learner)(parts);
    match moved {
        Some(m) if same(&m, ctx.got) => None,
        m => found(
            key,
            format!("{text} Before: {}; after: {}.", show(ctx.got), m.as_ref().map(show).unwrap_or("a panic".into())),
        ),
    }
}

/// The answer is linear in part `j`: doubling it must double the answer.
fn linear_in(ctx: &Ctx, j: usize, text: &str) -> Option<Diagnosis> {
    scales_with(ctx, j, "linearity", text)
}

fn scales_with(ctx: &Ctx, j: usize, key: &'static str, text: &str) -> Option<Diagnosis> {
    if ctx.got.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let doubled = ctx.with(vec![(j, &ctx.parts[j] * 2.0)]);
    match (ctx.learner)(&doubled) {
        Some(m) if same(&m, &(ctx.got * 2.0)) => None,
        _ => found(key, text.to_string()),
    }
}

/// A relation between the learner's and the right answer on a probe, as a sentence to append.
pub(super) fn why(want: &Mat, got: &Option<Mat>, ctx: &Ctx) -> String {
    got.as_ref()
        .and_then(|g| relate(g, want, &[], ctx.words))
        .map(|d| format!(" There, {}", d.hint))
        .unwrap_or_default()
}

pub fn embed_positions(ctx: &Ctx) -> Option<Diagnosis> {
    let positions = Mat::from_fn(ctx.parts[1].nrows(), 1, |i, _| i as f64);
    let by_position = (ctx.reference)(&ctx.with(vec![(1, positions)]))?;
    same(ctx.got, &by_position).then(|| Diagnosis {
        key: "positions",
        hint: "column i of your X is E[:, i], the column of the position. It must be E[:, ids[i]]: the column \
               numbered by the token's id."
            .into(),
    })
}

pub fn embed_one_id(ctx: &Ctx) -> Option<Diagnosis> {
    let ids = &ctx.parts[1];
    let first = Mat::from_element(ids.nrows(), 1, ids[0]);
    let all_first = (ctx.reference)(&ctx.with(vec![(1, first)]))?;
    same(ctx.got, &all_first).then(|| Diagnosis {
        key: "one_id",
        hint: "every column of your X is E[:, ids[0]]: the first token's id is used for every position. Column i \
               takes ids[i]."
            .into(),
    })
}

/// Every entry of the learner's X is an entry of E, but not the right one: E indexed the wrong way.
pub fn embed_misindexed(ctx: &Ctx) -> Option<Diagnosis> {
    let e = &ctx.parts[0];
    let from_e = ctx.got.shape() == ctx.expected.shape() && ctx.got.iter().all(|g| e.iter().any(|v| v == g));
    from_e.then(|| Diagnosis {
        key: "misindexed",
        hint: "every entry of your X is an entry of E, but taken from the wrong place. X[(r, i)] must be \
               E[(r, ids[i])]: the row r unchanged, the column numbered by token i's id (m[(row, col)] puts the row \
               first)."
            .into(),
    })
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
                let (row_half, sign) = (if top { "upper" } else { "lower" }, if shift > 0 { "+" } else { "−" });
                return found(
                    "half_shifted",
                    format!(
                        "the {row_half} half of your column i is {name}_(i{sign}1), not {name}_i: that direction is \
                         shifted by one position. Both inputs are already in source order, column i of each is the \
                         state at word i, so no index needs ±1."
                    ),
                );
            }
        }
    }
    None
}

pub fn annotations_added(ctx: &Ctx) -> Option<Diagnosis> {
    let sum = &ctx.parts[0] + &ctx.parts[1];
    same(ctx.got, &sum).then(|| Diagnosis {
        key: "added",
        hint: "you added →h and ←h. The annotation stacks them, h_i = [→h_i; ←h_i]: 2n rows, forward on top.".into(),
    })
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
        let what = if near(got[0], q.sum()) { " (the sum of the query's entries)" } else { "" };
        return found(
            "query_collapsed",
            format!(
                "with U_a H = 0 every entry of yours is the same number, {}{what}: the query became one number. \
                 It is a vector of n' entries, and entry k goes to row k of every column: pre[k, i] = query[k] + \
                 (U_a H)[k, i].",
                crate::walkthrough::fmt_num(got[0], 4)
            ),
        );
    }
    let by_position = (0..t).all(|i| (0..na).all(|k| near(got[(k, i)], got[(0, i)])))
        && (0..t.min(na)).all(|i| near(got[(0, i)], q[i]));
    if by_position && t > 1 {
        return found(
            "query_by_position",
            "with U_a H = 0 your column i is query[i] in every row: the query went along the wrong axis. It is \
             indexed by the row k (n' entries), and the whole query is added to every column i.",
        );
    }
    let has_query: Vec<usize> = (0..t).filter(|&i| same(&col(got, i), q)).collect();
    let zero: Vec<usize> = (0..t).filter(|&i| col(got, i).iter().all(|v| *v == 0.0)).collect();
    if !has_query.is_empty() && !zero.is_empty() && has_query.len() + zero.len() == t {
        let list: Vec<String> = has_query.iter().map(|i| i.to_string()).collect();
        return found(
            "query_some_columns",
            format!(
                "with U_a H = 0 only column{} {} of yours hold{} the query, the others are 0: the query must be \
                 added to every column i = 0 … T_x − 1 (check the loop's range).",
                if list.len() > 1 { "s" } else { "" },
                list.join(", "),
                if list.len() > 1 { "" } else { "s" }
            ),
        );
    }
    None
}

pub fn broadcast_zero(ctx: &Ctx) -> Option<Diagnosis> {
    for (j, name, other) in [(0, "W_a s_(t-1)", "U_a H itself"), (1, "U_a H", "the query in every column")] {
        let zeroed = ctx.with(vec![(j, ctx.parts[j].map(|_| 0.0))]);
        if let Some((want, got)) = ctx.differs(&zeroed) {
            if let Some(d) = got.as_ref().filter(|_| j == 1).and_then(|g| query_reading(&ctx.parts[0], g)) {
                return Some(d);
            }
            let product = got.as_ref().is_some_and(|g| g.iter().all(|v| *v == 0.0));
            let tail = if product { " Yours is all zeros: did you multiply where the formula adds?" } else { "" };
            return found(
                "zero_term",
                format!("with {name} = 0 the sum must be {other}: it {}.{tail}", Ctx::observed(&want, &got)),
            );
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
            hint: format!(
                "your energies are the right ones for s_{} = s.column({}), at t = {t}. The query is s_(t-1) = \
                 s.column({}).",
                u - 1,
                u - 1,
                t - 1
            ),
        })
    })
}

pub fn energies_zero_weights(ctx: &Ctx) -> Option<Diagnosis> {
    let zeroed = ctx.with(vec![(0, ctx.parts[0].map(|_| 0.0)), (1, ctx.parts[1].map(|_| 0.0))]);
    let (want, got) = ctx.differs(&zeroed)?;
    found(
        "zero_weights",
        format!(
            "with W_a = 0 and U_a = 0 every tanh(W_a s_(t-1) + U_a h_i) is tanh(0) = 0, so every energy {}. Check \
             the non-linearity (tanh, whose value at 0 is 0, not σ) and any term added outside it.",
            Ctx::observed(&want, &got)
        ),
    )
}

pub fn energies_linear_in_v_a(ctx: &Ctx) -> Option<Diagnosis> {
    linear_in(
        ctx,
        2,
        "e_i = v_aᵀ tanh(…) is linear in v_a: doubling v_a must double every energy, and yours did not. Apply \
         tanh before multiplying by v_aᵀ, and nothing after.",
    )
}

pub fn softmax_shift(ctx: &Ctx) -> Option<Diagnosis> {
    let shifted = ctx.with(vec![(0, ctx.parts[0].add_scalar(3.0))]);
    invariant(
        ctx,
        &shifted,
        "shift",
        "softmax(e + 3) = softmax(e): adding the same number to every energy must not change the weights, and \
         yours changed. The weights are exp(e_i − max e) divided by their sum: exp, not a power or a ratio of energies.",
    )
}

/// Every energy very negative: exp underflows unless the largest energy is subtracted.
pub fn softmax_underflow(ctx: &Ctx) -> Option<Diagnosis> {
    let n = ctx.parts[0].nrows();
    if n < 2 {
        return None;
    }
    let low = Mat::from_fn(n, 1, |i, _| -800.0 - i as f64);
    let (_, got) = ctx.differs(&[low])?;
    got.is_some_and(|g| g.iter().any(|v| !v.is_finite())).then(|| Diagnosis {
        key: "underflow",
        hint: "with every energy very negative (−800, −801, …) your weights are NaN: exp underflowed to 0 and 0/0 \
               is NaN. Subtract max e, the largest energy itself (here −800, not the largest |e| that amax gives), \
               so that the largest exp is exactly 1."
            .into(),
    })
}

pub fn context_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let (h, t) = (&ctx.parts[0], ctx.parts[1].nrows());
    (0..t).find_map(|i| {
        let (want, got) = ctx.differs(&ctx.with(vec![(1, one_hot(t, i))]))?;
        let g = got.as_ref();
        let column = g.and_then(|g| (0..h.ncols()).find(|&j| same(g, &col(h, j))));
        let text = match column {
            Some(j) => format!("it is h_{} (column {j}): the weights are paired with the wrong columns of H", j + 1),
            None if g.is_some_and(|g| g.iter().all(|v| *v == 0.0)) => {
                format!("it is 0: the term α_{} h_{} is missing from your sum (check the loop's range)", i + 1, i + 1)
            }
            None => format!(
                "it {}: is α changed (a second softmax?) before it weights the columns",
                Ctx::observed(&want, &got)
            ),
        };
        found(
            "one_hot",
            format!(
                "with all the weight on source word {} (α one-hot), c_t must be h_{} (column {i} of H), but {text}.",
                i + 1,
                i + 1
            ),
        )
    })
}

pub fn luong_dot_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let d = ctx.parts[0].nrows();
    (0..d).find_map(|k| {
        let (want, got) = ctx.differs(&ctx.with(vec![(0, one_hot(d, k))]))?;
        found(
            "one_hot",
            format!(
                "with h_t one-hot at dimension {k}, the scores must be row {k} of h̄: they {}. The dot product runs \
                 over all d dimensions.",
                Ctx::observed(&want, &got)
            ),
        )
    })
}

pub fn luong_dot_linear(ctx: &Ctx) -> Option<Diagnosis> {
    linear_in(
        ctx,
        0,
        "the scores h_tᵀ h̄_i are linear in h_t: doubling h_t must double them, and yours did not. Divide by nothing \
         (dividing by the norms is cosine similarity) and apply nothing after the dot product.",
    )
}

pub fn luong_general_linear(ctx: &Ctx) -> Option<Diagnosis> {
    [(0, "h_t"), (1, "W_a"), (2, "h̄")].into_iter().find_map(|(j, name)| {
        linear_in(
            ctx,
            j,
            &format!(
                "h_tᵀ W_a h̄_i is linear in {name}: doubling {name} must double every score, and yours did not. Use \
                 {name} once, with no non-linearity around it."
            ),
        )
    })
}

pub fn entropy_uniform(ctx: &Ctx) -> Option<Diagnosis> {
    let t = ctx.parts[0].nrows();
    let (want, got) = ctx.differs(&[Mat::from_element(t, 1, 1.0 / t as f64)])?;
    found(
        "uniform",
        format!(
            "for α uniform over T = {t} words, H(α) = ln {t}; it {}. Each ln α_i is weighted by its own α_i, and the \
             sum is negated.",
            Ctx::observed(&want, &got)
        ),
    )
}

pub fn entropy_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let t = ctx.parts[0].nrows();
    let (want, got) = ctx.differs(&[one_hot(t, 0)])?;
    found(
        "one_hot",
        format!("for α with all the weight on one word, H(α) = 0 (no uncertainty); it {}.", Ctx::observed(&want, &got)),
    )
}

pub fn coverage_rows(ctx: &Ctx) -> Option<Diagnosis> {
    let a = &ctx.parts[0];
    (0..a.nrows()).find_map(|t| {
        let i = t % a.ncols();
        let single = Mat::from_fn(a.nrows(), a.ncols(), |r, c| if r == t && c == i { 1.0 } else { 0.0 });
        let (want, got) = ctx.differs(&[single])?;
        found(
            "rows_left_out",
            format!(
                "when only target word {} attends (all to source word {}), the coverage {}: every row t = 1 … T_y \
                 of A counts.",
                t + 1,
                i + 1,
                Ctx::observed(&want, &got)
            ),
        )
    })
}

pub fn coverage_sum(ctx: &Ctx) -> Option<Diagnosis> {
    let a = &ctx.parts[0];
    if a.nrows() < 2 {
        return None;
    }
    let twice = Mat::from_fn(a.nrows(), a.ncols(), |r, c| if r < 2 && c == 0 { 1.0 } else { 0.0 });
    let (want, got) = ctx.differs(&[twice])?;
    found(
        "not_a_sum",
        format!(
            "when target words 1 and 2 both attend fully to source word 1, its coverage is 2; the answer {}. \
             Coverage adds the weights: a sum, not a maximum or a count.",
            Ctx::observed(&want, &got)
        ),
    )
}

pub fn coverage_linear(ctx: &Ctx) -> Option<Diagnosis> {
    scales_with(
        ctx,
        0,
        "not_a_sum",
        "doubling every weight in A must double the coverage, and yours did not: coverage adds the weights \
         themselves, with nothing applied to them (no square, no maximum).",
    )
}

pub fn backward_shift(ctx: &Ctx) -> Option<Diagnosis> {
    let shifted = ctx.with(vec![(1, ctx.parts[1].add_scalar(1.0))]);
    invariant(
        ctx,
        &shifted,
        "shift",
        "adding the same number to every g_i must not change ∂L/∂e (the α_i sum to 1, so the loss cannot tell), \
         and yours changed. Subtract gᵀα = Σ_j g_j α_j from every g_i, then multiply by α_i.",
    )
}

pub fn backward_one_hot(ctx: &Ctx) -> Option<Diagnosis> {
    let alpha = &ctx.parts[0];
    let k = alpha.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map(|(k, _)| k)?;
    let (want, got) = ctx.differs(&ctx.with(vec![(0, one_hot(alpha.nrows(), k))]))?;
    found(
        "one_hot",
        format!(
            "with α one-hot (all weight on word {}) the softmax is saturated and ∂L/∂e is 0: it {}. The factor is \
             α_i, and the subtracted term is gᵀα, weighted by α.",
            k + 1,
            Ctx::observed(&want, &got)
        ),
    )
}

/// Brevity penalty: the same corpus cut into sentences differently (here one
/// sentence of the totals) must give the same penalty.
pub fn bp_split(ctx: &Ctx) -> Option<Diagnosis> {
    let total = |m: &Mat| Mat::from_element(1, 1, m.sum());
    let joined = [total(&ctx.parts[0]), total(&ctx.parts[1])];
    match (ctx.learner)(&joined) {
        Some(g) if same(&g, ctx.got) => None,
        _ => found(
            "bp_split",
            "your penalty changes when the same corpus is cut into sentences differently. c and r are totals \
             over every sentence: sum all the lengths first, then compute one penalty.",
        ),
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
    found(
        "bp_swapped",
        "you swapped the hypotheses and the references: c is the hypotheses' total length, r the references'. \
         BP = exp(1 − r/c) when c ≤ r.",
    )
}
