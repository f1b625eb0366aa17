//! The real-corpus experiment from its results JSON: the table of BLEU by
//! source length (every seed's mean, its lowest and highest, the copy
//! baseline), the terminal chart of the means, Figure 2 as SVG with each
//! bucket's spread over seeds drawn as a band, and greedy against beam.

use serde_json::Value;

use super::band_chart::{Axes, band_chart_svg};
use super::bottleneck::length_chart;
use super::report_table::grouped_table;
use crate::experiments::score::Score;
use crate::text::real as T;
use crate::text::reports as R;
use crate::walkthrough::fmt_num;

/// One model's BLEU per measured bucket over seeds: (label, mean, min, max),
/// then the same over the whole test split.
pub type Spread = (Vec<(String, f64, f64, f64)>, (f64, f64, f64));

fn stats(xs: &[f64]) -> (f64, f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len().max(1) as f64;
    let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (mean, min, max)
}

/// The spread of `model`'s greedy translations in the results `r`.
pub fn spread(r: &Value, model: &str) -> Spread {
    spread_at(r, model, 1)
}

/// A run's scores by one decoder: greedy (K = 1) or the beam of width `k`,
/// each an object with its `buckets` and `overall`.
fn decoded(run: &Value, k: usize) -> Option<&Value> {
    match k {
        1 => Some(run),
        _ => run["beam"]["widths"].as_array()?.iter().find(|w| w["k"] == k),
    }
}

/// The spread of `model` decoded with width `k` (1: greedy) over the seeds.
pub fn spread_at(r: &Value, model: &str, k: usize) -> Spread {
    spread_of(r, model, &|m| decoded(m, k))
}

/// The spread of RNNsearch's greedy translations with `<unk>` replaced through α.
pub fn spread_replaced(r: &Value) -> Spread {
    spread_of(r, "RNNsearch", &|m| m.get("unk_replaced").filter(|u| u.is_object()))
}

/// The spread over the seeds of the scores `pick` finds in each run of `model`.
fn spread_of(r: &Value, model: &str, pick: &dyn Fn(&Value) -> Option<&Value>) -> Spread {
    let measured = r["measured"].as_u64().unwrap_or(0) as usize;
    let runs: Vec<&Value> =
        r["runs"].as_array().into_iter().flatten().filter(|m| m["model"] == model).filter_map(pick).collect();
    let bleu = |m: &Value, b: usize| m["buckets"][b]["bleu"].as_f64().unwrap_or(0.0);
    let per = (0..measured)
        .map(|b| {
            let (mean, lo, hi) = stats(&runs.iter().map(|m| bleu(m, b)).collect::<Vec<_>>());
            (r["copy"]["buckets"][b]["label"].as_str().unwrap_or("").to_string(), mean, lo, hi)
        })
        .collect();
    (per, stats(&runs.iter().map(|m| m["overall"]["bleu"].as_f64().unwrap_or(0.0)).collect::<Vec<_>>()))
}

/// Beam K = 10 minus greedy over the whole test split, one run: None when
/// the run holds no K = 10.
pub fn beam_gain(run: &Value) -> Option<f64> {
    let bleu = |k| decoded(run, k).and_then(|d| d["overall"]["bleu"].as_f64());
    Some(bleu(10)? - bleu(1)?)
}

/// Greedy against beam for `model`: BLEU by source length of greedy, K = 5
/// and K = 10, each the mean over seeds (lowest–highest).
pub fn beam_table(r: &Value, model: &str) -> String {
    let widths = [1, 5, 10];
    let spreads: Vec<Spread> = widths.iter().map(|&k| spread_at(r, model, k)).collect();
    let name = |k: usize| if k == 1 { "greedy".to_string() } else { format!("K={k}") };
    let header = std::iter::once("words".to_string()).chain(widths.iter().map(|&k| name(k))).collect();
    let mut rows: Vec<Vec<String>> = (0..spreads[0].0.len())
        .map(|b| {
            let cell = |sp: &Spread| range((sp.0[b].1, sp.0[b].2, sp.0[b].3));
            std::iter::once(spreads[0].0[b].0.clone()).chain(spreads.iter().map(cell)).collect()
        })
        .collect();
    rows.push(std::iter::once("all".to_string()).chain(spreads.iter().map(|sp| range(sp.1))).collect());
    format!("{model}:\n{}", grouped_table(header, rows))
}

/// Every run of the results, labelled "RNNsearch 2014".
fn runs_labelled(r: &Value) -> impl Iterator<Item = (String, &Value)> {
    let runs = r["runs"].as_array().into_iter().flatten();
    runs.map(|m| (format!("{} {}", m["model"].as_str().unwrap_or(""), m["seed"]), m))
}

/// Every run's beam: on how many test sentences K = 1 gave greedy's
/// translation, and K = 10 minus greedy over the test split.
pub fn beam_seeds(r: &Value) -> String {
    let header = ["run", "K=1 is greedy", "BLEU K=10 − greedy"].map(String::from).to_vec();
    let rows = runs_labelled(r)
        .map(|(run, m)| {
            let agree = format!("{} of {}", m["beam"]["k1_equals_greedy"], m["overall"]["sentences"]);
            vec![run, agree, beam_gain(m).map_or("–".into(), crate::walkthrough::signed)]
        })
        .collect();
    grouped_table(header, rows) + "\n"
}

/// The words every run wrote over the test split with each decoder, and the
/// references' count: the beam's length bias, measured.
pub fn beam_words(r: &Value) -> String {
    let header = ["run", "greedy", "K=5", "K=10"].map(String::from).to_vec();
    let count = |v: &Value| v.as_u64().map_or("–".into(), |n| n.to_string());
    let rows = runs_labelled(r)
        .map(|(run, m)| vec![run, count(&m["words"]["1"]), count(&m["words"]["5"]), count(&m["words"]["10"])])
        .collect();
    let title = T::WORDS_TITLE.fill(&[("n", &count(&r["reference_words"]))]);
    format!("{}\n{}\n", super::fit(&title), grouped_table(header, rows))
}

/// "mean (lowest–highest)".
pub(super) fn range((mean, lo, hi): (f64, f64, f64)) -> String {
    format!("{} ({}–{})", fmt_num(mean, 1), fmt_num(lo, 1), fmt_num(hi, 1))
}

/// BLEU by source length: the copy baseline, then each model's mean over
/// seeds with its lowest and highest seed.
pub fn table(r: &Value) -> String {
    let (s, e) = (spread(r, "RNNsearch"), spread(r, "RNNencdec"));
    let copy = |b: &Value| fmt_num(b["bleu"].as_f64().unwrap_or(0.0), 1);
    let header = [T::COL_WORDS.get(), R::COL_SENTENCES.get(), T::COL_COPY.get(), "RNNsearch", "RNNencdec"]
        .map(String::from)
        .to_vec();
    let mut rows: Vec<Vec<String>> = (0..s.0.len())
        .map(|b| {
            let c = &r["copy"]["buckets"][b];
            let (_, m, lo, hi) = &s.0[b];
            let (_, m2, lo2, hi2) = &e.0[b];
            vec![s.0[b].0.clone(), c["sentences"].to_string(), copy(c), range((*m, *lo, *hi)), range((*m2, *lo2, *hi2))]
        })
        .collect();
    let all = &r["copy"]["overall"];
    rows.push(vec![R::ALL_BUCKETS.get().into(), all["sentences"].to_string(), copy(all), range(s.1), range(e.1)]);
    grouped_table(header, rows)
}

/// Every run's overall BLEU and exact matches, one line each.
pub fn per_seed(r: &Value) -> String {
    let mut out = String::new();
    for m in r["runs"].as_array().into_iter().flatten() {
        let how = if m["end"] == "plateau" { R::STOPPED_BY_RULE } else { R::ENDED_AT_CAP };
        out += &T::PER_SEED.fill(&[
            ("model", &m["model"].as_str().unwrap_or("")),
            ("seed", &m["seed"].to_string()),
            ("bleu", &fmt_num(m["overall"]["bleu"].as_f64().unwrap_or(0.0), 2)),
            ("exact", &m["overall"]["exact"].to_string()),
            ("n", &m["overall"]["sentences"].to_string()),
            ("best", &m["best_check"].to_string()),
            ("checks", &m["checks"].as_array().map_or(0, |c| c.len().saturating_sub(1))),
            ("how", &how.get()),
        ]);
        out += "\n";
    }
    out
}

/// The terminal chart of the means and the copy baseline.
pub fn chart(r: &Value) -> String {
    let score = |(label, bleu): (String, f64)| Score { label, sentences: 0, bleu, exact: 0 };
    let curve =
        |name: &str| -> Vec<Score> { spread(r, name).0.into_iter().map(|(l, m, _, _)| score((l, m))).collect() };
    let measured = r["measured"].as_u64().unwrap_or(0) as usize;
    let copy: Vec<Score> = (0..measured)
        .map(|b| score((String::new(), r["copy"]["buckets"][b]["bleu"].as_f64().unwrap_or(0.0))))
        .collect();
    let (s, e) = (curve("RNNsearch"), curve("RNNencdec"));
    let all = score(("all".into(), 0.0));
    length_chart(
        &[("RNNsearch", &s, &all), ("RNNencdec", &e, &all), (T::COL_COPY.get(), &copy, &all)],
        &['s', 'e', 'c'],
    )
}

/// Figure 2 on real data: per model a line through the means and a band
/// from each bucket's lowest seed to its highest, the copy baseline beside
/// them; the experiments' chart, so its ticks are round and its labels apart.
pub fn figure_svg(r: &Value) -> String {
    let (search, encdec) = (spread(r, "RNNsearch").0, spread(r, "RNNencdec").0);
    let n = search.len();
    let at = |per: &[(String, f64, f64, f64)]| -> Vec<(f64, f64, f64, f64)> {
        per.iter().enumerate().map(|(b, p)| (b as f64, p.1, p.2, p.3)).collect()
    };
    let copy_bleu = |b: usize| r["copy"]["buckets"][b]["bleu"].as_f64().unwrap_or(0.0);
    let copy = (0..n).map(|b| (b as f64, copy_bleu(b), copy_bleu(b), copy_bleu(b))).collect();
    let axes = Axes {
        x_title: "source sentence length (words)",
        y_title: "BLEU",
        x_range: (-0.5, n as f64 - 0.5),
        x_ticks: search.iter().enumerate().map(|(b, p)| (b as f64, p.0.clone())).collect(),
        y_top: None,
    };
    band_chart_svg(&[("RNNsearch", at(&search)), ("RNNencdec", at(&encdec)), ("copy the source", copy)], &axes)
}

/// Figure 3 on real data: RNNsearch's α (seed 2014, teacher-forced on the
/// reference) over each committed example, as (file in chapters/figures/, SVG).
pub fn example_figures(r: &Value) -> Vec<(String, String)> {
    let words = |v: &Value| -> Vec<String> {
        v.as_array().into_iter().flatten().filter_map(Value::as_str).map(String::from).chain(["<eos>".into()]).collect()
    };
    let seed = r["config"]["seeds"][0].as_u64().unwrap_or(0);
    r["examples"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(k, ex)| {
            let a = &ex["alignment"];
            let (t_y, t_x) = (a["shape"][0].as_u64()? as usize, a["shape"][1].as_u64()? as usize);
            let data: Vec<f64> = a["data"].as_array()?.iter().filter_map(Value::as_f64).collect();
            let (rows, cols) = (words(&ex["reference"]), words(&ex["source"]));
            if data.len() != t_y * t_x || rows.len() != t_y || cols.len() != t_x {
                return None;
            }
            // The data are α row by row: α_1, then α_2, …
            let alpha = crate::model::Mat::from_row_slice(t_y, t_x, &data);
            let title = format!("RNNsearch's α on test sentence {}, seed {seed}", ex["index"]);
            Some((
                format!("real-alignment-{}.svg", k + 1),
                super::svg::alpha_tooltip_heatmap_svg(&alpha, &rows, &cols, &title),
            ))
        })
        .collect()
}

/// The committed example sentences: source, reference and both models'
/// translations (seed 2014), greedy and beam, then the corpus's notice.
pub fn examples_text(r: &Value) -> String {
    let words = |v: &Value| v.as_array().into_iter().flatten().filter_map(Value::as_str).collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    for (k, ex) in r["examples"].as_array().into_iter().flatten().enumerate() {
        out += &format!("{}. test sentence {}\n", k + 1, ex["index"]);
        out += &format!("   source: {}\n   reference: {}\n", words(&ex["source"]), words(&ex["reference"]));
        for model in ["RNNsearch", "RNNencdec"] {
            out += &format!("   {model}: {}\n", ex[model].as_str().unwrap_or("(none)"));
            let k = &ex["beam"]["k"];
            out += &format!("   {model} K={k}: {}\n", ex["beam"][model].as_str().unwrap_or("(none)"));
        }
    }
    out + &format!("\n{}\n", r["notice"].as_str().unwrap_or(""))
}
