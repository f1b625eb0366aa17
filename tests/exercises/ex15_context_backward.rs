//! Exercise 15 · the backward pass of c_t = H α_t
//!
//! Training sends the gradient of the loss back through every step. At the
//! context, c = H α = Σ_i α_i h_i is linear in α, so the gradient that reaches
//! α_i is the dot product of h_i with the gradient that reached c. (From ∂α,
//! exercise 14's softmax backward pass takes it on to the energies.)
//!
//! Formula:  ∂L/∂α_i = h_iᵀ ∂L/∂c        (all at once: ∂α = Hᵀ ∂c)
//! Shapes:   h (2n, T_x), alpha (T_x), grad_c (2n) → grad_alpha (T_x)
//! Read:     chapters/training.md
//! Useful:   h.tr_mul(&v) is Hᵀ v; h.column(i).dot(&v)
//! Check:    cargo test --test exercises   (stuck? `hint 15` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn context_backward(h: &Mat, alpha: &Vector, grad_c: &Vector) -> Vector {
    // TODO: the gradient with respect to α (α itself may not be needed).
    todo!()
}
