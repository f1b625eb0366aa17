//! `compare`: every score function's e_t and α_t at one t, and the two
//! identities between them.

use super::numbers::sci;
use super::weights::weights_note;
use crate::layout::{columns, width};
use crate::model::Vector;
use crate::render::table::render_tensor;
use crate::text::variants as T;
use crate::variants::compare::{Comparison, ScoreRow};
use crate::variants::rows_tensor;
use crate::walkthrough::Walkthrough;

/// The comparison as text: formulas, e_t and α_t tables, and the two identities.
pub fn render_compare(w: &Walkthrough, c: &Comparison) -> String {
    let (src, t) = (&w.scenario.source, c.t);
    let prev = t - 1;
    let how = if c.weights.trained {
        T::COMPARE_TRAINED.get().to_string()
    } else {
        T::COMPARE_BEFORE.fill(&[("prev", &prev)])
    };
    let head = T::COMPARE_HEAD.fill(&[("t", &t), ("word", &w.scenario.target[t - 1]), ("how", &how)]);
    let mut out = format!("{head}\n");
    let rows: Vec<Vec<String>> = c.rows.iter().map(|r| vec![format!("  {}", r.label), r.formula.to_string()]).collect();
    for line in columns(&rows, 2, width()) {
        out.push_str(&format!("{line}\n"));
    }
    let table = |pick: fn(&ScoreRow) -> &Vector| {
        let rows: Vec<(String, &Vector)> = c.rows.iter().map(|r| (r.label.clone(), pick(r))).collect();
        render_tensor(&rows_tensor(&rows, src))
    };
    out.push_str(&format!("{}\n{}\n", T::COMPARE_E.fill(&[("t", &t)]), table(|r| &r.e)));
    out.push_str(&format!("{}\n{}\n", T::COMPARE_ALPHA.fill(&[("t", &t)]), table(|r| &r.alpha)));
    if let Some(why) = &c.dot_refusal {
        // The refusal says why; one line then says what dot and scaled do instead.
        let (n, two_n) = (w.params.dims().n, w.trace.enc.h.nrows());
        out.push_str(&format!("{}\n", T::COMPARE_DOT_REFUSED.fill(&[("prev", &prev), ("why", why)])));
        let gap = sci(c.general_gap);
        let args: [(&str, &dyn crate::text::Arg); 4] = [("prev", &prev), ("two_n", &two_n), ("n", &n), ("gap", &gap)];
        out.push_str(&format!("{}\n", T::COMPARE_DOT_PROJECTED.fill(&args)));
    }
    out.push_str(&format!("{}\n", T::COMPARE_CONCAT.fill(&[("gap", &sci(c.concat_gap))])));
    out.push_str(&weights_note(&c.weights));
    if c.real_corpus {
        out.push_str(&format!("\n{}", T::COMPARE_REAL.get()));
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
