//! `mask`: a padded batch, what each fill value does to it, and the row
//! that is all padding.

use super::numbers::{sci, show_inf};
use crate::layout::{hang, width};
use crate::model::Vector;
use crate::render::table::render_tensor;
use crate::text::variants as T;
use crate::variants::masking::{FILLS, MaskDemo, PAD};
use crate::variants::rows_tensor;
use crate::walkthrough::fmt_num;

/// The demo as text.
pub fn render_mask(d: &MaskDemo) -> String {
    let t_x = d.rows.first().map_or(0, |r| r.tokens.len());
    let mut out = format!("{}\n", T::MASK_HEAD.fill(&[("rows", &d.rows.len()), ("t_x", &t_x)]));
    for (b, r) in d.rows.iter().enumerate() {
        let keep: Vec<&str> = r.keep.iter().map(|&k| if k { "1" } else { "0" }).collect();
        let text = format!("{} · keep = [{}]", r.tokens.join(" "), keep.join(" "));
        for line in hang(&T::MASK_ROW.fill(&[("b", &(b + 1))]), &text, width()) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push_str(&format!("{}\n", T::MASK_ENCODED.get()));
    for (b, (r, &pad_weight)) in d.rows.iter().zip(&d.pad_weights).enumerate() {
        out.push_str(&format!("{}\n", T::MASK_ROW_T1.fill(&[("b", &(b + 1))])));
        let mut rows = vec![("e_1".to_string(), &r.e), (T::MASK_NO_MASK.get().to_string(), &r.unmasked)];
        rows.extend(FILLS.iter().zip(&r.masked).map(|((l, _), a)| (T::MASK_FILL.fill(&[("fill", l)]), a)));
        out.push_str(&render_tensor(&rows_tensor(&rows, &r.tokens)));
        out.push('\n');
        if pad_weight > 0.0 {
            out.push_str(&format!("{}\n", T::MASK_PAD_WEIGHT.fill(&[("weight", &fmt_num(pad_weight, 4))])));
        }
        let gap = |((l, _), g): (&(&str, f64), &f64)| T::MASK_GAP.fill(&[("fill", l), ("gap", &sci(*g))]);
        let gaps: Vec<String> = FILLS.iter().zip(&r.alone_gap).map(gap).collect();
        out.push_str(&format!("{}\n", T::MASK_ALONE_GAP.fill(&[("gaps", &gaps.join(T::LIST_SEP.get()))])));
    }
    out.push_str(&format!("{}\n", T::MASK_FP16.fill(&[("stored", &show_inf(d.fp16_large))])));
    out.push_str(&format!("{}\n", T::MASK_EMPTY.get()));
    let cols = vec![PAD.to_string(); t_x];
    let mut rows: Vec<(String, &Vector)> =
        FILLS.iter().zip(&d.empty_naive).map(|((l, _), a)| (T::MASK_EMPTY_FILL.fill(&[("fill", l)]), a)).collect();
    rows.push((T::MASK_EMPTY_FP16.get().to_string(), &d.empty_fp16));
    out.push_str(&render_tensor(&rows_tensor(&rows, &cols)));
    out.push_str(&format!("\n{}\n", T::MASK_EMPTY_SPREAD.get()));
    out.push_str(&format!("{}\n", T::MASK_REFUSES.fill(&[("error", &d.empty_error)])));
    out
}
