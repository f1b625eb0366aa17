//! The checker measured on learners' answers to exercises 15–21
//! ([`super::learners_beyond`]): per exercise, how many wrong answers are
//! accepted, rejected with a hint that names the mistake, rejected with only
//! the reading of which entries are right (the fallback), or rejected with the
//! exercise's generic hint. Every wrong answer must be rejected, nine in ten
//! named, and every correct answer must pass.

use super::learners_beyond::trials;
use super::trial::Trial;
use crate::exercises::catalog::cases::check;
use crate::exercises::catalog::{EXERCISES, by_function};
use crate::exercises::checker::run::{Failure, Outcome};

/// The diagnoses that locate a wrong answer without naming what is wrong.
const FALLBACKS: [&str; 2] = ["partial", "beam_survivors"];

#[derive(Clone, Copy, Default)]
struct Tally {
    accepted: usize,
    named: usize,
    fallback: usize,
    generic: usize,
}

enum Verdict {
    Accepted,
    Named,
    Fallback,
    Generic,
}

fn verdict(t: &Trial, outcome: &Outcome) -> Verdict {
    let ex = by_function(t.function).unwrap();
    match outcome {
        Outcome::Fail(f) if named(f) && f.hint != ex.idea && f.hint != ex.hint => Verdict::Named,
        Outcome::Fail(f) if f.diagnosis.is_some_and(|d| FALLBACKS.contains(&d)) => Verdict::Fallback,
        Outcome::Fail(_) => Verdict::Generic,
        _ => Verdict::Accepted,
    }
}

fn named(f: &Failure) -> bool {
    f.mistake.is_some() || f.diagnosis.is_some_and(|d| !FALLBACKS.contains(&d))
}

#[test]
fn learners_wrong_answers_are_rejected_and_named() {
    let all = trials();
    let (mut lines, mut off_key, mut total) = (Vec::new(), Vec::new(), Tally::default());
    for ex in EXERCISES.iter().filter(|ex| ex.id >= 15) {
        let mut t = Tally::default();
        for trial in all.iter().filter(|t| t.function == ex.function) {
            let outcome = check(ex, &trial.s);
            let Some(want) = trial.expect else {
                assert_eq!(
                    outcome,
                    Outcome::Pass,
                    "exercise {}: the correct answer \"{}\" must pass",
                    ex.id,
                    trial.what
                );
                continue;
            };
            match verdict(trial, &outcome) {
                Verdict::Accepted => t.accepted += 1,
                Verdict::Named => t.named += 1,
                Verdict::Fallback => t.fallback += 1,
                Verdict::Generic => t.generic += 1,
            }
            let key = match &outcome {
                Outcome::Fail(f) => f.mistake.or(f.diagnosis),
                _ => None,
            };
            if key != Some(want) {
                let hint = match &outcome {
                    Outcome::Fail(f) => format!("case {}: {}", f.case, f.hint),
                    other => format!("{other:?}"),
                };
                off_key.push(format!("{} / {}: expected {want}, got {key:?}: {hint}", ex.id, trial.what));
            }
        }
        lines.push(format!(
            "exercise {:2}: {} accepted, {} named, {} fallback, {} generic",
            ex.id, t.accepted, t.named, t.fallback, t.generic
        ));
        total.accepted += t.accepted;
        total.named += t.named;
        total.fallback += t.fallback;
        total.generic += t.generic;
    }
    let wrong = total.accepted + total.named + total.fallback + total.generic;
    println!("{}", lines.join("\n"));
    println!(
        "all: {} wrong answers, {} accepted, {} named ({:.1} %), {} fallback, {} generic",
        wrong,
        total.accepted,
        total.named,
        100.0 * total.named as f64 / wrong as f64,
        total.fallback,
        total.generic
    );
    assert_eq!(total.accepted, 0, "wrong answers accepted as right");
    assert!(off_key.is_empty(), "hints differ from the expected ones:\n{}", off_key.join("\n"));
    assert!(10 * total.named >= 9 * wrong, "only {} of {wrong} wrong answers named", total.named);
}
