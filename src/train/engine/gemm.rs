//! The matrix product the engine runs on, and the column blocks it reads.
//!
//! The product is the fast path's (`matrixmultiply`, through
//! [`crate::model::fast::gemm`]): any strides, so a transpose costs nothing.
//! It packs its operands into cache-sized panels on every call, which pays
//! off when a call covers every token of the group at once. One step's
//! product covers only B columns, and there the copy of W costs about what
//! the product does: those go to [`narrow`], which reads W where it lies and
//! gives the same bits. A transposed W of a step (Uᵀ ∂a, W_aᵀ ∂q) is
//! transposed once per batch by its caller, so that it too is read where it
//! lies.

use crate::model::Mat;
pub(crate) use crate::model::fast::gemm::{Op, mm};
use crate::model::fast::narrow::{MAX_COLS, narrow};
use nalgebra::{DMatrixView, DMatrixViewMut};

/// Columns `from … from + count − 1` of `m` as one slice (column-major).
pub fn block(m: &Mat, from: usize, count: usize) -> &[f64] {
    let r = m.nrows();
    &m.as_slice()[from * r..(from + count) * r]
}

pub fn block_mut(m: &mut Mat, from: usize, count: usize) -> &mut [f64] {
    let r = m.nrows();
    &mut m.as_mut_slice()[from * r..(from + count) * r]
}

/// A column-major slice as a `rows`-row matrix.
pub fn view(s: &[f64], rows: usize) -> DMatrixView<'_, f64> {
    DMatrixView::from_slice(s, rows, s.len() / rows.max(1))
}

pub fn view_mut(s: &mut [f64], rows: usize) -> DMatrixViewMut<'_, f64> {
    let cols = s.len() / rows.max(1);
    DMatrixViewMut::from_slice(s, rows, cols)
}

/// c = β c + W x (or Wᵀ x with `transpose`) for column-major slices. An x
/// of a few columns (one step of a batch) goes to [`narrow`], which reads W
/// where it lies, with the same bits.
pub fn mul(beta: f64, c: &mut [f64], w: &Mat, transpose: bool, x: &[f64]) {
    let (rows, inner) = if transpose { (w.ncols(), w.nrows()) } else { (w.nrows(), w.ncols()) };
    if !transpose && inner > 0 && x.len() <= inner * MAX_COLS {
        return narrow(rows, beta, w.as_slice(), x, c);
    }
    mm(beta, &mut view_mut(c, rows), 1.0, Op(w.as_view(), transpose), Op(view(x, inner), false));
}

/// g += a bᵀ: a weight's gradient Σ_j a_j b_jᵀ over every column j at once.
pub fn outer(g: &mut Mat, a: DMatrixView<f64>, b: DMatrixView<f64>) {
    mm(1.0, &mut g.as_view_mut(), 1.0, Op(a, false), Op(b, true));
}
