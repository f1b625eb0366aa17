//! A padded batch and its mask, from the REPL's `mask` demo: each sentence
//! padded to T_x, its keep mask, its energies e_1 with −∞ where the mask is
//! 0, and α_1, exactly 0 there. Every number is the demo's.

use super::Lang;
use super::text::{escape, tspans, width};
use crate::variants::masking::BatchRow;
use crate::walkthrough::fmt_num;

const CELL_H: f64 = 24.0;
const FONT: f64 = 12.0;
const PAD_FILL: &str = "#e6e6e6";
const RED: &str = "#c0392b";

fn text(x: f64, y: f64, s: &str, anchor: &str, extra: &str) -> String {
    format!("<text x=\"{x:.0}\" y=\"{y:.0}\" text-anchor=\"{anchor}\"{extra}>{}</text>\n", tspans(s, FONT))
}

/// Where the cells start (right of the row labels) and how wide each is:
/// as wide as the longest word needs, so that the figure shrinks as little
/// as it can on a phone.
#[derive(Clone, Copy)]
struct Columns {
    left: f64,
    cell_w: f64,
}

/// One line of cells: its label at the left, one cell per position.
fn line(y: f64, label: &str, cells: &[(String, bool)], keep: &[bool], c: Columns) -> String {
    let mut s = text(c.left - 8.0, y + 16.0, label, "end", "");
    for (i, ((value, red), &kept)) in cells.iter().zip(keep).enumerate() {
        let x = c.left + c.cell_w * i as f64;
        let fill = if kept { "white" } else { PAD_FILL };
        s += &format!(
            "<rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{}\" height=\"{CELL_H}\" fill=\"{fill}\" stroke=\"#999\"/>\n",
            c.cell_w
        );
        let colour = if *red { format!(" fill=\"{RED}\"") } else { String::new() };
        s += &text(x + c.cell_w / 2.0, y + 16.0, value, "middle", &colour);
    }
    s
}

/// The figure for the demo's rows (fill −∞, the first of `FILLS`), its
/// words in `lang`.
pub fn padded_batch_svg(rows: &[BatchRow], lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let t_x = rows.first().map_or(0, |r| r.tokens.len());
    let labels = [
        lang.pick("x (padded)", "x（填充后）"),
        lang.pick("mask", "掩码"),
        lang.pick("e_1, masked", "e_1，掩码后"),
        "α_1",
    ];
    let longest = |words: &mut dyn Iterator<Item = &str>| words.map(|w| width(w, FONT)).fold(0.0, f64::max);
    let cell_w = (longest(&mut rows.iter().flat_map(|r| r.tokens.iter().map(String::as_str))) + 14.0).max(48.0).round();
    let c = Columns { left: (longest(&mut labels.iter().copied()) + 20.0).round(), cell_w };
    let block = 18.0 + 4.0 * CELL_H + 22.0;
    let (w, h) = (c.left + c.cell_w * t_x as f64 + 16.0, 40.0 + block * rows.len() as f64 + 55.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" \
         font-family=\"sans-serif\" font-size=\"{FONT}\">\n<title>{}</title>\n<rect width=\"{w:.0}\" height=\"{h:.0}\" \
         fill=\"white\"/>\n",
        escape(&if zh {
            format!("一批 {} 个句子填充到 T_x = {t_x}，及其掩码、e_1 和 α_1", rows.len())
        } else {
            format!("A batch of {} sentences padded to T_x = {t_x}, its mask, e_1 and α_1", rows.len())
        })
    );
    for i in 0..t_x {
        s += &text(c.left + c.cell_w * (i as f64 + 0.5), 28.0, &format!("i = {}", i + 1), "middle", " fill=\"#555\"");
    }
    for (b, r) in rows.iter().enumerate() {
        let top = 40.0 + block * b as f64;
        let pads = r.keep.iter().filter(|k| !**k).count();
        let head = if zh {
            format!("句子 {}：长度 {}（共 {t_x} 位），填充 {pads} 位", b + 1, t_x - pads)
        } else {
            format!("sentence {}: length {} of {t_x}, {pads} padded", b + 1, t_x - pads)
        };
        s += &text(c.left, top + 12.0, &head, "start", " font-weight=\"bold\"");
        let alpha = &r.masked[0];
        let words: Vec<(String, bool)> = r.tokens.iter().map(|t| (t.clone(), false)).collect();
        let mask: Vec<(String, bool)> = r.keep.iter().map(|&k| (if k { "1" } else { "0" }.into(), !k)).collect();
        let e = |i: usize| if r.keep[i] { (fmt_num(r.e[i], 2), false) } else { ("−∞".into(), true) };
        let a = |i: usize| (fmt_num(alpha[i], 2), !r.keep[i]);
        let y = top + 18.0;
        s += &line(y, labels[0], &words, &r.keep, c);
        s += &line(y + CELL_H, labels[1], &mask, &r.keep, c);
        s += &line(y + 2.0 * CELL_H, labels[2], &(0..t_x).map(e).collect::<Vec<_>>(), &r.keep, c);
        s += &line(y + 3.0 * CELL_H, labels[3], &(0..t_x).map(a).collect::<Vec<_>>(), &r.keep, c);
    }
    let gap = rows.iter().flat_map(|r| r.alone_gap.first()).fold(0.0, |m: f64, g| m.max(*g));
    // What the padding would take unmasked: the largest share over the rows.
    let unmasked = |r: &BatchRow| (0..t_x).filter(|&i| !r.keep[i]).map(|i| r.unmasked[i]).sum::<f64>();
    let lost = rows.iter().map(unmasked).fold(0.0, f64::max);
    let foot = if zh {
        [
            "exp(−∞) = 0：填充位置得到 α = 0，每个句子真实位置的 α".to_string(),
            format!("与它单独计算时相同（最大差异 {}）。", fmt_num(gap, 1)),
            format!("如果没有掩码，填充位置会分走 α = {} 的权重。", fmt_num(lost, 2)),
        ]
    } else {
        [
            "exp(−∞) = 0: padding gets α = 0, and each sentence's real α are".to_string(),
            format!("those it gets alone (largest difference {}).", fmt_num(gap, 1)),
            format!("Without the mask the padding would take α = {} of the weight.", fmt_num(lost, 2)),
        ]
    };
    for (k, l) in foot.iter().enumerate() {
        s += &format!(
            "<text x=\"8\" y=\"{:.0}\" font-size=\"11\" fill=\"#555\">{}</text>\n",
            h - 41.0 + 15.0 * k as f64,
            tspans(l, 11.0)
        );
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Vector;

    #[test]
    fn padding_is_grey_its_energy_minus_infinity_and_its_weight_zero() {
        let row = BatchRow {
            tokens: vec!["the".into(), "Bank".into(), "<pad>".into()],
            keep: vec![true, true, false],
            e: Vector::from_vec(vec![1.0, 2.0, 3.0]),
            unmasked: Vector::from_vec(vec![0.1, 0.2, 0.7]),
            masked: vec![Vector::from_vec(vec![0.25, 0.75, 0.0])],
            alone_gap: vec![0.0],
        };
        let svg = padded_batch_svg(std::slice::from_ref(&row), Lang::En);
        assert_eq!(svg.matches(&format!("fill=\"{PAD_FILL}\"")).count(), 4, "one grey cell per line");
        assert!(svg.contains(">−∞<") && !svg.contains(">3.00<"), "the padded energy is shown as −∞");
        assert!(svg.contains(">0.75<") && svg.contains(">0.00<"));
        assert!(svg.contains("&lt;pad&gt;") && svg.contains("length 2 of 3, 1 padded"));
        let zh = padded_batch_svg(&[row], Lang::Zh);
        assert!(zh.contains(">−∞<") && zh.contains(">0.75<") && zh.contains("长度 2（共 3 位），填充 1 位"));
    }
}
