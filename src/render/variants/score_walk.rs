//! `score KIND`: a whole walk under another score beside the additive one.

use super::diagnose::pattern_line;
use super::weights::weights_note;
use crate::render::table::render_tensor;
use crate::variants::score_walk::{ScoreKind, ScoreWalkView};
use crate::variants::{labelled, rows_tensor};
use crate::walkthrough::Walkthrough;

/// Why dot and scaled dot score q = W_q s_{t−1} rather than s_{t−1} itself.
pub fn projection_note(n: usize, two_n: usize) -> String {
    if n == two_n {
        return format!("  s_{{t-1}} and h_i both have {n} entries: the dot product needs no projection.\n");
    }
    format!(
        "  s_{{t-1}} has {n} entries and h_i has {two_n}: a dot product needs one length, so q = W_q s_{{t-1}} \
         (W_q: {two_n} × {n}) projects the query first.\n"
    )
}

/// The walk under the view's kind next to the additive one: both alignments,
/// α_t row by row, and the probability each gives the correct word.
pub fn render_score_walk(w: &Walkthrough, v: &ScoreWalkView) -> String {
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let kind = v.walk.kind;
    let mut out = format!("score {}: {}\n", kind.name(), kind.formula());
    if v.weights.trained {
        out.push_str("  Each score runs in its own trained RNNsearch: H and every s_{t-1} are that model's own.\n");
    } else {
        out.push_str(
            "  Everything after e_t is the model's own code; from t = 2 on, s_{t-1} is this walk's own state.\n",
        );
    }
    if matches!(kind, ScoreKind::Dot | ScoreKind::Scaled) {
        out.push_str(&projection_note(w.params.dims().n, w.trace.enc.h.nrows()));
    }
    out.push_str(&format!("A under {} (rows α_t, teacher-forced on the target):\n", kind.name()));
    out.push_str(&render_tensor(&labelled(&v.walk.alignment(), tgt, src)));
    out.push_str("\nA under additive (the walkthrough's):\n");
    out.push_str(&render_tensor(&labelled(&v.base.alignment(), tgt, src)));
    out.push('\n');
    for (t, (a, b)) in v.base.steps.iter().zip(&v.walk.steps).enumerate() {
        out.push_str(&format!("t = {} (writing \"{}\"):\n", t + 1, tgt[t]));
        let rows = [(format!("α_{} additive", t + 1), &a.alpha), (format!("α_{} {}", t + 1, kind.name()), &b.alpha)];
        out.push_str(&render_tensor(&rows_tensor(&rows, src)));
        out.push('\n');
    }
    let [pa, pk] = &v.correct;
    out.push_str("p of the correct word at each t:\n");
    out.push_str(&render_tensor(&rows_tensor(&[("additive".to_string(), pa), (kind.name().to_string(), pk)], tgt)));
    out.push('\n');
    out.push_str(&format!("pattern under {}: {}\n", kind.name(), pattern_line(&v.verdict, src)));
    out.push_str(&weights_note(&v.weights));
    out
}
