//! `diagnose`: entropy, coverage and the pattern of the walkthrough's
//! alignment, the words' argmax path against the reference, and the pattern
//! under every score.

use super::weights::weights_note;
use crate::layout::{columns_of, pad};
use crate::model::verdict::Verdict;
use crate::render::pattern::{describe, eos_line, flag_text, pattern_name};
use crate::render::table::render_tensor;
use crate::text::variants as T;
use crate::variants::diagnose::DiagnoseView;
use crate::variants::diagnosis::{Crossing, Diagnosis, HIGH_SHARE, LOW_SHARE};
use crate::variants::rows_tensor;
use crate::walkthrough::{Walkthrough, fmt_num};

/// The pattern of the words (the <eos> row apart), its name and meaning in
/// one line, then the <eos> row's line when there is one.
pub fn pattern_line(v: &Verdict, src: &[String]) -> String {
    let eos = v.eos.map(|e| format!("\n{}", eos_line(&e, src))).unwrap_or_default();
    format!("{}{eos}", describe(v.pattern))
}

/// The criterion, the reference and the argmax path of the words (every row
/// but <eos>'s), as a learner checks them.
pub fn crossing_lines(c: &Crossing, src: &[String]) -> String {
    let arrows = |p: &[usize]| {
        p.iter()
            .zip(&c.words)
            .map(|(&i, t)| format!("{t}←{}", src.get(i).map_or("?", String::as_str)))
            .collect::<Vec<_>>()
    };
    let ones = |p: &[usize]| p.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(" ");
    let path = &c.path;
    let mut out = T::ARGMAX_PATH.fill(&[("arrows", &arrows(path).join(" "))]);
    match &c.reference {
        Some((r, g)) => {
            let (arrows, path, reference) = (arrows(r).join(" "), ones(path), ones(r));
            let args: [(&str, &dyn crate::text::Arg); 5] = [
                ("arrows", &arrows),
                ("path", &path),
                ("reference", &reference),
                ("matching", &g.matching),
                ("rows", &g.rows),
            ];
            out.push_str(&format!("\n{}\n", T::REFERENCE.fill(&args)));
        }
        None => out.push_str(&format!("{}\n", T::NO_REFERENCE.fill(&[("path", &ones(path))]))),
    }
    out + T::CROSSING_RULE.get() + "\n"
}

/// The diagnosis as text; `src` labels the columns of A and `tgt` its rows.
pub fn render_diagnosis(d: &Diagnosis, src: &[String], tgt: &[String]) -> String {
    let mut out = format!("{}\n", T::ENTROPY_HEAD.fill(&[("ln_tx", &fmt_num(d.ln_tx, 4))]));
    out.push_str(&render_tensor(&rows_tensor(
        &[("H(α_t)".to_string(), &d.entropy), ("H / ln T_x".to_string(), &d.ratio)],
        tgt,
    )));
    out.push('\n');
    let even = d.even;
    let (low, high) = (fmt_num(LOW_SHARE * even, 4), fmt_num(HIGH_SHARE * even, 4));
    let args: [(&str, &dyn crate::text::Arg); 3] = [("even", &fmt_num(even, 4)), ("low", &low), ("high", &high)];
    out.push_str(&format!("{}\n", T::COVERAGE_HEAD.fill(&args)));
    out.push_str(&render_tensor(&rows_tensor(&[("C_i".to_string(), &d.coverage)], src)));
    out.push('\n');
    for (word, flag) in src.iter().zip(&d.flags) {
        if let Some(f) = flag {
            out.push_str(&format!("{}\n", T::FLAGGED_WORD.fill(&[("word", word), ("flag", &flag_text(*f))])));
        }
    }
    if d.flags.iter().all(Option::is_none) {
        out.push_str(&format!("{}\n", T::NONE_FLAGGED.get()));
    }
    out.push_str(&format!("{}\n", T::WORDS_PATTERN.fill(&[("pattern", &describe(d.pattern))])));
    if let Some(e) = &d.eos {
        out.push_str(&format!("{}\n", eos_line(e, src)));
    }
    out
}

/// The walkthrough's alignment diagnosed, then the pattern under every score.
pub fn render_diagnose(w: &Walkthrough, v: &DiagnoseView) -> String {
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let mut out = format!("{}\n", T::DIAGNOSE_HEAD.get());
    out.push_str(&render_diagnosis(&v.diagnosis, src, tgt));
    out.push_str(&crossing_lines(&v.crossing, src));
    out.push_str(&format!("{}\n", T::EVERY_SCORE.get()));
    out.push_str(&format!(
        "  {}  {}{}  {}  {}\n",
        pad(T::COL_SCORE.get(), 8),
        " ".repeat(15usize.saturating_sub(columns_of(T::COL_MEAN_RATIO.get()))),
        T::COL_MEAN_RATIO.get(),
        pad(T::COL_PATTERN.get(), 14),
        T::COL_EOS.get()
    ));
    for k in &v.kinds {
        let eos = k.eos.map_or("—".into(), |e| format!("{} (α {})", e.at + 1, fmt_num(e.weight, 4)));
        out.push_str(&format!(
            "  {:8}  {:>15}  {}  {eos}\n",
            k.kind.name(),
            fmt_num(k.mean_ratio, 4),
            pad(pattern_name(k.pattern), 14)
        ));
    }
    out.push_str(&weights_note(&v.weights));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;
    use crate::model::verdict::EosPeak;
    use crate::variants::diagnosis::{crossing, crossing_fixture, diagnose};

    #[test]
    fn flags_and_the_pattern_are_named() {
        let a = Mat::from_row_slice(2, 2, &[0.9, 0.1, 0.95, 0.05]);
        let (src, xy): ([String; 2], [String; 2]) = (["a".into(), "b".into()], ["x".into(), "y".into()]);
        let text = render_diagnosis(&diagnose(&a, &src, &xy, None), &src, &xy);
        assert!(text.contains("\"b\": under-translated?") && text.contains("collapsed"), "{text}");
    }

    #[test]
    fn the_words_are_judged_and_the_eos_row_is_shown_apart() {
        let (src, tgt, a, reference) = crossing_fixture();
        let d = diagnose(&a, &src, &tgt, Some(&reference));
        assert_eq!(d.eos, Some(EosPeak { at: 0, weight: 0.5 }));
        let text = render_diagnosis(&d, &src, &tgt);
        assert!(text.contains("<eos> row, apart: peaks at 1 (a) with α 0.5000"), "{text}");
        let lines = crossing_lines(&crossing(&a, &tgt, Some(&reference)), &src);
        assert!(lines.contains("argmax path 2 1, reference 2 1; 2 of 2 words agree"), "{lines}");
    }
}
