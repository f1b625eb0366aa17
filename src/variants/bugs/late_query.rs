//! The whole decoder written with the late query, as buggy code would run it:
//! the state is updated first (with the previous context, since c_t is not
//! known yet), then that new state s_t asks the question s_{t−1} should ask.

use crate::decode::step::Encoded;
use crate::model::attention::{broadcast_sum, context, energies, hidden_energy, query_projection, softmax};
use crate::model::decoder::decoder_step;
use crate::model::output::{deep_output, maxout, output_probs};
use crate::model::{Params, Vector};

/// One position of the buggy decoder.
#[derive(Clone, Debug, PartialEq)]
pub struct LateStep {
    pub s: Vector,     // s_t = GRU(E_y y_{t−1}, s_{t−1}, c_{t−1}), (n)
    pub alpha: Vector, // softmax of the energies queried with s_t, (T_x)
    pub c: Vector,     // H α_t, (2n)
    pub p: Vector,     // p(y_t), (K_y)
}

/// s_t from the previous context, then attention queried with s_t itself.
pub fn late_step(p: &Params, enc: &Encoded, s_prev: &Vector, c_prev: &Vector, y_prev: usize) -> LateStep {
    let y_emb = p.E_y.column(y_prev).into_owned(); // (m)
    let s = decoder_step(&p.dec, &p.dec_c, &y_emb, s_prev, c_prev).h; // (n)
    let alpha = softmax(&energies(&p.v_a, &hidden_energy(&broadcast_sum(&query_projection(&p.W_a, &s), &enc.ua_h))));
    let c = context(&enc.h, &alpha); // (2n)
    let probs = output_probs(&p.W_o, &maxout(&deep_output(&p.U_o, &p.V_o, &p.C_o, &s, &y_emb, &c)));
    LateStep { s, alpha, c, p: probs }
}

/// The buggy decoder teacher-forced on `target_ids` (y_0 = <bos>, c_0 = 0).
pub fn late_forced(p: &Params, enc: &Encoded, target_ids: &[usize], bos_id: usize) -> Vec<LateStep> {
    let mut steps: Vec<LateStep> = Vec::with_capacity(target_ids.len());
    for t in 0..target_ids.len() {
        let y_prev = if t == 0 { bos_id } else { target_ids[t - 1] };
        let step = match steps.last() {
            Some(d) => late_step(p, enc, &d.s, &d.c, y_prev),
            None => late_step(p, enc, &enc.s_0, &Vector::zeros(enc.h.nrows()), y_prev),
        };
        steps.push(step);
    }
    steps
}

/// The buggy decoder's greedy translation, as ids, at most `max_len`.
pub fn late_greedy(p: &Params, enc: &Encoded, bos_id: usize, eos_id: usize, max_len: usize) -> Vec<usize> {
    let (mut s, mut c, mut y, mut out) = (enc.s_0.clone(), Vector::zeros(enc.h.nrows()), bos_id, Vec::new());
    while out.len() < max_len && out.last() != Some(&eos_id) {
        let step = late_step(p, enc, &s, &c, y);
        y = step.p.argmax().0;
        (s, c) = (step.s, step.c);
        out.push(y);
    }
    out
}
