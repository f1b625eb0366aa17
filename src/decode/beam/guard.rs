//! The guard against short translations in the paper's code. GroundHog's
//! `experiments/nmt/sample.py` forbids the end symbol while fewer than
//! `minlen` words are written (`if k < minlen: log_probs[:, eos_id] =
//! -numpy.inf`, k counting positions from 0) and calls the search with
//! `minlen=len(seq) / 2`: half the source length, its `<eos>` counted,
//! rounded down. Off unless asked for (`min_len = 0`).

use crate::decode::stepper::Expansion;

/// GroundHog's `minlen` for a source of `t_x` tokens (its `<eos>` included).
pub fn half(t_x: usize) -> usize {
    t_x / 2
}

/// At target position `t` (from 1), `<eos>` gets ln p = −∞ while
/// t ≤ `min_len`, so no hypothesis ends before it has `min_len` words.
pub fn forbid_eos<S>(expanded: &mut [Expansion<S>], eos: usize, t: usize, min_len: usize) {
    if t <= min_len {
        expanded.iter_mut().for_each(|e| e.log_p[eos] = f64::NEG_INFINITY);
    }
}
