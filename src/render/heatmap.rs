//! The alignment matrix as a heatmap: every cell shaded with ░▒▓█ beside its
//! value, and, on a terminal that shows 24-bit colour, a background from
//! white (0) to deep blue (1). When that table does not fit the width, the
//! compact one ([`super::compact_heatmap`]) shows the same matrix in one
//! character per cell.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Color, ContentArrangement, Table};

use super::shade::rgb;
pub use super::shade::{SHADES, shade};
use super::style::Style;
use super::table::{DECIMALS, column_chunks};
use crate::walkthrough::{Tensor, fmt_num};

/// Background for a weight in [0, 1]: white to (8, 48, 107), and the text
/// colour that stays readable on it.
fn colours(v: f64) -> (Color, Color) {
    let ((r, g, b), light) = rgb(v);
    let bg = Color::Rgb { r, g, b };
    let fg = if light { Color::Rgb { r: 255, g: 255, b: 255 } } else { Color::Rgb { r: 0, g: 0, b: 0 } };
    (bg, fg)
}

/// The heatmap of `t` (rows: target words, columns: source words).
pub fn render_heatmap(t: &Tensor, style: Style) -> String {
    let cells: Vec<Vec<(f64, String)>> = (0..t.values.nrows())
        .map(|r| {
            (0..t.values.ncols())
                .map(|c| {
                    let v = t.values[(r, c)];
                    (v, format!("{} {}", shade(v), fmt_num(v, DECIMALS)))
                })
                .collect()
        })
        .collect();
    let chunks = column_chunks(t, |r, c| cells[r][c].1.chars().count());
    if chunks.len() > 1 {
        return super::compact_heatmap::render_compact_heatmap(t, style, crate::layout::width());
    }
    let tables: Vec<String> = chunks
        .into_iter()
        .map(|range| {
            let mut table = Table::new();
            table.load_style(UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
            if style.truecolor {
                table.enforce_styling();
            } else {
                table.force_no_tty();
            }
            table.set_header(std::iter::once(String::new()).chain(t.cols[range.clone()].iter().cloned()));
            for (r, label) in t.rows.iter().enumerate() {
                let row = cells[r][range.clone()].iter().map(|(v, text)| {
                    let cell = Cell::new(text);
                    if style.truecolor {
                        let (bg, fg) = colours(*v);
                        cell.bg(bg).fg(fg)
                    } else {
                        cell
                    }
                });
                table.add_row(std::iter::once(Cell::new(label)).chain(row));
            }
            for c in 1..=range.len() {
                if let Some(col) = table.column_mut(c) {
                    col.set_cell_alignment(CellAlignment::Right);
                }
            }
            table.to_string()
        })
        .collect();
    let legend = (1..SHADES.len()).map(|k| format!("{} ≈ {}", SHADES[k].trim_end(), k as f64 / 4.0));
    format!("{}\n{}\n", tables.join("\n"), legend.collect::<Vec<_>>().join("   "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;

    fn tensor(cols: usize) -> Tensor {
        Tensor {
            values: Mat::from_fn(2, cols, |r, c| if c == r { 0.9 } else { 0.1 / (cols as f64 - 1.0) }),
            rows: vec!["la".into(), "zone".into()],
            cols: (0..cols).map(|c| format!("w{c}")).collect(),
        }
    }

    #[test]
    fn shades_follow_the_value() {
        assert_eq!(shade(0.0), " ");
        assert_eq!(shade(0.3), "░");
        assert_eq!(shade(0.5), "▒");
        assert_eq!(shade(0.7), "▓");
        assert_eq!(shade(0.95), "█");
    }

    #[test]
    fn plain_heatmap_has_shades_values_and_no_escape_codes() {
        let out = render_heatmap(&tensor(3), Style::PLAIN);
        assert!(out.contains("█ 0.9000"), "{out}");
        assert!(out.contains("la") && out.contains("w2"));
        assert!(!out.contains('\x1b'));
    }

    #[test]
    fn colour_heatmap_uses_24_bit_backgrounds_unless_no_color_is_set() {
        let out = render_heatmap(&tensor(3), Style { color: true, truecolor: true });
        // comfy-table itself honours NO_COLOR, a second guard behind Style::detect.
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            assert!(!out.contains("48;2;"), "{out:?}");
        } else {
            assert!(out.contains("\x1b[48;2;"), "{out:?}");
        }
    }

    #[test]
    fn a_heatmap_too_wide_for_its_values_becomes_the_compact_one() {
        let out = render_heatmap(&tensor(30), Style::PLAIN);
        assert!(out.lines().all(|l| l.chars().count() <= crate::layout::width()), "{out}");
        assert!(out.contains("one character per source word") && !out.contains("0.9000"), "{out}");
        assert!(render_heatmap(&tensor(3), Style::PLAIN).contains("0.9000"));
    }
}
