//! The RNNsearch decoder one position at a time, on the readable path: the
//! encoder pass once per sentence, then one [`decode_step`] per target word.
//! Greedy and beam search both expand hypotheses with [`decode_step`].

use crate::model::attention::{
    broadcast_sum, context, energies, hidden_energy, key_projections, query_projection, softmax,
};
use crate::model::decoder::{decoder_step, initial_state};
use crate::model::encoder::{RnnPass, annotations, backward_rnn, embed, forward_rnn};
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
