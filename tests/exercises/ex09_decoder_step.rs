//! Exercise 9 · the decoder step s_t (step 12)
//!
//! The decoder is the GRU of exercise 2 with one more input: the context c_t,
//! which enters all three of its gates through the weights C_z, C_r and C.
//!
//! Formula:  z   = σ(W_z y + U_z s_{t-1} + C_z c_t)
//!           r   = σ(W_r y + U_r s_{t-1} + C_r c_t)
//!           s~  = tanh(W y + U (r ∘ s_{t-1}) + C c_t)
//!           s_t = (1 − z) ∘ s_{t-1} + z ∘ s~
//!           (y = E_y y_{t-1}, the embedding of the previous target word)
//! Shapes:   dec.w* (n, m), dec.u* (n, n), cw.c, cw.c_z, cw.c_r (n, 2n);
//!           y_prev_emb (m), s_prev (n), c_t (2n) → s_t (n)
//! Read:     chapters/steps/12-decoder-state.md
//! Useful:   bahdanau::model::gru::sigmoid, a.component_mul(&b), v.map(f64::tanh)
//! Check:    cargo test --test exercises   (stuck? `hint 9` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{ContextWeights, Gru, Vector};

pub fn decoder_step(dec: &Gru, cw: &ContextWeights, y_prev_emb: &Vector, s_prev: &Vector, c_t: &Vector) -> Vector {
    // TODO: the GRU step with the context terms, returning s_t.
    todo!()
}
