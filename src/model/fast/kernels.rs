//! Steps 08–09 fused, as a real implementation runs them:
//!
//! ```text
//! e_i = Σ_k v_a[k] · tanh(q_k + (U_a H)[k, i])        q = W_a s_{t−1}
//! ```
//!
//! The readable path ([`super::attention`]) builds the n' × T_x matrices
//! `pre` and `hidden` and then multiplies by v_aᵀ. Here each column of U_a H
//! is read once, four rows at a time: add q, take tanh, multiply by v_a and
//! accumulate, so no n' × T_x matrix exists. `tanh` is the `wide` crate's
//! `f64x4::tanh` (already built for nalgebra): four lanes at once, through
//! `exp_m1`, within a few ulp of the system's scalar `tanh`.
//!
//! Sums run in another order than the readable path's, so the two agree to
//! rounding (about 1e-15 relative), not bit for bit.

use wide::f64x4;

/// Four consecutive entries of `s` from `k`, zero past its end.
#[inline(always)]
fn load(s: &[f64], k: usize) -> f64x4 {
    if k + 4 <= s.len() {
        f64x4::new([s[k], s[k + 1], s[k + 2], s[k + 3]])
    } else {
        let mut a = [0.0; 4];
        a[..s.len() - k].copy_from_slice(&s[k..]);
        f64x4::new(a)
    }
}

/// Writes the lanes of `x` that fall inside `s` from `k`.
#[inline(always)]
fn store(s: &mut [f64], k: usize, x: f64x4) {
    let end = (k + 4).min(s.len());
    s[k..end].copy_from_slice(&x.to_array()[..end - k]);
}

// ANCHOR: tanh_slice
/// tanh of every entry, four at a time (the `wide` crate's vector tanh).
pub fn tanh_slice(x: &mut [f64]) {
    for k in (0..x.len()).step_by(4) {
        store(x, k, load(x, k).tanh());
    }
}
// ANCHOR_END: tanh_slice

// ANCHOR: energies_fused
/// e_i = Σ_k v_a[k] tanh(q_k + keys[k, i]) for every column i of `keys`
/// (U_a H, n' × T_x, column-major: column i is `keys[i n' .. (i+1) n']`).
/// When `hidden` is given, tanh(…) is also written there for the backward pass.
pub fn energies_fused(q: &[f64], keys: &[f64], v_a: &[f64], e: &mut [f64], mut hidden: Option<&mut [f64]>) {
    let n_a = q.len(); // n'
    for (i, e_i) in e.iter_mut().enumerate() {
        let col = &keys[i * n_a..(i + 1) * n_a]; // U_a h_i, (n')
        let mut acc = f64x4::ZERO;
        for k in (0..n_a).step_by(4) {
            let t = (load(q, k) + load(col, k)).tanh(); // tanh(q_k + U_a h_i)
            acc += load(v_a, k) * t; // padded lanes have v_a = 0
            if let Some(h) = hidden.as_deref_mut() {
                store(&mut h[i * n_a..(i + 1) * n_a], k, t);
            }
        }
        *e_i = acc.reduce_add();
    }
}
// ANCHOR_END: energies_fused

// ANCHOR: energies_fused_backward
/// The backward of [`energies_fused`] from the cached tanh values `hidden`:
/// ∂pre[k, i] = v_a[k] ∂e_i (1 − hidden[k, i]²), then
/// ∂v_a += hidden ∂e, ∂q = Σ_i ∂pre[:, i], ∂keys[:, i] += ∂pre[:, i].
pub fn energies_fused_backward(
    hidden: &[f64],
    v_a: &[f64],
    d_e: &[f64],
    d_q: &mut [f64],
    d_keys: &mut [f64],
    d_v_a: &mut [f64],
) {
    let n_a = v_a.len();
    d_q.fill(0.0);
    for (i, &d_e_i) in d_e.iter().enumerate() {
        let (h, dk) = (&hidden[i * n_a..(i + 1) * n_a], &mut d_keys[i * n_a..(i + 1) * n_a]);
        let de = f64x4::splat(d_e_i);
        for k in (0..n_a).step_by(4) {
            let t = load(h, k);
            store(d_v_a, k, load(d_v_a, k) + t * de);
            let d_pre = load(v_a, k) * de * (f64x4::ONE - t * t); // (4) of (n')
            store(d_q, k, load(d_q, k) + d_pre);
            store(dk, k, load(dk, k) + d_pre);
        }
    }
}
// ANCHOR_END: energies_fused_backward

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;
    use crate::model::attention::{broadcast_sum, energies, hidden_energy};

    /// Distance in units in the last place between two finite f64 of one sign.
    fn ulps(a: f64, b: f64) -> u64 {
        if a == b { 0 } else { (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() }
    }

    #[test]
    fn vector_tanh_is_within_a_few_ulp_of_the_scalar_one() {
        // 200,001 points over ±20, plus tiny and huge ones.
        let mut xs: Vec<f64> = (0..=200_000).map(|j| -20.0 + j as f64 * 2e-4).collect();
        xs.extend([1e-300, -1e-9, 3e-8, 1e-7, 0.0, 19.0, 19.1, 40.0, -700.0, 1e300]);
        let mut fast = xs.clone();
        tanh_slice(&mut fast);
        let worst = xs.iter().zip(&fast).map(|(x, f)| ulps(x.tanh(), *f)).max().unwrap();
        assert!(worst <= 4, "the vector tanh is {worst} ulp from f64::tanh");
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
