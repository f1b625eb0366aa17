//! Locks the numbers of every variant on the default walkthrough: score
//! functions side by side, other scores end to end, masking, the Q/K/V view,
//! diagnostics and each classic bug. The book includes these files.

#[macro_use]
mod common;

use bahdanau::variants::bugs::{Bug, render_bug, render_bug_list, run_bug};
use bahdanau::variants::compare::{compare, render_compare};
use bahdanau::variants::diagnose::render_diagnose;
use bahdanau::variants::masking::{mask_demo, partner, render_mask};
use bahdanau::variants::qkv::{qkv_view, render_qkv, render_step_qkv};
use bahdanau::variants::score_walk::render_score_walk;
use bahdanau::variants::{ScoreKind, VariantParams};
use bahdanau::walkthrough::{Scenario, StepRef, Walkthrough};

/// As the REPL shows it: prose wrapped to 100 columns.
fn snapshot(name: &str, text: String) {
    snapshot!(name, bahdanau::render::fit(&text));
}

fn setup() -> (Walkthrough, VariantParams) {
    let w = Walkthrough::new(Scenario::default()).expect("the default scenario is valid");
    let vp = VariantParams::init(w.params.dims(), w.scenario.seed);
    (w, vp)
}

#[test]
fn scores_side_by_side() {
    let (w, vp) = setup();
    let c = compare(&w, &vp, 3).expect("t = 3 is in range");
    snapshot("variants_compare_t3", render_compare(&w, &c));
}

#[test]
fn whole_walks_under_other_scores() {
    let (w, vp) = setup();
    for kind in &ScoreKind::ALL[1..] {
        snapshot(&format!("variants_score_{}", kind.name()), render_score_walk(&w, &vp, *kind));
    }
}

#[test]
fn masked_batch() {
    let (w, _) = setup();
    let batch = [w.scenario.source.clone(), partner(&w.scenario.source)];
    let demo = mask_demo(&w, &batch).expect("both sentences are in the vocabulary");
    snapshot("variants_mask", render_mask(&demo));
}

#[test]
fn queries_keys_and_values() {
    let (w, vp) = setup();
    let view = qkv_view(&w, &vp, 1).expect("t = 1 is in range");
    snapshot("variants_qkv_t1", render_qkv(&w, &view));
}

#[test]
fn steps_relabelled_as_queries_keys_and_values() {
    let (w, _) = setup();
    for id in [9, 11] {
        let step = StepRef { id, t: Some(1) };
        let text = render_step_qkv(&w, step).expect("the step exists");
        snapshot(&format!("variants_qkv_{}", step.key()), text);
    }
}

#[test]
fn diagnostics() {
    let (w, vp) = setup();
    snapshot("variants_diagnose", render_diagnose(&w, &vp));
}

#[test]
fn classic_bugs() {
    let (w, _) = setup();
    snapshot("variants_bug_list", render_bug_list());
    for bug in Bug::ALL {
        let report = run_bug(&w, bug).expect("every bug runs on the default scenario");
        snapshot(&format!("variants_bug_{}", bug.name()), render_bug(&report));
    }
}
