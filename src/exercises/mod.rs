//! The learner's exercises: one ordered list ([`catalog`]), a checker that
//! compares the learner's function with the reference on seeded cases
//! ([`check`], [`cases`]), the classic mistakes it recognises ([`mistakes`]),
//! the diagnosis of any other wrong answer by its relation to the right one and
//! by designed inputs ([`diagnose`], [`relation`], [`designed`]), and the text
//! it reports ([`report`]).
//!
//! The learner's files live in tests/exercises/, which `cargo run` never
//! compiles: a half-written exercise cannot stop the REPL from starting.
//! `cargo test` builds them into the `exercises` test, whose `main` calls
//! [`run_harness`].

pub mod cases;
pub mod catalog;
pub mod check;
pub mod designed;
mod designed_gates;
mod designed_masks;
mod designed_probes;
pub mod diagnose;
pub mod flat;
pub mod mistakes;
pub mod probe;
pub mod reference;
pub mod relation;
pub mod report;
pub mod status;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_wrong;
#[cfg(test)]
mod tests_wrong_attention;
#[cfg(test)]
mod tests_wrong_encoder;

use std::process::ExitCode;

pub use cases::{Submissions, check_all};
pub use catalog::{EXERCISES, Exercise};
pub use check::Outcome;
pub use status::Status;

/// `BAHDANAU_STRICT=1` turns pending exercises into failures.
pub const STRICT_VAR: &str = "BAHDANAU_STRICT";
/// `BAHDANAU_EXPECT_PENDING=1` asserts that every exercise is still untouched,
/// for the project's own CI.
pub const PRISTINE_VAR: &str = "BAHDANAU_EXPECT_PENDING";

fn flag(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The exercises the record did not already hold as passed for this very file.
fn newly_passed(outcomes: &[(&Exercise, Outcome)], previous: Option<&status::Record>, now: &status::Record) -> Vec<u8> {
    outcomes
        .iter()
        .filter(|(_, o)| *o == Outcome::Pass)
        .map(|(ex, _)| ex.id)
        .filter(|id| {
            let before = previous.and_then(|p| p.exercises.iter().find(|e| e.id == *id));
            let after = now.exercises.iter().find(|e| e.id == *id);
            !matches!((before, after), (Some(b), Some(a)) if b.status == "pass" && b.file_hash == a.file_hash)
        })
        .collect()
}

/// Checks the learner's functions, prints the report, records the outcomes
/// for the REPL and fails when an exercise is wrong (or pending, in strict mode).
pub fn run_harness(learner: &Submissions) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("exercises: test");
        return ExitCode::SUCCESS;
    }
    // `cargo test NAME` hands NAME to every test binary: run only when it concerns the exercises.
    if let Some(filter) = args.iter().find(|a| !a.starts_with('-')) {
        let concerned = "exercises".contains(filter.as_str())
            || EXERCISES.iter().any(|ex| ex.file.contains(filter.as_str()) || ex.function.contains(filter.as_str()));
        if !concerned {
            return ExitCode::SUCCESS;
        }
    }
    let outcomes = check_all(learner);
    let root = status::crate_root();
    let path = status::record_path(&root);
    let previous = status::read_record(&path);
    let now = status::record(&root, &outcomes);
    let strict = flag(STRICT_VAR);
    print!("{}", report::harness_report(&outcomes, &newly_passed(&outcomes, previous.as_ref(), &now), strict));
    if let Err(e) = status::write_record(&path, &now) {
        println!(
            "(could not record the results in {}: {e}; the REPL's `exercises` will not show them)",
            path.display()
        );
    }
    let failing = outcomes.iter().any(|(_, o)| matches!(o, Outcome::Fail(_)));
    let pending = outcomes.iter().any(|(_, o)| *o == Outcome::Pending);
    if flag(PRISTINE_VAR) && outcomes.iter().any(|(_, o)| *o != Outcome::Pending) {
        println!(
            "{PRISTINE_VAR} is set, but not every exercise is pending: the files in tests/exercises/ were edited."
        );
        return ExitCode::FAILURE;
    }
    if failing || (strict && pending) { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// The REPL's `exercises` reply, from the files of the project folder
/// (found from the current one, or `--project`) and the last `cargo test`.
pub fn listing() -> String {
    let root = match crate::fsio::project::project_root() {
        Ok(root) => root,
        Err(e) => return format!("{e}; the exercises are the files in its tests/exercises/\n"),
    };
    let record = status::read_record(&status::record_path(&root));
    report::listing(&status::statuses(&root, record.as_ref()))
}

/// The REPL's `hint N` reply.
pub fn hint(arg: &str) -> Result<String, String> {
    report::hint(arg)
}
