//! The decoder's state: s_0 from the encoder, then one GRU step per target
//! word, fed the previous word, the previous state and the context.

use super::gru::{ContextWeights, Gru, GruInputGrads, GruStep, gru_step, gru_step_backward};
use super::{Mat, Vector};

// ANCHOR: initial_state
/// s_0 = tanh(W_s ←h_1): the backward state at the first word has read the
/// whole sentence.
pub fn initial_state(w_s: &Mat, h_bwd_first: &Vector) -> Vector {
    (w_s * h_bwd_first).map(f64::tanh) // (n, n)·(n) → (n)
}
// ANCHOR_END: initial_state

// ANCHOR: initial_state_backward
/// ∂a = ∂s_0 ∘ (1 − s_0²) for a = W_s ←h_1; ∂W_s += ∂a ←h_1ᵀ; returns ∂←h_1 = W_sᵀ ∂a.
pub fn initial_state_backward(w_s: &Mat, h_bwd_first: &Vector, s_0: &Vector, d_s0: &Vector, d_w_s: &mut Mat) -> Vector {
    let d_a = d_s0.zip_map(s_0, |d, s| d * (1.0 - s * s)); // (n)
    d_w_s.ger(1.0, &d_a, h_bwd_first, 1.0); // (n, n)
    w_s.tr_mul(&d_a) // (n)
}
// ANCHOR_END: initial_state_backward

// ANCHOR: decoder_step
/// s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c_t): the GRU with the C terms.
pub fn decoder_step(
    dec: &Gru,
    cw: &ContextWeights,
    y_prev_emb: &Vector, // (m): E_y y_{t−1}
    s_prev: &Vector,     // (n): s_{t−1}
    c_t: &Vector,        // (2n)
) -> GruStep {
    gru_step(dec, y_prev_emb, s_prev, Some((cw, c_t))) // (n)
}
// ANCHOR_END: decoder_step

// ANCHOR: decoder_step_backward
/// The decoder step is a GRU step with the C terms: its backward is the GRU's.
pub fn decoder_step_backward(
    (dec, cw): (&Gru, &ContextWeights),
    (y_prev_emb, s_prev, c_t): (&Vector, &Vector, &Vector),
    step: &GruStep,
    d_s: &Vector,
    (d_dec, d_cw): (&mut Gru, &mut ContextWeights),
) -> GruInputGrads {
    gru_step_backward(dec, y_prev_emb, s_prev, Some((cw, c_t, d_cw)), step, d_s, d_dec)
}
// ANCHOR_END: decoder_step_backward

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn initial_state_by_hand() {
        let w_s = Mat::from_row_slice(2, 2, &[1.0, 0.0, 0.5, -1.0]);
        let s0 = initial_state(&w_s, &Vector::from_vec(vec![0.2, 0.4]));
        assert_relative_eq!(s0[0], 0.2f64.tanh(), epsilon = 1e-15);
        assert_relative_eq!(s0[1], (-0.3f64).tanh(), epsilon = 1e-15);
    }
}
