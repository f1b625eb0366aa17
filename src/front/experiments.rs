//! Running an experiment at the terminal: the work on its own threads, an
//! indicatif bar on stderr (hidden when stderr is not a terminal) counting the
//! training pairs (and the test sentences decoded), Ctrl-C to stop; then the
//! report with its bars.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Flow;
use super::report::Outcome;
use super::report_body::{Body, Toy, toy_report, toy_rerun_report};
use crate::experiments::bars;
use crate::experiments::bottleneck::{BottleneckConfig, BottleneckResults, run, total_sentences};
use crate::experiments::results::{Summary, summary, text_files, to_json};
use crate::experiments::runner::RunError;
use crate::render::Style;
use crate::render::bottleneck::{render_example, render_seed_table, render_summary};
use crate::render::bottleneck_beam::{render_beam_seed, render_beam_summary};
use crate::repl::interrupted;
use crate::walkthrough::fmt_num;

/// How much work a bar counts: a number of units, and the unit's name.
pub type Total<'a> = (usize, &'a str);

/// Runs `work` while a bar shows how many of `total` units are done.
pub fn with_bar<R: Send>(total: Total, label: &str, work: impl FnOnce(&AtomicUsize) -> R + Send) -> (R, f64) {
    let done = AtomicUsize::new(0);
    let progress = crate::render::progress::Progress::new(total.0 as u64, total.1);
    let bar = progress.bar();
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
    drop(progress); // erased before anything else is printed
    match result {
        Ok(r) => (r, start.elapsed().as_secs_f64()),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// An experiment rerun from scratch with a bar over `total`; `Err` says why it stopped.
pub fn rerun_with<R: Send>(
    total: Total,
    label: &str,
    command: &str,
    work: impl FnOnce(&AtomicUsize) -> Result<R, RunError> + Send,
) -> Result<(R, f64), String> {
    match with_bar(total, label, work) {
        (Ok(r), secs) => Ok((r, secs)),
        (Err(RunError::Interrupted), _) => Err(crate::text::reports::RERUN_STOPPED.fill(&[("command", &command)])),
        (Err(RunError::NonFinite { model, pairs }), _) => {
            Err(crate::text::reports::DIVERGED.fill(&[("model", &model), ("pairs", &pairs)]))
        }
    }
}

/// The experiment rerun from scratch over `seeds`, with a bar; `Err` says why it stopped.
pub fn rerun(config: &BottleneckConfig, seeds: &[u64]) -> Result<(BottleneckResults, f64), String> {
    let label = crate::text::reports::BOTTLENECK_BAR.get();
    let total = (total_sentences(config, seeds), crate::text::reports::UNIT_SENTENCES.get());
    rerun_with(total, label, "bottleneck", |done| run(config, seeds, &interrupted, done))
}

/// The seeds `--seeds` names: `N` alone is the first N seeds (1 … N); else a
/// comma-separated list of seeds and ranges `a-b`, as in `6,7,8` or `6-10`.
pub fn parse_seeds(text: &str) -> Result<Vec<u64>, String> {
    use crate::text::cli as T;
    let bad = |why: &str| T::SEEDS_BAD.fill(&[("text", &format!("{text:?}")), ("why", &why)]);
    let number =
        |s: &str| s.trim().parse::<u64>().map_err(|_| bad(&T::NOT_WHOLE.fill(&[("word", &format!("{:?}", s.trim()))])));
    if !text.contains([',', '-']) {
        let n = number(text)?;
        return if (1..=100).contains(&n) { Ok((1..=n).collect()) } else { Err(bad(T::COUNT_RANGE.get())) };
    }
    let mut seeds = Vec::new();
    for item in text.split(',').filter(|i| !i.trim().is_empty()) {
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b || b - a >= 100 {
                    return Err(bad(&T::RANGE_UPWARDS.fill(&[("a", &a), ("b", &b)])));
                }
                seeds.extend(a..=b);
            }
            None => seeds.push(number(item)?),
        }
    }
    seeds.dedup();
    match seeds.len() {
        0 => Err(bad(T::NO_SEED.get())),
        1..=100 => Ok(seeds),
        _ => Err(bad(T::AT_MOST_100.get())),
    }
}

/// How the bottleneck's results are written and read.
const TOY: Toy<BottleneckResults, Summary> = Toy { name: "bottleneck", to_json, summary, text_files };

/// Every seed's table, the summary over seeds, the example, timings and
/// bars of a finished run; the second value is whether every bar was met.
pub fn report_text(r: &BottleneckResults, secs: f64) -> (String, bool) {
    toy_report(&TOY, r, |s| {
        let mut tables = String::new();
        for run in &s.runs {
            tables += &format!("{}\n{}\n", render_seed_table(s, run), render_beam_seed(s, run));
        }
        tables += &format!("{}\n{}\n", render_summary(s), render_beam_summary(s));
        if let Some(first) = s.runs.first() {
            tables += &format!("{}\n", render_example(s, first));
        }
        let mut bars = bars::bottleneck(s);
        bars.extend(bars::beam(s));
        Body { tables, timings: timings(r, secs), bars }
    })
}

/// The wall time of the whole run, then each model's training and beam decoding.
fn timings(r: &BottleneckResults, secs: f64) -> String {
    let (wall, train, beam) = (fmt_num(secs, 1), fmt_num(r.train_secs, 1), fmt_num(r.beam_secs, 1));
    let args: [(&str, &dyn crate::text::Arg); 5] = [
        ("secs", &wall),
        ("models", &(2 * r.runs.len())),
        ("seeds", &r.runs.len()),
        ("train", &train),
        ("beam", &beam),
    ];
    let mut out = format!("{}\n", crate::text::reports::WALL_TIME.fill(&args));
    for run in &r.runs {
        for m in &run.models {
            let pairs = m.checks.last().map_or(0, |c| c.pairs);
            let (secs, rate) = (fmt_num(m.train_secs, 1), fmt_num(pairs as f64 / m.train_secs.max(1e-9), 0));
            let args: [(&str, &dyn crate::text::Arg); 5] =
                [("seed", &run.seed), ("name", &m.name), ("secs", &secs), ("pairs", &pairs), ("rate", &rate)];
            out += &format!("  {}\n", crate::text::reports::MODEL_TIME.fill(&args));
        }
        for b in &run.beam {
            let secs = fmt_num(b.secs, 1);
            let args: [(&str, &dyn crate::text::Arg); 3] = [("seed", &run.seed), ("name", &b.name), ("secs", &secs)];
            out += &format!("  {}\n", crate::text::reports::BEAM_TIME.fill(&args));
        }
    }
    out
}

/// `bottleneck run`: the experiment again, its report, nothing written.
pub fn rerun_in_session(style: Style, out: &mut dyn Write) -> Flow {
    let c = BottleneckConfig::DEFAULT;
    show_rerun(rerun(&c, c.seeds), report_text, style, out)
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

/// `--bottleneck-report`: reruns everything at `seeds` (the committed seeds
/// when `None`), prints the report, writes the translations as text (into
/// the committed folder with BAHDANAU_BLESS=1).
pub fn bottleneck_report(seeds: Option<&[u64]>) -> Outcome {
    let c = BottleneckConfig::DEFAULT;
    toy_rerun_report(&TOY, || rerun(&c, seeds.unwrap_or(c.seeds)), report_text)
}
