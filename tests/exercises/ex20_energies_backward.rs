//! Exercise 20 · the backward pass from ∂e to ∂v_a and ∂Z
//!
//! The energies are e_i = v_aᵀ u_i, where u_i = tanh(z_i) is column i of the
//! tanh layer u (step 08's u_{t,i}, `hidden` in the REPL) and
//! z_i = W_a s_{t−1} + U_a h_i its pre-activation (steps 08 and 09). Given the gradient that reached the energies (from exercise 14's
//! softmax backward pass), return the gradient of v_a and the gradient of
//! the pre-activation Z, from which W_a and U_a get theirs.
//!
//! Formula:  ∂v_a = Σ_i ∂e_i u_i = u ∂e
//!           ∂u   = v_a ∂eᵀ                 (column i: v_a ∂e_i)
//!           ∂Z   = ∂u ∘ (1 − u²)           (tanh′(z) = 1 − tanh²(z))
//! Shapes:   u (n', T_x), the tanh's output; v_a (n'); grad_e (T_x)
//!           → (grad_v_a (n'), grad_z (n', T_x))
//! Read:     chapters/training.md (the gradient at the energies)
//! Useful:   u * grad_e; v_a * grad_e.transpose(); m.zip_map(u, |g, u| …)
//! Check:    cargo test --test exercises   (stuck? `hint 20` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn energies_backward(u: &Mat, v_a: &Vector, grad_e: &Vector) -> (Vector, Mat) {
    // TODO: ∂v_a, then ∂u, then through the tanh to ∂Z.
    todo!()
}
