//! One function per learner command: arguments as typed, the answer as text
//! or a message that says what to type instead. The REPL's command table
//! calls these.

use super::VariantParams;
use super::bugs::{Bug, render_bug, render_bug_list, run_bug};
use super::compare::{compare, render_compare};
use super::diagnose::render_diagnose;
use super::masking::{mask_demo, partner, render_mask};
use super::qkv::{qkv_view, render_qkv};
use super::score_walk::{ScoreKind, render_score_walk};
use crate::model::scored::ScoredParams;
use crate::train::TrainConfig;
use crate::walkthrough::Walkthrough;

/// The names `score` completes.
pub const SCORE_NAMES: [&str; 5] = ["additive", "dot", "general", "concat", "scaled"];
/// The names `bug` completes.
pub const BUG_NAMES: [&str; 5] = ["s_t", "broadcast", "no_sum", "softmax_axis", "fp16_mask"];

fn params(w: &Walkthrough) -> VariantParams {
    VariantParams::init(w.params.dims(), w.scenario.seed)
}

/// Which weights the side-by-side views use: the draws before training, or
/// each score's trained model (`trained`: the committed weights, which apply
/// to the walkthrough's default sizes and seed only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Weights<'a> {
    Before,
    Trained(&'a [ScoredParams]),
}

fn chosen(w: &Walkthrough, weights: Weights) -> VariantParams {
    let c = TrainConfig::DEFAULT;
    match weights {
        Weights::Trained(t) if w.params.dims() == c.dims && w.scenario.seed == c.init_seed => params(w).with_trained(t),
        _ => params(w),
    }
}

/// `compare [t] [before]`: every score at target position t.
pub fn compare_text(w: &Walkthrough, t: usize, weights: Weights) -> Result<String, String> {
    let vp = chosen(w, weights);
    compare(w, &vp, t).map(|c| render_compare(w, &c))
}

/// `score KIND [before]`: the whole walk with KIND's energies against the additive one.
pub fn score_text(w: &Walkthrough, kind: &str, weights: Weights) -> Result<String, String> {
    let kind = ScoreKind::parse(kind)?;
    Ok(render_score_walk(w, &chosen(w, weights), kind))
}

/// `qkv separate` at t: keys and values projected apart.
pub fn qkv_text(w: &Walkthrough, t: usize) -> Result<String, String> {
    qkv_view(w, &params(w), t).map(|v| render_qkv(w, &v))
}

/// `diagnose [before]`: entropy, coverage and pattern of A, and the pattern under every score.
pub fn diagnose_text(w: &Walkthrough, weights: Weights) -> String {
    render_diagnose(w, &chosen(w, weights))
}

/// `mask`: the walkthrough's source batched with a sentence of another length.
pub fn mask_text(w: &Walkthrough) -> Result<String, String> {
    let batch = [w.scenario.source.clone(), partner(&w.scenario.source)];
    mask_demo(w, &batch).map(|d| render_mask(&d))
}

/// `bug` alone lists the names; `bug NAME` runs one.
pub fn bug_text(w: &Walkthrough, name: Option<&str>) -> Result<String, String> {
    match name {
        None => Ok(render_bug_list()),
        Some(n) => run_bug(w, Bug::parse(n)?).map(|r| render_bug(&r)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walkthrough::Scenario;

    #[test]
    fn completion_names_are_the_parsed_names() {
        assert_eq!(SCORE_NAMES, ScoreKind::ALL.map(|k| k.name()));
        assert_eq!(BUG_NAMES, Bug::ALL.map(|b| b.name()));
    }

    #[test]
    fn bad_arguments_say_what_to_type() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        assert!(score_text(&w, "cosine", Weights::Before).unwrap_err().contains("type score followed by"));
        assert!(bug_text(&w, Some("x")).unwrap_err().contains("type bug followed by"));
        assert!(compare_text(&w, 9, Weights::Before).unwrap_err().contains("compare 1"));
        assert!(bug_text(&w, None).unwrap().contains("fp16_mask"));
    }

    #[test]
    fn every_command_runs_on_small_and_odd_scenarios() {
        let w = Walkthrough::new(Scenario {
            dims: crate::model::Dims::new(2, 3, 4, 1).unwrap(),
            source: vec!["the".into(), "Central".into(), "Bank".into(), "<eos>".into()],
            target: vec!["<eos>".into()],
            ..Scenario::default()
        })
        .unwrap();
        for kind in SCORE_NAMES {
            assert!(score_text(&w, kind, Weights::Before).is_ok());
        }
        for name in BUG_NAMES {
            assert!(bug_text(&w, Some(name)).is_ok(), "{name}");
        }
        assert!(compare_text(&w, 1, Weights::Before).is_ok() && qkv_text(&w, 1).is_ok() && mask_text(&w).is_ok());
        assert!(diagnose_text(&w, Weights::Before).contains("pattern"));
    }
}
