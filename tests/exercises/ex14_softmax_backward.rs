//! Exercise 14 · the softmax backward pass
//!
//! Training needs the gradient to flow from the attention weights back to the
//! energies. Each α_j depends on every e_i, so the Jacobian is a full matrix,
//! ∂α_j/∂e_i = α_j (δ_ij − α_i), and it collapses to a short formula.
//!
//! Formula:  ∂L/∂e_i = α_i (g_i − Σ_j g_j α_j),   g = ∂L/∂α
//! Shapes:   alpha (T_x), grad_alpha (T_x) → grad_e (T_x)
//! Read:     chapters/training.md
//! Useful:   grad_alpha.dot(alpha), v.add_scalar(x), a.component_mul(&b)
//! Check:    cargo test --test exercises   (stuck? `hint 14` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Vector;

pub fn softmax_backward(alpha: &Vector, grad_alpha: &Vector) -> Vector {
    // TODO: the gradient with respect to the energies.
    todo!()
}
