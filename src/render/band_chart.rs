//! The experiments' figures: per series a line through the mean over seeds
//! and a shaded band from the lowest seed to the highest, with both axes
//! titled, round tick values, x ticks where the points are, and the series'
//! names in a column at the right, never on top of each other. Only fixed
//! decimals are written, so the same numbers always give the same bytes.

use crate::walkthrough::fmt_num;

/// One series: per point (x, mean, lowest seed, highest seed).
pub type Band<'a> = (&'a str, Vec<(f64, f64, f64, f64)>);

/// What the axes show.
pub struct Axes<'a> {
    pub x_title: &'a str,
    pub y_title: &'a str,
    /// The x range drawn.
    pub x_range: (f64, f64),
    /// Where the x ticks go, and their labels.
    pub x_ticks: Vec<(f64, String)>,
    /// The top of the y axis when fixed (100 for BLEU); else a round value above the data.
    pub y_top: Option<f64>,
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A round step (1, 2 or 5 times a power of ten) giving at most six ticks to `top`.
pub fn round_step(top: f64) -> f64 {
    let raw = (top / 5.0).max(1e-12);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10.0 * p)
}

/// Label positions from wanted ones: in order, each at least `gap` below
/// the one above, within `lo..=hi` as far as room allows.
pub fn spread_labels(wanted: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by(|&a, &b| wanted[a].total_cmp(&wanted[b]));
    let mut placed = vec![0.0; wanted.len()];
    let mut prev = f64::NEG_INFINITY;
    for &k in &order {
        let y = wanted[k].max(lo).max(prev + gap);
        placed[k] = y;
        prev = y;
    }
    // Pushed past the bottom: shift the whole column up, keeping the gaps.
    let over = (prev - hi).max(0.0);
    placed.iter().map(|y| y - over).collect()
}

/// The chart as SVG.
pub fn band_chart_svg(series: &[Band], axes: &Axes) -> String {
    let (w, h, left, right, top, bottom) = (600.0, 320.0, 64.0, 130.0, 16.0, 52.0);
    let data_top = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.3)).fold(0.0, f64::max);
    let y_step = round_step(axes.y_top.unwrap_or(data_top));
    let y_max = axes.y_top.unwrap_or_else(|| (data_top / y_step).ceil().max(1.0) * y_step);
    let (x0, x1) = axes.x_range;
    let px = |x: f64| left + (w - left - right) * (x - x0) / (x1 - x0).max(1e-12);
    let py = |y: f64| top + (h - top - bottom) * (1.0 - y / y_max);
    let f = |v: f64| fmt_num(v, 1);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <line x1=\"{left}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"black\"/>\n\
         <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{b}\" stroke=\"black\"/>\n",
        b = f(py(0.0)),
        r = w - right
    );
    let ticks = (y_max / y_step).round() as usize;
    let decimals = if y_step.fract() == 0.0 { 0 } else { 1 + (-y_step.log10().floor()) as usize - 1 };
    for k in 0..=ticks {
        let y = y_step * k as f64;
        s += &format!(
            "<line x1=\"{}\" y1=\"{yy}\" x2=\"{left}\" y2=\"{yy}\" stroke=\"black\"/>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
            left - 4.0,
            left - 7.0,
            f(py(y) + 4.0),
            fmt_num(y, decimals),
            yy = f(py(y))
        );
    }
    for (x, label) in &axes.x_ticks {
        s += &format!(
            "<line x1=\"{xx}\" y1=\"{b}\" x2=\"{xx}\" y2=\"{}\" stroke=\"black\"/>\n\
             <text x=\"{xx}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            f(py(0.0) + 4.0),
            f(py(0.0) + 17.0),
            escape(label),
            xx = f(px(*x)),
            b = f(py(0.0))
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n\
         <text x=\"14\" y=\"{cy}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {cy})\">{}</text>\n",
        f((left + w - right) / 2.0),
        h - 10.0,
        escape(axes.x_title),
        escape(axes.y_title),
        cy = f((top + py(0.0)) / 2.0)
    );
    let colours = ["#1f4e9c", "#c0392b", "#2e7d32", "#8e44ad"];
    for (k, (_, pts)) in series.iter().enumerate() {
        let colour = colours[k % colours.len()];
        let upper = pts.iter().map(|p| format!("{},{}", f(px(p.0)), f(py(p.3))));
        let lower = pts.iter().rev().map(|p| format!("{},{}", f(px(p.0)), f(py(p.2))));
        let band: Vec<String> = upper.chain(lower).collect();
        s += &format!(
            "<polygon points=\"{}\" fill=\"{colour}\" fill-opacity=\"0.15\" stroke=\"none\"/>\n",
            band.join(" ")
        );
        let line: Vec<String> = pts.iter().map(|p| format!("{},{}", f(px(p.0)), f(py(p.1)))).collect();
        s += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
            line.join(" ")
        );
        for p in pts {
            s += &format!("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{colour}\"/>\n", f(px(p.0)), f(py(p.1)));
        }
    }
    let wanted: Vec<f64> = series.iter().map(|(_, p)| p.last().map_or(top, |q| py(q.1) + 4.0)).collect();
    let placed = spread_labels(&wanted, 15.0, top + 8.0, py(0.0));
    for (k, ((name, _), y)) in series.iter().zip(placed).enumerate() {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n",
            f(w - right + 10.0),
            f(y),
            colours[k % colours.len()],
            escape(name)
        );
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round_and_labels_never_overlap() {
        assert_eq!((round_step(100.0), round_step(84.5), round_step(1.3)), (20.0, 20.0, 0.5));
        let y = spread_labels(&[100.0, 101.0, 50.0], 15.0, 0.0, 300.0);
        assert_eq!(y, vec![100.0, 115.0, 50.0]);
        let y = spread_labels(&[295.0, 296.0], 15.0, 0.0, 300.0);
        assert_eq!(y, vec![285.0, 300.0], "kept inside by moving the column up");
    }

    #[test]
    fn a_band_and_a_line_per_series_and_both_axis_titles() {
        let axes = Axes {
            x_title: "words",
            y_title: "BLEU",
            x_range: (0.0, 10.0),
            x_ticks: vec![(4.0, "3–5".into())],
            y_top: Some(100.0),
        };
        let svg = band_chart_svg(&[("a", vec![(4.0, 50.0, 40.0, 60.0), (8.0, 30.0, 20.0, 35.0)])], &axes);
        assert_eq!((svg.matches("<polygon").count(), svg.matches("<circle").count()), (1, 2));
        assert!(svg.contains(">words<") && svg.contains(">BLEU<") && svg.contains(">3–5<") && svg.contains(">100<"));
    }
}
