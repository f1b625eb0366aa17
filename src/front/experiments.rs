//! Running an experiment at the terminal: the work on its own threads, an
//! indicatif bar on stderr (hidden when stderr is not a terminal) counting the
//! training pairs, Ctrl-C to stop; then the report with its bars.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::Flow;
use super::report::Outcome;
use crate::experiments::bottleneck::{Bar, BottleneckConfig, BottleneckResults, bars, run};
use crate::experiments::results::{self, summary, text_files, to_json};
use crate::experiments::runner::RunError;
use crate::render::Style;
use crate::render::bottleneck::{render_chart, render_example, render_table};
use crate::repl::interrupted;
use crate::walkthrough::fmt_num;

/// Runs `work` while a bar shows how many of `total` pairs are done.
pub fn with_bar<R: Send>(total: usize, label: &str, work: impl FnOnce(&AtomicUsize) -> R + Send) -> (R, f64) {
    let done = AtomicUsize::new(0);
    let bar = ProgressBar::new(total as u64);
    if let Ok(look) = ProgressStyle::with_template("{bar:30} {pos}/{len} training pairs · {elapsed} · {msg}") {
        bar.set_style(look);
    }
    bar.set_message(label.to_string());
    let start = Instant::now();
    super::set_busy(true);
    let result = std::thread::scope(|scope| {
        let job = scope.spawn(|| work(&done));
        while !job.is_finished() {
            bar.set_position(done.load(Ordering::Relaxed) as u64);
            std::thread::sleep(Duration::from_millis(100));
        }
        job.join()
    });
    super::set_busy(false);
    bar.finish_and_clear();
    match result {
        Ok(r) => (r, start.elapsed().as_secs_f64()),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

fn mark(ok: bool) -> &'static str {
    if ok { "PASS" } else { "FAIL" }
}

/// An experiment rerun from scratch with a bar over `total` pairs; `Err` says why it stopped.
pub fn rerun_with<R: Send>(
    total: usize,
    label: &str,
    command: &str,
    work: impl FnOnce(&AtomicUsize) -> Result<R, RunError> + Send,
) -> Result<(R, f64), String> {
    match with_bar(total, label, work) {
        (Ok(r), secs) => Ok((r, secs)),
        (Err(RunError::Interrupted), _) => {
            Err(format!("stopped by Ctrl-C: nothing was written; {command} shows the committed results"))
        }
        (Err(RunError::NonFinite { model, epoch }), _) => {
            Err(format!("{model} diverged at epoch {epoch} (a NaN or ∞); nothing was written"))
        }
    }
}

/// The experiment rerun from scratch, with a bar; `Err` says why it stopped.
pub fn rerun(config: &BottleneckConfig) -> Result<(BottleneckResults, f64), String> {
    let total = 2 * config.run.epochs * config.corpus.n_train;
    rerun_with(total, "RNNsearch and RNNencdec, one per core", "bottleneck", |done| run(config, &interrupted, done))
}

/// The committed results as built into this binary (file name, contents),
/// so a report never depends on the folder the binary was built in.
pub const COMMITTED: &[(&str, &str)] = &[
    ("bottleneck.json", include_str!("../experiments/results/bottleneck.json")),
    ("bottleneck-source.txt", include_str!("../experiments/results/bottleneck-source.txt")),
    ("bottleneck-reference.txt", include_str!("../experiments/results/bottleneck-reference.txt")),
    ("bottleneck-rnnsearch.txt", include_str!("../experiments/results/bottleneck-rnnsearch.txt")),
    ("bottleneck-rnnencdec.txt", include_str!("../experiments/results/bottleneck-rnnencdec.txt")),
    ("scores.json", include_str!("../experiments/results/scores.json")),
    ("scores-additive.txt", include_str!("../experiments/results/scores-additive.txt")),
    ("scores-dot.txt", include_str!("../experiments/results/scores-dot.txt")),
    ("scores-general.txt", include_str!("../experiments/results/scores-general.txt")),
    ("scores-scaled.txt", include_str!("../experiments/results/scores-scaled.txt")),
];

/// Whether a rerun's files (name, contents: the JSON and the translations)
/// equal the committed ones bit for bit, as built into this binary (after
/// BAHDANAU_BLESS=1, a rebuild compares with the new ones).
pub fn committed_bar(files: &[(String, String)], name: &str) -> Bar {
    let committed = |file: &str| COMMITTED.iter().find(|(n, _)| *n == file).map(|(_, text)| *text);
    Bar {
        met: files.iter().all(|(file, text)| committed(file) == Some(text.as_str())),
        text: format!(
            "the numbers equal the committed {}/{name}.json bit for bit, and the translations its text files",
            results::DIR
        ),
    }
}

/// The bars, one a line with PASS or FAIL; the second value is whether all were met.
pub fn bars_text(all: &[Bar]) -> (String, bool) {
    let mut out = String::from("\n");
    for b in all {
        out += &format!("[{}] {}\n", mark(b.met), b.text);
    }
    (out, all.iter().all(|b| b.met))
}

/// Table, chart, example, timings and bars of a finished run; the second
/// value is whether every bar was met.
pub fn report_text(r: &BottleneckResults, secs: f64) -> (String, bool) {
    let json = to_json(r);
    let Some(s) = summary(&json) else { return ("error: the results could not be read back\n".into(), false) };
    let mut out = format!("{}\n{}\n{}\n", render_table(&s), render_chart(&s), render_example(&s));
    out += &format!("wall time: {} s for both models, trained side by side on two threads\n", fmt_num(secs, 1));
    for m in &r.models {
        let pairs = r.config.run.epochs * r.config.corpus.n_train;
        out += &format!(
            "  {}: {} s of training, {} training pairs per second\n",
            m.name,
            fmt_num(m.train_secs, 1),
            fmt_num(pairs as f64 / m.train_secs.max(1e-9), 0)
        );
    }
    let mut all: Vec<Bar> = bars(&s);
    let mut files = vec![("bottleneck.json".to_string(), json)];
    files.extend(text_files(r));
    all.push(committed_bar(&files, "bottleneck"));
    let (text, met) = bars_text(&all);
    (out + &text, met)
}

/// `bottleneck run`: the experiment again, its report, nothing written.
pub fn rerun_in_session(style: Style, out: &mut dyn Write) -> Flow {
    show_rerun(rerun(&BottleneckConfig::DEFAULT), report_text, style, out)
}

/// An experiment rerun in the REPL: its report, or why it stopped; nothing written.
pub fn show_rerun<R>(
    rerun: Result<(R, f64), String>,
    report: fn(&R, f64) -> (String, bool),
    style: Style,
    out: &mut dyn Write,
) -> Flow {
    match rerun {
        Ok((r, secs)) => {
            let _ = write!(out, "{}", crate::render::fit(&report(&r, secs).0));
            Flow::Go
        }
        Err(e) => {
            let _ = writeln!(out, "{}", super::error_text(&e, style));
            if interrupted() { Flow::Interrupted } else { Flow::Go }
        }
    }
}

/// Writes `files` (name, contents) into `dir` as one set: all replaced, or none.
pub fn write_files(files: Vec<(String, String)>, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let files: Vec<(String, Vec<u8>)> = files.into_iter().map(|(name, text)| (name, text.into_bytes())).collect();
    crate::fsio::write_set(dir, &files)
}

/// Writes the results: the JSON and the text files into `dir`.
pub fn write_results(r: &BottleneckResults, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = vec![("bottleneck.json".to_string(), to_json(r))];
    files.extend(text_files(r));
    write_files(files, dir)
}

/// Where a report writes: the project folder's committed results with
/// BAHDANAU_BLESS=1, else its target/experiments (see `fsio::project`).
pub fn results_dir() -> Result<PathBuf, String> {
    let bless = crate::fsio::project::bless()?;
    let root = crate::fsio::project::project_root()?;
    Ok(if bless { root.join(results::DIR) } else { root.join("target/experiments") })
}

/// The report with the list of written files, or why they could not be written.
pub fn with_written(text: String, bars_met: bool, written: Result<Vec<PathBuf>, String>) -> Outcome {
    match written {
        Ok(files) => {
            let mut text = text + "\nwritten, one sentence a line in the test split's order (for any BLEU tool):\n";
            for f in files {
                text += &format!("  {}\n", crate::repl::visible::visible(&f.display().to_string()));
            }
            Outcome { text, bars_met, error: None }
        }
        Err(e) => Outcome { text, bars_met, error: Some(e) },
    }
}

/// `--bottleneck-report`: reruns everything, prints the report, writes the
/// translations as text (into the committed folder with BAHDANAU_BLESS=1).
pub fn bottleneck_report() -> Outcome {
    let dir = match results_dir() {
        Ok(dir) => dir,
        Err(e) => return Outcome::failed(e),
    };
    let (r, secs) = match rerun(&BottleneckConfig::DEFAULT) {
        Ok(done) => done,
        Err(e) => return Outcome::failed(e),
    };
    let (text, met) = report_text(&r, secs);
    with_written(text, met, write_results(&r, &dir))
}
