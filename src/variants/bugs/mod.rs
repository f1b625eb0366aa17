//! Classic attention bugs, each computed for real as a deliberately wrong
//! variant of one step and shown next to the right numbers and shapes.

mod cases;
pub mod late_query;

use super::labelled;
use crate::model::Mat;
use crate::render::render_tensor;
use crate::walkthrough::{Tensor, Walkthrough};
pub use cases::wrong_broadcast;
use cases::{broadcast, fp16_mask, no_sum, softmax_axis, state_t};

/// The mistakes `bug NAME` can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    StateT,
    Broadcast,
    NoSum,
    SoftmaxAxis,
    Fp16Mask,
}

impl Bug {
    pub const ALL: [Bug; 5] = [Bug::StateT, Bug::Broadcast, Bug::NoSum, Bug::SoftmaxAxis, Bug::Fp16Mask];

    pub fn name(self) -> &'static str {
        match self {
            Bug::StateT => "s_t",
            Bug::Broadcast => "broadcast",
            Bug::NoSum => "no_sum",
            Bug::SoftmaxAxis => "softmax_axis",
            Bug::Fp16Mask => "fp16_mask",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Bug::StateT => "s_t where s_{t-1} belongs: the query one step late",
            Bug::Broadcast => "W_a s_{t-1} added along the wrong axis of U_a H",
            Bug::NoSum => "c_t without its sum over i: H α_t written as H ∘ α_t",
            Bug::SoftmaxAxis => "softmax over the target axis of the energies instead of the source axis",
            Bug::Fp16Mask => "an additive (1 − keep)·(−1e9) mask computed in half precision",
        }
    }

    /// One sentence on how the bug shows itself in real code.
    pub fn recognise(self) -> &'static str {
        match self {
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

    pub fn parse(word: &str) -> Result<Bug, String> {
        Bug::ALL.into_iter().find(|b| b.name() == word).ok_or_else(|| {
            let names: Vec<_> = Bug::ALL.iter().map(|b| b.name()).collect();
            format!("unknown bug \"{word}\": type bug followed by one of {}", names.join(", "))
        })
    }
}

/// A bug run for real: the right tensor, the wrong one, and what to notice.
#[derive(Clone, Debug, PartialEq)]
pub struct BugReport {
    pub bug: Bug,
    pub right: Tensor,
    pub wrong: Tensor,
    /// The symbolic shapes, right then wrong, e.g. ("2n", "2n × T_x").
    pub shapes: (&'static str, &'static str),
    /// What the right and the wrong tensor are.
    pub labels: (String, String),
    /// Whether the tables get a row and a column of sums.
    pub sums: bool,
    /// Lines shown before the tables.
    pub lead: Vec<String>,
    /// Extra labelled tables shown before the two (inputs, consequences).
    pub extra: Vec<(String, Tensor)>,
    pub notes: Vec<String>,
}

/// Runs `bug` on the walkthrough.
pub fn run_bug(w: &Walkthrough, bug: Bug) -> Result<BugReport, String> {
    if w.trace.steps.is_empty() {
        return Err("the target is empty, so there is no decoder step: give a target first, e.g. target la zone".into());
    }
    match bug {
        Bug::StateT => Ok(state_t(w)),
        Bug::Broadcast => broadcast(w),
        Bug::NoSum => Ok(no_sum(w)),
        Bug::SoftmaxAxis => Ok(softmax_axis(w)),
        Bug::Fp16Mask => fp16_mask(w),
    }
}

pub(super) fn report(bug: Bug, right: Tensor, wrong: Tensor, shapes: (&'static str, &'static str)) -> BugReport {
    let labels = (String::new(), String::new());
    BugReport { bug, right, wrong, shapes, labels, sums: false, lead: Vec::new(), extra: Vec::new(), notes: Vec::new() }
}

/// `t` with a last column of row sums Σ_i and a last row of column sums Σ_t.
fn with_sums(t: &Tensor) -> Tensor {
    let a = &t.values;
    let (r, c) = a.shape();
    let m = Mat::from_fn(r + 1, c + 1, |k, i| match (k < r, i < c) {
        (true, true) => a[(k, i)],
        (true, false) => a.row(k).sum(),
        (false, true) => a.column(i).sum(),
        (false, false) => a.sum(),
    });
    let rows: Vec<String> = t.rows.iter().cloned().chain(["Σ_t".to_string()]).collect();
    let cols: Vec<String> = t.cols.iter().cloned().chain(["Σ_i".to_string()]).collect();
    labelled(&m, &rows, &cols)
}

/// The report as text: title, shapes, tables and how to recognise the bug.
pub fn render_bug(r: &BugReport) -> String {
    let shape = |symbol: &str, t: &Tensor| {
        let (r, c) = t.values.shape();
        if symbol.contains('×') { format!("{r} × {c}") } else { (r * c).to_string() }
    };
    let mut out = format!("bug {}: {}\n", r.bug.name(), r.bug.title());
    out.push_str(&format!(
        "  right: {} = {}    wrong: {} = {}\n",
        r.shapes.0,
        shape(r.shapes.0, &r.right),
        r.shapes.1,
        shape(r.shapes.1, &r.wrong)
    ));
    for l in &r.lead {
        out.push_str(&format!("{l}\n"));
    }
    for (heading, t) in &r.extra {
        out.push_str(&format!("{heading}\n{}\n", render_tensor(t)));
    }
    let table = |t: &Tensor| render_tensor(&if r.sums { with_sums(t) } else { t.clone() });
    out.push_str(&format!("right, {}:\n{}\n", r.labels.0, table(&r.right)));
    out.push_str(&format!("wrong, {}:\n{}\n", r.labels.1, table(&r.wrong)));
    for n in &r.notes {
        out.push_str(&format!("{n}\n"));
    }
    out.push_str(&format!("How to recognise it: {}\n", r.bug.recognise()));
    out
}

/// `bug` alone: every name with its title.
pub fn render_bug_list() -> String {
    let mut out = String::from("bug NAME runs the walkthrough with one classic mistake. The names:\n");
    for b in Bug::ALL {
        for line in crate::layout::hang(&format!("  {:13} ", b.name()), b.title(), crate::layout::width()) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push_str("For example: bug softmax_axis\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Vector;
    use crate::variants::max_gap;
    use crate::walkthrough::Scenario;

    fn differs(a: &Mat, b: &Mat) -> bool {
        a.shape() != b.shape() || a.iter().zip(b.iter()).any(|(x, y)| x.is_nan() != y.is_nan() || (x - y).abs() > 1e-6)
    }

    #[test]
    fn every_bug_differs_from_the_right_numbers_and_has_its_claimed_shape() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let (t_x, t_y, n, n_a) = (5, 5, 8, 5); // the broadcast bug runs with n' = T_x
        for bug in Bug::ALL {
            let r = run_bug(&w, bug).unwrap();
            assert!(differs(&r.right.values, &r.wrong.values), "{bug:?}");
            let expect = match bug {
                Bug::StateT => ((t_y, t_x), (t_y, t_x)),
                Bug::Broadcast => ((n_a, t_x), (n_a, t_x)),
                Bug::NoSum => ((2 * n, 1), (2 * n, t_x)),
                Bug::SoftmaxAxis => ((t_y, t_x), (t_y, t_x)),
                Bug::Fp16Mask => ((1, t_x), (1, t_x)),
            };
            assert_eq!((r.right.values.shape(), r.wrong.values.shape()), expect, "{bug:?}");
            assert!(render_bug(&r).contains(bug.recognise()));
        }
    }

    #[test]
    fn the_late_query_runs_the_whole_decoder_not_a_shifted_copy() {
        use super::late_query::late_step;
        use crate::model::Vector;
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::StateT).unwrap();
        let (a, b) = (&r.right.values, &r.wrong.values);
        // Row 1 by hand: s_1 from s_0 with c_0 = 0, then attention asked with s_1.
        let tr = &w.trace;
        let first = late_step(&w.params, &tr.enc, &tr.enc.s_0, &Vector::zeros(16), tr.bos_id);
        assert!((b.row(0).transpose() - &first.alpha).amax() < 1e-15);
        assert!((b.row(0).sum() - 1.0).abs() < 1e-12);
        // The buggy decoder's own states make it more than the right rows shifted up.
        assert!(max_gap(&b.rows(0, 4).into_owned(), &a.rows(1, 4).into_owned()) > 1e-3);
        assert!(render_bug(&r).contains("greedy translation, buggy decoder:"));
    }

    #[test]
    fn wrong_axis_softmax_sums_columns_to_one_not_rows() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::SoftmaxAxis).unwrap();
        let (right, wrong) = (&r.right.values, &r.wrong.values);
        for k in 0..5 {
            assert!((right.row(k).sum() - 1.0).abs() < 1e-12 && (wrong.column(k).sum() - 1.0).abs() < 1e-12);
        }
        assert!((0..5).any(|t| (wrong.row(t).sum() - 1.0).abs() > 1e-3));
        assert!(render_bug(&r).contains("Σ_i"));
    }

    #[test]
    fn fp16_mask_overflow_is_nan_in_the_naive_path() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::Fp16Mask).unwrap();
        assert!(r.wrong.values.iter().all(|v| v.is_nan()));
        assert!((r.right.values.sum() - 1.0).abs() < 1e-12 && r.right.values[(0, 4)] == 0.0);
    }

    #[test]
    fn the_wrong_broadcast_agrees_only_where_k_equals_i() {
        let (q, k) = (Vector::from_vec(vec![1.0, 2.0]), Mat::from_row_slice(2, 2, &[0.0, 10.0, 20.0, 30.0]));
        let wrong = wrong_broadcast(&q, &k).unwrap();
        assert_eq!(wrong, Mat::from_row_slice(2, 2, &[1.0, 12.0, 21.0, 32.0]));
    }

    #[test]
    fn broadcast_with_unequal_sizes_is_refused_and_names_are_parsed() {
        let err = wrong_broadcast(&Vector::zeros(8), &Mat::zeros(8, 5)).unwrap_err();
        assert!(err.contains("T_x = 5"), "{err}");
        for b in Bug::ALL {
            assert_eq!(Bug::parse(b.name()), Ok(b));
        }
        assert!(Bug::parse("typo").unwrap_err().contains("softmax_axis"));
    }
}
