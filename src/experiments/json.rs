//! The results' JSON, the part every experiment shares: a score, a model's
//! numbers and a matrix written as JSON and read back typed, and the text
//! files of translations, one sentence a line, beside it. Each experiment's
//! results module writes its own document from these and reads it back.

use serde_json::{Value, json};

use super::model_result::ModelResult;
use super::runner::stopped_by_rule;
use super::score::Score;
use crate::model::Mat;

pub fn score_json(s: &Score) -> Value {
    json!({ "label": s.label, "sentences": s.sentences, "bleu": s.bleu, "exact": s.exact })
}

/// A model's numbers, as every experiment writes them.
pub fn model_json(m: &ModelResult) -> Value {
    json!({
        "name": m.name,
        "parameters": m.parameters,
        "best_epoch": m.best_epoch,
        "held_out_bleu": m.held_out_bleu,
        "buckets": m.buckets.iter().map(score_json).collect::<Vec<_>>(),
        "overall": score_json(&m.overall),
    })
}

pub fn mat_json(a: &Mat) -> Value {
    json!({ "shape": [a.nrows(), a.ncols()], "data": a.transpose().as_slice() })
}

/// The file of one seed's translations by one model.
pub fn translations_file(experiment: &str, seed: u64, model: &str) -> String {
    format!("{experiment}-seed{seed}-{}.txt", model.to_lowercase())
}

/// One sentence a line.
pub fn lines(v: &[String]) -> String {
    v.iter().map(|s| format!("{s}\n")).collect()
}

/// One model's numbers, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelSummary {
    pub name: String,
    pub parameters: usize,
    pub best_epoch: usize,
    /// Held-out BLEU before training and after every epoch run.
    pub held_out_bleu: Vec<f64>,
    pub buckets: Vec<Score>,
    pub overall: Score,
    /// Its greedy translation of the example sentence (empty where not kept).
    pub example: String,
}

impl ModelSummary {
    /// Epochs trained before the stopping rule or the cap ended training.
    pub fn epochs_run(&self) -> usize {
        self.held_out_bleu.len().saturating_sub(1)
    }

    /// Whether training ended by the stopping rule, not at the cap.
    pub fn converged(&self, patience: usize) -> bool {
        stopped_by_rule(self.best_epoch, self.epochs_run(), patience)
    }
}

pub fn score_from(v: &Value) -> Option<Score> {
    Some(Score {
        label: v["label"].as_str()?.to_string(),
        sentences: v["sentences"].as_u64()? as usize,
        bleu: v["bleu"].as_f64()?,
        exact: v["exact"].as_u64()? as usize,
    })
}

pub fn model_from(m: &Value) -> Option<ModelSummary> {
    Some(ModelSummary {
        name: m["name"].as_str()?.to_string(),
        parameters: m["parameters"].as_u64()? as usize,
        best_epoch: m["best_epoch"].as_u64()? as usize,
        held_out_bleu: m["held_out_bleu"].as_array()?.iter().map(Value::as_f64).collect::<Option<_>>()?,
        buckets: m["buckets"].as_array()?.iter().map(score_from).collect::<Option<Vec<_>>>()?,
        overall: score_from(&m["overall"])?,
        example: m["example_translation"].as_str().unwrap_or_default().to_string(),
    })
}

pub fn mat_from(v: &Value) -> Option<Mat> {
    let shape = v["shape"].as_array()?;
    let (rows, cols) = (shape.first()?.as_u64()? as usize, shape.get(1)?.as_u64()? as usize);
    let data: Vec<f64> = v["data"].as_array()?.iter().map(Value::as_f64).collect::<Option<_>>()?;
    (data.len() == rows * cols).then(|| Mat::from_row_slice(rows, cols, &data))
}

/// (cap on epochs, patience, training pairs) of a config read back.
pub fn budget_from(c: &Value) -> Option<(usize, usize, usize)> {
    let count = |v: &Value| v.as_u64().map(|v| v as usize);
    Some((count(&c["run"]["epochs"])?, count(&c["run"]["patience"])?, count(&c["corpus"]["n_train"])?))
}
