//! The beam search as a tree (SVG): one column per target position, one node
//! per continuation a table lists, joined to the hypothesis it extends.
//! Kept: dark; finished with <eos>: a double ring; pruned: grey. Each label
//! sits above and right of its node; the lines to a node's children run
//! along its row, under its label, to the right end of the longest label of
//! its column and only then to the children, so no line crosses a label.

use super::beam::SHOWN;
use super::diagram::text::width;
use crate::decode::beam::BeamStep;

const COL: f64 = 140.0;
const FONT: f64 = 11.0;
const ROW: f64 = 22.0;
const LEFT: f64 = 20.0;
const TOP: f64 = 40.0;

struct Node {
    x: f64,
    y: f64,
    /// The parent's node, and the x its lines leave from.
    parent: (f64, f64),
    parent_out: f64,
    label: String,
    fate: Fate,
}

/// Where a label drawn right of a node at `x` ends.
fn label_end(x: f64, label: &str) -> f64 {
    x + 8.0 + width(label, FONT)
}

#[derive(PartialEq)]
enum Fate {
    Kept,
    Finished,
    Pruned,
}

/// Every listed continuation of every position, placed column by column.
fn layout(steps: &[BeamStep], eos: usize, token: &dyn Fn(usize) -> String) -> Vec<Node> {
    let root = (LEFT + 30.0, TOP);
    let mut parents = vec![root]; // where live hypothesis h of the current position is drawn
    let mut out_x = root.0 + 4.0; // where the column's lines leave their row; <bos> is labelled above
    let mut nodes: Vec<Node> = Vec::new();
    for (col, step) in steps.iter().enumerate() {
        let x = LEFT + 30.0 + COL * (col + 1) as f64;
        let (mut row, mut next) = (0.0, vec![(0.0, 0.0); step.kept.iter().filter(|k| k.word != eos).count()]);
        for (h, cands) in step.top.iter().enumerate() {
            for (i, c) in cands.iter().enumerate() {
                let kept = step.kept.iter().position(|k| k.from == c.from && k.word == c.word);
                if i >= SHOWN && kept.is_none() {
                    continue;
                }
                let y = TOP + ROW * row;
                row += 1.0;
                let fate = match kept {
                    Some(_) if c.word == eos => Fate::Finished,
                    Some(_) => Fate::Kept,
                    None => Fate::Pruned,
                };
                if let Some(r) = kept.filter(|_| c.word != eos) {
                    let live_rank = step.kept[..r].iter().filter(|k| k.word != eos).count();
                    next[live_rank] = (x, y);
                }
                let label = format!("{} {:.2}", token(c.word), c.log_p);
                nodes.push(Node { x, y, parent: parents[h], parent_out: out_x, label, fate });
            }
        }
        parents = next;
        let column = nodes.iter().filter(|n| n.x == x);
        out_x = column.map(|n| label_end(n.x, &n.label)).fold(x, f64::max) + 4.0;
    }
    nodes
}

/// The tree of a whole search; `token` names a target word id.
pub fn tree_svg(steps: &[BeamStep], eos: usize, token: &dyn Fn(usize) -> String, title: &str) -> String {
    let nodes = layout(steps, eos, token);
    let rows = nodes.iter().map(|n| ((n.y - TOP) / ROW) as usize + 1).max().unwrap_or(1);
    let (w, h) = (LEFT + 30.0 + COL * (steps.len() as f64 + 1.0), TOP + ROW * rows as f64 + 20.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" \
         font-family=\"sans-serif\" font-size=\"{FONT}\">\n<title>{title}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for t in 0..=steps.len() {
        let x = LEFT + 30.0 + COL * t as f64;
        out += &format!("<text x=\"{x:.0}\" y=\"18\" fill=\"#555\">t={t}</text>\n");
    }
    out += &format!("<circle cx=\"{:.0}\" cy=\"{TOP:.0}\" r=\"4\" fill=\"#08306b\"/>\n", LEFT + 30.0);
    out += &format!("<text x=\"{:.0}\" y=\"{:.0}\">&lt;bos&gt;</text>\n", LEFT + 14.0, TOP - 10.0);
    for n in &nodes {
        let (stroke, fill, text) = match n.fate {
            Fate::Kept | Fate::Finished => ("#08306b", "#08306b", "#000"),
            Fate::Pruned => ("#bbb", "#ddd", "#999"),
        };
        // Along the parent's row past every label of its column, then to the node.
        out += &format!(
            "<polyline points=\"{:.0},{:.0} {:.0},{:.0} {:.0},{:.0}\" fill=\"none\" stroke=\"{stroke}\" \
             stroke-width=\"{}\"/>\n",
            n.parent.0 + 4.0,
            n.parent.1,
            n.parent_out,
            n.parent.1,
            n.x - 4.0,
            n.y,
            if n.fate == Fate::Pruned { 1 } else { 2 }
        );
        out += &format!("<circle cx=\"{:.0}\" cy=\"{:.0}\" r=\"4\" fill=\"{fill}\"/>\n", n.x, n.y);
        if n.fate == Fate::Finished {
            out +=
                &format!("<circle cx=\"{:.0}\" cy=\"{:.0}\" r=\"7\" fill=\"none\" stroke=\"{stroke}\"/>\n", n.x, n.y);
        }
        let label = n.label.replace('<', "&lt;").replace('>', "&gt;");
        out += &format!("<text x=\"{:.0}\" y=\"{:.0}\" fill=\"{text}\">{label}</text>\n", n.x + 8.0, n.y - 5.0);
    }
    out + "</svg>\n"
}
