//! The checkers checked: every reference passes, every untouched exercise is
//! pending, and every classic mistake is rejected with its own hint.

use super::cases::{Submissions, check, check_all, mistaken, variant_count};
use super::catalog::{EXERCISES, by_function, exercise};
use super::check::Outcome;
use super::report::{failure_lines, harness_report, hint, solution_code};
use super::status::crate_root;

/// What every exercise file holds before the learner starts.
fn untouched() -> Submissions {
    Submissions {
        embed: |_, _| todo!(),
        gru_step: |_, _, _| todo!(),
        annotations: |_, _| todo!(),
        broadcast_sum: |_, _| todo!(),
        energies: |_, _, _, _, _, _| todo!(),
        softmax: |_| todo!(),
        masked_softmax: |_, _| todo!(),
        context: |_, _| todo!(),
        decoder_step: |_, _, _, _, _| todo!(),
        luong_dot: |_, _| todo!(),
        luong_general: |_, _, _| todo!(),
        entropy: |_| todo!(),
        coverage: |_| todo!(),
        softmax_backward: |_, _| todo!(),
    }
}

#[test]
fn every_reference_solution_passes_its_checker() {
    for (ex, outcome) in check_all(&Submissions::reference()) {
        assert_eq!(outcome, Outcome::Pass, "exercise {} ({})", ex.id, ex.function);
    }
}

#[test]
fn every_untouched_exercise_is_pending() {
    for (ex, outcome) in check_all(&untouched()) {
        assert_eq!(outcome, Outcome::Pending, "exercise {} ({})", ex.id, ex.function);
    }
}

#[test]
fn every_classic_mistake_is_rejected_with_its_own_hint() {
    for ex in &EXERCISES {
        assert_eq!(
            variant_count(ex),
            ex.mistakes.len(),
            "exercise {}: catalog and checker list different mistakes",
            ex.id
        );
        for m in ex.mistakes {
            let learner = mistaken(ex, m.key).unwrap_or_else(|| panic!("exercise {}: no variant for {}", ex.id, m.key));
            match check(ex, &learner) {
                Outcome::Fail(f) => {
                    assert_eq!(f.mistake, Some(m.key), "exercise {} took {} for {:?}", ex.id, m.key, f.mistake);
                    assert_eq!(f.hint, m.hint);
                }
                other => panic!("exercise {}: the mistake {} was not rejected: {other:?}", ex.id, m.key),
            }
        }
    }
}

/// The mistakes the exercises promise to catch, by exercise function and key.
#[test]
fn the_promised_mistakes_are_in_the_list() {
    let promised = [
        ("energies", "s_t_for_s_prev"),
        ("masked_softmax", "wrong_axis"),
        ("softmax", "no_max"),
        ("masked_softmax", "no_max"),
        ("context", "product_without_sum"),
        ("broadcast_sum", "wrong_axis"),
        ("masked_softmax", "mask_wrong_sign"),
        ("masked_softmax", "mask_inf_times_zero"),
        ("masked_softmax", "mask_multiplied"),
        ("annotations", "forward_only"),
        ("gru_step", "pytorch_update_gate"),
        ("decoder_step", "pytorch_update_gate"),
    ];
    for (function, key) in promised {
        let ex = by_function(function).unwrap();
        assert!(ex.mistakes.iter().any(|m| m.key == key), "{function} does not list {key}");
    }
}

#[test]
fn a_crash_is_a_failure_with_its_message() {
    let mut s = Submissions::reference();
    s.context = |h, _| h.column(99).into_owned();
    let Outcome::Fail(f) = check(by_function("context").unwrap(), &s) else { panic!("a crash must fail") };
    assert!(f.panic.as_deref().is_some_and(|p| p.contains("out of bounds") || p.contains("Matrix")), "{f:?}");
}

#[test]
fn an_unknown_wrong_answer_gets_the_general_hint_and_the_first_difference() {
    let mut s = Submissions::reference();
    s.softmax = |e| e.map(|v| v * 0.0 + 0.25);
    let ex = by_function("softmax").unwrap();
    let Outcome::Fail(f) = check(ex, &s) else { panic!("a wrong answer must fail") };
    assert_eq!((f.mistake, f.first_diff, f.hint.as_str()), (None, Some((0, 0)), ex.hint));
    let text = failure_lines(ex, &f).join("\n");
    for part in ["case 1 of 3", "expected (4):", "got (4):", "first difference at [0]", "hint:", ex.chapter] {
        assert!(text.contains(part), "{part:?} missing from\n{text}");
    }
}

#[test]
fn a_wrong_shape_is_reported_as_such() {
    let ex = by_function("context").unwrap();
    let Outcome::Fail(f) = check(ex, &mistaken(ex, "sum_over_rows").unwrap()) else { panic!() };
    let text = failure_lines(ex, &f).join("\n");
    assert!(text.contains("expected (4):") && text.contains("got (3):"), "{text}");
    assert!(text.contains("the shapes differ"), "{text}");
}

#[test]
fn solutions_show_only_after_a_pass() {
    let ex = exercise(6).unwrap();
    let pending = vec![(ex, Outcome::Pending)];
    let passed = vec![(ex, Outcome::Pass)];
    let code = solution_code(ex).unwrap();
    assert!(code.contains("fn softmax"));
    assert!(!harness_report(&pending, &[], false).contains("fn softmax"));
    assert!(harness_report(&passed, &[6], false).contains("fn softmax"));
    assert!(!harness_report(&passed, &[], false).contains("fn softmax"), "only a new pass quotes the code");
}

#[test]
fn every_exercise_has_a_solution_a_file_and_a_module_in_the_harness() {
    let main = std::fs::read_to_string(crate_root().join("tests/exercises/main.rs")).unwrap();
    for (n, ex) in EXERCISES.iter().enumerate() {
        assert_eq!(ex.id as usize, n + 1, "exercises are numbered in order");
        assert!(solution_code(ex).is_some(), "exercise {}: no ANCHOR {:?}", ex.id, ex.solution);
        assert!(crate_root().join(ex.file).is_file(), "{} is missing", ex.file);
        let stem = ex.file.trim_start_matches("tests/exercises/").trim_end_matches(".rs");
        assert!(main.contains(&format!("mod {stem};")), "main.rs does not declare {stem}");
        assert!(main.contains(&format!("{stem}::{}", ex.function)), "main.rs does not call {stem}::{}", ex.function);
    }
}

#[test]
fn report_counts_progress_and_names_the_next_file() {
    let outcomes: Vec<_> = check_all(&untouched()).into_iter().collect();
    let text = harness_report(&outcomes, &[], false);
    assert!(text.contains("Progress: 0 of 14 passed, 0 failing, 14 pending."), "{text}");
    assert!(text.contains("Next: open tests/exercises/ex01_embedding.rs"), "{text}");
    assert!(harness_report(&outcomes, &[], true).contains("strict mode counts it as a failure"));
}

#[test]
fn hint_answers_a_number_and_explains_anything_else() {
    assert!(hint("6").unwrap().contains("max e"));
    assert!(hint("15").unwrap_err().contains("1 to 14"));
    assert!(hint("softmax").unwrap_err().contains("for example `hint 6`"));
}
