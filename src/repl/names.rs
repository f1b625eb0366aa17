//! The names `show` and `shapes` know: every tensor of the trace (only once
//! its step has been reached) and every parameter by its DESIGN.md name.

use super::parse::nearest;
use super::session::Session;
use crate::model::{Mat, Vector};
use crate::walkthrough::{StepRef, Tensor};

/// A tensor of the trace: its name, the step that computes it, whether it
/// is new at every t, its symbol and its shape in symbols.
pub struct TraceName {
    pub name: &'static str,
    pub step: u8,
    pub per_target: bool,
    pub symbol: &'static str,
    pub shape: &'static str,
}

const fn tn(name: &'static str, step: u8, per_target: bool, symbol: &'static str, shape: &'static str) -> TraceName {
    TraceName { name, step, per_target, symbol, shape }
}

/// In walkthrough order; names as in the JSON export.
pub const TRACE_NAMES: [TraceName; 18] = [
    tn("X", 1, false, "X", "m × T_x"),
    tn("h_fwd", 2, false, "→h", "n × T_x"),
    tn("h_bwd", 3, false, "←h", "n × T_x"),
    tn("H", 4, false, "H", "2n × T_x"),
    tn("s_0", 5, false, "s_0", "n"),
    tn("s_prev", 6, true, "s_{t-1}", "n"),
    tn("Wa_s", 6, true, "W_a s_{t-1}", "n'"),
    tn("UaH", 7, false, "U_a H", "n' × T_x"),
    tn("pre", 8, true, "W_a s_{t-1} + U_a h_i", "n' × T_x"),
    tn("hidden", 8, true, "tanh(W_a s_{t-1} + U_a h_i)", "n' × T_x"),
    tn("e", 9, true, "e_t", "T_x"),
    tn("alpha", 10, true, "α_t", "T_x"),
    tn("c", 11, true, "c_t", "2n"),
    tn("s", 12, true, "s_t", "n"),
    tn("t_tilde", 13, true, "t̃_t", "2l"),
    tn("t_max", 13, true, "t_t = maxout(t̃_t)", "l"),
    tn("p", 13, true, "p(y_t)", "K_y"),
    tn("A", 14, false, "A", "T_y × T_x"),
];

/// Every name `show` accepts, trace tensors first.
pub fn all_names(s: &Session) -> Vec<&'static str> {
    TRACE_NAMES.iter().map(|n| n.name).chain(s.walk().params.named().map(|(n, _)| n)).collect()
}

fn trace_name(name: &str) -> Option<&'static TraceName> {
    let name = match name {
        "α" | "alpha_t" => "alpha",
        "e_t" => "e",
        "c_t" => "c",
        "s_t" => "s",
        "→h" => "h_fwd",
        "←h" => "h_bwd",
        "U_aH" | "Ua_H" => "UaH",
        other => other,
    };
    TRACE_NAMES.iter().find(|n| n.name == name)
}

/// The step at which `tn` at target position `t` first exists.
pub fn step_of(tn: &TraceName, t: usize) -> StepRef {
    StepRef { id: tn.step, t: tn.per_target.then_some(t) }
}

/// What `show` prints: a title line and the labelled tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub title: String,
    pub tensor: Tensor,
}

/// Looks up `name` (with `t` for a tensor that repeats per target word).
pub fn lookup(s: &Session, name: &str, t: Option<usize>) -> Result<Shown, String> {
    if let Some(p) = s.walk().params.get(name) {
        return Ok(parameter(s, name, p));
    }
    // `alpha_2` is α at t = 2.
    let split = name.rsplit_once('_').and_then(|(b, n)| Some((trace_name(b)?, n.parse::<usize>().ok()?)));
    let (tn, t) = match (trace_name(name), split) {
        (Some(tn), _) => (tn, t),
        (None, Some((tn, v))) if tn.per_target && t.is_none() => (tn, Some(v)),
        _ => return Err(unknown(s, name)),
    };
    let t_y = s.walk().trace.steps.len();
    if let Some(v) = t.filter(|v| !(1..=t_y).contains(v)) {
        return Err(crate::text::errors::T_OUT_OF_RANGE.fill(&[("t", &v), ("t_y", &t_y)]));
    }
    // Without t: the current t, else the last t reached.
    let t = t
        .or_else(|| s.current_t().filter(|&ct| s.reached(step_of(tn, ct))))
        .or_else(|| (1..=t_y).rev().find(|&v| s.reached(step_of(tn, v))))
        .unwrap_or(1);
    let step = step_of(tn, t);
    if !s.reached(step) {
        let k = s.index_of(step).map_or(0, |k| k + 1);
        let text = if tn.per_target { crate::text::errors::NOT_REACHED_AT } else { crate::text::errors::NOT_REACHED };
        let (id, goto) = (format!("{:02}", tn.step), step.key().trim_start_matches("step_").to_string());
        let args: [(&str, &dyn crate::text::Arg); 6] =
            [("name", &name), ("t", &t), ("id", &id), ("k", &k), ("n", &s.order().len()), ("goto", &goto)];
        return Err(text.fill(&args));
    }
    let tensor = trace_tensor(s, tn, step)
        .ok_or_else(|| crate::text::errors::NO_VALUE_AT.fill(&[("name", &name), ("key", &step.key())]))?;
    let named = if tn.per_target {
        crate::text::replies::AT_TARGET.fill(&[("name", &tn.name), ("t", &t)])
    } else {
        tn.name.to_string()
    };
    let head =
        if tn.symbol == tn.name { named } else { format!("{named}{}{}", crate::text::place::COLON.get(), tn.symbol) };
    Ok(Shown { title: title(&head, tn.shape, &tensor.values), tensor })
}

fn title(head: &str, shape: &str, m: &Mat) -> String {
    let size = if shape.contains('×') { format!("{} × {}", m.nrows(), m.ncols()) } else { m.len().to_string() };
    format!("{head}  ({shape} = {size})")
}

fn unknown(s: &Session, name: &str) -> String {
    // The paper's energy is e; the tanh layer it is computed from has its own name.
    let base = name.to_lowercase();
    if matches!(base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '_'), "energy" | "energies") {
        return crate::text::errors::ENERGY_TWO.fill(&[("name", &name)]);
    }
    let names = all_names(s);
    let hint = nearest(name, names.iter().copied())
        .map_or(String::new(), |n| crate::text::errors::DID_YOU_MEAN.fill(&[("name", &n)]));
    crate::text::errors::UNKNOWN_NAME.fill(&[("name", &name), ("hint", &hint)])
}

fn dims(k: usize) -> Vec<String> {
    crate::walkthrough::index_labels(k)
}

fn column(v: &Vector, label: String) -> Tensor {
    Tensor { values: Mat::from_column_slice(v.len(), 1, v.as_slice()), rows: dims(v.len()), cols: vec![label] }
}

fn trace_tensor(s: &Session, tn: &TraceName, step: StepRef) -> Option<Tensor> {
    let w = s.walk();
    let t = step.t.unwrap_or(0);
    let d = step.t.and_then(|t| w.trace.steps.get(t - 1));
    match tn.name {
        "s_prev" => Some(column(&d?.s_prev, format!("s_{}", t - 1))),
        "t_tilde" => Some(column(&d?.t_tilde, format!("t̃_{t}"))),
        "t_max" => Some(column(&d?.t_max, format!("t_{t}"))),
        "pre" => Some(Tensor { values: d?.pre.clone(), rows: dims(d?.pre.nrows()), cols: w.scenario.source.clone() }),
        _ => w.tensor(step),
    }
}

fn parameter(s: &Session, name: &str, p: &Mat) -> Shown {
    let w = s.walk();
    let cols = match name {
        "E_x" => w.source_vocab.tokens().to_vec(),
        "E_y" => w.target_vocab.tokens().to_vec(),
        _ => dims(p.ncols()),
    };
    let rows = if name == "W_o" { w.target_vocab.tokens().to_vec() } else { dims(p.nrows()) };
    let tensor = Tensor { values: p.clone(), rows, cols };
    let title = crate::text::replies::PARAMETER_TITLE.fill(&[("name", &name), ("r", &p.nrows()), ("c", &p.ncols())]);
    Shown { title, tensor }
}

/// One line of `shapes`: a tensor reached so far.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeRow {
    pub name: &'static str,
    pub symbol: &'static str,
    pub shape: &'static str,
    pub size: (usize, usize),
    /// The target positions reached, for tensors that repeat per t.
    pub ts: Option<(usize, usize)>,
}

/// Every trace tensor reached so far with its shape.
pub fn shapes(s: &Session) -> Vec<ShapeRow> {
    let t_y = s.walk().trace.steps.len();
    TRACE_NAMES
        .iter()
        .filter_map(|tn| {
            let reached: Vec<usize> = (1..=t_y).filter(|&t| s.reached(step_of(tn, t))).collect();
            let last = *reached.last()?;
            let tensor = trace_tensor(s, tn, step_of(tn, last))?;
            let ts = tn.per_target.then(|| (reached[0], last));
            Some(ShapeRow { name: tn.name, symbol: tn.symbol, shape: tn.shape, size: tensor.values.shape(), ts })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_names_need_their_step_and_parameters_do_not() {
        let mut s = Session::default_scenario().unwrap();
        assert!(lookup(&s, "W_a", None).is_ok());
        assert!(lookup(&s, "dec.C_z", None).unwrap().title.contains("8 × 16"));
        assert!(lookup(&s, "alpha", None).unwrap_err().contains("goto 10_t1"));
        s.goto(StepRef { id: 10, t: Some(2) }).unwrap();
        let a = lookup(&s, "alpha", None).unwrap();
        assert!(a.title.starts_with("alpha at t = 2"), "{}", a.title);
        assert!(lookup(&s, "α", Some(1)).unwrap().title.starts_with("alpha at t = 1"));
        assert!(lookup(&s, "e_1", None).unwrap().title.starts_with("e at t = 1"));
        assert!(lookup(&s, "c", Some(2)).is_err());
        assert!(lookup(&s, "alpha", Some(9)).unwrap_err().contains("T_y = 5"));
        assert!(lookup(&s, "W_A", None).unwrap_err().contains("did you mean W_a"));
        let energy = lookup(&s, "energy", None).unwrap_err();
        assert!(energy.contains("show hidden") && energy.contains("show e "), "{energy}");
    }

    #[test]
    fn every_trace_name_shows_once_reached() {
        let mut s = Session::default_scenario().unwrap();
        s.run(&|| false);
        for tn in &TRACE_NAMES {
            let shown = lookup(&s, tn.name, None).unwrap();
            assert_eq!(shown.tensor.rows.len(), shown.tensor.values.nrows(), "{}", tn.name);
            assert_eq!(shown.tensor.cols.len(), shown.tensor.values.ncols(), "{}", tn.name);
        }
        assert_eq!(shapes(&s).len(), TRACE_NAMES.len());
    }

    #[test]
    fn shapes_lists_only_what_was_reached() {
        let mut s = Session::default_scenario().unwrap();
        assert!(shapes(&s).is_empty());
        s.goto(StepRef { id: 4, t: None }).unwrap();
        let names: Vec<_> = shapes(&s).iter().map(|r| r.name).collect();
        assert_eq!(names, ["X", "h_fwd", "h_bwd", "H"]);
        assert_eq!(shapes(&s)[3].size, (16, 5));
    }
}
