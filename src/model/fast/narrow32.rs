//! C (m × n) = A X in float32 for an A of few rows and many columns (W_oᵀ,
//! l × K_y) and an X of a chunk of words (K_y × w): the float32 output
//! layer's W_oᵀ ∂logits. `matrixmultiply` packs both operands on every call
//! and cuts the long k into blocks; here each column of A is read where it
//! lies, [`LANES`] rows at a time, into four columns of sums that stay in
//! registers for the whole of k.
//!
//! Every entry of C is one chain of fused multiply-adds, k = 0, 1, … from
//! zero, whichever instruction set runs it (without FMA in hardware,
//! `mul_add` is the C library's fmaf, with the same bits): a test compares
//! them.

/// Float32 rows of C a tile sums at once: one AVX-512 register.
const LANES: usize = 16;
/// Columns of C a tile sums at once.
const COLS: usize = 4;

/// Rows `i0 … i0 + R − 1` of the first `C` of four columns.
#[inline(always)]
fn tile<const R: usize, const C: usize>(m: usize, i0: usize, a: &[f32], xs: [&[f32]; COLS]) -> [[f32; R]; COLS] {
    let mut acc = [[0.0f32; R]; COLS];
    let [x0, x1, x2, x3] = xs;
    let steps = a.chunks_exact(m).zip(x0).zip(x1).zip(x2).zip(x3);
    for ((((col, &v0), &v1), &v2), &v3) in steps {
        let col = &col[i0..i0 + R];
        for (j, xj) in [v0, v1, v2, v3].into_iter().take(C).enumerate() {
            for r in 0..R {
                acc[j][r] = col[r].mul_add(xj, acc[j][r]);
            }
        }
    }
    acc
}

/// All rows of C for columns `j0 … j0 + C − 1`.
#[inline(always)]
fn columns<const C: usize>(m: usize, k: usize, a: &[f32], x: &[f32], c: &mut [f32], j0: usize) {
    let xs: [&[f32]; COLS] = std::array::from_fn(|j| {
        let j = j0 + j.min(C - 1);
        &x[j * k..(j + 1) * k]
    });
    let mut i0 = 0;
    while i0 + LANES <= m {
        let acc = tile::<LANES, C>(m, i0, a, xs);
        for (j, sums) in acc.iter().enumerate().take(C) {
            c[(j0 + j) * m + i0..(j0 + j) * m + i0 + LANES].copy_from_slice(sums);
        }
        i0 += LANES;
    }
    for i in i0..m {
        let acc = tile::<1, C>(m, i, a, xs);
        for (j, sums) in acc.iter().enumerate().take(C) {
            c[(j0 + j) * m + i] = sums[0];
        }
    }
}

#[inline(always)]
fn narrow32_kernel(m: usize, a: &[f32], x: &[f32], c: &mut [f32]) {
    if m == 0 {
        return;
    }
    let k = a.len() / m;
    let n = c.len() / m;
    assert!(a.len() == m * k && x.len() == k * n && c.len() == m * n, "float32 product of mismatched shapes");
    let mut j0 = 0;
    while j0 + COLS <= n {
        columns::<COLS>(m, k, a, x, c, j0);
        j0 += COLS;
    }
    match n - j0 {
        1 => columns::<1>(m, k, a, x, c, j0),
        2 => columns::<2>(m, k, a, x, c, j0),
        3 => columns::<3>(m, k, a, x, c, j0),
        _ => {}
    }
}

dispatch!(
    /// C (m × n) = A X in float32 for column-major A (m × k), X (k × n), C;
    /// the same bits on every instruction set.
    narrow32, narrow32_at => narrow32_kernel(m: usize, a: &[f32], x: &[f32], c: &mut [f32])
);

#[cfg(test)]
mod tests {
    use super::super::Isa;
    use super::*;
    use crate::model::rng::SeededRng;

    #[test]
    fn every_instruction_set_gives_the_chain_of_fused_multiply_adds() {
        let mut rng = SeededRng::new(3232);
        for (m, k, n) in [(32, 1719, 64), (32, 40, 5), (17, 9, 3), (1, 3, 1), (48, 100, 7)] {
            let a: Vec<f32> = (0..m * k).map(|_| (rng.uniform01() - 0.5) as f32).collect();
            let x: Vec<f32> = (0..k * n).map(|_| (rng.uniform01() - 0.5) as f32).collect();
            // each entry: Σ_k a[i, k] x[k, j], one fused multiply-add at a time from 0
            let mut want = vec![0.0f32; m * n];
            for j in 0..n {
                for i in 0..m {
                    want[j * m + i] = (0..k).fold(0.0f32, |s, q| a[q * m + i].mul_add(x[j * k + q], s));
                }
            }
            for isa in Isa::all_available() {
                let mut got = vec![f32::NAN; m * n];
                narrow32_at(isa, m, &a, &x, &mut got);
                let same = got.iter().zip(&want).all(|(g, w)| g.to_bits() == w.to_bits());
                assert!(same, "{m} × {k} by {k} × {n} on {isa:?}: other bits");
            }
        }
    }
}
