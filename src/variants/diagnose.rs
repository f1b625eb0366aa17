//! Diagnostics of an alignment A: entropy of every row against ln T_x,
//! coverage of every source word with flags, and the pattern's name.

use super::score_walk::{ScoreKind, score_walk};
use super::{VariantParams, rows_tensor};
use crate::corpus::toy::reference_for;
use crate::model::diagnostics::{Pattern, coverage, coverage_flags, entropy, pattern};
use crate::model::reordering::{agreement, argmax_path};
use crate::model::{Mat, Vector};
use crate::render::render_tensor;
use crate::train::replay::pattern_name;
use crate::vocab::EOS;
use crate::walkthrough::{Walkthrough, fmt_num};

/// Coverage below this share of the even split T_y / T_x is flagged as under-translation.
pub const LOW_SHARE: f64 = 0.5;
/// Coverage above this share of the even split is flagged as over-translation.
pub const HIGH_SHARE: f64 = 1.5;

/// What the diagnostics say about one alignment.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnosis {
    pub entropy: Vector,  // H(α_t), (T_y)
    pub ln_tx: f64,       // the entropy of a uniform row
    pub coverage: Vector, // C_i, (T_x)
    pub flags: Vec<Option<&'static str>>,
    pub pattern: Pattern,
}

/// Diagnoses A (rows α_t, columns the words of `src`): entropies, coverage
/// with flags (never on the source's <eos>, which is no word to translate),
/// and the pattern against `reference`, the reference alignment if known.
pub fn diagnose(a: &Mat, src: &[String], reference: Option<&[usize]>) -> Diagnosis {
    let entropies = Vector::from_fn(a.nrows(), |t, _| entropy(&a.row(t).transpose()));
    let c = coverage(a);
    let even = a.nrows() as f64 / a.ncols().max(1) as f64; // T_y / T_x
    let mut flags = coverage_flags(&c, LOW_SHARE * even, HIGH_SHARE * even);
    for (flag, word) in flags.iter_mut().zip(src) {
        if word == EOS {
            *flag = None;
        }
    }
    Diagnosis { entropy: entropies, ln_tx: (a.ncols() as f64).ln(), flags, coverage: c, pattern: pattern(a, reference) }
}

/// The reference alignment of the walkthrough's sentences: known when the
/// target is the toy grammar's translation of the source.
pub fn walk_reference(w: &Walkthrough) -> Option<Vec<usize>> {
    reference_for(&w.scenario.source, &w.scenario.target)
}

/// The pattern's name and meaning in one line.
pub fn pattern_line(a: &Mat, reference: Option<&[usize]>) -> String {
    pattern(a, reference).describe().to_string()
}

/// The criterion, the reference and the argmax path, as a learner checks them.
pub fn crossing_lines(a: &Mat, src: &[String], tgt: &[String], reference: Option<&[usize]>) -> String {
    let path = argmax_path(a);
    let arrows = |p: &[usize]| {
        p.iter().zip(tgt).map(|(&i, t)| format!("{t}←{}", src.get(i).map_or("?", String::as_str))).collect::<Vec<_>>()
    };
    let ones = |p: &[usize]| p.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(" ");
    let mut out = format!("argmax path: {}", arrows(&path).join(" "));
    match reference.and_then(|r| agreement(&path, r).map(|g| (r, g))) {
        Some((r, g)) => out.push_str(&format!(
            "\nreference alignment of the toy grammar: {}\n  as source positions (from 1): argmax path {}, reference {}; \
             {} of {} rows agree\n",
            arrows(r).join(" "),
            ones(&path),
            ones(r),
            g.matching,
            g.rows
        )),
        None => out.push_str(&format!(
            " (positions {})\nno reference alignment: the target is not the toy grammar's translation of the \
             source, so no path is called a crossing\n",
            ones(&path)
        )),
    }
    out + "A crossing is named only when the argmax path equals the reference alignment and that reference reorders.\n"
}

/// The diagnosis as text; `src` labels the columns of A and `tgt` its rows.
pub fn render_diagnosis(d: &Diagnosis, src: &[String], tgt: &[String]) -> String {
    let ratio = &d.entropy / d.ln_tx.max(f64::MIN_POSITIVE);
    let mut out = format!(
        "entropy H(α_t) = −Σ_i α_{{t,i}} ln α_{{t,i}}, against ln T_x = {} (uniform row):\n",
        fmt_num(d.ln_tx, 4)
    );
    out.push_str(&render_tensor(&rows_tensor(
        &[("H(α_t)".to_string(), &d.entropy), ("H / ln T_x".to_string(), &ratio)],
        tgt,
    )));
    out.push('\n');
    let even = tgt.len() as f64 / src.len().max(1) as f64;
    out.push_str(&format!(
        "coverage C_i = Σ_t α_{{t,i}} (an even split gives T_y / T_x = {}; flagged below {} or above {}):\n",
        fmt_num(even, 4),
        fmt_num(LOW_SHARE * even, 4),
        fmt_num(HIGH_SHARE * even, 4)
    ));
    out.push_str(&render_tensor(&rows_tensor(&[("C_i".to_string(), &d.coverage)], src)));
    out.push('\n');
    for (word, flag) in src.iter().zip(&d.flags) {
        if let Some(f) = flag {
            out.push_str(&format!("  \"{word}\": {f}\n"));
        }
    }
    if d.flags.iter().all(Option::is_none) {
        out.push_str("  no source word is flagged\n");
    }
    out.push_str(&format!("pattern: {}\n", d.pattern.describe()));
    out
}

/// The walkthrough's alignment diagnosed, then the pattern under every score.
pub fn render_diagnose(w: &Walkthrough, vp: &VariantParams) -> String {
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let (a, reference) = (w.trace.alignment(), walk_reference(w));
    let mut out = String::from("diagnose: the walkthrough's alignment A (additive score)\n");
    out.push_str(&render_diagnosis(&diagnose(&a, src, reference.as_deref()), src, tgt));
    out.push_str(&crossing_lines(&a, src, tgt, reference.as_deref()));
    out.push_str("the same sentences aligned under every score (score KIND shows one):\n");
    for kind in ScoreKind::ALL {
        let d = diagnose(&score_walk(w, vp, kind).alignment(), src, reference.as_deref());
        let mean = d.entropy.mean() / d.ln_tx.max(f64::MIN_POSITIVE);
        out.push_str(&format!(
            "  {:8}  mean H / ln T_x = {}  {}\n",
            kind.name(),
            fmt_num(mean, 4),
            pattern_name(d.pattern)
        ));
    }
    out.push_str(&super::weights_note(w, !vp.trained.is_empty()));
    out
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
        let d = diagnose(&a, &w.scenario.source, walk_reference(&w).as_deref());
        assert_eq!(d.pattern, Pattern::Crossing);
        assert_relative_eq!(d.coverage.sum(), a.nrows() as f64, epsilon = 1e-12);
        assert!(d.entropy.iter().all(|&h| (0.0..=d.ln_tx + 1e-12).contains(&h)));
        assert_eq!(d.flags.len(), a.ncols());
    }

    #[test]
    fn flags_follow_the_even_split() {
        // Two target words, both on the first of two source words.
        let a = Mat::from_row_slice(2, 2, &[0.9, 0.1, 0.95, 0.05]);
        let d = diagnose(&a, &["a".into(), "b".into()], None);
        assert_eq!(d.flags, vec![Some("over-translated?"), Some("under-translated?")]);
        assert_eq!(d.pattern, Pattern::Collapsed);
        let text = render_diagnosis(&d, &["a".into(), "b".into()], &["x".into(), "y".into()]);
        assert!(text.contains("\"b\": under-translated?") && text.contains("collapsed"), "{text}");
        let eos = diagnose(&a, &["a".into(), EOS.into()], None);
        assert_eq!(eos.flags, vec![Some("over-translated?"), None]);
    }
}
