//! One target word backwards through the output layer and the decoder GRU:
//! the part of the gradient that RNNsearch ([`super::grad`]), RNNencdec
//! ([`super::encdec`]) and the other scores ([`super::scored_grad`]) share.
//! Where c_t came from (the attention, or RNNencdec's one vector c) is each
//! model's own, and its file walks on from the ∂c_t returned here.
//!
//! ```text
//! p(y_t) = softmax(W_o t_t)   t_t = maxout(t̃_t)   t̃_t = U_o s_t + V_o E_y y_{t−1} + C_o c_t
//! s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c_t)
//! ```

use crate::decode::step::DecoderStep;
use crate::model::decoder::decoder_step_backward;
use crate::model::encdec::{EncDecParams, EncDecStep};
use crate::model::output::{deep_output_backward, maxout_backward, output_probs_backward};
use crate::model::scored::ScoredStep;
use crate::model::{ContextWeights, Gru, GruStep, Mat, Params, Vector};

/// W_o, (U_o, V_o, C_o), (GRU_dec, its C weights).
pub type Weights<'a> = (&'a Mat, (&'a Mat, &'a Mat, &'a Mat), (&'a Gru, &'a ContextWeights));
/// Their gradients, and E_y's, to add into.
pub type Grads<'a> =
    (&'a mut Mat, (&'a mut Mat, &'a mut Mat, &'a mut Mat), (&'a mut Gru, &'a mut ContextWeights), &'a mut Mat);

/// The weights every model's output layer and decoder have, under the same names.
pub trait OutputAndDecoder {
    fn output_and_decoder(&self) -> Weights<'_>;
    fn output_and_decoder_mut(&mut self) -> Grads<'_>;
}

/// What the forward pass kept of one target word, as the backward pass reads it.
pub struct Kept<'a> {
    pub y_prev: usize,          // id of y_{t−1}
    pub y_prev_emb: &'a Vector, // E_y y_{t−1}, (m)
    pub s_prev: &'a Vector,     // s_{t−1}, (n)
    pub gru: &'a GruStep,       // gru.h is s_t, (n)
    pub t_tilde: &'a Vector,    // (2l)
    pub t_max: &'a Vector,      // (l)
    pub p: &'a Vector,          // (K_y)
}

/// A step record of any model: the fields [`Kept`] names, under those names.
pub trait KeptStep {
    fn kept(&self) -> Kept<'_>;
}

macro_rules! same_names {
    (params: $($p:ty),*; steps: $($s:ty),*) => {
        $(impl OutputAndDecoder for $p {
            fn output_and_decoder(&self) -> Weights<'_> {
                (&self.W_o, (&self.U_o, &self.V_o, &self.C_o), (&self.dec, &self.dec_c))
            }
            fn output_and_decoder_mut(&mut self) -> Grads<'_> {
                let s = self;
                (&mut s.W_o, (&mut s.U_o, &mut s.V_o, &mut s.C_o), (&mut s.dec, &mut s.dec_c), &mut s.E_y)
            }
        })*
        $(impl KeptStep for $s {
            fn kept(&self) -> Kept<'_> {
                let (y_prev, y_prev_emb, s_prev, gru) = (self.y_prev, &self.y_prev_emb, &self.s_prev, &self.gru);
                Kept { y_prev, y_prev_emb, s_prev, gru, t_tilde: &self.t_tilde, t_max: &self.t_max, p: &self.p }
            }
        })*
    };
}
same_names!(params: Params, EncDecParams; steps: DecoderStep, EncDecStep, ScoredStep);

/// What one word sends on back: ∂c_t, and the GRU's part of ∂s_{t−1}.
pub struct WordGrads {
    pub d_c: Vector,      // (2n; RNNencdec n)
    pub d_s_prev: Vector, // (n)
}

// ANCHOR: output_and_decoder_backward
/// Word t, its reference y_t and context c_t: adds the gradients of W_o,
/// U_o, V_o, C_o, the decoder GRU and E_y's column y_{t−1} into `g`. `d_s`
/// comes in as ∂s_t from step t + 1 and leaves as the whole ∂s_t.
pub fn output_and_decoder_backward<P: OutputAndDecoder>(
    p: &P,
    d: &impl KeptStep,
    c: &Vector,               // c_t
    (y, scale): (usize, f64), // y_t, and 1 / T_y: the mean over t
    d_s: &mut Vector,
    g: &mut P,
) -> WordGrads {
    let (d, (w_o, deep, dec)) = (d.kept(), p.output_and_decoder());
    let (d_w_o, d_deep, d_dec, d_e_y) = g.output_and_decoder_mut();
    // p(y_t) = softmax(W_o t_t), t_t = maxout(t̃_t)
    let d_t_max = output_probs_backward(w_o, d.t_max, d.p, y, scale, d_w_o);
    let d_t_tilde = maxout_backward(d.t_tilde, &d_t_max);
    // t̃_t = U_o s_t + V_o E_y y_{t−1} + C_o c_t
    let inputs = (&d.gru.h, d.y_prev_emb, c); // s_t, E_y y_{t−1}, c_t
    let out = deep_output_backward(deep, inputs, &d_t_tilde, d_deep);
    // s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c_t)
    *d_s += &out.d_s;
    let inputs = (d.y_prev_emb, d.s_prev, c); // E_y y_{t−1}, s_{t−1}, c_t
    let gru = decoder_step_backward(dec, inputs, d.gru, d_s, d_dec);
    let mut e_y_col = d_e_y.column_mut(d.y_prev); // ∂E_y y_{t−1}, (m)
    e_y_col += &out.d_y + &gru.d_x;
    let d_c = out.d_c + gru.d_c.expect("the decoder step has a context");
    WordGrads { d_c, d_s_prev: gru.d_h_prev }
}
// ANCHOR_END: output_and_decoder_backward
