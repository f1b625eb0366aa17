//! The front end: the only place that reads the terminal and prints. It runs
//! lines through `repl::execute`, renders the replies and handles Ctrl-C.

pub mod args;
pub mod experiments;
pub mod history;
pub mod interactive;
pub mod out;
pub mod pasted;
pub mod real;
pub mod report;
pub mod scores_report;
pub mod script;
pub mod signals;
pub mod train_bar;

use std::io::Write;

use crate::render::reply::step_in_session;
use crate::render::{Style, fit, render_reply};
use crate::repl::{Reply, Session, clear_interrupt, execute, interrupted};

/// What the caller does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Go,
    Quit,
    /// Ctrl-C stopped the command part way; the session is at the last step shown.
    Interrupted,
}

/// Marks long work outside the REPL's commands (an experiment) as a command,
/// so that Ctrl-C interrupts it.
pub(crate) fn set_busy(busy: bool) {
    signals::set_busy(busy);
}

/// Ctrl-C during a command stops it at the next step; outside a command (when
/// no line editor holds the terminal) it ends the program as usual, as do
/// SIGTERM and SIGHUP (see [`signals`]).
pub fn install_signals() {
    if let Err(e) = signals::install() {
        out::err_line(&format!("warning: Ctrl-C will end the program instead of interrupting a command ({e})"));
    }
}

pub fn banner(s: &Session) -> String {
    let sc = &s.walk().scenario;
    fit(&format!(
        "Bahdanau attention, tensor by tensor: {} steps of one translation,\n  {} → {}\n{}\n\
         Press Enter for the next tensor · help lists the commands · Ctrl-D quits.\n",
        s.order().len(),
        sc.source.join(" "),
        sc.target.join(" "),
        s.origin().sentence()
    ))
}

/// `[10/42 trained]> `: how many steps are shown of how many, and whether
/// the weights are trained or an untrained draw.
pub fn prompt(s: &Session) -> String {
    format!("[{}/{} {}]> ", s.shown(), s.order().len(), s.origin().tag())
}

/// Runs one line and writes its output to `out`. `Err` is the message for
/// the learner; the session is then unchanged.
pub fn perform(s: &mut Session, line: &str, style: Style, out: &mut dyn Write) -> Result<Flow, String> {
    clear_interrupt();
    signals::set_busy(true);
    let result = execute(s, line).map(|reply| show(s, &reply, style, out));
    signals::set_busy(false);
    let _ = out.flush();
    result
}

fn show(s: &mut Session, reply: &Reply, style: Style, out: &mut dyn Write) -> Flow {
    match reply {
        Reply::Quit => Flow::Quit,
        Reply::Clear => {
            // Home, then erase the screen: only where escapes act (a terminal that is not dumb).
            if std::io::IsTerminal::is_terminal(&std::io::stdout()) && Style::escapes_allowed() {
                let _ = write!(out, "\x1b[H\x1b[2J");
            }
            Flow::Go
        }
        Reply::Train { epochs } => train_bar::train_with_bar(s, *epochs, style, out),
        Reply::RealTrain { pairs } => real::train_in_session(s, *pairs, style, out),
        Reply::Bottleneck(crate::repl::ExperimentView::Run) => experiments::rerun_in_session(style, out),
        Reply::Scores(crate::repl::ExperimentView::Run) => scores_report::rerun_in_session(style, out),
        // Printed one by one so that Ctrl-C takes effect between steps.
        Reply::Steps { steps, interrupted: stopped } => {
            for (i, step) in steps.iter().enumerate() {
                if interrupted() {
                    let shown = s.index_of(steps[i.saturating_sub(1)]).map_or(0, |k| k + usize::from(i > 0));
                    let _ = s.set_shown(shown);
                    let _ = writeln!(out, "Interrupted. {}", crate::render::reply::where_line(s));
                    return Flow::Interrupted;
                }
                let sep = if i > 0 { "\n" } else { "" };
                let _ = write!(out, "{sep}{}", step_in_session(s, *step).unwrap_or_default());
            }
            if *stopped {
                let _ = writeln!(out, "Interrupted. {}", crate::render::reply::where_line(s));
                return Flow::Interrupted;
            }
            Flow::Go
        }
        other => {
            let _ = write!(out, "{}", render_reply(other, s, style));
            Flow::Go
        }
    }
}

/// An error line, red on a colour terminal; quoted input is cut and its
/// control characters shown, not sent. The message is wrapped to the output
/// width first (the colour code would otherwise keep the line from wrapping).
pub fn error_text(msg: &str, style: Style) -> String {
    paint(&crate::repl::visible::tidy_error(msg), style)
}

/// An error at a place (`line 3 of s.txt`, already safe to print).
pub fn error_at(at: &str, msg: &str, style: Style) -> String {
    paint(&format!("{at}: {}", crate::repl::visible::tidy_error(msg)), style)
}

fn paint(msg: &str, style: Style) -> String {
    let text = fit(&format!("error: {msg}"));
    match text.strip_prefix("error:") {
        Some(rest) if style.color => format!("\x1b[31merror:\x1b[0m{rest}"),
        _ => text,
    }
}
