//! Runs a learner's function on seeded cases, compares it with the reference
//! entry by entry, and on a wrong answer looks for the classic mistake that
//! explains it: each known-wrong variant is run on the same case, and the one
//! whose output the learner's matches names the hint.

use super::exercise::Exercise;
pub use super::output::Output;
use super::probe::{Probe, probe};
use crate::exercises::diagnosis::ctx::Ctx;
use crate::exercises::diagnosis::diagnose::{diagnose, input_shapes, panic_diagnosis};
use crate::exercises::diagnosis::flat::Flat;
use crate::exercises::diagnosis::knowledge::knowledge;
use crate::exercises::diagnosis::tolerance::{first_difference, same};
use crate::model::Mat;

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
    /// The key of the diagnosis when no catalogued mistake explains it
    /// (a relation, a designed probe, a panic's cause), if one was found.
    pub diagnosis: Option<&'static str>,
    /// The names and shapes of the case's inputs.
    pub inputs: String,
    pub hint: String,
}

/// Checks `learner` against `reference` on every case; `variants` are the
/// exercise's classic mistakes, by catalog key, in the learner's signature.
pub fn run<F: Copy, I: Flat, O: Output>(
    ex: &Exercise,
    cases: &[Case<I>],
    learner: F,
    reference: F,
    variants: &[(&'static str, F)],
    call: impl Fn(F, &I) -> O,
) -> Outcome {
    let k = knowledge(ex.function);
    for (n, case) in cases.iter().enumerate() {
        let parts = case.input.parts();
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
            diagnosis: None,
            inputs: input_shapes(&parts, &k),
            hint: ex.idea.get().to_string(),
            expected: exp,
        };
        let got = match probe(|| call(learner, &case.input)) {
            Probe::Pending => return Outcome::Pending,
            Probe::Panicked { message, location } => {
                let d = panic_diagnosis(&message, &parts, &k);
                (failure.diagnosis, failure.hint) = (Some(d.key), d.hint);
                let first = message.lines().next().unwrap_or_default().to_string();
                // A location inside a dependency (nalgebra's ops.rs) says nothing about the learner's line.
                failure.panic = Some(match location.filter(|l| !l.contains(".cargo") && !l.starts_with("/rustc")) {
                    Some(l) => crate::text::cases::PANIC_AT.fill(&[("message", &first), ("location", &l)]),
                    None => first,
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
        // A variant explains the answer only if it gives the learner's answer on every case the
        // learner answers, before and after this one: an answer that is NaN everywhere matches
        // many variants on one case alone, and two mistakes may agree until a later case.
        let gives = |v: F, c: &Case<I>, want: &Mat| matches!(probe(|| call(v, &c.input)), Probe::Returned(w) if same(&w.to_mat(), want));
        let answers: Vec<Option<Mat>> = cases
            .iter()
            .map(|c| match probe(|| call(learner, &c.input)) {
                Probe::Returned(w) => Some(w.to_mat()),
                _ => None,
            })
            .collect();
        failure.mistake = variants
            .iter()
            .find(|(_, v)| {
                gives(*v, case, &got_m)
                    && cases.iter().zip(&answers).all(|(c, want)| want.as_ref().is_none_or(|w| gives(*v, c, w)))
            })
            .map(|(key, _)| *key);
        let run_on = |f: F, p: &[Mat]| match probe(|| call(f, &case.input.rebuild(p)).to_mat()) {
            Probe::Returned(m) => Some(m),
            _ => None,
        };
        let (on_learner, on_reference) = (|p: &[Mat]| run_on(learner, p), |p: &[Mat]| run_on(reference, p));
        let ctx = Ctx {
            parts: &parts,
            got: &got_m,
            expected: &failure.expected,
            learner: &on_learner,
            reference: &on_reference,
            words: k.words,
        };
        let found = if failure.mistake.is_none() { diagnose(&ctx, &k, ex.nonfinite.map(|t| t.get())) } else { None };
        failure.hint = match found {
            Some(d) => {
                failure.diagnosis = Some(d.key);
                d.hint
            }
            None => fallback(ex, &failure, &got_m),
        };
        if got_m.shape() == failure.expected.shape() {
            failure.first_diff = first_difference(&got_m, &failure.expected);
        }
        failure.got = Some(got_m);
        return Outcome::Fail(Box::new(failure));
    }
    Outcome::Pass
}

/// The catalogued mistake's hint, or the shape, or the exercise's first hint (the idea).
fn fallback(ex: &Exercise, f: &Failure, got: &Mat) -> String {
    if let Some(m) = f.mistake.and_then(|k| ex.mistakes.iter().find(|m| m.key == k)) {
        return m.hint.get().to_string();
    }
    let nonfinite = got.iter().any(|v| !v.is_finite()) && f.expected.iter().all(|v| v.is_finite());
    match ex.nonfinite {
        Some(h) if nonfinite => h.get().to_string(),
        _ if got.shape() != f.expected.shape() => crate::text::checker::SHAPE_WRONG.fill(&[
            ("expected", &f.expected_shape.as_str()),
            ("got", &if f.got_shape.is_empty() { crate::text::checker::ANOTHER_SHAPE.get() } else { &f.got_shape }),
            ("hint", &ex.hint.get()),
        ]),
        _ => ex.idea.get().to_string(),
    }
}
