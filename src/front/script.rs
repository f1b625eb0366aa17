//! Scripted use: lines from stdin, a file or `-c`. Each command is echoed
//! after the prompt before its output; the first error stops the run with a
//! non-zero exit status and names the line. Ctrl-C stops it after the
//! current command (or at the next step of a long one) with status 130.

use std::process::ExitCode;

use super::errors::error_at;
use super::flow::Flow;
use super::out::{Stdout, err_line, out, out_line};
use super::perform::perform;
use super::prompt::{banner, prompt};
use super::signals::set_stop_note;
use crate::render::Style;
use crate::repl::visible::{QUOTE_CHARS, visible};
use crate::repl::{Session, interrupted};
use crate::text::cli as T;

/// Runs `lines` in order. `place(n)` names line n (1-based) in messages.
pub fn run(
    mut session: Session,
    lines: impl Iterator<Item = std::io::Result<String>>,
    place: &dyn Fn(usize) -> String,
    with_banner: bool,
) -> ExitCode {
    let style = Style::detect();
    let mut stdout = Stdout;
    if with_banner {
        out(&banner(&session));
    }
    for (i, line) in lines.enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                let at = T::COULD_NOT_READ_PLACE.fill(&[("place", &visible(&place(i + 1)))]);
                err_line(&error_at(&at, &e.to_string(), style));
                return ExitCode::FAILURE;
            }
        };
        let stopped = T::STOPPED_AT.fill(&[("place", &visible(&place(i + 1)))]);
        set_stop_note(&stopped);
        out_line(&format!("{}{}", prompt(&session), visible(line.trim_end())));
        let done = perform(&mut session, &line, style, &mut stdout);
        // A command that does not watch for Ctrl-C runs to its end; the script stops after it.
        if matches!(done, Ok(Flow::Interrupted)) || interrupted() {
            err_line(&stopped);
            return ExitCode::from(130);
        }
        match done {
            Ok(Flow::Go | Flow::Interrupted) => {}
            Ok(Flow::Quit) => break,
            Err(msg) => {
                // A long line is not quoted here: the message quotes the part that is wrong.
                let quoted = line.trim();
                let at = if quoted.chars().count() > QUOTE_CHARS {
                    visible(&place(i + 1))
                } else {
                    let (open, close) = (T::OPEN.get(), T::CLOSE.get());
                    format!("{}{open}`{}`{close}", visible(&place(i + 1)), visible(quoted))
                };
                err_line(&error_at(&at, &msg, style));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
