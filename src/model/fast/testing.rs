//! What the kernels' tests share.

use crate::model::Mat;

/// A rows × cols matrix of distinct, irregular numbers of both signs and
/// several magnitudes, the same for the same arguments.
pub(crate) fn filled(rows: usize, cols: usize, seed: f64) -> Mat {
    Mat::from_fn(rows, cols, |r, c| ((r * 31 + c * 7) as f64 * 0.377 + seed).sin() * (1.0 + r as f64 / 7.0))
}
