//! The scores experiment's results as JSON (`bahdanau-scores/1`), and the
//! committed copy that the REPL, the book's table and figures read:
//! `src/experiments/results/scores.json`, with each score's translations of
//! the test split beside it as text, one sentence a line.

use serde_json::{Value, json};

use super::bottleneck::Score;
use super::results::{config_json, score_from, score_json};
use super::scores::ScoresResults;
use super::sweep::{SweepRow, SweepStats};
use crate::model::scores::ScoreKind;

pub const FORMAT: &str = "bahdanau-scores/1";
/// The committed results, read at compile time.
pub const COMMITTED: &str = include_str!("results/scores.json");

fn stats_json(s: &SweepStats) -> Value {
    json!({ "spread": s.spread, "entropy": s.entropy, "jacobian": s.jacobian, "grad": s.grad })
}

/// The numbers of the results, as JSON text (the translations go to text files).
pub fn to_json(r: &ScoresResults) -> String {
    let (b, sw) = (&r.config.base, &r.config.sweep);
    let scores: Vec<Value> = r
        .scores
        .iter()
        .map(|s| {
            let m = &s.model;
            json!({
                "name": m.name, "parameters": m.parameters, "best_epoch": m.best_epoch,
                "held_out_bleu": m.held_out_bleu,
                "held_out_accuracy": s.held_out_accuracy.iter().map(|(n, a)| json!([n, a])).collect::<Vec<_>>(),
                "formed_after": s.formed_after, "test_entropy": s.test_entropy, "test_accuracy": s.test_accuracy,
                "buckets": m.buckets.iter().map(score_json).collect::<Vec<_>>(),
                "overall": score_json(&m.overall),
            })
        })
        .collect();
    let sweep: Vec<Value> = r
        .sweep
        .iter()
        .map(|w| {
            json!({ "kind": w.kind.name(), "d_k": w.d_k, "init": stats_json(&w.init),
                    "trained": stats_json(&w.trained), "bleu": w.bleu })
        })
        .collect();
    let mut config = config_json(b);
    config["sweep"] = json!({ "d_k": sw.d_ks, "n_train": sw.n_train, "epochs": sw.epochs, "probe": sw.probe });
    let doc = json!({
        "format": FORMAT,
        "config": config,
        "scores": scores,
        "sweep": sweep,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// The text files written beside the JSON: (file name, one sentence a line).
pub fn text_files(r: &ScoresResults) -> Vec<(String, String)> {
    let lines = |v: &[String]| v.iter().map(|s| format!("{s}\n")).collect::<String>();
    r.scores.iter().map(|s| (format!("scores-{}.txt", s.model.name), lines(&s.model.translations))).collect()
}

/// One score's numbers, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSummary {
    pub name: String,
    pub parameters: usize,
    pub best_epoch: usize,
    pub held_out_accuracy: Vec<(usize, f64)>,
    pub formed_after: Option<usize>,
    pub test_entropy: f64,
    pub test_accuracy: f64,
    pub buckets: Vec<Score>,
    pub overall: Score,
}

/// What the REPL, the report and the book show, read back from the JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoresSummary {
    pub scores: Vec<ScoreSummary>,
    pub sweep: Vec<SweepRow>,
    pub epochs: usize,
    pub n_train: usize,
    /// The sweep's budget: (pairs, epochs, probe pairs).
    pub sweep_budget: (usize, usize, usize),
}

fn stats_from(v: &Value) -> Option<SweepStats> {
    Some(SweepStats {
        spread: v["spread"].as_f64()?,
        entropy: v["entropy"].as_f64()?,
        jacobian: v["jacobian"].as_f64()?,
        grad: v["grad"].as_f64()?,
    })
}

fn score_summary(m: &Value) -> Option<ScoreSummary> {
    Some(ScoreSummary {
        name: m["name"].as_str()?.to_string(),
        parameters: m["parameters"].as_u64()? as usize,
        best_epoch: m["best_epoch"].as_u64()? as usize,
        held_out_accuracy: m["held_out_accuracy"]
            .as_array()?
            .iter()
            .map(|p| Some((p.get(0)?.as_u64()? as usize, p.get(1)?.as_f64()?)))
            .collect::<Option<_>>()?,
        formed_after: m["formed_after"].as_u64().map(|v| v as usize),
        test_entropy: m["test_entropy"].as_f64()?,
        test_accuracy: m["test_accuracy"].as_f64()?,
        buckets: m["buckets"].as_array()?.iter().map(score_from).collect::<Option<Vec<_>>>()?,
        overall: score_from(&m["overall"])?,
    })
}

fn sweep_row(w: &Value) -> Option<SweepRow> {
    Some(SweepRow {
        kind: ScoreKind::parse(w["kind"].as_str()?).ok()?,
        d_k: w["d_k"].as_u64()? as usize,
        init: stats_from(&w["init"])?,
        trained: stats_from(&w["trained"])?,
        bleu: w["bleu"].as_f64()?,
    })
}

/// Reads results written by [`to_json`].
pub fn summary(text: &str) -> Option<ScoresSummary> {
    let doc: Value = serde_json::from_str(text).ok()?;
    if doc["format"] != FORMAT {
        return None;
    }
    let c = &doc["config"];
    let count = |v: &Value| v.as_u64().map(|v| v as usize);
    Some(ScoresSummary {
        scores: doc["scores"].as_array()?.iter().map(score_summary).collect::<Option<_>>()?,
        sweep: doc["sweep"].as_array()?.iter().map(sweep_row).collect::<Option<_>>()?,
        epochs: count(&c["run"]["epochs"])?,
        n_train: count(&c["corpus"]["n_train"])?,
        sweep_budget: (count(&c["sweep"]["n_train"])?, count(&c["sweep"]["epochs"])?, count(&c["sweep"]["probe"])?),
    })
}

/// The committed results (a test keeps them readable).
pub fn committed() -> Option<ScoresSummary> {
    summary(COMMITTED)
}
