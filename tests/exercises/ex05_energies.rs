//! Exercise 5 · the energies e_t (steps 06–09)
//!
//! Before writing target word t, the decoder scores every source word: how
//! well does annotation h_i answer what the decoder, in state s_{t-1}, looks
//! for? Here you are given every decoder state of the translation, as the
//! walkthrough records them: column j of `s` is s_j, for j = 0 … T_y.
//!
//! Formula:  e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i),   i = 1 … T_x
//! Shapes:   w_a (n', n), u_a (n', 2n), v_a (n', 1), s (n, T_y + 1), t in 1 … T_y,
//!           h (2n, T_x) → e_t (T_x)
//! Read:     chapters/steps/09-energies.md
//! Useful:   s.column(j).into_owned(), m.map(f64::tanh), v_a.transpose() * m, m.transpose()
//! Check:    cargo test --test exercises   (stuck? `hint 5` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn energies(w_a: &Mat, u_a: &Mat, v_a: &Mat, s: &Mat, t: usize, h: &Mat) -> Vector {
    // TODO: one energy per source position i.
    todo!()
}
