//! Wrong answers written the way learners write them, none of them in the
//! catalog, each with the diagnosis it should get; and valid alternatives that
//! must pass. The share of wrong answers that get a named hint (not the
//! exercise's generic one) is computed and printed here.

use super::trial::Trial;
use crate::exercises::catalog::cases::check;
use crate::exercises::catalog::{EXERCISES, by_function};
use crate::exercises::checker::run::Outcome;

fn trials() -> Vec<Trial> {
    let mut all = super::wrong_encoder::trials();
    all.extend(super::wrong_attention::trials());
    all.extend(super::wrong_beyond::trials());
    // `t - 2` at t = 1 panics only where a usize subtraction that overflows
    // does (debug builds): without overflow checks it wraps, and nalgebra's
    // `column` then reads outside the matrix instead of panicking.
    all.retain(|t| cfg!(debug_assertions) || !OVERFLOWING.contains(&t.what));
    all
}

/// The trials whose mistake is a usize subtraction below zero.
const OVERFLOWING: [&str; 1] = ["s_(t-2)"];

#[test]
fn valid_alternatives_pass() {
    for t in trials().iter().filter(|t| t.expect.is_none()) {
        let outcome = check(by_function(t.function).unwrap(), &t.s);
        assert_eq!(outcome, Outcome::Pass, "{}: {} must pass", t.function, t.what);
    }
}

#[test]
fn every_exercise_has_six_new_mistakes_and_two_valid_alternatives() {
    let all = trials();
    for ex in &EXERCISES {
        let mine = all.iter().filter(|t| t.function == ex.function);
        let (wrong, right): (Vec<_>, Vec<_>) = mine.partition(|t| t.expect.is_some());
        assert!(wrong.len() >= 6, "exercise {} has {} new mistakes", ex.id, wrong.len());
        assert!(right.len() >= 2, "exercise {} has {} valid alternatives", ex.id, right.len());
    }
}

/// Every new mistake fails, is not one the catalog lists, and gets its diagnosis;
/// the share named (not the generic hint) is printed and must reach 90 %.
#[test]
fn new_mistakes_get_a_named_hint() {
    let (mut named, mut total, mut wrong_key) = (0, 0, Vec::new());
    for t in trials().iter().filter(|t| t.expect.is_some()) {
        let ex = by_function(t.function).unwrap();
        let Outcome::Fail(f) = check(ex, &t.s) else { panic!("{}: {} was not rejected", t.function, t.what) };
        assert_eq!(f.mistake, None, "{}: {} is already in the catalog", t.function, t.what);
        total += 1;
        if f.diagnosis.is_some() && f.hint != ex.hint.get() && f.hint != ex.idea.get() {
            named += 1;
        }
        if f.diagnosis != t.expect {
            wrong_key.push(format!(
                "{} / {}: expected {:?}, got {:?}: {}",
                t.function, t.what, t.expect, f.diagnosis, f.hint
            ));
        }
    }
    let share = named as f64 / total as f64;
    println!("named hints: {named} of {total} new wrong answers ({:.1} %)", 100.0 * share);
    assert!(wrong_key.is_empty(), "diagnoses differ:\n{}", wrong_key.join("\n"));
    assert!(share >= 0.9, "only {named} of {total} named");
}
