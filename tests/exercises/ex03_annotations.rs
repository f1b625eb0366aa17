//! Exercise 3 · the bidirectional concatenation (step 04)
//!
//! The forward GRU has read words 1 … i, the backward GRU words T_x … i. The
//! annotation of word i stacks both, so it describes the word in the context
//! of the whole sentence. Both inputs are already in source order: column i of
//! h_bwd is ←h_i.
//!
//! Formula:  h_i = [→h_i; ←h_i]
//! Shapes:   h_fwd (n, T_x), h_bwd (n, T_x) → H (2n, T_x)
//! Read:     chapters/steps/04-annotations.md
//! Useful:   Mat::from_fn(rows, cols, |r, c| …), h_fwd.nrows(), h_fwd.ncols()
//! Check:    cargo test --test exercises   (stuck? `hint 3` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Mat;

pub fn annotations(h_fwd: &Mat, h_bwd: &Mat) -> Mat {
    // TODO: stack →h on top of ←h, column by column.
    todo!()
}
