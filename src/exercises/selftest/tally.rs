//! The checker measured on learners' answers to exercises 1–14
//! ([`super::learners`]) and 15–21 ([`super::learners_beyond`]): per
//! exercise, how many wrong answers are accepted, rejected with a hint that
//! names the mistake, rejected with only the reading of which entries are
//! right (the fallback), or rejected with the exercise's generic hint. Every
//! wrong answer must be rejected, nine in ten named, each with the hint it
//! expects, and every correct answer must pass.

use super::trial::Trial;
use super::{learners, learners_beyond};
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

impl Tally {
    fn add(&mut self, o: Tally) {
        self.accepted += o.accepted;
        self.named += o.named;
        self.fallback += o.fallback;
        self.generic += o.generic;
    }
    fn wrong(&self) -> usize {
        self.accepted + self.named + self.fallback + self.generic
    }
}

#[derive(Debug)]
enum Verdict {
    Accepted,
    Named,
    Fallback,
    Generic,
}

fn verdict(t: &Trial, outcome: &Outcome) -> Verdict {
    let ex = by_function(t.function).unwrap();
    match outcome {
        Outcome::Fail(f) if named(f) && f.hint != ex.idea.get() && f.hint != ex.hint.get() => Verdict::Named,
        Outcome::Fail(f) if f.diagnosis.is_some_and(|d| FALLBACKS.contains(&d)) => Verdict::Fallback,
        Outcome::Fail(_) => Verdict::Generic,
        _ => Verdict::Accepted,
    }
}

fn named(f: &Failure) -> bool {
    f.mistake.is_some() || f.diagnosis.is_some_and(|d| !FALLBACKS.contains(&d))
}

/// Runs every trial of the exercises `ids` through the checker; asserts that
/// each is judged as it expects and nine in ten of the mistakes are named.
fn measure(all: &[Trial], ids: std::ops::RangeInclusive<u8>) {
    let verbose = std::env::var_os("BAHDANAU_TALLY_VERBOSE").is_some();
    let (mut lines, mut off_key, mut total) = (Vec::new(), Vec::new(), Tally::default());
    for ex in EXERCISES.iter().filter(|ex| ids.contains(&ex.id)) {
        let mut t = Tally::default();
        for trial in all.iter().filter(|t| t.function == ex.function) {
            let outcome = check(ex, &trial.s);
            let Some(want) = trial.expect else {
                if verbose {
                    println!(
                        "  {:2} valid   {}: {}",
                        ex.id,
                        trial.what,
                        if outcome == Outcome::Pass { "passes" } else { "FAILS" }
                    );
                }
                assert_eq!(
                    outcome,
                    Outcome::Pass,
                    "exercise {}: the correct answer \"{}\" must pass",
                    ex.id,
                    trial.what
                );
                continue;
            };
            let v = verdict(trial, &outcome);
            match v {
                Verdict::Accepted => t.accepted += 1,
                Verdict::Named => t.named += 1,
                Verdict::Fallback => t.fallback += 1,
                Verdict::Generic => t.generic += 1,
            }
            let key = match &outcome {
                Outcome::Fail(f) => f.mistake.or(f.diagnosis),
                _ => None,
            };
            let hint = match &outcome {
                Outcome::Fail(f) => format!("case {}: {}", f.case, f.hint),
                other => format!("{other:?}"),
            };
            if verbose {
                println!("  {:2} {:9} {}: {key:?}: {}", ex.id, format!("{v:?}"), trial.what, hint.replace('\n', " "));
            }
            if key != Some(want) {
                off_key.push(format!("{} / {}: expected {want}, got {key:?}: {hint}", ex.id, trial.what));
            }
        }
        lines.push(format!(
            "exercise {:2}: {} accepted, {} named, {} fallback, {} generic",
            ex.id, t.accepted, t.named, t.fallback, t.generic
        ));
        total.add(t);
    }
    let wrong = total.wrong();
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

#[test]
fn learners_wrong_answers_are_rejected_and_named() {
    measure(&learners_beyond::trials(), 15..=21);
}

#[test]
fn learners_wrong_answers_to_the_first_exercises_are_rejected_and_named() {
    measure(&learners::trials(), 1..=14);
}
