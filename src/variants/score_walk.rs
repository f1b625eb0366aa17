//! A whole teacher-forced walkthrough whose energies come from another score
//! function; everything after e_t (softmax, context, decoder, output) is the
//! model's own code.

use super::diagnosis::walk_reference;
use super::{VariantParams, WeightsUsed};
use crate::decode::step::Encoded;
use crate::model::attention::{context, softmax};
use crate::model::decoder::decoder_step;
use crate::model::output::{deep_output, maxout, output_probs};
pub use crate::model::scores::ScoreKind;
use crate::model::verdict::Verdict;
use crate::model::{Mat, Params, Vector, scored, scores};
use crate::train::replay::verdict;
use crate::walkthrough::Walkthrough;

/// e_t of `kind` for the query `s_prev` against the annotations H.
pub fn kind_energies(kind: ScoreKind, p: &Params, vp: &VariantParams, s_prev: &Vector, h: &Mat) -> Vector {
    let q = || vp.dot_query(s_prev, h); // (2n)
    let dot_or_zero = |e: Result<Vector, String>| e.unwrap_or_else(|_| Vector::zeros(h.ncols()));
    match kind {
        ScoreKind::Additive => scores::additive(&p.W_a, &p.U_a, &p.v_a, s_prev, h),
        // dot_query gives q the length of h_i, so these never refuse.
        ScoreKind::Dot => dot_or_zero(scores::dot(&q(), h)),
        ScoreKind::Scaled => dot_or_zero(scores::scaled_dot(&q(), h)),
        ScoreKind::General => scores::general(&vp.W_g, s_prev, h),
        ScoreKind::Concat => scores::concat(&vp.W_c, &vp.v_c, s_prev, h),
    } // (T_x)
}

/// One target position of a walk with another score.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreStep {
    pub e: Vector,     // (T_x)
    pub alpha: Vector, // (T_x)
    pub s: Vector,     // s_t, (n)
    pub p: Vector,     // (K_y)
}

/// A teacher-forced walk on the walkthrough's sentences with `kind` as score.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreWalk {
    pub kind: ScoreKind,
    pub steps: Vec<ScoreStep>,
}

impl ScoreWalk {
    /// A: row t is α_t under this score.
    pub fn alignment(&self) -> Mat {
        Mat::from_fn(self.steps.len(), self.steps.first().map_or(0, |s| s.alpha.len()), |t, i| self.steps[t].alpha[i])
    }
}

/// Runs the decoder with `kind`'s energies: y_0 = <bos>, y_{t−1} the given
/// target. With trained weights, `kind`'s own trained model runs instead.
pub fn score_walk(w: &Walkthrough, vp: &VariantParams, kind: ScoreKind) -> ScoreWalk {
    let (p, tr) = (&w.params, &w.trace);
    if let Some(own) = vp.trained_for(kind, p) {
        let (_, steps) = scored::record(&own, &tr.source_ids, &tr.target_ids, tr.bos_id);
        let steps = steps.into_iter().map(|d| ScoreStep { e: d.e, alpha: d.alpha, s: d.gru.h, p: d.p }).collect();
        return ScoreWalk { kind, steps };
    }
    let enc: &Encoded = &tr.enc;
    let mut s_prev = enc.s_0.clone(); // (n)
    let mut steps = Vec::with_capacity(tr.target_ids.len());
    for t in 0..tr.target_ids.len() {
        let y_prev = if t == 0 { tr.bos_id } else { tr.target_ids[t - 1] };
        let e = kind_energies(kind, p, vp, &s_prev, &enc.h);
        let alpha = softmax(&e);
        let c = context(&enc.h, &alpha); // (2n)
        let y_emb = p.E_y.column(y_prev).into_owned(); // (m)
        let s = decoder_step(&p.dec, &p.dec_c, &y_emb, &s_prev, &c).h; // (n)
        let probs = output_probs(&p.W_o, &maxout(&deep_output(&p.U_o, &p.V_o, &p.C_o, &s, &y_emb, &c)));
        s_prev = s.clone();
        steps.push(ScoreStep { e, alpha, s, p: probs });
    }
    ScoreWalk { kind, steps }
}

/// `score KIND`: the walk under `kind` next to the additive one.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreWalkView {
    pub walk: ScoreWalk,
    /// The additive walk, the walkthrough's own.
    pub base: ScoreWalk,
    /// The probability each walk gives the correct word at each t: additive, then `kind`, (T_y) each.
    pub correct: [Vector; 2],
    /// The pattern of the walk's alignment, the <eos> row apart.
    pub verdict: Verdict,
    pub weights: WeightsUsed,
}

/// Both walks, the probability of the correct word under each, and the verdict on `kind`'s alignment.
pub fn score_walk_view(w: &Walkthrough, vp: &VariantParams, kind: ScoreKind) -> ScoreWalkView {
    let tgt = &w.scenario.target;
    let walk = score_walk(w, vp, kind);
    let base = score_walk(w, vp, ScoreKind::Additive);
    let correct = |s: &ScoreWalk| Vector::from_fn(tgt.len(), |t, _| s.steps[t].p[w.trace.target_ids[t]]);
    let verdict = verdict(&walk.alignment(), tgt, walk_reference(w).as_deref());
    ScoreWalkView { correct: [correct(&base), correct(&walk)], verdict, walk, base, weights: WeightsUsed::of(w, vp) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::default_setup as setup;
    use approx::assert_relative_eq;

    #[test]
    fn the_additive_walk_reproduces_the_trace() {
        let (w, vp) = setup();
        let walk = score_walk(&w, &vp, ScoreKind::Additive);
        assert_relative_eq!(walk.alignment(), w.trace.alignment(), epsilon = 1e-14);
        for (a, b) in walk.steps.iter().zip(&w.trace.steps) {
            assert_relative_eq!(a.p, b.p, epsilon = 1e-14);
        }
    }

    #[test]
    fn every_other_kind_changes_the_alignment_and_keeps_rows_summing_to_one() {
        let (w, vp) = setup();
        for kind in &ScoreKind::ALL[1..] {
            let a = score_walk(&w, &vp, *kind).alignment();
            assert!((&a - w.trace.alignment()).amax() > 1e-3, "{kind:?}");
            for t in 0..a.nrows() {
                assert_relative_eq!(a.row(t).sum(), 1.0, epsilon = 1e-12);
            }
        }
    }

    #[test]
    fn kinds_parse_by_name_and_unknown_ones_list_the_choices() {
        for k in ScoreKind::ALL {
            assert_eq!(ScoreKind::parse(k.name()), Ok(k));
        }
        let err = ScoreKind::parse("luong").unwrap_err();
        assert!(err.contains("\"luong\"") && err.contains("scaled"), "{err}");
    }
}
