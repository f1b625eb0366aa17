//! The walkthrough: one translation recorded as a trace, and every step of it
//! as a labelled tensor. The REPL, the snapshots, the export and the book all
//! read from here.

pub mod explain;
pub mod scenario;
pub mod steps;
pub mod trace;

use crate::model::diagnostics::{SATURATED, saturated_share};
use crate::model::{Mat, Params, Vector};
use crate::text::steps as T;
use crate::vocab::{BOS, EOS, Vocab};
pub use scenario::Scenario;
pub use steps::{STEP_INFO, StepInfo, StepRef};
pub use trace::Trace;

/// A matrix with a label for every row and column.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub values: Mat,
    pub rows: Vec<String>,
    pub cols: Vec<String>,
}

/// A scenario, its parameters and the trace of its translation.
#[derive(Clone, Debug, PartialEq)]
pub struct Walkthrough {
    pub scenario: Scenario,
    pub params: Params,
    pub source_vocab: Vocab,
    pub target_vocab: Vocab,
    pub trace: Trace,
}

impl Walkthrough {
    // `Walkthrough::new`, which chooses the weights (trained or drawn), lives
    // in `crate::weights`, above both this module and `train/`.

    /// Records the scenario's translation on the given parameters.
    pub fn with_params(scenario: Scenario, params: Params) -> Result<Walkthrough, String> {
        let (source_vocab, target_vocab) = (scenario.source_vocab(), scenario.target_vocab());
        let ids = |v: &Vocab, words: &[String]| words.iter().map(|w| v.id(w)).collect::<Result<Vec<_>, _>>();
        let source_ids = ids(&source_vocab, &scenario.source)?;
        let target_ids = ids(&target_vocab, &scenario.target)?;
        if params.E_x.ncols() != source_vocab.len() || params.E_y.ncols() != target_vocab.len() {
            return Err(crate::text::errors::OTHER_VOCABULARIES.get().into());
        }
        let trace = Trace::record(&params, &source_ids, &target_ids, target_vocab.id(BOS)?);
        Ok(Walkthrough { scenario, params, source_vocab, target_vocab, trace })
    }

    /// Every step in walkthrough order.
    pub fn order(&self) -> Vec<StepRef> {
        steps::order(self.trace.steps.len())
    }

    /// The greedy translation of the source, as target tokens.
    pub fn decode(&self) -> Vec<String> {
        let eos = self.target_vocab.id(EOS).expect("<eos> is in every vocabulary");
        let ids = crate::decode::greedy_decode(
            &self.params,
            &self.trace.source_ids,
            self.trace.bos_id,
            eos,
            crate::decode::max_len(self.trace.source_ids.len()),
        );
        ids.into_iter().map(|i| self.target_vocab.token(i).to_string()).collect()
    }

    /// The tensor a step shows, with its rows and columns labelled. Returns
    /// `None` for a step id outside 1 … 14 or a t outside 1 … T_y.
    pub fn tensor(&self, step: StepRef) -> Option<Tensor> {
        let tr = &self.trace;
        let d = match step.t {
            Some(t) if (1..=tr.steps.len()).contains(&t) => Some(&tr.steps[t - 1]),
            Some(_) => return None,
            None => None,
        };
        let src = || self.scenario.source.clone();
        let (dims, halves) = (index_labels, half_labels);
        let col = |v: &Vector, rows: Vec<String>, label: String| Tensor {
            values: Mat::from_column_slice(v.len(), 1, v.as_slice()),
            rows,
            cols: vec![label],
        };
        let row = |v: &Vector, label: String| Tensor {
            values: Mat::from_row_slice(1, v.len(), v.as_slice()),
            rows: vec![label],
            cols: src(),
        };
        let grid = |m: &Mat, rows: Vec<String>| Tensor { values: m.clone(), rows, cols: src() };
        let n = self.params.dims().n;
        let t = step.t.unwrap_or(0);
        Some(match (step.id, d) {
            (1, _) => grid(&tr.enc.x, dims(tr.enc.x.nrows())),
            (2, _) => grid(&tr.enc.fwd.h, dims(n)),
            (3, _) => grid(&tr.enc.bwd.h, dims(n)),
            (4, _) => grid(&tr.enc.h, halves(n)),
            (5, _) => col(&tr.enc.s_0, dims(n), "s_0".into()),
            (6, Some(d)) => col(&d.wa_s, dims(d.wa_s.len()), format!("W_a s_{}", t - 1)),
            (7, _) => grid(&tr.enc.ua_h, dims(tr.enc.ua_h.nrows())),
            (8, Some(d)) => grid(&d.hidden, dims(d.hidden.nrows())),
            (9, Some(d)) => row(&d.e, format!("e_{t}")),
            (10, Some(d)) => row(&d.alpha, format!("α_{t}")),
            (11, Some(d)) => col(&d.c, halves(n), format!("c_{t}")),
            (12, Some(d)) => col(d.s(), dims(n), format!("s_{t}")),
            (13, Some(d)) => col(&d.p, self.target_vocab.tokens().to_vec(), format!("p(y_{t})")),
            (14, _) => Tensor { values: tr.alignment(), rows: self.scenario.target.clone(), cols: src() },
            _ => return None,
        })
    }

    /// A sentence about this step's numbers that the table alone does not say.
    pub fn observation(&self, step: StepRef) -> Option<String> {
        let t = step.t?;
        let d = self.trace.steps.get(t.checked_sub(1)?)?;
        let (src, tgt) = (&self.scenario.source, &self.scenario.target);
        match step.id {
            8 => Some(saturation_sentence(&d.pre, &d.hidden, t)),
            10 => {
                let (i, a) = d.alpha.argmax();
                let alpha = fmt_num(a, 4);
                Some(T::OBS_ALPHA.fill(&[("target", &tgt[t - 1]), ("source", &src[i]), ("alpha", &alpha)]))
            }
            13 => {
                let want = self.trace.target_ids[t - 1];
                let (best, pb) = d.p.argmax();
                let (p_want, p_best) = (fmt_num(d.p[want], 4), fmt_num(pb, 4));
                Some(T::OBS_P.fill(&[
                    ("want", &tgt[t - 1]),
                    ("p_want", &p_want),
                    ("best", &self.target_vocab.token(best)),
                    ("p_best", &p_best),
                ]))
            }
            _ => None,
        }
    }
}

/// How much of step 08 is saturated, with the numbers that say why it matters.
fn saturation_sentence(pre: &Mat, hidden: &Mat, t: usize) -> String {
    let share = saturated_share(hidden, SATURATED);
    let count = hidden.iter().filter(|v| v.abs() > SATURATED).count();
    let big = pre.amax(); // the largest |W_a s_{t-1} + U_a h_i|
    let slope = 1.0 - big.tanh().powi(2);
    T::OBS_SATURATION.fill(&[
        ("count", &count),
        ("total", &hidden.len()),
        ("share", &fmt_num(100.0 * share, 0)),
        ("limit", &SATURATED.to_string()),
        ("slope_limit", &fmt_num(1.0 - SATURATED * SATURATED, 4)),
        ("prev", &(t - 1)),
        ("big", &fmt_num(big, 2)),
        ("slope", &format!("{slope:.1e}")),
    ])
}

/// The row labels of a dimension, 1 … k: every position a learner reads
/// (words, dimensions, t) counts from 1, as the paper and the book do.
pub fn index_labels(k: usize) -> Vec<String> {
    (1..=k).map(|i| i.to_string()).collect()
}

/// The rows of H or c_t: →1 … →n (forward half), then ←1 … ←n (backward half).
pub fn half_labels(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("→{i}")).chain((1..=n).map(|i| format!("←{i}"))).collect()
}

/// Fixed decimals, with a negative zero printed as zero.
pub fn fmt_num(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') { s[1..].to_string() } else { s }
}

/// A difference with its sign, two decimals: "+0.52", "−1.20", "0.00".
pub fn signed(x: f64) -> String {
    let text = fmt_num(x.abs(), 2);
    match x {
        x if x > 0.0 => format!("+{text}"),
        x if x < 0.0 => format!("−{text}"),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_zero_prints_as_zero() {
        assert_eq!(fmt_num(-0.0, 3), "0.000");
        assert_eq!(fmt_num(-0.00004, 4), "0.0000");
        assert_eq!(fmt_num(-0.5, 2), "-0.50");
        assert_eq!(fmt_num(1.23456, 4), "1.2346");
    }

    #[test]
    fn every_step_of_the_default_walk_has_a_tensor_of_the_stated_shape() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let (tx, ty) = (w.scenario.source.len(), w.scenario.target.len());
        for s in w.order() {
            let t = w.tensor(s).unwrap();
            assert_eq!(t.rows.len(), t.values.nrows(), "{}", s.key());
            assert_eq!(t.cols.len(), t.values.ncols(), "{}", s.key());
            let n_elems = t.values.len();
            let expect = match s.id {
                1..=3 => 8 * tx,
                7 | 8 => 16 * tx,
                4 => 16 * tx,
                5 | 12 => 8,
                6 => 16,
                9 | 10 => tx,
                11 => 16,
                13 => w.target_vocab.len(),
                14 => ty * tx,
                _ => unreachable!(),
            };
            assert_eq!(n_elems, expect, "{}", s.key());
        }
        assert!(w.tensor(StepRef { id: 9, t: Some(ty + 1) }).is_none());
    }

    #[test]
    fn context_rows_of_the_walk_equal_weighted_annotations() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        for d in &w.trace.steps {
            let mut sum = Vector::zeros(16);
            for i in 0..w.trace.source_ids.len() {
                sum += w.trace.enc.h.column(i) * d.alpha[i];
            }
            assert!((sum - &d.c).amax() < 1e-14);
            assert!((d.alpha.sum() - 1.0).abs() < 1e-14);
        }
    }
}
