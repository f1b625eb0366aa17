//! The experiments' commands: they read the committed results, or ask the
//! front end to run an experiment again with a progress bar.

use super::session::Session;
use super::{ExperimentView, Reply};

/// The words `bottleneck` takes.
pub const BOTTLENECK_WORDS: [&str; 3] = ["example", "seed", "run"];

/// The words `scores` takes.
pub const SCORES_WORDS: [&str; 3] = ["sweep", "seed", "run"];

/// The view an experiment's words ask for: nothing for the summary over
/// seeds, `second` for its second view, `seed K` for one seed, `run` to rerun it.
fn view(command: &str, second: (&str, ExperimentView), args: &[String]) -> Result<ExperimentView, String> {
    match args {
        [] => Ok(ExperimentView::Table),
        [w] if w == second.0 => Ok(second.1),
        [w] if w == "run" => Ok(ExperimentView::Run),
        [w, k] if w == "seed" => k
            .parse::<u64>()
            .map(ExperimentView::Seed)
            .map_err(|_| format!("{command} seed takes a whole number, not {k:?}: type {command} seed 1")),
        [w] if w == "seed" => Err(format!("{command} seed needs the seed's number: type {command} seed 1")),
        _ => Err(format!(
            "{command} takes nothing, {}, seed K or run, not {:?}: type {command} for the summary over seeds",
            second.0,
            args.join(" ")
        )),
    }
}

/// `bottleneck`, `bottleneck example`, `bottleneck seed K`, `bottleneck run`.
pub fn bottleneck(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    view("bottleneck", ("example", ExperimentView::Example), args).map(Reply::Bottleneck)
}

/// `scores`, `scores sweep`, `scores seed K`, `scores run`.
pub fn scores(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    view("scores", ("sweep", ExperimentView::Sweep), args).map(Reply::Scores)
}
