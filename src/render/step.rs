//! One walkthrough step as the learner sees it: where it is, the formula, the
//! shape, the table and what it means.

use super::table::render_tensor;
use crate::walkthrough::{StepRef, Walkthrough};

/// The full text of one step: header, formula, shape, table, meaning.
pub fn render_step(w: &Walkthrough, step: StepRef) -> Option<String> {
    let tensor = w.tensor(step)?;
    let info = step.info();
    let order = w.order();
    let k = order.iter().position(|s| *s == step).map_or(0, |k| k + 1);
    let t_y = w.trace.steps.len();
    let place = match step.t {
        Some(t) => format!(" · t = {t} of {t_y} (writing \"{}\")", w.scenario.target[t - 1]),
        None => String::new(),
    };
    let (rows, cols) = tensor.values.shape();
    let size = if info.shape.contains('×') { format!("{rows} × {cols}") } else { (rows * cols).to_string() };
    let mut out = format!(
        "step {:02} ({k} of {}){place}: {}\n  formula: {}\n  shape:   {} = {size}\n",
        info.id,
        order.len(),
        info.symbol,
        info.formula,
        info.shape,
    );
    out.push_str(&render_tensor(&tensor));
    out.push('\n');
    out.push_str(info.meaning);
    out.push('\n');
    if let Some(obs) = w.observation(step) {
        out.push_str(&obs);
        out.push('\n');
    }
    Some(super::fit(&out))
}
