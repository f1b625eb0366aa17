//! Running an experiment at the terminal: the work on its own threads, an
//! indicatif bar on stderr (hidden when stderr is not a terminal) counting the
//! training pairs (and the test sentences decoded), Ctrl-C to stop; then the
//! report with its bars.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Flow;
use super::report::Outcome;
use crate::experiments::bars::{self, Bar, Verdict};
use crate::experiments::bottleneck::{BottleneckConfig, BottleneckResults, run, total_sentences};
use crate::experiments::results::{self, summary, text_files, to_json};
use crate::experiments::runner::RunError;
use crate::render::Style;
use crate::render::bottleneck::{render_example, render_seed_table, render_summary};
use crate::render::bottleneck_beam::{render_beam_seed, render_beam_summary};
use crate::render::report_table::seed_list;
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

/// The committed files named, as built into this binary.
macro_rules! committed_files {
    ($($name:literal),* $(,)?) => { &[$(($name, include_str!(concat!("../experiments/results/", $name)))),*] };
}

/// The committed results as built into this binary (file name, contents),
/// so a report never depends on the folder the binary was built in. A test
/// checks that this lists every committed seed's files.
pub const COMMITTED: &[(&str, &str)] = committed_files![
    "bottleneck.json",
    "bottleneck-source.txt",
    "bottleneck-reference.txt",
    "bottleneck-seed1-rnnsearch.txt",
    "bottleneck-seed1-rnnencdec.txt",
    "bottleneck-seed2-rnnsearch.txt",
    "bottleneck-seed2-rnnencdec.txt",
    "bottleneck-seed3-rnnsearch.txt",
    "bottleneck-seed3-rnnencdec.txt",
    "bottleneck-seed4-rnnsearch.txt",
    "bottleneck-seed4-rnnencdec.txt",
    "bottleneck-seed5-rnnsearch.txt",
    "bottleneck-seed5-rnnencdec.txt",
    "bottleneck-seed1-rnnsearch-beam10.txt",
    "bottleneck-seed1-rnnencdec-beam10.txt",
    "bottleneck-seed2-rnnsearch-beam10.txt",
    "bottleneck-seed2-rnnencdec-beam10.txt",
    "bottleneck-seed3-rnnsearch-beam10.txt",
    "bottleneck-seed3-rnnencdec-beam10.txt",
    "bottleneck-seed4-rnnsearch-beam10.txt",
    "bottleneck-seed4-rnnencdec-beam10.txt",
    "bottleneck-seed5-rnnsearch-beam10.txt",
    "bottleneck-seed5-rnnencdec-beam10.txt",
    "scores.json",
    "scores-seed1-additive.txt",
    "scores-seed1-dot.txt",
    "scores-seed1-general.txt",
    "scores-seed1-scaled.txt",
    "scores-seed2-additive.txt",
    "scores-seed2-dot.txt",
    "scores-seed2-general.txt",
    "scores-seed2-scaled.txt",
    "scores-seed3-additive.txt",
    "scores-seed3-dot.txt",
    "scores-seed3-general.txt",
    "scores-seed3-scaled.txt",
    "scores-seed4-additive.txt",
    "scores-seed4-dot.txt",
    "scores-seed4-general.txt",
    "scores-seed4-scaled.txt",
    "scores-seed5-additive.txt",
    "scores-seed5-dot.txt",
    "scores-seed5-general.txt",
    "scores-seed5-scaled.txt",
];

/// One seed of a run: its seed, its JSON run object, its files (name, contents).
pub type SeedFiles = (u64, serde_json::Value, Vec<(String, String)>);

/// Whether a rerun's files (name, contents: each seed's numbers and
/// translations) equal the committed ones bit for bit, seed by seed, as
/// built into this binary (after BAHDANAU_BLESS=1, a rebuild compares with
/// the new ones). `per_seed` holds (seed, that seed's JSON run, its files);
/// seeds the committed results do not hold are named, not judged, and so are
/// a run's fields and files that a results format before this one did not have.
pub fn committed_bar(per_seed: &[SeedFiles], name: &str) -> Bar {
    let read = |file: &str| COMMITTED.iter().find(|(n, _)| *n == file).map(|(_, text)| text.to_string());
    let doc: serde_json::Value =
        read(&format!("{name}.json")).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
    let committed_run = |k: u64| doc["runs"].as_array()?.iter().find(|r| r["seed"] == k).cloned();
    let (mut same, mut differ, mut absent, mut new) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (k, run, files) in per_seed {
        let Some(c) = committed_run(*k) else {
            absent.push(*k);
            continue;
        };
        let mut run = run.clone();
        if let (Some(fields), Some(held)) = (run.as_object_mut(), c.as_object()) {
            let missing: Vec<String> = fields.keys().filter(|f| !held.contains_key(*f)).cloned().collect();
            missing.iter().for_each(|f| drop(fields.remove(f)));
            new.extend(missing.into_iter().map(|f| format!("field {f}")));
        }
        let (held, unheld): (Vec<_>, Vec<_>) = files.iter().partition(|(f, _)| read(f).is_some());
        new.extend(unheld.into_iter().map(|(f, _)| f.clone()));
        match c == run && held.iter().all(|(f, text)| read(f).as_ref() == Some(text)) {
            true => same.push(*k),
            false => differ.push(*k),
        }
    }
    let list = |v: &[u64]| if v.is_empty() { "none".to_string() } else { seed_list(v.iter().copied()) };
    let mut text = format!(
        "every seed's numbers equal the committed {}/{name}.json bit for bit, and its translations the text files: \
         the same at seeds {}, different at seeds {}",
        results::DIR,
        list(&same),
        list(&differ)
    );
    if !absent.is_empty() {
        text += &format!(" (seeds {} are not committed, so not compared)", list(&absent));
    }
    if !new.is_empty() {
        new.sort();
        new.dedup();
        text += &format!(" (not committed, so not compared: {})", new.join(", "));
    }
    if same.is_empty() && differ.is_empty() {
        let text = format!(
            "every seed's numbers equal the committed {}/{name}.json bit for bit: not applicable, no committed seed \
             was run (seeds {} are not committed, so not compared)",
            results::DIR,
            list(&absent)
        );
        return Bar { verdict: Verdict::NotApplicable, text, why: None };
    }
    let why = (!differ.is_empty()).then(|| {
        format!("the rerun's numbers or translations differ from the committed ones at seeds {}", list(&differ))
    });
    Bar { why, ..Bar::judged(differ.is_empty(), text) }
}

/// Each seed's JSON run object from results written as JSON text.
pub fn runs_json(json: &str) -> Vec<(u64, serde_json::Value)> {
    let doc: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
    doc["runs"]
        .as_array()
        .map_or(Vec::new(), |runs| runs.iter().filter_map(|r| Some((r["seed"].as_u64()?, r.clone()))).collect())
}

/// (seed, JSON run, that seed's files) of results, for [`committed_bar`].
pub fn per_seed_files(json: &str, files: &[(String, String)]) -> Vec<SeedFiles> {
    runs_json(json)
        .into_iter()
        .map(|(k, run)| {
            let tag = format!("-seed{k}-");
            (k, run, files.iter().filter(|(f, _)| f.contains(&tag)).cloned().collect())
        })
        .collect()
}

/// The bars, one a line with PASS or FAIL; the second value is whether all were met.
pub fn bars_text(all: &[Bar]) -> (String, bool) {
    (format!("\n{}", crate::render::bottleneck::bars_lines(all)), !all.iter().any(Bar::failed))
}

/// Every seed's table, the summary over seeds, the example, timings and
/// bars of a finished run; the second value is whether every bar was met.
pub fn report_text(r: &BottleneckResults, secs: f64) -> (String, bool) {
    let json = to_json(r);
    let Some(s) = summary(&json) else {
        let e = crate::text::cli::ERROR.fill(&[("message", &crate::text::cli::RESULTS_UNREADABLE.get())]);
        return (format!("{e}\n"), false);
    };
    let mut out = String::new();
    for run in &s.runs {
        out += &format!("{}\n{}\n", render_seed_table(&s, run), render_beam_seed(&s, run));
    }
    out += &format!("{}\n{}\n", render_summary(&s), render_beam_summary(&s));
    if let Some(first) = s.runs.first() {
        out += &format!("{}\n", render_example(&s, first));
    }
    let (wall, train, beam) = (fmt_num(secs, 1), fmt_num(r.train_secs, 1), fmt_num(r.beam_secs, 1));
    let args: [(&str, &dyn crate::text::Arg); 5] = [
        ("secs", &wall),
        ("models", &(2 * r.runs.len())),
        ("seeds", &r.runs.len()),
        ("train", &train),
        ("beam", &beam),
    ];
    out += &format!("{}\n", crate::text::reports::WALL_TIME.fill(&args));
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
    let mut all: Vec<Bar> = bars::bottleneck(&s);
    all.extend(bars::beam(&s));
    all.push(committed_bar(&per_seed_files(&json, &text_files(r)), "bottleneck"));
    let (text, met) = bars_text(&all);
    (out + &text, met)
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
            let mut text = text + "\n" + &crate::render::fit(&format!("{}\n", crate::text::reports::WRITTEN.get()));
            for f in files {
                text += &format!("  {}\n", crate::repl::visible::visible(&f.display().to_string()));
            }
            Outcome { text, bars_met, error: None }
        }
        Err(e) => Outcome { text, bars_met, error: Some(e) },
    }
}

/// `--bottleneck-report`: reruns everything at `seeds` (the committed seeds
/// when `None`), prints the report, writes the translations as text (into
/// the committed folder with BAHDANAU_BLESS=1).
pub fn bottleneck_report(seeds: Option<&[u64]>) -> Outcome {
    let dir = match results_dir() {
        Ok(dir) => dir,
        Err(e) => return Outcome::failed(e),
    };
    let c = BottleneckConfig::DEFAULT;
    let (r, secs) = match rerun(&c, seeds.unwrap_or(c.seeds)) {
        Ok(done) => done,
        Err(e) => return Outcome::failed(e),
    };
    let (text, met) = report_text(&r, secs);
    with_written(text, met, write_results(&r, &dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed seed `k`'s run and files, as a rerun would give them.
    fn committed_seed(k: u64) -> SeedFiles {
        let files: Vec<(String, String)> = COMMITTED.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
        let json = COMMITTED[0].1;
        per_seed_files(json, &files).into_iter().find(|(seed, _, _)| *seed == k).expect("a committed seed")
    }

    #[test]
    fn the_committed_bar_is_met_by_the_committed_seed_and_fails_on_a_changed_number() {
        let same = committed_bar(&[committed_seed(1)], "bottleneck");
        assert!(same.met() && same.why.is_none(), "{}", same.text);
        let (k, mut run, files) = committed_seed(2);
        run["models"][0]["best_epoch"] = serde_json::json!(99);
        let changed = committed_bar(&[(k, run, files)], "bottleneck");
        assert!(changed.failed(), "{}", changed.text);
        assert!(changed.why.is_some_and(|w| w.contains("differ from the committed ones at seeds 2")));
    }

    #[test]
    fn the_committed_bar_cannot_apply_when_no_committed_seed_was_run() {
        let (_, run, _) = committed_seed(1);
        let bar = committed_bar(&[(6, run.clone(), vec![]), (7, run, vec![])], "bottleneck");
        assert_eq!(bar.verdict, Verdict::NotApplicable, "{}", bar.text);
        assert!(!bar.failed(), "a bar that cannot apply does not fail the run");
        assert!(bar.text.contains("not applicable, no committed seed was run (seeds 6, 7 are not committed"));
        let (text, met) = bars_text(&[bar]);
        assert!(met && text.contains("[N/A]"), "{text}");
    }
}
