//! A length-graded corpus for the experiments: the toy grammar of
//! [`super::toy`] grown to long sentences by joining noun phrases
//! with "and", from 3 to 45 source words. Reordering inside each phrase and
//! gender agreement stay, so a model still has to find the right source word
//! for every target word; only now there are up to 45 of them.
//!
//! ```text
//! the Central Bank and a Common Social Policy and Market
//!   → la banque centrale et une politique sociale commune et marché
//! ```

use std::collections::HashSet;

use super::toy::{ids, noun_phrase, translate};
use super::{Pair, ParallelCorpus};
use crate::model::rng::SeededRng;
use crate::vocab::Vocab;

/// Source words (not counting <eos>) of the shortest and the longest sentence.
pub const MIN_WORDS: usize = 3;
pub const MAX_WORDS: usize = 45;
/// The width of a length bucket, as on the x-axis of the paper's Figure 2.
pub const BUCKET: usize = 5;

/// The bucket of a sentence of `words` source words: 0 for 1–5, 1 for 6–10, …
pub fn bucket_of(words: usize) -> usize {
    words.saturating_sub(1) / BUCKET
}

/// How many buckets there are: 1–5 … 41–45.
pub fn bucket_count() -> usize {
    bucket_of(MAX_WORDS) + 1
}

/// "1–5", "6–10", …: the bucket's source lengths, in words.
pub fn bucket_label(b: usize) -> String {
    format!("{}–{}", (b * BUCKET + 1).max(MIN_WORDS), (b + 1) * BUCKET)
}

/// How many sentences of each split, and the seed they are drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorpusSpec {
    pub seed: u64,
    /// Training pairs, lengths drawn uniformly from MIN_WORDS … MAX_WORDS.
    pub n_train: usize,
    /// Held-out and test pairs per length bucket.
    pub held_out_per_bucket: usize,
    pub test_per_bucket: usize,
}

// ANCHOR: sentence_of
/// One English sentence of about `words` words: noun phrases joined by "and"
/// until the next would not fit (so it may stop a word short).
fn sentence_of(rng: &mut SeededRng, words: usize) -> Vec<&'static str> {
    let mut en = noun_phrase(rng, words);
    while en.len() + 2 <= words {
        let room = words - en.len() - 1;
        en.push("and");
        en.extend(noun_phrase(rng, room));
    }
    en
}
// ANCHOR_END: sentence_of

/// The source length, in words, of a pair (its <eos> not counted).
pub fn words(pair: &Pair) -> usize {
    pair.source.len() - 1
}

/// Draws the splits from `spec.seed`: test and held-out first, bucket by
/// bucket, then the training pairs; no pair appears twice. The test split has
/// the same count in every bucket.
pub fn generate(spec: CorpusSpec) -> ParallelCorpus {
    let (sv, tv) = (Vocab::source(), Vocab::target());
    let mut rng = SeededRng::new(spec.seed);
    let mut seen: HashSet<Pair> = HashSet::new();
    let mut draw = |rng: &mut SeededRng, lo: usize, hi: usize| loop {
        let len = lo + (rng.uniform01() * (hi - lo + 1) as f64) as usize;
        let en = sentence_of(rng, len);
        if en.len() < lo.max(MIN_WORDS) {
            continue; // one word short of the bucket: draw again
        }
        let fr = translate(&en).expect("sentence_of draws only lexicon words");
        let pair = Pair { source: ids(&sv, &en), target: ids(&tv, &fr) };
        if seen.insert(pair.clone()) {
            return pair;
        }
    };
    let per_bucket = |rng: &mut SeededRng, draw: &mut dyn FnMut(&mut SeededRng, usize, usize) -> Pair, n| {
        let mut out = Vec::new();
        for b in 0..bucket_count() {
            let (lo, hi) = ((b * BUCKET + 1).max(MIN_WORDS), (b + 1) * BUCKET);
            out.extend((0..n).map(|_| draw(rng, lo, hi)));
        }
        out
    };
    let test = per_bucket(&mut rng, &mut draw, spec.test_per_bucket);
    let held_out = per_bucket(&mut rng, &mut draw, spec.held_out_per_bucket);
    let train = (0..spec.n_train).map(|_| draw(&mut rng, MIN_WORDS, MAX_WORDS)).collect();
    ParallelCorpus { source: sv, target: tv, train, held_out, test }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: CorpusSpec = CorpusSpec { seed: 3, n_train: 300, held_out_per_bucket: 5, test_per_bucket: 50 };

    #[test]
    fn buckets_are_five_words_wide() {
        assert_eq!((bucket_of(3), bucket_of(5), bucket_of(6), bucket_of(45)), (0, 0, 1, 8));
        assert_eq!(bucket_count(), 9);
        assert_eq!((bucket_label(0), bucket_label(8)), ("3–5".to_string(), "41–45".to_string()));
    }

    #[test]
    fn splits_are_disjoint_deterministic_and_fill_every_bucket() {
        let c = generate(SMALL);
        assert_eq!(c, generate(SMALL));
        let all: HashSet<&Pair> = c.train.iter().chain(&c.held_out).chain(&c.test).collect();
        assert_eq!(all.len(), c.train.len() + c.held_out.len() + c.test.len());
        for b in 0..bucket_count() {
            assert_eq!(c.test.iter().filter(|p| bucket_of(words(p)) == b).count(), 50, "bucket {b}");
        }
        let lens: Vec<usize> = c.train.iter().map(words).collect();
        assert!(*lens.iter().min().unwrap() >= MIN_WORDS && *lens.iter().max().unwrap() <= MAX_WORDS);
        assert!(lens.iter().any(|&l| l >= 40), "the training split reaches long sentences");
    }

    #[test]
    fn long_sentences_keep_the_grammar() {
        let (sv, tv) = (Vocab::source(), Vocab::target());
        let c = generate(SMALL);
        let long = c.test.iter().max_by_key(|p| p.source.len()).unwrap();
        let en: Vec<&str> = long.source[..long.source.len() - 1].iter().map(|&i| sv.token(i)).collect();
        let fr: Vec<&str> = long.target[..long.target.len() - 1].iter().map(|&i| tv.token(i)).collect();
        assert_eq!(translate(&en).unwrap(), fr);
        assert!(en.iter().filter(|w| **w == "and").count() >= 5, "{en:?}");
    }
}
