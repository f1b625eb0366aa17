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
use crate::model::fast::narrow::{MAX_A, narrow};

/// Columns of x that count as one step of a batch (read W where it lies,
/// however large).
const FEW_COLS: usize = 8;
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

/// c = β c + W x (or Wᵀ x with `transpose`) for column-major slices. A W
/// small enough to stay in cache ([`MAX_A`] numbers), or an x of a few
/// columns (one step of a batch), goes to [`narrow`], which reads W where it
/// lies, with the same bits; a transposed W is copied out transposed first.
pub fn mul(beta: f64, c: &mut [f64], w: &Mat, transpose: bool, x: &[f64]) {
    let (rows, inner) = if transpose { (w.ncols(), w.nrows()) } else { (w.nrows(), w.ncols()) };
    let few = x.len() <= inner * FEW_COLS;
    if inner > 0 && (w.len() <= MAX_A || (few && !transpose)) {
        return match transpose {
            false => narrow(rows, beta, w.as_slice(), x, c),
            true => narrow(rows, beta, w.transpose().as_slice(), x, c),
        };
    }
    mm(beta, &mut view_mut(c, rows), 1.0, Op(w.as_view(), transpose), Op(view(x, inner), false));
}

/// g += a bᵀ: a weight's gradient Σ_j a_j b_jᵀ over every column j at once.
/// A small one goes to [`narrow`], with bᵀ copied out (the same bits).
pub fn outer(g: &mut Mat, a: DMatrixView<f64>, b: DMatrixView<f64>) {
    outers([(g, a)], b);
}

/// [`outer`] for several gradients that share b (W, W_z and W_r all read
/// x): each g += a bᵀ in turn, bᵀ copied out once for all of them.
pub fn outers<'a, const N: usize>(updates: [(&mut Mat, DMatrixView<'a, f64>); N], b: DMatrixView<f64>) {
    let mut b_t: Option<Mat> = None;
    for (g, a) in updates {
        let fits = g.shape() == (a.nrows(), b.nrows());
        if let Some(a_slice) = contiguous(&a).filter(|s| fits && !s.is_empty() && s.len() <= MAX_A) {
            let b_t = b_t.get_or_insert_with(|| b.transpose());
            narrow(g.nrows(), 1.0, a_slice, b_t.as_slice(), g.as_mut_slice());
        } else {
            mm(1.0, &mut g.as_view_mut(), 1.0, Op(a, false), Op(b, true));
        }
    }
}

/// The numbers of a view whose columns follow each other in memory.
fn contiguous<'a>(a: &DMatrixView<'a, f64>) -> Option<&'a [f64]> {
    if a.strides() != (1, a.nrows()) {
        return None;
    }
    // SAFETY: with row stride 1 and column stride nrows the view's
    // nrows × ncols numbers are one run of memory from its first, which the
    // view borrows for 'a.
    Some(unsafe { std::slice::from_raw_parts(a.as_ptr(), a.len()) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fast::testing::filled;

    fn same(a: &Mat, b: &Mat) -> bool {
        a.iter().zip(b.iter()).all(|(p, q)| p.to_bits() == q.to_bits())
    }

    #[test]
    fn products_sent_past_matrixmultiply_keep_its_bits() {
        // (rows of W, columns of W, columns of x): steps of a batch, all
        // steps at once, W at the edge of MAX_A and beyond it
        for (r, k, n) in [(96, 32, 4), (96, 16, 100), (48, 144, 37), (16, 40, 300), (256, 128, 9), (300, 120, 5)] {
            let w = filled(r, k, 0.3);
            for (transpose, inner, rows) in [(false, k, r), (true, r, k)] {
                let x = filled(inner, n, 1.1);
                for beta in [0.0, 1.0] {
                    let start = filled(rows, n, 2.3);
                    let (mut got, mut want) = (start.clone(), start.clone());
                    mul(beta, got.as_mut_slice(), &w, transpose, x.as_slice());
                    mm(beta, &mut want.as_view_mut(), 1.0, Op(w.as_view(), transpose), Op(x.as_view(), false));
                    assert!(same(&got, &want), "{r} × {k}, n = {n}, transposed {transpose}, β = {beta}");
                }
            }
            // the weight's gradient: W-shaped, summed over n columns
            let (a, b) = (filled(r, n, 0.7), filled(k, n, 1.9));
            let (mut got, mut want) = (filled(r, k, 0.2), filled(r, k, 0.2));
            outer(&mut got, a.as_view(), b.as_view());
            mm(1.0, &mut want.as_view_mut(), 1.0, Op(a.as_view(), false), Op(b.as_view(), true));
            assert!(same(&got, &want), "outer product {r} × {n} by {k} × {n}");
        }
    }
}
