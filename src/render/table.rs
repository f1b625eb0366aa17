//! A labelled tensor as one or more comfy-table tables, split by columns so
//! that no line is wider than the terminal budget.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ContentArrangement, Table};

use crate::walkthrough::{Tensor, fmt_num};

/// The width of tables that are not shown on a terminal (see `layout::WIDTH`).
pub const MAX_WIDTH: usize = crate::layout::WIDTH;
/// Decimals printed for every entry.
pub const DECIMALS: usize = 4;

/// Display columns: a Chinese row label takes two per character, as comfy-table draws it.
fn width(s: &str) -> usize {
    crate::layout::columns_of(s)
}

/// Renders `t` with fixed decimals; wide tensors become several tables, each
/// repeating the row labels.
pub fn render_tensor(t: &Tensor) -> String {
    let cells: Vec<Vec<String>> = (0..t.values.nrows())
        .map(|r| (0..t.values.ncols()).map(|c| fmt_num(t.values[(r, c)], DECIMALS)).collect())
        .collect();
    let tables: Vec<String> = column_chunks(t, |r, c| width(&cells[r][c]))
        .into_iter()
        .map(|range| {
            let mut table = Table::new();
            table.load_style(UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
            table.set_header(std::iter::once(String::new()).chain(t.cols[range.clone()].iter().cloned()));
            for (r, label) in t.rows.iter().enumerate() {
                table.add_row(std::iter::once(label.clone()).chain(cells[r][range.clone()].iter().cloned()));
            }
            for c in 1..=range.len() {
                if let Some(col) = table.column_mut(c) {
                    col.set_cell_alignment(CellAlignment::Right);
                }
            }
            table.to_string()
        })
        .collect();
    tables.join("\n")
}

/// The column ranges of `t` that fit in the output width side by side with
/// the row labels, given the printed width of the cell at (row, column).
pub fn column_chunks(t: &Tensor, cell_width: impl Fn(usize, usize) -> usize) -> Vec<std::ops::Range<usize>> {
    column_chunks_to(t, cell_width, crate::layout::width())
}

/// [`column_chunks`] for a given width.
pub fn column_chunks_to(
    t: &Tensor,
    cell_width: impl Fn(usize, usize) -> usize,
    max_width: usize,
) -> Vec<std::ops::Range<usize>> {
    let label_w = t.rows.iter().map(|s| width(s)).max().unwrap_or(0);
    let col_w: Vec<usize> = (0..t.values.ncols())
        .map(|c| (0..t.values.nrows()).map(|r| cell_width(r, c)).chain([width(&t.cols[c])]).max().unwrap_or(0))
        .collect();
    width_chunks(label_w, &col_w, max_width)
}

/// The ranges of columns, of printed widths `col_w`, that fit in `max_width`
/// beside a label column of width `label_w` repeated in every group.
pub fn width_chunks(label_w: usize, col_w: &[usize], max_width: usize) -> Vec<std::ops::Range<usize>> {
    let mut chunks: Vec<std::ops::Range<usize>> = Vec::new();
    let (mut start, mut used) = (0, label_w + 4);
    for (c, w) in col_w.iter().map(|w| w + 3).enumerate() {
        if used + w > max_width && c > start {
            chunks.push(start..c);
            (start, used) = (c, label_w + 4);
        }
        used += w;
    }
    chunks.push(start..col_w.len());
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;

    fn tensor(rows: usize, cols: usize) -> Tensor {
        Tensor {
            values: Mat::from_fn(rows, cols, |r, c| r as f64 - c as f64 * 0.5),
            rows: (0..rows).map(|r| r.to_string()).collect(),
            cols: (0..cols).map(|c| format!("w{c}")).collect(),
        }
    }

    #[test]
    fn small_tensor_is_one_table_with_labels_and_fixed_decimals() {
        let out = render_tensor(&tensor(2, 3));
        assert!(out.contains("w2"));
        assert!(out.contains("-1.0000"));
        assert!(out.contains(" 1.0000"));
        assert_eq!(out.matches("┌").count(), 1);
    }

    #[test]
    fn wide_tensor_is_split_and_every_line_fits() {
        let out = render_tensor(&tensor(3, 30));
        assert!(out.matches("┌").count() > 1);
        assert!(out.lines().all(|l| l.chars().count() <= MAX_WIDTH), "{out}");
        assert!(out.contains("w29"));
    }

    #[test]
    fn negative_zero_is_printed_without_sign() {
        let t = Tensor { values: Mat::from_element(1, 1, -0.0), rows: vec!["r".into()], cols: vec!["c".into()] };
        assert!(!render_tensor(&t).contains("-0"));
    }
}
