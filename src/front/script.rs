//! Scripted use: lines from stdin, a file or `-c`. Each command is echoed
//! after the prompt before its output; the first error stops the run with a
//! non-zero exit status and names the line.

use std::process::ExitCode;

use super::{Flow, banner, error_text, perform, prompt};
use crate::render::Style;
use crate::repl::Session;

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
                eprintln!("{}", error_text(&format!("could not read {}: {e}", place(i + 1)), style));
                return ExitCode::FAILURE;
            }
        };
        println!("{}{}", prompt(&session), line.trim_end());
        match perform(&mut session, &line, style, &mut stdout) {
            Ok(Flow::Go) => {}
            Ok(Flow::Quit) => break,
            Ok(Flow::Interrupted) => {
                eprintln!("stopped by Ctrl-C at {}", place(i + 1));
                return ExitCode::from(130);
            }
            Err(msg) => {
                eprintln!("{}", error_text(&format!("{} (`{}`): {msg}", place(i + 1), line.trim()), style));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
