//! Every score function on the same s_{t−1} and H, side by side.

use super::score_walk::{ScoreKind, kind_energies, score_walk};
use super::{VariantParams, WeightsUsed};
use crate::model::attention::softmax;
use crate::model::{Vector, scores};
use crate::walkthrough::Walkthrough;

/// One score's energies and weights at the compared position.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    pub label: String,
    pub formula: String,
    pub e: Vector,     // (T_x)
    pub alpha: Vector, // (T_x)
}

/// The comparison at one target position t.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub t: usize,
    pub rows: Vec<ScoreRow>,
    /// Why the plain dot product sᵀ h_i is refused, if it is.
    pub dot_refusal: Option<String>,
    /// max |concat with W = [W_a, U_a], v = v_a − additive|.
    pub concat_gap: f64,
    /// max |dot on W_q s − general with W = W_qᵀ|.
    pub general_gap: f64,
    /// Whether each row is its own trained model (false: the draws before training).
    pub weights: WeightsUsed,
    /// The walkthrough is on the real corpus, where only additive was trained.
    pub real_corpus: bool,
}

/// Compares the scores on the trace's s_{t−1} (t = 1 … T_y) and H.
pub fn compare(w: &Walkthrough, vp: &VariantParams, t: usize) -> Result<Comparison, String> {
    let t_y = w.trace.steps.len();
    if !(1..=t_y).contains(&t) {
        return Err(crate::text::variants::T_OUTSIDE.fill(&[("t", &t), ("t_y", &t_y)]));
    }
    let p = &w.params;
    let (s, h) = (&w.trace.steps[t - 1].s_prev, &w.trace.enc.h); // (n), (2n, T_x)
    // Trained: each score's own model at the same t; before training: all on the walkthrough's s and H.
    let energies = |kind: ScoreKind| match vp.trained.is_empty() {
        true => kind_energies(kind, p, vp, s, h),
        false => score_walk(w, vp, kind).steps[t - 1].e.clone(),
    };
    let row = |label: &str, formula: &str, e: Vector| ScoreRow {
        label: label.to_string(),
        formula: formula.to_string(),
        alpha: softmax(&e),
        e,
    };
    let additive = energies(ScoreKind::Additive);
    let stacked = scores::concat(&scores::concat_weight(&p.W_a, &p.U_a), &p.v_a, s, h);
    let dot = kind_energies(ScoreKind::Dot, p, vp, s, h);
    let dot_row = energies(ScoreKind::Dot);
    let general_as_dot = scores::general(&vp.W_q.transpose(), s, h);
    let rows = vec![
        row("additive", ScoreKind::Additive.formula(), additive.clone()),
        row("dot", ScoreKind::Dot.formula(), dot_row),
        row("general", ScoreKind::General.formula(), energies(ScoreKind::General)),
        row("concat", ScoreKind::Concat.formula(), energies(ScoreKind::Concat)),
        row("concat [W_a,U_a]", "e_{t,i} = v_aᵀ tanh([W_a, U_a] [s_{t-1}; h_i])", stacked.clone()),
        row("scaled", ScoreKind::Scaled.formula(), energies(ScoreKind::Scaled)),
    ];
    Ok(Comparison {
        t,
        rows,
        dot_refusal: scores::dot(s, h).err(),
        concat_gap: (&stacked - &additive).amax(),
        general_gap: (&dot - &general_as_dot).amax(),
        weights: WeightsUsed::of(w, vp),
        real_corpus: w.scenario.corpus.is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::default_setup as setup;

    #[test]
    fn concat_with_stacked_weights_equals_additive_on_the_walk() {
        let (w, vp) = setup();
        for t in 1..=w.trace.steps.len() {
            let c = compare(&w, &vp, t).unwrap();
            assert!(c.concat_gap < 1e-12, "t = {t}: {}", c.concat_gap);
            assert!(c.general_gap < 1e-12, "t = {t}: {}", c.general_gap);
            assert!(c.rows[0].e == w.trace.steps[t - 1].e, "additive row is the walkthrough's e_t");
        }
    }

    #[test]
    fn dot_is_refused_on_unequal_sizes() {
        let (w, vp) = setup();
        let c = compare(&w, &vp, 1).unwrap();
        assert!(c.dot_refusal.as_deref().unwrap().contains("8 entries"));
        assert!(!c.weights.trained && !c.real_corpus);
    }

    #[test]
    fn t_out_of_range_is_an_error_with_the_next_command() {
        let (w, vp) = setup();
        assert!(compare(&w, &vp, 0).unwrap_err().contains("compare 1"));
        assert!(compare(&w, &vp, 6).unwrap_err().contains("1 … 5"));
    }
}
