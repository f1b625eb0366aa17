//! The matrix product every batched step uses: any strides, so a
//! transpose costs nothing.

use nalgebra::{DMatrixView, DMatrixViewMut};

/// A matrix with an optional transpose, as a matrix product reads it.
pub(crate) struct Op<'a>(pub DMatrixView<'a, f64>, pub bool);

/// c = α op(a) op(b) + β c. matrixmultiply reads any strides, so a transpose
/// costs nothing (nalgebra would copy it first).
pub(crate) fn mm(beta: f64, c: &mut DMatrixViewMut<f64>, alpha: f64, a: Op, b: Op) {
    let dims = |o: &Op| {
        let (r, k) = o.0.shape();
        let (rs, cs) = o.0.strides();
        if o.1 { (k, r, cs as isize, rs as isize) } else { (r, k, rs as isize, cs as isize) }
    };
    let ((m, k, rsa, csa), (k2, n, rsb, csb)) = (dims(&a), dims(&b));
    assert!(k == k2 && c.shape() == (m, n), "matrix product of mismatched shapes");
    let (rsc, csc) = c.strides();
    // SAFETY: the shapes and strides describe the three views exactly, c is
    // borrowed mutably so it overlaps neither a nor b.
    unsafe {
        matrixmultiply::dgemm(
            m,
            k,
            n,
            alpha,
            a.0.as_ptr(),
            rsa,
            csa,
            b.0.as_ptr(),
            rsb,
            csb,
            beta,
            c.as_mut_ptr(),
            rsc as isize,
            csc as isize,
        );
    }
}

/// c (m × n) = β c + op(a) op(b) in float32, for column-major slices: `a`
/// is m × k, or with its flag a k × m matrix read transposed; `b` is k × n,
/// or an n × k one read transposed.
pub(crate) fn mm32(
    beta: f32,
    c: &mut [f32],
    (m, k): (usize, usize),
    (a, a_t): (&[f32], bool),
    (b, b_t): (&[f32], bool),
) {
    let n = c.len().checked_div(m).unwrap_or(0);
    assert!(c.len() == m * n && a.len() == m * k && b.len() == k * n, "float32 product of mismatched shapes");
    let (rsa, csa) = if a_t { (k, 1) } else { (1, m) };
    let (rsb, csb) = if b_t { (n, 1) } else { (1, k) };
    // SAFETY: the lengths were just checked against the shapes, the strides
    // stay inside them, and c is borrowed mutably so it overlaps neither a nor b.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            rsa as isize,
            csa as isize,
            b.as_ptr(),
            rsb as isize,
            csb as isize,
            beta,
            c.as_mut_ptr(),
            1,
            m as isize,
        );
    }
}
