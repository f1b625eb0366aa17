//! The learner's exercises, in five folders that depend one way:
//!
//! ```text
//! diagnosis ◀── checker ◀── catalog ◀── report ◀── (this file: the harness)
//!                                        selftest (tests of all four)
//! ```
//!
//! - [`catalog`]: the ordered list, each exercise's cases, its reference
//!   solution and its classic mistakes.
//! - [`checker`]: runs the learner's function on the cases and compares.
//! - [`diagnosis`]: names a wrong answer no catalogued mistake explains.
//! - [`report`]: the text the learner reads, and the record the REPL reads.
//! - `selftest`: wrong answers fed in as a learner would, and valid
//!   alternatives that must pass.
//!
//! A new exercise touches the catalogue only: its entry and the mistakes'
//! keys and hints in `catalog/list.rs`, its signature in
//! `catalog/signatures.rs` and its slot in `catalog/submissions.rs`, its
//! cases in `catalog/cases.rs` (drawn with `catalog/generators.rs`), its
//! table of wrong functions in `catalog/wrongs.rs`, its reference in
//! `catalog/reference.rs`, each classic mistake as a function in
//! `catalog/mistakes.rs` (exercises 15 on: the `_beyond` files beside them,
//! and `mistakes_{context,bleu,beam}.rs`); then its file in tests/exercises/.
//! A new way of reading an unlisted wrong answer goes in `diagnosis/` (a
//! designed input in `probes.rs`, listed for its exercise in `knowledge.rs`);
//! an unlisted wrong answer to test it with goes in `selftest/`, and a
//! learner's answer to measure the checker on in `selftest/learners.rs`
//! (exercises 1–14) or `selftest/learners_beyond.rs` (15–21).
//!
//! The learner's files live in tests/exercises/, which `cargo run` never
//! compiles: a half-written exercise cannot stop the REPL from starting.
//! `cargo test --test exercises` builds them into the `exercises` test, whose
//! `main` calls [`run_harness`].

pub mod catalog;
pub mod checker;
pub mod diagnosis;
pub mod report;
pub mod watch;

#[cfg(test)]
mod selftest;

pub use catalog::cases::{Submissions, check_all};
pub use catalog::{EXERCISES, Exercise};
pub use checker::run::Outcome;
pub use report::status::Status;

use report::status;
use std::process::ExitCode;

/// `BAHDANAU_STRICT=1` turns pending exercises into failures.
pub const STRICT_VAR: &str = "BAHDANAU_STRICT";
/// `BAHDANAU_EXPECT_PENDING=1` asserts that every exercise is still untouched,
/// for the project's own CI.
pub const PRISTINE_VAR: &str = "BAHDANAU_EXPECT_PENDING";

/// A switch of the harness, read as every switch is
/// ([`crate::fsio::project::switch`]); checked before any exercise runs.
fn flag(var: &str) -> bool {
    crate::fsio::project::switch_env(var).unwrap_or(false)
}

/// Why a switch of the harness cannot be read, if one cannot.
fn unclear_switch() -> Option<String> {
    [STRICT_VAR, watch::WATCH_VAR, PRISTINE_VAR].iter().find_map(|v| crate::fsio::project::switch_env(v).err())
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

/// `cargo test NAME` hands NAME to every test binary: the exercises run only
/// when it concerns them.
fn concerned(args: &[String]) -> bool {
    args.iter().find(|a| !a.starts_with('-')).is_none_or(|filter| {
        "exercises".contains(filter.as_str())
            || EXERCISES.iter().any(|ex| ex.file.contains(filter.as_str()) || ex.function.contains(filter.as_str()))
    })
}

/// The closing lines of a full `cargo test` (the `your_exercises` target),
/// from the record the `exercises` target has just written.
pub fn summary(args: &[String]) -> String {
    if args.iter().any(|a| a == "--list") || !concerned(args) {
        return String::new();
    }
    let root = status::crate_root();
    let record = status::read_record(&status::record_path(&root));
    report::text::summary(&status::statuses(&root, record.as_ref()), record.is_some())
}

/// Checks the learner's functions, prints the report, records the outcomes
/// for the REPL and fails when an exercise is wrong (or pending, in strict mode).
pub fn run_harness(learner: &Submissions) -> ExitCode {
    // The report speaks as the REPL does: BAHDANAU_LANG, else the locale.
    crate::text::set_default_from_env();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("exercises: test");
        return ExitCode::SUCCESS;
    }
    if !concerned(&args) {
        return ExitCode::SUCCESS;
    }
    if let Some(e) = unclear_switch() {
        println!("error: {e}; nothing was checked");
        return ExitCode::FAILURE;
    }
    let outcomes = check_all(learner);
    let root = status::crate_root();
    let path = status::record_path(&root);
    let previous = status::read_record(&path);
    let now = status::record(&root, &outcomes);
    let strict = flag(STRICT_VAR);
    let newly = newly_passed(&outcomes, previous.as_ref(), &now);
    if flag(watch::WATCH_VAR) {
        print!("{}", report::text::watch_screen(&outcomes, &newly));
    } else {
        print!("{}", report::text::harness_report(&outcomes, &newly, strict));
    }
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
        Err(e) => return crate::text::replies::EXERCISES_ARE_THERE.fill(&[("error", &e)]) + "\n",
    };
    let record = status::read_record(&status::record_path(&root));
    report::text::listing(&status::statuses(&root, record.as_ref()))
}

/// The REPL's `hint N` and `hint N 2` replies.
pub fn hint(args: &[String]) -> Result<String, String> {
    report::text::hint(args)
}
