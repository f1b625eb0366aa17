//! `bug NAME` as text: what the bug is, the right and the wrong tensor with
//! their shapes, what else it changes, and how to recognise it in real code.

use super::numbers::{sci, show_inf};
use crate::layout::{hang, width};
use crate::render::table::render_tensor;
use crate::text::Arg;
use crate::text::bugs as T;
use crate::variants::bugs::{Bug, BugDetail, BugReport};
use crate::variants::rows_tensor;
use crate::walkthrough::{Tensor, fmt_num};

/// One line on what the bug is.
pub fn title(bug: Bug) -> &'static str {
    match bug {
        Bug::StateT => T::TITLE_STATE_T,
        Bug::Broadcast => T::TITLE_BROADCAST,
        Bug::NoSum => T::TITLE_NO_SUM,
        Bug::SoftmaxAxis => T::TITLE_SOFTMAX_AXIS,
        Bug::Fp16Mask => T::TITLE_FP16_MASK,
    }
    .get()
}

/// One sentence on how the bug shows itself in real code.
pub fn recognise(bug: Bug) -> &'static str {
    match bug {
        Bug::StateT => T::RECOGNISE_STATE_T,
        Bug::Broadcast => T::RECOGNISE_BROADCAST,
        Bug::NoSum => T::RECOGNISE_NO_SUM,
        Bug::SoftmaxAxis => T::RECOGNISE_SOFTMAX_AXIS,
        Bug::Fp16Mask => T::RECOGNISE_FP16_MASK,
    }
    .get()
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
    let (right, wrong) = match bug {
        Bug::StateT => (T::RIGHT_STATE_T, T::WRONG_STATE_T),
        Bug::Broadcast => (T::RIGHT_BROADCAST, T::WRONG_BROADCAST),
        Bug::NoSum => (T::RIGHT_NO_SUM, T::WRONG_NO_SUM),
        Bug::SoftmaxAxis => (T::RIGHT_SOFTMAX_AXIS, T::WRONG_SOFTMAX_AXIS),
        Bug::Fp16Mask => (T::RIGHT_FP16_MASK, T::WRONG_FP16_MASK),
    };
    (right.get(), wrong.get())
}

/// Lines shown before the tables: why the walkthrough's own sizes cannot run the bug.
fn lead(d: &BugDetail) -> Vec<String> {
    match d {
        BugDetail::Broadcast { refused: Some(r), .. } => vec![
            T::BROADCAST_REFUSED.fill(&[("n_a", &r.n_a), ("t_x", &r.t_x), ("error", &r.error)]),
            T::BROADCAST_RUNS.fill(&[("t_x", &r.t_x)]),
        ],
        _ => Vec::new(),
    }
}

/// Labelled tables shown before the two: inputs, or what the bug does next.
fn extra(r: &BugReport) -> Vec<(String, Tensor)> {
    let row = |l: crate::text::Text| l.get().to_string();
    match &r.detail {
        BugDetail::StateT { p_correct: [right, buggy], .. } => vec![(
            T::P_CORRECT.get().into(),
            rows_tensor(&[(row(T::ROW_RIGHT), right), (row(T::ROW_BUGGY), buggy)], &r.right.rows),
        )],
        BugDetail::Broadcast { alpha: [right, wrong], .. } => vec![(
            T::ATTENTION_THEN.get().into(),
            rows_tensor(&[(row(T::ALPHA_RIGHT), right), (row(T::ALPHA_WRONG), wrong)], &r.right.cols),
        )],
        BugDetail::SoftmaxAxis { energies } => vec![(T::ENERGIES.get().into(), energies.clone())],
        BugDetail::Fp16Mask { words, inputs: [e, mask32, mask16], .. } => vec![(
            T::PADDED_SENTENCE.fill(&[("words", &words.join(" "))]),
            rows_tensor(
                &[("e_1".to_string(), e), (row(T::MASK_FP32), mask32), (row(T::MASK_FP16), mask16)],
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
                let last = r.right.rows.len() - 1;
                out.push(T::NOT_A_SHIFT.fill(&[("last", &last), ("gap", &fmt_num(*shift, 4))]));
            }
            out.push(T::GREEDY_RIGHT.fill(&[("words", &right.join(" "))]));
            out.push(T::GREEDY_BUGGY.fill(&[("words", &buggy.join(" "))]));
            out
        }
        BugDetail::NoSum { sum_gap, e_shape: (rows, cols), t_x } => vec![
            T::SUM_GIVES_BACK.fill(&[("gap", &sci(*sum_gap))]),
            T::SAME_SLIP_IN_E.fill(&[("rows", rows), ("cols", cols), ("t_x", t_x)]),
        ],
        BugDetail::Fp16Mask { stored, .. } => {
            vec![T::FP16_STORED.fill(&[("stored", &show_inf(*stored))]), T::FP16_RIGHT.get().into()]
        }
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
    let mut out = format!("{}\n", T::HEAD.fill(&[("name", &r.bug.name()), ("title", &title(r.bug))]));
    let (right_n, wrong_n) = (shape(shapes.0, &r.right), shape(shapes.1, &r.wrong));
    let args: [(&str, &dyn Arg); 4] =
        [("right", &shapes.0), ("right_n", &right_n), ("wrong", &shapes.1), ("wrong_n", &wrong_n)];
    out.push_str(&format!("{}\n", T::SHAPES.fill(&args)));
    for l in lead(&r.detail) {
        out.push_str(&format!("{l}\n"));
    }
    for (heading, t) in extra(r) {
        out.push_str(&format!("{heading}\n{}\n", render_tensor(&t)));
    }
    let (right, wrong) = r.sums.as_ref().map_or((&r.right, &r.wrong), |(a, b)| (a, b));
    out.push_str(&format!("{}\n{}\n", T::RIGHT.fill(&[("what", &labels.0)]), render_tensor(right)));
    out.push_str(&format!("{}\n{}\n", T::WRONG.fill(&[("what", &labels.1)]), render_tensor(wrong)));
    for n in notes(r) {
        out.push_str(&format!("{n}\n"));
    }
    out.push_str(&format!("{}\n", T::HOW_TO_RECOGNISE.fill(&[("how", &recognise(r.bug))])));
    out
}

/// `bug` alone: every name with its title.
pub fn render_bug_list() -> String {
    let mut out = format!("{}\n", T::LIST_HEAD.get());
    for b in Bug::ALL {
        for line in hang(&format!("  {:13} ", b.name()), title(b), width()) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push_str(&format!("{}\n", T::LIST_EXAMPLE.get()));
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
