//! Exercise 17 · BLEU's brevity penalty, over the corpus
//!
//! BLEU multiplies its n-gram precisions by a penalty for translations that
//! are too short. Corpus BLEU, the one the paper and this project report,
//! adds up the lengths of the whole corpus first and computes one penalty:
//! a long sentence may make up for a short one.
//!
//! Formula:  c = Σ_s hyp_lens[s],  r = Σ_s ref_lens[s]
//!           BP = 1 if c > r, else exp(1 − r / c)
//! Shapes:   hyp_lens (sentences), ref_lens (sentences) → a number
//! Read:     chapters/bottleneck-experiment.md (the section on BLEU)
//! Useful:   lens.iter().sum::<usize>() as f64, f64::exp
//! Check:    cargo test --test exercises   (stuck? `hint 17` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

pub fn brevity_penalty(hyp_lens: &[usize], ref_lens: &[usize]) -> f64 {
    // TODO: one penalty for the whole corpus.
    todo!()
}
