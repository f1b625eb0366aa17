//! Which checkpoints a replay shows, and so which ones trained.json keeps:
//! [`super::replay`] draws them, [`super::trained`] stores them.

use super::trainer::Checkpoint;

/// The epochs a replay shows: every one of the first four, where α changes
/// most, then fewer, and every 20th.
#[allow(clippy::manual_is_multiple_of)] // is_multiple_of needs Rust 1.87; the README promises 1.85
pub fn is_replayed(epoch: usize) -> bool {
    epoch <= 4 || [6, 8, 12].contains(&epoch) || epoch % 20 == 0
}

/// The replayed checkpoints, and always the last one, in order.
pub fn replayed(checkpoints: &[Checkpoint]) -> Vec<&Checkpoint> {
    let last = checkpoints.last().map(|c| c.epoch);
    checkpoints.iter().filter(|c| is_replayed(c.epoch) || Some(c.epoch) == last).collect()
}
