//! The two vocabularies: an English-like source and a French-like target in
//! which adjectives follow the noun and agree with its gender.

/// The end-of-sentence token, last in every sentence on both sides.
pub const EOS: &str = "<eos>";
/// The token fed to the decoder as y_0.
pub const BOS: &str = "<bos>";

const SOURCE_WORDS: &[&str] = &[
    EOS,
    "the",
    "a", // determiners
    "and",
    "European",
    "Economic",
    "Social",
    "Common",
    "Monetary",
    "Central", // adjectives
    "Area",
    "Market",
    "Policy",
    "Bank",
    "Council",
    "Union",
    "Fund",
    "Agreement", // nouns
];

const TARGET_WORDS: &[&str] = &[
    BOS,
    EOS,
    "la",
    "le",
    "une",
    "un", // determiners, feminine then masculine
    "et",
    "zone",
    "marché",
    "politique",
    "banque",
    "conseil",
    "union",
    "fonds",
    "accord", // nouns
    "européenne",
    "européen",
    "économique",
    "sociale",
    "social",
    "commune",
    "commun",
    "monétaire",
    "centrale",
    "central", // adjectives, feminine before masculine where they differ
];

/// A list of tokens; a token's id is its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vocab {
    tokens: Vec<String>,
}

impl Vocab {
    pub fn source() -> Vocab {
        Vocab::from_words(SOURCE_WORDS)
    }

    pub fn target() -> Vocab {
        Vocab::from_words(TARGET_WORDS)
    }

    /// A vocabulary of these tokens, ids in order (a corpus's shortlist).
    pub fn from_tokens(tokens: Vec<String>) -> Vocab {
        Vocab { tokens }
    }

    fn from_words(words: &[&str]) -> Vocab {
        Vocab { tokens: words.iter().map(|w| w.to_string()).collect() }
    }

    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    pub fn token(&self, id: usize) -> &str {
        &self.tokens[id]
    }

    /// The id of `word`. An unknown word is named in the error, with the
    /// known word it most likely meant (by edit distance, case ignored) if any.
    /// The token `word` names: itself, or else the one token that differs
    /// from it only in case ("european" → "European").
    pub fn any_case(&self, word: &str) -> Option<&str> {
        if let Some(t) = self.tokens.iter().find(|t| *t == word) {
            return Some(t);
        }
        let lower = word.to_lowercase();
        let mut same = self.tokens.iter().filter(|t| t.to_lowercase() == lower);
        match (same.next(), same.next()) {
            (Some(t), None) => Some(t),
            _ => None,
        }
    }

    pub fn id(&self, word: &str) -> Result<usize, String> {
        if let Some(i) = self.tokens.iter().position(|t| t == word) {
            return Ok(i);
        }
        use crate::text::errors as E;
        let hint = match crate::suggest::nearest(word, self.tokens.iter().map(String::as_str)) {
            Some(t) => E::DID_YOU_MEAN_TOKEN.fill(&[("token", &t)]),
            None => String::new(),
        };
        Err(E::UNKNOWN_TOKEN.fill(&[("word", &word), ("hint", &hint), ("tokens", &self.tokens.join(" "))]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        let v = Vocab::target();
        for (i, t) in v.tokens().iter().enumerate() {
            assert_eq!(v.id(t), Ok(i));
        }
    }

    #[test]
    fn unknown_token_is_named_with_a_suggestion() {
        let err = Vocab::source().id("european").unwrap_err();
        assert!(err.contains("\"european\""), "{err}");
        assert!(err.contains("did you mean \"European\""), "{err}");
    }
}
