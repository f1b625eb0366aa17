//! Exercise 13 · the coverage of each source word (diagnostics for step 14)
//!
//! Over a whole translation, how much attention did each source word receive?
//! About 1 means it was translated once; near 0, it was skipped; well above 1,
//! it may have been translated twice.
//!
//! Formula:  cov_i = Σ_t α_{t,i}   (row t of A is α_t)
//! Shapes:   a (T_y, T_x) → cov (T_x)
//! Read:     chapters/diagnostics.md
//! Useful:   a.column(i).sum(), Vector::from_fn(n, |i, _| …)
//! Check:    cargo test --test exercises   (stuck? `hint 13` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn coverage(a: &Mat) -> Vector {
    // TODO: one number per source word.
    todo!()
}
