//! Train / held-out / test, disjoint by source sentence (the builder keeps
//! one pair per source), the test split stratified by source length; and the
//! shortlist vocabularies, chosen by coverage of the training tokens.

use std::collections::HashMap;

use super::build::TokenPair;
use crate::model::rng::SeededRng;

// ANCHOR: splits
/// The width of a length bucket in source words, as in the paper's Figure 2.
pub const BUCKET: usize = 5;
/// The test split takes at most this many sentences from a bucket …
pub const TEST_PER_BUCKET: usize = 100;
/// … and never more than 1 in `TEST_SHARE` of the bucket.
pub const TEST_SHARE: usize = 5;
/// A bucket is measured (drawn in the figures) when it gives the test split
/// at least this many sentences.
pub const MIN_BUCKET: usize = 50;
/// The held-out split: 1 in `HELD_OUT_SHARE` of what is left, at most
/// `HELD_OUT_MAX`.
pub const HELD_OUT_SHARE: usize = 20;
pub const HELD_OUT_MAX: usize = 500;
// ANCHOR_END: splits

/// The bucket of a sentence of `words` source words: 0 for 1–5, 1 for 6–10, …
pub fn bucket_of(words: usize) -> usize {
    words.saturating_sub(1) / BUCKET
}

/// "1–5", "6–10", …
pub fn bucket_label(b: usize) -> String {
    format!("{}–{}", b * BUCKET + 1, (b + 1) * BUCKET)
}

/// The three splits of tokenised pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenSplits {
    pub train: Vec<TokenPair>,
    pub held_out: Vec<TokenPair>,
    pub test: Vec<TokenPair>,
    /// Buckets 0 … measured − 1 hold at least MIN_BUCKET test sentences each.
    pub measured: usize,
}

/// `pairs` shuffled by `seed`, then per bucket the test share taken, then the
/// held-out share of the rest; the remainder trains.
pub fn split(pairs: &[TokenPair], seed: u64) -> TokenSplits {
    let mut order: Vec<usize> = (0..pairs.len()).collect();
    let mut rng = SeededRng::new(seed);
    for i in (1..order.len()).rev() {
        order.swap(i, (rng.uniform01() * (i + 1) as f64) as usize);
    }
    let buckets = pairs.iter().map(|p| bucket_of(p.0.len())).max().map_or(0, |b| b + 1);
    let mut by_bucket: Vec<Vec<usize>> = vec![Vec::new(); buckets];
    for &k in &order {
        by_bucket[bucket_of(pairs[k].0.len())].push(k);
    }
    let (mut test, mut rest) = (Vec::new(), Vec::new());
    let mut measured = 0;
    for (b, ks) in by_bucket.iter().enumerate() {
        let n = TEST_PER_BUCKET.min(ks.len() / TEST_SHARE);
        if n >= MIN_BUCKET && measured == b {
            measured = b + 1;
        }
        test.extend(&ks[..n]);
        rest.extend(&ks[n..]);
    }
    let mut rank = vec![0; pairs.len()];
    order.iter().enumerate().for_each(|(r, &k)| rank[k] = r);
    rest.sort_by_key(|&k| rank[k]); // back to the shuffled order
    let n_held = HELD_OUT_MAX.min(rest.len() / HELD_OUT_SHARE);
    let take = |ks: &[usize]| ks.iter().map(|&k| pairs[k].clone()).collect::<Vec<_>>();
    TokenSplits { held_out: take(&rest[..n_held]), train: take(&rest[n_held..]), test: take(&test), measured }
}

/// The tokens of `sentences` by falling count (ties by the token), and the
/// smallest prefix of them that covers at least `coverage` of all tokens,
/// no longer than `max`.
pub fn shortlist<'a>(sentences: impl Iterator<Item = &'a Vec<String>>, coverage: f64, max: usize) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for s in sentences {
        for t in s {
            *counts.entry(t.as_str()).or_default() += 1;
        }
    }
    let total: usize = counts.values().sum();
    let mut ranked: Vec<(&str, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut covered = 0;
    let mut out = Vec::new();
    for (t, c) in ranked {
        if out.len() >= max || covered as f64 >= coverage * total as f64 {
            break;
        }
        covered += c;
        out.push(t.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(words: usize, k: usize) -> TokenPair {
        let s: Vec<String> = (0..words).map(|i| format!("w{k}_{i}")).collect();
        (s.clone(), s.iter().map(|w| w.to_uppercase()).collect())
    }

    #[test]
    fn the_splits_are_disjoint_and_the_test_stratified() {
        // 600 pairs of 1–5 words, 300 of 6–10, 100 of 11–15
        let pairs: Vec<TokenPair> = (0..1000)
            .map(|k| {
                pair(
                    if k < 600 {
                        1 + k % 5
                    } else if k < 900 {
                        6 + k % 5
                    } else {
                        11 + k % 5
                    },
                    k,
                )
            })
            .collect();
        let s = split(&pairs, 4);
        assert_eq!(s.train.len() + s.held_out.len() + s.test.len(), 1000);
        let mut sources: Vec<&Vec<String>> = s.train.iter().chain(&s.held_out).chain(&s.test).map(|p| &p.0).collect();
        sources.sort();
        sources.dedup();
        assert_eq!(sources.len(), 1000, "no source sentence in two splits");
        let in_bucket = |b| s.test.iter().filter(|p| bucket_of(p.0.len()) == b).count();
        assert_eq!((in_bucket(0), in_bucket(1), in_bucket(2)), (100, 60, 20));
        assert_eq!(s.measured, 2, "the 11–15 bucket gives only 20 test sentences");
        assert_eq!(s.held_out.len(), (1000 - 180) / HELD_OUT_SHARE);
        assert_eq!(s, split(&pairs, 4));
        assert_ne!(s.test, split(&pairs, 5).test);
    }

    #[test]
    fn the_shortlist_is_the_smallest_prefix_by_coverage() {
        let s: Vec<Vec<String>> =
            ["a a a a b b c d", "a b e"].iter().map(|l| l.split(' ').map(String::from).collect()).collect();
        // counts a 5, b 3, c 1, d 1, e 1 of 11
        assert_eq!(shortlist(s.iter(), 0.7, 10), ["a", "b"]);
        assert_eq!(shortlist(s.iter(), 0.8, 10), ["a", "b", "c"]);
        assert_eq!(shortlist(s.iter(), 1.0, 2), ["a", "b"]);
        assert_eq!(bucket_label(1), "6–10");
    }
}
