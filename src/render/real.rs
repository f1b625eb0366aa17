//! The real-corpus experiment from its results JSON: the table of BLEU by
//! source length (every seed's mean, its lowest and highest, the copy
//! baseline), the terminal chart of the means, Figure 2 as SVG with each
//! bucket's spread over seeds drawn as a band, and greedy against beam.

use super::band_chart::{Axes, band_chart_svg};
use super::bottleneck::length_chart;
use super::report_table::{grouped_table, mean_range};
use crate::experiments::real::summary::{MODELS, RealSummary, RunSummary};
use crate::experiments::score::Score;
use crate::experiments::spread::{LengthSpread, Spread};
use crate::text::real as T;
use crate::text::reports as R;
use crate::walkthrough::{fmt_num, signed};

/// A bucket's cell: "mean (lowest–highest)", empty where no seed has it.
fn cell(sp: &LengthSpread, b: usize) -> String {
    sp.buckets.get(b).map_or(String::new(), |x| mean_range(x, 1))
}

/// Greedy against beam for `model`: BLEU by source length of greedy, K = 5
/// and K = 10, each the mean over seeds (lowest–highest).
pub fn beam_table(r: &RealSummary, model: &str) -> String {
    let widths = [1, 5, 10];
    let spreads: Vec<LengthSpread> = widths.iter().map(|&k| r.spread_at(model, k)).collect();
    let name = |k: usize| if k == 1 { "greedy".to_string() } else { format!("K={k}") };
    let header = std::iter::once("words".to_string()).chain(widths.iter().map(|&k| name(k))).collect();
    let mut rows: Vec<Vec<String>> = (r.labels().iter().enumerate())
        .take(spreads[0].buckets.len())
        .map(|(b, label)| std::iter::once(label.to_string()).chain(spreads.iter().map(|sp| cell(sp, b))).collect())
        .collect();
    rows.push(std::iter::once("all".to_string()).chain(spreads.iter().map(|sp| mean_range(&sp.overall, 1))).collect());
    format!("{model}:\n{}", grouped_table(header, rows))
}

/// A run's label: "RNNsearch 2014".
fn labelled(m: &RunSummary) -> String {
    format!("{} {}", m.model.name, m.seed)
}

/// Every run's beam: on how many test sentences K = 1 gave greedy's
/// translation, and K = 10 minus greedy over the test split.
pub fn beam_seeds(r: &RealSummary) -> String {
    let header = ["run", "K=1 is greedy", "BLEU K=10 − greedy"].map(String::from).to_vec();
    let rows = r
        .runs
        .iter()
        .map(|m| {
            let agree = format!("{} of {}", m.beam.k1_equal, m.model.overall.sentences);
            vec![labelled(m), agree, m.beam_gain().map_or("–".into(), signed)]
        })
        .collect();
    grouped_table(header, rows) + "\n"
}

/// The words every run wrote over the test split with each decoder, and the
/// references' count: the beam's length bias, measured.
pub fn beam_words(r: &RealSummary) -> String {
    let header = ["run", "greedy", "K=5", "K=10"].map(String::from).to_vec();
    let count = |m: &RunSummary, k: usize| m.words(k).map_or("–".into(), |n| n.to_string());
    let rows = r.runs.iter().map(|m| vec![labelled(m), count(m, 1), count(m, 5), count(m, 10)]).collect();
    let title = T::WORDS_TITLE.fill(&[("n", &r.reference_words)]);
    format!("{}\n{}\n", super::fit(&title), grouped_table(header, rows))
}

/// BLEU by source length: the copy baseline, then each model's mean over
/// seeds with its lowest and highest seed.
pub fn table(r: &RealSummary) -> String {
    let (s, e) = (r.spread_at("RNNsearch", 1), r.spread_at("RNNencdec", 1));
    let header = [T::COL_WORDS.get(), R::COL_SENTENCES.get(), T::COL_COPY.get(), "RNNsearch", "RNNencdec"]
        .map(String::from)
        .to_vec();
    let row = |label: &str, c: &Score, cells: [String; 2]| {
        let [search, encdec] = cells;
        vec![label.to_string(), c.sentences.to_string(), fmt_num(c.bleu, 1), search, encdec]
    };
    let copy = r.copy.0.iter().take(r.measured).take(s.buckets.len());
    let mut rows: Vec<Vec<String>> =
        copy.enumerate().map(|(b, c)| row(&c.label, c, [cell(&s, b), cell(&e, b)])).collect();
    rows.push(row(R::ALL_BUCKETS.get(), &r.copy.1, [mean_range(&s.overall, 1), mean_range(&e.overall, 1)]));
    grouped_table(header, rows)
}

/// Every run's overall BLEU and exact matches, one line each.
pub fn per_seed(r: &RealSummary) -> String {
    let mut out = String::new();
    for m in &r.runs {
        let s = &m.model;
        let how = if s.converged() { R::STOPPED_BY_RULE } else { R::ENDED_AT_CAP };
        out += &T::PER_SEED.fill(&[
            ("model", &s.name),
            ("seed", &m.seed),
            ("bleu", &fmt_num(s.overall.bleu, 2)),
            ("exact", &s.overall.exact),
            ("n", &s.overall.sentences),
            ("best", &s.best),
            ("checks", &s.checks.len().saturating_sub(1)),
            ("how", &how.get()),
        ]);
        out += "\n";
    }
    out
}

/// The terminal chart of the means and the copy baseline.
pub fn chart(r: &RealSummary) -> String {
    let score = |label: &str, bleu: f64| Score { label: label.to_string(), sentences: 0, bleu, exact: 0 };
    let labels = r.labels();
    let curve = |name: &str| -> Vec<Score> {
        labels.iter().zip(r.spread_at(name, 1).buckets).map(|(l, sp)| score(l, sp.mean)).collect()
    };
    let copy: Vec<Score> = r.copy.0.iter().take(r.measured).map(|b| score("", b.bleu)).collect();
    let (s, e) = (curve("RNNsearch"), curve("RNNencdec"));
    let all = score("all", 0.0);
    length_chart(
        &[("RNNsearch", &s, &all), ("RNNencdec", &e, &all), (T::COL_COPY.get(), &copy, &all)],
        &['s', 'e', 'c'],
    )
}

/// Figure 2 on real data: per model a line through the means and a band
/// from each bucket's lowest seed to its highest, the copy baseline beside
/// them; the experiments' chart, so its ticks are round and its labels apart.
pub fn figure_svg(r: &RealSummary) -> String {
    let (search, encdec) = (r.spread_at("RNNsearch", 1).buckets, r.spread_at("RNNencdec", 1).buckets);
    let n = search.len();
    let at = |per: &[Spread]| -> Vec<(f64, f64, f64, f64)> {
        per.iter().enumerate().map(|(b, p)| (b as f64, p.mean, p.min, p.max)).collect()
    };
    let copy_bleu = |b: usize| r.copy.0.get(b).map_or(0.0, |c| c.bleu);
    let copy = (0..n).map(|b| (b as f64, copy_bleu(b), copy_bleu(b), copy_bleu(b))).collect();
    let axes = Axes {
        x_title: "source sentence length (words)",
        y_title: "BLEU",
        x_range: (-0.5, n as f64 - 0.5),
        x_ticks: r.labels().iter().take(n).enumerate().map(|(b, l)| (b as f64, l.to_string())).collect(),
        y_top: None,
    };
    band_chart_svg(&[("RNNsearch", at(&search)), ("RNNencdec", at(&encdec)), ("copy the source", copy)], &axes)
}

/// Figure 3 on real data: RNNsearch's α (seed 2014, teacher-forced on the
/// reference) over each committed example, as (file in chapters/figures/, SVG).
pub fn example_figures(r: &RealSummary) -> Vec<(String, String)> {
    let words = |v: &[String]| -> Vec<String> { v.iter().cloned().chain(["<eos>".into()]).collect() };
    let seed = r.config.seeds.first().copied().unwrap_or(0);
    r.examples
        .iter()
        .enumerate()
        .filter_map(|(k, ex)| {
            let alpha = ex.alignment.as_ref()?;
            let (rows, cols) = (words(&ex.reference), words(&ex.source));
            if rows.len() != alpha.nrows() || cols.len() != alpha.ncols() {
                return None;
            }
            let title = format!("RNNsearch's α on test sentence {}, seed {seed}", ex.index);
            Some((
                format!("real-alignment-{}.svg", k + 1),
                super::svg::alpha_tooltip_heatmap_svg(alpha, &rows, &cols, &title),
            ))
        })
        .collect()
}

/// The committed example sentences: source, reference and both models'
/// translations (seed 2014), greedy and beam, then the corpus's notice.
pub fn examples_text(r: &RealSummary) -> String {
    let mut out = String::new();
    for (k, ex) in r.examples.iter().enumerate() {
        out += &format!("{}\n", T::EX_HEAD.fill(&[("k", &(k + 1)), ("index", &ex.index)]));
        out += &format!("{}\n", T::EX_SOURCE.fill(&[("words", &ex.source.join(" "))]));
        out += &format!("{}\n", T::EX_REFERENCE.fill(&[("words", &ex.reference.join(" "))]));
        for model in MODELS {
            let said = ex.said(model);
            let text = |t: Option<&String>| t.map_or(T::EX_NONE.get(), String::as_str).to_string();
            out += &format!("   {model}: {}\n", text(said.and_then(|s| s.greedy.as_ref())));
            out += &format!("   {model} K={}: {}\n", ex.k, text(said.and_then(|s| s.beam.as_ref())));
        }
    }
    out + &format!("\n{}\n", notice(r))
}

/// The corpus's notice as the results hold it, in the language spoken
/// when it is the notice this program writes.
pub fn notice(r: &RealSummary) -> String {
    if r.notice == crate::corpus::real::NOTICE { crate::text::corpus::NOTICE.get().into() } else { r.notice.clone() }
}
