//! Step 08's broadcast sum as a shape picture: the query column W_a s_{t-1}
//! (n' × 1), repeated along the source axis, added to the keys U_a H
//! (n' × T_x), gives one n' × T_x matrix, then tanh entry by entry.

use super::Lang;
use super::text::{escape, tspans};

const CELL: f64 = 9.0;

/// A grid of `rows` × `cols` cells at (x, y), `faded` for the repeated copies.
fn grid(x: f64, y: f64, (rows, cols): (usize, usize), fill: &str, faded: bool) -> String {
    let opacity = if faded { " fill-opacity=\"0.35\" stroke-opacity=\"0.5\"" } else { "" };
    let mut s = String::new();
    for r in 0..rows {
        for c in 0..cols {
            s += &format!(
                "<rect x=\"{:.0}\" y=\"{:.0}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#777\"{opacity}/>",
                x + c as f64 * CELL,
                y + r as f64 * CELL
            );
        }
    }
    s + "\n"
}

fn label(x: f64, y: f64, text: &str) -> String {
    format!("<text x=\"{x:.0}\" y=\"{y:.0}\" text-anchor=\"middle\">{}</text>\n", tspans(text, 13.0))
}

/// The picture for a query of `n_a` entries and a sentence of `t_x` words,
/// its words in `lang`.
pub fn broadcast_svg(n_a: usize, t_x: usize, lang: Lang) -> String {
    let (h_grid, w_grid) = (n_a as f64 * CELL, t_x as f64 * CELL);
    let (top, gap) = (40.0, 64.0);
    let x_q = 30.0;
    let x_rep = x_q + CELL + gap;
    let x_k = x_rep + w_grid + gap;
    let x_out = x_k + w_grid + gap;
    let (w, h) = (x_out + w_grid + 40.0, top + h_grid + 52.0);
    let mid = top + h_grid / 2.0 + 5.0;
    let below = top + h_grid + 20.0;
    let shape = |r: &str, c: &str| format!("{r} × {c}");
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" \
         font-family=\"sans-serif\" font-size=\"13\">\n<title>{}</title>\n\
         <rect width=\"{w:.0}\" height=\"{h:.0}\" fill=\"white\"/>\n",
        escape(lang.pick(
            "Step 08: the query column added to every column of U_a H",
            "第 08 步：把查询列加到 U_a H 的每一列上"
        ))
    );
    s += &grid(x_q, top, (n_a, 1), "#fde4c8", false);
    s += &label(x_q + CELL / 2.0, top - 12.0, "W_a s_{t-1}");
    s += &label(x_q + CELL / 2.0, below, &shape("n'", "1"));
    s += &label(x_q + CELL + gap / 2.0, mid, "→");
    s += &grid(x_rep, top, (n_a, 1), "#fde4c8", false);
    s += &grid(x_rep + CELL, top, (n_a, t_x - 1), "#fde4c8", true);
    s += &label(x_rep + w_grid / 2.0, top - 12.0, lang.pick("T_x copies", "复制 T_x 份"));
    s += &label(x_rep + w_grid / 2.0, below, &shape("n'", "T_x"));
    s += &label(x_rep + w_grid + gap / 2.0, mid, "+");
    s += &grid(x_k, top, (n_a, t_x), "#d9f0d3", false);
    s += &label(x_k + w_grid / 2.0, top - 12.0, "U_a H");
    s += &label(x_k + w_grid / 2.0, below, &shape("n'", "T_x"));
    s += &label(x_k + w_grid + gap / 2.0, mid, "=");
    s += &grid(x_out, top, (n_a, t_x), "#e8dcf2", false);
    s += &label(x_out + w_grid / 2.0, top - 12.0, lang.pick("pre, then tanh", "逐列相加，再取 tanh"));
    s += &label(x_out + w_grid / 2.0, below, &shape("n'", "T_x"));
    let note = match lang {
        Lang::En => format!("n' = {n_a}, T_x = {t_x}: column i of the result is W_a s_{{t-1}} + U_a h_i"),
        Lang::Zh => format!("n' = {n_a}，T_x = {t_x}：结果的第 i 列是 W_a s_{{t-1}} + U_a h_i"),
    };
    s += &format!(
        "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">{}</text>\n",
        w / 2.0,
        h - 8.0,
        tspans(&note, 11.0)
    );
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_has_one_cell_per_entry_of_each_operand() {
        let svg = broadcast_svg(4, 3, Lang::En);
        // query 4, repeated 4 × 3, keys 4 × 3, result 4 × 3
        assert_eq!(svg.matches("<rect x=").count(), 4 + 12 + 12 + 12);
        assert!(svg.contains("n' = 4, T"));
        let zh = broadcast_svg(4, 3, Lang::Zh);
        assert_eq!(zh.matches("<rect x=").count(), 4 + 12 + 12 + 12);
        assert!(zh.contains("n' = 4，T") && zh.contains("复制 T"));
    }
}
