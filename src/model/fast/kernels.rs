//! Steps 08–09 fused, as a real implementation runs them:
//!
//! ```text
//! e_i = Σ_k v_a[k] · tanh(q_k + (U_a H)[k, i])        q = W_a s_{t−1}
//! ```
//!
//! The readable path ([`crate::model::attention`]) builds the n' × T_x
//! matrices `pre` and `hidden` and then multiplies by v_aᵀ. Here each column
//! of U_a H is read once, eight rows at a time: add q, take tanh, multiply by
//! v_a and accumulate, so no n' × T_x matrix exists.
//!
//! Every kernel works on [`Lanes`] of eight f64, plain arithmetic that the
//! compiler turns into vector instructions: one AVX-512 register, two AVX2
//! ones or four SSE2 ones, whichever the processor has (chosen at run time).
//! All give the same bits: the lanes and the order of every sum are the same,
//! and each `mul_add` is rounded once whatever instruction computes it.
//!
//! Sums run in another order than the readable path's, so the two agree to
//! rounding (about 1e-15 relative), not bit for bit.

use super::lanes::{LANES, Lanes, lanes, load, row_tiles, store};
pub use super::tanh::{tanh_slice, tanh8};

// ANCHOR: energies_fused
/// e_i = Σ_k v_a[k] tanh(q_k + keys[k, i]) for every column i of `keys`
/// (U_a H, n' × T_x, column-major: column i is `keys[i n' .. (i+1) n']`).
/// When `hidden` is given, tanh(…) is also written there for the backward pass.
#[inline(always)]
fn energies_kernel(
    q: &[f64],     // W_a s_{t−1}, (n')
    keys: &[f64],  // U_a H, (n' × T_x)
    v_a: &[f64],   // (n')
    e: &mut [f64], // (T_x)
    mut hidden: Option<&mut [f64]>,
) {
    let n_a = q.len(); // n'
    let shapes_agree = v_a.len() == n_a && keys.len() == n_a * e.len();
    assert!(shapes_agree, "energies of mismatched shapes");
    let full = n_a - n_a % LANES; // all of n' at the reference sizes
    for (i, e_i) in e.iter_mut().enumerate() {
        let col = &keys[i * n_a..(i + 1) * n_a]; // U_a h_i, (n')
        let mut acc = [0.0; LANES]; // eight partial sums
        for k in (0..full).step_by(LANES) {
            let (q8, u8, v8) = (lanes(q, k), lanes(col, k), lanes(v_a, k));
            let t = energy_lanes(q8, u8, v8, &mut acc);
            if let Some(h) = hidden.as_deref_mut() {
                h[i * n_a + k..][..LANES].copy_from_slice(&t);
            }
        }
        if full < n_a {
            // The last rows, padded with zeros: past n', v_a is 0.
            let (q8, v8) = (load(q, full), load(v_a, full));
            let t = energy_lanes(q8, load(col, full), v8, &mut acc);
            if let Some(h) = hidden.as_deref_mut() {
                store(&mut h[i * n_a..(i + 1) * n_a], full, t);
            }
        }
        // Pairwise, in the same order at every width: the same bits.
        let low = (acc[0] + acc[1]) + (acc[2] + acc[3]);
        let high = (acc[4] + acc[5]) + (acc[6] + acc[7]);
        *e_i = low + high;
    }
}

/// Eight rows k of one column: t = tanh(q_k + U_a h_i), acc += v_a[k] t;
/// returns t.
#[inline(always)]
fn energy_lanes(q8: Lanes, u8: Lanes, v8: Lanes, acc: &mut Lanes) -> Lanes {
    let mut pre = [0.0; LANES];
    for j in 0..LANES {
        pre[j] = q8[j] + u8[j]; // q_k + U_a h_i
    }
    let t = tanh8(pre);
    for j in 0..LANES {
        acc[j] = v8[j].mul_add(t[j], acc[j]);
    }
    t
}
// ANCHOR_END: energies_fused

dispatch!(
    /// Steps 08–09 fused: see [`energies_kernel`].
    energies_fused, energies_fused_at => energies_kernel(q: &[f64], keys: &[f64], v_a: &[f64], e: &mut [f64], hidden: Option<&mut [f64]>)
);

// ANCHOR: energies_fused_backward
/// The backward of [`energies_fused`] from the cached tanh values `hidden`:
/// ∂pre[k, i] = v_a[k] ∂e_i (1 − hidden[k, i]²), then
/// ∂v_a += hidden ∂e, ∂q = Σ_i ∂pre[:, i], ∂keys[:, i] += ∂pre[:, i].
#[inline(always)]
fn energies_backward_kernel(
    hidden: &[f64],
    v_a: &[f64],
    d_e: &[f64],
    d_q: &mut [f64],
    d_keys: &mut [f64],
    d_v_a: &mut [f64],
) {
    let n_a = v_a.len();
    let (d_q, d_v_a) = (&mut d_q[..n_a], &mut d_v_a[..n_a]);
    d_q.fill(0.0);
    for (i, &d_e_i) in d_e.iter().enumerate() {
        let col = i * n_a..(i + 1) * n_a; // column i
        let (h, dk) = (&hidden[col.clone()], &mut d_keys[col]);
        // Entry by entry, no sum across k: the compiler vectorises it at any
        // width, with the same bits.
        for k in 0..n_a {
            let t = h[k];
            let d_pre = v_a[k] * d_e_i * (1.0 - t * t); // ∂pre[k, i]
            d_v_a[k] = t.mul_add(d_e_i, d_v_a[k]);
            d_q[k] += d_pre;
            dk[k] += d_pre;
        }
    }
}
// ANCHOR_END: energies_fused_backward

dispatch!(
    /// The backward of steps 08–09 fused: see [`energies_backward_kernel`].
    energies_fused_backward, energies_fused_backward_at => energies_backward_kernel(
        hidden: &[f64], v_a: &[f64], d_e: &[f64], d_q: &mut [f64], d_keys: &mut [f64], d_v_a: &mut [f64]
    )
);

// ANCHOR: gemv
/// y = A x for A (m × k), column-major: up to 32 entries of y (four AVX-512
/// registers) stay in registers while every column of A streams past
/// (W_a s_{t−1} and H α_t), each entry one chain of fused multiply-adds
/// over the columns in order. The columns are walked with x, so the loop
/// has no index to check (a check's early exit would keep the sums in
/// memory).
#[inline(always)]
fn gemv_tile<const R: usize>(m: usize, i0: usize, a: &[f64], x: &[f64], y: &mut [f64]) {
    assert!(i0 + R <= m, "a tile inside A");
    let mut acc = [0.0; R];
    for (col, &x_j) in a.chunks_exact(m).zip(x) {
        let col = &col[i0..i0 + R];
        for r in 0..R {
            acc[r] = col[r].mul_add(x_j, acc[r]);
        }
    }
    y[i0..i0 + R].copy_from_slice(&acc);
}

#[inline(always)]
fn gemv_kernel(m: usize, a: &[f64], x: &[f64], y: &mut [f64]) {
    const ROWS: usize = 4 * LANES;
    for (i0, rows) in row_tiles(m, ROWS) {
        match rows {
            ROWS => gemv_tile::<ROWS>(m, i0, a, x, y),
            r if r == 3 * LANES => gemv_tile::<{ 3 * LANES }>(m, i0, a, x, y),
            r if r == 2 * LANES => gemv_tile::<{ 2 * LANES }>(m, i0, a, x, y),
            LANES => gemv_tile::<LANES>(m, i0, a, x, y),
            _ => {
                let mut acc = [0.0; LANES];
                for (col, &x_j) in a.chunks_exact(m).zip(x) {
                    for (s, &w) in acc.iter_mut().zip(&col[i0..]) {
                        *s = w.mul_add(x_j, *s);
                    }
                }
                y[i0..].copy_from_slice(&acc[..rows]);
            }
        }
    }
}
// ANCHOR_END: gemv

dispatch!(
    /// y = A x, `a` holding A column by column and m = `y.len()` rows.
    gemv, gemv_at => gemv_kernel(m: usize, a: &[f64], x: &[f64], y: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;
    use crate::model::attention::{broadcast_sum, energies, hidden_energy};
    use crate::model::fast::Isa;

    #[test]
    fn every_instruction_set_gives_the_same_bits() {
        let (n_a, t_x) = (37, 6);
        let keys: Vec<f64> = (0..n_a * t_x).map(|j| (j as f64 * 0.37).sin() * 3.0).collect();
        let q: Vec<f64> = (0..n_a).map(|k| (k as f64 * 0.9).cos()).collect();
        let v_a: Vec<f64> = (0..n_a).map(|k| (k as f64 * 1.3).sin()).collect();
        let run = |isa| {
            let (mut e, mut hidden, mut y) = (vec![0.0; t_x], vec![0.0; n_a * t_x], vec![0.0; n_a]);
            energies_fused_at(isa, &q, &keys, &v_a, &mut e, Some(&mut hidden));
            gemv_at(isa, n_a, &keys, &e, &mut y);
            let (mut d_q, mut d_keys, mut d_v_a) = (vec![0.0; n_a], vec![0.0; n_a * t_x], vec![0.0; n_a]);
            energies_fused_backward_at(isa, &hidden, &v_a, &e, &mut d_q, &mut d_keys, &mut d_v_a);
            [e, hidden, y, d_q, d_keys, d_v_a].concat().iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        };
        let baseline = run(Isa::Baseline);
        for isa in [Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
            assert!(run(isa) == baseline, "{isa:?} gives other bits than the baseline");
        }
    }

    #[test]
    fn gemv_equals_nalgebra_at_every_edge() {
        for (m, k) in [(1, 1), (15, 3), (16, 7), (17, 5), (32, 9), (64, 40), (100, 6), (128, 256), (512, 20)] {
            let a = Mat::from_fn(m, k, |r, c| ((r * 7 + c * 3) as f64 * 0.31).sin());
            let x: Vec<f64> = (0..k).map(|j| (j as f64 * 0.7).cos()).collect();
            let mut y = vec![f64::NAN; m];
            gemv(m, a.as_slice(), &x, &mut y);
            let want = &a * crate::model::Vector::from_vec(x.clone());
            let worst = want.iter().zip(&y).map(|(p, q)| (p - q).abs()).fold(0.0, f64::max);
            assert!(worst <= 1e-12, "{m} × {k}: differs by {worst:e}");
            // and each entry is one chain of fused multiply-adds over the columns in order
            let chain = |i: usize| (0..k).fold(0.0f64, |acc, j| a[(i, j)].mul_add(x[j], acc));
            assert!((0..m).all(|i| chain(i).to_bits() == y[i].to_bits()), "{m} × {k}: not the chain's bits");
        }
    }

    #[test]
    fn fused_energies_equal_the_readable_steps() {
        for (n_a, t_x) in [(1, 1), (3, 2), (16, 5), (17, 9), (128, 20)] {
            let keys = Mat::from_fn(n_a, t_x, |k, i| ((k * 7 + i * 3) as f64 * 0.37).sin() * 2.0);
            let q: Vec<f64> = (0..n_a).map(|k| (k as f64 * 0.9).cos()).collect();
            let v_a = Mat::from_fn(n_a, 1, |k, _| (k as f64 * 1.3).sin());
            let hidden = hidden_energy(&broadcast_sum(&q.clone().into(), &keys));
            let readable = energies(&v_a, &hidden);
            let (mut e, mut cache) = (vec![0.0; t_x], vec![0.0; n_a * t_x]);
            energies_fused(&q, keys.as_slice(), v_a.as_slice(), &mut e, Some(&mut cache));
            for i in 0..t_x {
                assert!((e[i] - readable[i]).abs() <= 1e-12, "e_{i} at n' = {n_a}: {} vs {}", e[i], readable[i]);
            }
            let most = hidden.iter().zip(&cache).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
            assert!(most <= 1e-15, "cached tanh differs by {most:e} at n' = {n_a}");
        }
    }
}
