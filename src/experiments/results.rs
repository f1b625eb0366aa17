//! The bottleneck experiment's results as JSON (`bahdanau-bottleneck/1`), and
//! the committed copy that the REPL, the book's figure and table read:
//! `src/experiments/results/bottleneck.json`, with the test split's sources,
//! references and both models' translations beside it as plain text, one
//! sentence a line, for any other BLEU tool.

use serde_json::{Value, json};

use super::bottleneck::{BottleneckResults, Example, Score};
use crate::model::Mat;

pub const FORMAT: &str = "bahdanau-bottleneck/1";
/// The committed results, read at compile time.
pub const COMMITTED: &str = include_str!("results/bottleneck.json");
/// Where the committed files live, from the crate's root.
pub const DIR: &str = "src/experiments/results";

pub(crate) fn score_json(s: &Score) -> Value {
    json!({ "label": s.label, "sentences": s.sentences, "bleu": s.bleu, "exact": s.exact })
}

/// The dims, corpus and training run of an experiment, as JSON.
pub(crate) fn config_json(c: &super::bottleneck::BottleneckConfig) -> Value {
    json!({
        "dims": { "m": c.dims.m, "n": c.dims.n, "n_a": c.dims.n_a, "l": c.dims.l },
        "corpus": { "seed": c.corpus.seed, "n_train": c.corpus.n_train,
                    "held_out_per_bucket": c.corpus.held_out_per_bucket, "test_per_bucket": c.corpus.test_per_bucket },
        "run": { "init_seed": c.run.init_seed, "order_seed": c.run.order_seed, "epochs": c.run.epochs,
                 "batch": c.run.batch, "lr": c.run.lr, "clip": c.run.clip },
    })
}

/// The numbers of the results, as JSON text (the translations go to text files).
pub fn to_json(r: &BottleneckResults) -> String {
    let c = &r.config;
    let models: Vec<Value> = r
        .models
        .iter()
        .map(|m| {
            json!({
                "name": m.name,
                "parameters": m.parameters,
                "best_epoch": m.best_epoch,
                "held_out_bleu": m.held_out_bleu,
                "buckets": m.buckets.iter().map(score_json).collect::<Vec<_>>(),
                "overall": score_json(&m.overall),
                "example_translation": m.translations.get(r.example.index),
            })
        })
        .collect();
    let a = &r.example.alignment;
    let doc = json!({
        "format": FORMAT,
        "config": config_json(c),
        "models": models,
        "example": {
            "index": r.example.index,
            "source": r.example.source,
            "reference": r.example.reference,
            "alignment": { "shape": [a.nrows(), a.ncols()], "data": a.transpose().as_slice() },
        },
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// The text files written beside the JSON: (file name, one sentence a line).
pub fn text_files(r: &BottleneckResults) -> Vec<(String, String)> {
    let lines = |v: &[String]| v.iter().map(|s| format!("{s}\n")).collect::<String>();
    let mut files = vec![
        ("bottleneck-source.txt".to_string(), lines(&r.sources)),
        ("bottleneck-reference.txt".to_string(), lines(&r.references)),
    ];
    for m in &r.models {
        files.push((format!("bottleneck-{}.txt", m.name.to_lowercase()), lines(&m.translations)));
    }
    files
}

/// One model's numbers, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelSummary {
    pub name: String,
    pub parameters: usize,
    pub best_epoch: usize,
    pub buckets: Vec<Score>,
    pub overall: Score,
    /// Its greedy translation of the example sentence.
    pub example: String,
}

/// What the REPL, the report and the book show, read back from the JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub models: Vec<ModelSummary>,
    pub example: Example,
    pub epochs: usize,
    pub n_train: usize,
}

pub(crate) fn score_from(v: &Value) -> Option<Score> {
    Some(Score {
        label: v["label"].as_str()?.to_string(),
        sentences: v["sentences"].as_u64()? as usize,
        bleu: v["bleu"].as_f64()?,
        exact: v["exact"].as_u64()? as usize,
    })
}

fn words(v: &Value) -> Option<Vec<String>> {
    v.as_array()?.iter().map(|w| w.as_str().map(str::to_string)).collect()
}

/// Reads results written by [`to_json`]; `None` names no detail, since only
/// the committed file is ever read and a test keeps it valid.
pub fn summary(text: &str) -> Option<Summary> {
    let doc: Value = serde_json::from_str(text).ok()?;
    if doc["format"] != FORMAT {
        return None;
    }
    let mut models = Vec::new();
    for m in doc["models"].as_array()? {
        let buckets = m["buckets"].as_array()?.iter().map(score_from).collect::<Option<Vec<_>>>()?;
        models.push(ModelSummary {
            name: m["name"].as_str()?.to_string(),
            parameters: m["parameters"].as_u64()? as usize,
            best_epoch: m["best_epoch"].as_u64()? as usize,
            buckets,
            overall: score_from(&m["overall"])?,
            example: m["example_translation"].as_str()?.to_string(),
        });
    }
    let ex = &doc["example"];
    let shape = ex["alignment"]["shape"].as_array()?;
    let (rows, cols) = (shape.first()?.as_u64()? as usize, shape.get(1)?.as_u64()? as usize);
    let data: Vec<f64> = ex["alignment"]["data"].as_array()?.iter().map(Value::as_f64).collect::<Option<_>>()?;
    if data.len() != rows * cols {
        return None;
    }
    let example = Example {
        index: ex["index"].as_u64()? as usize,
        source: words(&ex["source"])?,
        reference: words(&ex["reference"])?,
        alignment: Mat::from_row_slice(rows, cols, &data),
    };
    let run = &doc["config"]["run"];
    let n_train = doc["config"]["corpus"]["n_train"].as_u64()? as usize;
    Some(Summary { models, example, epochs: run["epochs"].as_u64()? as usize, n_train })
}

/// The committed results (a test keeps them readable).
pub fn committed() -> Option<Summary> {
    summary(COMMITTED)
}
