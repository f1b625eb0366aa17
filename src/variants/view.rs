//! One function per learner command: arguments as typed, the answer a view
//! (data) or a message that says what to type instead. The REPL's command
//! table calls these; `render::variants` writes the views out.

use super::VariantParams;
use super::bugs::{Bug, BugReport, run_bug};
use super::compare::{Comparison, compare};
use super::diagnose::{DiagnoseView, diagnose_view};
use super::masking::{MaskDemo, mask_demo, partner};
use super::qkv::{QkvView, qkv_view};
use super::score_walk::{ScoreKind, ScoreWalkView, score_walk_view};
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

/// What a variants command answers.
#[derive(Clone, Debug, PartialEq)]
pub enum VariantView {
    Compare(Comparison),
    Score(ScoreWalkView),
    Qkv(QkvView),
    Diagnose(DiagnoseView),
    Mask(MaskDemo),
    Bug(BugReport),
    /// `bug` alone: the names.
    Bugs,
}

/// `compare [t] [before]`: every score at target position t.
pub fn compare_view(w: &Walkthrough, t: usize, weights: Weights) -> Result<VariantView, String> {
    compare(w, &chosen(w, weights), t).map(VariantView::Compare)
}

/// `score KIND [before]`: the whole walk with KIND's energies against the additive one.
pub fn score_view(w: &Walkthrough, kind: &str, weights: Weights) -> Result<VariantView, String> {
    let kind = ScoreKind::parse(kind).map_err(|_| {
        crate::text::variants::SCORE_UNKNOWN.fill(&[("word", &kind), ("names", &SCORE_NAMES.join(", "))])
    })?;
    Ok(VariantView::Score(score_walk_view(w, &chosen(w, weights), kind)))
}

/// `qkv separate` at t: keys and values projected apart.
pub fn qkv_separate(w: &Walkthrough, t: usize) -> Result<VariantView, String> {
    qkv_view(w, &params(w), t).map(VariantView::Qkv)
}

/// `diagnose [before]`: entropy, coverage and pattern of A, and the pattern under every score.
pub fn diagnose_all(w: &Walkthrough, weights: Weights) -> VariantView {
    VariantView::Diagnose(diagnose_view(w, &chosen(w, weights)))
}

/// `mask`: the walkthrough's source batched with a sentence of another length.
pub fn mask_view(w: &Walkthrough) -> Result<VariantView, String> {
    let batch = [w.scenario.source.clone(), partner(&w.scenario.source)];
    mask_demo(w, &batch).map(VariantView::Mask)
}

/// `bug` alone lists the names; `bug NAME` runs one.
pub fn bug_view(w: &Walkthrough, name: Option<&str>) -> Result<VariantView, String> {
    match name {
        None => Ok(VariantView::Bugs),
        Some(n) => run_bug(w, Bug::parse(n)?).map(VariantView::Bug),
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
        assert!(score_view(&w, "cosine", Weights::Before).unwrap_err().contains("type score followed by"));
        assert!(bug_view(&w, Some("x")).unwrap_err().contains("type bug followed by"));
        assert!(compare_view(&w, 9, Weights::Before).unwrap_err().contains("compare 1"));
        assert_eq!(bug_view(&w, None), Ok(VariantView::Bugs));
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
            assert!(score_view(&w, kind, Weights::Before).is_ok());
        }
        for name in BUG_NAMES {
            assert!(bug_view(&w, Some(name)).is_ok(), "{name}");
        }
        assert!(compare_view(&w, 1, Weights::Before).is_ok() && qkv_separate(&w, 1).is_ok() && mask_view(&w).is_ok());
        assert!(
            matches!(diagnose_all(&w, Weights::Before), VariantView::Diagnose(d) if d.kinds.len() == SCORE_NAMES.len())
        );
    }
}
