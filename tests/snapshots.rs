//! Locks every number of the default walkthrough: one snapshot per step,
//! named by its step id (and t for the steps that repeat). The book includes
//! these files, so a changed number shows up in review before it reaches a page.

use bahdanau::render::render_step;
use bahdanau::walkthrough::{Scenario, Walkthrough};

#[test]
fn every_step_of_the_default_walkthrough() {
    let walk = Walkthrough::new(Scenario::default()).expect("the default scenario is valid");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for step in walk.order() {
            let text = render_step(&walk, step).expect("every listed step renders");
            insta::assert_snapshot!(step.key(), text);
        }
    });
}
