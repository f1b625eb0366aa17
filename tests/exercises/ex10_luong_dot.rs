//! Exercise 10 · Luong's dot score
//!
//! Luong, Pham and Manning (2015) score with the decoder's *current* state h_t
//! and no parameters at all: one dot product per source state. (Both have the
//! same size d here.)
//!
//! Formula:  e_i = h_tᵀ h̄_i
//! Shapes:   h_t (d), h_bar (d, T_x) → e (T_x)
//! Read:     chapters/score-functions.md
//! Useful:   h_bar.column(i).dot(h_t), h_bar.transpose() * h_t
//! Check:    cargo test --test exercises   (stuck? `hint 10` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn luong_dot(h_t: &Vector, h_bar: &Mat) -> Vector {
    // TODO: one score per column of h̄.
    todo!()
}
