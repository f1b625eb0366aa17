//! The system's own exp, eight lanes at once, to the last bit: for the
//! GRUs' gates σ(a) = 1 / (1 + e^−a) and for every softmax.
//!
//! The C library here (glibc) computes e^x with a table of 2^(k/128) and a
//! polynomial, built with fused multiply-adds on a processor with FMA. This
//! file does the same, operation for operation, for |x| in [2⁻⁵⁴, 512),
//! where training's exponents live; any other lane (underflow, overflow, a
//! tiny or non-finite x) is handed to `f64::exp` itself. The results are the
//! system's bits (a test compares them), so every committed number stays.
//!
//! ```text
//! x = (k + j/128) ln 2 + r,   |r| ≤ ln 2 / 256,   k = ⌊·/128⌋, j = · mod 128
//! e^x = 2^k · 2^(j/128) · (1 + tail_j) · (1 + r + r²/2 + … + r⁵/120)
//! ```

use super::lanes::{LANES, Lanes, load, store};

const INV_LN2_N: f64 = f64::from_bits(0x4067_1547_652b_82fe); // 128 / ln 2
const NEG_LN2_HI_N: f64 = f64::from_bits(0xbf76_2e42_fefa_0000); // −ln 2 / 128, high part
const NEG_LN2_LO_N: f64 = f64::from_bits(0xbd0c_f79a_bc9e_3b3a); // and the rest
const SHIFT: f64 = f64::from_bits(0x4338_0000_0000_0000); // 1.5 · 2⁵²: rounds to an integer
const C2: f64 = f64::from_bits(0x3fdf_ffff_ffff_fdbd);
const C3: f64 = f64::from_bits(0x3fc5_5555_5555_543c);
const C4: f64 = f64::from_bits(0x3fa5_5555_cf17_2b91);
const C5: f64 = f64::from_bits(0x3f81_1111_67a4_d017);

/// For j = 0 … 127, with H_j = 2^(j/128) rounded to the nearest f64:
/// [bits of (2^(j/128) − H_j) / H_j rounded, bits of H_j − j · 2⁴⁵]
/// (the second so that adding k · 2⁵² + j · 2⁴⁵, the rounded x · 128/ln 2
/// shifted left by 45, gives the bits of 2^k H_j).
#[rustfmt::skip]
static TABLE: [u64; 256] = include!("sysexp_table.in");

/// e^x for x in the main range ([`in_main`]); anything outside it.
#[inline(always)]
fn exp_main(x: f64) -> f64 {
    let kd = x.mul_add(INV_LN2_N, SHIFT);
    let ki = kd.to_bits();
    let kd = kd - SHIFT;
    let r = kd.mul_add(NEG_LN2_LO_N, kd.mul_add(NEG_LN2_HI_N, x));
    let idx = 2 * (ki & 127) as usize;
    let tail = f64::from_bits(TABLE[idx]);
    let scale = f64::from_bits(TABLE[idx + 1].wrapping_add(ki << 45));
    let r2 = r * r;
    let tmp = (r2 * r2).mul_add(r.mul_add(C5, C4), r2.mul_add(r.mul_add(C3, C2), tail + r));
    scale.mul_add(tmp, scale)
}

/// Whether `x` is in the range [`exp_main`] computes: |x| in [2⁻⁵⁴, 512).
#[inline(always)]
fn in_main(x: f64) -> bool {
    let top = ((x.to_bits() >> 52) & 0x7ff) as u32;
    top.wrapping_sub(0x3c9) <= 0x3e
}

/// e^x of eight lanes.
#[inline(always)]
fn exp8(x: Lanes) -> Lanes {
    let mut out = [0.0; LANES];
    let mut all_main = true;
    for j in 0..LANES {
        out[j] = exp_main(if in_main(x[j]) { x[j] } else { 0.5 });
        all_main &= in_main(x[j]);
    }
    if !all_main {
        for j in 0..LANES {
            if !in_main(x[j]) {
                out[j] = x[j].exp();
            }
        }
    }
    out
}

#[inline(always)]
fn exp_kernel(x: &mut [f64]) {
    for k in (0..x.len()).step_by(LANES) {
        store(x, k, exp8(load(x, k)));
    }
}

#[inline(always)]
fn sigmoid_kernel(x: &mut [f64]) {
    for k in (0..x.len()).step_by(LANES) {
        let a = load(x, k);
        let mut minus = [0.0; LANES];
        for j in 0..LANES {
            minus[j] = -a[j];
        }
        let e = exp8(minus);
        let mut s = [0.0; LANES];
        for j in 0..LANES {
            s[j] = 1.0 / (1.0 + e[j]);
        }
        store(x, k, s);
    }
}

dispatch!(
    /// e^x of every entry, eight at a time, with the bits `f64::exp` gives.
    exp_slice, exp_slice_at => exp_kernel(x: &mut [f64])
);

dispatch!(
    /// σ(a) = 1 / (1 + e^−a) of every entry, eight at a time: the bits of
    /// `1.0 / (1.0 + (-a).exp())`.
    sigmoid_slice, sigmoid_slice_at => sigmoid_kernel(x: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fast::Isa;
    use crate::model::rng::SeededRng;

    /// Every table entry many times over, the range's edges and beyond.
    fn inputs(random: usize) -> Vec<f64> {
        let mut rng = SeededRng::new(1409);
        let mut xs: Vec<f64> = (0..random)
            .map(|j| {
                let u = rng.uniform01() * 2.0 - 1.0;
                match j % 3 {
                    0 => u * 40.0,                          // the gates
                    1 => u * 800.0,                         // a softmax's spread, past both edges
                    _ => u * 2f64.powi(-((j % 60) as i32)), // every small scale
                }
            })
            .collect();
        for e in [2f64.powi(-54), 512.0, 709.7, 745.2, 0.0, f64::MIN_POSITIVE] {
            for d in -3i64..=3 {
                let b = f64::from_bits(e.to_bits().wrapping_add(d as u64));
                xs.extend([b, -b]);
            }
        }
        xs.extend([f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 1e300, -1e300]);
        xs
    }

    fn same(a: f64, b: f64) -> bool {
        a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
    }

    /// Whether the C library's exp is the one this file follows: glibc on a
    /// processor with FMA. Elsewhere the bits may differ in the last place.
    fn system_is_glibc_with_fma() -> bool {
        cfg!(all(target_os = "linux", target_env = "gnu")) && Isa::Avx2.available()
    }

    fn ulps(a: f64, b: f64) -> u64 {
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs()
    }

    #[test]
    fn the_vector_exp_and_sigmoid_give_the_systems_bits() {
        let xs = inputs(3_000_000);
        let mut exp = xs.clone();
        exp_slice(&mut exp);
        let mut sig = xs.clone();
        sigmoid_slice(&mut sig);
        let exp_differ: Vec<(f64, f64, f64)> =
            xs.iter().zip(&exp).filter(|(x, e)| !same(x.exp(), **e)).map(|(x, e)| (*x, *e, x.exp())).collect();
        let sigmoid = |a: f64| 1.0 / (1.0 + (-a).exp());
        let sig_differ = xs.iter().zip(&sig).filter(|(x, s)| !same(sigmoid(**x), **s)).count();
        if system_is_glibc_with_fma() {
            let first = &exp_differ[..exp_differ.len().min(5)];
            assert!(
                exp_differ.is_empty(),
                "{} of {} differ, first (x, ours, system's): {first:?}",
                exp_differ.len(),
                xs.len()
            );
            assert_eq!(sig_differ, 0, "σ differs from 1 / (1 + exp(−a)) at {sig_differ} inputs");
        } else {
            assert!(exp_differ.iter().all(|&(_, a, b)| ulps(a, b) <= 2), "more than 2 ulp from this system's exp");
        }
    }

    #[test]
    fn every_instruction_set_gives_the_same_bits() {
        let xs = inputs(60_000);
        let mut as_built = xs.clone();
        exp_slice_at(Isa::Baseline, &mut as_built);
        for isa in [Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
            let mut wide = xs.clone();
            exp_slice_at(isa, &mut wide);
            assert!(wide.iter().zip(&as_built).all(|(a, b)| same(*a, *b)), "{isa:?} differs");
        }
    }
}
