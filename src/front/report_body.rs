//! The body of every experiment's report: its results read back from their
//! JSON (or one line saying they could not be), its tables, its timings,
//! then its bars, each PASS or FAIL, and whether all were met, which decides
//! the exit status; for the toy experiments (the bottleneck, the scores)
//! also the bar that a rerun equals the committed results, and the
//! `--*-report` that reruns, reports and writes them.

use std::path::{Path, PathBuf};

use super::committed::{committed_bar, per_seed_files};
use super::report::Outcome;
use crate::experiments::bars::Bar;
use crate::experiments::results;

/// What an experiment's report shows of its results read back.
pub struct Body {
    /// Everything before the timings: each seed's tables, the summary over seeds.
    pub tables: String,
    pub timings: String,
    pub bars: Vec<Bar>,
}

/// The report of results read back (`read`, or `unreadable` when they could
/// not be), laid out as [`Body`] says; the second value is whether every
/// bar was met.
pub fn report_body<S>(read: Option<S>, unreadable: String, body: impl FnOnce(&S) -> Body) -> (String, bool) {
    let Some(s) = read else { return (unreadable, false) };
    let b = body(&s);
    let (bars, met) = bars_text(&b.bars);
    (b.tables + &b.timings + &bars, met)
}

/// The bars, one a line with PASS or FAIL; the second value is whether all were met.
pub fn bars_text(all: &[Bar]) -> (String, bool) {
    (format!("\n{}", crate::render::bottleneck::bars_lines(all)), !all.iter().any(Bar::failed))
}

/// How a toy experiment's results (`R`, read back as `S`) are written and read.
pub struct Toy<R, S> {
    /// The name of the committed results: `bottleneck`, `scores`.
    pub name: &'static str,
    pub to_json: fn(&R) -> String,
    pub summary: fn(&str) -> Option<S>,
    /// The text files written beside the JSON: (file name, one sentence a line).
    pub text_files: fn(&R) -> Vec<(String, String)>,
}

/// The report of a toy experiment's results: read back from their JSON,
/// `body` of them, and last the bar that every seed equals the committed
/// results; the second value is whether every bar was met.
pub fn toy_report<R, S>(toy: &Toy<R, S>, r: &R, body: impl FnOnce(&S) -> Body) -> (String, bool) {
    let json = (toy.to_json)(r);
    let e = crate::text::cli::ERROR.fill(&[("message", &crate::text::cli::RESULTS_UNREADABLE.get())]);
    report_body((toy.summary)(&json), format!("{e}\n"), |s| {
        let mut b = body(s);
        b.bars.push(committed_bar(&per_seed_files(&json, &(toy.text_files)(r)), toy.name));
        b
    })
}

/// `--bottleneck-report`, `--scores-report`: reruns the experiment (`Err`
/// says why it stopped), prints its `report`, and writes its JSON and text
/// files (into the committed folder with BAHDANAU_BLESS=1).
pub fn toy_rerun_report<R, S>(
    toy: &Toy<R, S>,
    rerun: impl FnOnce() -> Result<(R, f64), String>,
    report: fn(&R, f64) -> (String, bool),
) -> Outcome {
    let dir = match results_dir() {
        Ok(dir) => dir,
        Err(e) => return Outcome::failed(e),
    };
    let (r, secs) = match rerun() {
        Ok(done) => done,
        Err(e) => return Outcome::failed(e),
    };
    let (text, met) = report(&r, secs);
    let mut files = vec![(format!("{}.json", toy.name), (toy.to_json)(&r))];
    files.extend((toy.text_files)(&r));
    with_written(text, met, write_files(files, &dir))
}

/// Writes `files` (name, contents) into `dir` as one set: all replaced, or none.
pub fn write_files(files: Vec<(String, String)>, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let files: Vec<(String, Vec<u8>)> = files.into_iter().map(|(name, text)| (name, text.into_bytes())).collect();
    crate::fsio::write_set(dir, &files)
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
