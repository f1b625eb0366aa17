//! The decoder's state: s_0 from the encoder, then one GRU step per target
//! word, fed the previous word, the previous state and the context.

use super::gru::{ContextWeights, Gru, GruStep, gru_step};
use super::{Mat, Vector};

// ANCHOR: initial_state
/// s_0 = tanh(W_s ←h_1): the backward state at the first word has read the
/// whole sentence.
pub fn initial_state(w_s: &Mat, h_bwd_first: &Vector) -> Vector {
    (w_s * h_bwd_first).map(f64::tanh) // (n, n)·(n) → (n)
}
// ANCHOR_END: initial_state

// ANCHOR: decoder_step
/// s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c_t): the GRU with the C terms.
pub fn decoder_step(dec: &Gru, cw: &ContextWeights, y_prev_emb: &Vector, s_prev: &Vector, c_t: &Vector) -> GruStep {
    gru_step(dec, y_prev_emb, s_prev, Some((cw, c_t))) // (m), (n), (2n) → (n)
}
// ANCHOR_END: decoder_step

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
