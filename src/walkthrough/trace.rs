//! One translation, recorded: every tensor the model computes for a source
//! sentence, teacher-forced on a given target.

pub use crate::decode::step::{DecoderStep, Encoded, decode_step, encode};
use crate::model::{Mat, Params};

/// A whole translation of `source_ids`, teacher-forced on `target_ids`.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub source_ids: Vec<usize>,
    pub target_ids: Vec<usize>,
    pub bos_id: usize,
    pub enc: Encoded,
    pub steps: Vec<DecoderStep>, // one per target position t = 1 … T_y
}

impl Trace {
    /// Runs the model once: y_0 = <bos>, then y_{t−1} is the given target word.
    pub fn record(p: &Params, source_ids: &[usize], target_ids: &[usize], bos_id: usize) -> Trace {
        let enc = encode(p, source_ids);
        let mut steps: Vec<DecoderStep> = Vec::with_capacity(target_ids.len());
        for t in 0..target_ids.len() {
            let y_prev = if t == 0 { bos_id } else { target_ids[t - 1] };
            let s_prev = steps.last().map_or(&enc.s_0, |d| d.s());
            steps.push(decode_step(p, &enc, &s_prev.clone(), y_prev));
        }
        Trace { source_ids: source_ids.to_vec(), target_ids: target_ids.to_vec(), bos_id, enc, steps }
    }

    // ANCHOR: alignment
    /// A: row t is α_t, the weights target word t gave each source word.
    pub fn alignment(&self) -> Mat {
        let (t_y, t_x) = (self.steps.len(), self.source_ids.len());
        Mat::from_fn(t_y, t_x, |t, i| self.steps[t].alpha[i]) // (T_y, T_x)
    }
    // ANCHOR_END: alignment

    /// Row t is e_t, the energies behind α_t (same shape as the alignment).
    pub fn energies(&self) -> Mat {
        let (t_y, t_x) = (self.steps.len(), self.source_ids.len());
        Mat::from_fn(t_y, t_x, |t, i| self.steps[t].e[i]) // (T_y, T_x)
    }
}
