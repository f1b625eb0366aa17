//! The scores experiment's results as JSON (`bahdanau-scores/2`), and the
//! committed copy that the REPL, the book's table and figures read:
//! `src/experiments/results/scores.json`, every seed's numbers, with each
//! seed's translations of the test split by each score beside it as text,
//! one sentence a line.

use serde_json::{Value, json};

use super::json::{ModelSummary, budget_from, lines, model_from, model_json, translations_file};
use super::results::config_json;
use super::runner::Budget;
use super::scores::ScoresResults;
use super::sweep::{SweepRow, SweepStats};
use crate::model::scores::ScoreKind;

pub const FORMAT: &str = "bahdanau-scores/2";
/// The committed results, read at compile time.
pub const COMMITTED: &str = include_str!("results/scores.json");

fn stats_json(s: &SweepStats) -> Value {
    json!({ "spread": s.spread, "entropy": s.entropy, "jacobian": s.jacobian, "grad": s.grad })
}

fn sweep_json(w: &SweepRow) -> Value {
    json!({ "kind": w.kind.name(), "d_k": w.d_k, "init": stats_json(&w.init),
            "trained": stats_json(&w.trained), "bleu": w.bleu })
}

/// The numbers of the results, as JSON text (the translations go to text files).
pub fn to_json(r: &ScoresResults) -> String {
    let sw = &r.config.sweep;
    let runs: Vec<Value> = r
        .runs
        .iter()
        .map(|run| {
            let scores: Vec<Value> = run
                .scores
                .iter()
                .map(|s| {
                    let mut v = model_json(&s.model);
                    v["held_out_accuracy"] = s.held_out_accuracy.iter().map(|(n, a)| json!([n, a])).collect();
                    v["formed_after"] = json!(s.formed_after);
                    v["test_entropy"] = json!(s.test_entropy);
                    v["test_accuracy"] = json!(s.test_accuracy);
                    v
                })
                .collect();
            json!({ "seed": run.seed, "scores": scores, "sweep": run.sweep.iter().map(sweep_json).collect::<Vec<_>>() })
        })
        .collect();
    let seeds: Vec<u64> = r.runs.iter().map(|s| s.seed).collect();
    let mut config = config_json(&r.config.base, &seeds);
    config["sweep"] = json!({ "d_k": sw.d_ks, "n_train": sw.n_train, "epochs": sw.epochs, "probe": sw.probe });
    let doc = json!({ "format": FORMAT, "config": config, "runs": runs });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// The text files written beside the JSON: (file name, one sentence a line).
pub fn text_files(r: &ScoresResults) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for run in &r.runs {
        for s in &run.scores {
            files.push((translations_file("scores", run.seed, &s.model.name), lines(&s.model.translations)));
        }
    }
    files
}

/// One score's numbers, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSummary {
    /// BLEU by length, size and training, as for the bottleneck's models.
    pub model: ModelSummary,
    pub held_out_accuracy: Vec<(usize, f64)>,
    pub formed_after: Option<usize>,
    pub test_entropy: f64,
    pub test_accuracy: f64,
}

/// One seed's scores and sweep, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoresSeed {
    pub seed: u64,
    pub scores: Vec<ScoreSummary>,
    pub sweep: Vec<SweepRow>,
}

impl ScoresSeed {
    pub fn score(&self, name: &str) -> Option<&ScoreSummary> {
        self.scores.iter().find(|s| s.model.name == name)
    }
}

/// What the REPL, the report and the book show, read back from the JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoresSummary {
    pub runs: Vec<ScoresSeed>,
    /// How long each model trained: the stopping rule's constants.
    pub budget: Budget,
    pub n_train: usize,
    /// The sweep's budget: (pairs, epochs, probe pairs).
    pub sweep_budget: (usize, usize, usize),
}

impl ScoresSummary {
    /// The scores' names, in the order of every seed's runs.
    pub fn names(&self) -> Vec<&str> {
        self.runs.first().map_or(Vec::new(), |r| r.scores.iter().map(|m| m.model.name.as_str()).collect())
    }

    /// Score `name` at every seed.
    pub fn across<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a ScoreSummary> + 'a {
        self.runs.iter().filter_map(move |r| r.score(name))
    }

    /// The run of seed `k`.
    pub fn seed(&self, k: u64) -> Option<&ScoresSeed> {
        self.runs.iter().find(|r| r.seed == k)
    }
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
        model: model_from(m)?,
        held_out_accuracy: m["held_out_accuracy"]
            .as_array()?
            .iter()
            .map(|p| Some((p.get(0)?.as_u64()? as usize, p.get(1)?.as_f64()?)))
            .collect::<Option<_>>()?,
        formed_after: m["formed_after"].as_u64().map(|v| v as usize),
        test_entropy: m["test_entropy"].as_f64()?,
        test_accuracy: m["test_accuracy"].as_f64()?,
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
    let mut runs = Vec::new();
    for r in doc["runs"].as_array()? {
        runs.push(ScoresSeed {
            seed: r["seed"].as_u64()?,
            scores: r["scores"].as_array()?.iter().map(score_summary).collect::<Option<_>>()?,
            sweep: r["sweep"].as_array()?.iter().map(sweep_row).collect::<Option<_>>()?,
        });
    }
    let (budget, n_train) = budget_from(c)?;
    Some(ScoresSummary {
        runs,
        budget,
        n_train,
        sweep_budget: (count(&c["sweep"]["n_train"])?, count(&c["sweep"]["epochs"])?, count(&c["sweep"]["probe"])?),
    })
}

/// The committed results (a test keeps them readable).
pub fn committed() -> Option<ScoresSummary> {
    summary(COMMITTED)
}
