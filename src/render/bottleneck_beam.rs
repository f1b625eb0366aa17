//! Greedy against beam search in the bottleneck experiment, as text: per
//! seed, BLEU by source length for greedy (K = 1), K = 5 and K = 10, both
//! models; over the seeds, each one's mean ± sd and range.

use super::fit;
use super::report_table::{grouped_table, mean_sd, range, seed_list};
use crate::experiments::beam::{NORM, WIDTHS};
use crate::experiments::results::{SeedSummary, Summary};
use crate::experiments::score::Score;
use crate::experiments::spread::{Spread, by_length};
use crate::text::reports as R;
use crate::walkthrough::{fmt_num, signed};

/// A decoder's name in a column header: "greedy" or "K=5".
fn decoder(k: usize) -> String {
    if k == 1 { R::GREEDY.get().into() } else { format!("K={k}") }
}

/// Of one model at one seed, for every decoder (greedy, then each width):
/// (K, buckets, overall).
fn decoders<'a>(run: &'a SeedSummary, name: &str) -> Vec<(usize, &'a [Score], &'a Score)> {
    let Some(m) = run.models.iter().find(|m| m.name == name) else { return Vec::new() };
    let mut out = vec![(1, &m.buckets[..], &m.overall)];
    if let Some(b) = run.beam.iter().find(|b| b.name == name) {
        out.extend(WIDTHS.iter().filter_map(|&k| b.width(k).map(|w| (k, &w.buckets[..], &w.overall))));
    }
    out
}

/// The bucket labels and "all", from the first model's greedy scores.
fn labels(run: &SeedSummary) -> Vec<String> {
    run.models.first().map_or(Vec::new(), |m| m.buckets.iter().chain([&m.overall]).map(|s| s.label.clone()).collect())
}

/// One seed's BLEU by length: greedy, K = 5 and K = 10 of every model.
pub fn render_beam_seed(s: &Summary, run: &SeedSummary) -> String {
    let mut header = vec![R::COL_SOURCE_WORDS.get().to_string()];
    let mut columns: Vec<Vec<f64>> = Vec::new();
    for name in s.names() {
        for (k, buckets, overall) in decoders(run, name) {
            header.push(format!("{name} {}", decoder(k)));
            columns.push(buckets.iter().chain([overall]).map(|x| x.bleu).collect());
        }
    }
    let rows = labels(run)
        .into_iter()
        .enumerate()
        .map(|(b, l)| {
            std::iter::once(l)
                .chain(columns.iter().map(|c| c.get(b).map_or(String::new(), |x| fmt_num(*x, 2))))
                .collect()
        })
        .collect();
    let agree: Vec<String> = s
        .names()
        .iter()
        .zip(&run.beam)
        .filter_map(|(name, b)| {
            let n = run.models.iter().find(|m| m.name == *name)?.overall.sentences;
            Some(R::K1_AGREES.fill(&[("name", name), ("equal", &b.k1_equal), ("n", &n)]))
        })
        .collect();
    format!(
        "{}\n{}\n{}\n",
        fit(&R::BEAM_SEED_HEAD.fill(&[("seed", &run.seed)])),
        grouped_table(header, rows),
        fit(&R::K1_GREEDY.fill(&[("models", &agree.join(crate::text::variants::LIST_SEP.get()))]))
    )
}

/// Over every seed, for each model: mean ± sd and range of BLEU by length,
/// greedy, K = 5 and K = 10 side by side.
pub fn render_beam_summary(s: &Summary) -> String {
    let Some(first) = s.runs.first() else { return format!("{}\n", R::NO_RESULTS_SEED.get()) };
    let (seeds, norm) = (seed_list(s.runs.iter().map(|r| r.seed)), NORM.name());
    let head = R::BEAM_SUMMARY_HEAD.fill(&[("n", &s.runs.len()), ("seeds", &seeds), ("norm", &norm)]);
    let mut out = fit(&format!("{head}\n"));
    for name in s.names() {
        let mut header = vec![R::COL_SOURCE_WORDS.get().to_string()];
        let mut spreads: Vec<Vec<Spread>> = Vec::new();
        for (i, (k, _, _)) in decoders(first, name).into_iter().enumerate() {
            let d = decoder(k);
            header.extend([R::COL_MEAN_SD.fill(&[("name", &d)]), R::COL_RANGE.fill(&[("name", &d)])]);
            let per_seed: Vec<(&[Score], &Score)> =
                s.runs.iter().filter_map(|r| decoders(r, name).get(i).map(|d| (d.1, d.2))).collect();
            spreads.push(by_length(&per_seed).all());
        }
        let rows = labels(first)
            .into_iter()
            .enumerate()
            .map(|(b, l)| {
                let cells = spreads
                    .iter()
                    .flat_map(|sp| sp.get(b).map_or([String::new(), String::new()], |x| [mean_sd(x, 1), range(x, 1)]));
                std::iter::once(l).chain(cells).collect()
            })
            .collect();
        out += &format!("\n{name}:\n{}\n", grouped_table(header, rows));
        out += &fit(&format!("{name}{}{}\n", crate::text::variants::LIST_SEP.get(), gains(s, name)));
    }
    out
}

/// Beam K = 10 minus greedy over the test split at every seed.
fn gains(s: &Summary, name: &str) -> String {
    let each: Vec<String> = s
        .runs
        .iter()
        .filter_map(|r| {
            let d = decoders(r, name);
            let (greedy, wide) = (d.first()?, d.iter().find(|x| x.0 == 10)?);
            Some(R::SEED_GAIN.fill(&[("seed", &r.seed), ("gain", &signed(wide.2.bleu - greedy.2.bleu))]))
        })
        .collect();
    R::GAINS.fill(&[("each", &each.join(crate::text::variants::LIST_SEP.get()))])
}
