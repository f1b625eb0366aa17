//! C = β C + A X for an X of few columns (a batch's B, or one), or for an A
//! small enough to stay in a core's cache ([`MAX_A`]), with the same bits as
//! `matrixmultiply` (the product [`super::gemm::mm`] calls), without its
//! packing.
//!
//! `matrixmultiply` copies A and X into aligned panels on every call and
//! computes whole 8 × 8 tiles of C. That pays off for large products; for
//! U h_{t−1} over a batch of 4 the copy of U costs about what the product
//! does, and half of every tile is thrown away. Here each column of A is read
//! where it lies, [`ROWS`] rows at a time (or 24, 16, 8 at the bottom edge),
//! into [`COLS`] columns of sums that stay in registers; A is read again for
//! every four columns of X.
//!
//! Why the bits are `matrixmultiply`'s: each entry of C is the same chain of
//! fused multiply-adds, k = 0, 1, … from zero, cut into the same blocks of
//! [`KC`] (after the first block the next is added onto C, as its β = 1),
//! and the same last step, C ← sum + β C (its C ← α sum + β C with α = 1,
//! the only α called here). Tiles only choose which entries are computed
//! together, never how; a test compares the bits at every edge.

use super::lanes::{LANES, row_tiles};

/// Rows of C a tile sums at once: four AVX-512 registers a column.
const ROWS: usize = 4 * LANES;
/// Columns of C a tile sums at once.
const COLS: usize = 4;
/// `matrixmultiply`'s block of k for f64 (its `D_KC`).
const KC: usize = 256;
/// The most numbers of A a product sent here should have when X is wide:
/// A is read again for every four columns of X, so it has to stay in the
/// core's cache (256 KiB). Larger ones go to `matrixmultiply`, whose packing
/// then pays for itself.
pub const MAX_A: usize = 32 * 1024;

/// One tile: rows `i0 … i0 + R − 1` of C (R a multiple of the lanes) and
/// the first `C` of the four columns of X in `xs`, over k = `k0 … k1 − 1`,
/// its sums in registers. The columns are walked in step with A's, so the
/// loop has no index to check: a check's early exit would keep the sums in
/// memory, where each step would store them again.
#[inline(always)]
fn tile<const R: usize, const C: usize>(
    m: usize,
    i0: usize,
    (k0, k1): (usize, usize),
    a: &[f64],
    xs: [&[f64]; COLS],
) -> [f64; ROWS * COLS] {
    let mut acc = [0.0f64; ROWS * COLS];
    assert!(i0 + R <= m, "a tile inside A");
    let [x0, x1, x2, x3] = xs.map(|x| &x[k0..k1]);
    let steps = a[k0 * m..k1 * m].chunks_exact(m).zip(x0).zip(x1).zip(x2).zip(x3);
    for ((((col, &v0), &v1), &v2), &v3) in steps {
        let col = &col[i0..i0 + R];
        for (j, xj) in [v0, v1, v2, v3].into_iter().take(C).enumerate() {
            for r in 0..R {
                acc[j * ROWS + r] = col[r].mul_add(xj, acc[j * ROWS + r]);
            }
        }
    }
    acc
}

/// The rows no tile covers (fewer than the lanes), `rows` × `cols`.
#[inline(always)]
fn edge_tile(
    m: usize,
    i0: usize,
    (k0, k1): (usize, usize),
    (rows, cols): (usize, usize),
    a: &[f64],
    xs: [&[f64]; COLS],
) -> [f64; ROWS * COLS] {
    let mut acc = [0.0f64; ROWS * COLS];
    let [x0, x1, x2, x3] = xs.map(|x| &x[k0..k1]);
    let steps = a[k0 * m..k1 * m].chunks_exact(m).zip(x0).zip(x1).zip(x2).zip(x3);
    for ((((col, &v0), &v1), &v2), &v3) in steps {
        let col = &col[i0..i0 + rows];
        for (j, xj) in [v0, v1, v2, v3].into_iter().take(cols).enumerate() {
            for (r, &w) in col.iter().enumerate() {
                acc[j * ROWS + r] = w.mul_add(xj, acc[j * ROWS + r]);
            }
        }
    }
    acc
}

/// The sums of rows `i0 … i0 + rows − 1` and `cols` columns: the widest
/// tile that fits, R rows at most [`ROWS`] and a multiple of the lanes,
/// or the edge.
#[inline(always)]
fn sums(
    m: usize,
    i0: usize,
    ks: (usize, usize),
    (rows, cols): (usize, usize),
    a: &[f64],
    xs: [&[f64]; COLS],
) -> [f64; ROWS * COLS] {
    macro_rules! by_cols {
        ($r:expr) => {
            match cols {
                4 => tile::<$r, 4>(m, i0, ks, a, xs),
                3 => tile::<$r, 3>(m, i0, ks, a, xs),
                2 => tile::<$r, 2>(m, i0, ks, a, xs),
                _ => tile::<$r, 1>(m, i0, ks, a, xs),
            }
        };
    }
    match rows {
        r if r == ROWS => by_cols!(ROWS),
        r if r == 3 * LANES => by_cols!({ 3 * LANES }),
        r if r == 2 * LANES => by_cols!({ 2 * LANES }),
        r if r == LANES => by_cols!(LANES),
        _ => edge_tile(m, i0, ks, (rows, cols), a, xs),
    }
}

/// C (m × n) = β C + A X: A (m × k) and X (k × n) and C column-major and
/// contiguous, n = `x.len() / k`.
#[inline(always)]
fn narrow_kernel(m: usize, beta: f64, a: &[f64], x: &[f64], c: &mut [f64]) {
    let k = a.len() / m.max(1);
    let n = c.len() / m.max(1);
    let fits = m > 0 && a.len() == m * k && c.len() == m * n && x.len() == k * n;
    assert!(fits || m == 0, "narrow product of mismatched shapes");
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        // C ← β C, as matrixmultiply leaves it
        c.iter_mut().for_each(|v| *v = if beta == 0.0 { 0.0 } else { *v * beta });
        return;
    }
    for k0 in (0..k).step_by(KC) {
        let k1 = (k0 + KC).min(k);
        let beta = if k0 == 0 { beta } else { 1.0 };
        for j0 in (0..n).step_by(COLS) {
            let cols = (n - j0).min(COLS);
            // X's columns j0 …, the first repeated where there are fewer than four
            let xs: [&[f64]; COLS] = std::array::from_fn(|j| &x[(j0 + if j < cols { j } else { 0 }) * k..][..k]);
            for (i0, rows) in row_tiles(m, ROWS) {
                let acc = sums(m, i0, (k0, k1), (rows, cols), a, xs);
                for j in 0..cols {
                    let (out, sums) = (&mut c[(j0 + j) * m + i0..][..rows], &acc[j * ROWS..][..rows]);
                    if beta == 0.0 {
                        out.copy_from_slice(sums); // C is not read, as matrixmultiply does not
                    } else {
                        out.iter_mut().zip(sums).for_each(|(o, s)| *o = s + *o * beta);
                    }
                }
            }
        }
    }
}

dispatch!(
    /// C (m × n) = β C + A X for column-major A (m × k), X (k × n) and C,
    /// any n (see [`MAX_A`]): the bits of `matrixmultiply::dgemm` with α = 1.
    narrow, narrow_at => narrow_kernel(m: usize, beta: f64, a: &[f64], x: &[f64], c: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;
    use crate::model::fast::Isa;
    use crate::model::fast::gemm::{Op, mm};
    use crate::model::fast::testing::filled;

    #[test]
    fn the_bits_are_matrixmultiplys_at_every_edge_and_width() {
        let isas = Isa::all_available();
        for (m, k) in [
            (1, 1),
            (7, 3),
            (8, 8),
            (16, 16),
            (31, 5),
            (32, 32),
            (33, 17),
            (48, 48),
            (64, 96),
            (96, 32),
            (144, 48),
            (5, 257),
            (40, 600),
        ] {
            for n in (1..=9).chain([16, 23]) {
                let (a, x) = (filled(m, k, 0.1), filled(k, n, 0.7));
                for beta in [0.0, 1.0, 0.5] {
                    let start = filled(m, n, 1.9);
                    let mut want = start.clone();
                    mm(beta, &mut want.as_view_mut(), 1.0, Op(a.as_view(), false), Op(x.as_view(), false));
                    for &isa in &isas {
                        let mut got = start.clone();
                        narrow_at(isa, m, beta, a.as_slice(), x.as_slice(), got.as_mut_slice());
                        let same = got.iter().zip(want.iter()).all(|(p, q)| p.to_bits() == q.to_bits());
                        assert!(same, "{m} × {k} × {n}, β = {beta}, {isa:?}: other bits than matrixmultiply's");
                    }
                }
            }
        }
    }

    #[test]
    fn beta_zero_never_reads_c_and_an_empty_k_scales_it() {
        let (a, x) = (filled(9, 4, 0.3), filled(4, 2, 0.2));
        let mut c = Mat::from_element(9, 2, f64::NAN);
        narrow(9, 0.0, a.as_slice(), x.as_slice(), c.as_mut_slice());
        assert!(c.iter().all(|v| v.is_finite()), "a NaN in C leaked through β = 0");
        let mut c = Mat::from_element(3, 2, 4.0);
        narrow(3, 0.5, &[], &[], c.as_mut_slice());
        assert!(c.iter().all(|&v| v == 2.0), "k = 0 leaves β C");
    }
}
