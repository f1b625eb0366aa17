//! Locks the text of the exercise report in three states the book shows: a
//! fresh clone (all pending), a classic mistake (softmax without the max), and
//! a first pass (the solution is quoted). The numbers are the checker's own.

#[macro_use]
mod common;

use bahdanau::exercises::catalog::by_function;
use bahdanau::exercises::catalog::cases::Submissions;
use bahdanau::exercises::catalog::wrongs::mistaken;
use bahdanau::exercises::check_all;
use bahdanau::exercises::report::text::harness_report;

#[test]
fn fresh_clone_report() {
    let text = harness_report(&check_all(&Submissions::untouched()), &[], false);
    let n = bahdanau::exercises::EXERCISES.len();
    assert!(text.contains(&format!("0 of {n} passed, 0 failing, {n} pending")), "{text}");
    snapshot!("exercises_fresh", &text);
}

#[test]
fn softmax_without_the_max_report() {
    let mut learner = Submissions::untouched();
    let wrong = mistaken(by_function("softmax").unwrap(), "no_max").unwrap();
    learner.embed = Submissions::reference().embed;
    learner.softmax = wrong.softmax;
    let text = harness_report(&check_all(&learner), &[], false);
    assert!(text.contains("exp(e_i) overflowed"), "{text}");
    snapshot!("exercises_softmax_no_max", &text);
}

#[test]
fn first_pass_quotes_the_solution() {
    let mut learner = Submissions::untouched();
    learner.embed = Submissions::reference().embed;
    let text = harness_report(&check_all(&learner), &[1], false);
    assert!(text.contains("pub fn embed"), "{text}");
    snapshot!("exercises_first_pass", &text);
}
