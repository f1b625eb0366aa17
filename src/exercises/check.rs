//! Runs a learner's function on seeded cases, compares it with the reference
//! entry by entry, and on a wrong answer looks for the classic mistake that
//! explains it: each known-wrong variant is run on the same case, and the one
//! whose output the learner's matches names the hint.

use super::catalog::Exercise;
use super::probe::{Probe, probe};
use crate::model::{Mat, Vector};

/// An entry is right when |got − expected| ≤ EPSILON · max(1, |expected|).
pub const EPSILON: f64 = 1e-9;

/// One input to an exercise, with the words the report uses for it.
pub struct Case<I> {
    pub label: String,
    pub input: I,
}

/// What a checker concluded.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The body is still `todo!()`.
    Pending,
    Pass,
    Fail(Box<Failure>),
}

/// Everything the report needs to say what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// 1-based, out of `cases`.
    pub case: usize,
    pub cases: usize,
    pub label: String,
    pub expected: Mat,
    pub expected_shape: String,
    /// `None` when the function panicked.
    pub got: Option<Mat>,
    pub got_shape: String,
    pub panic: Option<String>,
    /// (row, column) of the first entry that differs, when the shapes agree.
    pub first_diff: Option<(usize, usize)>,
    /// The key of the recognised mistake, if one explains the answer.
    pub mistake: Option<&'static str>,
    pub hint: String,
}

/// A learner's answer of any shape, seen as a matrix (vectors are one column).
pub trait Output {
    fn to_mat(&self) -> Mat;
    /// The shape as the exercise files write it: `(n)` for a vector.
    fn shape_text(&self) -> String;
}

impl Output for Mat {
    fn to_mat(&self) -> Mat {
        self.clone()
    }
    fn shape_text(&self) -> String {
        format!("({}, {})", self.nrows(), self.ncols())
    }
}

impl Output for Vector {
    fn to_mat(&self) -> Mat {
        Mat::from_column_slice(self.len(), 1, self.as_slice())
    }
    fn shape_text(&self) -> String {
        format!("({})", self.len())
    }
}

impl Output for f64 {
    fn to_mat(&self) -> Mat {
        Mat::from_element(1, 1, *self)
    }
    fn shape_text(&self) -> String {
        "a number".into()
    }
}

fn close(got: f64, expected: f64) -> bool {
    got == expected
        || (got.is_nan() && expected.is_nan())
        || (got - expected).abs() <= EPSILON * expected.abs().max(1.0)
}

/// The first entry where `got` and `expected` differ, row by row.
pub fn first_difference(got: &Mat, expected: &Mat) -> Option<(usize, usize)> {
    (0..expected.nrows())
        .flat_map(|r| (0..expected.ncols()).map(move |c| (r, c)))
        .find(|&(r, c)| !close(got[(r, c)], expected[(r, c)]))
}

fn same(got: &Mat, expected: &Mat) -> bool {
    got.shape() == expected.shape() && first_difference(got, expected).is_none()
}

/// Checks `learner` against `reference` on every case; `variants` are the
/// exercise's classic mistakes, by catalog key, in the learner's signature.
pub fn run<F: Copy, I, O: Output>(
    ex: &Exercise,
    cases: &[Case<I>],
    learner: F,
    reference: F,
    variants: &[(&'static str, F)],
    call: impl Fn(F, &I) -> O,
) -> Outcome {
    for (n, case) in cases.iter().enumerate() {
        let expected = call(reference, &case.input);
        let exp = expected.to_mat();
        let mut failure = Failure {
            case: n + 1,
            cases: cases.len(),
            label: case.label.clone(),
            expected_shape: expected.shape_text(),
            got: None,
            got_shape: String::new(),
            panic: None,
            first_diff: None,
            mistake: None,
            hint: ex.hint.to_string(),
            expected: exp,
        };
        let got = match probe(|| call(learner, &case.input)) {
            Probe::Pending => return Outcome::Pending,
            Probe::Panicked { message, location } => {
                failure.panic = Some(match location {
                    Some(l) => format!("{message} (at {l})"),
                    None => message,
                });
                return Outcome::Fail(Box::new(failure));
            }
            Probe::Returned(got) => got,
        };
        let got_m = got.to_mat();
        if same(&got_m, &failure.expected) {
            continue;
        }
        failure.got_shape = got.shape_text();
        failure.mistake = variants
            .iter()
            .find(|(_, v)| matches!(probe(|| call(*v, &case.input)), Probe::Returned(w) if same(&w.to_mat(), &got_m)))
            .map(|(key, _)| *key);
        failure.hint = diagnose(ex, &failure, &got_m);
        if got_m.shape() == failure.expected.shape() {
            failure.first_diff = first_difference(&got_m, &failure.expected);
        }
        failure.got = Some(got_m);
        return Outcome::Fail(Box::new(failure));
    }
    Outcome::Pass
}

fn diagnose(ex: &Exercise, f: &Failure, got: &Mat) -> String {
    if let Some(m) = f.mistake.and_then(|k| ex.mistakes.iter().find(|m| m.key == k)) {
        return m.hint.to_string();
    }
    let nonfinite = got.iter().any(|v| !v.is_finite()) && f.expected.iter().all(|v| v.is_finite());
    match ex.nonfinite {
        Some(h) if nonfinite => h.to_string(),
        _ if got.shape() != f.expected.shape() => format!(
            "the shape is wrong: expected {}, got {}. Check which axis each index runs over. {}",
            f.expected_shape,
            if f.got_shape.is_empty() { "another shape" } else { &f.got_shape },
            ex.hint
        ),
        _ => ex.hint.to_string(),
    }
}
