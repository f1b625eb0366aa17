//! Greedy decoding: at every position the single most probable word is fed
//! back, until `<eos>` or a maximum length. One loop, [`greedy_search`], over
//! any [`Stepper`]; each model's function encodes and hands it its stepper.

use super::step::encode;
use super::stepper::{Attending, FastSummarised, ScoredAttending, Stepper};
use crate::model::Params;
use crate::model::encdec::{self, EncDecParams};
use crate::model::fast::{self, with_workspace};
use crate::model::scored::{self, ScoredParams};

/// The greedy loop: y_t = argmax ln p(y_t | y_<t, x), fed back as y_{t−1} of
/// the next position, until `<eos>` (kept) or `max_len` words.
pub fn greedy_search<S: Stepper>(st: &S, bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
    let (mut s, mut y, mut out) = (st.start(), bos, Vec::new());
    while out.len() < max_len {
        let e = st.step(&s, y);
        y = e.log_p.argmax().0;
        s = e.s;
        out.push(y);
        if y == eos {
            break;
        }
    }
    out
}

/// Greedy decoding: feed back the most probable word until <eos> or `max_len`.
/// Runs the fast path; [`greedy_decode_readable`] is the same loop on [`decode_step`](super::step::decode_step).
pub fn greedy_decode(p: &Params, source_ids: &[usize], bos_id: usize, eos_id: usize, max_len: usize) -> Vec<usize> {
    with_workspace(|ws| fast::greedy_decode(p, ws, source_ids, bos_id, eos_id, max_len))
}

/// Greedy decoding on the readable path, one [`DecoderStep`](super::step::DecoderStep) at a time.
pub fn greedy_decode_readable(
    p: &Params,
    source_ids: &[usize],
    bos_id: usize,
    eos_id: usize,
    max_len: usize,
) -> Vec<usize> {
    let enc = encode(p, source_ids);
    greedy_search(&Attending { p, enc: &enc }, bos_id, eos_id, max_len)
}

/// RNNsearch with another score: the same loop until <eos> or `max_len` words.
pub fn greedy_decode_scored(p: &ScoredParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
    match p.fast_score() {
        Some(score) => with_workspace(|ws| fast::greedy_decode_with(&p.base, score, ws, source, (bos, eos, max_len))),
        None => greedy_decode_scored_readable(p, source, bos, eos, max_len),
    }
}

/// [`greedy_decode_scored`] one equation at a time, for every kind.
pub fn greedy_decode_scored_readable(
    p: &ScoredParams,
    source: &[usize],
    bos: usize,
    eos: usize,
    max_len: usize,
) -> Vec<usize> {
    let enc = scored::encode(p, source);
    greedy_search(&ScoredAttending { p, enc: &enc }, bos, eos, max_len)
}

/// RNNencdec: the most probable word, fed back, until <eos> or `max_len`.
pub fn greedy_decode_encdec(p: &EncDecParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
    let enc = encdec::encode(p, source);
    greedy_search(&FastSummarised::new(p, &enc), bos, eos, max_len)
}
