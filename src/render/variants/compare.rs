//! `compare`: every score function's e_t and α_t at one t, and the two
//! identities between them.

use super::numbers::sci;
use super::weights::weights_note;
use crate::layout::{columns, width};
use crate::model::Vector;
use crate::render::table::render_tensor;
use crate::variants::compare::{Comparison, ScoreRow};
use crate::variants::rows_tensor;
use crate::walkthrough::Walkthrough;

/// The comparison as text: formulas, e_t and α_t tables, and the two identities.
pub fn render_compare(w: &Walkthrough, c: &Comparison) -> String {
    let (src, t) = (&w.scenario.source, c.t);
    let how = if c.weights.trained {
        "each score in its own trained model, on its own s_{t-1} and H".to_string()
    } else {
        format!("every score on the same s_{} and H, before training", t - 1)
    };
    let mut out = format!("compare at t = {t} (writing \"{}\"): {how}\n", w.scenario.target[t - 1]);
    let rows: Vec<Vec<String>> = c.rows.iter().map(|r| vec![format!("  {}", r.label), r.formula.to_string()]).collect();
    for line in columns(&rows, 2, width()) {
        out.push_str(&format!("{line}\n"));
    }
    let table = |pick: fn(&ScoreRow) -> &Vector| {
        let rows: Vec<(String, &Vector)> = c.rows.iter().map(|r| (r.label.clone(), pick(r))).collect();
        render_tensor(&rows_tensor(&rows, src))
    };
    out.push_str(&format!("e_{t}, one row per score:\n{}\n", table(|r| &r.e)));
    out.push_str(&format!("α_{t} = softmax(e_{t}), one row per score:\n{}\n", table(|r| &r.alpha)));
    if let Some(why) = &c.dot_refusal {
        // The refusal says why; one line then says what dot and scaled do instead.
        let (n, two_n) = (w.params.dims().n, w.trace.enc.h.nrows());
        out.push_str(&format!("dot on s_{} itself: {why}.\n", t - 1));
        out.push_str(&format!(
            "  So dot and scaled score q = W_q s_{} (W_q: {two_n} × {n}), and dot on q is general with \
             W = W_qᵀ: max |difference| = {}\n",
            t - 1,
            sci(c.general_gap)
        ));
    }
    out.push_str(&format!(
        "concat with W = [W_a, U_a] and v = v_a is the additive score: max |difference| = {}\n",
        sci(c.concat_gap)
    ));
    out.push_str(&weights_note(&c.weights));
    if c.real_corpus {
        out.push_str(
            "\nOn the real corpus only additive was trained: every other score is an untrained draw, before or not.",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::compare::compare;
    use crate::variants::default_setup as setup;

    #[test]
    fn the_projection_is_named_when_dot_is_refused() {
        let (w, vp) = setup();
        let text = render_compare(&w, &compare(&w, &vp, 1).unwrap());
        assert!(text.contains("W_q: 16 × 8"), "{text}");
        assert_eq!(text.matches("one length").count(), 1, "the mismatch is explained once:\n{text}");
    }
}
