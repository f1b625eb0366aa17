//! The real corpus from the command line: `--fetch-corpus` builds it into
//! the data folder, `--real-report` trains both models on it.

use std::path::Path;
use std::process::ExitCode;

use serde_json::Value;

use super::experiments::{bars_text, rerun_with, write_files, written_text};
use crate::corpus::real::fetch::fetch;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::stats;
use crate::corpus::real::store::{corpus_dir, load};
use crate::experiments::bottleneck::Bar;
use crate::experiments::real::results::to_json;
use crate::experiments::real::run::{RealResults, run, total_pairs};
use crate::experiments::real::{OVER_COPY, RealConfig};
use crate::experiments::results;
use crate::render::real::{chart, figure_svg, per_seed, spread, table};
use crate::repl::interrupted;
use crate::walkthrough::fmt_num;

/// `--fetch-corpus [DIR]`: builds the corpus and prints its statistics.
pub fn fetch_corpus(from: Option<&Path>) -> ExitCode {
    let Some(dir) = corpus_dir() else {
        eprintln!("error: this system names no data folder; set BAHDANAU_CORPUS to the folder to build the corpus in");
        return ExitCode::FAILURE;
    };
    match fetch(&dir, from) {
        Ok(lines) => {
            lines.iter().for_each(|l| println!("{l}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The bars of the experiment, checked on its results JSON.
pub fn bars(r: &Value) -> Vec<Bar> {
    let copy = r["copy"]["overall"]["bleu"].as_f64().unwrap_or(0.0);
    let searches: Vec<f64> = r["runs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["model"] == "RNNsearch")
        .map(|m| m["overall"]["bleu"].as_f64().unwrap_or(0.0))
        .collect();
    let worst = searches.iter().copied().fold(f64::INFINITY, f64::min);
    let measured = r["measured"].as_u64().unwrap_or(0) as usize;
    let drawn = |name: &str| spread(r, name).0.len() == measured;
    vec![
        Bar {
            met: !searches.is_empty() && worst >= copy + OVER_COPY,
            text: format!(
                "RNNsearch beats copying the source by at least {OVER_COPY} BLEU on every seed: \
                 its worst seed {}, the copy {}",
                fmt_num(worst.min(100.0), 2),
                fmt_num(copy, 2)
            ),
        },
        Bar {
            met: measured > 0 && drawn("RNNsearch") && drawn("RNNencdec"),
            text: format!("both curves drawn over all {measured} buckets with at least 50 test sentences"),
        },
    ]
}

/// The report of finished results: statistics, table, every seed, chart,
/// timings, bars; the second value is whether every bar was met.
pub fn report_text(r: &RealResults, splits: &TokenSplits, secs: f64) -> (String, bool) {
    let json = to_json(r);
    let Ok(v) = serde_json::from_str::<Value>(&json) else {
        return ("error: the results could not be read back\n".into(), false);
    };
    let mut out = stats::lines(splits, None, r.config.vocab).join("\n") + "\n\n";
    out += &format!("BLEU by source length, mean over {} seeds (lowest–highest):\n", r.config.seeds.len());
    out += &format!("{}\n{}\n{}", table(&v), per_seed(&v), chart(&v));
    let load = std::fs::read_to_string("/proc/loadavg").ok().and_then(|l| l.split(' ').next().map(String::from));
    out += &format!(
        "wall time: {} s for {} runs, two at a time{}\n",
        fmt_num(secs, 1),
        r.runs.len(),
        load.map(|l| format!(" (load average {l} at the end)")).unwrap_or_default()
    );
    for m in &r.runs {
        out += &format!("  {} seed {}: {} training pairs per second\n", m.model, m.seed, fmt_num(m.pairs_per_sec, 0));
    }
    let (text, met) = bars_text(&bars(&v));
    (out + &text, met)
}

/// The hypothesis and reference files of a run: (name, one sentence a line).
pub fn text_files(r: &RealResults) -> Vec<(String, String)> {
    let lines = |v: &[String]| v.iter().map(|s| format!("{s}\n")).collect::<String>();
    let mut files =
        vec![("real-source.txt".to_string(), lines(&r.sources)), ("real-reference.txt".into(), lines(&r.references))];
    for m in &r.runs {
        files.push((format!("real-{}-{}.txt", m.model.to_lowercase(), m.seed), lines(&m.translations)));
    }
    files
}

/// `--real-report [--quick]`: trains everything from the corpus, prints the
/// report, writes the translations into the corpus folder, and the results
/// JSON and figure into the committed folders with BAHDANAU_BLESS=1.
pub fn real_report(quick: bool) -> ExitCode {
    let Some(dir) = corpus_dir() else {
        eprintln!("error: this system names no data folder; set BAHDANAU_CORPUS to the corpus folder");
        return ExitCode::FAILURE;
    };
    let splits = match load(&dir) {
        Ok((s, _)) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let c = if quick { RealConfig::QUICK } else { RealConfig::FULL };
    let label = "RNNsearch and RNNencdec, every seed, two at a time";
    let (r, secs) =
        match rerun_with(total_pairs(&c, &splits), label, "--real-report", |done| run(&c, &splits, &interrupted, done))
        {
            Ok(done) => done,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
    let (text, met) = report_text(&r, &splits, secs);
    print!("{text}");
    let out = dir.join("results");
    println!("{}", written_text(write_files(text_files(&r), &out), &out));
    if std::env::var_os("BAHDANAU_BLESS").is_some() && !quick {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let json = to_json(&r);
        let svg = serde_json::from_str::<Value>(&json).map(|v| figure_svg(&v)).unwrap_or_default();
        let wrote = write_files(vec![("real.json".into(), json)], &root.join(results::DIR))
            .and_then(|_| write_files(vec![("real-bleu.svg".into(), svg)], &root.join("chapters/figures")));
        println!("{}", written_text(wrote, &root.join(results::DIR)));
    }
    if met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
