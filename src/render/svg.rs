//! The alignment matrix as an SVG heatmap, the paper's Figure 3 in miniature:
//! source words along the top, target words down the side, each cell shaded
//! from white (α = 0) to black (α = 1) and labelled with its weight.

use crate::model::Mat;
use crate::walkthrough::fmt_num;

const CELL: usize = 56;
const CHAR_W: usize = 8;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// What a heatmap's tooltips say of the energies behind α.
#[derive(Clone, Copy)]
pub enum Energies<'a> {
    /// The energies e themselves (same shape as α).
    Known(&'a Mat),
    /// Only α was kept (a run's results): softmax forgets a constant added
    /// to a whole row, so e is known only relative to the row's largest,
    /// e_i − max e = ln α_i − ln max α, and the tooltip says so.
    FromAlpha,
}

/// A cell's tooltip: "row → col: α = …, e = …" (or "e − max e = …" when
/// only α is known), α and e to four decimals, escaped for SVG.
pub fn cell_tooltip(a: &Mat, energies: Energies, (t, i): (usize, usize), row: &str, col: &str) -> String {
    let energy = match energies {
        Energies::Known(e) => format!("e = {}", fmt_num(e[(t, i)], 4)),
        Energies::FromAlpha => {
            let max = a.row(t).iter().copied().fold(0.0, f64::max);
            match a[(t, i)] > 0.0 && max > 0.0 {
                true => format!("e − max e = {}", fmt_num((a[(t, i)] / max).ln(), 4)),
                // α underflowed: exp(e − max e) is below the smallest f64.
                false => "e − max e < −745".to_string(),
            }
        }
    };
    format!("{} → {}: α = {}, {}", escape(row), escape(col), fmt_num(a[(t, i)], 4), escape(&energy))
}

/// The heatmap of `a` (rows: `rows` labels, columns: `cols` labels) with
/// each cell's tooltip (an SVG `<title>`): its target word, source word,
/// weight α and energy e from `e` (same shape). Only integers and
/// fixed-decimal numbers are written, so the same matrix always gives the
/// same bytes.
pub fn alignment_heatmap_svg(a: &Mat, e: &Mat, rows: &[String], cols: &[String], title: &str) -> String {
    sized_heatmap_svg(a, (rows, cols), title, CELL, 13, Energies::Known(e))
}

/// The heatmap of `a` for results that keep α but not e: each cell's
/// tooltip gives its words, α and e relative to its row's largest.
pub fn alpha_tooltip_heatmap_svg(a: &Mat, rows: &[String], cols: &[String], title: &str) -> String {
    sized_heatmap_svg(a, (rows, cols), title, CELL, 13, Energies::FromAlpha)
}

/// The same heatmap for a long sentence: small cells, no numbers in them
/// (each cell's tooltip still gives its α and relative e).
pub fn compact_heatmap_svg(a: &Mat, rows: &[String], cols: &[String], title: &str) -> String {
    sized_heatmap_svg(a, (rows, cols), title, 14, 11, Energies::FromAlpha)
}

fn sized_heatmap_svg(
    a: &Mat,
    (rows, cols): (&[String], &[String]),
    title: &str,
    cell: usize,
    font: usize,
    energies: Energies,
) -> String {
    let char_w = CHAR_W * font / 13;
    let left = 16 + char_w * rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let longest = cols.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    // Narrow cells take their column labels upright, wide ones at a slant.
    let (angle, top) = if cell >= CELL { (-35, 40 + char_w * longest * 7 / 10) } else { (-90, 24 + char_w * longest) };
    let (w, h) = (left + cell * a.ncols() + 16, top + cell * a.nrows() + 16);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"{font}\">\n<title>{}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n",
        escape(title)
    );
    for (i, c) in cols.iter().enumerate() {
        let x = left + cell * i + cell / 2;
        s += &format!(
            "<text x=\"{x}\" y=\"{}\" transform=\"rotate({angle} {x} {})\">{}</text>\n",
            top - 8,
            top - 8,
            escape(c)
        );
    }
    for (t, r) in rows.iter().enumerate() {
        let y = top + cell * t + cell / 2 + font * 5 / 13;
        s += &format!("<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>\n", left - 8, escape(r));
        for i in 0..a.ncols() {
            let v = a[(t, i)].clamp(0.0, 1.0);
            let grey = (255.0 * (1.0 - v)).round() as u8;
            let (x, y0) = (left + cell * i, top + cell * t);
            let ink = if grey < 128 { "white" } else { "black" };
            let rect = format!(
                "<rect x=\"{x}\" y=\"{y0}\" width=\"{cell}\" height=\"{cell}\" fill=\"rgb({grey},{grey},{grey})\" stroke=\"#999\"/>"
            );
            // Every cell's tooltip: its words, α and e.
            s += &format!("<g><title>{}</title>{rect}", cell_tooltip(a, energies, (t, i), r, &cols[i]));
            if cell >= CELL {
                s += &format!(
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                    x + cell / 2,
                    y0 + cell / 2 + 5,
                    fmt_num(a[(t, i)], 2)
                );
            }
            s += "</g>\n";
        }
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_shaded_by_weight_and_labels_escaped() {
        let a = Mat::from_row_slice(1, 2, &[1.0, 0.0]);
        let svg = alpha_tooltip_heatmap_svg(&a, &["la".into()], &["<eos>".into(), "Area".into()], "A");
        assert!(svg.contains("fill=\"rgb(0,0,0)\""));
        assert!(svg.contains("fill=\"rgb(255,255,255)\""));
        assert!(svg.contains("&lt;eos&gt;"));
        assert!(svg.contains(">1.00<") && svg.contains(">0.00<"));
        assert!(svg.contains("<title>la → &lt;eos&gt;: α = 1.0000, e − max e = 0.0000</title>"), "{svg}");
        assert!(svg.contains("<title>la → Area: α = 0.0000, e − max e &lt; −745</title>"), "α underflowed: {svg}");
    }

    #[test]
    fn each_cell_carries_its_words_weight_and_energy() {
        let a = Mat::from_row_slice(1, 2, &[0.25, 0.75]);
        let e = Mat::from_row_slice(1, 2, &[-1.5, 0.0986]);
        let svg = alignment_heatmap_svg(&a, &e, &["la".into()], &["<eos>".into(), "Area".into()], "A");
        assert!(svg.contains("<title>la → &lt;eos&gt;: α = 0.2500, e = -1.5000</title>"), "{svg}");
        assert!(svg.contains("<title>la → Area: α = 0.7500, e = 0.0986</title>"));
        assert_eq!(svg.matches("<g>").count(), svg.matches("</g>").count());
    }

    #[test]
    fn from_alpha_the_energy_is_relative_to_the_rows_largest() {
        // softmax([1, 0, −2]) kept as α alone: e − max e is 0, −1 and −3.
        let e = [1.0f64, 0.0, -2.0];
        let z: f64 = e.iter().map(|v| v.exp()).sum();
        let a = Mat::from_fn(1, 3, |_, i| e[i].exp() / z);
        let tip = |i| cell_tooltip(&a, Energies::FromAlpha, (0, i), "la", "x");
        assert!(tip(0).ends_with("e − max e = 0.0000") && tip(1).ends_with("e − max e = -1.0000"), "{}", tip(1));
        assert!(tip(2).ends_with("e − max e = -3.0000"), "{}", tip(2));
    }
}
