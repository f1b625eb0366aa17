//! Exercise 12 · the entropy of α (diagnostics for step 10)
//!
//! How focused is an attention row? Entropy says it in one number: 0 when all
//! the weight is on one word, ln T_x when it is spread evenly. Masked rows hold
//! exact zeros, and 0 · ln 0 is taken as 0 (its limit).
//!
//! Formula:  H(α) = −Σ_i α_i ln α_i   (in nats)
//! Shapes:   alpha (T_x) → a number
//! Read:     chapters/diagnostics.md
//! Useful:   alpha.iter(), f64::ln, .filter(…), .sum::<f64>()
//! Check:    cargo test --test exercises   (stuck? `hint 12` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Vector;

pub fn entropy(alpha: &Vector) -> f64 {
    // TODO: the entropy of the weights, in nats.
    todo!()
}
