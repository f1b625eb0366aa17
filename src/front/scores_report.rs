//! `--scores-report` and `scores run`: every score trained again with a bar,
//! then the tables, the chart, the sweep, the timings and the bars.

use std::io::Write;

use super::Flow;
use super::experiments::{bars_text, committed_bar, rerun_with, results_dir, show_rerun, with_written, write_files};
use super::report::Outcome;
use crate::experiments::scores::{KINDS, ScoresConfig, ScoresResults, bars, run, total_pairs};
use crate::experiments::scores_results::{summary, text_files, to_json};
use crate::render::Style;
use crate::render::scores::{render_alignment_table, render_chart, render_length_table, render_sweep};
use crate::repl::interrupted;
use crate::walkthrough::fmt_num;

/// The experiment rerun from scratch, with a bar; `Err` says why it stopped.
pub fn rerun(c: &ScoresConfig) -> Result<(ScoresResults, f64), String> {
    rerun_with(total_pairs(c), "four scores two at a time, then the √d_k sweep", "scores", |done| {
        run(c, &interrupted, done)
    })
}

/// Tables, chart, sweep, timings and bars of a finished run; the second
/// value is whether every bar was met.
pub fn report_text(r: &ScoresResults, secs: f64) -> (String, bool) {
    let json = to_json(r);
    let Some(s) = summary(&json) else { return ("error: the results could not be read back\n".into(), false) };
    let mut out = format!(
        "{}\n{}\n{}\n{}\n",
        render_length_table(&s),
        render_alignment_table(&s),
        render_chart(&s),
        render_sweep(&s)
    );
    let (train_secs, sweep_secs) = r.secs;
    out += &format!(
        "wall time: {} s in all; {} s for the {} scores (two at a time on two threads), {} s for the sweep\n",
        fmt_num(secs, 1),
        fmt_num(train_secs, 1),
        KINDS.len(),
        fmt_num(sweep_secs, 1)
    );
    let epochs = r.config.base.run.epochs as f64;
    for m in r.scores.iter().map(|s| &s.model) {
        out += &format!(
            "  {}: {} s of training and held-out checks, {} s per epoch\n",
            m.name,
            fmt_num(m.train_secs, 1),
            fmt_num(m.train_secs / epochs, 2)
        );
    }
    let mut all = bars(&s);
    let mut files = vec![("scores.json".to_string(), json)];
    files.extend(text_files(r));
    all.push(committed_bar(&files, "scores"));
    let (text, met) = bars_text(&all);
    (out + &text, met)
}

/// `scores run`: the experiment again, its report, nothing written.
pub fn rerun_in_session(style: Style, out: &mut dyn Write) -> Flow {
    show_rerun(rerun(&ScoresConfig::DEFAULT), report_text, style, out)
}

/// `--scores-report`: reruns everything, prints the report, writes the
/// results (into the committed folder with BAHDANAU_BLESS=1).
pub fn scores_report() -> Outcome {
    let dir = match results_dir() {
        Ok(dir) => dir,
        Err(e) => return Outcome::failed(e),
    };
    let (r, secs) = match rerun(&ScoresConfig::DEFAULT) {
        Ok(done) => done,
        Err(e) => return Outcome::failed(e),
    };
    let (text, met) = report_text(&r, secs);
    let mut files = vec![("scores.json".to_string(), to_json(&r))];
    files.extend(text_files(&r));
    with_written(text, met, write_files(files, &dir))
}
