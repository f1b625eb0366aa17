//! Classic attention bugs, each computed for real as a deliberately wrong
//! variant of one step and shown next to the right numbers and shapes.

use super::masking::partner;
use super::{labelled, max_gap, rows_tensor, sci};
use crate::model::attention::{energies, hidden_energy, key_projections, query_projection, softmax};
use crate::model::mask::{FILL_LARGE, FP16_MIN, masked_softmax, to_fp16_range};
use crate::model::{Dims, Mat, Vector, scores};
use crate::render::render_tensor;
use crate::walkthrough::trace::encode;
use crate::walkthrough::{Scenario, Tensor, Walkthrough};

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
                 next one) while every shape checks out."
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
    match bug {
        Bug::StateT => Ok(state_t(w)),
        Bug::Broadcast => broadcast(w),
        Bug::NoSum => Ok(no_sum(w)),
        Bug::SoftmaxAxis => Ok(softmax_axis(w)),
        Bug::Fp16Mask => fp16_mask(w),
    }
}

fn report(bug: Bug, right: Tensor, wrong: Tensor, shapes: (&'static str, &'static str)) -> BugReport {
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

/// Row t scored with s_t (the state after writing word t) instead of s_{t−1}.
fn state_t(w: &Walkthrough) -> BugReport {
    let (p, tr) = (&w.params, &w.trace);
    let right = tr.alignment(); // (T_y, T_x)
    let wrong_rows: Vec<Vector> =
        tr.steps.iter().map(|d| softmax(&scores::additive(&p.W_a, &p.U_a, &p.v_a, d.s(), &tr.enc.h))).collect();
    let wrong = Mat::from_fn(right.nrows(), right.ncols(), |t, i| wrong_rows[t][i]); // (T_y, T_x)
    let t_y = right.nrows();
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let mut r = report(Bug::StateT, labelled(&right, tgt, src), labelled(&wrong, tgt, src), ("T_y × T_x", "T_y × T_x"));
    r.labels = ("A, row t scored with s_{t-1}".into(), "row t scored with s_t".into());
    if t_y > 1 {
        let shift = max_gap(&wrong.rows(0, t_y - 1).into_owned(), &right.rows(1, t_y - 1).into_owned());
        r.notes.push(format!(
            "rows 1 … {} of the wrong A are rows 2 … {t_y} of the right one: max |difference| = {}",
            t_y - 1,
            sci(shift)
        ));
    }
    r
}

/// pre[k, i] = (W_a s)[i] + (U_a H)[k, i]: the query added across a row. Only
/// possible when n' = T_x.
pub fn wrong_broadcast(wa_s: &Vector, ua_h: &Mat) -> Result<Mat, String> {
    if wa_s.len() != ua_h.ncols() {
        return Err(format!(
            "a vector of {} entries cannot be added along the T_x = {} axis of the {} × {} matrix U_a H",
            wa_s.len(),
            ua_h.ncols(),
            ua_h.nrows(),
            ua_h.ncols()
        ));
    }
    Ok(Mat::from_fn(ua_h.nrows(), ua_h.ncols(), |k, i| wa_s[i] + ua_h[(k, i)])) // (n', T_x)
}

fn broadcast(w: &Walkthrough) -> Result<BugReport, String> {
    let mut notes = Vec::new();
    let t_x = w.trace.source_ids.len();
    let d = w.params.dims();
    let same;
    let w = if d.n_a == t_x {
        w
    } else {
        let err = wrong_broadcast(&w.trace.steps[0].wa_s, &w.trace.enc.ua_h).unwrap_err();
        notes.push(format!("Here n' = {} and T_x = {t_x}: {err}, so a library stops with a shape error.", d.n_a));
        let dims = Dims::new(d.m, d.n, t_x, d.l)?;
        same = Walkthrough::new(Scenario { dims, ..w.scenario.clone() })?;
        notes.push(format!("With n' = T_x = {t_x} (same seed and sentences), broadcasting runs silently:"));
        &same
    };
    let (p, step) = (&w.params, &w.trace.steps[0]);
    let ua_h = key_projections(&p.U_a, &w.trace.enc.h); // (n', T_x)
    let wa_s = query_projection(&p.W_a, &step.s_prev); // (n')
    let wrong_hidden = hidden_energy(&wrong_broadcast(&wa_s, &ua_h)?); // (n', T_x)
    let wrong_alpha = softmax(&energies(&p.v_a, &wrong_hidden));
    let dims: Vec<String> = (0..ua_h.nrows()).map(|k| k.to_string()).collect();
    let src = &w.scenario.source;
    let mut r = report(
        Bug::Broadcast,
        labelled(&step.hidden, &dims, src),
        labelled(&wrong_hidden, &dims, src),
        ("n' × T_x", "n' × T_x"),
    );
    let rows = [("α_1 right".to_string(), &step.alpha), ("α_1 wrong".to_string(), &wrong_alpha)];
    r.extra.push(("what attention then does at t = 1:".into(), rows_tensor(&rows, src)));
    r.labels = (
        "tanh(W_a s_0 + U_a h_i), the query added to every column".into(),
        "the query added to every row: entry k of W_a s_0 shifts source word k".into(),
    );
    r.lead = notes;
    Ok(r)
}

fn no_sum(w: &Walkthrough) -> BugReport {
    let (tr, p) = (&w.trace, &w.params);
    let d = &tr.steps[0];
    let h = &tr.enc.h; // (2n, T_x)
    let wrong = Mat::from_fn(h.nrows(), h.ncols(), |k, i| h[(k, i)] * d.alpha[i]); // (2n, T_x)
    let n = p.dims().n;
    let halves: Vec<String> = (0..n).map(|i| format!("→{i}")).chain((0..n).map(|i| format!("←{i}"))).collect();
    let right = Mat::from_column_slice(d.c.len(), 1, d.c.as_slice()); // (2n, 1)
    let mut r = report(
        Bug::NoSum,
        labelled(&right, &halves, &["c_1".to_string()]),
        labelled(&wrong, &halves, &w.scenario.source),
        ("2n", "2n × T_x"),
    );
    r.labels = ("c_1 = H α_1 = Σ_i α_{1,i} h_i".into(), "H ∘ α_1, column i is α_{1,i} h_i".into());
    let row_sums = Mat::from_fn(wrong.nrows(), 1, |k, _| wrong.row(k).sum());
    r.notes.push(format!(
        "summing the wrong matrix over i gives c_1 back: max |difference| = {}",
        sci(max_gap(&row_sums, &right))
    ));
    let e_no_sum = Mat::from_fn(p.v_a.nrows(), d.hidden.ncols(), |k, i| p.v_a[(k, 0)] * d.hidden[(k, i)]);
    r.notes.push(format!(
        "the same slip in e_1 (v_a ∘ tanh(…) without the sum over n') gives {} × {} numbers instead of T_x = {}",
        e_no_sum.nrows(),
        e_no_sum.ncols(),
        d.e.len()
    ));
    r
}

fn softmax_axis(w: &Walkthrough) -> BugReport {
    let tr = &w.trace;
    let e = Mat::from_fn(tr.steps.len(), tr.source_ids.len(), |t, i| tr.steps[t].e[i]); // (T_y, T_x)
    let right = tr.alignment(); // softmax over i, row by row
    let mut wrong = e.clone();
    for i in 0..e.ncols() {
        wrong.set_column(i, &softmax(&e.column(i).into_owned())); // softmax over t
    }
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let mut r =
        report(Bug::SoftmaxAxis, labelled(&right, tgt, src), labelled(&wrong, tgt, src), ("T_y × T_x", "T_y × T_x"));
    r.labels = ("A, softmax over i in every row".into(), "softmax over t in every column".into());
    r.sums = true;
    r.extra.push(("the energies E, row t = e_t:".into(), labelled(&e, tgt, src)));
    r
}

fn fp16_mask(w: &Walkthrough) -> Result<BugReport, String> {
    let p = &w.params;
    let words = partner(&w.scenario.source);
    let t_x = words.len().max(w.scenario.source.len());
    let ids = words.iter().map(|t| w.source_vocab.id(t)).collect::<Result<Vec<_>, _>>()?;
    let enc = encode(p, &ids);
    let h = Mat::from_fn(enc.h.nrows(), t_x, |d, i| if i < ids.len() { enc.h[(d, i)] } else { 0.0 }); // (2n, T_x)
    let e = scores::additive(&p.W_a, &p.U_a, &p.v_a, &enc.s_0, &h); // (T_x)
    let keep: Vec<bool> = (0..t_x).map(|i| i < ids.len()).collect();
    let pad = |k: bool| if k { 0.0 } else { 1.0 };
    let mask32 = Vector::from_fn(t_x, |i, _| pad(keep[i]) * FILL_LARGE);
    let mask16 = Vector::from_fn(t_x, |i, _| pad(keep[i]) * to_fp16_range(FILL_LARGE)); // 0 · (−∞) = NaN
    let right = masked_softmax(&e, &keep, FP16_MIN)?;
    let wrong = softmax(&(&e + &mask16));
    let mut tokens = words.clone();
    tokens.resize(t_x, super::masking::PAD.to_string());
    let row = |l: &str, v: &Vector| rows_tensor(&[(l.to_string(), v)], &tokens);
    let mut r = report(Bug::Fp16Mask, row("α_1", &right), row("α_1", &wrong), ("T_x", "T_x"));
    r.labels = ("masked energies replaced by −65504".into(), "softmax(e_1 + mask in fp16)".into());
    let inputs =
        [("e_1".to_string(), &e), ("mask in fp32".to_string(), &mask32), ("mask in fp16".to_string(), &mask16)];
    r.extra.push((format!("the padded sentence \"{}\" at t = 1:", words.join(" ")), rows_tensor(&inputs, &tokens)));
    r.notes.push(format!(
        "−1e9 is beyond half precision's ±65504, so it is stored as {}; then 0 · (−∞) = NaN on every kept \
         position, and the whole row is NaN.",
        super::show_inf(to_fp16_range(FILL_LARGE))
    ));
    r.notes.push("The right row replaces masked energies with −65504 (or −∞) instead of adding a product.".into());
    Ok(r)
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
        out.push_str(&format!("  {:13} {}\n", b.name(), b.title()));
    }
    out.push_str("For example: bug softmax_axis\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_late_query_shifts_the_alignment_by_one_row() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::StateT).unwrap();
        let (a, b) = (&r.right.values, &r.wrong.values);
        assert!(max_gap(&b.rows(0, 4).into_owned(), &a.rows(1, 4).into_owned()) < 1e-14);
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
