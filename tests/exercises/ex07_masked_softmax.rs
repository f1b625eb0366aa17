//! Exercise 7 · a masked softmax over a padded batch (step 10)
//!
//! Sentences in a batch have different lengths, so the short ones are padded.
//! Row b of `e` holds sentence b's energies; `mask[(b, i)]` is 1.0 at a real
//! token and 0.0 at padding. Attention must never look at padding: padding
//! gets weight exactly 0, and each row is a softmax over its real tokens.
//! Every row has at least one real token.
//!
//! Formula:  α[b, i] = exp(e[b, i] − max_b) / Σ_{j real} exp(e[b, j] − max_b)   where mask[b, i] = 1
//!           α[b, i] = 0                                                        where mask[b, i] = 0
//!           (max_b: the largest energy among row b's real tokens)
//! Shapes:   e (B, T_x), mask (B, T_x) → α (B, T_x)
//! Read:     chapters/steps/10-softmax.md
//! Useful:   Mat::zeros(rows, cols), e.row(b), f64::NEG_INFINITY, f64::max
//! Check:    cargo test --test exercises   (stuck? `hint 7` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Mat;

pub fn masked_softmax(e: &Mat, mask: &Mat) -> Mat {
    // TODO: a softmax for each row, over its real tokens only.
    todo!()
}
