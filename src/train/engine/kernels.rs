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

/// h = (1 − z) ∘ h_prev + z ∘ h~, the GRU's last line.
#[inline(always)]
fn blend_kernel(h: &mut [f64], z: &[f64], h_prev: &[f64], h_tilde: &[f64]) {
    let n = h.len();
    let (z, h_prev, h_tilde) = (&z[..n], &h_prev[..n], &h_tilde[..n]);
    for k in 0..n {
        h[k] = (1.0 - z[k]) * h_prev[k] + z[k] * h_tilde[k];
    }
}

dispatch!(
    /// [`blend_kernel`], for the columns of a step that hold a word.
    blend, blend_at => blend_kernel(h: &mut [f64], z: &[f64], h_prev: &[f64], h_tilde: &[f64])
);

/// The GRU's backward through its last line and tanh, from ∂h:
/// ∂h_prev = ∂h ∘ (1 − z) and ∂a_h = ∂h ∘ z ∘ (1 − h~²).
#[inline(always)]
fn through_blend_kernel(d_h: &[f64], (z, h_tilde): (&[f64], &[f64]), d_h_prev: &mut [f64], a_h: &mut [f64]) {
    let n = d_h.len();
    let (z, h_tilde, d_h_prev, a_h) = (&z[..n], &h_tilde[..n], &mut d_h_prev[..n], &mut a_h[..n]);
    for k in 0..n {
        d_h_prev[k] = d_h[k] * (1.0 - z[k]);
        a_h[k] = d_h[k] * z[k] * (1.0 - h_tilde[k] * h_tilde[k]);
    }
}

dispatch!(
    /// [`through_blend_kernel`].
    through_blend, through_blend_at => through_blend_kernel(
        d_h: &[f64], zh: (&[f64], &[f64]), d_h_prev: &mut [f64], a_h: &mut [f64]
    )
);

/// The rest of the GRU's backward from ∂h and ∂(r ∘ h_prev):
/// ∂h_prev += ∂(r ∘ h_prev) ∘ r, ∂a_z = ∂h ∘ (h~ − h_prev) ∘ σ′(z),
/// ∂a_r = ∂(r ∘ h_prev) ∘ h_prev ∘ σ′(r), with σ′ = σ (1 − σ).
#[inline(always)]
fn through_gates_kernel(
    (d_h, d_rh): (&[f64], &[f64]),
    (z, r, h_tilde, h_prev): (&[f64], &[f64], &[f64], &[f64]),
    d_h_prev: &mut [f64],
    (a_z, a_r): (&mut [f64], &mut [f64]),
) {
    let n = d_h.len();
    let (d_rh, z, r, ht, hp) = (&d_rh[..n], &z[..n], &r[..n], &h_tilde[..n], &h_prev[..n]);
    let (d_h_prev, a_z, a_r) = (&mut d_h_prev[..n], &mut a_z[..n], &mut a_r[..n]);
    for k in 0..n {
        d_h_prev[k] += d_rh[k] * r[k];
        a_z[k] = d_h[k] * (ht[k] - hp[k]) * z[k] * (1.0 - z[k]);
        a_r[k] = d_rh[k] * hp[k] * r[k] * (1.0 - r[k]);
    }
}

type Gates<'a> = (&'a [f64], &'a [f64], &'a [f64], &'a [f64]);

dispatch!(
    /// [`through_gates_kernel`].
    through_gates, through_gates_at => through_gates_kernel(
        d: (&[f64], &[f64]), gates: Gates, d_h_prev: &mut [f64], a: (&mut [f64], &mut [f64])
    )
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

    #[test]
    fn the_gru_kernels_keep_the_plain_expressions_bits_on_every_instruction_set() {
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        for n in [1, 7, 8, 9, 31, 64, 130] {
            let sigma =
                |seed: f64| filled(n, seed).iter().map(|x| 1.0 / (1.0 + (-x / 100.0).exp())).collect::<Vec<_>>();
            let (z, r, ht, hp) = (sigma(0.3), sigma(0.7), filled(n, 1.1), filled(n, 1.7));
            let (d_h, d_rh, start) = (filled(n, 2.3), filled(n, 2.9), filled(n, 3.1));
            for isa in Isa::all_available() {
                let mut h = vec![f64::NAN; n];
                blend_at(isa, &mut h, &z, &hp, &ht);
                let want: Vec<f64> = (0..n).map(|k| (1.0 - z[k]) * hp[k] + z[k] * ht[k]).collect();
                assert_eq!(bits(&h), bits(&want), "blend, n = {n}, {isa:?}");

                let (mut d_hp, mut a_h) = (vec![f64::NAN; n], vec![f64::NAN; n]);
                through_blend_at(isa, &d_h, (&z, &ht), &mut d_hp, &mut a_h);
                let want: Vec<f64> = (0..n).map(|k| d_h[k] * (1.0 - z[k])).collect();
                assert_eq!(bits(&d_hp), bits(&want), "∂h_prev through the blend, n = {n}, {isa:?}");
                let want: Vec<f64> = (0..n).map(|k| d_h[k] * z[k] * (1.0 - ht[k] * ht[k])).collect();
                assert_eq!(bits(&a_h), bits(&want), "∂a_h, n = {n}, {isa:?}");

                let (mut d_hp, mut a_z, mut a_r) = (start.clone(), vec![f64::NAN; n], vec![f64::NAN; n]);
                through_gates_at(isa, (&d_h, &d_rh), (&z, &r, &ht, &hp), &mut d_hp, (&mut a_z, &mut a_r));
                let want: Vec<f64> = (0..n).map(|k| start[k] + d_rh[k] * r[k]).collect();
                assert_eq!(bits(&d_hp), bits(&want), "∂h_prev through r, n = {n}, {isa:?}");
                let want: Vec<f64> = (0..n).map(|k| d_h[k] * (ht[k] - hp[k]) * z[k] * (1.0 - z[k])).collect();
                assert_eq!(bits(&a_z), bits(&want), "∂a_z, n = {n}, {isa:?}");
                let want: Vec<f64> = (0..n).map(|k| d_rh[k] * hp[k] * r[k] * (1.0 - r[k])).collect();
                assert_eq!(bits(&a_r), bits(&want), "∂a_r, n = {n}, {isa:?}");
            }
        }
    }
}
