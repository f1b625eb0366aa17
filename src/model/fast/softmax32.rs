//! Softmax of every column in float32, for the training engine's output
//! layer when it runs in float32 (the softmax over K_y words of every
//! target word). Its exp is this file's own, not the system's: a float32
//! exp has no system bits to keep, and plain arithmetic (no fused
//! multiply-add, whose rounding differs) gives the same bits on every
//! instruction set.
//!
//! ```text
//! x = n ln 2 + r,   n = round(x / ln 2),   |r| ≤ ln 2 / 2
//! e^x = 2^n · (1 + r + r²/2 + … + r⁶/720)
//! ```
//!
//! Each column's max and sum run in [`LANES`] partial chains over its rows
//! (row i in chain i mod 16), added up in chain order at the end: a fixed
//! order, so the bits never depend on the machine, and sixteen chains so
//! that no addition waits for the one before it. The sum is kept in
//! float64, so that 1,719 terms lose nothing to it.

/// Float32 numbers a step handles: one AVX-512 register.
const LANES: usize = 16;
const LOG2_E: f32 = std::f32::consts::LOG2_E;
/// ln 2 in two parts: n · LN2_HI is exact for the n that occur.
const LN2_HI: f32 = 0.693_359_4;
const LN2_LO: f32 = -2.121_944_4e-4;
/// 1.5 · 2²³: adding it rounds to an integer.
const ROUND: f32 = 12_582_912.0;
/// Below this e^x is under float32's smallest normal number: 0 is returned.
const LOWEST: f32 = -87.0;
const HIGHEST: f32 = 88.0;

/// e^x in float32, for x in (−87, 88]; 0 at or below −87, where e^x is
/// about float32's smallest normal number, and e^88 above 88.
#[inline(always)]
pub fn exp32(x: f32) -> f32 {
    let x = x.clamp(LOWEST, HIGHEST);
    let shifted = x * LOG2_E + ROUND; // n in its low bits
    let n = shifted - ROUND;
    let r = (x - n * LN2_HI) - n * LN2_LO;
    let p = 1.0 / 720.0;
    let p = p * r + 1.0 / 120.0;
    let p = p * r + 1.0 / 24.0;
    let p = p * r + 1.0 / 6.0;
    let p = p * r + 0.5;
    let p = p * r + 1.0;
    let p = p * r + 1.0;
    // 2^n built from its exponent bits: the low bits of `shifted` hold n
    // (two's complement), and the shift drops everything above them
    let scale = f32::from_bits(shifted.to_bits().wrapping_add(127) << 23);
    if x <= LOWEST { 0.0 } else { p * scale }
}

/// Each column's max, as [`LANES`] chains over its rows.
#[inline(always)]
fn column_max(col: &[f32]) -> f32 {
    let mut acc = [f32::NEG_INFINITY; LANES];
    let (steps, rest) = col.as_chunks::<LANES>();
    for step in steps {
        for j in 0..LANES {
            acc[j] = acc[j].max(step[j]);
        }
    }
    for (a, &v) in acc.iter_mut().zip(rest) {
        *a = a.max(v);
    }
    acc.into_iter().fold(f32::NEG_INFINITY, f32::max)
}

/// e^(x − max) of every row in place, and their sum in float64.
#[inline(always)]
fn exp_and_sum(col: &mut [f32], max: f32) -> f64 {
    let mut acc = [0.0f64; LANES];
    let (steps, rest) = col.as_chunks_mut::<LANES>();
    for step in steps {
        for j in 0..LANES {
            step[j] = exp32(step[j] - max);
            acc[j] += step[j] as f64;
        }
    }
    for (a, v) in acc.iter_mut().zip(rest) {
        *v = exp32(*v - max);
        *a += *v as f64;
    }
    acc.into_iter().fold(0.0, |s, a| s + a)
}

#[inline(always)]
fn softmax32_kernel(x: &mut [f32], rows: usize) {
    if rows == 0 {
        return;
    }
    for col in x.chunks_exact_mut(rows) {
        let max = column_max(col);
        let total = exp_and_sum(col, max);
        let inv = (1.0 / total) as f32;
        col.iter_mut().for_each(|v| *v *= inv);
    }
}

dispatch!(
    /// p = softmax of every column of `x` (`rows` to a column, column-major),
    /// in float32: the same bits on every instruction set.
    softmax32_columns, softmax32_columns_at => softmax32_kernel(x: &mut [f32], rows: usize)
);

#[cfg(test)]
mod tests {
    use super::super::Isa;
    use super::*;
    use crate::model::rng::SeededRng;

    #[test]
    fn exp32_is_within_three_ten_millionths_of_float64s_exp() {
        let mut worst = 0.0f64;
        for k in 0..2_000_000 {
            let x = -86.99 + 174.99 * (k as f64 / 2_000_000.0); // inside (−87, 88]
            let want = (x as f32 as f64).exp();
            let got = exp32(x as f32) as f64;
            worst = worst.max((got - want).abs() / want);
        }
        // about two units in float32's last place (2⁻²³ ≈ 1.2e-7 relative)
        assert!(worst < 3e-7, "worst relative error {worst:e}");
        assert_eq!((exp32(-1e30), exp32(-88.0), exp32(0.0)), (0.0, 0.0, 1.0));
    }

    #[test]
    fn every_instruction_set_gives_the_same_bits_close_to_float64() {
        let mut rng = SeededRng::new(32);
        for rows in [1, 7, 16, 40, 1719] {
            for cols in [1, 3, 64] {
                let x: Vec<f64> = (0..rows * cols).map(|_| (rng.uniform01() - 0.5) * 40.0).collect();
                let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
                let mut first: Option<Vec<f32>> = None;
                for isa in Isa::all_available() {
                    let mut got = x32.clone();
                    softmax32_columns_at(isa, &mut got, rows);
                    match &first {
                        None => first = Some(got),
                        Some(f) => assert!(
                            got.iter().zip(f).all(|(a, b)| a.to_bits() == b.to_bits()),
                            "{rows} × {cols} on {isa:?}: other bits"
                        ),
                    }
                }
                let got = first.expect("the baseline always runs");
                let mut want = x.clone();
                super::super::softmax::softmax_columns(&mut want, rows);
                for (g, w) in got.iter().zip(&want) {
                    assert!((*g as f64 - w).abs() <= 4e-6 * w + 1e-12, "{g} against {w}");
                }
            }
        }
    }
}
