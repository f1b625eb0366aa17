//! The scores experiment as text: BLEU by length for every score over every
//! seed and at one seed, when each alignment formed and how peaked it ended,
//! and the √d_k sweep over seeds; and the book's figures.

use super::band_chart::{Axes, Band, band_chart_svg};
use super::bottleneck::{Curve, SeedCurves, length_bands, length_chart, mean_curve};
use super::bottleneck::{budget_sentence, spread_table, training_line};
use super::fit;
use super::report_table::{grouped_table, grouped_table_keyed, mean_sd, range, seed_list};
use crate::experiments::score::Score;
use crate::experiments::scores::{FORMED, WATCH_EVERY};
use crate::experiments::scores_results::{ScoresSeed, ScoresSummary, committed};
use crate::experiments::spread::{Spread, wins};
use crate::experiments::sweep::SweepStats;
use crate::repl::ExperimentView;
use crate::text::reports as R;
use crate::walkthrough::fmt_num;

fn seed_curves(s: &ScoresSummary) -> Vec<SeedCurves<'_>> {
    s.names()
        .into_iter()
        .map(|n| (n, s.across(n).map(|m| (&m.model.buckets[..], &m.model.overall)).collect()))
        .collect()
}

/// One seed: BLEU and exact matches by length per score, and the alignment's story.
pub fn render_seed_tables(s: &ScoresSummary, run: &ScoresSeed) -> String {
    let cell = |b: &Score| {
        format!("{} ({} %)", fmt_num(b.bleu, 2), fmt_num(100.0 * b.exact as f64 / b.sentences.max(1) as f64, 0))
    };
    let rows_n = run.scores.first().map_or(0, |m| m.model.buckets.len());
    let rows = (0..=rows_n)
        .map(|b| {
            let pick = |m: &Score, all: &Score| if b < rows_n { m.clone() } else { all.clone() };
            let first =
                run.scores.first().map(|m| pick(m.model.buckets.get(b).unwrap_or(&m.model.overall), &m.model.overall));
            let mut row = vec![first.map_or(String::new(), |f| f.label)];
            row.extend(
                run.scores
                    .iter()
                    .map(|m| cell(&pick(m.model.buckets.get(b).unwrap_or(&m.model.overall), &m.model.overall))),
            );
            row
        })
        .collect();
    let mut header = vec![R::COL_SOURCE_WORDS.get().to_string()];
    header.extend(run.scores.iter().map(|m| m.model.name.clone()));
    let story = run
        .scores
        .iter()
        .map(|m| {
            vec![
                m.model.name.clone(),
                m.model.parameters.to_string(),
                R::OF.fill(&[("k", &m.model.best_pairs()), ("n", &m.model.pairs_run())]),
                m.formed_after.map_or(R::NEVER.get().to_string(), |p| p.to_string()),
                format!("{} %", fmt_num(100.0 * m.test_accuracy, 1)),
                fmt_num(m.test_entropy, 3),
            ]
        })
        .collect();
    let story_header =
        [R::COL_SCORE, R::COL_PARAMETERS, R::COL_KEPT_AT, R::COL_UNTIL_ALIGNED, R::COL_ALIGNED, R::COL_ENTROPY]
            .map(|t| t.get());
    let colon = crate::text::place::COLON.get();
    let ended: Vec<String> =
        run.scores.iter().map(|m| format!("{}{colon}{}", m.model.name, training_line(&m.model, &s.budget))).collect();
    format!(
        "{}\n{}\n{}\n{}\n",
        fit(&R::SCORES_SEED_HEAD.fill(&[("seed", &run.seed)])),
        grouped_table(header, rows),
        grouped_table(story_header.map(String::from).to_vec(), story),
        fit(&format!("{}{}", ended.join(R::CLAUSE_SEP.get()), crate::text::place::FULL_STOP.get()))
    )
}

/// How often each score is best overall, and on the longest bucket, over seeds.
fn ranking(s: &ScoresSummary) -> String {
    let names = s.names();
    let overall: Vec<Vec<f64>> =
        s.runs.iter().map(|r| r.scores.iter().map(|m| m.model.overall.bleu).collect()).collect();
    let longest: Vec<Vec<f64>> = s
        .runs
        .iter()
        .map(|r| r.scores.iter().map(|m| m.model.buckets.last().map_or(0.0, |b| b.bleu)).collect())
        .collect();
    let sep = crate::text::variants::LIST_SEP.get();
    let line = |w: Vec<usize>| names.iter().zip(w).map(|(n, k)| format!("{n} {k}")).collect::<Vec<_>>().join(sep);
    let (overall, longest) = (line(wins(&overall)), line(wins(&longest)));
    R::RANKING.fill(&[("n", &s.runs.len()), ("overall", &overall), ("longest", &longest)])
}

/// The summary over seeds: BLEU by length (mean ± sd, range), the chart of
/// the means, the alignment's story as means, and the ranking's counts.
pub fn render_summary(s: &ScoresSummary) -> String {
    let curves = seed_curves(s);
    let means: Vec<(Vec<Score>, Score)> = curves.iter().map(mean_curve).collect();
    let chart: Vec<Curve> = curves.iter().zip(&means).map(|(c, m)| (c.0, &m.0[..], &m.1)).collect();
    let spread = |xs: Vec<f64>, d: usize| mean_sd(&Spread::of(&xs), d);
    let story = s
        .names()
        .into_iter()
        .map(|name| {
            let runs: Vec<_> = s.across(name).collect();
            let converged = runs.iter().filter(|m| m.model.converged()).count();
            let formed: Vec<f64> = runs.iter().filter_map(|m| m.formed_after.map(|p| p as f64)).collect();
            vec![
                name.to_string(),
                seed_list(runs.iter().map(|m| m.model.pairs_run() as u64)),
                R::OF.fill(&[("k", &converged), ("n", &runs.len())]),
                if formed.len() == runs.len() { spread(formed, 0) } else { R::NOT_EVERY_SEED.get().into() },
                spread(runs.iter().map(|m| 100.0 * m.test_accuracy).collect(), 1),
                spread(runs.iter().map(|m| m.test_entropy).collect(), 2),
            ]
        })
        .collect();
    let header = [
        R::COL_SCORE,
        R::COL_PAIR_UPDATES,
        R::COL_STOPPED,
        R::COL_UNTIL_ALIGNED,
        R::COL_ALIGNED_PERCENT,
        R::COL_ENTROPY,
    ]
    .map(|t| t.get());
    let seeds = seed_list(s.runs.iter().map(|r| r.seed));
    let mut out = fit(&format!("{}\n", R::SUMMARY_HEAD.fill(&[("n", &s.runs.len()), ("seeds", &seeds)])));
    out += &format!("{}\n", spread_table(&curves));
    out += &length_chart(&chart, &['A', 'D', 'G', 'S']);
    out += &format!("\n{}\n", grouped_table(header.map(String::from).to_vec(), story));
    let (ranking, budget, points) = (ranking(s), budget_sentence(&s.budget, s.n_train), fmt_num(100.0 * FORMED, 0));
    let args: [(&str, &dyn crate::text::Arg); 4] =
        [("ranking", &ranking), ("budget", &budget), ("every", &WATCH_EVERY), ("points", &points)];
    out + &fit(&format!("{}\n", R::SCORES_NOTE.fill(&args)))
}

/// The rows of the sweep at every seed, by (d_k, kind) in the table's order.
fn sweep_rows(s: &ScoresSummary) -> Vec<(usize, &'static str, Vec<&crate::experiments::sweep::SweepRow>)> {
    let Some(first) = s.runs.first() else { return Vec::new() };
    first
        .sweep
        .iter()
        .map(|w| {
            let at =
                s.runs.iter().filter_map(|r| r.sweep.iter().find(|x| x.d_k == w.d_k && x.kind == w.kind)).collect();
            (w.d_k, w.kind.name(), at)
        })
        .collect()
}

/// The √d_k sweep over seeds: the means of each measurement, BLEU with its spread.
pub fn render_sweep(s: &ScoresSummary) -> String {
    let mean = |rows: &[&crate::experiments::sweep::SweepRow], f: &dyn Fn(&SweepStats) -> f64, init: bool| {
        Spread::of(&rows.iter().map(|w| f(if init { &w.init } else { &w.trained })).collect::<Vec<_>>()).mean
    };
    let rows = sweep_rows(s)
        .into_iter()
        .map(|(d_k, kind, at)| {
            let bleu = Spread::of(&at.iter().map(|w| w.bleu).collect::<Vec<_>>());
            vec![
                d_k.to_string(),
                kind.to_string(),
                fmt_num(mean(&at, &|x| x.spread, true), 2),
                fmt_num(mean(&at, &|x| x.entropy, true), 3),
                fmt_num(mean(&at, &|x| x.spread, false), 2),
                fmt_num(mean(&at, &|x| x.entropy, false), 3),
                fmt_num(mean(&at, &|x| x.jacobian, false), 3),
                mean_sd(&bleu, 1),
                range(&bleu, 1),
            ]
        })
        .collect();
    let header = ["d_k", "score", "init spread", "init H(α)", "spread", "H(α)", "‖J‖", "BLEU", "BLEU range"];
    let (pairs, epochs, probe) = s.sweep_budget;
    let d_ks: Vec<usize> = s.runs.first().map_or(Vec::new(), |r| r.sweep.iter().map(|w| w.d_k).collect());
    let mut d_ks = d_ks;
    d_ks.dedup();
    let beats: Vec<String> = d_ks
        .iter()
        .map(|&d| {
            let k = s
                .runs
                .iter()
                .filter(|r| {
                    let bleu =
                        |kind: &str| r.sweep.iter().find(|w| w.d_k == d && w.kind.name() == kind).map(|w| w.bleu);
                    matches!((bleu("scaled"), bleu("dot")), (Some(a), Some(b)) if a > b)
                })
                .count();
            format!("{d}: {k}")
        })
        .collect();
    format!(
        "{}\n{}\n{}\n",
        fit(&format!(
            "The √d_k sweep over {} seeds, projected queries W_q s_{{t-1}} and keys W_k h_i of length d_k; means, \
             BLEU with its spread:",
            s.runs.len()
        )),
        grouped_table_keyed(header.map(String::from).to_vec(), rows, 2),
        fit(&format!(
            "Measured teacher-forced on {probe} held-out pairs: the spread is the standard deviation of e_t over \
             the source, H(α) the entropy in nats, ‖J‖ the Frobenius norm of the softmax Jacobian diag(α) − ααᵀ; \
             \"init\" before training, the rest after {epochs} epochs on {pairs} pairs; BLEU on the same {probe} \
             pairs. Seeds at which scaled dot's BLEU is above dot's, by d_k: {}.",
            beats.join(", ")
        ))
    )
}

/// Per point index: (x, mean, min, max) over the seeds that have that point.
fn pointwise(curves: &[Vec<(f64, f64)>]) -> Vec<(f64, f64, f64, f64)> {
    let n = curves.iter().map(Vec::len).max().unwrap_or(0);
    (0..n)
        .filter_map(|i| {
            let here: Vec<(f64, f64)> = curves.iter().filter_map(|c| c.get(i).copied()).collect();
            let sp = Spread::of(&here.iter().map(|p| p.1).collect::<Vec<_>>());
            Some((here.first()?.0, sp.mean, sp.min, sp.max))
        })
        .collect()
}

/// The book's figures, drawn from results: (path from the crate's root, SVG).
pub fn figures(s: &ScoresSummary) -> Vec<(&'static str, String)> {
    let (bleu, bleu_axes) = length_bands(&seed_curves(s));
    let accuracy: Vec<Band> = s
        .names()
        .into_iter()
        .map(|n| {
            let per_seed: Vec<Vec<(f64, f64)>> = s
                .across(n)
                .map(|m| m.held_out_accuracy.iter().map(|&(k, a)| (k as f64 / 1000.0, 100.0 * a)).collect())
                .collect();
            (n, pointwise(&per_seed))
        })
        .collect();
    let seen = accuracy.iter().flat_map(|b| b.1.iter().map(|p| p.0)).fold(0.0, f64::max);
    let step = super::band_chart::round_step(seen);
    let accuracy_axes = Axes {
        x_title: "thousands of training pairs seen",
        y_title: "% of held-out nouns, adjectives aligned",
        x_range: (0.0, (seen / step).ceil() * step),
        x_ticks: (0..=(seen / step).ceil() as usize).map(|k| (k as f64 * step, fmt_num(k as f64 * step, 0))).collect(),
        y_top: Some(100.0),
    };
    let mut names: Vec<String> = Vec::new();
    let mut points: Vec<Vec<(f64, f64, f64, f64)>> = Vec::new();
    for (when, trained) in [("at init", false), ("trained", true)] {
        for kind in ["dot", "scaled"] {
            let rows: Vec<_> = sweep_rows(s).into_iter().filter(|r| r.1 == kind).collect();
            points.push(
                rows.iter()
                    .map(|(d_k, _, at)| {
                        let sp = Spread::of(
                            &at.iter()
                                .map(|w| if trained { w.trained.entropy } else { w.init.entropy })
                                .collect::<Vec<_>>(),
                        );
                        ((*d_k as f64).log2(), sp.mean, sp.min, sp.max)
                    })
                    .collect(),
            );
            names.push(format!("{kind}, {when}"));
        }
    }
    let entropy: Vec<Band> = names.iter().zip(points).map(|(n, p)| (n.as_str(), p)).collect();
    let d_ks: Vec<f64> = entropy.first().map_or(Vec::new(), |b| b.1.iter().map(|p| p.0).collect());
    let entropy_axes = Axes {
        x_title: "key length d_k (log scale)",
        y_title: "mean entropy of α in nats",
        x_range: (d_ks.first().map_or(0.0, |x| x - 0.5), d_ks.last().map_or(1.0, |x| x + 0.5)),
        x_ticks: d_ks.iter().map(|&x| (x, fmt_num(2f64.powf(x), 0))).collect(),
        y_top: None,
    };
    vec![
        ("chapters/figures/scores-bleu.svg", band_chart_svg(&bleu, &bleu_axes)),
        ("chapters/figures/scores-alignment.svg", band_chart_svg(&accuracy, &accuracy_axes)),
        ("chapters/figures/scores-sqrt-dk.svg", band_chart_svg(&entropy, &entropy_axes)),
    ]
}

/// What `scores`, `scores sweep` and `scores seed K` print, from the committed results.
pub fn render_view(view: ExperimentView) -> String {
    let Some(s) = committed() else {
        return format!("{}\n", R::UNREADABLE.fill(&[("flag", &"--scores-report")]));
    };
    let seeds = seed_list(s.runs.iter().map(|r| r.seed));
    let tail = R::SCORES_TAIL.get();
    match view {
        ExperimentView::Sweep => format!("{}\n{}\n", render_sweep(&s), fit(tail)),
        ExperimentView::Seed(k) => match s.seed(k) {
            Some(run) => render_seed_tables(&s, run),
            None => format!("{}\n", R::NO_SEED_K.fill(&[("k", &k), ("command", &"scores"), ("seeds", &seeds)])),
        },
        _ => format!(
            "{}\n{}\n{}\n",
            render_summary(&s),
            super::bottleneck::bars_lines(&crate::experiments::bars::scores(&s)),
            fit(&R::SCORES_VIEW_TAIL.fill(&[("tail", &tail), ("seeds", &seeds)]))
        ),
    }
}
