//! Column-major buffers read and written a column at a time: slices and
//! views of their columns, and resizing that keeps their memory.

use crate::model::{Mat, Vector};
use nalgebra::{DMatrixView, DMatrixViewMut, DVectorView};

/// Makes `m` (rows, ≥ cols); keeps its memory when it is already big enough.
pub(crate) fn fit(m: &mut Mat, rows: usize, cols: usize) {
    if m.nrows() != rows || m.ncols() < cols {
        *m = Mat::zeros(rows, cols.max(m.ncols() * (m.nrows() == rows) as usize));
    }
}

pub(crate) fn fit_vec(v: &mut Vector, len: usize) {
    if v.len() != len {
        *v = Vector::zeros(len);
    }
}

/// Column i of a column-major buffer, as a slice.
pub(crate) fn col(m: &Mat, i: usize) -> &[f64] {
    let r = m.nrows();
    &m.as_slice()[i * r..(i + 1) * r]
}

pub(crate) fn col_mut(m: &mut Mat, i: usize) -> &mut [f64] {
    let r = m.nrows();
    &mut m.as_mut_slice()[i * r..(i + 1) * r]
}

pub(crate) fn vview(s: &[f64]) -> DVectorView<'_, f64> {
    DVectorView::from_slice(s, s.len())
}

/// The first `t` columns of `m`.
pub(crate) fn cols(m: &Mat, t: usize) -> DMatrixView<'_, f64> {
    m.columns(0, t)
}

pub(crate) fn cols_mut(m: &mut Mat, t: usize) -> DMatrixViewMut<'_, f64> {
    m.columns_mut(0, t)
}
