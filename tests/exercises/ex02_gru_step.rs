//! Exercise 2 · one GRU step, the paper's form (step 02)
//!
//! The encoder reads the sentence one word at a time. At each word the GRU
//! decides how much of its old state to keep (the update gate z) and how much
//! of the old state to use when proposing a new one (the reset gate r).
//! Careful: the paper's GRU is not PyTorch's nn.GRU, in two places.
//!
//! Formula:  z  = σ(W_z x + U_z h_prev)
//!           r  = σ(W_r x + U_r h_prev)
//!           h~ = tanh(W x + U (r ∘ h_prev))
//!           h  = (1 − z) ∘ h_prev + z ∘ h~
//! Shapes:   g.w, g.w_z, g.w_r (n, m); g.u, g.u_z, g.u_r (n, n); x (m); h_prev (n) → h (n)
//! Read:     chapters/steps/02-forward-gru.md
//! Useful:   &g.w_z * x (matrix times vector), a.component_mul(&b) (∘), v.map(f64::tanh),
//!           bahdanau::model::gru::sigmoid
//! Check:    cargo test --test exercises   (stuck? `hint 2` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Gru, Vector};

pub fn gru_step(g: &Gru, x: &Vector, h_prev: &Vector) -> Vector {
    // TODO: compute z, r, h~ and return the new state h.
    todo!()
}
