//! `score KIND`: a whole walk under another score beside the additive one.

use super::diagnose::pattern_line;
use super::weights::weights_note;
use crate::render::table::render_tensor;
use crate::text::variants as T;
use crate::variants::score_walk::{ScoreKind, ScoreWalkView};
use crate::variants::{labelled, rows_tensor};
use crate::walkthrough::Walkthrough;

/// Why dot and scaled dot score q = W_q s_{t−1} rather than s_{t−1} itself.
pub fn projection_note(n: usize, two_n: usize) -> String {
    if n == two_n {
        return format!("{}\n", T::NO_PROJECTION.fill(&[("n", &n)]));
    }
    format!("{}\n", T::PROJECTION.fill(&[("n", &n), ("two_n", &two_n)]))
}

/// The walk under the view's kind next to the additive one: both alignments,
/// α_t row by row, and the probability each gives the correct word.
pub fn render_score_walk(w: &Walkthrough, v: &ScoreWalkView) -> String {
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let kind = v.walk.kind;
    let mut out = format!("{}\n", T::SCORE_WALK_HEAD.fill(&[("kind", &kind.name()), ("formula", &kind.formula())]));
    let how = if v.weights.trained { T::SCORE_WALK_TRAINED } else { T::SCORE_WALK_DRAWN };
    out.push_str(&format!("{}\n", how.get()));
    if matches!(kind, ScoreKind::Dot | ScoreKind::Scaled) {
        out.push_str(&projection_note(w.params.dims().n, w.trace.enc.h.nrows()));
    }
    out.push_str(&format!("{}\n", T::A_UNDER.fill(&[("kind", &kind.name())])));
    out.push_str(&render_tensor(&labelled(&v.walk.alignment(), tgt, src)));
    out.push_str(&format!("\n{}\n", T::A_UNDER_ADDITIVE.get()));
    out.push_str(&render_tensor(&labelled(&v.base.alignment(), tgt, src)));
    out.push('\n');
    for (t, (a, b)) in v.base.steps.iter().zip(&v.walk.steps).enumerate() {
        out.push_str(&format!("{}\n", T::AT_T_WRITING.fill(&[("t", &(t + 1)), ("word", &tgt[t])])));
        let rows = [(format!("α_{} additive", t + 1), &a.alpha), (format!("α_{} {}", t + 1, kind.name()), &b.alpha)];
        out.push_str(&render_tensor(&rows_tensor(&rows, src)));
        out.push('\n');
    }
    let [pa, pk] = &v.correct;
    out.push_str(&format!("{}\n", T::P_CORRECT.get()));
    out.push_str(&render_tensor(&rows_tensor(&[("additive".to_string(), pa), (kind.name().to_string(), pk)], tgt)));
    out.push('\n');
    let pattern = pattern_line(&v.verdict, src);
    out.push_str(&format!("{}\n", T::PATTERN_UNDER.fill(&[("kind", &kind.name()), ("pattern", &pattern)])));
    out.push_str(&weights_note(&v.weights));
    out
}
