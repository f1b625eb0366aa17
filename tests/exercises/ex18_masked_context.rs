//! Exercise 18 · the context of a padded batch (steps 10 and 11)
//!
//! A batch holds B sentences of different lengths, padded to one T_x.
//! `h[b]` is sentence b's annotations (2n, T_x); its padding columns hold
//! whatever the encoder left there (in one case, NaN). Row b of `e` holds its
//! energies and `mask[(b, i)]` is 1.0 at a real token, 0.0 at padding. Padding
//! must contribute exactly nothing: no weight in the softmax, and no part of
//! the sum. Every sentence has at least one real token.
//!
//! Formula:  max_b = the largest e[b, j] over the real j only
//!           α_{b,i} = exp(e[b, i] − max_b) / Σ_{j real} exp(e[b, j] − max_b)   for real i
//!           c_b = Σ_{i real} α_{b,i} h_{b,i}                                   (column b of C)
//! Shapes:   h: B matrices (2n, T_x), e (B, T_x), mask (B, T_x) → C (2n, B)
//! Read:     chapters/steps/10-softmax.md (Masking padded positions)
//! Useful:   h[b].select_columns(&real), Mat::from_columns(&cs), Vector::from_vec(v)
//! Check:    cargo test --test exercises   (stuck? `hint 18` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Mat;

pub fn masked_context(h: &[Mat], e: &Mat, mask: &Mat) -> Mat {
    // TODO: one context per sentence, reading only its real tokens.
    todo!()
}
