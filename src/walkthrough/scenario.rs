//! What one walkthrough translates: a seed, the dimensions and a sentence pair.

use std::sync::Arc;

use crate::model::Dims;
use crate::vocab::{EOS, Vocab};

/// The longest sentence accepted, <eos> included.
pub const MAX_LEN: usize = 50;

pub const DEFAULT_SEED: u64 = 2014;
/// The default pair is the toy corpus's held-out sentence (the crossing of
/// the paper's Figure 3).
pub use crate::corpus::toy::{DEFAULT_SOURCE, DEFAULT_TARGET};

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub seed: u64,
    pub dims: Dims,
    pub source: Vec<String>,
    pub target: Vec<String>,
    /// The vocabularies of a corpus other than the toy grammar's; None: the toy's.
    pub corpus: Option<Arc<CorpusVocab>>,
}

/// A corpus's shortlists, which the walkthrough's ids index, and its name.
#[derive(Debug, PartialEq)]
pub struct CorpusVocab {
    /// One word for the prompt: "real".
    pub name: &'static str,
    pub source: Vocab,
    pub target: Vocab,
    /// The test sentence the walkthrough started on, with its reference.
    pub test: Option<TestPair>,
}

/// A test sentence of the corpus: its index in the test split, the source
/// as the walkthrough holds it (words outside the shortlist as `<unk>`,
/// then `<eos>`) and the reference's own words.
#[derive(Debug, PartialEq)]
pub struct TestPair {
    pub index: usize,
    pub source: Vec<String>,
    pub reference: Vec<String>,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            seed: DEFAULT_SEED,
            dims: Dims::DEFAULT,
            source: split(DEFAULT_SOURCE),
            target: split(DEFAULT_TARGET),
            corpus: None,
        }
    }
}

fn split(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The tokens of a sentence, and each word taken for a token of another case: (typed, token).
pub type CaseFreeParse = (Vec<String>, Vec<(String, String)>);

/// [`parse_sentence`], taking a word that differs from a known token only in
/// case as that token; also returns each word so taken, once: (typed, token).
pub fn parse_sentence_any_case(text: &str, vocab: &Vocab) -> Result<CaseFreeParse, String> {
    let mut taken: Vec<(String, String)> = Vec::new();
    let words: Vec<String> = split(text)
        .into_iter()
        .map(|w| match vocab.any_case(&w) {
            Some(t) if t != w => {
                let pair = (w, t.to_string());
                if !taken.contains(&pair) {
                    taken.push(pair);
                }
                t.to_string()
            }
            _ => w,
        })
        .collect();
    parse_sentence(&words.join(" "), vocab).map(|tokens| (tokens, taken))
}

/// Splits `text` into tokens, appends <eos> if it is missing, and checks
/// every token against `vocab` and the length against 1 … MAX_LEN.
pub fn parse_sentence(text: &str, vocab: &Vocab) -> Result<Vec<String>, String> {
    let mut tokens = split(text);
    if tokens.last().map(String::as_str) != Some(EOS) {
        tokens.push(EOS.to_string());
    }
    if tokens.len() == 1 {
        return Err(crate::text::errors::EMPTY_SENTENCE.get().into());
    }
    if tokens.len() > MAX_LEN {
        return Err(crate::text::errors::SENTENCE_TOO_LONG.fill(&[("n", &tokens.len()), ("limit", &MAX_LEN)]));
    }
    if let Some(pos) = tokens[..tokens.len() - 1].iter().position(|t| t == EOS) {
        return Err(crate::text::errors::EOS_INSIDE.fill(&[("pos", &(pos + 1))]));
    }
    for t in &tokens {
        vocab.id(t)?;
    }
    Ok(tokens)
}

impl Scenario {
    pub fn source_vocab(&self) -> Vocab {
        self.corpus.as_ref().map_or_else(Vocab::source, |c| c.source.clone())
    }

    pub fn target_vocab(&self) -> Vocab {
        self.corpus.as_ref().map_or_else(Vocab::target, |c| c.target.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eos_is_appended_once() {
        let v = Vocab::source();
        assert_eq!(parse_sentence("the Area", &v).unwrap(), ["the", "Area", EOS]);
        assert_eq!(parse_sentence("the Area <eos>", &v).unwrap(), ["the", "Area", EOS]);
    }

    #[test]
    fn bad_sentences_are_refused_with_the_reason() {
        let v = Vocab::source();
        assert!(parse_sentence("  ", &v).unwrap_err().contains("empty"));
        assert!(parse_sentence(&"the ".repeat(50), &v).unwrap_err().contains("limit is 50"));
        assert!(parse_sentence("the <eos> Area", &v).unwrap_err().contains("position 2"));
        assert!(parse_sentence("the Zone", &v).unwrap_err().contains("\"Zone\""));
    }

    #[test]
    fn default_sentences_are_in_the_vocabularies() {
        let s = Scenario::default();
        assert_eq!(parse_sentence(DEFAULT_SOURCE, &s.source_vocab()).unwrap(), s.source);
        assert_eq!(parse_sentence(DEFAULT_TARGET, &s.target_vocab()).unwrap(), s.target);
    }
}
