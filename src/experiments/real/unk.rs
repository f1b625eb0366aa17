//! RNNsearch's greedy translations with every `<unk>` replaced through α
//! ([`replace_unks`]): scored by length beside the plain ones, with counts of
//! what was filled and how often the copied word is one the reference holds.

use crate::corpus::Pair;
use crate::corpus::real::build::TokenPair;
use crate::decode::unk::{Fill, UNK, replace_unks};
use crate::experiments::beam::Scorer;
use crate::experiments::runner::Model;
use crate::experiments::score::Score;
use crate::vocab::{BOS, EOS};

/// The replaced translations of one run, scored.
#[derive(Clone, Debug, PartialEq)]
pub struct UnkReplaced {
    pub buckets: Vec<Score>,
    pub overall: Score,
    /// `<unk>` tokens written over the test split, the ones filled, and the
    /// filled ones whose word is in that sentence's reference.
    pub written: usize,
    pub filled: usize,
    pub in_reference: usize,
    /// One translation a test sentence, replaced.
    pub translations: Vec<String>,
    /// The first [`SHOWN`] sentences of 8 to 20 source words with a filled `<unk>`:
    /// (test index, the plain translation, the fills).
    pub shown: Vec<(usize, String, Vec<Fill>)>,
}

/// How many filled sentences a run keeps to show.
pub const SHOWN: usize = 4;

/// `translations` (one a test pair, greedy) with their `<unk>`s replaced, or
/// None for a model without α. `tokens` are the test pairs as typed.
pub fn replaced<M: Model>(
    model: &M,
    p: &M::P,
    (test, tokens): (&[Pair], &[TokenPair]),
    translations: &[String],
    scorer: Scorer,
) -> Option<UnkReplaced> {
    let tv = model.target_vocab();
    let (bos, eos) = (tv.id(BOS).ok()?, tv.id(EOS).ok()?);
    let unk = tv.id(UNK).ok()?;
    // A model without α (RNNencdec) has nothing to replace through.
    model.alignment(p, &test.first()?.source, &[eos], bos)?;
    let (mut written, mut filled, mut in_reference) = (0, 0, 0);
    let mut out = Vec::with_capacity(translations.len());
    let mut shown = Vec::new();
    for (k, hyp) in translations.iter().enumerate() {
        let words: Vec<String> = hyp.split_whitespace().map(String::from).collect();
        let unks = words.iter().filter(|w| *w == UNK).count();
        if unks == 0 {
            out.push(hyp.clone());
            continue;
        }
        // The α rows of the model's own output, teacher-forced: the same rows
        // greedy decoding computed, since each position reads the same y_{t−1}.
        let mut ids: Vec<usize> = words.iter().map(|w| tv.id(w).unwrap_or(unk)).collect();
        ids.push(eos);
        let alpha = model.alignment(p, &test[k].source, &ids, bos)?;
        let (fixed, fills) = replace_unks(&words, &alpha, &tokens[k].0);
        written += unks;
        filled += fills.iter().filter(|f| f.copied).count();
        in_reference += fills.iter().filter(|f| f.copied && tokens[k].1.contains(&f.word)).count();
        if fills.iter().any(|f| f.copied) && shown.len() < SHOWN && (8..=20).contains(&tokens[k].0.len()) {
            shown.push((k, hyp.clone(), fills));
        }
        out.push(fixed.join(" "));
    }
    let (buckets, overall) = scorer(&out);
    Some(UnkReplaced { buckets, overall, written, filled, in_reference, translations: out, shown })
}
