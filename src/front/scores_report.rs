//! `--scores-report` and `scores run`: every score trained again with a bar,
//! then the tables, the chart, the sweep, the timings and the bars.

use std::io::Write;

use super::Flow;
use super::experiments::{rerun_with, show_rerun};
use super::report::Outcome;
use super::report_body::{Body, Toy, toy_report, toy_rerun_report};
use crate::experiments::bars;
use crate::experiments::scores::{KINDS, ScoresConfig, ScoresResults, run, total_pairs};
use crate::experiments::scores_results::{ScoresSummary, summary, text_files, to_json};
use crate::render::Style;
use crate::render::scores::{render_seed_tables, render_summary, render_sweep};
use crate::repl::interrupted;
use crate::walkthrough::fmt_num;

/// The experiment rerun from scratch, with a bar; `Err` says why it stopped.
pub fn rerun(c: &ScoresConfig, seeds: &[u64]) -> Result<(ScoresResults, f64), String> {
    rerun_with((total_pairs(c, seeds), "pairs"), "four scores at every seed, then the √d_k sweeps", "scores", |done| {
        run(c, seeds, &interrupted, done)
    })
}

/// How the scores' results are written and read.
const TOY: Toy<ScoresResults, ScoresSummary> = Toy { name: "scores", to_json, summary, text_files };

/// Tables, chart, sweep, timings and bars of a finished run; the second
/// value is whether every bar was met.
pub fn report_text(r: &ScoresResults, secs: f64) -> (String, bool) {
    toy_report(&TOY, r, |s| {
        let mut tables = String::new();
        for run in &s.runs {
            tables += &format!("{}\n", render_seed_tables(s, run));
        }
        tables += &format!("{}\n{}\n", render_summary(s), render_sweep(s));
        Body { tables, timings: timings(r, secs), bars: bars::scores(s) }
    })
}

/// The wall time of the whole run, then each score's training.
fn timings(r: &ScoresResults, secs: f64) -> String {
    let (train_secs, sweep_secs) = r.secs;
    let mut out = format!(
        "wall time: {} s in all; {} s for the {} scores at {} seeds (two at a time on two threads), {} s for the sweeps\n",
        fmt_num(secs, 1),
        fmt_num(train_secs, 1),
        KINDS.len(),
        r.runs.len(),
        fmt_num(sweep_secs, 1)
    );
    for run in &r.runs {
        for m in run.scores.iter().map(|s| &s.model) {
            let pairs = m.checks.last().map_or(0, |c| c.pairs);
            out += &format!(
                "  seed {} {}: {} s of training and held-out checks, {} pair-updates, {} pairs per second\n",
                run.seed,
                m.name,
                fmt_num(m.train_secs, 1),
                pairs,
                fmt_num(pairs as f64 / m.train_secs.max(1e-9), 0)
            );
        }
    }
    out
}

/// `scores run`: the experiment again, its report, nothing written.
pub fn rerun_in_session(style: Style, out: &mut dyn Write) -> Flow {
    let c = ScoresConfig::DEFAULT;
    show_rerun(rerun(&c, c.seeds), report_text, style, out)
}

/// `--scores-report`: reruns everything, prints the report, writes the
/// results (into the committed folder with BAHDANAU_BLESS=1).
pub fn scores_report(seeds: Option<&[u64]>) -> Outcome {
    let c = ScoresConfig::DEFAULT;
    toy_rerun_report(&TOY, || rerun(&c, seeds.unwrap_or(c.seeds)), report_text)
}
