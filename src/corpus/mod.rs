//! Parallel corpora: the toy grammar, the length-graded corpus grown from it,
//! and their common shape, so that training, the experiments and the REPL
//! read any of them the same way.

pub mod graded;
pub mod real;
pub mod toy;

use crate::vocab::Vocab;

/// One sentence pair as token ids, each ending in <eos>.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    pub source: Vec<usize>,
    pub target: Vec<usize>,
}

impl Pair {
    /// The source length in words, its <eos> not counted.
    pub fn source_words(&self) -> usize {
        self.source.len().saturating_sub(1)
    }
}

/// A parallel corpus: the two vocabularies its ids index, and three disjoint
/// splits (training, held-out for choices made while training, test for the
/// final measurement only).
#[derive(Clone, Debug, PartialEq)]
pub struct ParallelCorpus {
    pub source: Vocab,
    pub target: Vocab,
    pub train: Vec<Pair>,
    pub held_out: Vec<Pair>,
    pub test: Vec<Pair>,
}

/// Counts that describe a corpus: pairs per split, vocabulary sizes, and how
/// many pairs (all splits) have each source length in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub train: usize,
    pub held_out: usize,
    pub test: usize,
    pub source_vocab: usize,
    pub target_vocab: usize,
    /// `lengths[w]`: pairs whose source has w words.
    pub lengths: Vec<usize>,
}

impl ParallelCorpus {
    /// The three splits in order: training, held-out, test.
    pub fn splits(&self) -> [(&'static str, &[Pair]); 3] {
        [("train", &self.train), ("held-out", &self.held_out), ("test", &self.test)]
    }

    pub fn stats(&self) -> Stats {
        let mut lengths = Vec::new();
        for pair in self.splits().iter().flat_map(|(_, s)| s.iter()) {
            let w = pair.source_words();
            if lengths.len() <= w {
                lengths.resize(w + 1, 0);
            }
            lengths[w] += 1;
        }
        Stats {
            train: self.train.len(),
            held_out: self.held_out.len(),
            test: self.test.len(),
            source_vocab: self.source.len(),
            target_vocab: self.target.len(),
            lengths,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_count_every_split_and_length() {
        let c = toy::generate(5, 30, 10);
        let s = c.stats();
        assert_eq!((s.train, s.held_out, s.test), (30, 10, 1));
        assert_eq!((s.source_vocab, s.target_vocab), (Vocab::source().len(), Vocab::target().len()));
        assert_eq!(s.lengths.iter().sum::<usize>(), 41);
        assert!(s.lengths[c.test[0].source_words()] > 0);
    }
}
