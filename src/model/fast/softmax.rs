//! Softmax of every column of a matrix (one column: a vector): each column's
//! max subtracted, e^(x − max), its sum and the division, for attention's α
//! and for the output layer's K_y words, a chunk of target words at once.
//!
//! One column's max and sum are chains: each step waits for the one before,
//! so K_y = 1,719 additions take 1,719 times an addition's latency, however
//! wide the processor. Eight columns side by side run eight chains at once;
//! every column still takes its max and adds its terms in its own order,
//! from its first row to its last, so nothing is rounded differently.

use super::sysexp::exp_slice;

/// Columns whose chains run side by side.
const SIDE: usize = 8;
/// Shorter columns go one at a time: at the toy's K_y of about 40 the side
/// by side loop measured slower (76.2 and 76.7 s of CPU for one seed of the
/// bottleneck report against 71.6 and 74.1), at the real corpus's 1,719 it
/// took the output layer from 17.0 ms a batch to 14.8.
const SIDE_FROM: usize = 256;

/// Each column's max, then its sum after the exp, over `rows` rows of the
/// `w` columns of `x`, the chains of all `w` advancing together.
#[inline(always)]
fn chains<const W: usize>(x: &[f64], rows: usize, fold: impl Fn(f64, f64) -> f64, start: f64) -> [f64; W] {
    let mut acc = [start; W];
    for r in 0..rows {
        for j in 0..W {
            acc[j] = fold(acc[j], x[j * rows + r]);
        }
    }
    acc
}

/// [`chains`] for any w up to [`SIDE`].
#[inline(always)]
fn chains_any(x: &[f64], rows: usize, w: usize, fold: impl Fn(f64, f64) -> f64 + Copy, start: f64) -> [f64; SIDE] {
    if w == SIDE {
        return chains::<SIDE>(x, rows, fold, start);
    }
    let mut acc = [start; SIDE];
    for (j, a) in acc.iter_mut().enumerate().take(w) {
        *a = x[j * rows..(j + 1) * rows].iter().fold(start, |s, &v| fold(s, v));
    }
    acc
}

#[inline(always)]
fn softmax_kernel(x: &mut [f64], rows: usize) {
    if rows == 0 {
        return;
    }
    if rows < SIDE_FROM {
        for col in x.chunks_exact_mut(rows) {
            let max = col.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            col.iter_mut().for_each(|v| *v -= max);
            exp_slice(col);
            let total: f64 = col.iter().sum();
            col.iter_mut().for_each(|v| *v /= total);
        }
        return;
    }
    for group in x.chunks_mut(rows * SIDE) {
        let w = group.len() / rows;
        // the max subtracted first, as `iter().fold(−∞, f64::max)` takes it
        let max = chains_any(group, rows, w, f64::max, f64::NEG_INFINITY);
        for (col, m) in group.chunks_exact_mut(rows).zip(max) {
            col.iter_mut().for_each(|v| *v -= m);
        }
        exp_slice(group); // the system's exp, eight at a time
        // Σ as `iter().sum()` adds: from −0.0, in order
        let total = chains_any(group, rows, w, |a, b| a + b, -0.0);
        for (col, t) in group.chunks_exact_mut(rows).zip(total) {
            col.iter_mut().for_each(|v| *v /= t);
        }
    }
}

dispatch!(
    /// p = softmax of every column of `x` (`rows` to a column, column-major):
    /// the bits of taking them one column at a time.
    softmax_columns, softmax_columns_at => softmax_kernel(x: &mut [f64], rows: usize)
);

#[cfg(test)]
mod tests {
    use super::super::Isa;
    use super::*;
    use crate::model::rng::SeededRng;

    /// One column at a time, as the output layer computed it before.
    fn one_by_one(x: &mut [f64], rows: usize) {
        for col in x.chunks_exact_mut(rows) {
            let max = col.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            col.iter_mut().for_each(|v| *v -= max);
            exp_slice(col);
            let total: f64 = col.iter().sum();
            col.iter_mut().for_each(|v| *v /= total);
        }
    }

    #[test]
    fn side_by_side_gives_the_bits_of_one_column_at_a_time() {
        let mut rng = SeededRng::new(64);
        for rows in [1, 2, 7, 40, 1719] {
            for cols in [1, 3, 8, 9, 17, 64] {
                let x: Vec<f64> = (0..rows * cols).map(|_| (rng.uniform01() - 0.5) * 30.0).collect();
                let mut want = x.clone();
                one_by_one(&mut want, rows);
                for isa in Isa::all_available() {
                    let mut got = x.clone();
                    softmax_columns_at(isa, &mut got, rows);
                    let same = got.iter().zip(&want).all(|(a, b)| a.to_bits() == b.to_bits());
                    assert!(same, "{rows} rows × {cols} columns on {isa:?}: other bits");
                }
            }
        }
    }
}
