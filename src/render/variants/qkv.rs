//! The Q/K/V reading as text: steps relabelled as queries, keys and values
//! (`qkv on`), and keys and values projected apart (`qkv separate`).

use comfy_table::Table;
use comfy_table::presets::UTF8_FULL_CONDENSED;

use super::numbers::sci;
use super::weights::drawn_note;
use crate::model::Mat;
use crate::render::step::render_step;
use crate::render::table::render_tensor;
use crate::text::variants as T;
use crate::variants::qkv::{QkvView, RELABEL, relabel};
use crate::variants::{labelled, rows_tensor};
use crate::walkthrough::{StepRef, Walkthrough};

/// A step rendered as usual, with its symbol and formula in Q/K/V terms.
pub fn render_step_qkv(w: &Walkthrough, step: StepRef) -> Option<String> {
    let text = render_step(w, step)?;
    let Some((symbol, formula)) = relabel(step.id) else { return Some(text) };
    let info = step.info();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if let Some(first) = lines.first_mut() {
        *first = format!("{}{symbol}", first.strip_suffix(info.symbol).unwrap_or(first));
    }
    if let Some(second) = lines.get_mut(1) {
        *second = format!("{}{formula}", crate::text::place::FORMULA.get());
    }
    Some(lines.join("\n") + "\n")
}

/// The relabelling table, then the three readings side by side.
pub fn render_qkv(w: &Walkthrough, view: &QkvView) -> String {
    let mut names = Table::new();
    names.load_style(UTF8_FULL_CONDENSED).set_header([
        T::QKV_COL_STEP.get(),
        T::QKV_COL_PAPER.get(),
        T::QKV_COL_QKV.get(),
    ]);
    names.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
    names.set_width(u16::try_from(crate::layout::width()).unwrap_or(u16::MAX));
    for (id, paper, qkv, _) in RELABEL {
        names.add_row([format!("{id:02}"), paper.to_string(), qkv.to_string()]);
    }
    let t = view.t;
    let mut out = format!("{}\n{names}\n", T::QKV_HEAD.get());
    out.push_str(&format!("{}\n", T::QKV_AT_T.fill(&[("t", &t), ("prev", &(t - 1))])));
    let labels = [T::QKV_ROW_ADDITIVE, T::QKV_ROW_SHARED, T::QKV_ROW_APART].map(|t| t.get());
    let rows: Vec<(String, &crate::model::Vector)> = labels.iter().map(|l| l.to_string()).zip(&view.alpha).collect();
    out.push_str(&render_tensor(&rows_tensor(&rows, &w.scenario.source)));
    let n2 = view.c[0].len();
    let c = Mat::from_fn(n2, 3, |d, k| view.c[k][d]); // (2n, 3)
    let dims = crate::walkthrough::index_labels(n2);
    let cols = ["c_t = H α_t", "c_t = K α_t", "c_t = V α_t"].map(String::from);
    out.push_str(&format!("\n{}\n", T::QKV_CONTEXTS.fill(&[("n2", &n2)])));
    out.push_str(&render_tensor(&labelled(&c, &dims, &cols)));
    let (alpha_gap, c_gap) = (sci(view.alpha_gap), sci(view.c_gap));
    out.push_str(&format!("\n{}\n", T::QKV_GAPS.fill(&[("alpha_gap", &alpha_gap), ("c_gap", &c_gap)])));
    out.push_str(&drawn_note(&view.weights));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::default_setup as setup;

    #[test]
    fn relabelled_steps_keep_their_numbers() {
        let (w, _) = setup();
        let step = StepRef { id: 11, t: Some(1) };
        let plain = render_step(&w, step).unwrap();
        let qkv = render_step_qkv(&w, step).unwrap();
        assert!(qkv.contains("c_t = V α_t") && qkv.contains("Σ_i α_{t,i} v_i"), "{qkv}");
        assert_eq!(plain.lines().skip(2).collect::<Vec<_>>(), qkv.lines().skip(2).collect::<Vec<_>>());
    }
}
