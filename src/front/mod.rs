//! The front end: the only place that reads the terminal and prints. It runs
//! lines through `repl::execute`, renders the replies and handles Ctrl-C.
//!
//! - [`args`]: the command line; `main` picks the mode from it.
//! - [`interactive`], [`script`], [`pasted`]: the three ways lines arrive;
//!   each runs them through [`perform`], greets with [`prompt`], reports
//!   with [`errors`] and goes on as [`flow`] says.
//! - [`out`], [`signals`], [`history`]: printing, Ctrl-C and the history file.
//! - [`train_bar`], [`experiments`], [`scores_report`], [`real`], [`report`]:
//!   long work with a progress bar, and the reports' exit status; every
//!   report's body is [`report_body`]'s, and [`committed`] the bar that a
//!   rerun equals the committed results.

pub mod args;
pub mod committed;
pub mod errors;
pub mod experiments;
pub mod flow;
pub mod history;
pub mod interactive;
pub mod out;
pub mod pasted;
pub mod perform;
pub mod prompt;
pub mod real;
pub mod report;
pub mod report_body;
pub mod scores_report;
pub mod script;
pub mod signals;
pub mod train_bar;

pub use errors::{error_at, error_text};
pub use flow::Flow;
pub use perform::perform;
pub use prompt::{banner, prompt};

/// Marks long work outside the REPL's commands (an experiment) as a command,
/// so that Ctrl-C interrupts it.
pub(crate) use signals::set_busy;

/// Ctrl-C during a command stops it at the next step; outside a command (when
/// no line editor holds the terminal) it ends the program as usual, as do
/// SIGTERM and SIGHUP (see [`signals`]).
pub fn install_signals() {
    if let Err(e) = signals::install() {
        out::err_line(&format!("warning: Ctrl-C will end the program instead of interrupting a command ({e})"));
    }
}
