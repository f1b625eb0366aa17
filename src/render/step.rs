//! One walkthrough step as the learner sees it: where it is, the formula, the
//! shape, the table and what it means.

use super::table::render_tensor;
use crate::model::Mat;
use crate::text::place as P;
use crate::walkthrough::{StepRef, Tensor, Walkthrough};

/// The most rows of p(y_t) shown: a toy vocabulary shows whole.
pub const TOP_WORDS: usize = 30;

/// The `keep` rows of a one-column tensor with the largest values, largest first.
fn likeliest(t: &Tensor, keep: usize) -> Tensor {
    let mut order: Vec<usize> = (0..t.values.nrows()).collect();
    order.sort_by(|&a, &b| t.values[(b, 0)].total_cmp(&t.values[(a, 0)]));
    order.truncate(keep);
    let values = Mat::from_iterator(order.len(), 1, order.iter().map(|&r| t.values[(r, 0)]));
    Tensor { values, rows: order.iter().map(|&r| t.rows[r].clone()).collect(), cols: t.cols.clone() }
}

/// The full text of one step: header, formula, shape, table, meaning.
pub fn render_step(w: &Walkthrough, step: StepRef) -> Option<String> {
    let full = w.tensor(step)?;
    let k_y = full.values.nrows();
    // A real shortlist has thousands of words: p(y_t) shows the likeliest.
    let tensor = if step.id == 13 && k_y > TOP_WORDS { likeliest(&full, TOP_WORDS) } else { full };
    let info = step.info();
    let order = w.order();
    let k = order.iter().position(|s| *s == step).map_or(0, |k| k + 1);
    let t_y = w.trace.steps.len();
    let place = match step.t {
        Some(t) => P::AT_T.fill(&[("t", &t), ("t_y", &t_y), ("word", &w.scenario.target[t - 1])]),
        None => String::new(),
    };
    let (rows, cols) = tensor.values.shape();
    let size = match info.shape.contains('×') {
        true => format!("{rows} × {cols}"),
        false if rows < k_y => P::LIKELIEST.fill(&[("k_y", &k_y), ("rows", &rows)]),
        false => (rows * cols).to_string(),
    };
    let head = P::STEP_HEAD.fill(&[("id", &format!("{:02}", info.id)), ("k", &k), ("n", &order.len())]);
    let mut out = format!(
        "{head}{place}{}{}\n{}{}\n{}{} = {size}\n",
        P::COLON.get(),
        info.symbol,
        P::FORMULA.get(),
        info.formula.get(),
        P::SHAPE.get(),
        info.shape,
    );
    out.push_str(&render_tensor(&tensor));
    out.push('\n');
    out.push_str(info.meaning.get());
    out.push('\n');
    if let Some(obs) = w.observation(step) {
        out.push_str(&obs);
        out.push('\n');
    }
    Some(crate::layout::fit(&out))
}
