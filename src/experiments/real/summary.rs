//! The real-corpus experiment's results read back typed from their JSON
//! (`bahdanau-real/3`, written by [`super::results::to_json`]): the numbers
//! every experiment keeps ([`ModelSummary`], [`BeamSummary`]), and what is
//! this one's own: each run's seed, words and `<unk>` replacement, the copy
//! baseline, the example sentences with their α and the replaced ones.
//! Everything the report, the REPL, the figures and the book show of the
//! real corpus is read from here.

use serde_json::Value;

use super::results::precision_name;
use crate::corpus::real::VocabSpec;
use crate::decode::unk::Fill;
use crate::experiments::beam::{BeamSummary, beam_from};
use crate::experiments::json::{ModelSummary, budget_of, mat_from, model_keyed, score_from, strings_from};
use crate::experiments::runner::RunSpec;
use crate::experiments::score::Score;
use crate::experiments::spread::{LengthSpread, by_length};
use crate::model::{Dims, Mat};
use crate::train::engine::Precision;

/// The config the results were run with (its seeds a list, where a
/// [`super::RealConfig`]'s are a static slice).
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigSummary {
    pub dims: Dims,
    pub vocab: VocabSpec,
    pub n_train: usize,
    pub max_train_words: usize,
    pub n_held_out: usize,
    pub seeds: Vec<u64>,
    /// The budget, batch, learning rate and clip; its two seeds are 0, as
    /// each run's replaces them.
    pub run: RunSpec,
    /// The output layer's precision; results written before it was
    /// recorded were float64.
    pub output: Precision,
}

/// What a run took, in seconds (printed, never compared).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Times {
    pub train_secs: f64,
    pub pairs_per_sec: f64,
    pub beam_secs: f64,
}

/// One run's greedy translations with every `<unk>` replaced through α.
#[derive(Clone, Debug, PartialEq)]
pub struct UnkSummary {
    pub buckets: Vec<Score>,
    pub overall: Score,
    /// `<unk>` written, filled, and filled with a word of the reference.
    pub written: usize,
    pub filled: usize,
    pub in_reference: usize,
}

/// One (seed, model) run, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSummary {
    /// Its name, size, training and greedy scores by length, as every experiment's.
    pub model: ModelSummary,
    pub seed: u64,
    pub beam: BeamSummary,
    /// The words it wrote over the test split: (K, words), K = 1 greedy.
    pub words: Vec<(usize, usize)>,
    /// RNNsearch's only: a model without α has nothing to replace through.
    pub unk: Option<UnkSummary>,
    pub times: Times,
}

/// One model's translations of an example sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    pub model: String,
    /// Greedy's, and the beam's of width [`ExampleSummary::k`]; None where the model did not run.
    pub greedy: Option<String>,
    pub beam: Option<String>,
}

/// One of the example sentences the book shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ExampleSummary {
    /// Its place in the test split, and its tokens.
    pub index: usize,
    pub source: Vec<String>,
    pub reference: Vec<String>,
    /// The beam width of [`Said::beam`].
    pub k: usize,
    /// RNNsearch's, then RNNencdec's (the config's first seed).
    pub said: Vec<Said>,
    /// RNNsearch's α over the reference, teacher-forced: rows α_1 … α_{T_y}.
    pub alignment: Option<Mat>,
}

/// A sentence whose `<unk>` were replaced, as the book shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnkExample {
    pub index: usize,
    pub source: String,
    pub reference: String,
    pub plain: String,
    pub replaced: String,
    pub fills: Vec<Fill>,
}

/// The real-corpus results, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct RealSummary {
    pub config: ConfigSummary,
    pub notice: String,
    /// Buckets 0 … measured − 1 hold at least 50 test sentences.
    pub measured: usize,
    /// Training, held-out and test pairs.
    pub pairs: (usize, usize, usize),
    /// The English and the French shortlist's sizes.
    pub shortlists: (usize, usize),
    pub reference_words: usize,
    /// The copy-the-source baseline by length, and over the test split.
    pub copy: (Vec<Score>, Score),
    pub runs: Vec<RunSummary>,
    pub examples: Vec<ExampleSummary>,
    pub unk_examples: Vec<UnkExample>,
}

/// The models of every run, in the order each seed runs them.
pub const MODELS: [&str; 2] = ["RNNsearch", "RNNencdec"];

impl RunSummary {
    /// Its scores by one decoder, by length and overall: greedy (K = 1) or
    /// the beam of width `k`.
    pub fn decoded(&self, k: usize) -> Option<(&[Score], &Score)> {
        match k {
            1 => Some((&self.model.buckets, &self.model.overall)),
            _ => self.beam.width(k).map(|w| (w.buckets.as_slice(), &w.overall)),
        }
    }

    /// The words it wrote with width `k` (1: greedy).
    pub fn words(&self, k: usize) -> Option<usize> {
        self.words.iter().find(|w| w.0 == k).map(|w| w.1)
    }

    /// Beam K = 10 minus greedy over the whole test split: None when the
    /// run holds no K = 10.
    pub fn beam_gain(&self) -> Option<f64> {
        Some(self.decoded(10)?.1.bleu - self.decoded(1)?.1.bleu)
    }

    /// The run without its times, for comparing one run with another.
    pub fn untimed(&self) -> RunSummary {
        RunSummary { times: Times::default(), ..self.clone() }
    }
}

impl RealSummary {
    /// The runs of `model`, seed by seed.
    pub fn across<'a>(&'a self, model: &'a str) -> impl Iterator<Item = &'a RunSummary> + 'a {
        self.runs.iter().filter(move |r| r.model.name == model)
    }

    /// The measured buckets' names, such as "6–10".
    pub fn labels(&self) -> Vec<&str> {
        self.copy.0.iter().take(self.measured).map(|b| b.label.as_str()).collect()
    }

    /// The spread over the seeds of `model` decoded with width `k` (1:
    /// greedy), in the measured buckets and over the test split.
    pub fn spread_at(&self, model: &str, k: usize) -> LengthSpread {
        self.spread_of(self.across(model).filter_map(|r| r.decoded(k)))
    }

    /// The spread of RNNsearch's greedy translations with `<unk>` replaced through α.
    pub fn spread_replaced(&self) -> LengthSpread {
        let unk = self.across("RNNsearch").filter_map(|r| r.unk.as_ref());
        self.spread_of(unk.map(|u| (u.buckets.as_slice(), &u.overall)))
    }

    fn spread_of<'a>(&self, runs: impl Iterator<Item = (&'a [Score], &'a Score)>) -> LengthSpread {
        let measured = |b: &'a [Score]| &b[..b.len().min(self.measured)];
        by_length(&runs.map(|(b, all)| (measured(b), all)).collect::<Vec<_>>())
    }
}

impl ExampleSummary {
    /// The translations of `model`.
    pub fn said(&self, model: &str) -> Option<&Said> {
        self.said.iter().find(|s| s.model == model)
    }
}

/// The committed results (`src/experiments/results/real.json`), read at compile time.
pub const COMMITTED: &str = include_str!("../results/real.json");

/// The committed results, read back; None if they do not parse or are of another format.
pub fn committed() -> Option<RealSummary> {
    summary(COMMITTED)
}

/// An optional field: null is None, anything else must read as `read` reads it.
fn nullable<T>(v: &Value, read: impl Fn(&Value) -> Option<T>) -> Option<Option<T>> {
    if v.is_null() { Some(None) } else { read(v).map(Some) }
}

fn count(v: &Value) -> Option<usize> {
    v.as_u64().map(|n| n as usize)
}

fn text(v: &Value) -> Option<String> {
    v.as_str().map(String::from)
}

fn scores(v: &Value) -> Option<(Vec<Score>, Score)> {
    Some((v["buckets"].as_array()?.iter().map(score_from).collect::<Option<_>>()?, score_from(&v["overall"])?))
}

fn config_from(c: &Value) -> Option<ConfigSummary> {
    let (d, r) = (&c["dims"], &c["run"]);
    Some(ConfigSummary {
        dims: Dims { m: count(&d["m"])?, n: count(&d["n"])?, n_a: count(&d["n_a"])?, l: count(&d["l"])? },
        vocab: VocabSpec { coverage: c["shortlist"]["coverage"].as_f64()?, max: count(&c["shortlist"]["max"])? },
        n_train: count(&c["n_train"])?,
        max_train_words: count(&c["max_train_words"])?,
        n_held_out: count(&c["n_held_out"])?,
        seeds: c["seeds"].as_array()?.iter().map(Value::as_u64).collect::<Option<_>>()?,
        run: RunSpec {
            init_seed: 0,
            order_seed: 0,
            budget: budget_of(&r["budget"])?,
            batch: count(&r["batch"])?,
            lr: r["lr"].as_f64()?,
            clip: r["clip"].as_f64()?,
        },
        output: match c["output"].as_str() {
            None => Precision::F64,
            Some(name) => [Precision::F64, Precision::F32].into_iter().find(|&p| precision_name(p) == name)?,
        },
    })
}

fn unk_from(u: &Value) -> Option<UnkSummary> {
    let (buckets, overall) = scores(u)?;
    Some(UnkSummary {
        buckets,
        overall,
        written: count(&u["written"])?,
        filled: count(&u["filled"])?,
        in_reference: count(&u["in_reference"])?,
    })
}

fn run_from(m: &Value) -> Option<RunSummary> {
    let words = m["words"].as_object()?.iter().map(|(k, n)| Some((k.parse().ok()?, count(n)?)));
    let mut words: Vec<(usize, usize)> = words.collect::<Option<_>>()?;
    words.sort_unstable();
    Some(RunSummary {
        model: model_keyed(m, "model")?,
        seed: m["seed"].as_u64()?,
        beam: beam_from(&m["beam"])?,
        words,
        unk: nullable(&m["unk_replaced"], unk_from)?,
        times: Times {
            train_secs: m["train_secs"].as_f64()?,
            pairs_per_sec: m["pairs_per_sec"].as_f64()?,
            beam_secs: m["beam_secs"].as_f64()?,
        },
    })
}

fn example_from(ex: &Value) -> Option<ExampleSummary> {
    let said = |model: &str| -> Option<Said> {
        let (greedy, beam) = (nullable(&ex[model], text)?, nullable(&ex["beam"][model], text)?);
        Some(Said { model: model.to_string(), greedy, beam })
    };
    Some(ExampleSummary {
        index: count(&ex["index"])?,
        source: strings_from(&ex["source"])?,
        reference: strings_from(&ex["reference"])?,
        k: count(&ex["beam"]["k"])?,
        said: MODELS.iter().map(|m| said(m)).collect::<Option<_>>()?,
        alignment: nullable(&ex["alignment"], mat_from)?,
    })
}

fn fill_from(f: &Value) -> Option<Fill> {
    Some(Fill {
        t: count(&f["t"])?,
        j: count(&f["j"])?,
        word: text(&f["word"])?,
        alpha: f["alpha"].as_f64()?,
        copied: f["copied"].as_bool()?,
    })
}

fn unk_example_from(ex: &Value) -> Option<UnkExample> {
    Some(UnkExample {
        index: count(&ex["index"])?,
        source: text(&ex["source"])?,
        reference: text(&ex["reference"])?,
        plain: text(&ex["plain"])?,
        replaced: text(&ex["replaced"])?,
        fills: ex["fills"].as_array()?.iter().map(fill_from).collect::<Option<_>>()?,
    })
}

/// Reads results written by [`super::results::to_json`]; None if they do
/// not parse, are of another format or lack a number.
pub fn summary(json: &str) -> Option<RealSummary> {
    let doc: Value = serde_json::from_str(json).ok()?;
    if doc["format"] != super::results::FORMAT {
        return None;
    }
    let list = |key: &str| doc[key].as_array();
    Some(RealSummary {
        config: config_from(&doc["config"])?,
        notice: text(&doc["notice"])?,
        measured: count(&doc["measured"])?,
        pairs: (count(&doc["pairs"]["train"])?, count(&doc["pairs"]["held_out"])?, count(&doc["pairs"]["test"])?),
        shortlists: (count(&doc["shortlists"]["en"])?, count(&doc["shortlists"]["fr"])?),
        reference_words: count(&doc["reference_words"])?,
        copy: scores(&doc["copy"])?,
        runs: list("runs")?.iter().map(run_from).collect::<Option<_>>()?,
        examples: list("examples")?.iter().map(example_from).collect::<Option<_>>()?,
        unk_examples: list("unk_examples")?.iter().map(unk_example_from).collect::<Option<_>>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The committed file read back typed holds what it holds untyped, run
    /// by run and example by example.
    #[test]
    fn the_committed_results_read_back_typed_as_they_read_untyped() {
        let s = summary(COMMITTED).expect("results/real.json reads back");
        let v: Value = serde_json::from_str(COMMITTED).unwrap();
        assert_eq!(s.runs.len(), v["runs"].as_array().unwrap().len());
        for (typed, m) in s.runs.iter().zip(v["runs"].as_array().unwrap()) {
            assert_eq!(json!(typed.model.name), m["model"]);
            assert_eq!(json!(typed.seed), m["seed"]);
            assert_eq!(json!(typed.model.overall.bleu), m["overall"]["bleu"]);
            assert_eq!(json!(typed.model.checks.len()), json!(m["checks"].as_array().unwrap().len()));
            assert_eq!(json!(typed.decoded(10).unwrap().1.bleu), m["beam"]["widths"][1]["overall"]["bleu"]);
            assert_eq!(json!(typed.words(10)), m["words"]["10"]);
            assert_eq!(json!(typed.unk.as_ref().map(|u| u.filled)), m["unk_replaced"]["filled"]);
            assert_eq!(json!(typed.times.beam_secs), m["beam_secs"]);
        }
        for (typed, ex) in s.examples.iter().zip(v["examples"].as_array().unwrap()) {
            let a = typed.alignment.as_ref().unwrap();
            assert_eq!(json!([a.nrows(), a.ncols()]), ex["alignment"]["shape"]);
            assert_eq!(json!(a.transpose().as_slice()), ex["alignment"]["data"], "α row by row");
            assert_eq!(json!(typed.said("RNNencdec").unwrap().beam), ex["beam"]["RNNencdec"]);
        }
        assert_eq!(s.unk_examples.len(), v["unk_examples"].as_array().unwrap().len());
        for (typed, ex) in s.unk_examples.iter().zip(v["unk_examples"].as_array().unwrap()) {
            assert_eq!(json!(typed.replaced), ex["replaced"]);
            for (f, g) in typed.fills.iter().zip(ex["fills"].as_array().unwrap()) {
                let untyped = json!([g["t"], g["j"], g["word"], g["alpha"], g["copied"]]);
                assert_eq!(json!([f.t, f.j, f.word, f.alpha, f.copied]), untyped);
            }
        }
        assert_eq!((s.measured, s.config.seeds.as_slice()), (8, &[2014, 2015, 2016][..]));
        // the precision is read back, and results from before it was
        // recorded read as float64, the only precision there was
        assert_eq!(s.config.output, super::super::RealConfig::FULL.output);
        let mut old = v.clone();
        old["config"].as_object_mut().unwrap().remove("output");
        assert_eq!(summary(&old.to_string()).map(|o| o.config.output), Some(Precision::F64));
        old["config"]["output"] = json!("float16");
        assert!(summary(&old.to_string()).is_none(), "an unknown precision is refused");
    }

    #[test]
    fn results_of_another_format_or_with_a_number_missing_are_refused_not_panicked_on() {
        assert_eq!(summary("not json"), None);
        assert_eq!(summary(&COMMITTED.replace("bahdanau-real/3", "bahdanau-real/2")), None);
        let mut v: Value = serde_json::from_str(COMMITTED).unwrap();
        v["runs"][0]["seed"] = json!("2014");
        assert_eq!(summary(&v.to_string()), None);
        let mut v: Value = serde_json::from_str(COMMITTED).unwrap();
        v["examples"][0]["alignment"]["data"] = json!([1.0]);
        assert_eq!(summary(&v.to_string()), None, "an α of another shape than it says");
    }
}
