//! What the learner sees before typing: the banner once, then the prompt
//! before every line.

use crate::layout::fit;
use crate::repl::Session;

/// The first lines: what this is, the translation, whose weights, how to go on.
pub fn banner(s: &Session) -> String {
    let sc = &s.walk().scenario;
    fit(&format!(
        "Bahdanau attention, tensor by tensor: {} steps of one translation,\n  {} → {}\n{}\n\
         Press Enter for the next tensor · help lists the commands · Ctrl-D quits.\n",
        s.order().len(),
        sc.source.join(" "),
        sc.target.join(" "),
        s.origin().sentence()
    ))
}

/// `[10/42 trained]> `: how many steps are shown of how many, and whether
/// the weights are trained or an untrained draw.
pub fn prompt(s: &Session) -> String {
    format!("[{}/{} {}]> ", s.shown(), s.order().len(), s.origin().tag())
}
