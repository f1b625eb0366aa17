//! `diagnose`: the walkthrough's alignment diagnosed (see [`super::diagnosis`]),
//! then the same sentences aligned under every score.

use super::diagnosis::{Crossing, Diagnosis, crossing, diagnose, walk_reference};
use super::score_walk::{ScoreKind, score_walk};
use super::{VariantParams, WeightsUsed};
use crate::model::diagnostics::Pattern;
use crate::model::verdict::EosPeak;
use crate::walkthrough::Walkthrough;

/// One score's alignment of the walkthrough's sentences, in brief.
#[derive(Clone, Debug, PartialEq)]
pub struct KindSummary {
    pub kind: ScoreKind,
    /// The mean of H(α_t) / ln T_x over the rows.
    pub mean_ratio: f64,
    pub pattern: Pattern,
    pub eos: Option<EosPeak>,
}

/// What `diagnose` shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagnoseView {
    /// The walkthrough's own alignment (the additive score).
    pub diagnosis: Diagnosis,
    pub crossing: Crossing,
    /// Every score, additive first.
    pub kinds: Vec<KindSummary>,
    pub weights: WeightsUsed,
}

/// The walkthrough's alignment diagnosed, and the pattern under every score.
pub fn diagnose_view(w: &Walkthrough, vp: &VariantParams) -> DiagnoseView {
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let (a, reference) = (w.trace.alignment(), walk_reference(w));
    let kinds = ScoreKind::ALL
        .into_iter()
        .map(|kind| {
            let d = diagnose(&score_walk(w, vp, kind).alignment(), src, tgt, reference.as_deref());
            let mean_ratio = d.entropy.mean() / d.ln_tx.max(f64::MIN_POSITIVE);
            KindSummary { kind, mean_ratio, pattern: d.pattern, eos: d.eos }
        })
        .collect();
    DiagnoseView {
        diagnosis: diagnose(&a, src, tgt, reference.as_deref()),
        crossing: crossing(&a, tgt, reference.as_deref()),
        kinds,
        weights: WeightsUsed::of(w, vp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::default_setup as setup;

    #[test]
    fn the_additive_row_is_the_walkthroughs_own_diagnosis() {
        let (w, vp) = setup();
        let v = diagnose_view(&w, &vp);
        assert_eq!(v.kinds.len(), ScoreKind::ALL.len());
        assert_eq!(
            (v.kinds[0].kind, v.kinds[0].pattern, v.kinds[0].eos),
            (ScoreKind::Additive, v.diagnosis.pattern, v.diagnosis.eos)
        );
        assert_eq!(v.crossing.path.len(), w.scenario.target.len() - 1, "every target word but <eos>");
    }
}
