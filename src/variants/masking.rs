//! A batch of two source sentences padded to one length T_x, and what the
//! mask's fill value does: −∞, −1e9, and the half-precision minimum.
//!
//! Each sentence is encoded at its own length (as packed sequences are); the
//! padded columns of H are zeros. The query is each sentence's own s_0.

use crate::decode::step::encode;
use crate::model::attention::softmax;
use crate::model::mask::{FILL_LARGE, FP16_MIN, masked_softmax, to_fp16_range};
use crate::model::{Mat, Vector, scores};
use crate::render::render_tensor;
use crate::walkthrough::{Walkthrough, fmt_num};

use super::{rows_tensor, sci};

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
    /// Plain softmax on an all-padding row filled with each value, plus −1e9 stored in half precision.
    pub empty_naive: Vec<(String, Vector)>,
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
    let mut empty_naive: Vec<(String, Vector)> = FILLS.iter().map(|(l, f)| (format!("fill {l}"), naive(*f))).collect();
    empty_naive.push(("fill −1e9 in fp16".to_string(), naive(to_fp16_range(FILL_LARGE))));
    let empty_error = masked_softmax(&e0, &vec![false; t_x], f64::NEG_INFINITY).err().unwrap_or_default();
    Ok(MaskDemo { rows, empty_naive, empty_error })
}

/// The demo as text.
pub fn render_mask(d: &MaskDemo) -> String {
    let t_x = d.rows.first().map_or(0, |r| r.tokens.len());
    let mut out = format!("mask: a batch of {} sentences padded to T_x = {t_x}\n", d.rows.len());
    for (b, r) in d.rows.iter().enumerate() {
        let keep: Vec<&str> = r.keep.iter().map(|&k| if k { "1" } else { "0" }).collect();
        let text = format!("{} · keep = [{}]", r.tokens.join(" "), keep.join(" "));
        for line in crate::layout::hang(&format!("  row {}: ", b + 1), &text, crate::layout::width()) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push_str("Each sentence is encoded at its own length; the padded columns of H are zeros.\n");
    for (b, r) in d.rows.iter().enumerate() {
        out.push_str(&format!("row {}, t = 1: e_1 and α_1 with and without the mask:\n", b + 1));
        let mut rows = vec![("e_1".to_string(), &r.e), ("α no mask".to_string(), &r.unmasked)];
        rows.extend(FILLS.iter().zip(&r.masked).map(|((l, _), a)| (format!("α fill {l}"), a)));
        out.push_str(&render_tensor(&rows_tensor(&rows, &r.tokens)));
        out.push('\n');
        let pad_weight: f64 = r.unmasked.iter().zip(&r.keep).filter(|(_, k)| !**k).map(|(a, _)| a).sum();
        if pad_weight > 0.0 {
            out.push_str(&format!(
                "  without the mask the padding takes α = {} of the weight\n",
                fmt_num(pad_weight, 4)
            ));
        }
        let gaps: Vec<String> = FILLS.iter().zip(&r.alone_gap).map(|((l, _), g)| format!("{l}: {}", sci(*g))).collect();
        out.push_str(&format!("  masked α against α of the sentence alone, max |difference|: {}\n", gaps.join(", ")));
    }
    out.push_str(&format!(
        "In half precision −1e9 is stored as {} (beyond ±65504); −65504 is the most negative finite value.\n",
        super::show_inf(to_fp16_range(FILL_LARGE))
    ));
    out.push_str("A row that is all padding (an empty sentence in the batch), plain softmax after filling:\n");
    let cols = vec![PAD.to_string(); t_x];
    let rows: Vec<(String, &Vector)> = d.empty_naive.iter().map(|(l, a)| (l.clone(), a)).collect();
    out.push_str(&render_tensor(&rows_tensor(&rows, &cols)));
    out.push_str("\n  finite fills spread the weight evenly over padding (silently wrong); −∞ gives NaN.\n");
    out.push_str(&format!("  masked_softmax refuses the row instead: {}\n", d.empty_error));
    out
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
    }

    #[test]
    fn an_all_padding_row_is_an_error_and_naive_minus_infinity_is_nan() {
        let d = demo();
        assert!(d.empty_error.contains("padding"), "{}", d.empty_error);
        let by = |l: &str| &d.empty_naive.iter().find(|(n, _)| n == l).unwrap().1;
        assert!(by("fill −∞").iter().all(|v| v.is_nan()));
        assert!(by("fill −1e9 in fp16").iter().all(|v| v.is_nan()));
        assert_relative_eq!(by("fill −1e9")[0], 0.2, epsilon = 1e-12);
    }

    #[test]
    fn an_unknown_word_in_the_batch_is_named() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let err = mask_demo(&w, &[vec!["Zone".into()]]).unwrap_err();
        assert!(err.contains("\"Zone\""), "{err}");
    }
}
