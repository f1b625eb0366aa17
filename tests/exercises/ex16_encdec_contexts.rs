//! Exercise 16 · RNNencdec's fixed context c at every step
//!
//! The paper's baseline, RNNencdec, has no attention. Its encoder reads the
//! sentence in one direction; the last state h_{T_x} is squashed into one
//! summary c, and every decoder step reads that same c (RNNsearch reads a new
//! c_t at each step instead). Return the context of every step as columns.
//!
//! Formula:  c = tanh(V h_{T_x});   column t of C is c, for t = 1 … T_y
//! Shapes:   v (n, n), h (n, T_x) encoder states as columns, t_y → C (n, T_y)
//! Read:     chapters/bottleneck-experiment.md (the two models)
//! Useful:   h.column(h.ncols() - 1), v.map(f64::tanh), Mat::from_fn(rows, cols, |k, t| …)
//! Check:    cargo test --test exercises   (stuck? `hint 16` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Mat;

pub fn encdec_contexts(v: &Mat, h: &Mat, t_y: usize) -> Mat {
    // TODO: the summary c, once, as the context of every decoder step.
    todo!()
}
