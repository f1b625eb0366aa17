//! Exercise 4 · the broadcast sum W_a s_{t-1} + U_a h_i (step 08)
//!
//! The decoder's question (the query W_a s_{t-1}, one vector) is compared with
//! every source word's key (U_a h_i, one column each). The first move is to add
//! the same query to every key column.
//!
//! Formula:  pre[k, i] = (W_a s_{t-1})[k] + (U_a H)[k, i]
//! Shapes:   wa_s (n'), ua_h (n', T_x) → pre (n', T_x)
//! Read:     chapters/steps/08-tanh.md
//! Useful:   Mat::from_fn(rows, cols, |k, i| …), ua_h.nrows(), ua_h.ncols()
//! Check:    cargo test --test exercises   (stuck? `hint 4` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::{Mat, Vector};

pub fn broadcast_sum(wa_s: &Vector, ua_h: &Mat) -> Mat {
    // TODO: add the query to every column of U_a H.
    todo!()
}
