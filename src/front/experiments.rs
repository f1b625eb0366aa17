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

/// The experiment rerun from scratch, with a bar; `Err` says why it stopped.
pub fn rerun(config: &BottleneckConfig) -> Result<(BottleneckResults, f64), String> {
    let total = 2 * config.run.epochs * config.corpus.n_train;
    let (result, secs) =
        with_bar(total, "RNNsearch and RNNencdec, one per core", |done| run(config, &interrupted, done));
    match result {
        Ok(r) => Ok((r, secs)),
        Err(RunError::Interrupted) => {
            Err("stopped by Ctrl-C: nothing was written; bottleneck shows the committed results".into())
        }
        Err(RunError::NonFinite { model, epoch }) => {
            Err(format!("{model} diverged at epoch {epoch} (a NaN or ∞); nothing was written"))
        }
    }
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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(results::DIR);
    // The files as they are now (not the copy built into this binary), so a
    // fresh BAHDANAU_BLESS=1 run compares equal without a rebuild.
    let mut files = vec![("bottleneck.json".to_string(), json.clone())];
    files.extend(text_files(r));
    let committed = |name: &str| crate::fsio::read_capped(&dir.join(name), 16 << 20).ok();
    let same = files.iter().all(|(name, text)| committed(name).as_ref() == Some(text));
    all.push(Bar {
        met: same,
        text: format!(
            "the numbers equal the committed {}/bottleneck.json bit for bit, and the translations its text files",
            results::DIR
        ),
    });
    out.push('\n');
    let mut met = true;
    for b in &all {
        out += &format!("[{}] {}\n", mark(b.met), b.text);
        met &= b.met;
    }
    (out, met)
}

/// `bottleneck run`: the experiment again, its report, nothing written.
pub fn rerun_in_session(style: Style, out: &mut dyn Write) -> Flow {
    match rerun(&BottleneckConfig::DEFAULT) {
        Ok((r, secs)) => {
            let _ = write!(out, "{}", crate::render::fit(&report_text(&r, secs).0));
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

/// Writes the results: the JSON and the text files into `dir`.
pub fn write_results(r: &BottleneckResults, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut files = vec![("bottleneck.json".to_string(), to_json(r))];
    files.extend(text_files(r));
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        write_atomic(&path, &text)?;
        written.push(path);
    }
    Ok(written)
}

/// `--bottleneck-report`: reruns everything, prints the report, writes the
/// translations as text (into the committed folder with BAHDANAU_BLESS=1).
pub fn bottleneck_report() -> (String, bool) {
    let (r, secs) = match rerun(&BottleneckConfig::DEFAULT) {
        Ok(done) => done,
        Err(e) => return (format!("error: {e}\n"), false),
    };
    let (mut text, met) = report_text(&r, secs);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = if std::env::var_os("BAHDANAU_BLESS").is_some() {
        root.join(results::DIR)
    } else {
        root.join("target/experiments")
    };
    match write_results(&r, &dir) {
        Ok(files) => {
            text += "\nwritten, one sentence a line in the test split's order (for any BLEU tool):\n";
            for f in files {
                text += &format!("  {}\n", f.display());
            }
        }
        Err(e) => text += &format!("\nerror: could not write the results into {}: {e}\n", dir.display()),
    }
    (text, met)
}
