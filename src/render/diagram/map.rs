//! The map of RNNsearch: one box per step of the walkthrough's step table,
//! placed in its part of the model (encoder, annotations, attention, decoder,
//! output), the steps that repeat for every t inside one loop, and arrows
//! along the data flow. Labels, ids and the loop come from `STEP_INFO`; the
//! words around them are English or Chinese (`Lang`).

use super::lang::Lang;
use super::text::{escape, tspans, width};
use crate::walkthrough::{STEP_INFO, StepInfo};

/// The part of the model a step belongs to, each with its own fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Encoder,
    Annotations,
    Attention,
    Decoder,
    Output,
}

/// Each part's name in English and in Chinese (the glossary's terms), and its fill.
pub const PARTS: [(Part, (&str, &str), &str); 5] = [
    (Part::Encoder, ("encoder", "编码器"), "#dbe9f6"),
    (Part::Annotations, ("annotations", "编码器隐状态"), "#d9f0d3"),
    (Part::Attention, ("attention", "注意力"), "#fde4c8"),
    (Part::Decoder, ("decoder", "解码器"), "#e8dcf2"),
    (Part::Output, ("output", "输出"), "#eeeeee"),
];

/// Where each step sits: its part and its (column, row) on the grid.
pub const PLACES: [(u8, Part, f64, f64); 14] = [
    (1, Part::Encoder, 0.0, 0.5),
    (2, Part::Encoder, 1.0, 0.0),
    (3, Part::Encoder, 1.0, 1.0),
    (4, Part::Annotations, 2.0, 0.5),
    (5, Part::Decoder, 0.0, 2.0),
    (6, Part::Attention, 1.0, 2.0),
    (7, Part::Attention, 3.0, 0.5),
    (8, Part::Attention, 2.0, 2.0),
    (9, Part::Attention, 3.0, 2.0),
    (10, Part::Attention, 4.0, 2.0),
    (11, Part::Attention, 4.0, 3.0),
    (12, Part::Decoder, 3.0, 3.0),
    (13, Part::Output, 2.0, 3.0),
    (14, Part::Output, 4.0, 0.5),
];

/// Where an arrow's label goes: beside the middle of its longest segment,
/// or with its text starting at a grid point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LabelAt {
    Auto,
    Grid(f64, f64),
}

/// The arrows: from, to, the grid points the line bends at, a label, whether
/// it carries a value to the next t (drawn dashed), and where its label goes.
/// An arrow from a step to itself is the value it feeds back (s_{t−1}).
/// A label is (English, Chinese); most are formulas, the same in both.
type Edge = (u8, u8, &'static [(f64, f64)], (&'static str, &'static str), bool, LabelAt);
pub const EDGES: [Edge; 20] = [
    (1, 2, &[], ("", ""), false, LabelAt::Auto),
    (1, 3, &[], ("", ""), false, LabelAt::Auto),
    (2, 4, &[], ("", ""), false, LabelAt::Auto),
    (3, 4, &[], ("", ""), false, LabelAt::Auto),
    (4, 7, &[], ("", ""), false, LabelAt::Auto),
    (3, 5, &[], ("←h_1", "←h_1"), false, LabelAt::Auto),
    (5, 6, &[], ("", ""), false, LabelAt::Auto),
    (6, 8, &[], ("", ""), false, LabelAt::Auto),
    (7, 8, &[], ("", ""), false, LabelAt::Auto),
    (8, 9, &[], ("", ""), false, LabelAt::Auto),
    (9, 10, &[], ("", ""), false, LabelAt::Auto),
    (10, 11, &[], ("", ""), false, LabelAt::Auto),
    (4, 11, &[(2.0, 1.3), (4.55, 1.3), (4.55, 3.0)], ("H", "H"), false, LabelAt::Auto),
    (11, 12, &[], ("", ""), false, LabelAt::Auto),
    (12, 13, &[], ("", ""), false, LabelAt::Auto),
    // Step 12's other inputs: its own s_{t−1} and the word chosen before.
    (12, 12, &[(3.15, 2.55), (3.4, 2.55)], ("s_{t-1}", "s_{t-1}"), true, LabelAt::Grid(3.45, 2.5)),
    (13, 12, &[(2.2, 2.55), (2.65, 2.55)], ("y_{t-1}", "y_{t-1}"), true, LabelAt::Grid(2.22, 2.43)),
    // Step 13 reads c_t as well as s_t.
    (11, 13, &[(4.0, 3.42), (2.0, 3.42)], ("c_t", "c_t"), false, LabelAt::Grid(3.55, 3.6)),
    (10, 14, &[], ("", ""), false, LabelAt::Auto),
    (12, 6, &[(2.8, 3.78), (1.0, 3.78)], ("s_t is s_{t-1} at t + 1", "s_t 即 t + 1 时的 s_{t-1}"), true, LabelAt::Auto),
];

/// Where each step sits in the narrow (portrait) map, for a phone: the wide
/// map turned on its side, the encoder down the left and the decoder's
/// loop in two columns on the right, the second a little apart so that the
/// arrows between them have room.
pub const NARROW_PLACES: [(u8, Part, f64, f64); 14] = [
    (1, Part::Encoder, 0.5, 0.0),
    (2, Part::Encoder, 0.0, 1.0),
    (3, Part::Encoder, 1.0, 1.0),
    (4, Part::Annotations, 0.5, 2.0),
    (5, Part::Decoder, 2.1, 0.0),
    (6, Part::Attention, 2.1, 1.0),
    (7, Part::Attention, 0.5, 3.0),
    (8, Part::Attention, 2.1, 2.0),
    (9, Part::Attention, 2.1, 3.0),
    (10, Part::Attention, 2.1, 4.0),
    (11, Part::Attention, 2.1, 5.0),
    (12, Part::Decoder, 3.2, 4.0),
    (13, Part::Output, 3.2, 5.0),
    (14, Part::Output, 0.5, 4.0),
];

/// An arrow's route in one drawing: the grid points it bends at, and where
/// its label goes.
type Route = (&'static [(f64, f64)], LabelAt);

/// The arrows the narrow map bends, by (from, to); every other arrow runs
/// straight with its label placed on its own.
const NARROW_BENDS: [(u8, u8, Route); 4] = [
    (4, 11, (&[(1.2, 2.0), (1.2, 5.0)], LabelAt::Auto)),
    (12, 12, (&[(3.35, 3.55), (3.55, 3.55)], LabelAt::Grid(3.35, 3.36))),
    (13, 12, (&[(3.42, 4.5)], LabelAt::Grid(3.47, 4.55))),
    (12, 6, (&[(2.78, 3.55), (2.78, 1.0)], LabelAt::Grid(2.86, 2.2))),
];

/// `EDGES` with the routes of `bends`, every other arrow straight: the same
/// arrows and labels, drawn another way.
const fn routed(bends: &[(u8, u8, Route)]) -> [Edge; 20] {
    let mut edges = EDGES;
    let mut k = 0;
    while k < edges.len() {
        (edges[k].2, edges[k].5) = (&[], LabelAt::Auto);
        let mut b = 0;
        while b < bends.len() {
            if bends[b].0 == edges[k].0 && bends[b].1 == edges[k].1 {
                (edges[k].2, edges[k].5) = bends[b].2;
            }
            b += 1;
        }
        k += 1;
    }
    edges
}

/// The narrow map's arrows: the same arrows as [`EDGES`], in the same
/// order with the same labels, routed for [`NARROW_PLACES`].
pub const NARROW_EDGES: [Edge; 20] = routed(&NARROW_BENDS);

/// One drawing of the map: where the steps sit, how the arrows run, and the
/// sizes in pixels of the grid, the boxes and the type.
pub struct Layout {
    pub places: &'static [(u8, Part, f64, f64)],
    pub edges: &'static [Edge],
    /// The grid's pitch across and down, a box's width and height.
    px: f64,
    py: f64,
    bw: f64,
    bh: f64,
    left: f64,
    top: f64,
    font: f64,
    /// White space right of the rightmost box or line.
    margin: f64,
    /// Arrow labels wider than this wrap onto more lines.
    label_width: f64,
    /// The loop frame's label at its bottom (else at its top).
    loop_label_below: bool,
    /// The loop frame's distance left and right of its boxes.
    frame_pad: f64,
}

/// The map as the book's text column shows it (871 px wide).
pub const WIDE: Layout = Layout {
    places: &PLACES,
    edges: &EDGES,
    px: 140.0,
    py: 84.0,
    bw: 120.0,
    bh: 46.0,
    left: 20.0,
    top: 30.0,
    font: 12.0,
    margin: 24.0,
    label_width: f64::INFINITY,
    loop_label_below: false,
    frame_pad: 14.0,
};

/// The map as a phone shows it: at most 360 px wide, the text column of
/// the book at 400 px, so drawn at full size.
pub const NARROW: Layout = Layout {
    places: &NARROW_PLACES,
    edges: &NARROW_EDGES,
    px: 84.0,
    py: 80.0,
    bw: 74.0,
    bh: 50.0,
    left: 6.0,
    top: 30.0,
    font: 11.0,
    margin: 11.0,
    label_width: 70.0,
    loop_label_below: true,
    frame_pad: 10.0,
};

impl Layout {
    fn place(&self, id: u8) -> (Part, f64, f64) {
        let &(_, part, col, row) = self.places.iter().find(|p| p.0 == id).expect("every step has a place");
        (part, col, row)
    }

    fn grid(&self, id: u8) -> (f64, f64) {
        let (_, col, row) = self.place(id);
        (col, row)
    }

    /// The centre in pixels of grid point (column, row).
    fn px(&self, (col, row): (f64, f64)) -> (f64, f64) {
        (self.left + col * self.px + self.bw / 2.0, self.top + row * self.py + self.bh / 2.0)
    }

    /// The top left corner of the box at grid point (column, row).
    fn corner(&self, (col, row): (f64, f64)) -> (f64, f64) {
        (self.left + col * self.px, self.top + row * self.py)
    }

    /// Where the ray from box `c`'s centre towards `p` leaves the box.
    fn border(&self, c: (f64, f64), p: (f64, f64), grow: f64) -> (f64, f64) {
        let (dx, dy) = (p.0 - c.0, p.1 - c.1);
        let s = ((self.bw / 2.0 + grow) / dx.abs()).min((self.bh / 2.0 + grow) / dy.abs());
        (c.0 + s * dx, c.1 + s * dy)
    }

    /// The symbol in one line, or split at the space nearest its middle
    /// (and again) until each line fits the box.
    fn lines<'a>(&self, symbol: &'a str) -> Vec<&'a str> {
        split_to_fit(symbol, self.bw - 12.0, self.font)
    }
}

/// `text` in one line, or split at the space nearest its middle (and again)
/// until each line is at most `max` pixels wide at `font`.
fn split_to_fit(text: &str, max: f64, font: f64) -> Vec<&str> {
    if width(text, font) <= max || !text.contains(' ') {
        return vec![text];
    }
    let mid = text.len() / 2;
    let cut = text.match_indices(' ').map(|(i, _)| i).min_by_key(|i| i.abs_diff(mid)).unwrap_or(mid);
    let mut out = split_to_fit(&text[..cut], max, font);
    out.extend(split_to_fit(text[cut..].trim_start(), max, font));
    out
}

fn fill(part: Part) -> &'static str {
    PARTS.iter().find(|p| p.0 == part).map_or("white", |p| p.2)
}

/// How a map is drawn: in full (symbols and labels), or as the small
/// "you are here" map with one step highlighted; wide or narrow.
#[derive(Clone, Copy)]
struct Look {
    here: Option<u8>,
    lang: Lang,
    layout: &'static Layout,
}

fn node(s: &StepInfo, look: Look) -> String {
    let l = look.layout;
    let (part, col, row) = l.place(s.id);
    let (x, y) = l.corner((col, row));
    let (bw, bh, font) = (l.bw, l.bh, l.font);
    let here = look.here == Some(s.id);
    let (bg, ink, stroke) = if here { ("#222222", "white", "3") } else { (fill(part), "black", "1") };
    let mut out = format!(
        "<g><title>{}</title><rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{bw}\" height=\"{bh}\" rx=\"6\" \
         fill=\"{bg}\" stroke=\"#555\" stroke-width=\"{stroke}\"/>",
        escape(&step_name(s, look.lang))
    );
    let (cx, cy) = (x + bw / 2.0, y + bh / 2.0);
    if look.here.is_some() {
        out += &format!(
            "<text x=\"{cx:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-size=\"26\" fill=\"{ink}\">{:02}</text>",
            cy + 9.0,
            s.id
        );
        return out + "</g>\n";
    }
    out += &format!(
        "<rect x=\"{:.0}\" y=\"{:.0}\" width=\"22\" height=\"15\" rx=\"3\" fill=\"#555\"/>\
         <text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-size=\"10\" fill=\"white\">{:02}</text>",
        x - 6.0,
        y - 7.0,
        x + 5.0,
        y + 4.0,
        s.id
    );
    let ls = l.lines(s.symbol);
    let spacing = if ls.len() > 2 { font * 1.2 } else { font * 1.25 };
    for (k, line) in ls.iter().enumerate() {
        let ly = cy + font / 3.0 + (k as f64 - (ls.len() as f64 - 1.0) / 2.0) * spacing;
        out += &format!("<text x=\"{cx:.0}\" y=\"{ly:.0}\" text-anchor=\"middle\">{}</text>", tspans(line, font));
    }
    out + "</g>\n"
}

/// A step's name in a tooltip: "step 08: tanh(…)" or "第 08 步：tanh(…)".
fn step_name(s: &StepInfo, lang: Lang) -> String {
    match lang {
        Lang::En => format!("step {:02}: {}", s.id, s.symbol),
        Lang::Zh => format!("第 {:02} 步：{}", s.id, s.symbol),
    }
}

fn edge(&(from, to, bends, label, next_t, at): &Edge, look: Look) -> String {
    let l = look.layout;
    let label = look.lang.pick(label.0, label.1);
    let (a, b) = (l.px(l.grid(from)), l.px(l.grid(to)));
    let mut pts: Vec<(f64, f64)> = bends.iter().map(|&g| l.px(g)).collect();
    let start = l.border(a, *pts.first().unwrap_or(&b), 0.0);
    let end = l.border(b, *pts.last().unwrap_or(&a), 4.0);
    pts.insert(0, start);
    pts.push(end);
    let d: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.0},{y:.0}")).collect();
    let dash = if next_t { " stroke-dasharray=\"5 4\"" } else { "" };
    let out = format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#444\" stroke-width=\"1.4\"{dash} marker-end=\"url(#arrow)\"/>\n",
        d.join(" ")
    );
    if label.is_empty() || look.here.is_some() {
        return out;
    }
    if let LabelAt::Grid(col, row) = at {
        let (x, y) = l.px((col, row));
        let mut out = out;
        for (k, line) in split_to_fit(label, l.label_width, l.font).iter().enumerate() {
            let y = y + k as f64 * l.font * 1.25;
            out += &format!("<text x=\"{x:.0}\" y=\"{y:.0}\">{}</text>\n", tspans(line, l.font));
        }
        return out;
    }
    // On the longest segment, beside its middle.
    let (p, q) = pts
        .windows(2)
        .map(|w| (w[0], w[1]))
        .max_by(|(p, q), (r, s)| (p.0 - q.0).hypot(p.1 - q.1).total_cmp(&(r.0 - s.0).hypot(r.1 - s.1)))
        .expect("a line has a segment");
    let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    // Right of a vertical segment, above a horizontal one, left of and
    // above a slanted one, clear of the line and the subscript.
    let (x, y, anchor) = if (p.0 - q.0).abs() < 1.0 {
        (mx + 6.0, my, "start")
    } else if (p.1 - q.1).abs() < 1.0 {
        (mx, my - 9.0, "middle")
    } else {
        (mx - 14.0, my - 4.0, "end")
    };
    out + &format!("<text x=\"{x:.0}\" y=\"{y:.0}\" text-anchor=\"{anchor}\">{}</text>\n", tspans(label, l.font))
}

/// The dashed frame around the steps that repeat for every t, with its
/// label; and the frame's bottom edge, below which the legend goes.
fn loop_frame(look: Look) -> (String, f64) {
    let l = look.layout;
    let repeated: Vec<&StepInfo> = STEP_INFO.iter().filter(|s| s.per_target).collect();
    let xs = repeated.iter().map(|s| l.corner(l.grid(s.id)).0);
    let ys = repeated.iter().map(|s| l.corner(l.grid(s.id)).1);
    let (x0, x1) =
        (xs.clone().fold(f64::MAX, f64::min) - l.frame_pad, xs.fold(f64::MIN, f64::max) + l.bw + l.frame_pad);
    let (y0, y1) = (ys.clone().fold(f64::MAX, f64::min) - 24.0, ys.fold(f64::MIN, f64::max) + l.bh + 50.0);
    let mut out = format!(
        "<rect x=\"{x0:.0}\" y=\"{y0:.0}\" width=\"{:.0}\" height=\"{:.0}\" rx=\"10\" fill=\"none\" \
         stroke=\"#888\" stroke-dasharray=\"6 4\"/>\n",
        x1 - x0,
        y1 - y0
    );
    if look.here.is_none() {
        // Short, so that it ends before the arrow from step 07 comes down
        // (in the narrow map, below the loop's last row, clear of step 05's arrow).
        out += &format!(
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"11\" fill=\"#555\">{}</text>\n",
            x0 + 8.0,
            if l.loop_label_below { y1 - 8.0 } else { y0 + 13.0 },
            tspans(look.lang.pick("for t = 1 … T_y", "对 t = 1 … T_y 重复"), 11.0)
        );
    }
    (out, y1)
}

/// The legend's entries in lines no wider than `width`, from baseline `y`,
/// and the last line's baseline.
fn legend(y: f64, right: f64, look: Look) -> (String, f64) {
    let l = look.layout;
    let mut out = String::new();
    let (mut x, mut y) = (l.left, y);
    for (_, names, colour) in PARTS {
        let name = look.lang.pick(names.0, names.1);
        let w = 20.0 + width(name, l.font);
        if x > l.left && x + w > right {
            (x, y) = (l.left, y + 20.0);
        }
        out += &format!(
            "<rect x=\"{x:.0}\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{colour}\" stroke=\"#555\"/>\
             <text x=\"{:.0}\" y=\"{y:.0}\">{name}</text>\n",
            y - 11.0,
            x + 20.0
        );
        x += w + 24.0;
    }
    (out, y)
}

fn draw(look: Look, title: &str) -> String {
    let l = look.layout;
    let boxes = l.places.iter().map(|p| l.corner((p.2, p.3)).0 + l.bw).fold(0.0, f64::max);
    let right = l.edges.iter().flat_map(|e| e.2.iter().map(|g| l.px(*g).0)).fold(boxes, f64::max);
    let w = (right + l.margin).round();
    let (frame, frame_bottom) = loop_frame(look);
    let (key, last) = legend(frame_bottom + 26.0, w - 8.0, look);
    // The small map has no legend, so it ends below the loop frame.
    let h = if look.here.is_some() { (frame_bottom + 10.0).round() } else { (last + 8.0).round() };
    let (dw, dh) = match look.here {
        Some(_) => ((w * 0.4).round(), (h * 0.4).round()),
        None => (w, h),
    };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{dw}\" height=\"{dh}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"{}\">\n<title>{}</title>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" \
         orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n",
        l.font,
        escape(title)
    );
    s += &frame;
    for e in l.edges {
        s += &edge(e, look);
    }
    for step in &STEP_INFO {
        s += &node(step, look);
    }
    if look.here.is_none() {
        s += &key;
    }
    s + "</svg>\n"
}

/// The map of the whole model, for the walkthrough chapter, its words in `lang`.
pub fn map_svg(lang: Lang) -> String {
    let title =
        lang.pick("The map of RNNsearch: the fourteen steps of the walkthrough", "RNNsearch 全图：逐步演算的十四步");
    draw(Look { here: None, lang, layout: &WIDE }, title)
}

/// The same map drawn narrow, for a phone: the steps, arrows and words of
/// [`map_svg`], the encoder down the left, the loop in two columns.
pub fn narrow_map_svg(lang: Lang) -> String {
    let title =
        lang.pick("The map of RNNsearch: the fourteen steps of the walkthrough", "RNNsearch 全图：逐步演算的十四步");
    draw(Look { here: None, lang, layout: &NARROW }, title)
}

/// The small map at the top of step `id`'s chapter, that step highlighted.
pub fn you_are_here_svg(id: u8, lang: Lang) -> Option<String> {
    let step = STEP_INFO.iter().find(|s| s.id == id)?;
    let title = match lang {
        Lang::En => format!("You are here: step {:02}, {}", id, step.symbol),
        Lang::Zh => format!("你在这里：第 {:02} 步，{}", id, step.symbol),
    };
    Some(draw(Look { here: Some(id), lang, layout: &WIDE }, &title))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_has_one_place_and_the_loop_holds_exactly_the_repeated_steps() {
        for l in [&WIDE, &NARROW] {
            for s in &STEP_INFO {
                assert_eq!(l.places.iter().filter(|p| p.0 == s.id).count(), 1, "step {} placed once", s.id);
            }
            assert_eq!(l.places.len(), STEP_INFO.len());
            // The loop frame's rect: every repeated step's box inside it, every other outside.
            let look = Look { here: None, lang: Lang::En, layout: l };
            let frame = loop_frame(look).0;
            let attr = |k: &str| -> f64 {
                frame.split(&format!(" {k}=\"")).nth(1).and_then(|v| v.split('"').next()).unwrap().parse().unwrap()
            };
            let (x0, y0) = (attr("x"), attr("y"));
            let (x1, y1) = (x0 + attr("width"), y0 + attr("height"));
            for s in &STEP_INFO {
                let (x, y) = l.corner(l.grid(s.id));
                let inside = x >= x0 && x + l.bw <= x1 && y >= y0 && y + l.bh <= y1;
                let apart = x + l.bw < x0 || x > x1 || y + l.bh < y0 || y > y1;
                assert!(if s.per_target { inside } else { apart }, "step {} and the loop frame", s.id);
            }
        }
    }

    #[test]
    fn edges_join_steps_that_exist_and_every_step_is_reached() {
        for &(from, to, ..) in &EDGES {
            assert!(PLACES.iter().any(|p| p.0 == from) && PLACES.iter().any(|p| p.0 == to));
        }
        for s in STEP_INFO.iter().skip(1) {
            assert!(EDGES.iter().any(|e| e.1 == s.id), "no arrow into step {}", s.id);
        }
        // The narrow map draws the same arrows with the same labels, only routed otherwise.
        let what = |e: &Edge| (e.0, e.1, e.3, e.4);
        assert_eq!(EDGES.map(|e| what(&e)), NARROW_EDGES.map(|e| what(&e)));
        for (p, q) in PLACES.iter().zip(&NARROW_PLACES) {
            assert_eq!((p.0, p.1), (q.0, q.1), "step {} in the same part in both maps", p.0);
        }
    }

    #[test]
    fn the_map_names_every_step_and_the_small_map_highlights_one() {
        for lang in Lang::ALL {
            let map = map_svg(lang);
            for s in &STEP_INFO {
                assert!(map.contains(&format!("<title>{}</title>", escape(&step_name(s, lang)))));
            }
            let here = you_are_here_svg(8, lang).unwrap();
            assert_eq!(here.matches("fill=\"#222222\"").count(), 1);
            assert!(you_are_here_svg(15, lang).is_none());
        }
        let zh = map_svg(Lang::Zh);
        assert!(zh.contains("编码器隐状态") && zh.contains("第 08 步") && !zh.contains("annotations"));
        // The narrow map has every step's box and every label of the wide one.
        for lang in Lang::ALL {
            let (wide, narrow) = (map_svg(lang), narrow_map_svg(lang));
            // The words of every label, tags dropped (a symbol may wrap otherwise).
            let texts = |svg: &str| {
                let mut words = Vec::new();
                for label in svg.split("<text").skip(1) {
                    let inner = label.split("</text>").next().unwrap().split_once('>').unwrap().1;
                    let plain: String = inner.split('<').map(|p| p.split_once('>').map_or(p, |(_, t)| t)).collect();
                    words.extend(plain.split_whitespace().map(String::from));
                }
                words.sort();
                words
            };
            assert_eq!(texts(&wide), texts(&narrow), "the same words in both maps");
            // At most the book's text column on a 400 px phone, so drawn at full size.
            let width: f64 =
                narrow.split("width=\"").nth(1).and_then(|w| w.split('"').next()).unwrap().parse().unwrap();
            assert!(width <= 360.0, "the narrow map is {width} px wide");
        }
    }
}
