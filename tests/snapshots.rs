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
