//! The experiments' commands: they read the committed results, or ask the
//! front end to run an experiment again with a progress bar.

use super::session::Session;
use super::{ExperimentView, Reply};

/// The words `bottleneck` takes.
pub const BOTTLENECK_WORDS: [&str; 2] = ["example", "run"];

/// `bottleneck`, `bottleneck example`, `bottleneck run`.
pub fn bottleneck(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    let view = match args {
        [] => ExperimentView::Table,
        [w] if w == "example" => ExperimentView::Example,
        [w] if w == "run" => ExperimentView::Run,
        _ => {
            return Err(format!(
                "bottleneck takes nothing, example or run, not {:?}: type bottleneck for the table",
                args.join(" ")
            ));
        }
    };
    Ok(Reply::Bottleneck(view))
}
