//! The five mistakes, each a deliberately wrong variant of one step of the
//! walkthrough, computed next to the right one.

use super::super::masking::{PAD, partner};
use super::super::{labelled, max_gap, rows_tensor};
use super::late_query::{late_forced, late_greedy};
use super::report::{Bug, BugDetail, BugReport, ShapeRefusal, with_sums};
use crate::decode::step::encode;
use crate::model::attention::{energies, hidden_energy, key_projections, query_projection, softmax};
use crate::model::mask::{FILL_LARGE, FP16_MIN, masked_softmax, to_fp16_range};
use crate::model::{Dims, Mat, Vector, scores};
use crate::vocab::EOS;
use crate::walkthrough::scenario::MAX_LEN;
use crate::walkthrough::{Scenario, Walkthrough};

/// The decoder run with the query one step late (see `late_query`):
/// teacher-forced on the same target, and greedily on its own.
pub(super) fn state_t(w: &Walkthrough) -> BugReport {
    let (p, tr) = (&w.params, &w.trace);
    let right = tr.alignment(); // (T_y, T_x)
    let late = late_forced(p, &tr.enc, &tr.target_ids, tr.bos_id);
    let wrong = Mat::from_fn(right.nrows(), right.ncols(), |t, i| late[t].alpha[i]); // (T_y, T_x)
    let t_y = right.nrows();
    let (src, tgt) = (&w.scenario.source, &w.scenario.target);
    let p_right = Vector::from_fn(t_y, |t, _| tr.steps[t].p[tr.target_ids[t]]);
    let p_wrong = Vector::from_fn(t_y, |t, _| late[t].p[tr.target_ids[t]]);
    let shift = (t_y > 1).then(|| max_gap(&wrong.rows(0, t_y - 1).into_owned(), &right.rows(1, t_y - 1).into_owned()));
    let eos = w.target_vocab.id(EOS).expect("<eos> is in every vocabulary");
    let words = |ids: Vec<usize>| ids.into_iter().map(|i| w.target_vocab.token(i).to_string()).collect::<Vec<_>>();
    let greedy = [w.decode(), words(late_greedy(p, &tr.enc, tr.bos_id, eos, MAX_LEN))];
    let detail = BugDetail::StateT { p_correct: [p_right, p_wrong], shift, greedy };
    BugReport::new(Bug::StateT, labelled(&right, tgt, src), labelled(&wrong, tgt, src), detail)
}

/// pre[k, i] = (W_a s)[i] + (U_a H)[k, i]: the query added across a row. Only
/// possible when n' = T_x.
pub fn wrong_broadcast(wa_s: &Vector, ua_h: &Mat) -> Result<Mat, String> {
    if wa_s.len() != ua_h.ncols() {
        let (len, rows, t_x) = (wa_s.len(), ua_h.nrows(), ua_h.ncols());
        return Err(crate::text::variants::BROADCAST_CANNOT_ADD.fill(&[("len", &len), ("rows", &rows), ("t_x", &t_x)]));
    }
    Ok(Mat::from_fn(ua_h.nrows(), ua_h.ncols(), |k, i| wa_s[i] + ua_h[(k, i)])) // (n', T_x)
}

pub(super) fn broadcast(w: &Walkthrough) -> Result<BugReport, String> {
    let t_x = w.trace.source_ids.len();
    let d = w.params.dims();
    let same;
    let mut refused = None;
    let w = if d.n_a == t_x {
        w
    } else {
        let error = wrong_broadcast(&w.trace.steps[0].wa_s, &w.trace.enc.ua_h).unwrap_err();
        refused = Some(ShapeRefusal { n_a: d.n_a, t_x, error });
        let dims = Dims::new(d.m, d.n, t_x, d.l)?;
        same = Walkthrough::new(Scenario { dims, ..w.scenario.clone() })?;
        &same
    };
    let (p, step) = (&w.params, &w.trace.steps[0]);
    let ua_h = key_projections(&p.U_a, &w.trace.enc.h); // (n', T_x)
    let wa_s = query_projection(&p.W_a, &step.s_prev); // (n')
    let wrong_hidden = hidden_energy(&wrong_broadcast(&wa_s, &ua_h)?); // (n', T_x)
    let wrong_alpha = softmax(&energies(&p.v_a, &wrong_hidden));
    let dims = crate::walkthrough::index_labels(ua_h.nrows());
    let src = &w.scenario.source;
    let detail = BugDetail::Broadcast { refused, alpha: [step.alpha.clone(), wrong_alpha] };
    Ok(BugReport::new(Bug::Broadcast, labelled(&step.hidden, &dims, src), labelled(&wrong_hidden, &dims, src), detail))
}

pub(super) fn no_sum(w: &Walkthrough) -> BugReport {
    let (tr, p) = (&w.trace, &w.params);
    let d = &tr.steps[0];
    let h = &tr.enc.h; // (2n, T_x)
    let wrong = Mat::from_fn(h.nrows(), h.ncols(), |k, i| h[(k, i)] * d.alpha[i]); // (2n, T_x)
    let n = p.dims().n;
    let halves = crate::walkthrough::half_labels(n);
    let right = Mat::from_column_slice(d.c.len(), 1, d.c.as_slice()); // (2n, 1)
    let row_sums = Mat::from_fn(wrong.nrows(), 1, |k, _| wrong.row(k).sum());
    let e_no_sum = Mat::from_fn(p.v_a.nrows(), d.hidden.ncols(), |k, i| p.v_a[(k, 0)] * d.hidden[(k, i)]);
    let detail = BugDetail::NoSum { sum_gap: max_gap(&row_sums, &right), e_shape: e_no_sum.shape(), t_x: d.e.len() };
    BugReport::new(
        Bug::NoSum,
        labelled(&right, &halves, &["c_1".to_string()]),
        labelled(&wrong, &halves, &w.scenario.source),
        detail,
    )
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
    let (right, wrong) = (labelled(&right, tgt, src), labelled(&wrong, tgt, src));
    let detail = BugDetail::SoftmaxAxis { energies: labelled(&e, tgt, src) };
    let sums = Some((with_sums(&right), with_sums(&wrong)));
    BugReport { sums, ..BugReport::new(Bug::SoftmaxAxis, right, wrong, detail) }
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
    let row = |v: &Vector| rows_tensor(&[("α_1".to_string(), v)], &tokens);
    let detail = BugDetail::Fp16Mask { words, inputs: [e, mask32, mask16], stored: to_fp16_range(FILL_LARGE) };
    Ok(BugReport::new(Bug::Fp16Mask, row(&right), row(&wrong), detail))
}
