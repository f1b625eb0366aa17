//! The real corpus from the command line: `--fetch-corpus` builds it into
//! the data folder, `--real-report` trains both models on it.

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicUsize;

use super::Flow;
use super::error_text;
use super::experiments::rerun_with;
use super::out::{err_line, out_line};
use super::report::Outcome;
use super::report_body::{Body, report_body, with_written, write_files};
use crate::corpus::real::fetch::fetch_keeping;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::stats;
use crate::corpus::real::store::{CORPUS_ENV, corpus_dir, load};
use crate::experiments::bars;
use crate::experiments::beam::WRITTEN;
use crate::experiments::json::lines;
use crate::experiments::real::RealConfig;
use crate::experiments::real::kept::{corpus_digest, kept_path, save};
use crate::experiments::real::results::to_json;
use crate::experiments::real::run::{RealResults, run, total_sentences};
use crate::experiments::real::summary::{MODELS, summary};
use crate::experiments::results;
use crate::render::Style;
use crate::render::real::{beam_seeds, beam_table, beam_words, chart, figure_svg, per_seed, table};
use crate::repl::corpus_cmd::train_and_switch;
use crate::repl::{Session, interrupted};
use crate::text::real as T;
use crate::walkthrough::fmt_num;

/// `--fetch-corpus [DIR] [--keep-download]`: builds the corpus and prints its
/// statistics, every line laid out for the width and made safe to print; a
/// closed pipe or a full device ends it as any output does (see `out`).
pub fn fetch_corpus(from: Option<&Path>, keep: bool) -> ExitCode {
    // What Ctrl-C during a fetch says (the corpus is written as one set, the download folder removed).
    super::signals::set_stop_note(&crate::layout::fit(T::FETCH_STOPPED.get()));
    let Some(dir) = corpus_dir() else {
        err_line(&error_text(&T::NO_FOLDER_TO_BUILD.fill(&[("var", &CORPUS_ENV)]), Style::PLAIN));
        return ExitCode::FAILURE;
    };
    match fetch_keeping(&dir, from, keep) {
        Ok(lines) => {
            for line in lines {
                out_line(&crate::layout::fit(&crate::layout::visible::visible(&line)));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            err_line(&error_text(&e, Style::PLAIN));
            ExitCode::FAILURE
        }
    }
}

/// The report of finished results: statistics, table, every seed, chart,
/// timings, bars; the second value is whether every bar was met.
pub fn report_text(r: &RealResults, splits: &TokenSplits, secs: f64) -> (String, bool) {
    report_body(summary(&to_json(r)), format!("{}\n", T::NOT_READ_BACK.get()), |v| {
        let mut out = stats::lines(splits, None, r.config.vocab).join("\n") + "\n\n";
        let n = r.config.seeds.len();
        out += &crate::render::fit(&format!("{}\n", T::BLEU_HEAD.fill(&[("n", &n)])));
        out += &format!("{}\n{}\n{}", table(v), per_seed(v), chart(v));
        out += "\n";
        out += &crate::render::fit(&format!("{}\n", T::UNK_HEAD.fill(&[("n", &n)])));
        out += &format!("{}\n", crate::render::real_unk::unk_table(v));
        out += &crate::render::fit(&format!("{}\n", T::BEAM_HEAD.fill(&[("n", &n)])));
        for model in MODELS {
            out += &format!("{}\n", beam_table(v, model));
        }
        out += &format!("{}{}\n", beam_seeds(v), beam_words(v));
        let mut all = bars::real::bars(v);
        all.push(bars::real::committed(v));
        Body { tables: out, timings: timings(r, secs), bars: all }
    })
}

/// The wall time of every run (and the load at the end), then each run's rate and beam decoding.
fn timings(r: &RealResults, secs: f64) -> String {
    let load = std::fs::read_to_string("/proc/loadavg").ok().and_then(|l| l.split(' ').next().map(String::from));
    let load = load.map(|l| T::LOAD.fill(&[("load", &l)])).unwrap_or_default();
    let mut times = T::WALL.fill(&[("secs", &fmt_num(secs, 1)), ("runs", &r.runs.len()), ("load", &load)]) + "\n";
    for m in &r.runs {
        times += &T::RUN_TIME.fill(&[
            ("model", &m.result.name),
            ("seed", &m.seed),
            ("rate", &fmt_num(m.pairs_per_sec, 0)),
            ("secs", &fmt_num(m.beam.secs, 1)),
        ]);
        times += "\n";
    }
    crate::render::fit(&times)
}

/// The hypothesis and reference files of a run: (name, one sentence a line).
pub fn text_files(r: &RealResults) -> Vec<(String, String)> {
    let mut files =
        vec![("real-source.txt".to_string(), lines(&r.sources)), ("real-reference.txt".into(), lines(&r.references))];
    for m in &r.runs {
        let model = m.result.name.to_lowercase();
        files.push((format!("real-{model}-{}.txt", m.seed), lines(&m.result.translations)));
        if let Some(beam) = m.beam.translations(WRITTEN) {
            files.push((format!("real-{model}-{}-beam{WRITTEN}.txt", m.seed), lines(beam)));
        }
        if let Some(u) = &m.unk {
            files.push((format!("real-{model}-{}-unk.txt", m.seed), lines(&u.translations)));
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
        return Outcome::failed(T::NO_DATA_FOLDER.fill(&[("var", &CORPUS_ENV)]));
    };
    let splits = match load(&dir) {
        Ok((s, _)) => s,
        Err(e) => return Outcome::failed(e),
    };
    let c = if quick { RealConfig::QUICK } else { RealConfig::FULL };
    let label = T::REPORT_BAR.get();
    let work = |done: &AtomicUsize| run(&c, &splits, &interrupted, done);
    let total = (total_sentences(&c, &splits), crate::text::reports::UNIT_SENTENCES.get());
    let (r, secs) = match rerun_with(total, label, "--real-report", work) {
        Ok(done) => done,
        Err(e) => return Outcome::failed(e),
    };
    let (text, met) = report_text(&r, &splits, secs);
    // the REPL's `corpus real` loads the model of its own config only (the
    // full run's): a quick run's model would be a file it never reads
    let text = if c == crate::repl::corpus_cmd::real_config() { text + &keep_for_the_repl(&dir, &c, &r) } else { text };
    let mut written = write_files(text_files(&r), &dir.join("results"));
    let bless = match crate::fsio::project::bless() {
        Ok(b) => b && !quick,
        Err(e) => return Outcome::failed(e),
    };
    if bless && written.is_ok() {
        let json = to_json(&r);
        let svg = summary(&json).map(|v| figure_svg(&v)).unwrap_or_default();
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

/// Keeps RNNsearch of the first seed in the corpus folder, as `corpus real`
/// would after training it, so that the REPL loads it at once; the line
/// that says where, or why it could not.
fn keep_for_the_repl(dir: &Path, c: &RealConfig, r: &RealResults) -> String {
    let Some((seed, k)) = r.runs.iter().find_map(|m| m.kept.as_ref().map(|k| (m.seed, k))) else {
        return String::new();
    };
    let path = kept_path(dir, seed);
    let kept = corpus_digest(dir).and_then(|digest| save(&path, k, &digest, c, seed));
    let line = match kept {
        Ok(()) => {
            T::KEPT.fill(&[("seed", &seed), ("path", &crate::repl::visible::visible(&path.display().to_string()))])
        }
        Err(e) => T::NOT_KEPT.fill(&[("seed", &seed), ("error", &e)]),
    };
    crate::render::fit(&format!("\n{line}\n"))
}

/// Figure 2 on real data, in chapters/figures/.
pub const FIGURE: &str = "real-bleu.svg";

/// `corpus real` when no model is kept: trains it with a bar (Ctrl-C stops,
/// and the session stays as it was), keeps it, then switches to it.
/// A model trained but not kept is not lost: the session is on it, and the
/// error (on stderr, status 1 in a script) says so and what to type.
pub fn train_in_session(
    s: &mut Session,
    pairs: usize,
    style: Style,
    out: &mut dyn std::io::Write,
) -> Result<Flow, String> {
    let (label, unit) = (crate::text::corpus::TRAIN_BAR.get(), crate::text::training::PAIRS_UNIT.get());
    let mut next = s.clone();
    let (result, secs) =
        super::experiments::with_bar((pairs, unit), label, |done| train_and_switch(&mut next, &interrupted, done));
    match result {
        Ok((reply, not_kept)) => {
            *s = next;
            err_line(&crate::text::corpus::TRAINED_IN.fill(&[("secs", &fmt_num(secs, 1))]));
            let _ = write!(out, "{}", crate::render::render_reply(&reply, s, style));
            match not_kept {
                Some(why) => Err(crate::text::corpus::TRAINED_NOT_KEPT.fill(&[("why", &why)])),
                None => Ok(Flow::Go),
            }
        }
        Err(e) if interrupted() => {
            let _ = writeln!(out, "{}", super::error_text(&e, style));
            Ok(Flow::Interrupted)
        }
        Err(e) => Err(e),
    }
}
