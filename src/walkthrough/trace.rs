//! One translation, recorded: every tensor the model computes for a source
//! sentence, teacher-forced on a given target.

use crate::model::attention::{
    broadcast_sum, context, energies, hidden_energy, key_projections, query_projection, softmax,
};
use crate::model::decoder::{decoder_step, initial_state};
use crate::model::encoder::{RnnPass, annotations, backward_rnn, embed, forward_rnn};
use crate::model::fast::{self, with_workspace};
use crate::model::output::{deep_output, maxout, output_probs};
use crate::model::{GruStep, Mat, Params, Vector};

/// The encoder's side, computed once per sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Encoded {
    pub x: Mat,       // (m, T_x)
    pub fwd: RnnPass, // →h: (n, T_x)
    pub bwd: RnnPass, // ←h: (n, T_x)
    pub h: Mat,       // (2n, T_x)
    pub ua_h: Mat,    // (n', T_x)
    pub s_0: Vector,  // (n)
}

/// Everything computed at one target position t.
#[derive(Clone, Debug, PartialEq)]
pub struct DecoderStep {
    pub y_prev: usize,      // id of y_{t−1}
    pub y_prev_emb: Vector, // E_y y_{t−1}, (m)
    pub s_prev: Vector,     // s_{t−1}, (n)
    pub wa_s: Vector,       // W_a s_{t−1}, (n')
    pub pre: Mat,           // W_a s_{t−1} + U_a h_i, (n', T_x)
    pub hidden: Mat,        // tanh(…), (n', T_x)
    pub e: Vector,          // (T_x)
    pub alpha: Vector,      // (T_x)
    pub c: Vector,          // (2n)
    pub gru: GruStep,       // gru.h is s_t, (n)
    pub t_tilde: Vector,    // (2l)
    pub t_max: Vector,      // (l)
    pub p: Vector,          // (K_y)
}

impl DecoderStep {
    pub fn s(&self) -> &Vector {
        &self.gru.h
    }
}

/// The encoder pass: X, →h, ←h, H, U_a H and s_0.
pub fn encode(p: &Params, source_ids: &[usize]) -> Encoded {
    let x = embed(&p.E_x, source_ids);
    let fwd = forward_rnn(&p.fwd, &x);
    let bwd = backward_rnn(&p.bwd, &x);
    let h = annotations(&fwd.h, &bwd.h);
    let ua_h = key_projections(&p.U_a, &h);
    let s_0 = initial_state(&p.W_s, &bwd.h.column(0).into_owned());
    Encoded { x, fwd, bwd, h, ua_h, s_0 }
}

/// One decoder position: attention over H with s_{t−1}, then s_t and p(y_t).
pub fn decode_step(p: &Params, enc: &Encoded, s_prev: &Vector, y_prev: usize) -> DecoderStep {
    let wa_s = query_projection(&p.W_a, s_prev);
    let pre = broadcast_sum(&wa_s, &enc.ua_h);
    let hidden = hidden_energy(&pre);
    let e = energies(&p.v_a, &hidden);
    let alpha = softmax(&e);
    let c = context(&enc.h, &alpha);
    let y_prev_emb = p.E_y.column(y_prev).into_owned();
    let gru = decoder_step(&p.dec, &p.dec_c, &y_prev_emb, s_prev, &c);
    let t_tilde = deep_output(&p.U_o, &p.V_o, &p.C_o, &gru.h, &y_prev_emb, &c);
    let t_max = maxout(&t_tilde);
    let p_y = output_probs(&p.W_o, &t_max);
    DecoderStep {
        y_prev,
        y_prev_emb,
        s_prev: s_prev.clone(),
        wa_s,
        pre,
        hidden,
        e,
        alpha,
        c,
        gru,
        t_tilde,
        t_max,
        p: p_y,
    }
}

/// A whole translation of `source_ids`, teacher-forced on `target_ids`.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub source_ids: Vec<usize>,
    pub target_ids: Vec<usize>,
    pub bos_id: usize,
    pub enc: Encoded,
    pub steps: Vec<DecoderStep>, // one per target position t = 1 … T_y
}

impl Trace {
    /// Runs the model once: y_0 = <bos>, then y_{t−1} is the given target word.
    pub fn record(p: &Params, source_ids: &[usize], target_ids: &[usize], bos_id: usize) -> Trace {
        let enc = encode(p, source_ids);
        let mut steps: Vec<DecoderStep> = Vec::with_capacity(target_ids.len());
        for t in 0..target_ids.len() {
            let y_prev = if t == 0 { bos_id } else { target_ids[t - 1] };
            let s_prev = steps.last().map_or(&enc.s_0, |d| d.s());
            steps.push(decode_step(p, &enc, &s_prev.clone(), y_prev));
        }
        Trace { source_ids: source_ids.to_vec(), target_ids: target_ids.to_vec(), bos_id, enc, steps }
    }

    // ANCHOR: alignment
    /// A: row t is α_t, the weights target word t gave each source word.
    pub fn alignment(&self) -> Mat {
        Mat::from_fn(self.steps.len(), self.source_ids.len(), |t, i| self.steps[t].alpha[i]) // (T_y, T_x)
    }
    // ANCHOR_END: alignment
}

/// Greedy decoding: feed back the most probable word until <eos> or `max_len`.
/// Runs the fast path; [`greedy_decode_readable`] is the same loop on [`decode_step`].
pub fn greedy_decode(p: &Params, source_ids: &[usize], bos_id: usize, eos_id: usize, max_len: usize) -> Vec<usize> {
    with_workspace(|ws| fast::greedy_decode(p, ws, source_ids, bos_id, eos_id, max_len))
}

/// Greedy decoding on the readable path, one [`DecoderStep`] at a time.
pub fn greedy_decode_readable(
    p: &Params,
    source_ids: &[usize],
    bos_id: usize,
    eos_id: usize,
    max_len: usize,
) -> Vec<usize> {
    let enc = encode(p, source_ids);
    let (mut s, mut y, mut out) = (enc.s_0.clone(), bos_id, Vec::new());
    while out.len() < max_len {
        let step = decode_step(p, &enc, &s, y);
        y = step.p.argmax().0;
        s = step.gru.h;
        out.push(y);
        if y == eos_id {
            break;
        }
    }
    out
}
