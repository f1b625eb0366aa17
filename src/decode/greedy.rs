//! Greedy decoding: at every position the single most probable word is fed
//! back, until `<eos>` or a maximum length. One function per model.

use super::step::{decode_step, encode};
use crate::model::Params;
use crate::model::encdec::{self, EncDecParams};
use crate::model::fast::{self, with_workspace};
use crate::model::scored::{self, ScoredParams};

/// Greedy decoding: feed back the most probable word until <eos> or `max_len`.
/// Runs the fast path; [`greedy_decode_readable`] is the same loop on [`decode_step`].
pub fn greedy_decode(p: &Params, source_ids: &[usize], bos_id: usize, eos_id: usize, max_len: usize) -> Vec<usize> {
    with_workspace(|ws| fast::greedy_decode(p, ws, source_ids, bos_id, eos_id, max_len))
}

/// Greedy decoding on the readable path, one [`DecoderStep`] at a time.
pub fn greedy_decode_readable(
    p: &Params,
    source_ids: &[usize],
    bos_id: usize,
    eos_id: usize,
    max_len: usize,
) -> Vec<usize> {
    let enc = encode(p, source_ids);
    let (mut s, mut y, mut out) = (enc.s_0.clone(), bos_id, Vec::new());
    while out.len() < max_len {
        let step = decode_step(p, &enc, &s, y);
        y = step.p.argmax().0;
        s = step.gru.h;
        out.push(y);
        if y == eos_id {
            break;
        }
    }
    out
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
    let (mut s, mut y, mut out) = (enc.s_0.clone(), bos, Vec::new());
    while out.len() < max_len {
        let d = scored::step(p, &enc, &s, y);
        y = d.p.argmax().0;
        s = d.gru.h;
        out.push(y);
        if y == eos {
            break;
        }
    }
    out
}

/// RNNencdec: the most probable word, fed back, until <eos> or `max_len`.
pub fn greedy_decode_encdec(p: &EncDecParams, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize> {
    let enc = encdec::encode(p, source);
    let (mut s, mut y, mut out) = (enc.s_0.clone(), bos, Vec::new());
    while out.len() < max_len && y != eos {
        let step = encdec::decode_step(p, &enc.c, &s, y);
        y = step.p.argmax().0;
        s = step.gru.h;
        out.push(y);
    }
    out
}
