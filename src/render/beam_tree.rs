//! The beam search as a tree (SVG): one column per target position, one node
//! per continuation a table lists, joined to the hypothesis it extends.
//! Kept: dark; finished with <eos>: a double ring; pruned: grey. Each label
//! sits above and right of its node; the lines to a node's children run
//! along its row, under its label, to the right end of the longest label of
//! its column and only then to the children, so no line crosses a label.
//!
//! For a phone the same tree is drawn narrow ([`narrow_tree_svg`]), as an
//! outline: one node a row, each continuation under the hypothesis it
//! extends, indented by one step of t, its parent's line down the left.

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

/// The tree of a whole search as an outline, narrow enough for a phone:
/// each node on a row of its own, under its parent and indented by one
/// position of t, labelled on its right. A node's line runs down from its
/// parent at the parent's x, left of every label below it, then right to
/// the node; the pruned lines are drawn first, so the kept path is on top.
pub fn narrow_tree_svg(steps: &[BeamStep], eos: usize, token: &dyn Fn(usize) -> String, title: &str) -> String {
    const INDENT: f64 = 30.0;
    let nodes = layout(steps, eos, token);
    // Children of each node, in the order the wide tree lists them; the
    // wide tree's (x, y) name the nodes, the root is at `root`.
    let root = (LEFT + 30.0, TOP);
    let children = |at: (f64, f64)| -> Vec<usize> { (0..nodes.len()).filter(|&k| nodes[k].parent == at).collect() };
    // Depth-first: (node index or None for the root, depth).
    let mut order: Vec<(Option<usize>, usize)> = Vec::new();
    let mut stack: Vec<(Option<usize>, usize)> = vec![(None, 0)];
    while let Some((n, depth)) = stack.pop() {
        order.push((n, depth));
        let at = n.map_or(root, |k| (nodes[k].x, nodes[k].y));
        let kids = if n.is_some_and(|k| nodes[k].fate != Fate::Kept) { vec![] } else { children(at) };
        stack.extend(kids.into_iter().rev().map(|k| (Some(k), depth + 1)));
    }
    let x_of = |depth: usize| LEFT + 10.0 + INDENT * depth as f64;
    let y_of = |row: usize| TOP + ROW * row as f64;
    let row_of = |n: Option<usize>| order.iter().position(|o| o.0 == n).expect("every node is in the outline");
    let w = order.iter().map(|&(n, d)| label_end(x_of(d), &n.map_or("<bos>".into(), |k| nodes[k].label.clone())));
    let (w, h) = ((w.fold(0.0, f64::max) + 16.0).round(), y_of(order.len() - 1) + 20.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" \
         font-family=\"sans-serif\" font-size=\"{FONT}\">\n<title>{title}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for t in 0..=steps.len() {
        out += &format!("<text x=\"{:.0}\" y=\"18\" fill=\"#555\" text-anchor=\"middle\">t={t}</text>\n", x_of(t));
    }
    // Lines: every pruned one, then every kept one.
    for pruned in [true, false] {
        for (row, &(n, depth)) in order.iter().enumerate() {
            let Some(k) = n else { continue };
            if (nodes[k].fate == Fate::Pruned) != pruned {
                continue;
            }
            let parent = nodes.iter().position(|p| (p.x, p.y) == nodes[k].parent);
            let (px, py) = (x_of(depth - 1), y_of(row_of(parent)));
            let (x, y) = (x_of(depth), y_of(row));
            let (stroke, width) = if pruned { ("#bbb", 1) } else { ("#08306b", 2) };
            out += &format!(
                "<polyline points=\"{px:.0},{:.0} {px:.0},{y:.0} {:.0},{y:.0}\" fill=\"none\" stroke=\"{stroke}\" \
                 stroke-width=\"{width}\"/>\n",
                py + 4.0,
                x - 4.0
            );
        }
    }
    for (row, &(n, depth)) in order.iter().enumerate() {
        let (x, y) = (x_of(depth), y_of(row));
        let (label, fate) = match n {
            Some(k) => (nodes[k].label.as_str(), &nodes[k].fate),
            None => ("<bos>", &Fate::Kept),
        };
        out += &node_svg(x, y, label, fate);
    }
    out + "</svg>\n"
}

/// A node's dot (a ring around it when finished) and its label on its right.
fn node_svg(x: f64, y: f64, label: &str, fate: &Fate) -> String {
    let (stroke, fill, text) = match fate {
        Fate::Kept | Fate::Finished => ("#08306b", "#08306b", "#000"),
        Fate::Pruned => ("#bbb", "#ddd", "#999"),
    };
    let mut out = format!("<circle cx=\"{x:.0}\" cy=\"{y:.0}\" r=\"4\" fill=\"{fill}\"/>\n");
    if *fate == Fate::Finished {
        out += &format!("<circle cx=\"{x:.0}\" cy=\"{y:.0}\" r=\"7\" fill=\"none\" stroke=\"{stroke}\"/>\n");
    }
    let label = label.replace('<', "&lt;").replace('>', "&gt;");
    out + &format!("<text x=\"{:.0}\" y=\"{:.0}\" fill=\"{text}\">{label}</text>\n", x + 10.0, y + 4.0)
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
