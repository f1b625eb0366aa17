//! Locks the numbers of every variant on the default walkthrough: score
//! functions side by side, other scores end to end, masking, the Q/K/V view,
//! diagnostics and each classic bug. The book includes these files.

#[macro_use]
mod common;

use bahdanau::render::variants::bug::{render_bug, render_bug_list};
use bahdanau::render::variants::compare::render_compare;
use bahdanau::render::variants::diagnose::render_diagnose;
use bahdanau::render::variants::mask::render_mask;
use bahdanau::render::variants::qkv::{render_qkv, render_step_qkv};
use bahdanau::render::variants::score_walk::render_score_walk;
use bahdanau::variants::bugs::{Bug, run_bug};
use bahdanau::variants::compare::compare;
use bahdanau::variants::diagnose::diagnose_view;
use bahdanau::variants::masking::{mask_demo, partner};
use bahdanau::variants::qkv::qkv_view;
use bahdanau::variants::score_walk::score_walk_view;
use bahdanau::variants::{ScoreKind, VariantParams};
use bahdanau::walkthrough::{Scenario, StepRef, Walkthrough};

/// As the REPL shows it in a terminal of the book's width, 80 columns.
fn snapshot(name: &str, text: String) {
    snapshot!(name, bahdanau::render::fit_to(&text, common::BOOK_WIDTH));
}

/// The walkthrough and the variants' draws before training.
fn setup() -> (Walkthrough, VariantParams) {
    bahdanau::render::set_width(common::BOOK_WIDTH);
    let w = Walkthrough::new(Scenario::default()).expect("the default scenario is valid");
    let vp = VariantParams::init(w.params.dims(), w.scenario.seed);
    (w, vp)
}

/// The walkthrough and every score's trained model, as the REPL shows by default.
fn trained() -> (Walkthrough, VariantParams) {
    let (w, vp) = setup();
    (w, vp.with_trained(bahdanau::experiments::walk_scores::committed()))
}

#[test]
fn scores_side_by_side() {
    let (w, vp) = trained();
    let c = compare(&w, &vp, 3).expect("t = 3 is in range");
    assert!(c.weights.trained && c.concat_gap < 1e-12);
    snapshot("variants_compare_t3", render_compare(&w, &c));
    let (w, vp) = setup();
    snapshot("variants_compare_t3_before", render_compare(&w, &compare(&w, &vp, 3).expect("t = 3 is in range")));
}

#[test]
fn whole_walks_under_other_scores() {
    let (w, vp) = trained();
    for kind in &ScoreKind::ALL[1..] {
        snapshot(&format!("variants_score_{}", kind.name()), render_score_walk(&w, &score_walk_view(&w, &vp, *kind)));
    }
    let (w, vp) = setup();
    snapshot("variants_score_dot_before", render_score_walk(&w, &score_walk_view(&w, &vp, ScoreKind::Dot)));
}

#[test]
fn the_repl_says_which_weights_it_shows() {
    let run = |line: &str, seed: Option<&str>| {
        let mut s = bahdanau::repl::Session::default_scenario().unwrap();
        if let Some(cmd) = seed {
            bahdanau::repl::execute(&mut s, cmd).unwrap();
        }
        match bahdanau::repl::execute(&mut s, line).unwrap() {
            bahdanau::repl::Reply::Variant(view) => bahdanau::render::variants::render_view(s.walk(), &view),
            other => panic!("{line}: {other:?}"),
        }
    };
    for cmd in ["compare 3", "score dot", "diagnose"] {
        assert!(run(cmd, None).contains("Trained weights: each score"), "{cmd}");
        let before = run(&format!("{cmd} before"), None);
        assert!(before.contains("Before training") && before.contains("untrained draws"), "{cmd} before: {before}");
        assert!(run(cmd, Some("seed 7")).contains("untrained draw from seed 7"), "{cmd} after seed 7");
    }
    assert_ne!(run("score dot", None), run("score dot before", None), "the trained walk is another model");
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

/// `score dot`, `qkv separate` and a step under `qkv on` as a Chinese
/// learner reads them: the numbers are the English snapshots' own.
#[test]
fn the_variants_in_chinese() {
    use bahdanau::text::{Lang, set};
    let (w, vp) = trained();
    set(Lang::Zh); // this thread only
    snapshot("zh_score_dot", render_score_walk(&w, &score_walk_view(&w, &vp, ScoreKind::Dot)));
    let (w, vp) = setup();
    let view = qkv_view(&w, &vp, 1).expect("t = 1 is in range");
    snapshot("zh_qkv_t1", render_qkv(&w, &view));
    let step = StepRef { id: 8, t: Some(1) };
    snapshot("zh_qkv_step_08_t1", render_step_qkv(&w, step).expect("the step exists"));
    set(Lang::En);
}

#[test]
fn diagnostics() {
    let (w, vp) = trained();
    snapshot("variants_diagnose", render_diagnose(&w, &diagnose_view(&w, &vp)));
    let (w, vp) = setup();
    snapshot("variants_diagnose_before", render_diagnose(&w, &diagnose_view(&w, &vp)));
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
