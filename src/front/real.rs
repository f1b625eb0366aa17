//! The real corpus from the command line: `--fetch-corpus` builds it into
//! the data folder, `--real-report` trains both models on it.

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicUsize;

use serde_json::Value;

use super::Flow;
use super::experiments::{bars_text, rerun_with, with_written, write_files};
use super::report::Outcome;
use crate::corpus::real::fetch::fetch;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::stats;
use crate::corpus::real::store::{corpus_dir, load};
use crate::experiments::bars::{BEAM_MAX_LOSS, Bar};
use crate::experiments::beam::WRITTEN;
use crate::experiments::real::results::to_json;
use crate::experiments::real::run::{RealResults, run, total_sentences};
use crate::experiments::real::{OVER_COPY, RealConfig};
use crate::experiments::results;
use crate::render::Style;
use crate::render::bottleneck_beam::signed;
use crate::render::real::{beam_gain, beam_seeds, beam_table, beam_words, chart, figure_svg, per_seed, spread, table};
use crate::repl::corpus_cmd::train_and_switch;
use crate::repl::{Session, interrupted};
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
    let runs: Vec<&Value> = r["runs"].as_array().into_iter().flatten().collect();
    let k1 = |m: &&&Value| m["beam"]["k1_equals_greedy"] == m["overall"]["sentences"];
    let agree = runs.iter().filter(k1).count();
    let lost = runs.iter().map(|m| beam_gain(m).map_or(f64::INFINITY, |g| -g)).fold(f64::NEG_INFINITY, f64::max);
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
        Bar {
            met: !runs.is_empty() && agree == runs.len(),
            text: format!(
                "beam K = 1 gives greedy's translation of every test sentence, in every run: in {agree} of {}",
                runs.len()
            ),
        },
        Bar {
            met: !runs.is_empty() && lost <= BEAM_MAX_LOSS,
            text: format!(
                "greedy minus beam K = 10 over the test split at most {BEAM_MAX_LOSS} BLEU in every run: \
                 the largest {}",
                if lost.is_finite() { signed(lost) } else { "(a run holds no K = 10)".into() }
            ),
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
    out += "\n";
    out += &crate::render::fit(&format!(
        "Greedy against beam search (no length normalisation, greedy's limit of 2 T_x + 10 words), \
         mean over {} seeds (lowest–highest):\n",
        r.config.seeds.len()
    ));
    for model in ["RNNsearch", "RNNencdec"] {
        out += &format!("{}\n", beam_table(&v, model));
    }
    out += &format!("{}{}\n", beam_seeds(&v), beam_words(&v));
    let load = std::fs::read_to_string("/proc/loadavg").ok().and_then(|l| l.split(' ').next().map(String::from));
    let mut times = format!(
        "wall time: {} s for {} runs, two at a time{}\n",
        fmt_num(secs, 1),
        r.runs.len(),
        load.map(|l| format!(" (load average {l} at the end)")).unwrap_or_default()
    );
    for m in &r.runs {
        times += &format!(
            "  {} seed {}: {} training pairs per second, beam decoding {} s\n",
            m.result.name,
            m.seed,
            fmt_num(m.pairs_per_sec, 0),
            fmt_num(m.beam.secs, 1)
        );
    }
    out += &crate::render::fit(&times);
    let (text, met) = bars_text(&bars(&v));
    (out + &text, met)
}

/// The hypothesis and reference files of a run: (name, one sentence a line).
pub fn text_files(r: &RealResults) -> Vec<(String, String)> {
    let lines = |v: &[String]| v.iter().map(|s| format!("{s}\n")).collect::<String>();
    let mut files =
        vec![("real-source.txt".to_string(), lines(&r.sources)), ("real-reference.txt".into(), lines(&r.references))];
    for m in &r.runs {
        let model = m.result.name.to_lowercase();
        files.push((format!("real-{model}-{}.txt", m.seed), lines(&m.result.translations)));
        if let Some(beam) = m.beam.translations(WRITTEN) {
            files.push((format!("real-{model}-{}-beam{WRITTEN}.txt", m.seed), lines(beam)));
        }
    }
    files
}

/// `--real-report [--quick]`: trains everything from the corpus, reports,
/// writes the translations into the corpus folder, and with
/// BAHDANAU_BLESS=1 (full run only) the results JSON and Figure 2 into the
/// project's committed folders.
pub fn real_report(quick: bool) -> Outcome {
    let Some(dir) = corpus_dir() else {
        return Outcome::failed("this system names no data folder; set BAHDANAU_CORPUS to the corpus folder".into());
    };
    let splits = match load(&dir) {
        Ok((s, _)) => s,
        Err(e) => return Outcome::failed(e),
    };
    let c = if quick { RealConfig::QUICK } else { RealConfig::FULL };
    let label = "RNNsearch and RNNencdec, every seed, two at a time: training, then beam search";
    let work = |done: &AtomicUsize| run(&c, &splits, &interrupted, done);
    let (r, secs) = match rerun_with((total_sentences(&c, &splits), "sentences"), label, "--real-report", work) {
        Ok(done) => done,
        Err(e) => return Outcome::failed(e),
    };
    let (text, met) = report_text(&r, &splits, secs);
    let mut written = write_files(text_files(&r), &dir.join("results"));
    let bless = match crate::fsio::project::bless() {
        Ok(b) => b && !quick,
        Err(e) => return Outcome::failed(e),
    };
    if bless && written.is_ok() {
        let json = to_json(&r);
        let svg = serde_json::from_str::<Value>(&json).map(|v| figure_svg(&v)).unwrap_or_default();
        let more = crate::fsio::project::project_root().and_then(|root| {
            let mut w = write_files(vec![("real.json".into(), json)], &root.join(results::DIR))?;
            w.extend(write_files(vec![(FIGURE.into(), svg)], &root.join("chapters/figures"))?);
            Ok(w)
        });
        written = written.and_then(|mut w| {
            more.map(|m| {
                w.extend(m);
                w
            })
        });
    }
    with_written(text, met, written)
}

/// Figure 2 on real data, in chapters/figures/.
pub const FIGURE: &str = "real-bleu.svg";

/// `corpus real` when no model is kept: trains it with a bar (Ctrl-C stops,
/// and the session stays as it was), keeps it, then switches to it.
pub fn train_in_session(s: &mut Session, pairs: usize, style: Style, out: &mut dyn std::io::Write) -> Flow {
    let label = "RNNsearch on the real corpus, once (then kept)";
    let mut next = s.clone();
    let (result, secs) =
        super::experiments::with_bar((pairs, "pairs"), label, |done| train_and_switch(&mut next, &interrupted, done));
    match result {
        Ok(reply) => {
            *s = next;
            super::out::err_line(&format!("trained in {} s", fmt_num(secs, 1)));
            let _ = write!(out, "{}", crate::render::render_reply(&reply, s, style));
            Flow::Go
        }
        Err(e) => {
            let _ = writeln!(out, "{}", super::error_text(&e, style));
            if interrupted() { Flow::Interrupted } else { Flow::Go }
        }
    }
}
