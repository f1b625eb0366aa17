//! Eight f64 at a time, as every kernel reads and writes them: one AVX-512
//! register, two AVX2 ones or four SSE2 ones.

/// Eight f64: one AVX-512 register.
pub(crate) const LANES: usize = 8;
pub(crate) type Lanes = [f64; LANES];

/// The eight entries of `s` from `k`, all inside it.
#[inline(always)]
pub(crate) fn lanes(s: &[f64], k: usize) -> Lanes {
    s[k..k + LANES].try_into().expect("eight lanes")
}

/// Eight consecutive entries of `s` from `k`, zero past its end.
#[inline(always)]
pub(crate) fn load(s: &[f64], k: usize) -> Lanes {
    if k + LANES <= s.len() {
        return s[k..k + LANES].try_into().expect("eight lanes");
    }
    let mut a = [0.0; LANES];
    a[..s.len() - k].copy_from_slice(&s[k..]);
    a
}

/// Writes the lanes of `x` that fall inside `s` from `k`.
#[inline(always)]
pub(crate) fn store(s: &mut [f64], k: usize, x: Lanes) {
    if k + LANES <= s.len() {
        s[k..k + LANES].copy_from_slice(&x);
    } else {
        let end = s.len();
        s[k..].copy_from_slice(&x[..end - k]);
    }
}

/// `f` of every entry of `x`, in place, eight lanes at a time: written so
/// that an `f` of plain arithmetic (no branch) becomes vector instructions.
#[inline(always)]
pub(crate) fn map_in_place(x: &mut [f64], f: impl Fn(f64) -> f64) {
    for k in (0..x.len()).step_by(LANES) {
        let a = load(x, k);
        let mut out = [0.0; LANES];
        for j in 0..LANES {
            // a loop, not a.map: map is not inlined into the AVX builds
            out[j] = f(a[j]);
        }
        store(x, k, out);
    }
}

/// The row tiles of an m-row column, top to bottom, as (first row, rows):
/// `max` rows while that many are left, then the whole lanes left, then the
/// rest (fewer than [`LANES`]). Kernels keep one tile's sums in registers.
pub(crate) fn row_tiles(m: usize, max: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut i0 = 0;
    std::iter::from_fn(move || {
        let rows = match m.checked_sub(i0)? {
            0 => return None,
            left if left >= max => max,
            left if left >= LANES => left / LANES * LANES,
            left => left,
        };
        i0 += rows;
        Some((i0 - rows, rows))
    })
}
