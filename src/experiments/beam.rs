//! Greedy against beam search, the comparison every experiment makes: each
//! trained model (the weights it kept) decodes the test split again with the paper's beam
//! search, K = 1, 5 and 10: RNNsearch on the fast path, as its greedy
//! decoding runs (a test holds its steps to the readable path's to 1e-12,
//! and its beams equal), RNNencdec on the fast path's kernels with the readable
//! step's bits ([`crate::model::fast::summarised`]). The final choice ranks the
//! finished hypotheses by ln p(y | x) with no length normalisation, as the
//! paper's code did by default ([`Norm::None`]). Every width shares greedy's
//! length limit (2 T_x + 10 words, [`max_len`]), so that K = 1 is greedy
//! decoding exactly: the run counts the sentences where the two agree.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use serde_json::{Value, json};

use super::json::{score_from, score_json};
use super::models::{RnnEncDec, RnnSearch};
use super::runner::{Model, RunError, max_len, sentence};
use super::score::Score;
use crate::corpus::Pair;
use crate::decode::beam::{Norm, beam_decode};
use crate::decode::stepper::{FastAttending, FastSummarised};
use crate::model::Params;
use crate::model::encdec::{self, EncDecParams};
use crate::model::fast::with_workspace;
use crate::vocab::{BOS, EOS};

/// The beam widths scored beside greedy (K = 1), fixed before any run.
pub const WIDTHS: [usize; 2] = [5, 10];
/// Each model decodes every test sentence this many times: K = 1, then each width.
pub const DECODES: usize = 1 + WIDTHS.len();
/// The width whose translations are written beside the greedy ones.
pub const WRITTEN: usize = 10;
/// The final choice: ln p(y | x) unnormalised, the paper's.
pub const NORM: Norm = Norm::None;

/// A model the beam search can decode with, through its stepper.
pub trait Beamed: Model {
    /// The best translation of width `k` until <eos> or `max_len` words.
    fn beam(&self, p: &Self::P, source: &[usize], k: usize, ends: (usize, usize), max_len: usize) -> Vec<usize>;
}

impl Beamed for RnnSearch {
    fn beam(&self, p: &Params, source: &[usize], k: usize, (bos, eos): (usize, usize), len: usize) -> Vec<usize> {
        // on the fast path, as greedy decoding is; H and U_a H once for every hypothesis
        with_workspace(|ws| beam_decode(&FastAttending::new(p, ws, source), k, bos, eos, len, NORM))
    }
}

impl Beamed for RnnEncDec {
    fn beam(&self, p: &EncDecParams, source: &[usize], k: usize, (bos, eos): (usize, usize), len: usize) -> Vec<usize> {
        let enc = encdec::encode(p, source); // the summary c, once
        beam_decode(&FastSummarised::new(p, &enc), k, bos, eos, len, NORM)
    }
}

/// One width's scores on the test split, and its translations.
#[derive(Clone, Debug, PartialEq)]
pub struct WidthResult {
    pub k: usize,
    pub buckets: Vec<Score>,
    pub overall: Score,
    pub translations: Vec<String>,
}

/// One model's beam decoding of the test split.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelBeam {
    pub name: String,
    /// Test sentences where the K = 1 beam's translation is greedy's.
    pub k1_equal: usize,
    /// One entry per width of [`WIDTHS`], in order.
    pub widths: Vec<WidthResult>,
    /// Wall time of this model's beam decoding, in seconds (printed, never compared).
    pub secs: f64,
}

/// Scores translations of the test split: each length bucket, then all of it.
pub type Scorer<'a> = &'a (dyn Fn(&[String]) -> (Vec<Score>, Score) + Sync);

/// Decodes the test split with every width and scores it with `score`;
/// `greedy` holds the greedy translations K = 1 is compared with; `stop` is
/// asked before every sentence, and `done` counts the sentences decoded.
pub fn beam_all<M: Beamed>(
    model: &M,
    p: &M::P,
    (test, greedy): (&[Pair], &[String]),
    score: Scorer,
    (stop, done): (&(dyn Fn() -> bool + Sync), &AtomicUsize),
) -> Result<ModelBeam, RunError> {
    let start = Instant::now();
    let tv = model.target_vocab();
    let ends = (tv.id(BOS).unwrap_or(0), tv.id(EOS).unwrap_or(1));
    let decode = |k: usize| -> Result<Vec<String>, RunError> {
        test.iter()
            .map(|pair| match stop() {
                true => Err(RunError::Interrupted),
                false => {
                    let words = model.beam(p, &pair.source, k, ends, max_len(&pair.source));
                    done.fetch_add(1, Ordering::Relaxed);
                    Ok(sentence(&tv, &words))
                }
            })
            .collect()
    };
    let k1_equal = decode(1)?.iter().zip(greedy).filter(|(b, g)| b == g).count();
    let mut widths = Vec::new();
    for k in WIDTHS {
        let translations = decode(k)?;
        let (buckets, overall) = score(&translations);
        widths.push(WidthResult { k, buckets, overall, translations });
    }
    Ok(ModelBeam { name: model.name(), k1_equal, widths, secs: start.elapsed().as_secs_f64() })
}

impl ModelBeam {
    /// The translations of width `k`, if it was decoded.
    pub fn translations(&self, k: usize) -> Option<&[String]> {
        self.widths.iter().find(|w| w.k == k).map(|w| w.translations.as_slice())
    }
}

/// A width's scores, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct WidthSummary {
    pub k: usize,
    pub buckets: Vec<Score>,
    pub overall: Score,
}

/// One model's beam decoding, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamSummary {
    pub name: String,
    pub k1_equal: usize,
    pub widths: Vec<WidthSummary>,
}

impl BeamSummary {
    /// The scores of width `k`.
    pub fn width(&self, k: usize) -> Option<&WidthSummary> {
        self.widths.iter().find(|w| w.k == k)
    }
}

/// One model's beam numbers as JSON (its translations go to a text file).
pub fn beam_json(b: &ModelBeam) -> Value {
    let widths: Vec<Value> = b
        .widths
        .iter()
        .map(|w| {
            let buckets: Vec<Value> = w.buckets.iter().map(score_json).collect();
            json!({ "k": w.k, "buckets": buckets, "overall": score_json(&w.overall) })
        })
        .collect();
    json!({ "name": b.name, "norm": NORM.name(), "k1_equals_greedy": b.k1_equal, "widths": widths })
}

/// Reads [`beam_json`] back.
pub fn beam_from(v: &Value) -> Option<BeamSummary> {
    let width = |w: &Value| -> Option<WidthSummary> {
        Some(WidthSummary {
            k: w["k"].as_u64()? as usize,
            buckets: w["buckets"].as_array()?.iter().map(score_from).collect::<Option<_>>()?,
            overall: score_from(&w["overall"])?,
        })
    };
    Some(BeamSummary {
        name: v["name"].as_str()?.to_string(),
        k1_equal: v["k1_equals_greedy"].as_u64()? as usize,
        widths: v["widths"].as_array()?.iter().map(width).collect::<Option<_>>()?,
    })
}
