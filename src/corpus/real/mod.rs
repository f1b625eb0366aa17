//! A real English–French corpus: the LibreOffice help pages, translated by
//! people, as Debian packages them (`libreoffice-help-en-us`,
//! `libreoffice-help-fr`, MPL-2.0). Built once by `--fetch-corpus` into the
//! user's data folder; nothing of it is part of this repository.

pub mod build;
pub mod download;
pub mod fetch;
pub mod html;
pub mod sha256;
pub mod split;
pub mod stats;
pub mod store;
pub mod tokenise;

use std::collections::HashMap;

use self::build::TokenPair;
use self::split::TokenSplits;
use super::{Pair, ParallelCorpus};
use crate::vocab::{BOS, EOS, Vocab};

/// The token of every word outside a shortlist.
pub const UNK: &str = "<unk>";
/// The seed of the shuffle that makes the splits.
pub const SPLIT_SEED: u64 = 25;
/// The Debian packages of the help pages, English then French.
pub const PACKAGES: [&str; 2] = ["libreoffice-help-en-us", "libreoffice-help-fr"];
/// The notice that goes with everything derived from the help pages.
pub const NOTICE: &str = "The sentences come from the LibreOffice help (libreoffice-help-en-us, \
libreoffice-help-fr, as packaged by Debian), © The Document Foundation and contributors, \
licensed under the Mozilla Public License 2.0 (https://mozilla.org/MPL/2.0/).";

/// The shortlists: the most frequent training tokens per language until they
/// cover `coverage` of the training tokens, at most `max` words each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VocabSpec {
    pub coverage: f64,
    pub max: usize,
}

/// Both vocabularies: source `<eos> <unk> …`, target `<bos> <eos> <unk> …`,
/// so that `<eos>` and `<bos>` have the ids they have in the toy's.
pub fn vocabularies(s: &TokenSplits, spec: VocabSpec) -> (Vocab, Vocab) {
    let en = split::shortlist(s.train.iter().map(|p| &p.0), spec.coverage, spec.max);
    let fr = split::shortlist(s.train.iter().map(|p| &p.1), spec.coverage, spec.max);
    let with = |head: &[&str], words: Vec<String>| {
        Vocab::from_tokens(
            head.iter()
                .map(|w| w.to_string())
                .chain(words.into_iter().filter(|w| !head.contains(&w.as_str())))
                .collect(),
        )
    };
    (with(&[EOS, UNK], en), with(&[BOS, EOS, UNK], fr))
}

/// Token → id, every word outside the vocabulary to `<unk>`.
pub struct Ids(HashMap<String, usize>, usize);

impl Ids {
    pub fn new(v: &Vocab) -> Ids {
        let map: HashMap<String, usize> = v.tokens().iter().enumerate().map(|(i, t)| (t.clone(), i)).collect();
        let unk = map[UNK];
        Ids(map, unk)
    }

    /// The ids of `words`, then `<eos>`.
    pub fn sentence(&self, words: &[String]) -> Vec<usize> {
        words.iter().map(|w| self.id(w)).chain([self.0[EOS]]).collect()
    }

    pub fn id(&self, word: &str) -> usize {
        *self.0.get(word).unwrap_or(&self.1)
    }

    pub fn known(&self, word: &str) -> bool {
        self.0.contains_key(word)
    }
}

/// The splits as a [`ParallelCorpus`] over the shortlists of `spec`.
pub fn parallel(s: &TokenSplits, spec: VocabSpec) -> ParallelCorpus {
    let (sv, tv) = vocabularies(s, spec);
    let (si, ti) = (Ids::new(&sv), Ids::new(&tv));
    let ids =
        |ps: &[TokenPair]| ps.iter().map(|(e, f)| Pair { source: si.sentence(e), target: ti.sentence(f) }).collect();
    let (train, held_out, test) = (ids(&s.train), ids(&s.held_out), ids(&s.test));
    ParallelCorpus { source: sv, target: tv, train, held_out, test }
}
