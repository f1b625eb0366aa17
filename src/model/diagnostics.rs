//! Reading an alignment: entropy per row, coverage per source word, and the
//! patterns that have names.

use super::reordering::reproduces_crossing;
use super::{Mat, Vector};

// ANCHOR: entropy
/// H(α_t) = −Σ_i α_{t,i} ln α_{t,i}, in nats, with 0 · ln 0 = 0. It is 0 for
/// a one-hot row and ln T_x for a uniform one.
pub fn entropy(alpha: &Vector) -> f64 {
    -alpha.iter().filter(|&&a| a > 0.0).map(|&a| a * a.ln()).sum::<f64>()
}
// ANCHOR_END: entropy

// ANCHOR: coverage
/// C_i = Σ_t α_{t,i}: how much attention source word i received in all.
pub fn coverage(a: &Mat) -> Vector {
    Vector::from_fn(a.ncols(), |i, _| a.column(i).sum()) // (T_x)
}
// ANCHOR_END: coverage

// ANCHOR: saturation
/// The share of entries of a tanh layer's output beyond ±`bound`. There the
/// derivative 1 − tanh² is below 1 − bound² (0.0199 for 0.99), so the
/// gradient through those units nearly vanishes.
pub fn saturated_share(hidden: &Mat, bound: f64) -> f64 {
    let beyond = hidden.iter().filter(|v| v.abs() > bound).count();
    beyond as f64 / hidden.len().max(1) as f64
}
// ANCHOR_END: saturation

/// The bound past which a tanh unit counts as saturated.
pub const SATURATED: f64 = 0.99;

/// A name for the shape of an alignment, when it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every row close to uniform: attention is not choosing.
    NearUniform,
    /// Every row looks mostly at one and the same source word.
    Collapsed,
    /// The peaks move forward with t, never back.
    Diagonal,
    /// The peaks reproduce the reference alignment, and it reorders: the
    /// crossing the translation needs (see [`super::reordering`]).
    Crossing,
    /// The peaks move back somewhere, but not as the reference reorders (or
    /// there is no reference alignment to compare with).
    OutOfOrder,
    /// Fewer than two rows (or no column): no order to judge.
    TooShort,
}

/// Names the pattern of `a` (rows α_t). Near-uniform: mean entropy above
/// 0.9 ln T_x; collapsed: every row's peak on one word; crossing: the argmax
/// path equals `reference` (source position per target word) and the
/// reference reorders; otherwise diagonal when the peaks never move back,
/// out of order when they do. Fewer than two rows that are not near-uniform,
/// or no column at all, are too short to name.
pub fn pattern(a: &Mat, reference: Option<&[usize]>) -> Pattern {
    if a.ncols() == 0 {
        return Pattern::TooShort;
    }
    let rows: Vec<Vector> = (0..a.nrows()).map(|t| a.row(t).transpose()).collect();
    let mean_h = rows.iter().map(entropy).sum::<f64>() / rows.len().max(1) as f64;
    if a.nrows() > 0 && a.ncols() > 1 && mean_h > 0.9 * (a.ncols() as f64).ln() {
        return Pattern::NearUniform;
    }
    if a.nrows() < 2 {
        return Pattern::TooShort;
    }
    let peaks: Vec<usize> = rows.iter().map(|r| r.argmax().0).collect();
    if peaks.len() > 1 && peaks.iter().all(|&p| p == peaks[0]) {
        return Pattern::Collapsed;
    }
    if reference.is_some_and(|r| reproduces_crossing(a, r)) {
        Pattern::Crossing
    } else if peaks.windows(2).all(|w| w[0] <= w[1]) {
        Pattern::Diagonal
    } else {
        Pattern::OutOfOrder
    }
}

/// What a source word's coverage suggests when it is out of bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageFlag {
    /// Below the low bound: the word may be under-translated (dropped).
    Under,
    /// Above the high bound: the word may be over-translated (repeated).
    Over,
}

/// Coverage flags: below `low` a word may be under-translated (dropped),
/// above `high` over-translated (repeated).
pub fn coverage_flags(c: &Vector, low: f64, high: f64) -> Vec<Option<CoverageFlag>> {
    c.iter()
        .map(|&v| {
            if v < low {
                Some(CoverageFlag::Under)
            } else if v > high {
                Some(CoverageFlag::Over)
            } else {
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn entropy_is_zero_for_one_hot_and_ln_t_for_uniform() {
        assert_eq!(entropy(&Vector::from_vec(vec![0.0, 1.0, 0.0])), 0.0);
        assert_relative_eq!(entropy(&Vector::from_element(4, 0.25)), 4f64.ln(), epsilon = 1e-15);
    }

    #[test]
    fn saturation_counts_entries_beyond_the_bound() {
        let h = Mat::from_row_slice(2, 2, &[0.995, -0.999, 0.5, -0.98]);
        assert_eq!(saturated_share(&h, SATURATED), 0.5);
        assert_eq!(saturated_share(&Mat::zeros(0, 0), SATURATED), 0.0);
    }

    #[test]
    fn coverage_sums_columns() {
        let a = Mat::from_row_slice(2, 3, &[0.5, 0.5, 0.0, 0.1, 0.2, 0.7]);
        assert_relative_eq!(coverage(&a), Vector::from_vec(vec![0.6, 0.7, 0.7]), epsilon = 1e-15);
        let flags = coverage_flags(&Vector::from_vec(vec![0.1, 1.0, 2.5]), 0.5, 1.5);
        assert_eq!(flags, vec![Some(CoverageFlag::Under), None, Some(CoverageFlag::Over)]);
    }

    #[test]
    fn patterns_are_named() {
        let eye = Mat::identity(3, 3) * 0.98 + Mat::from_element(3, 3, 0.02 / 3.0);
        assert_eq!(pattern(&eye, None), Pattern::Diagonal);
        let mut crossed = eye.clone();
        crossed.swap_rows(0, 2);
        assert_eq!(pattern(&crossed, Some(&[2, 1, 0])), Pattern::Crossing);
        assert_eq!(pattern(&crossed, Some(&[0, 2, 1])), Pattern::OutOfOrder);
        assert_eq!(pattern(&crossed, None), Pattern::OutOfOrder);
        assert_eq!(pattern(&Mat::from_element(3, 4, 0.25), None), Pattern::NearUniform);
        let one = Mat::from_fn(3, 3, |_, i| if i == 1 { 0.9 } else { 0.05 });
        assert_eq!(pattern(&one, None), Pattern::Collapsed);
    }
}
