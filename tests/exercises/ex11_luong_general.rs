//! Exercise 11 · Luong's general score
//!
//! The dot score compares h_t and h̄_i coordinate by coordinate; the general
//! score first maps the source state through a learned matrix W_a.
//!
//! Formula:  e_i = h_tᵀ W_a h̄_i
//! Shapes:   h_t (d), w_a (d, d), h_bar (d, T_x) → e (T_x)
//! Read:     chapters/score-functions.md
//! Useful:   w_a * h_bar, m.transpose() * v
//! Check:    cargo test --test exercises   (stuck? `hint 11` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn luong_general(h_t: &Vector, w_a: &Mat, h_bar: &Mat) -> Vector {
    // TODO: one score per column of h̄.
    todo!()
}
