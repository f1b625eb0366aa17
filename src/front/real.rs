//! The real corpus from the command line: `--fetch-corpus` builds it into
//! the data folder, `--real-report` trains both models on it.

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicUsize;

use super::Flow;
use super::error_text;
use super::experiments::{bars_text, rerun_with, with_written, write_files};
use super::out::{err_line, out_line};
use super::report::Outcome;
use crate::corpus::real::fetch::fetch_keeping;
use crate::corpus::real::split::TokenSplits;
use crate::corpus::real::stats;
use crate::corpus::real::store::{corpus_dir, load};
use crate::experiments::bars::{BEAM_MAX_LOSS, Bar};
use crate::experiments::beam::WRITTEN;
use crate::experiments::real::kept::{corpus_digest, kept_path, save};
use crate::experiments::real::results::to_json;
use crate::experiments::real::run::{RealResults, run, total_sentences};
use crate::experiments::real::summary::{MODELS, RealSummary, RunSummary, summary};
use crate::experiments::real::{OVER_COPY, RealConfig};
use crate::experiments::results;
use crate::render::Style;
use crate::render::real::{beam_seeds, beam_table, beam_words, chart, figure_svg, per_seed, table};
use crate::repl::corpus_cmd::train_and_switch;
use crate::repl::{Session, interrupted};
use crate::text::real as T;
use crate::walkthrough::{fmt_num, signed};

/// What Ctrl-C during a fetch says (the corpus is written as one set, the download folder removed).
pub const FETCH_STOPPED: &str = "fetch stopped (Ctrl-C): the corpus folder is as it was, and nothing of this \
download is left. Type cargo run -- --fetch-corpus to start again";

/// `--fetch-corpus [DIR] [--keep-download]`: builds the corpus and prints its
/// statistics, every line laid out for the width and made safe to print; a
/// closed pipe or a full device ends it as any output does (see `out`).
pub fn fetch_corpus(from: Option<&Path>, keep: bool) -> ExitCode {
    super::signals::set_stop_note(&crate::layout::fit(FETCH_STOPPED));
    let Some(dir) = corpus_dir() else {
        err_line(&error_text(
            "this system names no data folder; set BAHDANAU_CORPUS to the folder to build the corpus in",
            Style::PLAIN,
        ));
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

/// The bars of the experiment, checked on its results read back.
pub fn bars(r: &RealSummary) -> Vec<Bar> {
    let copy = r.copy.1.bleu;
    let searches: Vec<f64> = r.across("RNNsearch").map(|m| m.model.overall.bleu).collect();
    let worst = searches.iter().copied().fold(f64::INFINITY, f64::min);
    let measured = r.measured;
    let drawn = |name: &str| r.spread_at(name, 1).buckets.len() == measured;
    let runs = &r.runs;
    let agree = runs.iter().filter(|m| m.beam.k1_equal == m.model.overall.sentences).count();
    let lost = runs.iter().map(|m| m.beam_gain().map_or(f64::INFINITY, |g| -g)).fold(f64::NEG_INFINITY, f64::max);
    let mut all = vec![
        Bar::judged(
            !searches.is_empty() && worst >= copy + OVER_COPY,
            T::BAR_OVER_COPY.fill(&[
                ("bar", &OVER_COPY.to_string()),
                ("worst", &fmt_num(worst.min(100.0), 2)),
                ("copy", &fmt_num(copy, 2)),
            ]),
        ),
        Bar::judged(measured > 0 && drawn("RNNsearch") && drawn("RNNencdec"), T::BAR_DRAWN.fill(&[("n", &measured)])),
        Bar::judged(
            !runs.is_empty() && agree == runs.len(),
            T::BAR_K1.fill(&[("agree", &agree), ("runs", &runs.len())]),
        ),
        Bar::judged(
            !runs.is_empty() && lost <= BEAM_MAX_LOSS,
            T::BAR_BEAM_LOSS.fill(&[
                ("bar", &BEAM_MAX_LOSS.to_string()),
                ("lost", &if lost.is_finite() { signed(lost) } else { T::NO_K10.get().into() }),
            ]),
        ),
    ];
    all.push(above_encdec(r));
    all.push(peaked(r));
    for name in MODELS {
        let each: Vec<(u64, bool)> = r.across(name).map(|m| (m.seed, m.model.converged())).collect();
        let words = crate::experiments::bars::ended_by_rule(name, &r.config.run.budget, r.pairs.0);
        all.push(crate::experiments::bars::every_seed_that(&words, &each));
    }
    all
}

/// The buckets a bar on real data judges: those with at least this many test sentences.
pub const BUCKET_SENTENCES: usize = 50;

/// RNNsearch above RNNencdec in every bucket of at least [`BUCKET_SENTENCES`]
/// test sentences, at every seed.
fn above_encdec(r: &RealSummary) -> Bar {
    let judged = |m: &RunSummary| -> Vec<f64> {
        m.model.buckets.iter().filter(|b| b.sentences >= BUCKET_SENTENCES).map(|b| b.bleu).collect()
    };
    let each: Vec<(u64, f64)> = r
        .across("RNNsearch")
        .filter_map(|m| {
            let e = r.across("RNNencdec").find(|e| e.seed == m.seed)?;
            let lead = judged(m).iter().zip(judged(e)).map(|(a, b)| a - b).fold(f64::INFINITY, f64::min);
            Some((m.seed, lead))
        })
        .collect();
    crate::experiments::bars::every_seed(&T::BAR_ABOVE.fill(&[("n", &BUCKET_SENTENCES)]), &each, |d| d > 0.0)
}

/// The Figure 3 sentences: the mean of each α row's largest weight at least 0.5.
fn peaked(r: &RealSummary) -> Bar {
    let peaks: Vec<f64> = r
        .examples
        .iter()
        .filter_map(|ex| ex.alignment.as_ref())
        .flat_map(|a| a.row_iter().map(|row| row.iter().copied().fold(0.0, f64::max)).collect::<Vec<_>>())
        .collect();
    let mean = peaks.iter().sum::<f64>() / peaks.len().max(1) as f64;
    Bar::judged(!peaks.is_empty() && mean >= 0.5, T::BAR_PEAKED.fill(&[("mean", &fmt_num(mean, 2))]))
}

/// Every run's numbers against the committed results' (its times aside,
/// which no two runs share): the same at which seeds.
pub fn committed_bar(r: &RealSummary) -> Bar {
    let committed = crate::experiments::real::results::committed();
    let held: Vec<RunSummary> = committed.iter().flat_map(|c| c.runs.iter().map(RunSummary::untimed)).collect();
    let same = committed.is_some_and(|c| c.config == r.config && c.examples == r.examples);
    // One answer a seed: yes when every run of that seed (both models) matches.
    let mut each: Vec<(u64, bool)> = Vec::new();
    for m in &r.runs {
        let (seed, equal) = (m.seed, same && held.contains(&m.untimed()));
        match each.iter_mut().find(|(k, _)| *k == seed) {
            Some(entry) => entry.1 &= equal,
            None => each.push((seed, equal)),
        }
    }
    crate::experiments::bars::every_seed_that(&T::BAR_RERUN.fill(&[]), &each)
}

/// The report of finished results: statistics, table, every seed, chart,
/// timings, bars; the second value is whether every bar was met.
pub fn report_text(r: &RealResults, splits: &TokenSplits, secs: f64) -> (String, bool) {
    let Some(v) = summary(&to_json(r)) else {
        return (format!("{}\n", T::NOT_READ_BACK.get()), false);
    };
    let mut out = stats::lines(splits, None, r.config.vocab).join("\n") + "\n\n";
    let n = r.config.seeds.len();
    out += &crate::render::fit(&format!("{}\n", T::BLEU_HEAD.fill(&[("n", &n)])));
    out += &format!("{}\n{}\n{}", table(&v), per_seed(&v), chart(&v));
    out += "\n";
    out += &crate::render::fit(&format!("{}\n", T::UNK_HEAD.fill(&[("n", &n)])));
    out += &format!("{}\n", crate::render::real_unk::unk_table(&v));
    out += &crate::render::fit(&format!("{}\n", T::BEAM_HEAD.fill(&[("n", &n)])));
    for model in ["RNNsearch", "RNNencdec"] {
        out += &format!("{}\n", beam_table(&v, model));
    }
    out += &format!("{}{}\n", beam_seeds(&v), beam_words(&v));
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
    out += &crate::render::fit(&times);
    let mut all = bars(&v);
    all.push(committed_bar(&v));
    let (text, met) = bars_text(&all);
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
    let text = text + &keep_for_the_repl(&dir, &c, &r);
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
    let label = "RNNsearch on the real corpus, once (then kept)";
    let mut next = s.clone();
    let (result, secs) =
        super::experiments::with_bar((pairs, "pairs"), label, |done| train_and_switch(&mut next, &interrupted, done));
    match result {
        Ok((reply, not_kept)) => {
            *s = next;
            err_line(&format!("trained in {} s", fmt_num(secs, 1)));
            let _ = write!(out, "{}", crate::render::render_reply(&reply, s, style));
            match not_kept {
                Some(why) => Err(format!(
                    "the model was trained and the session is on it, but it could not be kept: {why}. \
                     Type save FILE to keep the whole session, or make room and type corpus toy, then \
                     corpus real, to train and keep it again"
                )),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_results_meet_their_own_rerun_bar_one_answer_a_seed() {
        let v = crate::experiments::real::results::committed().expect("real.json is readable");
        let mut timed = v.clone();
        timed.runs[0].times.train_secs = 1.0e9;
        let bar = committed_bar(&timed);
        assert!(bar.met(), "times aside, the committed runs are themselves: {}", bar.text);
        assert!(bar.text.contains("3 of 3 seeds"), "one answer a seed, not a run: {}", bar.text);
        let mut changed = v.clone();
        changed.runs[1].model.overall.bleu = 99.0;
        let bar = committed_bar(&changed);
        assert!(bar.failed() && bar.text.contains("2 of 3 seeds"), "{}", bar.text);
    }
}
