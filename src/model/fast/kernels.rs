//! Steps 08–09 fused, as a real implementation runs them:
//!
//! ```text
//! e_i = Σ_k v_a[k] · tanh(q_k + (U_a H)[k, i])        q = W_a s_{t−1}
//! ```
//!
//! The readable path ([`crate::model::attention`]) builds the n' × T_x
//! matrices `pre` and `hidden` and then multiplies by v_aᵀ. Here each column
//! of U_a H is read once, four rows at a time: add q, take tanh, multiply by
//! v_a and accumulate, so no n' × T_x matrix exists.
//!
//! tanh is computed four lanes at a time by [`tanh4`], plain arithmetic that
//! the compiler turns into vector instructions: SSE2 everywhere, AVX2 when the
//! processor has it (chosen at run time). Both give the same bits, because
//! Rust never fuses a multiply and an add on its own.
//!
//! Sums run in another order than the readable path's, so the two agree to
//! rounding (about 1e-15 relative), not bit for bit.

type Lanes = [f64; 4];

/// Four consecutive entries of `s` from `k`, zero past its end.
#[inline(always)]
fn load(s: &[f64], k: usize) -> Lanes {
    if k + 4 <= s.len() {
        return [s[k], s[k + 1], s[k + 2], s[k + 3]];
    }
    let mut a = [0.0; 4];
    a[..s.len() - k].copy_from_slice(&s[k..]);
    a
}

/// Writes the lanes of `x` that fall inside `s` from `k`.
#[inline(always)]
fn store(s: &mut [f64], k: usize, x: Lanes) {
    if k + 4 <= s.len() {
        s[k..k + 4].copy_from_slice(&x);
    } else {
        let end = s.len();
        s[k..].copy_from_slice(&x[..end - k]);
    }
}

// ANCHOR: tanh4
/// tanh(x) = sign(x) · −t / (t + 2) with t = expm1(−2|x|), which loses no
/// digits near 0. expm1(y) = 2^r (1 + p) − 1 with y = r ln 2 + f, |f| ≤ ln 2 / 2,
/// and p = expm1(f) by its Taylor series to f¹³ (the next term is below
/// 2⁻⁵⁶ of p). Past |x| = 19.1 tanh is ±1 in f64.
#[inline(always)]
fn tanh1(x: f64) -> f64 {
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000); // ln 2, its low 32 bits zero
    const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76); // ln 2 − LN2_HI
    const ROUND: f64 = 6_755_399_441_055_744.0; // 1.5 · 2⁵²: adding it rounds to an integer
    const C: [f64; 12] = [
        1.0 / 2.0,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5040.0,
        1.0 / 40320.0,
        1.0 / 362880.0,
        1.0 / 3628800.0,
        1.0 / 39916800.0,
        1.0 / 479001600.0,
        1.0 / 6227020800.0,
    ];
    let a = x.abs();
    let a = if a > 19.1 { 19.1 } else { a }; // NaN stays NaN
    let y = -2.0 * a; // in [−38.2, 0]
    let r = (y * std::f64::consts::LOG2_E + ROUND) - ROUND; // round(y / ln 2), in [−56, 0]
    let f = (y - r * LN2_HI) - r * LN2_LO;
    let mut poly = C[11];
    for c in C[..11].iter().rev() {
        poly = c + f * poly;
    }
    let p = f + f * f * poly; // expm1(f)
    let two_r = f64::from_bits((r + (1023.0 + 4_503_599_627_370_496.0)).to_bits() << 52); // 2^r
    let t = (two_r - 1.0) + two_r * p; // expm1(y); exact for r = 0
    (-t / (t + 2.0)).copysign(x)
}

/// tanh of four lanes at once.
#[inline(always)]
pub fn tanh4(x: Lanes) -> Lanes {
    let mut out = [0.0; 4];
    for j in 0..4 {
        out[j] = tanh1(x[j]);
    }
    out
}
// ANCHOR_END: tanh4

#[inline(always)]
fn tanh_kernel(x: &mut [f64]) {
    for k in (0..x.len()).step_by(4) {
        store(x, k, tanh4(load(x, k)));
    }
}

dispatch!(
    /// tanh of every entry, four at a time.
    tanh_slice => tanh_kernel(x: &mut [f64])
);

// ANCHOR: energies_fused
/// e_i = Σ_k v_a[k] tanh(q_k + keys[k, i]) for every column i of `keys`
/// (U_a H, n' × T_x, column-major: column i is `keys[i n' .. (i+1) n']`).
/// When `hidden` is given, tanh(…) is also written there for the backward pass.
#[inline(always)]
fn energies_kernel(q: &[f64], keys: &[f64], v_a: &[f64], e: &mut [f64], mut hidden: Option<&mut [f64]>) {
    let n_a = q.len(); // n'
    for (i, e_i) in e.iter_mut().enumerate() {
        let col = &keys[i * n_a..(i + 1) * n_a]; // U_a h_i, (n')
        let mut acc = [0.0; 4]; // four partial sums
        for k in (0..n_a).step_by(4) {
            let (q4, u4, v4) = (load(q, k), load(col, k), load(v_a, k));
            let mut pre = [0.0; 4];
            for j in 0..4 {
                pre[j] = q4[j] + u4[j]; // q_k + U_a h_i
            }
            let t = tanh4(pre);
            for j in 0..4 {
                acc[j] += v4[j] * t[j]; // past n', v_a is 0
            }
            if let Some(h) = hidden.as_deref_mut() {
                store(&mut h[i * n_a..(i + 1) * n_a], k, t);
            }
        }
        *e_i = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    }
}
// ANCHOR_END: energies_fused

dispatch!(
    /// Steps 08–09 fused: see [`energies_kernel`].
    energies_fused => energies_kernel(q: &[f64], keys: &[f64], v_a: &[f64], e: &mut [f64], hidden: Option<&mut [f64]>)
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
    d_q.fill(0.0);
    for (i, &d_e_i) in d_e.iter().enumerate() {
        let (h, dk) = (&hidden[i * n_a..(i + 1) * n_a], &mut d_keys[i * n_a..(i + 1) * n_a]);
        for k in (0..n_a).step_by(4) {
            let (t, v) = (load(h, k), load(v_a, k));
            let (mut dv, mut dq, mut dkk) = (load(d_v_a, k), load(d_q, k), load(dk, k));
            for j in 0..4 {
                let d_pre = v[j] * d_e_i * (1.0 - t[j] * t[j]); // ∂pre[k + j, i]
                dv[j] += t[j] * d_e_i;
                dq[j] += d_pre;
                dkk[j] += d_pre;
            }
            store(d_v_a, k, dv);
            store(d_q, k, dq);
            store(dk, k, dkk);
        }
    }
}
// ANCHOR_END: energies_fused_backward

dispatch!(
    /// The backward of steps 08–09 fused: see [`energies_backward_kernel`].
    energies_fused_backward => energies_backward_kernel(
        hidden: &[f64], v_a: &[f64], d_e: &[f64], d_q: &mut [f64], d_keys: &mut [f64], d_v_a: &mut [f64]
    )
);

// ANCHOR: gemv
/// y = A x for A (m × k), column-major: sixteen entries of y stay in registers
/// while every column of A streams past once (W_a s_{t−1} and H α_t).
#[inline(always)]
fn gemv_kernel(m: usize, a: &[f64], x: &[f64], y: &mut [f64]) {
    for i0 in (0..m).step_by(16) {
        let rows = (m - i0).min(16);
        let mut acc = [0.0; 16];
        for (col, &x_j) in a.chunks_exact(m).zip(x) {
            if rows == 16 {
                let c: &[f64; 16] = col[i0..i0 + 16].try_into().expect("16 rows");
                for r in 0..16 {
                    acc[r] += c[r] * x_j;
                }
            } else {
                for r in 0..rows {
                    acc[r] += col[i0 + r] * x_j;
                }
            }
        }
        y[i0..i0 + rows].copy_from_slice(&acc[..rows]);
    }
}
// ANCHOR_END: gemv

dispatch!(
    /// y = A x, `a` holding A column by column and m = `y.len()` rows.
    gemv => gemv_kernel(m: usize, a: &[f64], x: &[f64], y: &mut [f64])
);

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
        assert!(worst <= 3, "the vector tanh is {worst} ulp from f64::tanh");
    }

    #[test]
    fn every_instruction_set_gives_the_same_bits() {
        let xs: Vec<f64> = (0..4001).map(|j| (j as f64 - 2000.0) * 0.011).collect();
        let (mut dispatched, mut as_built) = (xs.clone(), xs);
        tanh_slice(&mut dispatched); // AVX2 where the processor has it
        tanh_kernel(&mut as_built); // compiled for the target's baseline
        assert!(dispatched.iter().zip(&as_built).all(|(a, b)| a.to_bits() == b.to_bits()));
    }

    #[test]
    fn tanh_keeps_nan_infinity_and_signed_zero() {
        let mut x = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 0.0];
        tanh_slice(&mut x);
        assert!(x[0].is_nan());
        assert_eq!(x[1..], [1.0, -1.0, -0.0, 0.0]);
        assert!(x[3].is_sign_negative() && x[4].is_sign_positive());
    }

    #[test]
    fn gemv_equals_nalgebra_at_every_edge() {
        for (m, k) in [(1, 1), (15, 3), (16, 7), (17, 5), (128, 256), (512, 20)] {
            let a = Mat::from_fn(m, k, |r, c| ((r * 7 + c * 3) as f64 * 0.31).sin());
            let x: Vec<f64> = (0..k).map(|j| (j as f64 * 0.7).cos()).collect();
            let mut y = vec![f64::NAN; m];
            gemv(m, a.as_slice(), &x, &mut y);
            let want = &a * crate::model::Vector::from_vec(x);
            let worst = want.iter().zip(&y).map(|(p, q)| (p - q).abs()).fold(0.0, f64::max);
            assert!(worst <= 1e-12, "{m} × {k}: differs by {worst:e}");
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
