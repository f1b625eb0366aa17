//! The training figures of the book: the probe's alignment at successive
//! checkpoints as small heatmaps side by side, and the entropy of α against
//! the epoch. Only integers and fixed decimals are written, so the same
//! numbers always give the same bytes.

use super::svg::{Energies, cell_tooltip};
use crate::model::Mat;
use crate::walkthrough::fmt_num;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// One small heatmap per `(title, A, energies)`, white (0) to black (1),
/// five to a row so that the figure fits the book's column at full size.
/// Row labels stand left of each row's first panel, column labels under each
/// panel; each cell's tooltip gives its panel, words, α and e.
pub fn alignment_frames_svg(frames: &[(String, &Mat, Energies)], rows: &[String], cols: &[String]) -> String {
    const CELL: usize = 22;
    const PER_ROW: usize = 5;
    let (t_y, t_x) = frames.first().map_or((0, 0), |(_, a, _)| a.shape());
    let left = 14 + 8 * rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let (panel_w, gap, top) = (CELL * t_x, 18, 30);
    let label_h = 8 * cols.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    let band = top + CELL * t_y + label_h + 16;
    let per_row = PER_ROW.min(frames.len()).max(1);
    let bands = frames.len().div_ceil(per_row).max(1);
    let (w, h) = (left + per_row * (panel_w + gap) + 8, band * bands);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    for b in 0..bands {
        for (t, r) in rows.iter().enumerate() {
            let y = b * band + top + CELL * t + CELL / 2 + 5;
            s += &format!("<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>\n", left - 6, escape(r));
        }
    }
    for (k, &(ref title, a, energies)) in frames.iter().enumerate() {
        let (x0, y0) = (left + (k % per_row) * (panel_w + gap), (k / per_row) * band + top);
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            x0 + panel_w / 2,
            y0 - 9,
            escape(title)
        );
        for t in 0..t_y {
            for i in 0..t_x {
                let grey = (255.0 * (1.0 - a[(t, i)].clamp(0.0, 1.0))).round() as u8;
                s += &format!(
                    "<g><title>{}: {}</title><rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" \
                     fill=\"rgb({grey},{grey},{grey})\" stroke=\"#bbb\"/></g>\n",
                    escape(title),
                    cell_tooltip(a, energies, (t, i), &rows[t], &cols[i]),
                    x0 + CELL * i,
                    y0 + CELL * t
                );
            }
        }
        for (i, c) in cols.iter().enumerate() {
            let (x, y) = (x0 + CELL * i + CELL / 2 - 4, y0 + CELL * t_y + 6);
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

/// A round tick step (1, 2 or 5 times a power of ten) giving at most `most`
/// steps from 0 to `top`.
pub fn tick_step(top: f64, most: usize) -> f64 {
    let raw = (top / most as f64).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|&s| s >= raw).unwrap_or(10.0 * power)
}

/// Lines through `(x, y)` points with both axes titled and round ticks from
/// 0; `reference` draws a dashed horizontal line. Series names stand right of
/// their last points, moved apart when they would touch.
pub fn titled_line_chart_svg(
    series: &[(&str, Vec<(f64, f64)>)],
    reference: Option<(&str, f64)>,
    (x_title, y_title): (&str, &str),
) -> String {
    let (w, h, left, right, top, bottom) = (600.0, 320.0, 64.0, 130.0, 16.0, 50.0);
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let x_data = points.clone().map(|p| p.0).fold(1.0, f64::max);
    let y_data = points.map(|p| p.1).chain(reference.map(|r| r.1)).fold(0.0, f64::max);
    let (x_step, y_step) = (tick_step(x_data, 5), tick_step(y_data, 5));
    let (x_max, y_max) = ((x_data / x_step).ceil() * x_step, (y_data / y_step).ceil() * y_step);
    let px = |x: f64| left + (w - left - right) * x / x_max;
    let py = |y: f64| top + (h - top - bottom) * (1.0 - y / y_max);
    let f = |v: f64| fmt_num(v, 1);
    let decimals = if y_step < 1.0 { 1 } else { 0 };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <line x1=\"{left}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"black\"/>\n\
         <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{0}\" stroke=\"black\"/>\n",
        f(py(0.0)),
        w - right
    );
    for k in 0..=(y_max / y_step).round() as usize {
        let y = y_step * k as f64;
        s += &format!(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{left}\" y2=\"{1}\" stroke=\"black\"/>\
             <text x=\"{2}\" y=\"{3}\" text-anchor=\"end\">{4}</text>\n",
            left - 4.0,
            f(py(y)),
            left - 7.0,
            f(py(y) + 4.5),
            fmt_num(y, decimals)
        );
    }
    for k in 0..=(x_max / x_step).round() as usize {
        let x = x_step * k as f64;
        s += &format!(
            "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>\
             <text x=\"{0}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>\n",
            f(px(x)),
            f(py(0.0)),
            f(py(0.0) + 4.0),
            f(py(0.0) + 18.0),
            fmt_num(x, 0)
        );
    }
    let mid_y = f((top + h - bottom) / 2.0);
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n\
         <text x=\"16\" y=\"{mid_y}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {mid_y})\">{}</text>\n",
        f((left + w - right) / 2.0),
        h - 10.0,
        escape(x_title),
        escape(y_title)
    );
    let mut taken: Vec<f64> = Vec::new();
    let mut label = |s: &mut String, y: f64, text: &str, colour: &str, x: f64| {
        let mut y = y;
        while taken.iter().any(|t| (t - y).abs() < 15.0) {
            y += 15.0;
        }
        taken.push(y);
        *s += &format!("<text x=\"{}\" y=\"{}\" fill=\"{colour}\">{}</text>\n", f(x), f(y + 4.5), escape(text));
    };
    if let Some((name, y)) = reference {
        let yy = f(py(y));
        s += &format!(
            "<line x1=\"{left}\" y1=\"{yy}\" x2=\"{}\" y2=\"{yy}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n",
            w - right
        );
        label(&mut s, py(y), name, "#555", w - right + 6.0);
    }
    let colours = ["#1f4e9c", "#c0392b", "#2e7d32", "#8e44ad"];
    for (k, (name, pts)) in series.iter().enumerate() {
        let colour = colours[k % colours.len()];
        let path: Vec<String> = pts.iter().map(|&(x, y)| format!("{},{}", f(px(x)), f(py(y)))).collect();
        s += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
            path.join(" ")
        );
        for &(x, y) in pts {
            s += &format!("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{colour}\"/>\n", f(px(x)), f(py(y)));
        }
        if let Some(&(x, y)) = pts.last() {
            label(&mut s, py(y), name, colour, px(x) + 8.0);
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
        let e = Mat::from_row_slice(2, 2, &[3.0, -800.0, 0.25, 0.25]);
        let svg = alignment_frames_svg(
            &[("epoch 0".into(), &a, Energies::Known(&e)), ("epoch 1".into(), &a, Energies::FromAlpha)],
            &["la".into(), "<eos>".into()],
            &["the".into(), "Area".into()],
        );
        assert_eq!(svg.matches("<rect x=").count(), 8);
        assert!(svg.contains("<title>epoch 0: &lt;eos&gt; → Area: α = 0.5000, e = 0.2500</title>"), "{svg}");
        assert!(svg.contains("<title>epoch 1: &lt;eos&gt; → Area: α = 0.5000, e − max e = 0.0000</title>"));
        assert!(svg.contains(">epoch 1<") && svg.contains("&lt;eos&gt;") && svg.contains("rgb(128,128,128)"));
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(40.0, 5), 10.0);
        assert_eq!(tick_step(1.72, 5), 0.5);
        assert_eq!(tick_step(84.52, 5), 20.0);
        let svg =
            titled_line_chart_svg(&[("a", vec![(0.0, 1.61), (40.0, 0.6)])], Some(("ln 5", 1.609)), ("epoch", "H"));
        assert!(svg.contains(">1.5<") && svg.contains(">2.0<") && svg.contains(">40<") && !svg.contains(">1.61<"));
        assert!(svg.contains(">epoch<") && svg.contains(">H<"));
    }

    #[test]
    fn chart_puts_every_point_and_the_reference_line() {
        let svg = line_chart_svg(&[("probe", vec![(0.0, 1.6), (10.0, 0.5)])], Some(("ln 5", 1.609)), "epoch");
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains("stroke-dasharray") && svg.contains(">ln 5<") && svg.contains(">probe<"));
    }
}
