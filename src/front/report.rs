//! What a `--*-report` ends with: the report for stdout, whether its bars
//! were met, and any failure (to stderr, status 1). Ctrl-C during a report
//! ends it with status 130 and one line on stderr; its result files are
//! written as one set after the report is complete, so none is half-written.

use std::process::ExitCode;

use super::out::{err_line, out};
use crate::repl::interrupted;

pub struct Outcome {
    pub text: String,
    pub bars_met: bool,
    /// Why the report could not run or write its results.
    pub error: Option<String>,
}

impl Outcome {
    /// A report that could not run at all.
    pub fn failed(error: String) -> Outcome {
        Outcome { text: String::new(), bars_met: false, error: Some(error) }
    }
}

/// The line Ctrl-C prints when it stops a report.
pub fn stopped() -> &'static str {
    crate::text::cli::REPORT_STOPPED.get()
}

/// Prints `o` and gives the exit status (see the module comment).
pub fn finish(o: Outcome) -> ExitCode {
    if interrupted() {
        err_line(stopped());
        return ExitCode::from(130);
    }
    out(&o.text);
    match o.error {
        Some(e) => {
            err_line(&crate::text::cli::ERROR.fill(&[("message", &crate::repl::visible::tidy_error(&e))]));
            ExitCode::FAILURE
        }
        None if o.bars_met => ExitCode::SUCCESS,
        None => ExitCode::FAILURE,
    }
}
