//! U_a H, (n', 2n)·(2n, T_x), as one product whose shape is known: few
//! columns (T_x), many rows and a long inner dimension (2n). A general matrix
//! product first copies both operands into packed panels and pads the columns
//! to its block width; at this shape the copy of U_a costs about as much as
//! the arithmetic. Here U_a is read in place, column after column.

use super::lanes::LANES;

/// Rows of C kept in registers per block: two AVX-512 registers.
const MR: usize = 2 * LANES;

// ANCHOR: matmul_block
/// C[i0.., j0..] += A[i0.., p0..] B[p0.., j0..] for an MR × NR block of C and
/// a KC-long stretch of the inner dimension: NR · MR / 8 registers of sums
/// (twenty when NR = 10) stay put while A's MR-row strip streams past, one
/// column of it per p, against `panel`, B's block copied row by row
/// (panel[p NR + j] = B[p0 + p, j0 + j]) so its NR numbers for one p are
/// side by side.
#[inline(always)]
fn block<const NR: usize>(
    m: usize, // rows of A and of C, both column-major
    a: &[f64],
    panel: &[f64],
    c: &mut [f64],
    i0: usize,
    j0: usize,
    p0: usize,
) {
    let c_at = |j: usize| (j0 + j) * m + i0; // where C[i0.., j0 + j] starts
    let mut acc = [[0.0; MR]; NR];
    if p0 > 0 {
        for (j, sums) in acc.iter_mut().enumerate() {
            sums.copy_from_slice(&c[c_at(j)..c_at(j) + MR]); // the sum so far
        }
    }
    for (p, b_p) in panel.chunks_exact(NR).enumerate() {
        let start = (p0 + p) * m + i0; // A[i0.., p0 + p]
        let a_p: &[f64; MR] = a[start..][..MR].try_into().expect("MR rows");
        for r in 0..MR {
            for j in 0..NR {
                acc[j][r] = a_p[r].mul_add(b_p[j], acc[j][r]);
            }
        }
    }
    for (j, sums) in acc.iter().enumerate() {
        c[c_at(j)..c_at(j) + MR].copy_from_slice(sums);
    }
}
// ANCHOR_END: matmul_block

/// The inner dimension in stretches of KC, so that a panel of B (KC × 10)
/// takes 10 KiB on the stack and stays in the L1 cache.
const KC: usize = 128;

/// C = A B for A (m × k), B (k × n), C (m × n), all column-major; every
/// entry is Σ_p A[r, p] B[p, j] summed in order of p, one `mul_add` per term,
/// so the blocking changes the speed and never the bits.
#[inline(always)]
fn matmul_kernel(m: usize, k: usize, a: &[f64], b: &[f64], c: &mut [f64]) {
    let n = c.len() / m.max(1);
    assert!(a.len() == m * k && b.len() == k * n && c.len() == m * n, "matrix product of mismatched shapes");
    let full = m - m % MR;
    let mut panel = [0.0; KC * 10];
    // Ten columns of B at a time, then five, two and one for the rest.
    let mut j0 = 0;
    for nr in [10, 5, 2, 1] {
        while j0 + nr <= n {
            for p0 in (0..k).step_by(KC) {
                let kc = KC.min(k - p0);
                for p in 0..kc {
                    for j in 0..nr {
                        panel[p * nr + j] = b[(j0 + j) * k + p0 + p];
                    }
                }
                let panel = &panel[..kc * nr];
                for i0 in (0..full).step_by(MR) {
                    match nr {
                        10 => block::<10>(m, a, panel, c, i0, j0, p0),
                        5 => block::<5>(m, a, panel, c, i0, j0, p0),
                        2 => block::<2>(m, a, panel, c, i0, j0, p0),
                        _ => block::<1>(m, a, panel, c, i0, j0, p0),
                    }
                }
            }
            j0 += nr;
        }
    }
    for r in full..m {
        for j in 0..n {
            c[j * m + r] = (0..k).fold(0.0, |s, p| a[p * m + r].mul_add(b[j * k + p], s));
        }
    }
}

dispatch!(
    /// C = A B, all column-major: A (m × k), B (k × n), C (m × n); see [`matmul_kernel`].
    matmul, matmul_at => matmul_kernel(m: usize, k: usize, a: &[f64], b: &[f64], c: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;
    use crate::model::fast::Isa;

    #[test]
    fn matmul_equals_nalgebra_at_every_edge_on_every_instruction_set() {
        for (m, k, n) in [(1, 1, 1), (3, 4, 2), (16, 7, 10), (17, 5, 9), (33, 9, 23), (128, 512, 20)] {
            let a = Mat::from_fn(m, k, |r, c| ((r * 7 + c * 3) as f64 * 0.31).sin());
            let b = Mat::from_fn(k, n, |r, c| ((r * 5 + c * 11) as f64 * 0.17).cos());
            let want = &a * &b;
            let mut first: Option<Vec<f64>> = None;
            for isa in Isa::all_available() {
                let mut c = vec![f64::NAN; m * n];
                matmul_at(isa, m, k, a.as_slice(), b.as_slice(), &mut c);
                let worst = want.iter().zip(&c).map(|(p, q)| (p - q).abs()).fold(0.0, f64::max);
                assert!(worst <= 1e-12, "{m} × {k} × {n} on {isa:?}: differs by {worst:e}");
                let same =
                    first.get_or_insert_with(|| c.clone()).iter().zip(&c).all(|(p, q)| p.to_bits() == q.to_bits());
                assert!(same, "{m} × {k} × {n}: {isa:?} gives other bits than the baseline");
            }
        }
    }
}
