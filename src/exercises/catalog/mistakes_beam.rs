//! More classic wrong answers of exercise 19 (one beam step), in its signature.

use super::reference_beyond::{self as r, Beam, Survivor};
use crate::model::{Mat, Vector};

/// Every (h, w, ln p(prefix_h) + ln p(w | prefix_h)), in (h, w) order.
fn candidates(log_p: &Vector, next: &Mat) -> Vec<Survivor> {
    (0..log_p.len()).flat_map(|h| (0..next.nrows()).map(move |w| (h, w, log_p[h] + next[(w, h)]))).collect()
}
fn best_first(mut v: Vec<Survivor>) -> Vec<Survivor> {
    v.sort_by(|a, b| b.2.total_cmp(&a.2));
    v
}
fn split(kept: Vec<Survivor>, eos: usize) -> Beam {
    kept.into_iter().partition(|s| s.1 != eos)
}
pub fn beam_eos_left_out(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let all = best_first(candidates(log_p, next).into_iter().filter(|s| s.1 != eos).collect());
    (all.into_iter().take(room).collect(), Vec::new())
}
pub fn beam_live_finished_swapped(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let (live, finished) = r::beam_step(log_p, next, eos, room);
    (finished, live)
}
pub fn beam_best_word_only(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let firsts: Vec<Survivor> = (0..log_p.len())
        .filter_map(|h| best_first(candidates(log_p, next).into_iter().filter(|s| s.0 == h).collect()).first().copied())
        .collect();
    split(best_first(firsts).into_iter().take(room).collect(), eos)
}
pub fn beam_truncated_first(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    split(best_first(candidates(log_p, next).into_iter().take(room).collect()), eos)
}
pub fn beam_ranked_by_word(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let mut all = candidates(log_p, next);
    all.sort_by(|a, b| next[(b.1, b.0)].total_cmp(&next[(a.1, a.0)]));
    split(all.into_iter().take(room).collect(), eos)
}
pub fn beam_room_ignored(log_p: &Vector, next: &Mat, eos: usize, _room: usize) -> Beam {
    split(best_first(candidates(log_p, next)), eos)
}
pub fn beam_finished_dropped(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    (r::beam_step(log_p, next, eos, room).0, Vec::new())
}
pub fn beam_finished_word_score(log_p: &Vector, next: &Mat, eos: usize, room: usize) -> Beam {
    let (live, finished) = r::beam_step(log_p, next, eos, room);
    (live, finished.into_iter().map(|(h, w, _)| (h, w, next[(w, h)])).collect())
}
