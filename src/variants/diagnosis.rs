//! Diagnostics of one alignment A: the entropy of every row against ln T_x,
//! the coverage of every source word with flags, the pattern's name, and
//! the argmax path of the words against the reference alignment.

use crate::corpus::toy::reference_for;
use crate::model::diagnostics::{CoverageFlag, Pattern, coverage, coverage_flags, entropy};
use crate::model::reordering::{Agreement, agreement, argmax_path};
use crate::model::verdict::{EosPeak, content, content_rows};
use crate::model::{Mat, Vector};
use crate::train::replay::verdict;
use crate::vocab::EOS;
use crate::walkthrough::Walkthrough;

/// Coverage below this share of the even split T_y / T_x is flagged as under-translation.
pub const LOW_SHARE: f64 = 0.5;
/// Coverage above this share of the even split is flagged as over-translation.
pub const HIGH_SHARE: f64 = 1.5;

/// What the diagnostics say about one alignment.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnosis {
    pub entropy: Vector,  // H(α_t), (T_y)
    pub ln_tx: f64,       // the entropy of a uniform row
    pub ratio: Vector,    // H(α_t) / ln T_x, (T_y)
    pub even: f64,        // the even split of coverage, T_y / T_x
    pub coverage: Vector, // C_i, (T_x)
    pub flags: Vec<Option<CoverageFlag>>,
    pub pattern: Pattern,     // of the content rows, every target word but <eos>
    pub eos: Option<EosPeak>, // the <eos> row, judged apart
}

/// Diagnoses A (rows α_t, the words of `tgt`; columns the words of `src`):
/// entropies, coverage with flags (never on the source's <eos>, which is no
/// word to translate), and the pattern of the rows but <eos>'s against
/// `reference`, the reference alignment if known.
pub fn diagnose(a: &Mat, src: &[String], tgt: &[String], reference: Option<&[usize]>) -> Diagnosis {
    let entropies = Vector::from_fn(a.nrows(), |t, _| entropy(&a.row(t).transpose()));
    let c = coverage(a);
    let even = a.nrows() as f64 / a.ncols().max(1) as f64; // T_y / T_x
    let mut flags = coverage_flags(&c, LOW_SHARE * even, HIGH_SHARE * even);
    for (flag, word) in flags.iter_mut().zip(src) {
        if word == EOS {
            *flag = None;
        }
    }
    let v = verdict(a, tgt, reference);
    let ln_tx = (a.ncols() as f64).ln();
    let ratio = &entropies / ln_tx.max(f64::MIN_POSITIVE);
    let even_words = tgt.len() as f64 / src.len().max(1) as f64;
    Diagnosis { entropy: entropies, ln_tx, ratio, even: even_words, flags, coverage: c, pattern: v.pattern, eos: v.eos }
}

/// The reference alignment of the walkthrough's sentences: known when the
/// target is the toy grammar's translation of the source.
pub fn walk_reference(w: &Walkthrough) -> Option<Vec<usize>> {
    reference_for(&w.scenario.source, &w.scenario.target)
}

/// The argmax path of the words (every row but <eos>'s) and, when there is
/// one, the reference alignment and how far the path agrees with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Crossing {
    /// The target words judged, in order (<eos> left out).
    pub words: Vec<String>,
    /// For each of them, the source position (0-based) α looks at most.
    pub path: Vec<usize>,
    /// The reference's source positions for the same words, and the agreement.
    pub reference: Option<(Vec<usize>, Agreement)>,
}

/// The words' argmax path of A against `reference`, as a learner checks it.
pub fn crossing(a: &Mat, tgt: &[String], reference: Option<&[usize]>) -> Crossing {
    let eos_row = tgt.iter().position(|w| w == EOS);
    let words = content_rows(tgt.len(), eos_row).into_iter().filter_map(|t| tgt.get(t).cloned()).collect();
    let (rows, reference) = content(a, eos_row, reference);
    let path = argmax_path(&rows);
    let reference = reference.and_then(|r| agreement(&path, &r).map(|g| (r, g)));
    Crossing { words, path, reference }
}

/// "a b <eos>" → "y x <eos>": the words cross as the reference [1, 0, 2]
/// does, and the <eos> row peaks on "a" (for the unit tests).
#[cfg(test)]
pub(crate) fn crossing_fixture() -> (Vec<String>, Vec<String>, Mat, [usize; 3]) {
    let (src, tgt) = (vec!["a".into(), "b".into(), EOS.into()], vec!["y".into(), "x".into(), EOS.into()]);
    (src, tgt, Mat::from_row_slice(3, 3, &[0.1, 0.8, 0.1, 0.7, 0.2, 0.1, 0.5, 0.1, 0.4]), [1, 0, 2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walkthrough::Scenario;
    use approx::assert_relative_eq;

    #[test]
    fn diagnosis_of_the_walk_matches_its_alignment() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let a = w.trace.alignment();
        let d = diagnose(&a, &w.scenario.source, &w.scenario.target, walk_reference(&w).as_deref());
        assert_eq!(d.pattern, Pattern::Crossing);
        assert_relative_eq!(d.coverage.sum(), a.nrows() as f64, epsilon = 1e-12);
        assert!(d.entropy.iter().all(|&h| (0.0..=d.ln_tx + 1e-12).contains(&h)));
        assert_eq!(d.flags.len(), a.ncols());
    }

    #[test]
    fn flags_follow_the_even_split() {
        // Two target words, both on the first of two source words.
        let a = Mat::from_row_slice(2, 2, &[0.9, 0.1, 0.95, 0.05]);
        let xy: [String; 2] = ["x".into(), "y".into()];
        let d = diagnose(&a, &["a".into(), "b".into()], &xy, None);
        assert_eq!(d.flags, vec![Some(CoverageFlag::Over), Some(CoverageFlag::Under)]);
        assert_eq!(d.pattern, Pattern::Collapsed);
        let eos = diagnose(&a, &["a".into(), EOS.into()], &xy, None);
        assert_eq!(eos.flags, vec![Some(CoverageFlag::Over), None]);
    }

    #[test]
    fn the_words_are_judged_and_the_eos_row_is_apart() {
        let (src, tgt, a, reference) = crossing_fixture();
        let d = diagnose(&a, &src, &tgt, Some(&reference));
        assert_eq!(d.pattern, Pattern::Crossing);
        assert_eq!(d.eos, Some(EosPeak { at: 0, weight: 0.5 }));
        let c = crossing(&a, &tgt, Some(&reference));
        assert_eq!((c.words.len(), c.path.as_slice()), (2, &[1, 0][..]));
        let (r, g) = c.reference.unwrap();
        assert_eq!((r, g.matching, g.rows), (vec![1, 0], 2, 2));
    }
}
