//! Scoring by length, the one rule of every experiment: corpus BLEU-4 and
//! exact matches of a split's translations in each bucket of source lengths,
//! then over all of it. The bucket rule is a parameter: the toy corpus's
//! fixed buckets, or the real corpus's, as many as its longest sentence needs.

use super::bleu::BleuStats;
use crate::corpus::graded;
use crate::corpus::real::split;

/// BLEU and exact matches over some sentences of the test split.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub label: String,
    pub sentences: usize,
    pub bleu: f64,
    pub exact: usize,
}

/// How sentences are grouped by their source length in words.
#[derive(Clone, Copy, Debug)]
pub struct Buckets {
    /// The bucket of a source of n words.
    pub of: fn(usize) -> usize,
    /// A bucket's name, such as "6–10".
    pub label: fn(usize) -> String,
    /// How many buckets are scored; `None`: as many as the longest source needs.
    pub count: Option<usize>,
}

impl Buckets {
    /// The length-graded toy corpus: every bucket of 1–5 … 41–45, even an empty one.
    pub fn toy() -> Buckets {
        Buckets { of: graded::bucket_of, label: graded::bucket_label, count: Some(graded::bucket_count()) }
    }

    /// The real corpus: buckets of five words, up to the longest test sentence's.
    pub const REAL: Buckets = Buckets { of: split::bucket_of, label: split::bucket_label, count: None };
}

/// Scores `hyps` against `refs`, sentence k having `lengths[k]` source words,
/// in every bucket of `rule`, and overall.
pub fn score_by_length(rule: Buckets, lengths: &[usize], hyps: &[String], refs: &[String]) -> (Vec<Score>, Score) {
    let count = rule.count.unwrap_or_else(|| lengths.iter().map(|&n| (rule.of)(n) + 1).max().unwrap_or(0));
    let mut buckets: Vec<(BleuStats, usize, usize)> = vec![(BleuStats::default(), 0, 0); count];
    let mut all = (BleuStats::default(), 0, 0);
    for ((&n, h), r) in lengths.iter().zip(hyps).zip(refs) {
        for slot in [&mut buckets[(rule.of)(n)], &mut all] {
            slot.0.add(h, r);
            slot.1 += 1;
            slot.2 += usize::from(h == r);
        }
    }
    let score = |label: String, (stats, n, exact): &(BleuStats, usize, usize)| Score {
        label,
        sentences: *n,
        bleu: stats.bleu(),
        exact: *exact,
    };
    let per = buckets.iter().enumerate().map(|(b, s)| score((rule.label)(b), s)).collect();
    (per, score("all".into(), &all))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toy_buckets_are_all_scored_and_real_ones_up_to_the_longest() {
        let (hyps, refs) = (vec!["a b".to_string(), "c".into()], vec!["a b".to_string(), "d".into()]);
        let (toy, all) = score_by_length(Buckets::toy(), &[3, 7], &hyps, &refs);
        assert_eq!(toy.len(), graded::bucket_count());
        assert_eq!((toy[0].sentences, toy[0].exact, toy[1].sentences, toy[1].exact), (1, 1, 1, 0));
        assert_eq!((all.label.as_str(), all.sentences, all.exact), ("all", 2, 1));
        let (real, _) = score_by_length(Buckets::REAL, &[3, 7], &hyps, &refs);
        assert_eq!(real.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["1–5", "6–10"]);
    }
}
