//! The real experiment's `<unk>` replacement from its results JSON:
//! RNNsearch's greedy BLEU by source length, plain and with every `<unk>`
//! replaced through α, what each run replaced, and the sentences shown.

use serde_json::Value;

use super::fit;
use super::real::{range, spread, spread_replaced};
use super::report_table::grouped_table;
use crate::text::real as T;
use crate::text::reports as R;
use crate::walkthrough::{fmt_num, signed};

/// RNNsearch's greedy translations, plain and with every `<unk>` replaced
/// through α, by source length (mean over seeds, lowest–highest), then what
/// each run replaced.
pub fn unk_table(r: &Value) -> String {
    let (plain, fixed) = (spread(r, "RNNsearch"), spread_replaced(r));
    let header = [T::COL_WORDS, T::COL_PLAIN, T::COL_REPLACED, T::COL_GAIN].map(|t| t.get().to_string()).to_vec();
    let gain = |a: f64, b: f64| signed(b - a);
    let mut rows: Vec<Vec<String>> = (0..fixed.0.len().min(plain.0.len()))
        .map(|b| {
            let ((l, m, lo, hi), (_, m2, lo2, hi2)) = (&plain.0[b], &fixed.0[b]);
            vec![l.clone(), range((*m, *lo, *hi)), range((*m2, *lo2, *hi2)), gain(*m, *m2)]
        })
        .collect();
    rows.push(vec![R::ALL_BUCKETS.get().into(), range(plain.1), range(fixed.1), gain(plain.1.0, fixed.1.0)]);
    let mut out = grouped_table(header, rows) + "\n";
    for m in r["runs"].as_array().into_iter().flatten().filter(|m| m["unk_replaced"].is_object()) {
        let u = &m["unk_replaced"];
        let n = |k: &str| u[k].as_u64().unwrap_or(0);
        let line = T::UNK_SEED.fill(&[
            ("seed", &m["seed"].to_string()),
            ("written", &n("written")),
            ("filled", &n("filled")),
            ("right", &n("in_reference")),
        ]);
        out += &fit(&format!("{line}\n"));
    }
    out
}

/// The sentences the results keep to show the replacement: source, greedy's
/// words, the same with each `<unk>` replaced, the reference, and what
/// filled each `<unk>`.
pub fn unk_examples_text(r: &Value) -> String {
    let mut out = String::new();
    for (k, ex) in r["unk_examples"].as_array().into_iter().flatten().enumerate() {
        let s = |key: &str| ex[key].as_str().unwrap_or("").to_string();
        out += &format!("{}. test sentence {}\n   source: {}\n", k + 1, ex["index"], s("source"));
        out += &format!("   RNNsearch: {}\n   replaced: {}\n", s("plain"), s("replaced"));
        out += &format!("   reference: {}\n", s("reference"));
        for f in ex["fills"].as_array().into_iter().flatten() {
            let (t, j) = (f["t"].as_u64().unwrap_or(0) + 1, f["j"].as_u64().unwrap_or(0) + 1);
            let (word, alpha) = (f["word"].as_str().unwrap_or(""), fmt_num(f["alpha"].as_f64().unwrap_or(0.0), 2));
            let how = if f["copied"] == true { "copied" } else { "left as <unk>" };
            out += &format!("     word {t} <unk>: α peaks on source word {j}, \"{word}\" (α = {alpha}), {how}\n");
        }
    }
    out + &format!("\n{}\n", r["notice"].as_str().unwrap_or(""))
}
