//! Masking padded positions before the softmax. A batch pads short sentences
//! to one length; the padding must get exactly zero weight.

use super::Vector;
use crate::text::model as refusal;

/// The fill values learners meet in practice.
pub const FILL_LARGE: f64 = -1e9;
/// The most negative finite half-precision number.
pub const FP16_MIN: f64 = -65504.0;

// ANCHOR: masked_softmax
/// softmax over the positions where `keep[i]` is true; the others get α = 0.
/// Masked energies are replaced by `fill` (−∞, −1e9, …) before the usual
/// max-subtracted softmax. A row with nothing to keep is an error, not NaN.
pub fn masked_softmax(
    e: &Vector,    // (T_x): the energies
    keep: &[bool], // (T_x): false on padding
    fill: f64,
) -> Result<Vector, String> {
    let t_x = e.len();
    if keep.len() != t_x {
        // "the mask has {k} entries but there are {t_x} energies"
        let k = keep.len();
        return Err(refusal::MASK_LENGTH.fill(&[("k", &k), ("t_x", &t_x)]));
    }
    if !keep.iter().any(|&k| k) {
        // "every position of this row is padding: there is nothing
        // to attend to, so α is undefined"
        return Err(refusal::ALL_PADDING.get().into());
    }
    // (T_x): e_i where kept, `fill` on padding
    let filled = Vector::from_fn(t_x, |i, _| if keep[i] { e[i] } else { fill });
    let max = filled.max();
    let exps = filled.map(|v| (v - max).exp());
    Ok(&exps / exps.sum())
}
// ANCHOR_END: masked_softmax

/// What a value becomes when stored in half precision: beyond ±65504 it is ±∞.
pub fn to_fp16_range(v: f64) -> f64 {
    if v < FP16_MIN {
        f64::NEG_INFINITY
    } else if v > -FP16_MIN {
        f64::INFINITY
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn padding_gets_zero_weight_and_the_rest_sums_to_one() {
        let e = Vector::from_vec(vec![0.2, 1.5, 3.0, 9.0]);
        for fill in [f64::NEG_INFINITY, FILL_LARGE, FP16_MIN] {
            let a = masked_softmax(&e, &[true, true, true, false], fill).unwrap();
            assert!(a[3] < 1e-12, "fill {fill} left {}", a[3]);
            assert_relative_eq!(a.sum(), 1.0, epsilon = 1e-12);
        }
    }

    #[test]
    fn all_padding_is_an_error_not_nan() {
        let err = masked_softmax(&Vector::zeros(2), &[false, false], f64::NEG_INFINITY).unwrap_err();
        assert!(err.contains("padding"));
    }

    #[test]
    fn minus_a_billion_overflows_in_half_precision() {
        assert_eq!(to_fp16_range(FILL_LARGE), f64::NEG_INFINITY);
        assert_eq!(to_fp16_range(FP16_MIN), FP16_MIN);
    }
}
