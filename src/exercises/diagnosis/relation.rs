//! What a wrong answer has in common with the right one, found from the two
//! outputs alone: the right numbers in the wrong places, a constant factor, a
//! non-linearity too many or too few, a normalisation, the entries that are
//! right, where NaN and ∞ appear. Each finding is named in the exercise's
//! words (its [`Words`]): what the rows and columns of the answer are.

use super::tolerance::{close, same};
use crate::model::Mat;
use crate::walkthrough::fmt_num;

/// A named diagnosis: `key` for the self-tests, `hint` for the learner.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnosis {
    pub key: &'static str,
    pub hint: String,
}

pub fn found(key: &'static str, hint: impl Into<String>) -> Option<Diagnosis> {
    Some(Diagnosis { key, hint: hint.into() })
}

/// How an exercise names the axes of its answer.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// What one row is ("source position i", "dimension").
    pub rows: &'static str,
    /// What one column is ("" for a vector).
    pub cols: &'static str,
}

/// Column `j` of `m`, as a one-column matrix.
pub fn col(m: &Mat, j: usize) -> Mat {
    Mat::from_iterator(m.nrows(), 1, m.column(j).iter().copied())
}

/// Row `r` of `m`, as a one-column matrix.
pub fn row(m: &Mat, r: usize) -> Mat {
    Mat::from_iterator(m.ncols(), 1, m.row(r).iter().copied())
}

/// Up to four entries of a vector or matrix, for a hint.
pub fn show(m: &Mat) -> String {
    let cells: Vec<String> = m.iter().take(4).map(|v| fmt_num(*v, 4)).collect();
    let more = if m.len() > 4 { ", …" } else { "" };
    format!("[{}{more}]", cells.join(", "))
}

fn reversed_rows(m: &Mat) -> Mat {
    Mat::from_fn(m.nrows(), m.ncols(), |r, c| m[(m.nrows() - 1 - r, c)])
}

fn reversed_cols(m: &Mat) -> Mat {
    Mat::from_fn(m.nrows(), m.ncols(), |r, c| m[(r, m.ncols() - 1 - c)])
}

fn sorted(m: &Mat) -> Vec<f64> {
    let mut v: Vec<f64> = m.iter().copied().collect();
    v.sort_by(f64::total_cmp);
    v
}

fn same_numbers(got: &Mat, exp: &Mat) -> bool {
    got.len() == exp.len() && sorted(got).iter().zip(sorted(exp)).all(|(a, b)| close(*a, b))
}

fn axis_word(w: &'static str, fallback: &'static str) -> &'static str {
    if w.is_empty() { fallback } else { w }
}

/// The right numbers in other places: a transpose, a reversal, a permutation.
fn arrangement(got: &Mat, exp: &Mat, w: Words) -> Option<Diagnosis> {
    if exp.len() < 2 || !same_numbers(got, exp) || exp.iter().all(|v| close(*v, exp[0])) {
        return None;
    }
    if same(got, &exp.transpose()) {
        let rows = axis_word(w.rows, "row");
        return found(
            "transposed",
            format!("your answer is the transpose of the right one: one row per {rows}, one column per {}.", w.cols),
        );
    }
    if got.shape() != exp.shape() {
        return found(
            "rearranged",
            format!(
                "your answer holds exactly the right numbers, arranged as ({}, {}) instead of ({}, {}): check \
                 along which axis you joined or indexed.",
                got.nrows(),
                got.ncols(),
                exp.nrows(),
                exp.ncols()
            ),
        );
    }
    if exp.nrows() > 1 && same(got, &reversed_rows(exp)) {
        return found(
            "reversed",
            format!("the right numbers in reverse order: {} runs backwards.", axis_word(w.rows, "the row index")),
        );
    }
    if exp.ncols() > 1 && same(got, &reversed_cols(exp)) {
        return found(
            "reversed",
            format!("the right numbers in reverse order: {} runs backwards.", axis_word(w.cols, "the column index")),
        );
    }
    let whole = |a: &Mat, b: &Mat, rows: bool| {
        let lines = |m: &Mat| -> Vec<Mat> {
            if rows { (0..m.nrows()).map(|r| row(m, r)).collect() } else { (0..m.ncols()).map(|c| col(m, c)).collect() }
        };
        let (la, lb) = (lines(a), lines(b));
        la.iter().all(|x| lb.iter().any(|y| same(x, y)))
    };
    let what = if exp.ncols() > 1 && whole(got, exp, false) {
        format!("every {} is right but in the wrong column", axis_word(w.cols, "column"))
    } else if exp.nrows() > 1 && exp.ncols() > 1 && whole(got, exp, true) {
        format!("every {} is right but in the wrong row", axis_word(w.rows, "row"))
    } else {
        "the entries are the right numbers in other places".to_string()
    };
    let right = partial(got, exp, w)
        .map(|d| format!(" ({})", d.hint.split('.').next().unwrap_or_default()))
        .unwrap_or_default();
    found(
        "permuted",
        format!(
            "{what}{right}: check which index you read each entry from (a sort, a swapped index, a reversed loop?)."
        ),
    )
}

/// Factors a learner may multiply by, named: from the input's sizes and a few constants.
fn factor_name(k: f64, dims: &[usize]) -> Option<String> {
    let mut named: Vec<(f64, String)> = vec![
        (-1.0, "−1 (the sign is flipped)".into()),
        (2.0, "2".into()),
        (0.5, "1/2".into()),
        (100.0, "100 (a percentage where a share from 0 to 1 belongs)".into()),
        (1.0 / std::f64::consts::LN_2, "1/ln 2 (log₂ instead of ln)".into()),
        (1.0 / std::f64::consts::LN_10, "1/ln 10 (log₁₀ instead of ln)".into()),
        (-1.0 / std::f64::consts::LN_2, "−1/ln 2 (the sign, and log₂ instead of ln)".into()),
    ];
    for &d in dims.iter().filter(|&&d| d > 1) {
        let f = d as f64;
        named.push((1.0 / f, format!("1/{d} (a mean where a sum belongs?)")));
        named.push((f, format!("{d}")));
        named.push((1.0 / f.sqrt(), format!("1/√{d} (a scaling this formula does not have)")));
        named.push((f.sqrt(), format!("√{d} (a scaling this formula does not have)")));
        named.push((1.0 / f.ln(), format!("1/ln {d} (a normalisation this formula does not have)")));
    }
    named.into_iter().find(|(v, _)| close(k, *v)).map(|(_, n)| n)
}

/// got = k·expected, or got = k·expected + c.
fn scaling(got: &Mat, exp: &Mat, dims: &[usize]) -> Option<Diagnosis> {
    if got.shape() != exp.shape() || exp.iter().all(|v| v.abs() < 1e-12) {
        return None;
    }
    if exp.len() > 1
        && got[0].is_finite()
        && got.iter().all(|v| close(*v, got[0]))
        && !exp.iter().all(|v| close(*v, exp[0]))
    {
        return found(
            "constant",
            format!(
                "every entry of your answer is {}, whatever the input: the formula's terms never reach it.",
                fmt_num(got[0], 4)
            ),
        );
    }
    let k = got.dot(exp) / exp.dot(exp);
    if same(got, &(exp * k)) {
        return match factor_name(k, dims) {
            Some(name) => found("factor", format!("your answer is {name} times the right one.")),
            None if exp.len() > 1 => found(
                "factor",
                format!(
                    "your answer is the right one times a constant, {}: something scales it that should not.",
                    fmt_num(k, 4)
                ),
            ),
            None => None,
        };
    }
    if exp.len() < 3 {
        return None;
    }
    let (n, mean_e, mean_g) = (exp.len() as f64, exp.mean(), got.mean());
    let ce = exp.add_scalar(-mean_e);
    let k = got.add_scalar(-mean_g).dot(&ce) / ce.dot(&ce);
    let c = mean_g - k * mean_e;
    (ce.norm() > 1e-9 * n && k.abs() > 1e-6 && same(got, &(exp * k).add_scalar(c)) && !close(c, 0.0)).then(|| {
        Diagnosis {
            key: "affine",
            hint: format!(
                "each of your entries is {} × (the right value) {} {}: a constant is added that should not be.",
                fmt_num(k, 4),
                if c < 0.0 { "−" } else { "+" },
                fmt_num(c.abs(), 4)
            ),
        }
    })
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// A non-linearity too many, too few, or in its place another.
fn nonlinearity(got: &Mat, exp: &Mat) -> Option<Diagnosis> {
    if got.shape() != exp.shape() {
        return None;
    }
    let checks: [(&'static str, &str, Mat, &Mat); 6] = [
        ("missing_nonlinearity", "a tanh is missing: tanh of your answer is the right one", got.map(f64::tanh), exp),
        (
            "extra_nonlinearity",
            "you applied a tanh this function does not have: your answer is tanh of the right one",
            exp.map(f64::tanh),
            got,
        ),
        ("missing_nonlinearity", "a σ is missing: σ of your answer is the right one", got.map(sigmoid), exp),
        (
            "extra_nonlinearity",
            "you applied a σ this function does not have: your answer is σ of the right one",
            exp.map(sigmoid),
            got,
        ),
        (
            "log_space",
            "your answer is the logarithm of the right one: return the values themselves, not their log",
            got.map(f64::exp),
            exp,
        ),
        ("extra_nonlinearity", "your answer is exp of the right one: an exp too many", exp.map(f64::exp), got),
    ];
    checks.into_iter().find(|(_, _, a, b)| same(a, b)).and_then(|(key, text, _, _)| found(key, format!("{text}.")))
}

fn sums_to_one(v: impl Iterator<Item = f64>) -> bool {
    close(v.sum::<f64>(), 1.0)
}

/// Normalised where it must not be, or not normalised where it must.
fn normalisation(got: &Mat, exp: &Mat, w: Words, early: bool) -> Option<Diagnosis> {
    if got.shape() != exp.shape() || got.len() < 2 {
        return None;
    }
    let per_row = exp.ncols() > 1;
    let lines = |m: &Mat| -> Vec<Vec<f64>> {
        if per_row {
            m.row_iter().map(|r| r.iter().copied().collect()).collect()
        } else {
            vec![m.iter().copied().collect()]
        }
    };
    let (g, e) = (lines(got), lines(exp));
    let unit = |ls: &[Vec<f64>]| ls.iter().all(|l| sums_to_one(l.iter().copied()));
    let what = if per_row { format!("each {}", axis_word(w.rows, "row")) } else { "your answer".to_string() };
    if unit(&g) && !unit(&e) && got.iter().all(|v| *v >= 0.0) {
        if !early {
            return None;
        }
        return found(
            "normalised",
            format!(
                "{what} sums to 1, like softmax weights, and the right one does not (it sums to {}): no softmax or \
                 normalisation belongs in this function, or you returned a single row of weights.",
                fmt_num(e[0].iter().sum(), 4)
            ),
        );
    }
    if early || !unit(&e) || unit(&g) {
        return None;
    }
    let scaled = g.iter().zip(&e).all(|(gl, el)| {
        let s: f64 = gl.iter().sum();
        s.is_finite() && gl.iter().zip(el).all(|(a, b)| close(*a, s * b))
    });
    let sums: Vec<String> = g.iter().take(3).map(|l| fmt_num(l.iter().sum(), 4)).collect();
    scaled.then(|| Diagnosis {
        key: "not_normalised",
        hint: format!(
            "{what} has the right proportions but sums to {} instead of 1: divide by the sum of the same values you return.",
            sums.join(", ")
        ),
    })
}

/// Everything right except the first or the last entry (of a vector), column
/// or row (of a matrix), which is 0: a loop that starts one late or stops one short.
fn loop_edge(got: &Mat, exp: &Mat, w: Words) -> Option<Diagnosis> {
    if got.shape() != exp.shape() || exp.len() < 2 {
        return None;
    }
    let (rows, cols) = exp.shape();
    // (is a line, which line, how many lines) for each reading: columns, then rows.
    let mut readings: Vec<(bool, &'static str, usize)> = Vec::new();
    if cols > 1 {
        readings.push((true, axis_word(w.cols, "column"), cols));
    }
    if rows > 1 {
        readings.push((false, axis_word(w.rows, if cols == 1 { "entry" } else { "row" }), rows));
    }
    for (by_col, word, n) in readings {
        let line = |m: &Mat, j: usize| if by_col { col(m, j) } else { row(m, j) };
        let edges = [
            (n - 1, "last", "stops one short. A range over n entries is 0..n"),
            (0, "first", "starts one late. A range over n entries starts at 0"),
        ];
        for (j, which, fix) in edges {
            let (g, e) = (line(got, j), line(exp, j));
            let zeroed = g.iter().all(|v| *v == 0.0) && !same(&g, &e);
            let rest_right = (0..n).filter(|&o| o != j).all(|o| same(&line(got, o), &line(exp, o)));
            if zeroed && rest_right {
                return found(
                    "loop_edge",
                    format!("every {word} is right except the {which} ({word} {j}), which is 0: your loop {fix}."),
                );
            }
        }
    }
    None
}

/// The exact relations: arrangement, a loop's edge, scaling, non-linearity.
pub fn relate(got: &Mat, exp: &Mat, dims: &[usize], w: Words) -> Option<Diagnosis> {
    // NaN equals NaN in the comparison, so a NaN answer would match any scaling of itself.
    if got.iter().any(|v| !v.is_finite()) && exp.iter().all(|v| v.is_finite()) {
        return None;
    }
    arrangement(got, exp, w)
        .or_else(|| loop_edge(got, exp, w))
        .or_else(|| scaling(got, exp, dims))
        .or_else(|| nonlinearity(got, exp))
        .or_else(|| normalisation(got, exp, w, true))
}

/// Proportions right but not normalised, checked after the exercise's own probes.
pub fn relate_sums(got: &Mat, exp: &Mat, w: Words) -> Option<Diagnosis> {
    normalisation(got, exp, w, false)
}

fn list(v: &[usize]) -> String {
    let shown: Vec<String> = v.iter().take(6).map(|i| i.to_string()).collect();
    shown.join(", ") + if v.len() > 6 { ", …" } else { "" }
}

/// NaN or ∞ where the right answer has none, and where.
pub fn nonfinite(got: &Mat, exp: &Mat, w: Words, why: Option<&str>) -> Option<Diagnosis> {
    if got.iter().all(|v| v.is_finite()) || exp.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let kind = if got.iter().any(|v| v.is_nan()) { "NaN" } else { "∞" };
    let bad_rows: Vec<usize> = (0..got.nrows()).filter(|&r| got.row(r).iter().any(|v| !v.is_finite())).collect();
    let place = if got.ncols() == 1 {
        format!("at {} {}", axis_word(w.rows, "entry"), list(&bad_rows))
    } else {
        format!("in {} {}", axis_word(w.rows, "row"), list(&bad_rows))
    };
    let big = exp.iter().chain(got.iter()).filter(|v| v.is_finite()).fold(0.0f64, |m, v| m.max(v.abs()));
    let cause = why.map(str::to_string).unwrap_or_else(|| {
        "An exp that overflows (above about 709), a log of 0, or 0·∞ and ∞ − ∞ give these: print the intermediate values.".into()
    });
    found(
        "nonfinite",
        format!("your answer has {kind} {place} (the largest finite value around is {}). {cause}", fmt_num(big, 1)),
    )
}

/// Which entries are right, when some are: whole rows or columns, and which.
pub fn partial(got: &Mat, exp: &Mat, w: Words) -> Option<Diagnosis> {
    if got.shape() != exp.shape() || exp.len() < 2 {
        return None;
    }
    let ok = |r: usize, c: usize| close(got[(r, c)], exp[(r, c)]);
    let right = (0..exp.nrows()).flat_map(|r| (0..exp.ncols()).map(move |c| (r, c))).filter(|&(r, c)| ok(r, c)).count();
    if right == 0 {
        return None;
    }
    let rows: Vec<usize> = (0..exp.nrows()).filter(|&r| (0..exp.ncols()).all(|c| ok(r, c))).collect();
    let cols: Vec<usize> = (0..exp.ncols()).filter(|&c| (0..exp.nrows()).all(|r| ok(r, c))).collect();
    let text = if exp.ncols() > 1 && !cols.is_empty() && cols.len() * exp.nrows() == right {
        format!(
            "only {} {} of your answer {} right; the others are not",
            axis_word(w.cols, "column"),
            list(&cols),
            if cols.len() > 1 { "are" } else { "is" }
        )
    } else if !rows.is_empty() && rows.len() * exp.ncols() == right {
        format!(
            "only {} {} of your answer {} right; the others are not",
            axis_word(w.rows, "row"),
            list(&rows),
            if rows.len() > 1 { "are" } else { "is" }
        )
    } else {
        format!("{right} of {} entries are right", exp.len())
    };
    found(
        "partial",
        format!(
            "{text}. Look for what the right part has that the rest lacks: a loop's first or last index, one half of a concatenation."
        ),
    )
}
