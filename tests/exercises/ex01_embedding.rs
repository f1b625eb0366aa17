//! Exercise 1 · embedding lookup (step 01)
//!
//! The network cannot compute with words, only with numbers. Every source word
//! has an id, and the embedding matrix E keeps one column of m numbers per word
//! of the vocabulary. Looking a sentence up is picking columns.
//!
//! Formula:  X[:, i] = E[:, ids[i]]
//! Shapes:   E (m, K), ids (T) → X (m, T)
//! Read:     chapters/steps/01-embeddings.md
//! Useful:   Mat::from_fn(rows, cols, |r, c| …), e.nrows(), e[(row, col)]
//! Check:    cargo test --test exercises   (stuck? `hint 1` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

use bahdanau::model::Mat;

pub fn embed(e: &Mat, ids: &[usize]) -> Mat {
    // TODO: build X, column i being column ids[i] of E.
    todo!()
}
