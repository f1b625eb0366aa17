//! The five classic bugs by name, and what running one gives: the right
//! tensor, the wrong one, and the numbers that show the difference.

use crate::model::{Mat, Vector};
use crate::walkthrough::Tensor;

use super::super::labelled;

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

    pub fn parse(word: &str) -> Result<Bug, String> {
        Bug::ALL.into_iter().find(|b| b.name() == word).ok_or_else(|| {
            let names: Vec<_> = Bug::ALL.iter().map(|b| b.name()).collect();
            crate::text::variants::BUG_UNKNOWN.fill(&[("word", &word), ("names", &names.join(", "))])
        })
    }
}

/// A bug run for real: the right tensor, the wrong one, and what to notice.
#[derive(Clone, Debug, PartialEq)]
pub struct BugReport {
    pub bug: Bug,
    pub right: Tensor,
    pub wrong: Tensor,
    /// Both with a last column of row sums Σ_i and a last row of column
    /// sums Σ_t, for the bugs whose sums tell (softmax_axis).
    pub sums: Option<(Tensor, Tensor)>,
    pub detail: BugDetail,
}

/// When the walkthrough's sizes refuse the broadcast bug: its n', T_x and
/// the shape error a library would raise.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeRefusal {
    pub n_a: usize,
    pub t_x: usize,
    pub error: String,
}

/// What each bug shows besides the right and the wrong tensor.
#[derive(Clone, Debug, PartialEq)]
pub enum BugDetail {
    StateT {
        /// p of the correct word at each t, the right decoder then the buggy one, (T_y) each.
        p_correct: [Vector; 2],
        /// max |buggy row t − right row t+1| over t = 1 … T_y − 1 (None when T_y = 1).
        shift: Option<f64>,
        /// The greedy translations, the right decoder then the buggy one.
        greedy: [Vec<String>; 2],
    },
    Broadcast {
        /// Set when the walkthrough's n' ≠ T_x; the bug then runs with n' = T_x.
        refused: Option<ShapeRefusal>,
        /// α_1, right then wrong, (T_x) each.
        alpha: [Vector; 2],
    },
    NoSum {
        /// max |Σ_i of the wrong matrix − c_1|: summing gives c_1 back.
        sum_gap: f64,
        /// The shape of v_a ∘ tanh(…) without its sum over n', and the T_x it should have been.
        e_shape: (usize, usize),
        t_x: usize,
    },
    SoftmaxAxis {
        /// The energies E, row t = e_t.
        energies: Tensor,
    },
    Fp16Mask {
        /// The padded sentence (before padding).
        words: Vec<String>,
        /// e_1, the mask in fp32 and the mask in fp16, over the padded positions, (T_x) each.
        inputs: [Vector; 3],
        /// −1e9 as half precision stores it.
        stored: f64,
    },
}

impl BugReport {
    pub(super) fn new(bug: Bug, right: Tensor, wrong: Tensor, detail: BugDetail) -> BugReport {
        BugReport { bug, right, wrong, sums: None, detail }
    }
}

/// `t` with a last column of row sums Σ_i and a last row of column sums Σ_t.
pub(super) fn with_sums(t: &Tensor) -> Tensor {
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
