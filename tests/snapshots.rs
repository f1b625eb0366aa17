//! Locks every number of the default walkthrough: one snapshot per step,
//! named by its step id (and t for the steps that repeat). The book includes
//! these files, so a changed number shows up in review before it reaches a page.
//! They are rendered at the book's width, 80 columns, where the REPL in a
//! script uses 100.

#[macro_use]
mod common;

use bahdanau::render::render_step;
use bahdanau::walkthrough::{Scenario, Walkthrough};

#[test]
fn every_step_of_the_default_walkthrough() {
    bahdanau::render::set_width(common::BOOK_WIDTH);
    let walk = Walkthrough::new(Scenario::default()).expect("the default scenario is valid");
    for step in walk.order() {
        snapshot!(step.key(), render_step(&walk, step).expect("every listed step renders"));
    }
}

/// The REPL's `shapes` at the last step and `shapes params`: every tensor and
/// parameter with its symbolic and concrete shape, for the book's overview and
/// notation pages.
#[test]
fn every_shape_of_the_default_walkthrough() {
    use bahdanau::render::{Style, render_reply};
    use bahdanau::repl::{Session, execute};
    bahdanau::render::set_width(common::BOOK_WIDTH);
    let mut session = Session::default_scenario().expect("the default scenario is valid");
    execute(&mut session, "goto 14").expect("step 14 exists");
    for (name, line) in [("repl_shapes", "shapes"), ("repl_shapes_params", "shapes params")] {
        let reply = execute(&mut session, line).expect("shapes succeeds");
        snapshot!(name, render_reply(&reply, &session, Style::PLAIN));
    }
}

/// The same walkthrough as a Chinese learner reads it: every step at t = 1,
/// `explain` at step 10, `help`, and two of the variants' replies (`mask`, `bug s_t`).
/// The numbers are the English snapshots' own; only the sentences change.
#[test]
fn the_default_walkthrough_in_chinese() {
    use bahdanau::render::{Style, render_reply};
    use bahdanau::repl::{Session, execute};
    use bahdanau::text::{Lang, set};
    bahdanau::render::set_width(common::BOOK_WIDTH);
    set(Lang::Zh); // this thread only: the English tests beside it keep English
    let walk = Walkthrough::new(Scenario::default()).expect("the default scenario is valid");
    for step in walk.order().into_iter().filter(|s| s.t.is_none_or(|t| t == 1)) {
        let text = render_step(&walk, step).expect("every listed step renders");
        assert!(text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{} has no Chinese:\n{text}", step.key());
        snapshot!(format!("zh_{}", step.key()), text);
    }
    let mut session = Session::default_scenario().expect("the default scenario is valid");
    execute(&mut session, "goto 10 t=1").expect("step 10 at t = 1 exists");
    for (name, line) in
        [("zh_explain_10", "explain"), ("zh_help", "help"), ("zh_mask", "mask"), ("zh_bug_s_t", "bug s_t")]
    {
        let reply = execute(&mut session, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        snapshot!(name, render_reply(&reply, &session, Style::PLAIN));
    }
    set(Lang::En);
}
