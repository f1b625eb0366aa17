//! Exercise 8 · the context vector c_t (step 11)
//!
//! With the weights α_t decided, the decoder reads the source: a weighted
//! average of the annotations, most of it from the words it attends to.
//!
//! Formula:  c_t = Σ_i α_{t,i} h_i  (= H α_t)
//! Shapes:   h (2n, T_x), alpha (T_x) → c_t (2n)
//! Read:     chapters/steps/11-context.md
//! Useful:   h.column(i), Vector::zeros(n), matrix * vector
//! Check:    cargo test --test exercises   (stuck? `hint 8` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn context(h: &Mat, alpha: &Vector) -> Vector {
    // TODO: the α-weighted sum of the columns of H.
    todo!()
}
