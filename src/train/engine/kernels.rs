//! The engine's own loops that are neither a matrix product nor a
//! nonlinearity, in the widest vectors the processor has, each entry the
//! same IEEE operations in the same order as the plain loop it replaces
//! (no multiply-add is fused), so every instruction set gives its bits.

use crate::model::fast::dispatch;
use crate::model::fast::lanes::{LANES, row_tiles};

/// Rows a tile sums at once: four AVX-512 registers of independent chains.
const ROWS: usize = 4 * LANES;

/// Rows `i0 … i0 + R − 1` of `out`: each a chain from −0 adding
/// `turned[j m + i] · x[j]` for j = 0, 1, …, the chains side by side in the
/// lanes.
#[inline(always)]
fn dots_tile<const R: usize>(m: usize, i0: usize, turned: &[f64], x: &[f64], out: &mut [f64]) {
    let mut acc = [-0.0; R];
    for (col, &x_j) in turned.chunks_exact(m).zip(x) {
        let col = &col[i0..i0 + R];
        for r in 0..R {
            acc[r] += col[r] * x_j;
        }
    }
    out[i0..i0 + R].copy_from_slice(&acc);
}

/// out[i] = Σ_j A[j, i] x[j] for A (k × m) given turned, as Aᵀ (m × k)
/// column-major, m = `out.len()`: each sum the plain loop's, −0 first (as
/// `Iterator::sum` starts), then every product rounded and added in order
/// j = 0, 1, …; only the m sums run side by side.
#[inline(always)]
fn dots_kernel(turned: &[f64], x: &[f64], out: &mut [f64]) {
    let m = out.len();
    assert_eq!(turned.len(), m * x.len(), "Aᵀ is m × k");
    for (i0, rows) in row_tiles(m, ROWS) {
        match rows {
            ROWS => dots_tile::<ROWS>(m, i0, turned, x, out),
            r if r == 3 * LANES => dots_tile::<{ 3 * LANES }>(m, i0, turned, x, out),
            r if r == 2 * LANES => dots_tile::<{ 2 * LANES }>(m, i0, turned, x, out),
            LANES => dots_tile::<LANES>(m, i0, turned, x, out),
            _ => {
                let mut acc = [-0.0; LANES];
                for (col, &x_j) in turned.chunks_exact(m).zip(x) {
                    for (s, &a) in acc.iter_mut().zip(&col[i0..]) {
                        *s += a * x_j;
                    }
                }
                out[i0..].copy_from_slice(&acc[..rows]);
            }
        }
    }
}

dispatch!(
    /// [`dots_kernel`]: Hᵀ ∂c_t for one sentence, from H laid out turned.
    dots, dots_at => dots_kernel(turned: &[f64], x: &[f64], out: &mut [f64])
);

/// Column i of `m` (k = `d.len()` rows) += a[i] · d, each entry rounded
/// after the product and again after the sum.
#[inline(always)]
fn add_scaled_kernel(m: &mut [f64], a: &[f64], d: &[f64]) {
    let k = d.len();
    assert_eq!(m.len(), k * a.len(), "one column of m per entry of a");
    for (col, &a_i) in m.chunks_exact_mut(k).zip(a) {
        for (o, &d_j) in col.iter_mut().zip(d) {
            *o += a_i * d_j;
        }
    }
}

dispatch!(
    /// [`add_scaled_kernel`]: ∂H += ∂c_t α_tᵀ for one sentence.
    add_scaled, add_scaled_at => add_scaled_kernel(m: &mut [f64], a: &[f64], d: &[f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fast::Isa;

    fn filled(len: usize, seed: f64) -> Vec<f64> {
        (0..len).map(|k| ((k as f64 + 1.0) * seed).sin() * 1e3f64.powf((k % 5) as f64 / 4.0 - 0.5)).collect()
    }

    #[test]
    fn the_kernels_keep_the_plain_loops_bits_on_every_instruction_set() {
        for (m, k) in [(1, 1), (3, 64), (8, 64), (13, 7), (24, 5), (32, 64), (41, 33), (70, 2)] {
            let (a, x) = (filled(m * k, 0.37), filled(k, 1.3)); // A (k × m): column i is a[i k ..]
            let mut turned = vec![0.0; m * k];
            for i in 0..m {
                for j in 0..k {
                    turned[j * m + i] = a[i * k + j];
                }
            }
            let want: Vec<f64> =
                (0..m).map(|i| a[i * k..(i + 1) * k].iter().zip(&x).map(|(a, x)| a * x).sum()).collect();
            let start = filled(m * k, 2.1);
            let mut plain = start.clone();
            for (i, col) in plain.chunks_exact_mut(k).enumerate() {
                col.iter_mut().zip(&x).for_each(|(o, d)| *o += want[i] * d);
            }
            for isa in Isa::all_available() {
                let mut got = vec![f64::NAN; m];
                dots_at(isa, &turned, &x, &mut got);
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&got), bits(&want), "dots, {m} × {k}, {isa:?}");
                let mut scaled = start.clone();
                add_scaled_at(isa, &mut scaled, &want, &x);
                assert_eq!(bits(&scaled), bits(&plain), "add_scaled, {m} × {k}, {isa:?}");
            }
        }
    }
}
