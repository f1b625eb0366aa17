//! The paper's GRU cell as the decoder uses it, s_t = GRU(E_y y_{t-1},
//! s_{t-1}, c_t): the reset gate r acting on s_{t-1} before U inside the
//! candidate, the update gate z mixing the old state and the candidate, the
//! context term C c_t that only the decoder has; and, marked in red, the two
//! places where PyTorch's `nn.GRU` computes something else.

use super::Lang;
use super::text::{escape, tspans};

const FONT: f64 = 13.0;
const SMALL: f64 = 11.0;
const RED: &str = "#c0392b";

/// A box at (x, y), `w` wide: a first line at 13 px and an optional second
/// at 11 px, both centred; dashed when `dashed`.
fn node(x: f64, y: f64, w: f64, first: &str, second: &str, fill: &str, dashed: bool) -> String {
    let h = if second.is_empty() { 30.0 } else { 44.0 };
    let dash = if dashed { " stroke-dasharray=\"5 4\"" } else { "" };
    let cx = x + w / 2.0;
    let mut s = format!(
        "<rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{w:.0}\" height=\"{h:.0}\" rx=\"5\" fill=\"{fill}\" \
         stroke=\"#555\"{dash}/>\n<text x=\"{cx:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text>\n",
        y + 20.0,
        tspans(first, FONT)
    );
    if !second.is_empty() {
        s += &format!(
            "<text x=\"{cx:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-size=\"{SMALL}\">{}</text>\n",
            y + 36.0,
            tspans(second, SMALL)
        );
    }
    s
}

/// An arrow through `points`, dashed for the decoder-only context.
fn arrow(points: &[(f64, f64)], dashed: bool) -> String {
    let pts: Vec<String> = points.iter().map(|(x, y)| format!("{x:.0},{y:.0}")).collect();
    let dash = if dashed { " stroke-dasharray=\"5 4\"" } else { "" };
    format!("<polyline points=\"{}\" fill=\"none\" stroke=\"#444\"{dash} marker-end=\"url(#gru)\"/>\n", pts.join(" "))
}

fn note(x: f64, y: f64, text: &str, colour: &str, anchor: &str) -> String {
    format!(
        "<text x=\"{x:.0}\" y=\"{y:.0}\" text-anchor=\"{anchor}\" font-size=\"{SMALL}\" fill=\"{colour}\">{}</text>\n",
        tspans(text, SMALL)
    )
}

/// What `nn.GRU` does differently, one line each, in the book's names.
pub const NN_GRU: [&str; 4] = [
    "nn.GRU's candidate is tanh(W x + b + r ∘ (U s_{t-1} + b')):",
    "① r acts after the recurrent matrix U, which has a bias b' of its own;",
    "② its new state is (1 − z) ∘ s̃_t + z ∘ s_{t-1}: its z is the paper's",
    "1 − z (negate W_z and U_z to match). ① cannot be matched by weights.",
];

/// The same, in Chinese.
pub const NN_GRU_ZH: [&str; 4] = [
    "nn.GRU 的候选状态是 tanh(W x + b + r ∘ (U s_{t-1} + b'))：",
    "① r 在循环矩阵 U 之后才起作用，U 还带有自己的偏置 b'；",
    "② 它的新状态是 (1 − z) ∘ s̃_t + z ∘ s_{t-1}：它的 z 相当于论文的",
    "1 − z（把 W_z 和 U_z 取负即可对上）。① 无法靠权重对上。",
];

/// The figure, its words in `lang`.
pub fn gru_svg(lang: Lang) -> String {
    let l = |en: &'static str, zh: &'static str| lang.pick(en, zh);
    let (w, h) = (600.0, 560.0);
    let (gate, cand, mix) = ("#fde4c8", "#dbe9f6", "#e8dcf2");
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"{FONT}\">\n<title>{}</title>\n<defs><marker id=\"gru\" \
         viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\
         <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n",
        escape(l(
            "The paper's GRU in the decoder, and where nn.GRU differs",
            "解码器中论文的 GRU，以及 nn.GRU 的不同之处"
        ))
    );
    // Inputs: x, s_{t-1}, c_t (rows 20..64).
    s += &node(20.0, 20.0, 170.0, "x = E_y y_{t-1}", l("(x_i in the encoder)", "（编码器中为 x_i）"), "#f4f4f4", false);
    s +=
        &node(215.0, 20.0, 170.0, "s_{t-1}", l("(h_{i-1} in the encoder)", "（编码器中为 h_{i-1}）"), "#f4f4f4", false);
    s += &node(410.0, 20.0, 170.0, "c_t", l("(the decoder only)", "（只有解码器才有）"), "#f4f4f4", true);
    // Gates (rows 110..154).
    s += &node(20.0, 110.0, 270.0, l("reset gate r", "重置门 r"), "σ(W_r x + U_r s_{t-1} + C_r c_t)", gate, false);
    s += &node(310.0, 110.0, 270.0, l("update gate z", "更新门 z"), "σ(W_z x + U_z s_{t-1} + C_z c_t)", gate, false);
    for (from, dashed) in [(105.0, false), (300.0, false), (495.0, true)] {
        s += &arrow(&[(from, 64.0), (155.0, 107.0)], dashed);
        s += &arrow(&[(from, 64.0), (445.0, 107.0)], dashed);
    }
    // r ∘ s_{t-1}, then the candidate (rows 210..240, 290..334).
    s += &node(20.0, 210.0, 150.0, "r ∘ s_{t-1}", "", gate, false);
    s += &note(105.0, 256.0, "① nn.GRU: r ∘ (U s_{t-1} + b')", RED, "start");
    s += &arrow(&[(155.0, 154.0), (95.0, 207.0)], false);
    s += &arrow(&[(300.0, 225.0), (173.0, 225.0)], false);
    s += &node(
        20.0,
        290.0,
        270.0,
        l("candidate s̃_t", "候选状态 s̃_t"),
        "tanh(W x + U (r ∘ s_{t-1}) + C c_t)",
        cand,
        false,
    );
    s += &arrow(&[(95.0, 240.0), (95.0, 287.0)], false);
    s += &arrow(&[(20.0, 42.0), (8.0, 42.0), (8.0, 312.0), (17.0, 312.0)], false);
    s += &arrow(&[(580.0, 42.0), (592.0, 42.0), (592.0, 272.0), (240.0, 272.0), (240.0, 287.0)], true);
    // The new state (rows 390..434).
    s += &node(150.0, 390.0, 300.0, l("new state s_t", "新状态 s_t"), "(1 − z) ∘ s_{t-1} + z ∘ s̃_t", mix, false);
    s += &arrow(&[(300.0, 64.0), (300.0, 387.0)], false);
    s += &arrow(&[(445.0, 154.0), (420.0, 387.0)], false);
    s += &arrow(&[(155.0, 334.0), (200.0, 387.0)], false);
    s += &note(300.0, 452.0, "② nn.GRU: (1 − z) ∘ s̃_t + z ∘ s_{t-1}", RED, "middle");
    s += &note(458.0, 408.0, l("z ≈ 1: take s̃_t", "z ≈ 1：取 s̃_t"), "#555", "start");
    s += &note(458.0, 424.0, l("z ≈ 0: keep s_{t-1}", "z ≈ 0：保留 s_{t-1}"), "#555", "start");
    for (k, line) in lang.pick(NN_GRU, NN_GRU_ZH).iter().enumerate() {
        s += &note(20.0, 486.0 + 17.0 * k as f64, line, RED, "start");
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cell_names_both_gates_the_context_and_both_differences() {
        let svg = gru_svg(Lang::En);
        for want in ["reset gate r", "update gate z", "candidate s̃", "new state s", "① nn.GRU", "② nn.GRU"] {
            assert!(svg.contains(want), "{want} missing");
        }
        let zh = gru_svg(Lang::Zh);
        for want in ["重置门 r", "更新门 z", "候选状态 s̃", "新状态 s", "① nn.GRU", "② nn.GRU"] {
            assert!(zh.contains(want), "{want} missing from the Chinese cell");
        }
        assert_eq!(svg.matches("<text").count(), zh.matches("<text").count(), "the same labels in both");
        // The candidate resets s_{t-1} before U: U (r ∘ s), not r ∘ (U s).
        assert!(svg.contains("U (r ∘ s"), "the paper's candidate");
        assert_eq!(svg.matches("stroke-dasharray").count(), 1 + 2 + 1, "c_t's box and its three arrows");
    }
}
