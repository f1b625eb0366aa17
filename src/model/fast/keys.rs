//! U_a H, (n', 2n)·(2n, T_x), as one product whose shape is known: few
//! columns (T_x), many rows and a long inner dimension (2n). A general matrix
//! product first copies both operands into packed panels and pads the columns
//! to its block width; at this shape the copy of U_a costs about as much as
//! the arithmetic. Here U_a is read in place, column after column.

use super::kernels::LANES;

/// Rows of C kept in registers per block: two AVX-512 registers.
const MR: usize = 2 * LANES;

// ANCHOR: matmul_block
/// C[i0.., j0..] for an MR × NR block: NR · MR / 8 registers of sums (twenty
/// when NR = 10) stay put while the k columns of A's MR-row strip and the
/// k rows of B's NR columns stream past, one multiply-add each.
#[inline(always)]
fn block<const NR: usize>(m: usize, k: usize, a: &[f64], b: &[f64], c: &mut [f64], i0: usize, j0: usize) {
    let b_cols: [&[f64]; NR] = std::array::from_fn(|j| &b[(j0 + j) * k..(j0 + j + 1) * k]);
    let mut acc = [[0.0; MR]; NR];
    for p in 0..k {
        let a_p: &[f64; MR] = a[p * m + i0..p * m + i0 + MR].try_into().expect("MR rows"); // A[i0.., p]
        for j in 0..NR {
            let b_pj = b_cols[j][p]; // B[p, j0 + j]
            for r in 0..MR {
                acc[j][r] = a_p[r].mul_add(b_pj, acc[j][r]);
            }
        }
    }
    for (j, sums) in acc.iter().enumerate() {
        c[(j0 + j) * m + i0..(j0 + j) * m + i0 + MR].copy_from_slice(sums);
    }
}
// ANCHOR_END: matmul_block

/// C = A B for A (m × k), B (k × n), C (m × n), all column-major; every
/// entry is Σ_p A[r, p] B[p, j] summed in order of p, one `mul_add` per term,
/// so the blocking changes the speed and never the bits.
#[inline(always)]
fn matmul_kernel(m: usize, k: usize, a: &[f64], b: &[f64], c: &mut [f64]) {
    let n = c.len() / m.max(1);
    assert!(a.len() == m * k && b.len() == k * n && c.len() == m * n, "matrix product of mismatched shapes");
    let full = m - m % MR;
    for i0 in (0..full).step_by(MR) {
        let mut j0 = 0;
        // Ten columns at a time, then five, two and one for the rest.
        while j0 + 10 <= n {
            block::<10>(m, k, a, b, c, i0, j0);
            j0 += 10;
        }
        if j0 + 5 <= n {
            block::<5>(m, k, a, b, c, i0, j0);
            j0 += 5;
        }
        while j0 + 2 <= n {
            block::<2>(m, k, a, b, c, i0, j0);
            j0 += 2;
        }
        if j0 < n {
            block::<1>(m, k, a, b, c, i0, j0);
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
            for isa in [Isa::Baseline, Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
                let mut c = vec![f64::NAN; m * n];
                matmul_at(isa, m, k, a.as_slice(), b.as_slice(), &mut c);
                let worst = want.iter().zip(&c).map(|(p, q)| (p - q).abs()).fold(0.0, f64::max);
                assert!(worst <= 1e-12, "{m} × {k} × {n} on {isa:?}: differs by {worst:e}");
                let same = first.get_or_insert_with(|| c.clone()).iter().zip(&c).all(|(p, q)| p.to_bits() == q.to_bits());
                assert!(same, "{m} × {k} × {n}: {isa:?} gives other bits than the baseline");
            }
        }
    }
}
