//! tanh of eight lanes at once, within 3 ulp of `f64::tanh`, in plain
//! arithmetic the compiler turns into vector instructions; the system's
//! `f64::tanh` takes one number at a time.

use super::lanes::{LANES, Lanes, load, store};

// ANCHOR: tanh8
/// tanh(x) = sign(x) · −t / (t + 2) with t = expm1(−2|x|), which loses no
/// digits near 0. expm1(y) = 2^r (1 + p) − 1 with y = r ln 2 + f,
/// |f| ≤ ln 2 / 2, and p = expm1(f) by its Taylor series to f¹³ (the next
/// term is below 2⁻⁵⁶ of p), in Horner's form: one fused multiply-add per
/// term.
/// Past |x| = 19.1 tanh is ±1 in f64.
#[inline(always)]
fn tanh1(x: f64) -> f64 {
    // ln 2 with its low 32 bits zero, and the rest of it
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
    const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76); // ln 2 − LN2_HI
    // 1.5 · 2⁵²: adding it rounds to an integer
    const ROUND: f64 = 6_755_399_441_055_744.0;
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
    // r = round(y / ln 2), in [−56, 0]
    let r = (y * std::f64::consts::LOG2_E + ROUND) - ROUND;
    // f = y − r ln 2; r LN2_HI is exact
    let f = r.mul_add(-LN2_LO, r.mul_add(-LN2_HI, y));
    let mut poly = C[11];
    for &c in C[..11].iter().rev() {
        poly = poly.mul_add(f, c);
    }
    let p = (f * f).mul_add(poly, f); // expm1(f)
    // 2^r: adding 2⁵² puts r + 1023 in the low bits, << 52 makes it the
    // exponent
    let biased = r + (1023.0 + 4_503_599_627_370_496.0);
    let two_r = f64::from_bits(biased.to_bits() << 52);
    let t = two_r.mul_add(p, two_r - 1.0); // expm1(y); exact for r = 0
    (-t / (t + 2.0)).copysign(x)
}

/// tanh of eight lanes at once.
#[inline(always)]
pub fn tanh8(x: Lanes) -> Lanes {
    let mut out = [0.0; LANES];
    for j in 0..LANES {
        // a loop, not x.map: map is not inlined into the AVX builds
        out[j] = tanh1(x[j]);
    }
    out
}
// ANCHOR_END: tanh8

#[inline(always)]
fn tanh_kernel(x: &mut [f64]) {
    for k in (0..x.len()).step_by(LANES) {
        store(x, k, tanh8(load(x, k)));
    }
}

dispatch!(
    /// tanh of every entry, eight at a time.
    tanh_slice, tanh_slice_at => tanh_kernel(x: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fast::Isa;

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
        let mut as_built = xs.clone();
        tanh_slice_at(Isa::Baseline, &mut as_built); // fma in software where SSE2 has none
        for isa in [Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
            let mut wide = xs.clone();
            tanh_slice_at(isa, &mut wide);
            assert!(wide.iter().zip(&as_built).all(|(a, b)| a.to_bits() == b.to_bits()), "{isa:?} differs");
        }
    }

    #[test]
    fn tanh_keeps_nan_infinity_and_signed_zero() {
        let mut x = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 0.0];
        tanh_slice(&mut x);
        assert!(x[0].is_nan());
        assert_eq!(x[1..], [1.0, -1.0, -0.0, 0.0]);
        assert!(x[3].is_sign_negative() && x[4].is_sign_positive());
    }
}
