//! One decoder step as a chain of dependencies, Bahdanau's order above
//! Luong's (stacked, so that a phone shows both at a readable size): which
//! state queries, and why querying Bahdanau's decoder with s_t would be a
//! cycle.

use super::lang::Lang;
use super::text::{escape, tspans, width};

/// A column: its title, its nodes top to bottom (each computed from the one
/// above), and arrows that skip or loop back: (from, to, label, is the cycle).
/// Titles and labels are (English, Chinese); the nodes are formulas.
struct Chain {
    title: (&'static str, &'static str),
    nodes: &'static [&'static str],
    extra: &'static [(usize, usize, (&'static str, &'static str), bool)],
}

const BAHDANAU: Chain = Chain {
    title: ("Bahdanau: attend, then recur", "Bahdanau：先算注意力，再递推"),
    nodes: &[
        "s_{t-1}",
        "e_t = a(s_{t-1}, H)",
        "α_t = softmax(e_t)",
        "c_t = H α_t",
        "s_t = GRU(y_{t-1}, s_{t-1}, c_t)",
        "p(y_t)",
    ],
    extra: &[(0, 4, ("s_{t-1}", "s_{t-1}"), false), (4, 1, ("query with s_t: a cycle", "用 s_t 查询：成环"), true)],
};

const LUONG: Chain = Chain {
    title: ("Luong: recur, then attend", "Luong：先递推，再算注意力"),
    nodes: &[
        "h_{t-1}, h̃_{t-1}",
        "h_t = LSTM(y_{t-1}, h̃_{t-1}, h_{t-1})",
        "e_t = score(h_t, H)",
        "α_t = softmax(e_t)",
        "c_t = H α_t",
        "h̃_t = tanh(W_c [c_t; h_t])",
        "p(y_t)",
    ],
    extra: &[(1, 5, ("h_t", "h_t"), false)],
};

const FONT: f64 = 13.0;
const ROW: f64 = 58.0;
const BOX_H: f64 = 30.0;
const COL_W: f64 = 330.0;

/// The height of a chain's column: its title and its nodes.
fn height(c: &Chain) -> f64 {
    56.0 + c.nodes.len() as f64 * ROW
}

fn column(c: &Chain, x0: f64, y0: f64, lang: Lang) -> String {
    let cx = x0 + COL_W / 2.0 - 40.0;
    let y = |k: usize| y0 + 56.0 + k as f64 * ROW;
    let mut s = format!(
        "<text x=\"{cx:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\n",
        y0 + 24.0,
        escape(lang.pick(c.title.0, c.title.1))
    );
    for (k, n) in c.nodes.iter().enumerate() {
        let w = width(n, FONT) + 20.0;
        s += &format!(
            "<rect x=\"{:.0}\" y=\"{:.0}\" width=\"{w:.0}\" height=\"{BOX_H}\" rx=\"5\" fill=\"#f4f4f4\" stroke=\"#555\"/>\
             <text x=\"{cx:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text>\n",
            cx - w / 2.0,
            y(k),
            y(k) + 20.0,
            tspans(n, FONT)
        );
        if k + 1 < c.nodes.len() {
            s += &format!(
                "<line x1=\"{cx:.0}\" y1=\"{:.0}\" x2=\"{cx:.0}\" y2=\"{:.0}\" stroke=\"#444\" marker-end=\"url(#dep)\"/>\n",
                y(k) + BOX_H,
                y(k + 1) - 3.0
            );
        }
    }
    for (k, &(from, to, label, cycle)) in c.extra.iter().enumerate() {
        // Skips run down the right side, loops back up it, each a little further out.
        let x = x0 + COL_W - 70.0 + 22.0 * k as f64;
        let (y1, y2) = (y(from) + BOX_H / 2.0, y(to) + BOX_H / 2.0);
        let (colour, dash) = if cycle { ("#c0392b", " stroke-dasharray=\"5 4\"") } else { ("#444", "") };
        let wf = width(c.nodes[from], FONT) / 2.0 + 10.0;
        let wt = width(c.nodes[to], FONT) / 2.0 + 10.0;
        s += &format!(
            "<polyline points=\"{:.0},{y1:.0} {x:.0},{y1:.0} {x:.0},{y2:.0} {:.0},{y2:.0}\" fill=\"none\" stroke=\"{colour}\"{dash} \
             marker-end=\"url(#dep)\"/>\n<text x=\"{:.0}\" y=\"{:.0}\" fill=\"{colour}\" font-size=\"11\">{}</text>\n",
            cx + wf,
            cx + wt + 3.0,
            x + 5.0,
            (y1 + y2) / 2.0 + 4.0,
            tspans(lang.pick(label.0, label.1), 11.0)
        );
    }
    s
}

/// The two orders of one decoder step, one above the other, its words in `lang`.
pub fn decoder_orders_svg(lang: Lang) -> String {
    let gap = 16.0;
    let (w, h) = (COL_W + 110.0, height(&BAHDANAU) + gap + height(&LUONG));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"{FONT}\">\n<title>{}</title>\n\
         <defs><marker id=\"dep\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\
         <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n{}{}</svg>\n",
        lang.pick("One decoder step: Bahdanau's order and Luong's", "解码器的一步：Bahdanau 的顺序与 Luong 的顺序"),
        column(&BAHDANAU, 10.0, 0.0, lang),
        column(&LUONG, 10.0, height(&BAHDANAU) + gap, lang)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bahdanau_queries_with_the_previous_state_and_marks_the_cycle() {
        assert_eq!(BAHDANAU.nodes[0], "s_{t-1}");
        assert!(BAHDANAU.nodes[1].contains("s_{t-1}") && !BAHDANAU.nodes[1].contains("s_t,"));
        assert!(LUONG.nodes[2].contains("h_t"), "Luong scores with the state after the recurrence");
        let svg = decoder_orders_svg(Lang::En);
        assert_eq!(svg.matches("stroke-dasharray").count(), 1, "one cycle, drawn dashed");
        assert!(svg.contains("a cycle"));
        let zh = decoder_orders_svg(Lang::Zh);
        assert_eq!(zh.matches("stroke-dasharray").count(), 1, "the Chinese figure draws the same cycle");
        assert!(zh.contains("成环") && !zh.contains("a cycle"));
    }
}
