//! The five mistakes, each a deliberately wrong variant of one step of the
//! walkthrough, computed next to the right one.

use super::super::masking::{PAD, partner};
use super::super::{labelled, max_gap, rows_tensor, sci, show_inf};
use super::late_query::{late_forced, late_greedy};
use super::{Bug, BugReport, report};
use crate::decode::step::encode;
use crate::model::attention::{energies, hidden_energy, key_projections, query_projection, softmax};
use crate::model::mask::{FILL_LARGE, FP16_MIN, masked_softmax, to_fp16_range};
use crate::model::{Dims, Mat, Vector, scores};
use crate::vocab::EOS;
use crate::walkthrough::scenario::MAX_LEN;
use crate::walkthrough::{Scenario, Walkthrough, fmt_num};

/// The decoder run with the query one step late (see `late_query`):
/// teacher-forced on the same target, and greedily on its own.
pub(super) fn state_t(w: &Walkthrough) -> BugReport {
    let (p, tr) = (&w.params, &w.trace);
    let right = tr.alignment(); // (T_y, T_x)
    let late = late_forced(p, &tr.enc, &tr.target_ids, tr.bos_id);
    let wrong = Mat::from_fn(right.nrows(), right.ncols(), |t, i| late[t].alpha[i]); // (T_y, T_x)
    let t_y = right.nrows();
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let mut r = report(Bug::StateT, labelled(&right, tgt, src), labelled(&wrong, tgt, src), ("T_y × T_x", "T_y × T_x"));
    r.labels = (
        "A, α_t queried with s_{t-1}".into(),
        "A of the buggy decoder: s_t = GRU(y_{t-1}, s_{t-1}, c_{t-1}) first, then α_t queried with s_t".into(),
    );
    let p_right = Vector::from_fn(t_y, |t, _| tr.steps[t].p[tr.target_ids[t]]);
    let p_wrong = Vector::from_fn(t_y, |t, _| late[t].p[tr.target_ids[t]]);
    let rows = [("right".to_string(), &p_right), ("buggy".to_string(), &p_wrong)];
    r.extra
        .push(("p of the correct word at each t, both decoders on the same weights:".into(), rows_tensor(&rows, tgt)));
    if t_y > 1 {
        let shift = max_gap(&wrong.rows(0, t_y - 1).into_owned(), &right.rows(1, t_y - 1).into_owned());
        r.notes.push(format!(
            "Not just a shift: max |buggy row t − right row t+1| over t = 1 … {} is {}, because every state of the \
             buggy decoder differs too.",
            t_y - 1,
            fmt_num(shift, 4)
        ));
    }
    let eos = w.target_vocab.id(EOS).expect("<eos> is in every vocabulary");
    let words = |ids: Vec<usize>| ids.into_iter().map(|i| w.target_vocab.token(i)).collect::<Vec<_>>().join(" ");
    r.notes.push(format!("greedy translation, right decoder: {}", w.decode().join(" ")));
    r.notes.push(format!(
        "greedy translation, buggy decoder: {}",
        words(late_greedy(p, &tr.enc, tr.bos_id, eos, MAX_LEN))
    ));
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

pub(super) fn broadcast(w: &Walkthrough) -> Result<BugReport, String> {
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
        notes.push(format!(
            "With n' = T_x = {t_x} (same sentences, weights drawn from the seed), broadcasting runs silently:"
        ));
        &same
    };
    let (p, step) = (&w.params, &w.trace.steps[0]);
    let ua_h = key_projections(&p.U_a, &w.trace.enc.h); // (n', T_x)
    let wa_s = query_projection(&p.W_a, &step.s_prev); // (n')
    let wrong_hidden = hidden_energy(&wrong_broadcast(&wa_s, &ua_h)?); // (n', T_x)
    let wrong_alpha = softmax(&energies(&p.v_a, &wrong_hidden));
    let dims = crate::walkthrough::index_labels(ua_h.nrows());
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

pub(super) fn no_sum(w: &Walkthrough) -> BugReport {
    let (tr, p) = (&w.trace, &w.params);
    let d = &tr.steps[0];
    let h = &tr.enc.h; // (2n, T_x)
    let wrong = Mat::from_fn(h.nrows(), h.ncols(), |k, i| h[(k, i)] * d.alpha[i]); // (2n, T_x)
    let n = p.dims().n;
    let halves = crate::walkthrough::half_labels(n);
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

pub(super) fn softmax_axis(w: &Walkthrough) -> BugReport {
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

pub(super) fn fp16_mask(w: &Walkthrough) -> Result<BugReport, String> {
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
    tokens.resize(t_x, PAD.to_string());
    let row = |l: &str, v: &Vector| rows_tensor(&[(l.to_string(), v)], &tokens);
    let mut r = report(Bug::Fp16Mask, row("α_1", &right), row("α_1", &wrong), ("T_x", "T_x"));
    r.labels = ("masked energies replaced by −65504".into(), "softmax(e_1 + mask in fp16)".into());
    let inputs =
        [("e_1".to_string(), &e), ("mask in fp32".to_string(), &mask32), ("mask in fp16".to_string(), &mask16)];
    r.extra.push((format!("the padded sentence \"{}\" at t = 1:", words.join(" ")), rows_tensor(&inputs, &tokens)));
    r.notes.push(format!(
        "−1e9 is beyond half precision's ±65504, so it is stored as {}; then 0 · (−∞) = NaN on every kept \
         position, and the whole row is NaN.",
        show_inf(to_fp16_range(FILL_LARGE))
    ));
    r.notes.push("The right row replaces masked energies with −65504 (or −∞) instead of adding a product.".into());
    Ok(r)
}
