//! What the line editor returns after Enter: one typed line, or the lines of
//! a paste. A terminal in bracketed-paste mode hands a pasted block over
//! whole, newlines and all, so that a pasted Tab or Enter is not taken as a
//! key; each of its lines is then one command, run in order and echoed after
//! its prompt, exactly as a script runs.

use std::io::Write;

use super::{Flow, error_text, perform, prompt};
use crate::render::Style;
use crate::repl::Session;
use crate::repl::visible::visible;

/// The commands in `text`: its lines, without the empty line a paste that
/// ends in a newline leaves last. A single line is returned as it is, so an
/// empty line (Enter) stays `next`.
pub fn commands(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.len() > 1 && lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines
}

/// Runs every command of `text`, adding each to the history with `remember`.
/// With more than one, each is echoed after the prompt it runs at; the first
/// error or Ctrl-C stops the rest, and the learner is told how many were left.
pub fn run(
    session: &mut Session,
    text: &str,
    style: Style,
    out: &mut dyn Write,
    remember: &mut dyn FnMut(&str),
) -> Flow {
    let lines = commands(text);
    let echo = lines.len() > 1;
    for (k, line) in lines.iter().enumerate() {
        if echo {
            let _ = writeln!(out, "{}{}", prompt(session), visible(line.trim_end()));
        }
        if !line.trim().is_empty() {
            remember(line);
        }
        let left = lines.len() - k - 1;
        let rest = match left {
            0 => String::new(),
            1 => "; the pasted line after it was not run".to_string(),
            _ => format!("; the {left} pasted lines after it were not run"),
        };
        match perform(session, line, style, out) {
            Ok(Flow::Go) => {}
            Ok(Flow::Interrupted) if left > 0 => {
                let _ = writeln!(out, "Ctrl-C{rest}.");
                return Flow::Interrupted;
            }
            Ok(flow) => return flow,
            Err(msg) => {
                let _ = out.flush();
                super::out::err_line(&error_text(&format!("{msg}{rest}"), style));
                return Flow::Go;
            }
        }
    }
    Flow::Go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_is_split_into_its_lines_and_enter_stays_next() {
        assert_eq!(commands(""), vec![""]);
        assert_eq!(commands("where"), vec!["where"]);
        assert_eq!(commands("goto 9\nwhere\n"), vec!["goto 9", "where"]);
        assert_eq!(commands("goto 9\n\nwhere"), vec!["goto 9", "", "where"]);
    }

    #[test]
    fn pasted_lines_run_in_order_each_echoed_and_remembered() {
        let mut s = Session::default_scenario().unwrap();
        let (mut out, mut seen) = (Vec::new(), Vec::new());
        let flow = run(&mut s, "goto 9\nwhere\n", Style::PLAIN, &mut out, &mut |l| seen.push(l.to_string()));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(flow, Flow::Go);
        assert_eq!(seen, ["goto 9", "where"]);
        assert!(out.starts_with("[0/42 trained]> goto 9\n"), "{out}");
        assert!(out.contains("[9/42 trained]> where\nYou are at step 09"), "{out}");
    }

    #[test]
    fn an_error_stops_the_rest_of_a_paste() {
        let mut s = Session::default_scenario().unwrap();
        let mut out = Vec::new();
        run(&mut s, "goto 99\nnext\nnext", Style::PLAIN, &mut out, &mut |_| {});
        assert_eq!(s.shown(), 0, "the lines after the error did not run");
    }
}
