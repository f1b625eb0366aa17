//! The bottleneck experiment as text: BLEU by source length for both models
//! over every seed (mean ± sd and range) and at one seed, the mean curves as
//! a terminal chart, and one long sentence with both translations and
//! RNNsearch's alignment.

use super::fit;
use super::report_table::{grouped_table, mean_sd, range, seed_list};
use crate::corpus::graded::bucket_count;
use crate::experiments::json::ModelSummary;
use crate::experiments::results::{SeedSummary, Summary, committed};
use crate::experiments::runner::Budget;
use crate::experiments::score::Score;
use crate::experiments::spread::{Spread, by_length};
use crate::repl::ExperimentView;
use crate::text::reports as R;
use crate::walkthrough::fmt_num;

/// One model's scores by length bucket, and over the whole test split.
pub type Curve<'a> = (&'a str, &'a [Score], &'a Score);

/// Per model, its buckets and overall score at every seed.
pub type SeedCurves<'a> = (&'a str, Vec<(&'a [Score], &'a Score)>);

/// Per model: the spread over seeds of BLEU in every bucket, then overall.
pub fn curve_spreads(model: &SeedCurves) -> Vec<Spread> {
    by_length(&model.1).all()
}

/// BLEU by length over seeds: per model, mean ± sd and the range, in column
/// groups that fit the width.
pub fn spread_table(models: &[SeedCurves]) -> String {
    let labels: Vec<String> = models
        .first()
        .and_then(|m| m.1.first())
        .map_or(Vec::new(), |(b, o)| b.iter().chain([*o]).map(|s| s.label.clone()).collect());
    let mut header = vec![R::COL_SOURCE_WORDS.get().to_string()];
    let spreads: Vec<Vec<Spread>> = models.iter().map(curve_spreads).collect();
    for (name, _) in models {
        header.extend([R::COL_MEAN_SD.fill(&[("name", name)]), R::COL_RANGE.fill(&[("name", name)])]);
    }
    let rows = labels
        .iter()
        .enumerate()
        .map(|(b, label)| {
            let mut row = vec![label.clone()];
            for sp in &spreads {
                row.extend(sp.get(b).map_or([String::new(), String::new()], |x| [mean_sd(x, 1), range(x, 1)]));
            }
            row
        })
        .collect();
    grouped_table(header, rows)
}

/// Mean BLEU per bucket as scores, for the terminal chart of the means.
pub fn mean_curve(model: &SeedCurves) -> (Vec<Score>, Score) {
    let sp = curve_spreads(model);
    let first = model.1.first();
    let labels = first.map_or(Vec::new(), |(b, o)| b.iter().chain([*o]).cloned().collect::<Vec<_>>());
    let mut scores: Vec<Score> =
        labels.into_iter().zip(&sp).map(|(l, x)| Score { bleu: x.mean, exact: 0, ..l }).collect();
    let overall = scores.pop().unwrap_or(Score { label: "all".into(), sentences: 0, bleu: 0.0, exact: 0 });
    (scores, overall)
}

fn seed_curves(s: &Summary) -> Vec<SeedCurves<'_>> {
    s.names().into_iter().map(|n| (n, s.across(n).map(|m| (&m.buckets[..], &m.overall)).collect())).collect()
}

/// How a model ended at each seed: where its kept weights come from, how
/// long it trained, and whether the stopping rule or the cap ended it.
pub fn training_line(m: &ModelSummary, budget: &Budget) -> String {
    let how = if m.converged() { R::STOPPED_BY_RULE } else { R::ENDED_AT_CAP }.get();
    let args: [(&str, &dyn crate::text::Arg); 4] =
        [("best", &m.best_pairs()), ("run", &m.pairs_run()), ("how", &how), ("cap", &budget_cap(budget, m))];
    R::TRAINING_LINE.fill(&args)
}

fn budget_cap(budget: &Budget, m: &ModelSummary) -> String {
    match budget {
        Budget::Rule(r) => r.cap.to_string(),
        Budget::Epochs(n) => R::CAP_EPOCHS.fill(&[("n", n), ("pairs", &m.pairs_run())]),
    }
}

/// How every model of an experiment trains, in one sentence.
pub fn budget_sentence(budget: &Budget, n_train: usize) -> String {
    match budget {
        Budget::Rule(r) => {
            let (percent, nats) = (fmt_num(100.0 * r.min_improvement, 1), r.min_drop.to_string());
            let args: [(&str, &dyn crate::text::Arg); 8] = [
                ("n_train", &n_train),
                ("every", &r.check_every),
                ("checks", &(r.patience / 2).max(1)),
                ("percent", &percent),
                ("nats", &nats),
                ("halvings", &r.halvings),
                ("patience", &r.patience),
                ("cap", &r.cap),
            ];
            R::BUDGET_RULE.fill(&args)
        }
        Budget::Epochs(n) => R::BUDGET_EPOCHS.fill(&[("n_train", &n_train), ("n", n)]),
    }
}

/// The table over every seed, its chart of the means, and how training ended.
pub fn render_summary(s: &Summary) -> String {
    let curves = seed_curves(s);
    let means: Vec<(Vec<Score>, Score)> = curves.iter().map(mean_curve).collect();
    let chart: Vec<Curve> = curves.iter().zip(&means).map(|(c, m)| (c.0, &m.0[..], &m.1)).collect();
    let per_bucket =
        s.runs.first().and_then(|r| r.models.first()).and_then(|m| m.buckets.first()).map_or(0, |b| b.sentences);
    let seeds = seed_list(s.runs.iter().map(|r| r.seed));
    let head = R::SUMMARY_HEAD.fill(&[("n", &s.runs.len()), ("seeds", &seeds)]);
    let mut out = format!("{head}\n{}\n", spread_table(&curves));
    out = fit(&out);
    out += &length_chart(&chart, &['S', 'E']);
    let epochs: Vec<String> = curves
        .iter()
        .map(|(name, _)| {
            let runs: Vec<&ModelSummary> = s.across(name).collect();
            let converged = runs.iter().filter(|m| m.converged()).count();
            let run = seed_list(runs.iter().map(|m| m.pairs_run() as u64));
            let args: [(&str, &dyn crate::text::Arg); 4] =
                [("name", name), ("run", &run), ("converged", &converged), ("n", &runs.len())];
            R::MODEL_TRAINED.fill(&args)
        })
        .collect();
    let (budget, models) = (budget_sentence(&s.budget, s.n_train), epochs.join(R::CLAUSE_SEP.get()));
    let note = R::CHART_NOTE.fill(&[("per_bucket", &per_bucket), ("budget", &budget), ("models", &models)]);
    out + &fit(&format!("\n{note}\n"))
}

/// The per-length table: BLEU and exact matches of every model, then totals.
pub fn length_table(models: &[Curve]) -> String {
    let mut header = vec![R::COL_SOURCE_WORDS.get().to_string(), R::COL_SENTENCES.get().to_string()];
    for (name, _, _) in models {
        header.push(R::COL_BLEU.fill(&[("name", name)]));
        header.push(R::COL_EXACT.fill(&[("name", name)]));
    }
    let rows = models.first().map_or(0, |m| m.1.len());
    let mut lines = Vec::new();
    for b in 0..=rows {
        let pick = |m: &Curve| if b < rows { m.1[b].clone() } else { m.2.clone() };
        let first = models.first().map(pick);
        let mut row = vec![
            first.as_ref().map_or(String::new(), |f| f.label.clone()),
            first.as_ref().map_or(String::new(), |f| f.sentences.to_string()),
        ];
        for m in models {
            let sc = pick(m);
            row.push(fmt_num(sc.bleu, 2));
            row.push(format!("{} %", fmt_num(100.0 * sc.exact as f64 / sc.sentences.max(1) as f64, 0)));
        }
        lines.push(row);
    }
    grouped_table(header, lines)
}

fn curves(run: &SeedSummary) -> Vec<Curve<'_>> {
    run.models.iter().map(|m| (m.name.as_str(), &m.buckets[..], &m.overall)).collect()
}

/// One seed's per-length table of both models, then their sizes and training.
pub fn render_seed_table(s: &Summary, run: &SeedSummary) -> String {
    let sizes: Vec<String> = run
        .models
        .iter()
        .map(|m| {
            let training = training_line(m, &s.budget);
            R::MODEL_SIZE.fill(&[("name", &m.name), ("parameters", &m.parameters), ("training", &training)])
        })
        .collect();
    format!(
        "{}\n{}\n{}\n",
        fit(&R::SEED_HEAD.fill(&[("seed", &run.seed)])),
        length_table(&curves(run)),
        fit(&R::TRAINED_ON.fill(&[("n", &s.n_train), ("models", &sizes.join(R::CLAUSE_SEP.get()))]))
    )
}

/// BLEU against source length, every curve on one terminal chart (0 to 100);
/// `marks` gives each curve its letter.
pub fn length_chart(models: &[Curve], marks: &[char]) -> String {
    let cols = bucket_count();
    // Seven columns a bucket where the width allows, never fewer than six.
    let cell = (super::width().saturating_sub(6) / cols.max(1)).clamp(6, 7);
    let mut out = String::from("BLEU\n");
    for level in (0..=10).rev() {
        let mut line = format!("{:>4} ┤", level * 10);
        for b in 0..cols {
            let here: Vec<char> = models
                .iter()
                .zip(marks)
                .filter(|(m, _)| m.1.get(b).is_some_and(|sc| (sc.bleu / 10.0).round() as usize == level))
                .map(|(_, c)| *c)
                .collect();
            let mark = match here.as_slice() {
                [] => ' ',
                [one] => *one,
                _ => '*',
            };
            line += &format!("{:^cell$}", mark);
        }
        out += line.trim_end();
        out.push('\n');
    }
    out += &format!("     └{}\n      ", "─".repeat(cell * cols));
    for sc in models.first().map_or(&[][..], |m| m.1) {
        out += &format!("{:^cell$}", sc.label);
    }
    out = out.trim_end().to_string() + &format!("\n      {}\n", R::CHART_X.get());
    let legend: Vec<String> = models.iter().zip(marks).map(|(m, c)| format!("{c} {}", m.0)).collect();
    let several = if models.len() == 2 { R::LEGEND_BOTH } else { R::LEGEND_SEVERAL }.get();
    // One space between words, so that a narrow terminal re-flows the legend.
    let (sep, clause) = (crate::text::variants::LIST_SEP.get(), R::CLAUSE_SEP.get());
    out + &fit(&format!("      {}{clause}* {several}", legend.join(sep))) + "\n"
}

/// Where `hyp` first differs from `reference` (1-based), and which words it
/// drops and adds, counted as multisets.
pub fn differences(hyp: &str, reference: &str) -> (Option<usize>, Vec<String>, Vec<String>) {
    let (h, r): (Vec<&str>, Vec<&str>) = (hyp.split_whitespace().collect(), reference.split_whitespace().collect());
    let first = (0..h.len().max(r.len())).find(|&k| h.get(k) != r.get(k)).map(|k| k + 1);
    let minus = |a: &[&str], b: &[&str]| {
        let mut rest: Vec<&str> = b.to_vec();
        let mut out = Vec::new();
        for w in a {
            match rest.iter().position(|x| x == w) {
                Some(k) => {
                    rest.swap_remove(k);
                }
                None => out.push(w.to_string()),
            }
        }
        out
    };
    (first, minus(&r, &h), minus(&h, &r))
}

/// α as one shade a cell (· ░ ▒ ▓ █), rows the target words, columns the
/// source positions numbered from 1; the words are listed below.
pub fn render_compact_alignment(a: &crate::model::Mat, rows: &[String], cols: &[String]) -> String {
    let label = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let ruler: String = (1..=a.ncols())
        .map(|k| match (k % 10, k % 5) {
            (0, _) => char::from_digit((k / 10 % 10) as u32, 10).unwrap_or('?'),
            (_, 0) => '┆',
            _ => ' ',
        })
        .collect();
    let mut out = format!("{:label$}  {}\n", "", ruler.trim_end());
    for (t, r) in rows.iter().enumerate() {
        let cells: String = (0..a.ncols())
            .map(|i| ['·', '░', '▒', '▓', '█'][(a[(t, i)].clamp(0.0, 1.0) * 4.0).round() as usize])
            .collect();
        out += &format!("{r:>label$}  {cells}\n");
    }
    let numbered: Vec<String> = cols.iter().enumerate().map(|(i, w)| format!("{}:{w}", i + 1)).collect();
    out + &fit(&format!("{}\n{}", R::RULER.get(), numbered.join(" "))) + "\n"
}

/// `label` in a column of 11, then `text` wrapped to the width with the
/// continuation lines under its first word.
fn labelled(label: &str, text: &str) -> String {
    super::layout::hang(&format!("{} ", super::layout::pad(label, 10)), text, super::width()).join("\n") + "\n"
}

/// The example: the sentence, the reference, each model's translation with
/// what it got wrong, and RNNsearch's alignment.
pub fn render_example(s: &Summary, run: &SeedSummary) -> String {
    let ex = &s.example;
    let strip = |w: &[String]| w.iter().filter(|w| *w != "<eos>").cloned().collect::<Vec<_>>().join(" ");
    let (source, reference) = (strip(&ex.source), strip(&ex.reference));
    let args: [(&str, &dyn crate::text::Arg); 3] =
        [("words", &(ex.source.len() - 1)), ("index", &(ex.index + 1)), ("seed", &run.seed)];
    let mut out = fit(&format!("{}\n\n", R::EXAMPLE_HEAD.fill(&args)));
    let (l_source, l_reference) = (R::LABEL_SOURCE.get(), R::LABEL_REFERENCE.get());
    out += &format!("{}\n{}", labelled(l_source, &source), labelled(l_reference, &reference));
    for m in &run.models {
        let (first, dropped, added) = differences(&m.example, &reference);
        let verdict = match first {
            None => R::IDENTICAL.get().to_string(),
            Some(k) => {
                let words = |w: &[String]| if w.is_empty() { R::NONE.get().to_string() } else { w.join(" ") };
                let args: [(&str, &dyn crate::text::Arg); 5] = [
                    ("n", &m.example.split_whitespace().count()),
                    ("k", &k),
                    ("of", &reference.split_whitespace().count()),
                    ("missing", &words(&dropped)),
                    ("extra", &words(&added)),
                ];
                R::DIFFERS.fill(&args)
            }
        };
        let (open, close) = (crate::text::cli::OPEN.get().trim_start(), crate::text::cli::CLOSE.get());
        out += &format!("\n{}{}", labelled(&m.name, &m.example), labelled("", &format!("{open}{verdict}{close}")));
    }
    out += &fit(&format!("\n{}\n\n", R::EXAMPLE_ALPHA.get()));
    out += &render_compact_alignment(&run.alignment, &ex.reference, &ex.source);
    out
}

/// The middle of a bucket label "lo–hi", for a chart's x-axis.
pub fn mid(label: &str) -> f64 {
    let (lo, hi) = label.split_once('–').unwrap_or((label, label));
    (lo.parse::<f64>().unwrap_or(0.0) + hi.parse::<f64>().unwrap_or(0.0)) / 2.0
}

/// BLEU by length over seeds as bands, and the axes with a tick at every bucket.
pub fn length_bands<'a>(
    curves: &[SeedCurves<'a>],
) -> (Vec<super::band_chart::Band<'a>>, super::band_chart::Axes<'static>) {
    let labels: Vec<String> = curves
        .first()
        .and_then(|c| c.1.first())
        .map_or(Vec::new(), |(b, _)| b.iter().map(|s| s.label.clone()).collect());
    let bands = curves
        .iter()
        .map(|c| {
            let buckets: Vec<&[Score]> = c.1.iter().map(|x| x.0).collect();
            let sp = crate::experiments::spread::bucket_spreads(&buckets);
            (c.0, labels.iter().zip(sp).map(|(l, x)| (mid(l), x.mean, x.min, x.max)).collect())
        })
        .collect();
    let last = labels.last().map_or(50.0, |l| mid(l));
    let axes = super::band_chart::Axes {
        x_title: "source sentence length in words (bucket)",
        y_title: "BLEU-4 on the test split",
        x_range: (0.0, (last / 5.0).ceil() * 5.0 + 2.0),
        x_ticks: labels.iter().map(|l| (mid(l), l.clone())).collect(),
        y_top: Some(100.0),
    };
    (bands, axes)
}

/// The bars, one a line with PASS or FAIL, under a heading.
pub fn bars_lines(bars: &[crate::experiments::bars::Bar]) -> String {
    use crate::experiments::bars::Verdict;
    let line = |b: &crate::experiments::bars::Bar| {
        let tag = match b.verdict {
            Verdict::Met => R::PASS,
            Verdict::Failed => R::FAIL,
            Verdict::NotApplicable => R::NOT_APPLICABLE,
        }
        .get();
        let why = b.why.as_ref().map(|w| format!("\n  {}", R::WHY.fill(&[("why", w)]))).unwrap_or_default();
        format!("[{tag}] {}{why}", b.text)
    };
    let lines: Vec<String> = bars.iter().map(line).collect();
    let note = match bars.iter().any(|b| b.failed()) {
        true => format!("\n{}\n", R::FAIL_NOTE.get()),
        false => String::new(),
    };
    fit(&format!("{}\n{}\n{note}", R::BARS_HEAD.get(), lines.join("\n")))
}

/// The book's figures, drawn from results: (path from the crate's root, SVG).
pub fn figures(s: &Summary) -> Vec<(&'static str, String)> {
    let (bands, axes) = length_bands(&seed_curves(s));
    let mut out = vec![("chapters/figures/bottleneck-bleu.svg", super::band_chart::band_chart_svg(&bands, &axes))];
    if let Some(run) = s.runs.first() {
        let ex = &s.example;
        let title = format!("RNNsearch's alignment of a {}-word sentence, seed {}", ex.source.len() - 1, run.seed);
        out.push((
            "chapters/figures/bottleneck-alignment.svg",
            super::svg::compact_heatmap_svg(&run.alignment, &ex.reference, &ex.source, &title),
        ));
    }
    out
}

/// What `bottleneck`, `bottleneck example`, `bottleneck beam` and
/// `bottleneck seed K` print, from the committed results.
pub fn render_view(view: ExperimentView) -> String {
    let Some(s) = committed() else {
        return format!("{}\n", R::UNREADABLE.fill(&[("flag", &"--bottleneck-report")]));
    };
    let seeds = seed_list(s.runs.iter().map(|r| r.seed));
    let Some(first) = s.runs.first() else { return format!("{}\n", R::NO_SEED.get()) };
    match view {
        ExperimentView::Example => render_example(&s, first),
        ExperimentView::Beam => format!(
            "{}\n{}",
            super::bottleneck_beam::render_beam_summary(&s),
            bars_lines(&crate::experiments::bars::beam(&s))
        ),
        ExperimentView::Seed(k) => match s.seed(k) {
            Some(run) => {
                format!("{}\n{}", render_seed_table(&s, run), super::bottleneck_beam::render_beam_seed(&s, run))
            }
            None => format!("{}\n", R::NO_SEED_K.fill(&[("k", &k), ("command", &"bottleneck"), ("seeds", &seeds)])),
        },
        _ => format!(
            "{}\n{}\n{}",
            render_summary(&s),
            bars_lines(&crate::experiments::bars::bottleneck(&s)),
            fit(&format!("{}\n", R::BOTTLENECK_TAIL.fill(&[("seeds", &seeds), ("first", &first.seed)])))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_the_first_wrong_word_and_the_multisets() {
        let (first, dropped, added) = differences("la zone zone et", "la zone et le fonds");
        assert_eq!(first, Some(3));
        assert_eq!(dropped, ["le", "fonds"]);
        assert_eq!(added, ["zone"]);
        assert_eq!(differences("a b", "a b"), (None, vec![], vec![]));
    }

    #[test]
    fn compact_alignment_has_one_shade_per_cell() {
        let a = crate::model::Mat::from_row_slice(2, 3, &[1.0, 0.0, 0.0, 0.0, 0.5, 0.5]);
        let text = render_compact_alignment(&a, &["la".into(), "zone".into()], &["the".into(), "A".into(), "B".into()]);
        assert!(text.contains("  la  █··\n") && text.contains("zone  ·▒▒\n"), "{text}");
        assert!(text.contains("1:the 2:A 3:B"));
    }
}
