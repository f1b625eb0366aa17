//! Running an experiment at the terminal: the work on its own threads, an
//! indicatif bar on stderr (hidden when stderr is not a terminal) counting the
//! training pairs, Ctrl-C to stop; then the report with its bars.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::Flow;
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

/// Whether a rerun's files (name, contents: the JSON and the translations)
/// equal the committed ones bit for bit. The files are read as they are now,
/// not the copy built into this binary, so a fresh BAHDANAU_BLESS=1 run
/// compares equal without a rebuild.
pub fn committed_bar(files: &[(String, String)], name: &str) -> Bar {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(results::DIR);
    let committed = |file: &str| crate::fsio::read_capped(&dir.join(file), 16 << 20).ok();
    Bar {
        met: files.iter().all(|(file, text)| committed(file).as_ref() == Some(text)),
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

/// Writes `contents` to `path` through a temporary file in the same folder.
fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    crate::fsio::write_atomic(path, contents.as_bytes()).map_err(std::io::Error::other)
}

/// Writes `files` (name, contents) into `dir`.
pub fn write_files(files: Vec<(String, String)>, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        write_atomic(&path, &text)?;
        written.push(path);
    }
    Ok(written)
}

/// Writes the results: the JSON and the text files into `dir`.
pub fn write_results(r: &BottleneckResults, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = vec![("bottleneck.json".to_string(), to_json(r))];
    files.extend(text_files(r));
    write_files(files, dir)
}

/// Where a report writes: the committed folder with BAHDANAU_BLESS=1, else target/experiments.
pub fn results_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BAHDANAU_BLESS").is_some() { root.join(results::DIR) } else { root.join("target/experiments") }
}

/// The list of written files, or why they could not be written.
pub fn written_text(written: std::io::Result<Vec<PathBuf>>, dir: &Path) -> String {
    match written {
        Ok(files) => {
            let mut text =
                "\nwritten, one sentence a line in the test split's order (for any BLEU tool):\n".to_string();
            for f in files {
                text += &format!("  {}\n", f.display());
            }
            text
        }
        Err(e) => format!("\nerror: could not write the results into {}: {e}\n", dir.display()),
    }
}

/// `--bottleneck-report`: reruns everything, prints the report, writes the
/// translations as text (into the committed folder with BAHDANAU_BLESS=1).
pub fn bottleneck_report() -> (String, bool) {
    let (r, secs) = match rerun(&BottleneckConfig::DEFAULT) {
        Ok(done) => done,
        Err(e) => return (format!("error: {e}\n"), false),
    };
    let (text, met) = report_text(&r, secs);
    let dir = results_dir();
    (text + &written_text(write_results(&r, &dir), &dir), met)
}
