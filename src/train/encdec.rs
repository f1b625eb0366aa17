//! RNNencdec on one sentence pair: the forward pass recorded, its loss, the
//! gradient by hand (walking the record backwards, as [`super::grad`] does
//! for RNNsearch). The forward step is `model::encdec`'s, greedy decoding
//! `decode::greedy`'s.

use super::grad::zeros_like;
use super::output_grad::output_and_decoder_backward;
use crate::model::decoder::initial_state_backward;
use crate::model::encdec::EncDecParams;
pub use crate::model::encdec::{EncDecEncoded, EncDecStep, decode_step, encode};
use crate::model::encoder::{embed_backward, forward_rnn_backward};
use crate::model::{Mat, Vector};

/// The whole pair, teacher-forced: y_0 = <bos>, then the given target words.
pub fn record(p: &EncDecParams, source: &[usize], target: &[usize], bos: usize) -> (EncDecEncoded, Vec<EncDecStep>) {
    let enc = encode(p, source);
    let mut steps: Vec<EncDecStep> = Vec::with_capacity(target.len());
    for t in 0..target.len() {
        let y_prev = if t == 0 { bos } else { target[t - 1] };
        let s_prev = steps.last().map_or(&enc.s_0, |d| &d.gru.h).clone();
        steps.push(decode_step(p, &enc.c, &s_prev, y_prev));
    }
    (enc, steps)
}

/// L = mean over t of −ln p_t(y_t).
pub fn loss(steps: &[EncDecStep], target: &[usize]) -> f64 {
    steps.iter().zip(target).map(|(d, &y)| -d.p[y].ln()).sum::<f64>() / steps.len() as f64
}

// ANCHOR: encdec_backward
/// Adds ∂L/∂θ for one pair into `g` and returns L. Every step's gradient
/// with respect to c is summed: the one vector served all T_y positions.
pub fn loss_and_backward(
    p: &EncDecParams,
    source: &[usize],
    target: &[usize],
    bos: usize,
    g: &mut EncDecParams,
) -> f64 {
    let (enc, steps) = record(p, source, target, bos);
    let scale = 1.0 / steps.len() as f64;
    let mut d_c = Vector::zeros(enc.c.len()); // ∂c, summed over t, (n)
    let mut d_s = Vector::zeros(enc.s_0.len()); // ∂s_t from step t + 1, (n)
    for (d, &y) in steps.iter().zip(target).rev() {
        // the output layer and s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c)
        let word = output_and_decoder_backward(
            p,
            d,          // word t, as the forward pass kept it
            &enc.c,     // c, the one vector
            (y, scale), // y_t, and 1 / T_y
            &mut d_s,   // ∂s_t from step t + 1; on return the whole ∂s_t
            g,          // the gradients, added to
        );
        d_c += word.d_c;
        d_s = word.d_s_prev;
    }
    // s_0 = tanh(V' c) and c = tanh(V h_{T_x}) have the form of
    // s_0 = tanh(W_s ←h_1).
    d_c += initial_state_backward(&p.V_s, &enc.c, &enc.s_0, &d_s, &mut g.V_s);
    let last = source.len() - 1;
    let h_last = enc.h.h.column(last).into_owned();
    // only h_{T_x} reaches the decoder
    let mut d_h = Mat::zeros(enc.h.h.nrows(), source.len());
    let d_h_last = initial_state_backward(
        &p.V_c,     // V, (n, n)
        &h_last,    // h_{T_x}, (n)
        &enc.c,     // c = tanh(V h_{T_x}), (n)
        &d_c,       // ∂c, summed over t, (n)
        &mut g.V_c, // ∂V, added to
    );
    d_h.set_column(last, &d_h_last);
    let d_x = forward_rnn_backward(&p.enc, &enc.x, &enc.h, &d_h, &mut g.enc);
    embed_backward(&d_x, source, &mut g.E_x);
    loss(&steps, target)
}
// ANCHOR_END: encdec_backward

/// ∂L/∂θ by hand against central differences, matrix by matrix.
pub fn gradient_check(p: &EncDecParams, source: &[usize], target: &[usize], bos: usize) -> Vec<(&'static str, f64)> {
    let mut g = zeros_like(p);
    loss_and_backward(p, source, target, bos, &mut g);
    let loss_at = |q: &EncDecParams| loss(&record(q, source, target, bos).1, target);
    super::grad::against_differences(p, &g, &loss_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Dims;

    #[test]
    fn every_gradient_matches_central_differences() {
        for (dims, seed) in [(Dims::new(3, 4, 1, 2).unwrap(), 1), (Dims::new(2, 3, 1, 3).unwrap(), 2)] {
            let p = EncDecParams::init(dims, 6, 7, seed);
            for (name, err) in gradient_check(&p, &[1, 4, 2, 5], &[3, 6, 1], 0) {
                assert!(err < 1e-6, "{name}: relative error {err:e} with {dims:?}");
            }
        }
    }

    #[test]
    fn only_the_last_state_reaches_the_decoder() {
        // Two sources that differ only in their first word still give
        // different outputs (the GRU carried it), through h_{T_x} alone.
        let p = EncDecParams::init(Dims::new(3, 4, 1, 2).unwrap(), 6, 7, 3);
        let a = record(&p, &[1, 2, 3], &[1, 2], 0).1;
        let b = record(&p, &[4, 2, 3], &[1, 2], 0).1;
        assert_ne!(a[0].p, b[0].p);
        let mut g = zeros_like(&p);
        loss_and_backward(&p, &[1, 2, 3], &[1, 2], 0, &mut g);
        assert!(g.E_x.column(5).iter().all(|&v| v == 0.0) && g.E_x.column(1).iter().any(|&v| v != 0.0));
    }
}
