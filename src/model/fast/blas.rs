//! nalgebra's matrix–vector products, y = α A x + β y (`gemv`) and
//! y = α Aᵀ x + β y (`gemv_tr`), with nalgebra's bits, in vector registers.
//!
//! nalgebra runs them through generic code with strides, one call per
//! column, which the compiler cannot keep in registers: in the fast path's
//! GRU step they took a third of a toy model's training. The operations and
//! their order are nalgebra's (its `gemv_uninit`, `array_axcpy` and `dotx`),
//! each product and sum rounded on its own (no fused multiply-add), so the
//! bits are the same; a test compares them at every edge.
//!
//! - `gemv`, column by column: y ← (α a_j) x_j + β_j y, with β_0 = β (y is
//!   not read when β = 0) and β_j = 1 after, i.e. y ← (α a_j) x_j + y. Here
//!   up to 32 entries of y stay in registers while the columns stream past.
//! - `gemv_tr`, one dot product a_j · x per entry: eight sums, sum l taking
//!   the rows l, l + 8, l + 16, …, then added up as 0 + (s_0 + s_4), then
//!   (s_1 + s_5), (s_2 + s_6) and (s_3 + s_7), then the rows past the last
//!   eight one at a time; y_j ← α (a_j · x), plus β y_j when β ≠ 0. The
//!   eight sums are one vector register; four columns are summed side by
//!   side.

use super::lanes::{LANES, row_tiles};

/// Rows of y a `gemv` tile keeps in registers.
const ROWS: usize = 4 * LANES;

/// (α a) x, as nalgebra computes each term of a `gemv`; with `ONE` (α = 1)
/// the first product is left out, which changes no bit (1 · a = a) and
/// halves the multiplications, which bound a tile.
#[inline(always)]
fn term<const ONE: bool>(alpha: f64, a: f64, x: f64) -> f64 {
    if ONE { a * x } else { alpha * a * x }
}

/// Rows `i0 … i0 + R − 1` of y ← α A x + β y.
#[inline(always)]
fn gemv_tile<const R: usize, const ONE: bool>(
    alpha: f64,
    m: usize,
    i0: usize,
    a: &[f64],
    x: &[f64],
    beta: f64,
    y: &mut [f64],
) {
    assert!(i0 + R <= m && a.len() == m * x.len() && y.len() == m, "a gemv tile inside A");
    let mut acc = [0.0f64; R];
    acc.copy_from_slice(&y[i0..i0 + R]);
    let mut steps = a.chunks_exact(m).zip(x);
    if let Some((col, &x_0)) = steps.next() {
        let col = &col[i0..i0 + R];
        for r in 0..R {
            let t = term::<ONE>(alpha, col[r], x_0);
            acc[r] = if beta == 0.0 { t } else { t + beta * acc[r] };
        }
    }
    for (col, &x_j) in steps {
        let col = &col[i0..i0 + R];
        for r in 0..R {
            acc[r] += term::<ONE>(alpha, col[r], x_j); // y ← (α a_j) x_j + 1 · y: addition commutes, bit for bit
        }
    }
    y[i0..i0 + R].copy_from_slice(&acc);
}

/// The rows past the last tile, one at a time.
#[inline(always)]
fn gemv_edge(alpha: f64, m: usize, i0: usize, a: &[f64], x: &[f64], beta: f64, y: &mut [f64]) {
    for (j, (col, &x_j)) in a.chunks_exact(m).zip(x).enumerate() {
        for (y_r, &a_r) in y[i0..].iter_mut().zip(&col[i0..]) {
            *y_r = match (j, beta == 0.0) {
                (0, true) => alpha * a_r * x_j,
                (0, false) => alpha * a_r * x_j + beta * *y_r,
                _ => alpha * a_r * x_j + *y_r,
            };
        }
    }
}

#[inline(always)]
fn gemv_kernel(alpha: f64, a: &[f64], x: &[f64], beta: f64, y: &mut [f64]) {
    let (m, k) = (y.len(), x.len());
    assert_eq!(a.len(), m * k, "gemv of mismatched shapes");
    if k == 0 {
        // nalgebra's: y ← β y, or zero when β = 0
        y.iter_mut().for_each(|v| *v = if beta == 0.0 { 0.0 } else { *v * beta });
        return;
    }
    if alpha == 1.0 {
        gemv_tiles::<true>(alpha, a, x, beta, y);
    } else {
        gemv_tiles::<false>(alpha, a, x, beta, y);
    }
}

#[inline(always)]
fn gemv_tiles<const ONE: bool>(alpha: f64, a: &[f64], x: &[f64], beta: f64, y: &mut [f64]) {
    let m = y.len();
    for (i0, rows) in row_tiles(m, ROWS) {
        match rows {
            ROWS => gemv_tile::<ROWS, ONE>(alpha, m, i0, a, x, beta, y),
            r if r == 3 * LANES => gemv_tile::<{ 3 * LANES }, ONE>(alpha, m, i0, a, x, beta, y),
            r if r == 2 * LANES => gemv_tile::<{ 2 * LANES }, ONE>(alpha, m, i0, a, x, beta, y),
            LANES => gemv_tile::<LANES, ONE>(alpha, m, i0, a, x, beta, y),
            _ => gemv_edge(alpha, m, i0, a, x, beta, y),
        }
    }
}

dispatch!(
    /// y = α A x + β y for A (y.len() × x.len()) column-major: nalgebra's
    /// `gemv`, bit for bit.
    gemv, gemv_at => gemv_kernel(alpha: f64, a: &[f64], x: &[f64], beta: f64, y: &mut [f64])
);

/// a · x as nalgebra's `dot` sums it.
#[inline(always)]
fn finish(acc: [f64; LANES], col: &[f64], x: &[f64], full: usize) -> f64 {
    let mut res = 0.0;
    res += acc[0] + acc[4];
    res += acc[1] + acc[5];
    res += acc[2] + acc[6];
    res += acc[3] + acc[7];
    for (&c, &v) in col[full..].iter().zip(&x[full..]) {
        res += c * v;
    }
    res
}

/// The eight sums of columns `cols` (each x.len() long) over the rows `0 … full − 1`.
#[inline(always)]
fn sums<const C: usize>(cols: [&[f64]; C], x: &[f64], full: usize) -> [[f64; LANES]; C] {
    let mut acc = [[0.0f64; LANES]; C];
    let xs = x[..full].chunks_exact(LANES);
    let mut blocks = cols.map(|c| c[..full].chunks_exact(LANES));
    for x8 in xs {
        for (acc_c, block) in acc.iter_mut().zip(blocks.iter_mut()) {
            if let Some(c8) = block.next() {
                for l in 0..LANES {
                    acc_c[l] += c8[l] * x8[l];
                }
            }
        }
    }
    acc
}

/// y_j ← α (a_j · x), plus β y_j when β ≠ 0, as nalgebra's `gemv_tr` ends.
#[inline(always)]
fn put(y_j: &mut f64, alpha: f64, dot: f64, beta: f64) {
    *y_j = if beta == 0.0 { alpha * dot } else { alpha * dot + beta * *y_j };
}

#[inline(always)]
fn gemv_tr_kernel(alpha: f64, a: &[f64], x: &[f64], beta: f64, y: &mut [f64]) {
    let (m, k) = (x.len(), y.len());
    assert_eq!(a.len(), m * k, "gemv_tr of mismatched shapes");
    if m == 0 {
        // nalgebra's dot of empty columns is 0
        return y.iter_mut().for_each(|v| put(v, alpha, 0.0, beta));
    }
    let full = m / LANES * LANES;
    let mut groups = a.chunks_exact(4 * m).zip(y.chunks_exact_mut(4));
    for (four, y4) in &mut groups {
        let cols: [&[f64]; 4] = std::array::from_fn(|c| &four[c * m..(c + 1) * m]);
        let acc = sums(cols, x, full);
        for c in 0..4 {
            put(&mut y4[c], alpha, finish(acc[c], cols[c], x, full), beta);
        }
    }
    let done = k / 4 * 4;
    for (col, y_j) in a[done * m..].chunks_exact(m).zip(&mut y[done..]) {
        let [acc] = sums([col], x, full);
        put(y_j, alpha, finish(acc, col, x, full), beta);
    }
}

dispatch!(
    /// y = α Aᵀ x + β y for A (x.len() × y.len()) column-major: nalgebra's
    /// `gemv_tr`, bit for bit.
    gemv_tr, gemv_tr_at => gemv_tr_kernel(alpha: f64, a: &[f64], x: &[f64], beta: f64, y: &mut [f64])
);

/// Entries `j0 … j0 + W − 1` of y ← α Aᵀ x + β y, from `at` = Aᵀ
/// (y.len() × x.len(), column-major, so row i of A is one run): each entry's
/// eight sums and their order are [`gemv_tr`]'s, but the entries sit side by
/// side in the lanes, so the sums are added up lane by lane with no
/// reduction across them.
#[inline(always)]
fn turned_tile<const W: usize>(j0: usize, alpha: f64, at: &[f64], x: &[f64], beta: f64, y: &mut [f64]) {
    let (m, k) = (x.len(), y.len());
    assert!(j0 + W <= k && at.len() == m * k, "a turned gemv_tr tile inside Aᵀ");
    let full = m / LANES * LANES;
    let mut acc = [[0.0f64; W]; LANES]; // acc[l][w]: sum l of entry j0 + w
    for (rows, x8) in at[..full * k].chunks_exact(LANES * k).zip(x.chunks_exact(LANES)) {
        for l in 0..LANES {
            let row = &rows[l * k + j0..l * k + j0 + W];
            for w in 0..W {
                acc[l][w] += row[w] * x8[l];
            }
        }
    }
    let mut res = [0.0f64; W];
    for w in 0..W {
        res[w] += acc[0][w] + acc[4][w];
        res[w] += acc[1][w] + acc[5][w];
        res[w] += acc[2][w] + acc[6][w];
        res[w] += acc[3][w] + acc[7][w];
    }
    for (row, &x_i) in at[full * k..].chunks_exact(k).zip(&x[full..]) {
        for w in 0..W {
            res[w] += row[j0 + w] * x_i;
        }
    }
    for w in 0..W {
        put(&mut y[j0 + w], alpha, res[w], beta);
    }
}

#[inline(always)]
fn gemv_tr_turned_kernel(alpha: f64, at: &[f64], x: &[f64], beta: f64, y: &mut [f64]) {
    let (m, k) = (x.len(), y.len());
    assert_eq!(at.len(), m * k, "gemv_tr of mismatched shapes");
    if m == 0 {
        return y.iter_mut().for_each(|v| put(v, alpha, 0.0, beta));
    }
    // sixteen entries a tile while there are: each x_i is then loaded once
    // for two vectors of Aᵀ, where loads, not arithmetic, bound the tile
    let (wide, tiled) = (k / (2 * LANES) * 2 * LANES, k / LANES * LANES);
    for j0 in (0..wide).step_by(2 * LANES) {
        turned_tile::<{ 2 * LANES }>(j0, alpha, at, x, beta, y);
    }
    for j0 in (wide..tiled).step_by(LANES) {
        turned_tile::<LANES>(j0, alpha, at, x, beta, y);
    }
    for j0 in tiled..k {
        turned_tile::<1>(j0, alpha, at, x, beta, y);
    }
}

dispatch!(
    /// [`gemv_tr`] from Aᵀ laid out in memory (y.len() × x.len(),
    /// column-major) instead of A: y = α Aᵀ x + β y with `gemv_tr`'s bits,
    /// for a caller that transposes A once and reads it many times.
    gemv_tr_turned, gemv_tr_turned_at => gemv_tr_turned_kernel(alpha: f64, at: &[f64], x: &[f64], beta: f64, y: &mut [f64])
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Vector;
    use crate::model::fast::Isa;
    use crate::model::fast::testing::filled;

    #[test]
    fn every_product_has_nalgebras_bits_at_every_edge() {
        let isas = Isa::all_available();
        let shapes = [(0, 3), (3, 0), (1, 1), (7, 2), (8, 8), (9, 5), (16, 32), (31, 7), (32, 32), (33, 4), (48, 96)];
        for (m, k) in shapes.into_iter().chain([(96, 32), (144, 48), (40, 13), (5, 6), (13, 16), (31, 9)]) {
            let a = filled(m, k, 0.4);
            for (alpha, beta) in [(1.0, 1.0), (1.0, 0.0), (0.5, 2.0), (-1.5, 0.0)] {
                // y = α A x + β y
                let (x, y0) =
                    (Vector::from_fn(k, |j, _| (j as f64 * 0.9).cos()), Vector::from_fn(m, |i, _| i as f64 - 3.5));
                let mut want = y0.clone();
                want.gemv(alpha, &a, &x, beta);
                // y = α Aᵀ x + β y
                let (xt, yt0) =
                    (Vector::from_fn(m, |i, _| (i as f64 * 0.6).sin()), Vector::from_fn(k, |j, _| j as f64 * 0.25));
                let mut want_t = yt0.clone();
                want_t.gemv_tr(alpha, &a, &xt, beta);
                for &isa in &isas {
                    let mut got = y0.clone();
                    gemv_at(isa, alpha, a.as_slice(), x.as_slice(), beta, got.as_mut_slice());
                    let same = got.iter().zip(want.iter()).all(|(p, q)| p.to_bits() == q.to_bits());
                    assert!(same, "gemv {m} × {k}, α = {alpha}, β = {beta}, {isa:?}: not nalgebra's bits");
                    let mut got_t = yt0.clone();
                    gemv_tr_at(isa, alpha, a.as_slice(), xt.as_slice(), beta, got_t.as_mut_slice());
                    let same = got_t.iter().zip(want_t.iter()).all(|(p, q)| p.to_bits() == q.to_bits());
                    assert!(same, "gemv_tr {m} × {k}, α = {alpha}, β = {beta}, {isa:?}: not nalgebra's bits");
                    let mut turned = yt0.clone();
                    gemv_tr_turned_at(isa, alpha, a.transpose().as_slice(), xt.as_slice(), beta, turned.as_mut_slice());
                    let same = turned.iter().zip(want_t.iter()).all(|(p, q)| p.to_bits() == q.to_bits());
                    assert!(same, "gemv_tr from Aᵀ {m} × {k}, α = {alpha}, β = {beta}, {isa:?}: not nalgebra's bits");
                }
            }
        }
    }
}
