//! One line run and shown: `repl::execute`, then the reply rendered, or
//! handed to what runs it with a progress bar (training, an experiment).

use std::io::Write;

use super::flow::Flow;
use super::{experiments, real, scores_report, signals, train_bar};
use crate::render::reply::{step_in_session, where_line};
use crate::render::{Style, render_reply};
use crate::repl::{ExperimentView, Reply, Session, clear_interrupt, execute, interrupted};

/// Runs one line and writes its output to `out`. `Err` is the message for
/// the learner; the session is then unchanged.
pub fn perform(s: &mut Session, line: &str, style: Style, out: &mut dyn Write) -> Result<Flow, String> {
    clear_interrupt();
    signals::set_busy(true);
    let result = execute(s, line).and_then(|reply| {
        // `lang` and `load` choose this thread's language; the bars' threads speak it too.
        crate::text::set_default(crate::text::current());
        show(s, &reply, style, out)
    });
    signals::set_busy(false);
    let _ = out.flush();
    result
}

fn show(s: &mut Session, reply: &Reply, style: Style, out: &mut dyn Write) -> Result<Flow, String> {
    if let Reply::RealTrain { pairs } = reply {
        return real::train_in_session(s, *pairs, style, out);
    }
    Ok(match reply {
        Reply::Quit => Flow::Quit,
        Reply::Clear => {
            // Home, then erase the screen: only where escapes act (a terminal that is not dumb).
            if std::io::IsTerminal::is_terminal(&std::io::stdout()) && Style::escapes_allowed() {
                let _ = write!(out, "\x1b[H\x1b[2J");
            }
            Flow::Go
        }
        Reply::Train { epochs } => train_bar::train_with_bar(s, *epochs, style, out),
        Reply::Bottleneck(ExperimentView::Run) => experiments::rerun_in_session(style, out),
        Reply::Scores(ExperimentView::Run) => scores_report::rerun_in_session(style, out),
        // Printed one by one so that Ctrl-C takes effect between steps.
        Reply::Steps { steps, interrupted: stopped } => {
            for (i, step) in steps.iter().enumerate() {
                if interrupted() {
                    let shown = s.index_of(steps[i.saturating_sub(1)]).map_or(0, |k| k + usize::from(i > 0));
                    let _ = s.set_shown(shown);
                    let _ = writeln!(out, "{}", crate::text::replies::INTERRUPTED.fill(&[("where", &where_line(s))]));
                    return Ok(Flow::Interrupted);
                }
                let sep = if i > 0 { "\n" } else { "" };
                let _ = write!(out, "{sep}{}", step_in_session(s, *step).unwrap_or_default());
            }
            if *stopped {
                let _ = writeln!(out, "{}", crate::text::replies::INTERRUPTED.fill(&[("where", &where_line(s))]));
                return Ok(Flow::Interrupted);
            }
            Flow::Go
        }
        other => {
            let _ = write!(out, "{}", render_reply(other, s, style));
            Flow::Go
        }
    })
}
