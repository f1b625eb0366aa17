//! Diagnostics of an alignment A: entropy of every row against ln T_x,
//! coverage of every source word with flags, and the pattern's name.

use super::score_walk::{ScoreKind, score_walk};
use super::{VariantParams, rows_tensor};
use crate::corpus::toy::reference_for;
use crate::model::diagnostics::{Pattern, coverage, coverage_flags, entropy};
use crate::model::reordering::{agreement, argmax_path};
use crate::model::verdict::{EosPeak, content, content_rows};
use crate::model::{Mat, Vector};
use crate::render::render_tensor;
use crate::train::replay::{eos_line, pattern_name, verdict};
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
    Diagnosis { entropy: entropies, ln_tx: (a.ncols() as f64).ln(), flags, coverage: c, pattern: v.pattern, eos: v.eos }
}

/// The reference alignment of the walkthrough's sentences: known when the
/// target is the toy grammar's translation of the source.
pub fn walk_reference(w: &Walkthrough) -> Option<Vec<usize>> {
    reference_for(&w.scenario.source, &w.scenario.target)
}

/// The pattern of the words (the <eos> row apart), its name and meaning in
/// one line, then the <eos> row's line when there is one.
pub fn pattern_line(a: &Mat, src: &[String], tgt: &[String], reference: Option<&[usize]>) -> String {
    let v = verdict(a, tgt, reference);
    let eos = v.eos.map(|e| format!("\n{}", eos_line(&e, src))).unwrap_or_default();
    format!("{}{eos}", v.pattern.describe())
}

/// The criterion, the reference and the argmax path of the words (every row
/// but <eos>'s), as a learner checks them.
pub fn crossing_lines(a: &Mat, src: &[String], tgt: &[String], reference: Option<&[usize]>) -> String {
    let eos_row = tgt.iter().position(|w| w == EOS);
    let tgt: Vec<&String> = content_rows(tgt.len(), eos_row).into_iter().filter_map(|t| tgt.get(t)).collect();
    let (words, reference) = content(a, eos_row, reference);
    let (path, reference) = (argmax_path(&words), reference.as_deref());
    let arrows = |p: &[usize]| {
        p.iter().zip(&tgt).map(|(&i, t)| format!("{t}←{}", src.get(i).map_or("?", String::as_str))).collect::<Vec<_>>()
    };
    let ones = |p: &[usize]| p.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(" ");
    let mut out = format!("argmax path of the words: {}", arrows(&path).join(" "));
    match reference.and_then(|r| agreement(&path, r).map(|g| (r, g))) {
        Some((r, g)) => out.push_str(&format!(
            "\nreference alignment of the toy grammar: {}\n  as source positions (from 1): argmax path {}, reference {}; \
             {} of {} words agree\n",
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
    out + "A crossing is named only when the words' argmax path equals the reference alignment and that reference \
           reorders; the <eos> row only ends the sentence and is judged apart.\n"
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
    out.push_str(&format!("pattern of the words, every row but <eos>: {}\n", d.pattern.describe()));
    if let Some(e) = &d.eos {
        out.push_str(&format!("{}\n", eos_line(e, src)));
    }
    out
}

/// The walkthrough's alignment diagnosed, then the pattern under every score.
pub fn render_diagnose(w: &Walkthrough, vp: &VariantParams) -> String {
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let (a, reference) = (w.trace.alignment(), walk_reference(w));
    let mut out = String::from("diagnose: the walkthrough's alignment A (additive score)\n");
    out.push_str(&render_diagnosis(&diagnose(&a, src, tgt, reference.as_deref()), src, tgt));
    out.push_str(&crossing_lines(&a, src, tgt, reference.as_deref()));
    out.push_str("the same sentences aligned under every score (score KIND shows one):\n");
    out.push_str("  score     mean H / ln T_x  words' pattern  <eos> peaks at\n");
    for kind in ScoreKind::ALL {
        let d = diagnose(&score_walk(w, vp, kind).alignment(), src, tgt, reference.as_deref());
        let mean = d.entropy.mean() / d.ln_tx.max(f64::MIN_POSITIVE);
        let eos = d.eos.map_or("—".into(), |e| format!("{} (α {})", e.at + 1, fmt_num(e.weight, 4)));
        out.push_str(&format!(
            "  {:8}  {:>15}  {:14}  {eos}\n",
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
        assert_eq!(d.flags, vec![Some("over-translated?"), Some("under-translated?")]);
        assert_eq!(d.pattern, Pattern::Collapsed);
        let text = render_diagnosis(&d, &["a".into(), "b".into()], &xy);
        assert!(text.contains("\"b\": under-translated?") && text.contains("collapsed"), "{text}");
        let eos = diagnose(&a, &["a".into(), EOS.into()], &xy, None);
        assert_eq!(eos.flags, vec![Some("over-translated?"), None]);
    }

    #[test]
    fn the_words_are_judged_and_the_eos_row_is_shown_apart() {
        // "a b <eos>" → "y x <eos>": the words cross as the reference does, <eos> peaks on "a".
        let (src, tgt): (Vec<String>, Vec<String>) =
            (vec!["a".into(), "b".into(), EOS.into()], vec!["y".into(), "x".into(), EOS.into()]);
        let a = Mat::from_row_slice(3, 3, &[0.1, 0.8, 0.1, 0.7, 0.2, 0.1, 0.5, 0.1, 0.4]);
        let reference = [1, 0, 2];
        let d = diagnose(&a, &src, &tgt, Some(&reference));
        assert_eq!(d.pattern, Pattern::Crossing);
        assert_eq!(d.eos, Some(EosPeak { at: 0, weight: 0.5 }));
        let text = render_diagnosis(&d, &src, &tgt);
        assert!(text.contains("<eos> row, apart: peaks at 1 (a) with α 0.5000"), "{text}");
        let lines = crossing_lines(&a, &src, &tgt, Some(&reference));
        assert!(lines.contains("argmax path 2 1, reference 2 1; 2 of 2 words agree"), "{lines}");
    }
}
