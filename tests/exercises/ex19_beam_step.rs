//! Exercise 19 · one beam step: the K survivors
//!
//! A beam search keeps K partial translations. At each position every live
//! hypothesis h has taken one decoder step and offers ln p(w) for every word
//! w; each (h, w) pair is a candidate whose score is the whole prefix's
//! log-probability plus the word's. The `room` best candidates over all of
//! them survive (room is K minus the hypotheses finished before). A survivor
//! whose word is <eos> is finished: it keeps its place among the room, but
//! leaves the live beam.
//!
//! Formula:  score(h, w) = log_p[h] + next_log_p[(w, h)]
//!           keep the `room` best over all (h, w), best first; equal scores
//!           go to the lower h, then the lower w
//!           split them: word != eos → live, word == eos → finished
//! Shapes:   log_p (live), next_log_p (K_y, live): column h is hypothesis h's
//!           ln p over the words; eos a word id, room a count
//!           → (live survivors, finished survivors), each (h, w, score),
//!           both best first
//! Read:     chapters/beam-search.md (the exercise section)
//! Useful:   v.sort_by(|a, b| b.2.total_cmp(&a.2)) is a stable sort, largest
//!           first; v.truncate(room); v.into_iter().partition(|s| …)
//! Check:    cargo test --test exercises   (stuck? `hint 19` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

/// (hypothesis index in the live beam, word id, total ln p)
pub type Survivor = (usize, usize, f64);

pub fn beam_step(log_p: &Vector, next_log_p: &Mat, eos: usize, room: usize) -> (Vec<Survivor>, Vec<Survivor>) {
    // TODO: score every (h, w), keep the room best, set <eos> apart.
    todo!()
}
