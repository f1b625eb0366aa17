//! What the learner sees before typing: the banner once, then the prompt
//! before every line.

use crate::layout::fit;
use crate::repl::Session;

/// The first lines: what this is, the translation, whose weights, how to go on.
pub fn banner(s: &Session) -> String {
    let sc = &s.walk().scenario;
    let text = crate::text::replies::BANNER.fill(&[
        ("n", &s.order().len()),
        ("source", &sc.source.join(" ")),
        ("target", &sc.target.join(" ")),
        ("origin", &s.origin().sentence()),
    ]);
    fit(&format!("{text}\n"))
}

/// `[10/42 trained]> `: how many steps are shown of how many, and whether
/// the weights are trained or an untrained draw.
pub fn prompt(s: &Session) -> String {
    format!("[{}/{} {}]> ", s.shown(), s.order().len(), s.origin().tag())
}
