//! The training figures of the book: the probe's alignment at successive
//! checkpoints as small heatmaps side by side, and the entropy of α against
//! the epoch. Only integers and fixed decimals are written, so the same
//! numbers always give the same bytes.

use crate::model::Mat;
use crate::walkthrough::fmt_num;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// One small heatmap per `(title, A)`, left to right, white (0) to black (1).
/// Row labels stand left of the first panel, column labels under each panel.
pub fn alignment_frames_svg(frames: &[(String, &Mat)], rows: &[String], cols: &[String]) -> String {
    const CELL: usize = 16;
    let (t_y, t_x) = frames.first().map_or((0, 0), |(_, a)| a.shape());
    let left = 12 + 7 * rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let (panel_w, gap, top) = (CELL * t_x, 14, 28);
    let label_h = 7 * cols.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    let w = left + frames.len() * (panel_w + gap) + 8;
    let h = top + CELL * t_y + label_h + 16;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    for (t, r) in rows.iter().enumerate() {
        let y = top + CELL * t + CELL / 2 + 4;
        s += &format!("<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>\n", left - 6, escape(r));
    }
    for (k, (title, a)) in frames.iter().enumerate() {
        let x0 = left + k * (panel_w + gap);
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            x0 + panel_w / 2,
            top - 8,
            escape(title)
        );
        for t in 0..t_y {
            for i in 0..t_x {
                let grey = (255.0 * (1.0 - a[(t, i)].clamp(0.0, 1.0))).round() as u8;
                s += &format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({grey},{grey},{grey})\" stroke=\"#bbb\"/>\n",
                    x0 + CELL * i,
                    top + CELL * t
                );
            }
        }
        for (i, c) in cols.iter().enumerate() {
            let (x, y) = (x0 + CELL * i + CELL / 2 + 3, top + CELL * t_y + 6);
            s += &format!("<text x=\"{x}\" y=\"{y}\" transform=\"rotate(90 {x} {y})\">{}</text>\n", escape(c));
        }
    }
    s + "</svg>\n"
}

/// Lines through `(x, y)` points, one per named series, on axes from 0 to the
/// largest x and y; `reference` draws a dashed horizontal line (such as ln T_x).
pub fn line_chart_svg(series: &[(&str, Vec<(f64, f64)>)], reference: Option<(&str, f64)>, x_label: &str) -> String {
    line_chart_svg_upto(series, reference, x_label, None)
}

/// The same chart with the y-axis ending at `y_top` when given (100 for
/// BLEU), else a tenth above the largest value.
pub fn line_chart_svg_upto(
    series: &[(&str, Vec<(f64, f64)>)],
    reference: Option<(&str, f64)>,
    x_label: &str,
    y_top: Option<f64>,
) -> String {
    let (w, h, left, right, top, bottom) = (560.0, 300.0, 50.0, 150.0, 16.0, 40.0);
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let x_max = points.clone().map(|p| p.0).fold(1.0, f64::max);
    let y_max = y_top.unwrap_or_else(|| points.map(|p| p.1).chain(reference.map(|r| r.1)).fold(0.0, f64::max) * 1.1);
    let px = |x: f64| left + (w - left - right) * x / x_max;
    let py = |y: f64| top + (h - top - bottom) * (1.0 - y / y_max);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{}\" stroke=\"black\"/>\n",
        fmt_num(py(0.0), 1),
        w - right,
        fmt_num(py(0.0), 1),
        fmt_num(py(0.0), 1)
    );
    for k in 0..=4 {
        let y = y_max * k as f64 / 4.0;
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
            left - 6.0,
            fmt_num(py(y) + 4.0, 1),
            fmt_num(y, 2)
        );
    }
    for k in 0..=4 {
        let x = x_max * k as f64 / 4.0;
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            fmt_num(px(x), 1),
            h - bottom + 16.0,
            fmt_num(x, 0)
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
        fmt_num(px(x_max / 2.0), 1),
        h - 6.0,
        escape(x_label)
    );
    if let Some((name, y)) = reference {
        let yy = fmt_num(py(y), 1);
        s += &format!(
            "<line x1=\"{left}\" y1=\"{yy}\" x2=\"{}\" y2=\"{yy}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n\
             <text x=\"{}\" y=\"{}\">{}</text>\n",
            w - right,
            w - right + 6.0,
            fmt_num(py(y) + 4.0, 1),
            escape(name)
        );
    }
    let colours = ["#1f4e9c", "#c0392b", "#2e7d32", "#8e44ad"];
    for (k, (name, pts)) in series.iter().enumerate() {
        let colour = colours[k % colours.len()];
        let path: Vec<String> =
            pts.iter().map(|&(x, y)| format!("{},{}", fmt_num(px(x), 1), fmt_num(py(y), 1))).collect();
        s += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
            path.join(" ")
        );
        for &(x, y) in pts {
            s += &format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{colour}\"/>\n",
                fmt_num(px(x), 1),
                fmt_num(py(y), 1)
            );
        }
        if let Some(&(x, y)) = pts.last() {
            s += &format!(
                "<text x=\"{}\" y=\"{}\" fill=\"{colour}\">{}</text>\n",
                fmt_num(px(x) + 6.0, 1),
                fmt_num(py(y) + 4.0 + 14.0 * k as f64, 1),
                escape(name)
            );
        }
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_draw_one_cell_per_entry_and_every_title() {
        let a = Mat::from_row_slice(2, 2, &[1.0, 0.0, 0.5, 0.5]);
        let svg = alignment_frames_svg(
            &[("epoch 0".into(), &a), ("epoch 1".into(), &a)],
            &["la".into(), "<eos>".into()],
            &["the".into(), "Area".into()],
        );
        assert_eq!(svg.matches("<rect x=").count(), 8);
        assert!(svg.contains(">epoch 1<") && svg.contains("&lt;eos&gt;") && svg.contains("rgb(128,128,128)"));
    }

    #[test]
    fn chart_puts_every_point_and_the_reference_line() {
        let svg = line_chart_svg(&[("probe", vec![(0.0, 1.6), (10.0, 0.5)])], Some(("ln 5", 1.609)), "epoch");
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains("stroke-dasharray") && svg.contains(">ln 5<") && svg.contains(">probe<"));
    }
}
