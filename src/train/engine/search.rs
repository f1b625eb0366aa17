//! RNNsearch on the engine: one group of pairs forward, then backward, every
//! gradient added into `g`.

use super::attention::Attention;
use super::batch::Batch;
use super::output::{self, loss_and_backward as output};
use super::{Precision, decoder, encoder};
use crate::model::Params;

/// Adds ∂(Σ_b L_b)/∂θ into `g`; returns Σ_b L_b, each L_b the mean over
/// its own target words (the per-pair loss).
pub fn loss_and_backward(p: &Params, batch: &Batch, bos: usize, g: &mut Params, precision: Precision) -> f64 {
    let enc = encoder::encode(p, batch);
    let mut att = Attention::new(p, &enc, batch);
    let dec = decoder::decode(&p.dec, &p.dec_c, &p.E_y, batch, bos, &enc.s_0, &mut att);
    let w = (&p.U_o, &p.V_o, &p.C_o, &p.W_o);
    let (loss, d_out) = output(w, (&mut g.U_o, &mut g.V_o, &mut g.C_o, &mut g.W_o), batch, &dec, precision);
    let d_dec = (&mut g.dec, &mut g.dec_c, &mut g.E_y);
    let d_s_0 = decoder::backward((&p.dec, &p.dec_c), &dec, batch, bos, d_out, &mut att, d_dec);
    let d_h = att.finish(&dec.steps.h_prev, (&mut g.W_a, &mut g.U_a, &mut g.v_a));
    encoder::backward(p, &enc, batch, &d_h, &d_s_0, g);
    loss
}

/// Σ_b L_b alone, with the bits of [`loss_and_backward`]'s: the forward
/// pass, for a held-out check.
pub fn loss(p: &Params, batch: &Batch, bos: usize, precision: Precision) -> f64 {
    let enc = encoder::encode(p, batch);
    let mut att = Attention::new(p, &enc, batch);
    let dec = decoder::decode(&p.dec, &p.dec_c, &p.E_y, batch, bos, &enc.s_0, &mut att);
    output::loss((&p.U_o, &p.V_o, &p.C_o, &p.W_o), batch, &dec, precision)
}
