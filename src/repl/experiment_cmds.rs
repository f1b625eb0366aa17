//! The experiments' commands: they read the committed results, or ask the
//! front end to run an experiment again with a progress bar.

use super::session::Session;
use super::{ExperimentView, Reply};

/// The words `bottleneck` takes.
pub const BOTTLENECK_WORDS: [&str; 2] = ["example", "run"];

/// The words `scores` takes.
pub const SCORES_WORDS: [&str; 2] = ["sweep", "run"];

/// The view an experiment's words ask for: nothing for the table, `second`
/// for its second view, `run` to rerun it.
fn view(command: &str, second: (&str, ExperimentView), args: &[String]) -> Result<ExperimentView, String> {
    match args {
        [] => Ok(ExperimentView::Table),
        [w] if w == second.0 => Ok(second.1),
        [w] if w == "run" => Ok(ExperimentView::Run),
        _ => Err(format!(
            "{command} takes nothing, {} or run, not {:?}: type {command} for the table",
            second.0,
            args.join(" ")
        )),
    }
}

/// `bottleneck`, `bottleneck example`, `bottleneck run`.
pub fn bottleneck(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    view("bottleneck", ("example", ExperimentView::Example), args).map(Reply::Bottleneck)
}

/// `scores`, `scores sweep`, `scores run`.
pub fn scores(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    view("scores", ("sweep", ExperimentView::Sweep), args).map(Reply::Scores)
}
