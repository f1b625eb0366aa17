//! The checkers checked: every reference passes, every untouched exercise is
//! pending, and every classic mistake is rejected with its own hint.

use crate::exercises::catalog::cases::{Submissions, check, check_all};
use crate::exercises::catalog::wrongs::{mistaken, variant_count};
use crate::exercises::catalog::{EXERCISES, by_function, exercise};
use crate::exercises::checker::run::Outcome;
use crate::exercises::report::status::{Status, crate_root};
use crate::exercises::report::text::{failure_lines, harness_report, hint, solution_code, summary};

#[test]
fn every_reference_solution_passes_its_checker() {
    for (ex, outcome) in check_all(&Submissions::reference()) {
        assert_eq!(outcome, Outcome::Pass, "exercise {} ({})", ex.id, ex.function);
    }
}

#[test]
fn every_untouched_exercise_is_pending() {
    for (ex, outcome) in check_all(&Submissions::untouched()) {
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
                    assert_eq!(f.hint, m.hint.get());
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
fn an_uncatalogued_wrong_answer_is_diagnosed_and_shows_the_first_difference() {
    let mut s = Submissions::reference();
    s.softmax = |e| e.map(|v| v * 0.0 + 0.25);
    let ex = by_function("softmax").unwrap();
    let Outcome::Fail(f) = check(ex, &s) else { panic!("a wrong answer must fail") };
    assert_eq!((f.mistake, f.diagnosis, f.first_diff), (None, Some("constant"), Some((0, 0))));
    assert!(f.hint.contains("0.2500") && f.hint != ex.hint.get() && f.hint != ex.idea.get(), "{}", f.hint);
    let text = failure_lines(ex, &f).join("\n");
    for part in ["case 1 of 6", "expected (4):", "got (4):", "first difference at [0]", "hint:", ex.chapter] {
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
    let outcomes: Vec<_> = check_all(&Submissions::untouched()).into_iter().collect();
    let text = harness_report(&outcomes, &[], false);
    assert!(
        text.contains(&format!("Progress: 0 of {n} passed, 0 failing, {n} pending.", n = EXERCISES.len())),
        "{text}"
    );
    assert!(text.contains("Next: open tests/exercises/ex01_embedding.rs"), "{text}");
    assert!(harness_report(&outcomes, &[], true).contains("strict mode counts it as a failure"));
}

#[test]
fn hint_answers_a_number_and_explains_anything_else() {
    let h = |words: &[&str]| hint(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>());
    let first = h(&["6"]).unwrap();
    assert!(first.contains("shift first") && first.contains("`hint 6 2`"), "{first}");
    let second = h(&["6", "2"]).unwrap();
    assert!(second.contains("max e") && second.contains("shown once the exercise passes"), "{second}");
    let past = EXERCISES.len() + 1;
    assert!(h(&[&past.to_string()]).unwrap_err().contains(&format!("1 to {}", EXERCISES.len())));
    assert!(h(&["softmax"]).unwrap_err().contains("for example `hint 6`"));
    assert!(h(&["6", "3"]).unwrap_err().contains("hints 1 and 2"));
    assert!(h(&[]).unwrap_err().contains("for example `hint 6`"));
}

#[test]
fn every_exercise_has_two_different_hints() {
    for ex in &EXERCISES {
        assert!(!ex.idea.get().is_empty() && ex.idea != ex.hint, "exercise {}", ex.id);
    }
}

/// Mistakes written the way a learner writes them, not as the checker's own
/// variants: the diagnosis must not depend on how the wrong code is spelled.
#[test]
fn mistakes_written_independently_are_still_named() {
    use crate::model::gru::sigmoid;
    use crate::model::{Mat, Vector};
    let named = |function: &str, s: &Submissions| match check(by_function(function).unwrap(), s) {
        Outcome::Fail(f) => f.mistake,
        other => panic!("{function}: expected a failure, got {other:?}"),
    };
    let mut s = Submissions::reference();
    s.gru_step = |g, x, h_prev| {
        let z = sigmoid(&(&g.w_z * x + &g.u_z * h_prev));
        let r = sigmoid(&(&g.w_r * x + &g.u_r * h_prev));
        let h_tilde = (&g.w * x + &g.u * r.component_mul(h_prev)).map(f64::tanh);
        z.component_mul(h_prev) + z.map(|v| 1.0 - v).component_mul(&h_tilde)
    };
    assert_eq!(named("gru_step", &s), Some("pytorch_update_gate"));

    let mut s = Submissions::reference();
    s.energies = |w_a, u_a, v_a, st, t, h| {
        let q = w_a * st.column(t);
        let keys = u_a * h;
        let pre = Mat::from_fn(u_a.nrows(), h.ncols(), |k, i| q[k] + keys[(k, i)]);
        (v_a.transpose() * pre.map(f64::tanh)).transpose().column(0).into_owned()
    };
    assert_eq!(named("energies", &s), Some("s_t_for_s_prev"));

    let mut s = Submissions::reference();
    s.softmax = |e| {
        let total: f64 = e.iter().map(|v| v.exp()).sum();
        e.map(|v| v.exp() / total)
    };
    assert_eq!(named("softmax", &s), Some("no_max"));

    // Subtracting the first energy is safe only while it is the largest: the fourth case catches it.
    let mut s = Submissions::reference();
    s.softmax = |e| {
        let x = e.add_scalar(-e[0]).map(f64::exp);
        &x / x.sum()
    };
    let Outcome::Fail(f) = check(by_function("softmax").unwrap(), &s) else { panic!("e − e[0] must fail") };
    assert!(f.case == 4 && f.hint.contains("Subtract max e"), "{f:?}");

    let mut s = Submissions::reference();
    s.context = |h, alpha| {
        let mut out = Vec::new();
        for i in 0..h.ncols() {
            out.extend(h.column(i).iter().map(|v| v * alpha[i]));
        }
        Vector::from_vec(out)
    };
    assert_eq!(named("context", &s), Some("product_without_sum"));

    let mut s = Submissions::reference();
    s.masked_softmax = |e, mask| {
        let mut a = e.clone();
        for b in 0..e.nrows() {
            let row: Vec<f64> = (0..e.ncols()).map(|i| e[(b, i)] + (1.0 - mask[(b, i)]) * f64::NEG_INFINITY).collect();
            let max = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let total: f64 = row.iter().map(|v| (v - max).exp()).sum();
            (0..e.ncols()).for_each(|i| a[(b, i)] = (row[i] - max).exp() / total);
        }
        a
    };
    let ex = by_function("masked_softmax").unwrap();
    let Outcome::Fail(f) = check(ex, &s) else { panic!("0·∞ must fail") };
    assert!(f.hint.contains("0·∞"), "{}", f.hint);
}

#[test]
fn listing_shows_every_status_and_the_next_exercise() {
    use crate::exercises::report::status::Status;
    use crate::exercises::report::text::listing;
    let statuses: Vec<_> = EXERCISES
        .iter()
        .map(|ex| {
            let s = match ex.id {
                1 => Status::Passed,
                2 => Status::Failing,
                3 => Status::Changed,
                _ => Status::Pending,
            };
            (ex, s)
        })
        .collect();
    let text = listing(&statuses);
    assert_eq!(text.lines().filter(|l| l.trim_end().ends_with(".rs")).count(), EXERCISES.len(), "{text}");
    assert!(text.contains("✓ passed") && text.contains("✗ failing") && text.contains("? changed"), "{text}");
    assert!(text.contains(&format!("1 of {} passed", EXERCISES.len())), "{text}");
    assert!(text.contains("Next: exercise 2, one GRU step"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
}

#[test]
fn a_panic_names_the_product_and_the_input_shapes() {
    let mut s = Submissions::reference();
    s.context = |h, alpha| h.transpose() * alpha; // (T_x, 2n)·(T_x): Gemv panics
    let ex = by_function("context").unwrap();
    let Outcome::Fail(f) = check(ex, &s) else { panic!("a crash must fail") };
    assert_eq!(f.diagnosis, Some("panic_product"));
    let text = failure_lines(ex, &f).join("\n");
    for part in ["got:  a panic: Gemv: dimensions mismatch.", "matrix product", "H (4, 3), α (3)", ex.file] {
        assert!(text.contains(part), "{part:?} missing from\n{text}");
    }
    assert!(!text.contains(".cargo"), "a dependency's file is no help to the learner:\n{text}");
}

/// The three mistakes the checker must name however they are written.
#[test]
fn padding_max_mask_after_softmax_and_backward_without_g_alpha_are_named() {
    let diagnosis = |function: &str, s: &Submissions| match check(by_function(function).unwrap(), s) {
        Outcome::Fail(f) => (f.diagnosis, f.hint),
        other => panic!("{function}: expected a failure, got {other:?}"),
    };
    let mut s = Submissions::reference();
    s.masked_softmax = |e, mask| {
        let mut a = e.map(|_| 0.0);
        for b in 0..e.nrows() {
            let max = e.row(b).max(); // over padding too
            let w: Vec<f64> = (0..e.ncols()).map(|i| mask[(b, i)] * (e[(b, i)] - max).exp()).collect();
            let total: f64 = w.iter().sum();
            (0..e.ncols()).for_each(|i| a[(b, i)] = w[i] / total);
        }
        a
    };
    let (key, hint) = diagnosis("masked_softmax", &s);
    assert_eq!(key, Some("max_over_padding"), "{hint}");
    s.masked_softmax = |e, mask| {
        let mut a = e.clone();
        for b in 0..e.nrows() {
            let row = crate::model::attention::softmax(&e.row(b).transpose());
            (0..e.ncols()).for_each(|i| a[(b, i)] = row[i] * mask[(b, i)]);
        }
        a
    };
    let (key, hint) = diagnosis("masked_softmax", &s);
    assert!(key == Some("masked_after_softmax") && hint.contains("without renormalising"), "{hint}");
    s.softmax_backward = |alpha, g| alpha.component_mul(g);
    let (key, hint) = diagnosis("softmax_backward", &s);
    assert!(key == Some("shift") && hint.contains("gᵀα"), "{hint}");
}

#[test]
fn next_points_to_the_first_failing_exercise_before_any_pending_one() {
    use crate::exercises::report::status::Status;
    use crate::exercises::report::text::listing;
    let ex6 = exercise(6).unwrap();
    let wrong = mistaken(ex6, ex6.mistakes[0].key).unwrap();
    let mut outcomes: Vec<_> = check_all(&Submissions::untouched()).into_iter().collect();
    outcomes[5].1 = check(ex6, &wrong);
    assert!(matches!(outcomes[5].1, Outcome::Fail(_)));
    let text = harness_report(&outcomes, &[], false);
    assert!(text.contains(&format!("Next: open {}", ex6.file)), "{text}");
    let statuses: Vec<_> =
        EXERCISES.iter().map(|ex| (ex, if ex.id == 6 { Status::Failing } else { Status::Pending })).collect();
    assert!(listing(&statuses).contains("Next: exercise 6"), "{}", listing(&statuses));
}

/// `cargo test` runs test targets in the order of their names and the
/// doc-tests last: the summary must stay the last thing a full run prints.
#[test]
fn the_exercise_summary_is_the_last_test_target() {
    let root = crate_root();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("[lib]\ndoctest = false"), "doc-tests would run after the summary");
    let mut names: Vec<String> = std::fs::read_dir(root.join("tests"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let name = p.file_stem()?.to_str()?.to_string();
            (p.extension().is_some_and(|x| x == "rs") || p.join("main.rs").is_file()).then_some(name)
        })
        .collect();
    names.extend(manifest.split("[[test]]\nname = \"").skip(1).filter_map(|s| s.split('"').next()).map(String::from));
    let last = names.iter().max().unwrap();
    assert_eq!(last, "your_exercises", "a test target named {last} now runs after the exercises' summary");
}

#[test]
fn the_summary_names_the_next_file_and_the_fast_check() {
    let statuses: Vec<_> = EXERCISES.iter().map(|ex| (ex, Status::Pending)).collect();
    let text = summary(&statuses, true);
    assert!(text.starts_with(&format!("Exercises: 0 of {n} passed, 0 failing, {n} pending.", n = EXERCISES.len())));
    assert!(text.contains("Next: tests/exercises/ex01_embedding.rs") && text.contains("cargo test --test exercises"));
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let done: Vec<_> = EXERCISES.iter().map(|ex| (ex, Status::Passed)).collect();
    assert!(summary(&done, true).contains("BAHDANAU_STRICT=1"));
    assert!(summary(&done, false).contains("not checked yet"));
}

#[test]
fn the_watch_screen_shows_the_first_failure_or_the_next_file() {
    use crate::exercises::report::text::watch_screen;
    let pending: Vec<_> = check_all(&Submissions::untouched()).into_iter().collect();
    let text = watch_screen(&pending, &[]);
    assert!(text.contains("Next: open tests/exercises/ex01_embedding.rs") && text.contains("h gives a hint"), "{text}");
    let ex = by_function("softmax").unwrap();
    let mut outcomes = pending.clone();
    outcomes[0].1 = Outcome::Pass;
    outcomes[ex.id as usize - 1].1 = check(ex, &mistaken(ex, "no_max").unwrap());
    let text = watch_screen(&outcomes, &[1]);
    assert!(text.starts_with(&format!("Exercises: 1 of {} passed, 1 failing", EXERCISES.len())), "{text}");
    assert!(text.contains("✓ 1 embedding lookup passes") && text.contains("│ "), "{text}");
    assert!(text.contains(&format!("✗ {} ", ex.id)) && text.contains("Subtract max e"), "{text}");
}
