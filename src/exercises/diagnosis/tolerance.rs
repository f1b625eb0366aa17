//! When an answer is right: entry by entry, within a relative tolerance.

use crate::model::Mat;

/// An entry is right when |got − expected| ≤ EPSILON · max(1, |expected|).
pub const EPSILON: f64 = 1e-9;

/// One entry within the tolerance (NaN matches NaN).
pub fn close(got: f64, expected: f64) -> bool {
    got == expected
        || (got.is_nan() && expected.is_nan())
        || (got - expected).abs() <= EPSILON * expected.abs().max(1.0)
}

/// The first entry where `got` and `expected` differ, row by row.
pub fn first_difference(got: &Mat, expected: &Mat) -> Option<(usize, usize)> {
    (0..expected.nrows())
        .flat_map(|r| (0..expected.ncols()).map(move |c| (r, c)))
        .find(|&(r, c)| !close(got[(r, c)], expected[(r, c)]))
}

/// Same shape, and every entry close.
pub fn same(got: &Mat, expected: &Mat) -> bool {
    got.shape() == expected.shape() && first_difference(got, expected).is_none()
}
