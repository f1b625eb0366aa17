//! The results' JSON, the part every experiment shares: a score, a model's
//! numbers and a matrix written as JSON and read back typed, and the text
//! files of translations, one sentence a line, beside it. Each experiment's
//! results module writes its own document from these and reads it back.

use serde_json::{Value, json};

use super::model_result::ModelResult;
use super::runner::{Budget, Check, End, Rule};
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
        "checks": m.checks.iter().map(check_json).collect::<Vec<_>>(),
        "best_check": m.best,
        "end": end_name(m.end),
        "buckets": m.buckets.iter().map(score_json).collect::<Vec<_>>(),
        "overall": score_json(&m.overall),
    })
}

/// One check of training: pair-updates so far, held-out loss and BLEU, the
/// learning rate's multiple.
pub fn check_json(c: &Check) -> Value {
    json!({ "pairs": c.pairs, "loss": c.loss, "bleu": c.bleu, "lr_scale": c.lr_scale })
}

pub fn check_from(v: &Value) -> Option<Check> {
    Some(Check {
        pairs: v["pairs"].as_u64()? as usize,
        loss: v["loss"].as_f64()?,
        bleu: v["bleu"].as_f64()?,
        lr_scale: v["lr_scale"].as_f64()?,
    })
}

pub fn end_name(e: End) -> &'static str {
    match e {
        End::Plateau => "plateau",
        End::Cap => "cap",
    }
}

fn end_from(v: &Value) -> Option<End> {
    match v.as_str()? {
        "plateau" => Some(End::Plateau),
        "cap" => Some(End::Cap),
        _ => None,
    }
}

/// A budget as JSON: the stopping rule's constants, or a number of epochs.
pub fn budget_json(b: &Budget) -> Value {
    match b {
        Budget::Rule(r) => json!({ "rule": {
            "check_every": r.check_every, "patience": r.patience, "min_improvement": r.min_improvement,
            "min_drop": r.min_drop, "halvings": r.halvings, "cap": r.cap } }),
        Budget::Epochs(n) => json!({ "epochs": n }),
    }
}

pub fn budget_of(v: &Value) -> Option<Budget> {
    let count = |v: &Value| v.as_u64().map(|v| v as usize);
    if let Some(n) = count(&v["epochs"]) {
        return Some(Budget::Epochs(n));
    }
    let r = &v["rule"];
    Some(Budget::Rule(Rule {
        check_every: count(&r["check_every"])?,
        patience: count(&r["patience"])?,
        min_improvement: r["min_improvement"].as_f64()?,
        min_drop: r["min_drop"].as_f64()?,
        halvings: count(&r["halvings"])?,
        cap: count(&r["cap"])?,
    }))
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
    /// Every check of training (index 0: before it), and the one kept.
    pub checks: Vec<Check>,
    pub best: usize,
    pub end: End,
    pub buckets: Vec<Score>,
    pub overall: Score,
    /// Its greedy translation of the example sentence (empty where not kept).
    pub example: String,
}

impl ModelSummary {
    /// Pair-updates trained before the rule or the cap ended training.
    pub fn pairs_run(&self) -> usize {
        self.checks.last().map_or(0, |c| c.pairs)
    }

    /// Pair-updates at the check whose weights were kept.
    pub fn best_pairs(&self) -> usize {
        self.checks.get(self.best).map_or(0, |c| c.pairs)
    }

    /// Whether training ended by the stopping rule, not at the cap.
    pub fn converged(&self) -> bool {
        self.end == End::Plateau
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
    model_keyed(m, "name")
}

/// [`model_from`] of a document that writes the model's name under `key`.
pub fn model_keyed(m: &Value, key: &str) -> Option<ModelSummary> {
    Some(ModelSummary {
        name: m[key].as_str()?.to_string(),
        parameters: m["parameters"].as_u64()? as usize,
        checks: m["checks"].as_array()?.iter().map(check_from).collect::<Option<_>>()?,
        best: m["best_check"].as_u64()? as usize,
        end: end_from(&m["end"])?,
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

/// A list of strings, such as a sentence's tokens.
pub fn strings_from(v: &Value) -> Option<Vec<String>> {
    v.as_array()?.iter().map(|w| w.as_str().map(str::to_string)).collect()
}

/// (budget, training pairs) of a config read back.
pub fn budget_from(c: &Value) -> Option<(Budget, usize)> {
    Some((budget_of(&c["run"]["budget"])?, c["corpus"]["n_train"].as_u64()? as usize))
}
