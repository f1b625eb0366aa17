//! What a wrong answer has in common with the right one, found from the two
//! outputs alone: the right numbers in the wrong places, a constant factor, a
//! non-linearity too many or too few, a normalisation, the entries that are
//! right, where NaN and ∞ appear. Each finding is named in the exercise's
//! words (its [`Words`]): what the rows and columns of the answer are. The
//! sentences are `text::readings`', whole in each language.

use super::tolerance::{close, same};
use crate::model::Mat;
use crate::text::diagnoses::LIST_SEP;
use crate::text::readings as R;
use crate::text::{Lang, Text, current};
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

/// One axis of an answer in the learner's words: what one line along it
/// is ("source position i", 源位置), and the same numbered by a list of
/// indices ("source position i 0, 2", 源位置 0、2).
#[derive(Clone, Copy, Debug)]
pub struct Axis {
    pub name: Text,
    /// `{$n}` is the list.
    pub at: Text,
}

impl Axis {
    fn name(&self) -> &'static str {
        self.name.get()
    }

    /// The lines numbered `list`, already formatted ([`list`]).
    fn at(&self, list: &str) -> String {
        self.at.fill_spaced(&[("n", &list)])
    }
}

/// The axes' words when an exercise has none of its own.
const ROW: Axis = Axis { name: R::AXIS_ROW, at: R::AXIS_ROW_AT };
const COLUMN: Axis = Axis { name: R::AXIS_COLUMN, at: R::AXIS_COLUMN_AT };
const ENTRY: Axis = Axis { name: R::AXIS_ENTRY, at: R::AXIS_ENTRY_AT };

/// How an exercise names the axes of its answer.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// What one row is ("source position i", "dimension").
    pub rows: Option<Axis>,
    /// What one column is (`None` for a vector).
    pub cols: Option<Axis>,
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

fn axis(w: Option<Axis>, fallback: Axis) -> Axis {
    w.unwrap_or(fallback)
}

fn say(t: Text, args: &[(&str, &dyn crate::text::Arg)]) -> String {
    t.fill_spaced(args)
}

fn shape(m: &Mat) -> String {
    format!("({}, {})", m.nrows(), m.ncols())
}

/// The right numbers in other places: a transpose, a reversal, a permutation.
fn arrangement(got: &Mat, exp: &Mat, w: Words) -> Option<Diagnosis> {
    if exp.len() < 2 || !same_numbers(got, exp) || exp.iter().all(|v| close(*v, exp[0])) {
        return None;
    }
    if same(got, &exp.transpose()) {
        let rows = axis(w.rows, ROW).name();
        return found(
            "transposed",
            match w.cols {
                Some(cols) => say(R::TRANSPOSED, &[("rows", &rows), ("cols", &cols.name())]),
                None => say(R::TRANSPOSED_VECTOR, &[("rows", &rows)]),
            },
        );
    }
    if got.shape() != exp.shape() {
        return found("rearranged", say(R::REARRANGED, &[("got", &shape(got)), ("want", &shape(exp))]));
    }
    if exp.nrows() > 1 && same(got, &reversed_rows(exp)) {
        let rows = w.rows.map_or(R::ROW_INDEX.get(), |a| a.name());
        return found("reversed", say(R::REVERSED, &[("axis", &rows)]));
    }
    if exp.ncols() > 1 && same(got, &reversed_cols(exp)) {
        let cols = w.cols.map_or(R::COLUMN_INDEX.get(), |a| a.name());
        return found("reversed", say(R::REVERSED, &[("axis", &cols)]));
    }
    let whole = |a: &Mat, b: &Mat, rows: bool| {
        let lines = |m: &Mat| -> Vec<Mat> {
            if rows { (0..m.nrows()).map(|r| row(m, r)).collect() } else { (0..m.ncols()).map(|c| col(m, c)).collect() }
        };
        let (la, lb) = (lines(a), lines(b));
        la.iter().all(|x| lb.iter().any(|y| same(x, y)))
    };
    let what = if exp.ncols() > 1 && whole(got, exp, false) {
        say(R::PERMUTED_COLUMNS, &[("axis", &axis(w.cols, COLUMN).name())])
    } else if exp.nrows() > 1 && exp.ncols() > 1 && whole(got, exp, true) {
        say(R::PERMUTED_ROWS, &[("axis", &axis(w.rows, ROW).name())])
    } else {
        R::PERMUTED_ENTRIES.get().to_string()
    };
    // The English reading has always been cut at its first full stop, which an
    // axis's own words may hold ("0..n"); the Chinese one is kept whole.
    let right = right_part(got, exp, w).map(|part| match current() {
        Lang::En => part.split('.').next().unwrap_or_default().to_string(),
        Lang::Zh => part,
    });
    found(
        "permuted",
        match right {
            Some(right) => say(R::PERMUTED_PARTLY, &[("what", &what), ("right", &right)]),
            None => say(R::PERMUTED, &[("what", &what)]),
        },
    )
}

/// Factors a learner may multiply by, named: from the input's sizes and a few constants.
fn factor_name(k: f64, dims: &[usize]) -> Option<String> {
    let mut named: Vec<(f64, String)> = vec![
        (-1.0, R::FACTOR_SIGN.get().into()),
        (2.0, "2".into()),
        (0.5, "1/2".into()),
        (100.0, R::FACTOR_PERCENT.get().into()),
        (1.0 / std::f64::consts::LN_2, R::FACTOR_LOG2.get().into()),
        (1.0 / std::f64::consts::LN_10, R::FACTOR_LOG10.get().into()),
        (-1.0 / std::f64::consts::LN_2, R::FACTOR_SIGN_LOG2.get().into()),
    ];
    for &d in dims.iter().filter(|&&d| d > 1) {
        let f = d as f64;
        named.push((1.0 / f, say(R::FACTOR_MEAN, &[("d", &d)])));
        named.push((f, format!("{d}")));
        named.push((1.0 / f.sqrt(), say(R::FACTOR_INV_SQRT, &[("d", &d)])));
        named.push((f.sqrt(), say(R::FACTOR_SQRT, &[("d", &d)])));
        named.push((1.0 / f.ln(), say(R::FACTOR_INV_LN, &[("d", &d)])));
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
        return found("constant", say(R::CONSTANT, &[("v", &fmt_num(got[0], 4))]));
    }
    let k = got.dot(exp) / exp.dot(exp);
    if same(got, &(exp * k)) {
        return match factor_name(k, dims) {
            Some(name) => found("factor", say(R::FACTOR, &[("factor", &name)])),
            None if exp.len() > 1 => found("factor", say(R::FACTOR_UNNAMED, &[("k", &fmt_num(k, 4))])),
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
            hint: say(
                R::AFFINE,
                &[("k", &fmt_num(k, 4)), ("sign", &if c < 0.0 { "−" } else { "+" }), ("c", &fmt_num(c.abs(), 4))],
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
    let checks: [(&'static str, Text, Mat, &Mat); 6] = [
        ("missing_nonlinearity", R::TANH_MISSING, got.map(f64::tanh), exp),
        ("extra_nonlinearity", R::TANH_EXTRA, exp.map(f64::tanh), got),
        ("missing_nonlinearity", R::SIGMA_MISSING, got.map(sigmoid), exp),
        ("extra_nonlinearity", R::SIGMA_EXTRA, exp.map(sigmoid), got),
        ("log_space", R::LOG_SPACE, got.map(f64::exp), exp),
        ("extra_nonlinearity", R::EXP_EXTRA, exp.map(f64::exp), got),
    ];
    checks.into_iter().find(|(_, _, a, b)| same(a, b)).and_then(|(key, text, _, _)| found(key, text.get()))
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
    let rows = axis(w.rows, ROW).name();
    if unit(&g) && !unit(&e) && got.iter().all(|v| *v >= 0.0) {
        if !early {
            return None;
        }
        let sum = fmt_num(e[0].iter().sum(), 4);
        return found(
            "normalised",
            if per_row {
                say(R::NORMALISED_EACH, &[("axis", &rows), ("sum", &sum)])
            } else {
                say(R::NORMALISED_ANSWER, &[("sum", &sum)])
            },
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
    let sums = sums.join(LIST_SEP.get());
    scaled.then(|| Diagnosis {
        key: "not_normalised",
        hint: if per_row {
            say(R::NOT_NORMALISED_EACH, &[("axis", &rows), ("sums", &sums)])
        } else {
            say(R::NOT_NORMALISED_ANSWER, &[("sums", &sums)])
        },
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
    let mut readings: Vec<(bool, Axis, usize)> = Vec::new();
    if cols > 1 {
        readings.push((true, axis(w.cols, COLUMN), cols));
    }
    if rows > 1 {
        readings.push((false, axis(w.rows, if cols == 1 { ENTRY } else { ROW }), rows));
    }
    for (by_col, word, n) in readings {
        let line = |m: &Mat, j: usize| if by_col { col(m, j) } else { row(m, j) };
        for (j, text) in [(n - 1, R::LOOP_LAST), (0, R::LOOP_FIRST)] {
            let (g, e) = (line(got, j), line(exp, j));
            let zeroed = g.iter().all(|v| *v == 0.0) && !same(&g, &e);
            let rest_right = (0..n).filter(|&o| o != j).all(|o| same(&line(got, o), &line(exp, o)));
            if zeroed && rest_right {
                let at = word.at(&j.to_string());
                return found("loop_edge", say(text, &[("axis", &word.name()), ("at", &at)]));
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

/// Up to six indices, joined as the learner's language joins a list.
pub fn list(v: &[usize]) -> String {
    let shown: Vec<String> = v.iter().take(6).map(|i| i.to_string()).collect();
    shown.join(LIST_SEP.get()) + if v.len() > 6 { R::LIST_MORE.get() } else { "" }
}

/// NaN or ∞ where the right answer has none, and where.
pub fn nonfinite(got: &Mat, exp: &Mat, w: Words, why: Option<&str>) -> Option<Diagnosis> {
    if got.iter().all(|v| v.is_finite()) || exp.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let kind = if got.iter().any(|v| v.is_nan()) { "NaN" } else { "∞" };
    let bad_rows: Vec<usize> = (0..got.nrows()).filter(|&r| got.row(r).iter().any(|v| !v.is_finite())).collect();
    let (text, at) = if got.ncols() == 1 {
        (R::NONFINITE_AT, axis(w.rows, ENTRY).at(&list(&bad_rows)))
    } else {
        (R::NONFINITE_IN, axis(w.rows, ROW).at(&list(&bad_rows)))
    };
    let big = exp.iter().chain(got.iter()).filter(|v| v.is_finite()).fold(0.0f64, |m, v| m.max(v.abs()));
    let cause = why.unwrap_or(R::NONFINITE_CAUSE.get());
    found("nonfinite", say(text, &[("kind", &kind), ("at", &at), ("big", &fmt_num(big, 1)), ("cause", &cause)]))
}

/// Which entries are right, when some are: whole rows or columns, and which.
pub fn partial(got: &Mat, exp: &Mat, w: Words) -> Option<Diagnosis> {
    let what = right_part(got, exp, w)?;
    found("partial", say(R::PARTIAL, &[("what", &what)]))
}

/// Which entries are right, in a few words: `partial`'s reading without its advice.
fn right_part(got: &Mat, exp: &Mat, w: Words) -> Option<String> {
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
    let only = |word: Axis, lines: &[usize]| {
        let text = if lines.len() > 1 { R::PARTIAL_MANY } else { R::PARTIAL_ONE };
        say(text, &[("at", &word.at(&list(lines)))])
    };
    Some(if exp.ncols() > 1 && !cols.is_empty() && cols.len() * exp.nrows() == right {
        only(axis(w.cols, COLUMN), &cols)
    } else if !rows.is_empty() && rows.len() * exp.ncols() == right {
        only(axis(w.rows, ROW), &rows)
    } else {
        say(R::PARTIAL_COUNT, &[("right", &right), ("total", &exp.len())])
    })
}
