//! The real experiment's `<unk>` replacement from its results JSON:
//! RNNsearch's greedy BLEU by source length, plain and with every `<unk>`
//! replaced through α, what each run replaced, and the sentences shown.

use super::fit;
use super::report_table::{grouped_table, mean_range};
use crate::experiments::real::summary::RealSummary;
use crate::text::real as T;
use crate::text::reports as R;
use crate::walkthrough::{fmt_num, signed};

/// RNNsearch's greedy translations, plain and with every `<unk>` replaced
/// through α, by source length (mean over seeds, lowest–highest), then what
/// each run replaced.
pub fn unk_table(r: &RealSummary) -> String {
    let (plain, fixed) = (r.spread_at("RNNsearch", 1), r.spread_replaced());
    let header = [T::COL_WORDS, T::COL_PLAIN, T::COL_REPLACED, T::COL_GAIN].map(|t| t.get().to_string()).to_vec();
    let gain = |a: f64, b: f64| signed(b - a);
    let labels = r.labels();
    let mut rows: Vec<Vec<String>> = (plain.buckets.iter().zip(&fixed.buckets).zip(labels))
        .map(|((p, f), l)| vec![l.to_string(), mean_range(p, 1), mean_range(f, 1), gain(p.mean, f.mean)])
        .collect();
    let (p, f) = (&plain.overall, &fixed.overall);
    rows.push(vec![R::ALL_BUCKETS.get().into(), mean_range(p, 1), mean_range(f, 1), gain(p.mean, f.mean)]);
    let mut out = grouped_table(header, rows) + "\n";
    for (m, u) in r.runs.iter().filter_map(|m| Some((m, m.unk.as_ref()?))) {
        let line = T::UNK_SEED.fill(&[
            ("seed", &m.seed),
            ("written", &u.written),
            ("filled", &u.filled),
            ("right", &u.in_reference),
        ]);
        out += &fit(&format!("{line}\n"));
    }
    out
}

/// The sentences the results keep to show the replacement: source, greedy's
/// words, the same with each `<unk>` replaced, the reference, and what
/// filled each `<unk>`.
pub fn unk_examples_text(r: &RealSummary) -> String {
    let mut out = String::new();
    for (k, ex) in r.unk_examples.iter().enumerate() {
        out += &format!("{}\n", T::EX_HEAD.fill(&[("k", &(k + 1)), ("index", &ex.index)]));
        out += &format!("{}\n", T::EX_SOURCE.fill(&[("words", &ex.source)]));
        out += &format!("   RNNsearch: {}\n{}\n", ex.plain, T::EX_REPLACED.fill(&[("words", &ex.replaced)]));
        out += &format!("{}\n", T::EX_REFERENCE.fill(&[("words", &ex.reference)]));
        for f in &ex.fills {
            let (t, j) = (f.t + 1, f.j + 1);
            let (word, alpha) = (&f.word, fmt_num(f.alpha, 2));
            let how = if f.copied { T::EX_COPIED } else { T::EX_LEFT }.get();
            out += &T::EX_FILL.fill(&[("t", &t), ("j", &j), ("word", word), ("alpha", &alpha), ("how", &how)]);
            out += "\n";
        }
    }
    out + &format!("\n{}\n", super::real::notice(r))
}
