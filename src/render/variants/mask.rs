//! `mask`: a padded batch, what each fill value does to it, and the row
//! that is all padding.

use super::numbers::{sci, show_inf};
use crate::layout::{hang, width};
use crate::model::Vector;
use crate::render::table::render_tensor;
use crate::variants::masking::{FILLS, MaskDemo, PAD};
use crate::variants::rows_tensor;
use crate::walkthrough::fmt_num;

/// The demo as text.
pub fn render_mask(d: &MaskDemo) -> String {
    let t_x = d.rows.first().map_or(0, |r| r.tokens.len());
    let mut out = format!("mask: a batch of {} sentences padded to T_x = {t_x}\n", d.rows.len());
    for (b, r) in d.rows.iter().enumerate() {
        let keep: Vec<&str> = r.keep.iter().map(|&k| if k { "1" } else { "0" }).collect();
        let text = format!("{} · keep = [{}]", r.tokens.join(" "), keep.join(" "));
        for line in hang(&format!("  row {}: ", b + 1), &text, width()) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push_str("Each sentence is encoded at its own length; the padded columns of H are zeros.\n");
    for (b, (r, &pad_weight)) in d.rows.iter().zip(&d.pad_weights).enumerate() {
        out.push_str(&format!("row {}, t = 1: e_1 and α_1 with and without the mask:\n", b + 1));
        let mut rows = vec![("e_1".to_string(), &r.e), ("α no mask".to_string(), &r.unmasked)];
        rows.extend(FILLS.iter().zip(&r.masked).map(|((l, _), a)| (format!("α fill {l}"), a)));
        out.push_str(&render_tensor(&rows_tensor(&rows, &r.tokens)));
        out.push('\n');
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
        show_inf(d.fp16_large)
    ));
    out.push_str("A row that is all padding (an empty sentence in the batch), plain softmax after filling:\n");
    let cols = vec![PAD.to_string(); t_x];
    let mut rows: Vec<(String, &Vector)> =
        FILLS.iter().zip(&d.empty_naive).map(|((l, _), a)| (format!("fill {l}"), a)).collect();
    rows.push(("fill −1e9 in fp16".to_string(), &d.empty_fp16));
    out.push_str(&render_tensor(&rows_tensor(&rows, &cols)));
    out.push_str("\n  finite fills spread the weight evenly over padding (silently wrong); −∞ gives NaN.\n");
    out.push_str(&format!("  masked_softmax refuses the row instead: {}\n", d.empty_error));
    out
}
