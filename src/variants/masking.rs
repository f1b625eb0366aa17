//! A batch of two source sentences padded to one length T_x, and what the
//! mask's fill value does: −∞, −1e9, and the half-precision minimum.
//!
//! Each sentence is encoded at its own length (as packed sequences are); the
//! padded columns of H are zeros. The query is each sentence's own s_0.

use crate::decode::step::encode;
use crate::model::attention::softmax;
use crate::model::mask::{FILL_LARGE, FP16_MIN, masked_softmax, to_fp16_range};
use crate::model::{Mat, Vector, scores};
use crate::walkthrough::Walkthrough;

/// The label of a padded position.
pub const PAD: &str = "<pad>";

/// The fill values compared, with the label each is shown under.
pub const FILLS: [(&str, f64); 3] = [("−∞", f64::NEG_INFINITY), ("−1e9", FILL_LARGE), ("−65504", FP16_MIN)];

/// One sentence of the batch at t = 1.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchRow {
    pub tokens: Vec<String>, // padded to T_x
    pub keep: Vec<bool>,
    pub e: Vector,           // e_1 over the padded H, (T_x)
    pub unmasked: Vector,    // softmax(e_1), padding included, (T_x)
    pub masked: Vec<Vector>, // masked_softmax with each of FILLS, (T_x)
    pub alone_gap: Vec<f64>, // max |masked − α of the sentence alone| per fill
}

/// The batch demo: the rows, and what becomes of a row with nothing to keep.
#[derive(Clone, Debug, PartialEq)]
pub struct MaskDemo {
    pub rows: Vec<BatchRow>,
    /// The weight the padding of each row takes without a mask: Σ of α over its padded positions.
    pub pad_weights: Vec<f64>,
    /// Plain softmax on an all-padding row filled with each of FILLS, (T_x) each.
    pub empty_naive: Vec<Vector>,
    /// The same with −1e9 stored in half precision, (T_x).
    pub empty_fp16: Vector,
    /// −1e9 as half precision stores it.
    pub fp16_large: f64,
    /// What masked_softmax says about that row.
    pub empty_error: String,
}

/// The sentence batched with the walkthrough's: one of another length.
pub fn partner(source: &[String]) -> Vec<String> {
    let words: &[&str] =
        if source.len() == 4 { &["the", "Bank", "<eos>"] } else { &["the", "Central", "Bank", "<eos>"] };
    words.iter().map(|w| w.to_string()).collect()
}

/// Pads `sentences` to the longest, encodes each alone and masks at t = 1.
pub fn mask_demo(w: &Walkthrough, sentences: &[Vec<String>]) -> Result<MaskDemo, String> {
    let p = &w.params;
    let t_x = sentences.iter().map(Vec::len).max().unwrap_or(0);
    let mut rows = Vec::new();
    for words in sentences {
        let ids = words.iter().map(|t| w.source_vocab.id(t)).collect::<Result<Vec<_>, _>>()?;
        let enc = encode(p, &ids);
        let h = Mat::from_fn(enc.h.nrows(), t_x, |d, i| if i < ids.len() { enc.h[(d, i)] } else { 0.0 }); // (2n, T_x)
        let e = scores::additive(&p.W_a, &p.U_a, &p.v_a, &enc.s_0, &h); // (T_x)
        let keep: Vec<bool> = (0..t_x).map(|i| i < ids.len()).collect();
        let alone = softmax(&e.rows(0, ids.len()).into_owned()); // (len)
        let mut masked = Vec::new();
        let mut alone_gap = Vec::new();
        for (_, fill) in FILLS {
            let a = masked_softmax(&e, &keep, fill)?;
            alone_gap.push((a.rows(0, ids.len()) - &alone).amax());
            masked.push(a);
        }
        let mut tokens = words.clone();
        tokens.resize(t_x, PAD.to_string());
        rows.push(BatchRow { tokens, keep, unmasked: softmax(&e), e, masked, alone_gap });
    }
    // An empty sentence: H is all zeros and s_0 = tanh(W_s 0) = 0, so e = 0.
    let e0 = scores::additive(&p.W_a, &p.U_a, &p.v_a, &Vector::zeros(p.dims().n), &Mat::zeros(2 * p.dims().n, t_x));
    let naive = |fill: f64| softmax(&e0.map(|_| fill));
    let empty_naive = FILLS.iter().map(|(_, f)| naive(*f)).collect();
    let fp16_large = to_fp16_range(FILL_LARGE);
    let empty_error = masked_softmax(&e0, &vec![false; t_x], f64::NEG_INFINITY).err().unwrap_or_default();
    let pad_weight = |r: &BatchRow| r.unmasked.iter().zip(&r.keep).filter(|(_, k)| !**k).map(|(a, _)| a).sum::<f64>();
    let pad_weights = rows.iter().map(pad_weight).collect();
    Ok(MaskDemo { rows, pad_weights, empty_naive, empty_fp16: naive(fp16_large), fp16_large, empty_error })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walkthrough::Scenario;
    use approx::assert_relative_eq;

    fn demo() -> MaskDemo {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let other = partner(&w.scenario.source);
        mask_demo(&w, &[w.scenario.source.clone(), other]).unwrap()
    }

    #[test]
    fn masked_rows_sum_to_one_with_zero_on_padding_for_every_fill() {
        let d = demo();
        assert!(d.rows[1].keep.contains(&false), "the second sentence is padded");
        for r in &d.rows {
            for (a, gap) in r.masked.iter().zip(&r.alone_gap) {
                assert_relative_eq!(a.sum(), 1.0, epsilon = 1e-12);
                assert!(a.iter().zip(&r.keep).all(|(v, k)| *k || *v < 1e-300));
                assert!(*gap < 1e-12, "masked α equals α of the sentence alone");
            }
        }
        let pad_weight = d.rows[1].unmasked[4];
        assert!(pad_weight > 1e-6, "without a mask the padding takes weight");
        assert_eq!((d.pad_weights[0], d.pad_weights[1]), (0.0, pad_weight));
    }

    #[test]
    fn an_all_padding_row_is_an_error_and_naive_minus_infinity_is_nan() {
        let d = demo();
        assert!(d.empty_error.contains("padding"), "{}", d.empty_error);
        assert!(d.empty_naive[0].iter().all(|v| v.is_nan()), "fill −∞");
        assert!(d.empty_fp16.iter().all(|v| v.is_nan()));
        assert_relative_eq!(d.empty_naive[1][0], 0.2, epsilon = 1e-12);
        assert_eq!(d.fp16_large, f64::NEG_INFINITY);
    }

    #[test]
    fn an_unknown_word_in_the_batch_is_named() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let err = mask_demo(&w, &[vec!["Zone".into()]]).unwrap_err();
        assert!(err.contains("\"Zone\""), "{err}");
    }
}
