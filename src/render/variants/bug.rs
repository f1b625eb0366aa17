//! `bug NAME` as text: what the bug is, the right and the wrong tensor with
//! their shapes, what else it changes, and how to recognise it in real code.

use super::numbers::{sci, show_inf};
use crate::layout::{hang, width};
use crate::render::table::render_tensor;
use crate::variants::bugs::{Bug, BugDetail, BugReport};
use crate::variants::rows_tensor;
use crate::walkthrough::{Tensor, fmt_num};

/// One line on what the bug is.
pub fn title(bug: Bug) -> &'static str {
    match bug {
        Bug::StateT => "s_t where s_{t-1} belongs: the query one step late",
        Bug::Broadcast => "W_a s_{t-1} added along the wrong axis of U_a H",
        Bug::NoSum => "c_t without its sum over i: H α_t written as H ∘ α_t",
        Bug::SoftmaxAxis => "softmax over the target axis of the energies instead of the source axis",
        Bug::Fp16Mask => "an additive (1 − keep)·(−1e9) mask computed in half precision",
    }
}

/// One sentence on how the bug shows itself in real code.
pub fn recognise(bug: Bug) -> &'static str {
    match bug {
        Bug::StateT => {
            "The alignment looks shifted up one row (each target word seems aligned with the source of the \
             next one) while every shape checks out, and the trained weights suddenly translate badly."
        }
        Bug::Broadcast => {
            "It runs only when n' happens to equal T_x, so it crashes on some sentences and gives odd weights \
             on others: test with sizes that all differ."
        }
        Bug::NoSum => {
            "A shape error one layer later (the decoder wants 2n numbers and gets 2n × T_x), or, where a \
             library broadcasts, outputs that grow with the sentence length."
        }
        Bug::SoftmaxAxis => {
            "The rows of A do not sum to 1 but its columns do, and a row's weights change when another target \
             word is added."
        }
        Bug::Fp16Mask => {
            "The loss turns NaN as soon as half precision is switched on, on every batch with padding, while \
             fp32 trains fine."
        }
    }
}

/// The symbolic shapes, right then wrong, e.g. ("2n", "2n × T_x").
fn shapes(bug: Bug) -> (&'static str, &'static str) {
    match bug {
        Bug::StateT | Bug::SoftmaxAxis => ("T_y × T_x", "T_y × T_x"),
        Bug::Broadcast => ("n' × T_x", "n' × T_x"),
        Bug::NoSum => ("2n", "2n × T_x"),
        Bug::Fp16Mask => ("T_x", "T_x"),
    }
}

/// What the right and the wrong tensor are.
fn labels(bug: Bug) -> (&'static str, &'static str) {
    match bug {
        Bug::StateT => (
            "A, α_t queried with s_{t-1}",
            "A of the buggy decoder: s_t = GRU(y_{t-1}, s_{t-1}, c_{t-1}) first, then α_t queried with s_t",
        ),
        Bug::Broadcast => (
            "tanh(W_a s_0 + U_a h_i), the query added to every column",
            "the query added to every row: entry k of W_a s_0 shifts source word k",
        ),
        Bug::NoSum => ("c_1 = H α_1 = Σ_i α_{1,i} h_i", "H ∘ α_1, column i is α_{1,i} h_i"),
        Bug::SoftmaxAxis => ("A, softmax over i in every row", "softmax over t in every column"),
        Bug::Fp16Mask => ("masked energies replaced by −65504", "softmax(e_1 + mask in fp16)"),
    }
}

/// Lines shown before the tables: why the walkthrough's own sizes cannot run the bug.
fn lead(d: &BugDetail) -> Vec<String> {
    match d {
        BugDetail::Broadcast { refused: Some(r), .. } => vec![
            format!("Here n' = {} and T_x = {}: {}, so a library stops with a shape error.", r.n_a, r.t_x, r.error),
            format!(
                "With n' = T_x = {} (same sentences, weights drawn from the seed), broadcasting runs silently:",
                r.t_x
            ),
        ],
        _ => Vec::new(),
    }
}

/// Labelled tables shown before the two: inputs, or what the bug does next.
fn extra(r: &BugReport) -> Vec<(String, Tensor)> {
    let row = |l: &str| l.to_string();
    match &r.detail {
        BugDetail::StateT { p_correct: [right, buggy], .. } => vec![(
            "p of the correct word at each t, both decoders on the same weights:".into(),
            rows_tensor(&[(row("right"), right), (row("buggy"), buggy)], &r.right.rows),
        )],
        BugDetail::Broadcast { alpha: [right, wrong], .. } => vec![(
            "what attention then does at t = 1:".into(),
            rows_tensor(&[(row("α_1 right"), right), (row("α_1 wrong"), wrong)], &r.right.cols),
        )],
        BugDetail::SoftmaxAxis { energies } => vec![("the energies E, row t = e_t:".into(), energies.clone())],
        BugDetail::Fp16Mask { words, inputs: [e, mask32, mask16], .. } => vec![(
            format!("the padded sentence \"{}\" at t = 1:", words.join(" ")),
            rows_tensor(
                &[(row("e_1"), e), (row("mask in fp32"), mask32), (row("mask in fp16"), mask16)],
                &r.right.cols,
            ),
        )],
        BugDetail::NoSum { .. } => Vec::new(),
    }
}

/// Lines shown after the tables.
fn notes(r: &BugReport) -> Vec<String> {
    match &r.detail {
        BugDetail::StateT { shift, greedy: [right, buggy], .. } => {
            let mut out = Vec::new();
            if let Some(shift) = shift {
                out.push(format!(
                    "Not just a shift: max |buggy row t − right row t+1| over t = 1 … {} is {}, because every state \
                     of the buggy decoder differs too.",
                    r.right.rows.len() - 1,
                    fmt_num(*shift, 4)
                ));
            }
            out.push(format!("greedy translation, right decoder: {}", right.join(" ")));
            out.push(format!("greedy translation, buggy decoder: {}", buggy.join(" ")));
            out
        }
        BugDetail::NoSum { sum_gap, e_shape: (rows, cols), t_x } => vec![
            format!("summing the wrong matrix over i gives c_1 back: max |difference| = {}", sci(*sum_gap)),
            format!(
                "the same slip in e_1 (v_a ∘ tanh(…) without the sum over n') gives {rows} × {cols} numbers instead \
                 of T_x = {t_x}"
            ),
        ],
        BugDetail::Fp16Mask { stored, .. } => vec![
            format!(
                "−1e9 is beyond half precision's ±65504, so it is stored as {}; then 0 · (−∞) = NaN on every kept \
                 position, and the whole row is NaN.",
                show_inf(*stored)
            ),
            "The right row replaces masked energies with −65504 (or −∞) instead of adding a product.".into(),
        ],
        BugDetail::Broadcast { .. } | BugDetail::SoftmaxAxis { .. } => Vec::new(),
    }
}

/// The report as text: title, shapes, tables and how to recognise the bug.
pub fn render_bug(r: &BugReport) -> String {
    let shape = |symbol: &str, t: &Tensor| {
        let (r, c) = t.values.shape();
        if symbol.contains('×') { format!("{r} × {c}") } else { (r * c).to_string() }
    };
    let (shapes, labels) = (shapes(r.bug), labels(r.bug));
    let mut out = format!("bug {}: {}\n", r.bug.name(), title(r.bug));
    out.push_str(&format!(
        "  right: {} = {}    wrong: {} = {}\n",
        shapes.0,
        shape(shapes.0, &r.right),
        shapes.1,
        shape(shapes.1, &r.wrong)
    ));
    for l in lead(&r.detail) {
        out.push_str(&format!("{l}\n"));
    }
    for (heading, t) in extra(r) {
        out.push_str(&format!("{heading}\n{}\n", render_tensor(&t)));
    }
    let (right, wrong) = r.sums.as_ref().map_or((&r.right, &r.wrong), |(a, b)| (a, b));
    out.push_str(&format!("right, {}:\n{}\n", labels.0, render_tensor(right)));
    out.push_str(&format!("wrong, {}:\n{}\n", labels.1, render_tensor(wrong)));
    for n in notes(r) {
        out.push_str(&format!("{n}\n"));
    }
    out.push_str(&format!("How to recognise it: {}\n", recognise(r.bug)));
    out
}

/// `bug` alone: every name with its title.
pub fn render_bug_list() -> String {
    let mut out = String::from("bug NAME runs the walkthrough with one classic mistake. The names:\n");
    for b in Bug::ALL {
        for line in hang(&format!("  {:13} ", b.name()), title(b), width()) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push_str("For example: bug softmax_axis\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::bugs::run_bug;
    use crate::walkthrough::{Scenario, Walkthrough};

    #[test]
    fn every_bug_says_how_to_recognise_it_and_the_late_query_translates() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        for bug in Bug::ALL {
            let text = render_bug(&run_bug(&w, bug).unwrap());
            assert!(text.contains(recognise(bug)) && text.starts_with(&format!("bug {}: ", bug.name())), "{text}");
        }
        assert!(render_bug(&run_bug(&w, Bug::StateT).unwrap()).contains("greedy translation, buggy decoder:"));
        assert!(render_bug(&run_bug(&w, Bug::SoftmaxAxis).unwrap()).contains("Σ_i"));
        assert!(render_bug_list().contains("fp16_mask"));
    }
}
