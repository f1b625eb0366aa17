//! A beam search the session holds: the search itself, the encoding it
//! reads, and what a beam command shows of it.

use crate::decode::beam::{Beam, Norm, Ranked, choose};
use crate::decode::step::Encoded;
use crate::model::Vector;

/// A beam search in progress on the session's source.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamRun {
    pub beam: Beam<Vector>,
    /// H, U_a H and s_0: computed once, read by every hypothesis.
    pub enc: Encoded,
    pub norm: Norm,
    /// Greedy decoding with the same length limit, to compare with, its
    /// log-probability and its score under `norm`.
    pub greedy: Vec<usize>,
    pub greedy_log_p: f64,
    pub greedy_score: f64,
    /// The translation the ranking is set beside.
    pub reference: BeamReference,
}

/// The reference a beam's ranking is compared with.
#[derive(Clone, Debug, PartialEq)]
pub enum BeamReference {
    /// On the real corpus, the source is test sentence `index`, whose reference this is.
    Test { index: usize, words: Vec<String> },
    /// On the real corpus, a source that is not the corpus's test sentence.
    NotTest,
    /// The toy grammar's translation of the source.
    Toy(Vec<String>),
    /// A source outside the toy grammar.
    OutsideToy,
}

impl BeamRun {
    /// The finished hypotheses ranked (while the search runs: so far).
    pub fn ranked(&self) -> Vec<Ranked> {
        choose(&self.beam.finished, self.norm)
    }
}

/// What a beam command shows; the run itself is the session's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeamShow {
    /// The positions `from` … the last done, then the ranking if the search ended.
    Steps { from: usize },
    /// Hypothesis h's α rows: the last one (`show alpha h=N`) or all (`alignment h=N`).
    Alpha { h: usize, all: bool },
}

/// The hypotheses of the last table, numbered from 1: words and α rows.
pub fn hypotheses(run: &BeamRun) -> Vec<(Vec<usize>, Vec<Vector>)> {
    if run.beam.done() {
        run.ranked().into_iter().map(|r| (r.words, r.alpha)).collect()
    } else {
        run.beam.live.iter().map(|h| (h.words.clone(), h.alpha.clone())).collect()
    }
}
