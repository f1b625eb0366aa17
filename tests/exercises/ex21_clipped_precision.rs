//! Exercise 21 · BLEU's clipped n-gram precision, over the corpus
//!
//! BLEU's p_n is the share of the hypotheses' n-grams (windows of n words)
//! that the references also contain. A hypothesis n-gram matches at most as
//! often as its own sentence's reference has it (it is *clipped*), so "the
//! the the the" earns one "the" against a reference with one. Corpus BLEU,
//! the one the paper and this project report, sums the matches and the
//! hypothesis n-grams over every sentence before the one division.
//!
//! Formula:  matched = Σ_s Σ_g min(count of g in hyp_s, count of g in ref_s)
//!           total   = Σ_s (words in hyp_s − n + 1)   (0 when shorter than n)
//!           p_n     = matched / total
//! Shapes:   hyps (sentences), refs (sentences), each a whitespace-separated
//!           sentence; n ≥ 1 → a number (the corpus has at least one n-gram)
//! Read:     chapters/bottleneck-experiment.md (the section on BLEU)
//! Useful:   s.split_whitespace().collect::<Vec<_>>(); words.windows(n);
//!           std::collections::HashMap with *map.entry(k).or_insert(0) += 1
//! Check:    cargo test --test exercises   (stuck? `hint 21` in the REPL)
//! Watch:    cargo run -- watch            (re-checks on every save)

pub fn clipped_precision(hyps: &[&str], refs: &[&str], n: usize) -> f64 {
    // TODO: clipped matches and hypothesis n-grams, summed over the corpus.
    todo!()
}
