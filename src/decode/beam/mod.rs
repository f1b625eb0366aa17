//! Beam search, the paper's decoder (Section 4.2: "we use a beam search to
//! find a translation that approximately maximizes the conditional
//! probability"), one position at a time:
//!
//! ```text
//! expand   every live hypothesis by one decoder step: s_t, α_t, ln p(y_t)
//! prune    score every (hypothesis, word) by ln p(prefix) + ln p(word);
//!          keep the best K − |finished| over all of them
//! finish   a kept candidate ending in <eos> is set aside as finished
//! choose   when K have finished (or at the length limit), rank them by
//!          log-probability, optionally length-normalised
//! ```
//!
//! Ties are broken by order: the better-ranked hypothesis first, then the
//! lower word id (as greedy's argmax takes the first of equal maxima), so
//! K = 1 is greedy decoding exactly. The length limit is greedy's,
//! [`max_len`]: 2 T_x + 10 words (the paper's code, GroundHog's
//! `experiments/nmt/sample.py`, loops `for k in range(3 * len(seq))`); that
//! code's guard against short output, no `<eos>` before half the source
//! length, is an option (`guard`).

mod choose;
pub mod guard;
mod search;
#[cfg(test)]
mod tests;

pub use choose::{Norm, Ranked, choose, normalised};
pub use search::{Beam, BeamStep, Candidate, Hypothesis, expand, finish, prune};

use super::stepper::Stepper;

pub use super::max_len;

/// The whole search: the finished hypotheses ranked by `norm`, best first.
pub fn beam_search<S: Stepper>(st: &S, k: usize, bos: usize, eos: usize, max_len: usize, norm: Norm) -> Vec<Ranked> {
    search(st, Beam::new(st, k, bos, eos, max_len), norm)
}

/// `beam` run to its end, then ranked by `norm`: for a search with options
/// (`Beam::with_min_len`).
pub fn search<S: Stepper>(st: &S, mut beam: Beam<S::State>, norm: Norm) -> Vec<Ranked> {
    while !beam.done() {
        beam.advance(st);
    }
    choose(&beam.finished, norm)
}

/// ln p(y | x) of the given words, each fed back in turn from `<bos>`.
pub fn score_words<S: Stepper>(st: &S, bos: usize, words: &[usize]) -> f64 {
    let (mut s, mut y, mut log_p) = (st.start(), bos, 0.0);
    for &next in words {
        let e = st.step(&s, y);
        log_p += e.log_p[next];
        (s, y) = (e.s, next);
    }
    log_p
}

/// The best translation's words (its <eos> included when it finished).
pub fn beam_decode<S: Stepper>(st: &S, k: usize, bos: usize, eos: usize, max_len: usize, norm: Norm) -> Vec<usize> {
    beam_search(st, k, bos, eos, max_len, norm).swap_remove(0).words
}
