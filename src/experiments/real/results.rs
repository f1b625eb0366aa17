//! The real-corpus experiment's results as JSON (`bahdanau-real/3`): its
//! numbers, greedy's, the beam's and greedy's with `<unk>` replaced through
//! α, and the few example sentences the book shows, with the corpus's
//! notice. The committed copy is `src/experiments/results/real.json`; the
//! full test split's translations stay in the corpus folder (they are
//! derived from the help pages, which this repository does not hold).

use serde_json::{Value, json};

use super::run::RealResults;
use crate::corpus::real::NOTICE;
use crate::experiments::beam::{WRITTEN, beam_json};
use crate::experiments::json::{budget_json, check_json, end_name, mat_json, score_json};

pub const FORMAT: &str = "bahdanau-real/3";

/// The words a list of sentences holds.
fn words(sentences: &[String]) -> usize {
    sentences.iter().map(|s| s.split_whitespace().count()).sum()
}

/// The words a run wrote over the test split: greedy's ("1"), then each
/// beam width's.
fn words_by_decoder(m: &super::run::RunResult) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("1".into(), json!(words(&m.result.translations)));
    for w in &m.beam.widths {
        out.insert(w.k.to_string(), json!(words(&w.translations)));
    }
    Value::Object(out)
}

/// One run's `<unk>` replacement: its scores and counts.
fn unk_json(u: &super::unk::UnkReplaced) -> Value {
    json!({
        "buckets": u.buckets.iter().map(score_json).collect::<Vec<_>>(), "overall": score_json(&u.overall),
        "written": u.written, "filled": u.filled, "in_reference": u.in_reference,
    })
}

/// The numbers of `r` and its examples, as JSON text.
pub fn to_json(r: &RealResults) -> String {
    let c = &r.config;
    let runs: Vec<Value> = r
        .runs
        .iter()
        .map(|run| {
            let m = &run.result;
            json!({
                "model": m.name, "seed": run.seed, "parameters": m.parameters,
                "checks": m.checks.iter().map(check_json).collect::<Vec<_>>(), "best_check": m.best,
                "end": end_name(m.end),
                "buckets": m.buckets.iter().map(score_json).collect::<Vec<_>>(),
                "overall": score_json(&m.overall),
                "train_secs": m.train_secs, "pairs_per_sec": run.pairs_per_sec,
                "beam": beam_json(&run.beam), "beam_secs": run.beam.secs,
                "words": words_by_decoder(run),
                "unk_replaced": run.unk.as_ref().map(unk_json),
            })
        })
        .collect();
    let first = |name: &str| r.runs.iter().find(|m| m.result.name == name);
    let examples: Vec<Value> = r
        .examples
        .iter()
        .enumerate()
        .map(|(k, (index, source, reference))| {
            let said = |name: &str| first(name).and_then(|m| m.result.translations.get(*index)).cloned();
            let beam = |name: &str| first(name).and_then(|m| m.beam.translations(WRITTEN)?.get(*index).cloned());
            let a = first("RNNsearch").and_then(|m| m.alignments.get(k));
            json!({
                "index": index, "source": source, "reference": reference,
                "RNNsearch": said("RNNsearch"), "RNNencdec": said("RNNencdec"),
                "beam": { "k": WRITTEN, "RNNsearch": beam("RNNsearch"), "RNNencdec": beam("RNNencdec") },
                "alignment": a.map(mat_json),
            })
        })
        .collect();
    let unk_examples: Vec<Value> = first("RNNsearch")
        .and_then(|m| m.unk.as_ref())
        .map(|u| {
            u.shown
                .iter()
                .map(|(k, plain, fills)| {
                    json!({
                        "index": k, "source": r.sources[*k], "reference": r.references[*k],
                        "plain": plain, "replaced": u.translations[*k],
                        "fills": fills.iter().map(|f| json!({ "t": f.t, "j": f.j, "word": f.word, "alpha": f.alpha, "copied": f.copied })).collect::<Vec<_>>(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let doc = json!({
        "format": FORMAT,
        "notice": NOTICE,
        "config": {
            "dims": { "m": c.dims.m, "n": c.dims.n, "n_a": c.dims.n_a, "l": c.dims.l },
            "shortlist": { "coverage": c.vocab.coverage, "max": c.vocab.max },
            "n_train": c.n_train, "max_train_words": c.max_train_words, "n_held_out": c.n_held_out,
            "seeds": c.seeds,
            "run": { "budget": budget_json(&c.run.budget), "batch": c.run.batch, "lr": c.run.lr, "clip": c.run.clip },
            "output": precision_name(c.output),
        },
        "measured": r.measured,
        "pairs": { "train": r.counts.0, "held_out": r.counts.1, "test": r.counts.2 },
        "shortlists": { "en": r.shortlists.0, "fr": r.shortlists.1 },
        "reference_words": words(&r.references),
        "copy": { "buckets": r.copy.0.iter().map(score_json).collect::<Vec<_>>(), "overall": score_json(&r.copy.1) },
        "runs": runs,
        "examples": examples,
        "unk_examples": unk_examples,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// How results and kept models name an output layer's precision.
pub fn precision_name(p: crate::train::engine::Precision) -> &'static str {
    match p {
        crate::train::engine::Precision::F64 => "float64",
        crate::train::engine::Precision::F32 => "float32",
    }
}
