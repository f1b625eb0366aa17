//! The experiments' commands: they read the committed results, or ask the
//! front end to run an experiment again with a progress bar.

use super::session::Session;
use super::{ExperimentView, Reply};
use crate::text::reports as R;

/// The words `bottleneck` takes.
pub const BOTTLENECK_WORDS: [&str; 4] = ["example", "beam", "seed", "run"];

/// The words `scores` takes.
pub const SCORES_WORDS: [&str; 3] = ["sweep", "seed", "run"];

/// The view an experiment's words ask for: nothing for the summary over
/// seeds, a word of `views` for another view, `seed K` for one seed, `run` to rerun it.
fn view(command: &str, views: &[(&str, ExperimentView)], args: &[String]) -> Result<ExperimentView, String> {
    let words: Vec<&str> = views.iter().map(|v| v.0).collect();
    match args {
        [] => Ok(ExperimentView::Table),
        [w] if words.contains(&w.as_str()) => Ok(views[words.iter().position(|v| v == w).unwrap_or(0)].1),
        [w] if w == "run" => Ok(ExperimentView::Run),
        [w, k] if w == "seed" => k
            .parse::<u64>()
            .map(ExperimentView::Seed)
            .map_err(|_| R::SEED_TAKES_NUMBER.fill(&[("command", &command), ("word", &format!("{k:?}"))])),
        [w] if w == "seed" => Err(R::SEED_NEEDS_NUMBER.fill(&[("command", &command)])),
        _ => {
            let (words, args) = (words.join(crate::text::help::NAMES_SEP.get()), format!("{:?}", args.join(" ")));
            Err(R::COMMAND_ARGS.fill(&[("command", &command), ("words", &words), ("args", &args)]))
        }
    }
}

/// `bottleneck`, `bottleneck example`, `bottleneck beam`, `bottleneck seed K`, `bottleneck run`.
pub fn bottleneck(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    let views = [("example", ExperimentView::Example), ("beam", ExperimentView::Beam)];
    view("bottleneck", &views, args).map(Reply::Bottleneck)
}

/// `scores`, `scores sweep`, `scores seed K`, `scores run`.
pub fn scores(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    view("scores", &[("sweep", ExperimentView::Sweep)], args).map(Reply::Scores)
}
