//! Scripted use: lines from stdin, a file or `-c`. Each command is echoed
//! after the prompt before its output; the first error stops the run with a
//! non-zero exit status and names the line.

use std::process::ExitCode;

use super::{Flow, banner, error_at, perform, prompt};
use crate::render::Style;
use crate::repl::Session;
use crate::repl::visible::{QUOTE_CHARS, visible};

/// Runs `lines` in order. `place(n)` names line n (1-based) in messages.
pub fn run(
    mut session: Session,
    lines: impl Iterator<Item = std::io::Result<String>>,
    place: &dyn Fn(usize) -> String,
    with_banner: bool,
) -> ExitCode {
    let style = Style::detect();
    let mut stdout = std::io::stdout();
    if with_banner {
        print!("{}", banner(&session));
    }
    for (i, line) in lines.enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{}", error_at(&format!("could not read {}", visible(&place(i + 1))), &e.to_string(), style));
                return ExitCode::FAILURE;
            }
        };
        println!("{}{}", prompt(&session), visible(line.trim_end()));
        match perform(&mut session, &line, style, &mut stdout) {
            Ok(Flow::Go) => {}
            Ok(Flow::Quit) => break,
            Ok(Flow::Interrupted) => {
                eprintln!("stopped by Ctrl-C at {}", place(i + 1));
                return ExitCode::from(130);
            }
            Err(msg) => {
                // A long line is not quoted here: the message quotes the part that is wrong.
                let quoted = line.trim();
                let at = if quoted.chars().count() > QUOTE_CHARS {
                    visible(&place(i + 1))
                } else {
                    format!("{} (`{}`)", visible(&place(i + 1)), visible(quoted))
                };
                eprintln!("{}", error_at(&at, &msg, style));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
