//! Exercise 6 · a stable softmax (step 10)
//!
//! The energies become attention weights α_t: positive, summing to 1. In f64,
//! exp(710) is already ∞, and energies of a trained model can be large, so the
//! textbook formula needs one change that alters nothing mathematically.
//!
//! Formula:  softmax(e)_i = exp(e_i − max e) / Σ_j exp(e_j − max e)
//! Shapes:   e (T_x) → α (T_x)
//! Read:     chapters/steps/10-softmax.md
//! Useful:   e.max(), e.map(|v| …), v.sum(), v / number
//! Check:    cargo test --test exercises   (stuck? `hint 6` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Vector;

pub fn softmax(e: &Vector) -> Vector {
    // TODO: subtract the max, exponentiate, normalise.
    todo!()
}
