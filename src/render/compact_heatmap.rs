//! The alignment matrix in one character per cell, for a sentence whose
//! table of values does not fit the width: shades only, the target words as
//! row labels and the source words written downwards as column labels, so
//! that 40 source words keep one table in 60 columns and a crossing stays
//! one picture.

use super::shade::{rgb, shade};
use super::style::Style;
use crate::walkthrough::Tensor;

/// The tallest column label: longer source words end in "…".
const LABEL_HEIGHT: usize = 10;
/// The narrowest row label kept, whatever the width.
const MIN_ROW_LABEL: usize = 4;

/// One cell: its shade, with "·" for a weight near 0 so the grid shows.
fn cell(v: f64) -> &'static str {
    match shade(v) {
        " " => "·",
        s => s,
    }
}

/// `word` cut to `n` characters, its last one "…" when it was longer.
fn cut(word: &str, n: usize) -> Vec<char> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() <= n {
        return chars;
    }
    chars[..n.saturating_sub(1)].iter().copied().chain(['…']).collect()
}

/// The compact heatmap of `t` within `width` columns (rows: target words,
/// columns: source words); columns past the width go to a second block.
pub fn render_compact_heatmap(t: &Tensor, style: Style, width: usize) -> String {
    let (rows, cols) = (t.values.nrows(), t.values.ncols());
    let longest = t.rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    // Row labels take what the cells leave, down to MIN_ROW_LABEL.
    let label_w = longest.min(width.saturating_sub(cols + 3)).max(MIN_ROW_LABEL.min(longest));
    let per_block = width.saturating_sub(label_w + 3).max(1);
    let mut blocks = Vec::new();
    for start in (0..cols.max(1)).step_by(per_block) {
        let range = start..(start + per_block).min(cols);
        let labels: Vec<Vec<char>> = t.cols[range.clone()].iter().map(|w| cut(w, LABEL_HEIGHT)).collect();
        let height = labels.iter().map(Vec::len).max().unwrap_or(0);
        let mut lines: Vec<String> = (0..height)
            .map(|k| {
                let letters: String = labels.iter().map(|l| l.get(k).copied().unwrap_or(' ')).collect();
                format!("{:label_w$}  {letters}", "").trim_end().to_string()
            })
            .collect();
        for r in 0..rows {
            let label: String = cut(&t.rows[r], label_w).into_iter().collect();
            let cells: String = range
                .clone()
                .map(|c| {
                    let v = t.values[(r, c)];
                    if style.truecolor {
                        let ((br, bg, bb), light) = rgb(v);
                        let fg = if light { "38;2;255;255;255" } else { "38;2;0;0;0" };
                        format!("\x1b[48;2;{br};{bg};{bb};{fg}m{}\x1b[0m", cell(v))
                    } else {
                        cell(v).to_string()
                    }
                })
                .collect();
            let pad = label_w.saturating_sub(label.chars().count());
            lines.push(format!("{label}{} │{cells}│", " ".repeat(pad)));
        }
        blocks.push(lines.join("\n"));
    }
    let legend = crate::text::replies::COMPACT_LEGEND.fill(&[("width", &width)]);
    format!("{}\n{}\n", blocks.join("\n\n"), crate::layout::hang("", &legend, width).join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mat;

    /// `cols` source words, each target word on its own diagonal cell.
    fn tensor(rows: usize, cols: usize) -> Tensor {
        Tensor {
            values: Mat::from_fn(rows, cols, |r, c| if c == r * cols / rows { 0.9 } else { 0.1 / (cols as f64 - 1.0) }),
            rows: (0..rows).map(|r| format!("target{r}")).collect(),
            cols: (0..cols).map(|c| format!("source{c}")).collect(),
        }
    }

    #[test]
    fn forty_source_words_keep_one_table_in_60_columns() {
        let out = render_compact_heatmap(&tensor(30, 40), Style::PLAIN, 60);
        assert!(!out.contains("\n\n"), "one block:\n{out}");
        let (grid, legend) = out.split_once("\n· < 0.125").expect("the legend");
        assert!(out.lines().all(|l| l.chars().count() <= 60), "{out}");
        assert!(legend.contains("█ ≈ 1"), "{legend}");
        let first = grid.lines().find(|l| l.starts_with("target0")).unwrap();
        assert_eq!(first.chars().filter(|c| "·░▒▓█".contains(*c)).count(), 40, "{first}");
        assert!(first.contains('█'), "{first}");
    }

    #[test]
    fn column_words_read_downwards_and_long_ones_end_in_an_ellipsis() {
        let t = Tensor {
            values: Mat::from_fn(1, 2, |_, c| c as f64),
            rows: vec!["la".into()],
            cols: vec!["the".into(), "internationalisation".into()],
        };
        let out = render_compact_heatmap(&t, Style::PLAIN, 60);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "    ti");
        assert_eq!(lines[2], "    et");
        assert_eq!(lines[9], "     …");
        assert_eq!(lines[10], "la │·█│");
    }

    #[test]
    fn a_narrow_width_splits_the_columns_into_blocks() {
        let out = render_compact_heatmap(&tensor(2, 40), Style::PLAIN, 30);
        assert!(out.contains("\n\n"), "{out}");
        assert!(out.lines().filter(|l| l.contains('│')).all(|l| l.chars().count() <= 30), "{out}");
    }

    #[test]
    fn colour_is_a_background_per_cell_only_when_asked() {
        assert!(!render_compact_heatmap(&tensor(2, 3), Style::PLAIN, 60).contains('\x1b'));
        let out = render_compact_heatmap(&tensor(2, 3), Style { color: true, truecolor: true }, 60);
        assert!(out.contains("\x1b[48;2;"), "{out:?}");
    }
}
