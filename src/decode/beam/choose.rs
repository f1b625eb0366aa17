//! The final choice among the finished hypotheses, and length normalisation.

use super::search::Hypothesis;
use crate::model::Vector;

/// How a finished hypothesis is scored for the final choice. `|y|` counts
/// its words with the `<eos>`, as GroundHog's `--normalize` and dl4mt's
/// `translate.py -n` do (`len(s)` of a sample that ends in `<eos>`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Norm {
    /// ln p(y | x): the paper's (GroundHog normalises only when asked).
    None,
    /// ln p(y | x) / |y|.
    Length,
    /// ln p(y | x) / lp(y), lp(y) = (5 + |y|)^a / 6^a (Wu et al. 2016, GNMT).
    Gnmt(f64),
}

impl Norm {
    /// The GNMT penalty's exponent when none is given.
    pub const GNMT_A: f64 = 0.6;

    pub fn name(&self) -> String {
        match self {
            Norm::None => "none".into(),
            Norm::Length => "length".into(),
            Norm::Gnmt(a) => format!("gnmt:{a}"),
        }
    }

    /// `none`, `length`, `gnmt` or `gnmt:A` with 0 ≤ A ≤ 2.
    pub fn parse(word: &str) -> Result<Norm, String> {
        let a = |t: &str| t.parse::<f64>().ok().filter(|a| (0.0..=2.0).contains(a));
        match word.split_once(':') {
            None if word == "none" => Ok(Norm::None),
            None if word == "length" => Ok(Norm::Length),
            None if word == "gnmt" => Ok(Norm::Gnmt(Norm::GNMT_A)),
            Some(("gnmt", t)) if a(t).is_some() => Ok(Norm::Gnmt(a(t).unwrap_or(Norm::GNMT_A))),
            _ => Err(crate::text::beam::NOT_A_NORM.fill(&[("word", &word)])),
        }
    }
}

// ANCHOR: normalised
/// The score the final choice ranks by.
pub fn normalised(log_p: f64, len: usize, norm: Norm) -> f64 {
    let len = len as f64; // |y|, the <eos> included
    match norm {
        Norm::None => log_p,
        Norm::Length => log_p / len,
        Norm::Gnmt(a) => log_p / ((5.0 + len).powf(a) / 6f64.powf(a)),
    }
}
// ANCHOR_END: normalised

/// A finished hypothesis with its score.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub words: Vec<usize>,
    pub log_p: f64,
    pub score: f64,
    pub alpha: Vec<Vector>,
    pub cut: bool,
}

/// The finished hypotheses, best score first; equal scores keep the order
/// in which they finished.
pub fn choose<S>(finished: &[Hypothesis<S>], norm: Norm) -> Vec<Ranked> {
    let mut ranked: Vec<Ranked> = finished
        .iter()
        .map(|h| Ranked {
            words: h.words.clone(),
            log_p: h.log_p,
            score: normalised(h.log_p, h.words.len(), norm),
            alpha: h.alpha.clone(),
            cut: h.cut,
        })
        .collect();
    ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
    ranked
}
