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
