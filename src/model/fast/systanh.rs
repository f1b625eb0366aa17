//! The system's own tanh, eight lanes at once, to the last bit.
//!
//! The GRUs' candidate state h~ = tanh(…) is where training spends most of
//! its time in `tanh`, one number at a time through the C library. The C
//! library here (glibc) computes it by fdlibm's algorithm, and on a processor
//! with FMA its `expm1` is built with fused multiply-adds. This file follows
//! the same algorithm, operation for operation, with the multiply-adds fused
//! where that build fuses them, and with every branch computed and one kept
//! per lane, so that the compiler can use vector instructions. The results
//! are the system's bits (a test compares them over millions of inputs), so
//! every trained weight and every committed number stays what it was.
//!
//! ```text
//! tanh(x) = sign(x) · −t / (t + 2),   t = expm1(−2|x|)    for |x| < 1
//!         = sign(x) · (1 − 2 / (t + 2)), t = expm1(2|x|)  for 1 ≤ |x| < 22
//!         = sign(x)                                       for |x| ≥ 22
//! expm1(y): y = k ln 2 + r (r in two parts, hi − lo), expm1(r) by a rational
//! approximation in r²/2, then scaled back by 2^k
//! ```

use super::lanes::map_in_place;

const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000); // ln 2, its low 32 bits zero
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76); // ln 2 − LN2_HI
const INV_LN2: f64 = f64::from_bits(0x3ff7_1547_652b_82fe);
/// The rational approximation's coefficients.
const Q1: f64 = f64::from_bits(0xbfa1_1111_1111_10f4);
const Q2: f64 = f64::from_bits(0x3f5a_01a0_19fe_5585);
const Q3: f64 = f64::from_bits(0xbf14_ce19_9eaa_dbb7);
const Q4: f64 = f64::from_bits(0x3ed0_cfca_86e6_5239);
const Q5: f64 = f64::from_bits(0xbe8a_fdb7_6e09_c32d);
/// 1.5 · 2⁵²: adding it puts an integer in the low bits.
const ROUND: f64 = 6_755_399_441_055_744.0;

/// `a` where `keep`, else `b`, by bit mask (a branch here would stop the
/// compiler from vectorising).
#[inline(always)]
fn pick(keep: bool, a: f64, b: f64) -> f64 {
    let m = 0u64.wrapping_sub(u64::from(keep));
    f64::from_bits((a.to_bits() & m) | (b.to_bits() & !m))
}

/// y · 2^k for a y whose result stays a normal number: k added to the exponent.
#[inline(always)]
fn scale(y: f64, k: i64) -> f64 {
    f64::from_bits(y.to_bits().wrapping_add((k as u64) << 52))
}

/// expm1(y) for y in (−2, −2⁻⁵⁴] or [2, 44), the two ranges tanh asks for.
#[inline(always)]
fn expm1(y: f64) -> f64 {
    let a = y.abs();
    let reduced = a >= f64::from_bits(0x3fd6_2e43_0000_0000); // |y| > ln 2 / 2: k ≠ 0
    let minus_one = y < 0.0 && a < f64::from_bits(0x3ff0_a2b2_0000_0000); // |y| < 1.5 ln 2: k = −1
    // k = round(y / ln 2) as truncation of y / ln 2 ± 1/2; then y = hi − lo + c
    let kf = (y * INV_LN2 + pick(y < 0.0, -0.5, 0.5)).trunc();
    let kf = pick(minus_one, -1.0, kf);
    let hi = pick(minus_one, y + LN2_HI, (-kf).mul_add(LN2_HI, y));
    let lo = pick(minus_one, -LN2_LO, kf * LN2_LO);
    let x = pick(reduced, hi - lo, y);
    let c = (hi - x) - lo;
    let k = pick(reduced, kf, 0.0);
    let ki = ((k + ROUND).to_bits() as i64).wrapping_sub(ROUND.to_bits() as i64);
    // the rational approximation, fused as the FMA build fuses it
    let hfx = x * 0.5;
    let hxs = x * hfx;
    let (a3, b5) = (hxs.mul_add(Q3, Q2), hxs.mul_add(Q5, Q4));
    let h2 = hxs * hxs;
    let p1 = hxs.mul_add(Q1, 1.0);
    let r1 = (h2 * h2).mul_add(b5, h2.mul_add(a3, p1));
    let t = (-r1).mul_add(hfx, 3.0);
    let e = ((r1 - t) / (-x).mul_add(t, 6.0)) * hxs;
    let when_zero = x - e.mul_add(x, -hxs);
    let e = (e - c).mul_add(x, -c) - hxs;
    let when_minus_one = 0.5f64.mul_add(x - e, -0.5);
    let two_minus_k = f64::from_bits((1023i64.wrapping_sub(ki) as u64) << 52);
    let far = scale(1.0 - (e - x), ki) - 1.0; // k ≤ −2 or k ≥ 57
    let near = scale((1.0 - two_minus_k) - (e - x), ki); // 2 ≤ k ≤ 19
    let mid = scale((x - (e + two_minus_k)) + 1.0, ki); // 20 ≤ k ≤ 56
    let general = pick(!(-1..=56).contains(&ki), far, pick(ki <= 19, near, mid));
    pick(!reduced, when_zero, pick(ki == -1, when_minus_one, general))
}

/// tanh(x), the system's bits.
#[inline(always)]
fn tanh1(x: f64) -> f64 {
    let a = x.abs();
    let small = a < 1.0;
    let main = a >= f64::from_bits(0x3c80_0000_0000_0000) && a < 22.0; // 2⁻⁵⁵ ≤ |x| < 22
    // every other lane computes on a harmless stand-in and is replaced below
    let y = pick(main, pick(small, a * -2.0, a + a), 2.0);
    let t = expm1(y);
    let z = pick(small, -t / (t + 2.0), 1.0 - 2.0 / (t + 2.0));
    let z = pick(main, z, 1.0 - 1e-300); // |x| ≥ 22: 1, rounded
    let z = pick(x < 0.0, -z, z);
    let tiny = (1.0 + x) * x; // |x| < 2⁻⁵⁵ (and ±0)
    let z = pick(a < f64::from_bits(0x3c80_0000_0000_0000), tiny, z);
    pick(a.is_finite(), z, 1.0 / x + pick(x < 0.0, -1.0, 1.0)) // ±1, or NaN
}

#[inline(always)]
fn tanh_kernel(x: &mut [f64]) {
    map_in_place(x, tanh1);
}

dispatch!(
    /// tanh of every entry, eight at a time, with the bits `f64::tanh` gives.
    tanh_slice, tanh_slice_at => tanh_kernel(x: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fast::Isa;
    use crate::model::rng::SeededRng;

    /// Inputs where each branch begins and ends, a ulp either side, and
    /// random ones over every range tanh treats apart.
    fn inputs(random: usize) -> Vec<f64> {
        let edges = [
            0.0,
            f64::MIN_POSITIVE,
            f64::from_bits(0x3c80_0000_0000_0000),
            f64::from_bits(0x3c90_0000_0000_0000) / 2.0,
            f64::from_bits(0x3fd6_2e43_0000_0000) / 2.0,
            f64::from_bits(0x3ff0_a2b2_0000_0000) / 2.0,
            1.0,
            19.0 * std::f64::consts::LN_2 / 2.0,
            20.0 * std::f64::consts::LN_2 / 2.0,
            56.5 * std::f64::consts::LN_2 / 2.0,
            57.0 * std::f64::consts::LN_2 / 2.0,
            22.0,
            30.0,
            f64::MAX,
        ];
        let mut xs = Vec::new();
        for e in edges {
            for d in -3i64..=3 {
                let b = f64::from_bits(e.to_bits().wrapping_add(d as u64));
                if b.is_finite() && b >= 0.0 {
                    xs.extend([b, -b]);
                }
            }
        }
        let mut rng = SeededRng::new(2014);
        for j in 0..random {
            let u = rng.uniform01();
            let x = match j % 4 {
                0 => u * 2.0 - 1.0,                                                      // |x| < 1
                1 => (u * 2.0 - 1.0) * 23.0,                                             // to past 22
                2 => (u * 2.0 - 1.0) * 4.0,                                              // where the GRUs live
                _ => (2.0f64).powf(-60.0 + 62.0 * u) * (1.0 - 2.0 * (j % 8 / 4) as f64), // every scale
            };
            xs.push(x);
        }
        xs.extend([f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -0.0]);
        xs
    }

    fn same(a: f64, b: f64) -> bool {
        a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
    }

    /// Whether the C library's tanh is the one this file follows: glibc on a
    /// processor with FMA. Elsewhere the bits may differ in the last place.
    fn system_is_glibc_with_fma() -> bool {
        cfg!(all(target_os = "linux", target_env = "gnu")) && Isa::Avx2.available()
    }

    #[test]
    fn the_vector_tanh_gives_the_systems_bits() {
        let xs = inputs(2_000_000);
        let mut fast = xs.clone();
        tanh_slice(&mut fast);
        let differ: Vec<(f64, f64, f64)> =
            xs.iter().zip(&fast).filter(|(x, f)| !same(x.tanh(), **f)).map(|(x, f)| (*x, *f, x.tanh())).collect();
        if system_is_glibc_with_fma() {
            assert!(
                differ.is_empty(),
                "{} of {} differ, first (x, ours, system's): {:?}",
                differ.len(),
                xs.len(),
                &differ[..differ.len().min(5)]
            );
        } else {
            let ulps = |(_, a, b): &(f64, f64, f64)| (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs();
            assert!(differ.iter().all(|d| ulps(d) <= 2), "more than 2 ulp from this system's tanh");
        }
    }

    #[test]
    fn every_instruction_set_gives_the_same_bits() {
        let xs = inputs(40_000);
        let mut as_built = xs.clone();
        tanh_slice_at(Isa::Baseline, &mut as_built);
        for isa in [Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
            let mut wide = xs.clone();
            tanh_slice_at(isa, &mut wide);
            assert!(wide.iter().zip(&as_built).all(|(a, b)| same(*a, *b)), "{isa:?} differs");
        }
    }
}
