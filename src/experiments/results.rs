//! The bottleneck experiment's results as JSON (`bahdanau-bottleneck/4`), and
//! the committed copy that the REPL, the book's figure and table read:
//! `src/experiments/results/bottleneck.json`, every seed's numbers (greedy's,
//! and the beam's at K = 5 and 10), with the test split's sources, references
//! and each seed's translations (greedy, and beam K = 10) beside it as plain
//! text, one sentence a line, for any other BLEU tool.

use serde_json::{Value, json};

use super::beam::{BeamSummary, WRITTEN, beam_from, beam_json};
use super::bottleneck::{BottleneckResults, Example};
use super::json::{
    ModelSummary, budget_from, budget_json, lines, mat_from, mat_json, model_from, model_json, strings_from,
    translations_file,
};
use super::runner::Budget;
use crate::model::Mat;

pub const FORMAT: &str = "bahdanau-bottleneck/4";
/// The committed results, read at compile time.
pub const COMMITTED: &str = include_str!("results/bottleneck.json");
/// Where the committed files live, from the crate's root.
pub const DIR: &str = "src/experiments/results";

/// The dims, corpus, training budget and seeds of an experiment, as JSON.
pub(crate) fn config_json(c: &super::bottleneck::BottleneckConfig, seeds: &[u64]) -> Value {
    json!({
        "dims": { "m": c.dims.m, "n": c.dims.n, "n_a": c.dims.n_a, "l": c.dims.l },
        "corpus": { "seed": c.corpus.seed, "n_train": c.corpus.n_train,
                    "held_out_per_bucket": c.corpus.held_out_per_bucket, "test_per_bucket": c.corpus.test_per_bucket },
        "run": { "budget": budget_json(&c.run.budget), "batch": c.run.batch, "lr": c.run.lr, "clip": c.run.clip },
        "seeds": seeds,
    })
}

/// The numbers of the results, as JSON text (the translations go to text files).
pub fn to_json(r: &BottleneckResults) -> String {
    let seeds: Vec<u64> = r.runs.iter().map(|s| s.seed).collect();
    let runs: Vec<Value> = r
        .runs
        .iter()
        .map(|run| {
            let models: Vec<Value> = run
                .models
                .iter()
                .map(|m| {
                    let mut v = model_json(m);
                    v["example_translation"] = json!(m.translations.get(r.example.index));
                    v
                })
                .collect();
            let beam: Vec<Value> = run.beam.iter().map(beam_json).collect();
            json!({ "seed": run.seed, "models": models, "alignment": mat_json(&run.alignment), "beam": beam })
        })
        .collect();
    let doc = json!({
        "format": FORMAT,
        "config": config_json(&r.config, &seeds),
        "runs": runs,
        "example": { "index": r.example.index, "source": r.example.source, "reference": r.example.reference },
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// The text files written beside the JSON: (file name, one sentence a line).
pub fn text_files(r: &BottleneckResults) -> Vec<(String, String)> {
    let mut files = vec![
        ("bottleneck-source.txt".to_string(), lines(&r.sources)),
        ("bottleneck-reference.txt".to_string(), lines(&r.references)),
    ];
    for run in &r.runs {
        for m in &run.models {
            files.push((translations_file("bottleneck", run.seed, &m.name), lines(&m.translations)));
        }
        for b in &run.beam {
            let written = b.widths.iter().filter(|w| w.k == WRITTEN);
            files.extend(written.map(|w| (beam_file(run.seed, &b.name), lines(&w.translations))));
        }
    }
    files
}

/// One seed's models, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedSummary {
    pub seed: u64,
    pub models: Vec<ModelSummary>,
    /// RNNsearch's α of the example.
    pub alignment: Mat,
    /// Each model's beam decoding, in the order of `models`.
    pub beam: Vec<BeamSummary>,
}

/// What the REPL, the report and the book show, read back from the JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub runs: Vec<SeedSummary>,
    pub example: Example,
    /// How long each model trained: the stopping rule's constants.
    pub budget: Budget,
    pub n_train: usize,
}

impl Summary {
    /// The models' names, in the order of every seed's runs.
    pub fn names(&self) -> Vec<&str> {
        self.runs.first().map_or(Vec::new(), |r| r.models.iter().map(|m| m.name.as_str()).collect())
    }

    /// Model `name` at every seed.
    pub fn across<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a ModelSummary> + 'a {
        self.runs.iter().filter_map(move |r| r.models.iter().find(|m| m.name == name))
    }

    /// The run of seed `k`.
    pub fn seed(&self, k: u64) -> Option<&SeedSummary> {
        self.runs.iter().find(|r| r.seed == k)
    }
}

/// Reads results written by [`to_json`]; `None` names no detail, since only
/// the committed file is ever read and a test keeps it valid.
pub fn summary(text: &str) -> Option<Summary> {
    let doc: Value = serde_json::from_str(text).ok()?;
    if doc["format"] != FORMAT {
        return None;
    }
    let mut runs = Vec::new();
    for r in doc["runs"].as_array()? {
        runs.push(SeedSummary {
            seed: r["seed"].as_u64()?,
            models: r["models"].as_array()?.iter().map(model_from).collect::<Option<_>>()?,
            alignment: mat_from(&r["alignment"])?,
            beam: r["beam"].as_array()?.iter().map(beam_from).collect::<Option<_>>()?,
        });
    }
    let ex = &doc["example"];
    let example = Example {
        index: ex["index"].as_u64()? as usize,
        source: strings_from(&ex["source"])?,
        reference: strings_from(&ex["reference"])?,
    };
    let (budget, n_train) = budget_from(&doc["config"])?;
    Some(Summary { runs, example, budget, n_train })
}

/// The committed results (a test keeps them readable).
pub fn committed() -> Option<Summary> {
    summary(COMMITTED)
}

/// The file of one seed's translations by one model at width [`WRITTEN`].
pub fn beam_file(seed: u64, model: &str) -> String {
    format!("bottleneck-seed{seed}-{}-beam{WRITTEN}.txt", model.to_lowercase())
}
