//! A check any figure can run on its own SVG: the boxes its `<text>` labels
//! take, estimated from position, font size, anchor and rotation, and the
//! pairs of labels whose boxes overlap. Used by the figure tests.

/// One label's box: its text, (x0, y0, x1, y1) in SVG units on the page,
/// and its rotation with the box in a frame turned back by that angle, where
/// labels of one slant can be compared exactly.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelBox {
    pub text: String,
    pub bounds: (f64, f64, f64, f64),
    pub angle: f64,
    pub upright: (f64, f64, f64, f64),
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    tag[start..].split('"').next()
}

fn num(s: &str) -> Option<f64> {
    s.trim().trim_end_matches("px").parse().ok()
}

/// The visible characters of a label's content and their width in
/// characters of 0.6 em, subscript runs (a `<tspan>` with
/// `font-size="75%"`) counted at three quarters.
fn content_chars(inner: &str) -> (String, f64) {
    let (mut text, mut count, mut small, mut rest) = (String::new(), 0.0, false, inner);
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('<') {
            let end = after.find('>').map_or(after.len(), |e| e + 1);
            let tag = &after[..end.saturating_sub(1)];
            if tag.starts_with("tspan") {
                small = tag.contains("font-size=\"75%\"");
            } else if tag.starts_with("/tspan") {
                small = false;
            }
            rest = &after[end.min(after.len())..];
            continue;
        }
        let c = if let Some(after) = rest.strip_prefix('&') {
            let end = after.find(';').map_or(0, |e| e + 1);
            rest = &after[end..];
            '&'
        } else {
            let c = rest.chars().next().unwrap();
            rest = &rest[c.len_utf8()..];
            c
        };
        text.push(c);
        // In characters of 0.6 em: a Chinese character is a full em.
        let wide = if crate::render::diagram::text::is_wide(c) { 1.0 / 0.6 } else { 1.0 };
        count += wide * if small { 0.75 } else { 1.0 };
    }
    (text, count)
}

/// Every `<text>` label of `svg` with its estimated box (0.6 em a character,
/// a full em a Chinese one, one em high, rotated as its `transform` says).
pub fn label_boxes(svg: &str) -> Vec<LabelBox> {
    let root_font = svg.find("<svg").and_then(|i| attr(&svg[i..], "font-size")).and_then(num).unwrap_or(12.0);
    let mut out = Vec::new();
    for piece in svg.split("<text").skip(1) {
        let Some((tag, after)) = piece.split_once('>') else { continue };
        let inner = after.split("</text>").next().unwrap_or("");
        let (text, chars) = content_chars(inner);
        if text.trim().is_empty() {
            continue;
        }
        let font = attr(tag, "font-size").and_then(num).unwrap_or(root_font);
        let (x, y) = (attr(tag, "x").and_then(num).unwrap_or(0.0), attr(tag, "y").and_then(num).unwrap_or(0.0));
        let w = chars * 0.6 * font;
        let x0 = match attr(tag, "text-anchor") {
            Some("middle") => x - w / 2.0,
            Some("end") => x - w,
            _ => x,
        };
        let corners = [(x0, y - 0.8 * font), (x0 + w, y - 0.8 * font), (x0, y + 0.2 * font), (x0 + w, y + 0.2 * font)];
        // rotate(a cx cy): a in degrees about (cx, cy), the origin when they are left out.
        let rotate: Vec<f64> = attr(tag, "transform")
            .and_then(|t| t.strip_prefix("rotate("))
            .map(|t| t.trim_end_matches(')').split([' ', ',']).filter_map(num).collect())
            .unwrap_or_default();
        let angle = rotate.first().copied().unwrap_or(0.0).to_radians();
        let (cx, cy) = (rotate.get(1).copied().unwrap_or(0.0), rotate.get(2).copied().unwrap_or(0.0));
        let (c, s) = (angle.cos(), angle.sin());
        let turned: Vec<(f64, f64)> = corners
            .iter()
            .map(|&(px, py)| (cx + (px - cx) * c - (py - cy) * s, cy + (px - cx) * s + (py - cy) * c))
            .collect();
        // Turning the page back by the angle about the origin moves the unrotated box by R(−a)·centre − centre.
        let (sx, sy) = (cx * c + cy * s - cx, -cx * s + cy * c - cy);
        let upright = (x0 + sx, y - 0.8 * font + sy, x0 + w + sx, y + 0.2 * font + sy);
        let fold =
            |f: fn(f64, f64) -> f64, init: f64, pick: fn(&(f64, f64)) -> f64| turned.iter().map(pick).fold(init, f);
        let bounds = (
            fold(f64::min, f64::MAX, |p| p.0),
            fold(f64::min, f64::MAX, |p| p.1),
            fold(f64::max, f64::MIN, |p| p.0),
            fold(f64::max, f64::MIN, |p| p.1),
        );
        out.push(LabelBox { text, bounds, angle, upright });
    }
    out
}

/// The pairs of labels of `svg` whose boxes overlap by more than a pixel.
pub fn overlapping_labels(svg: &str) -> Vec<(String, String)> {
    let boxes = label_boxes(svg);
    let mut pairs = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let same_slant = (a.angle - b.angle).abs() < 1e-9;
            let ((a0, a1, a2, a3), (b0, b1, b2, b3)) =
                if same_slant { (a.upright, b.upright) } else { (a.bounds, b.bounds) };
            if a2.min(b2) - a0.max(b0) > 1.0 && a3.min(b3) - a1.max(b1) > 1.0 {
                pairs.push((a.text.clone(), b.text.clone()));
            }
        }
    }
    pairs
}

/// The straight segments of every `<polyline>` and `<line>` of `svg`.
pub fn segments(svg: &str) -> Vec<((f64, f64), (f64, f64))> {
    let mut out = Vec::new();
    for piece in svg.split("<polyline").skip(1) {
        let tag = piece.split('>').next().unwrap_or("");
        let pts: Vec<(f64, f64)> = attr(tag, "points")
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|p| p.split_once(',').and_then(|(x, y)| Some((num(x)?, num(y)?))))
            .collect();
        out.extend(pts.windows(2).map(|w| (w[0], w[1])));
    }
    for piece in svg.split("<line").skip(1) {
        let tag = piece.split('>').next().unwrap_or("");
        let v = |k| attr(tag, k).and_then(num);
        if let (Some(x1), Some(y1), Some(x2), Some(y2)) = (v("x1"), v("y1"), v("x2"), v("y2")) {
            out.push(((x1, y1), (x2, y2)));
        }
    }
    out
}

/// The labels of `svg` (unrotated ones) that a line or polyline runs through:
/// a segment that enters the label's box shrunk by a pixel on every side.
pub fn labels_crossed_by_lines(svg: &str) -> Vec<String> {
    let segs = segments(svg);
    let mut out = Vec::new();
    for b in label_boxes(svg).into_iter().filter(|b| b.angle == 0.0) {
        let (x0, y0, x1, y1) = (b.bounds.0 + 1.0, b.bounds.1 + 1.0, b.bounds.2 - 1.0, b.bounds.3 - 1.0);
        // Liang–Barsky: does the segment meet the box?
        let hits = |&((ax, ay), (bx, by)): &((f64, f64), (f64, f64))| {
            let (dx, dy) = (bx - ax, by - ay);
            let (mut lo, mut hi) = (0.0f64, 1.0f64);
            for (p, q) in [(-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)] {
                if p == 0.0 {
                    if q < 0.0 {
                        return false;
                    }
                } else if p < 0.0 {
                    lo = lo.max(q / p);
                } else {
                    hi = hi.min(q / p);
                }
            }
            lo <= hi
        };
        if segs.iter().any(hits) {
            out.push(b.text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_side_by_side_pass_and_labels_on_top_of_each_other_fail() {
        let apart =
            "<svg font-size=\"10\"><text x=\"0\" y=\"10\">dot</text><text x=\"40\" y=\"10\">general</text></svg>";
        assert!(overlapping_labels(apart).is_empty());
        let stacked =
            "<svg font-size=\"10\"><text x=\"0\" y=\"10\">general</text><text x=\"5\" y=\"14\">scaled</text></svg>";
        assert_eq!(overlapping_labels(stacked), vec![("general".to_string(), "scaled".to_string())]);
    }

    #[test]
    fn anchors_rotation_and_subscripts_shape_the_box() {
        let b = &label_boxes("<svg><text x=\"100\" y=\"50\" font-size=\"10\" text-anchor=\"end\">abcd</text></svg>")[0];
        assert_eq!(b.bounds, (76.0, 42.0, 100.0, 52.0));
        let up =
            &label_boxes("<svg><text x=\"0\" y=\"0\" font-size=\"10\" transform=\"rotate(-90 0 0)\">abcd</text></svg>")
                [0];
        assert!((up.bounds.1 + 24.0).abs() < 1e-9 && up.bounds.2 - up.bounds.0 < 11.0);
        // Slanted neighbours whose page boxes overlap are apart along their slant.
        let slanted = "<svg font-size=\"13\"><text x=\"100\" y=\"50\" transform=\"rotate(-35 100 50)\">European</text>\
                       <text x=\"156\" y=\"50\" transform=\"rotate(-35 156 50)\">Economic</text></svg>";
        let b = label_boxes(slanted);
        assert!(b[0].bounds.2 > b[1].bounds.0, "the page boxes overlap");
        assert!(overlapping_labels(slanted).is_empty());
        let sub = &label_boxes(
            "<svg><text x=\"0\" y=\"0\" font-size=\"10\">s<tspan font-size=\"75%\">t</tspan>&lt;</text></svg>",
        )[0];
        assert_eq!(sub.text, "st&");
        assert!((sub.bounds.2 - 16.5).abs() < 1e-9);
        let crossed = "<svg font-size=\"10\"><text x=\"0\" y=\"10\">abc</text><text x=\"50\" y=\"10\">def</text>\
                       <polyline points=\"10,0 10,20\"/><line x1=\"40\" y1=\"0\" x2=\"45\" y2=\"20\"/></svg>";
        assert_eq!(labels_crossed_by_lines(crossed), vec!["abc".to_string()]);
        let chinese = &label_boxes("<svg><text x=\"0\" y=\"0\" font-size=\"10\">重置门 r</text></svg>")[0];
        assert!((chinese.bounds.2 - 42.0).abs() < 1e-9, "three characters of an em, two of 0.6 em");
    }
}
