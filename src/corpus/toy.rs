//! A toy parallel corpus, drawn from a seed. Each sentence is one or two noun
//! phrases joined by "and"; in French the adjectives follow the noun in
//! reverse order and agree with its gender, as do the determiners:
//!
//! ```text
//! the European Economic Area   →  la zone économique européenne
//! a Central Bank and the Fund  →  une banque centrale et le fonds
//! ```
//!
//! The word order changes with the number of adjectives, so a model that
//! remembers positions fails: it has to learn which source word to read.

use super::{Pair, ParallelCorpus};
use crate::model::rng::SeededRng;
use crate::vocab::{EOS, Vocab};

/// The walkthrough's pair and the probe (the test split, never trained on):
/// the crossing of the paper's Figure 3, two adjectives reversed around their noun.
pub const DEFAULT_SOURCE: &str = "the European Economic Area <eos>";
pub const DEFAULT_TARGET: &str = "la zone économique européenne <eos>";

/// Grammatical gender of a French noun: picks la/le, une/un and the adjective form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gender {
    F,
    M,
}

/// (English, French, gender).
const NOUNS: &[(&str, &str, Gender)] = &[
    ("Area", "zone", Gender::F),
    ("Market", "marché", Gender::M),
    ("Policy", "politique", Gender::F),
    ("Bank", "banque", Gender::F),
    ("Council", "conseil", Gender::M),
    ("Union", "union", Gender::F),
    ("Fund", "fonds", Gender::M),
    ("Agreement", "accord", Gender::M),
];

/// (English, French feminine, French masculine); determiners agree the same way.
const ADJECTIVES: &[(&str, &str, &str)] = &[
    ("European", "européenne", "européen"),
    ("Economic", "économique", "économique"),
    ("Social", "sociale", "social"),
    ("Common", "commune", "commun"),
    ("Monetary", "monétaire", "monétaire"),
    ("Central", "centrale", "central"),
];
const DETERMINERS: &[(&str, &str, &str)] = &[("the", "la", "le"), ("a", "une", "un")];
const AND: (&str, &str) = ("and", "et");

/// Whether a French word is a noun or an adjective of the grammar: a word
/// that translates one source word and needs no other to be chosen.
pub fn is_content_word(fr: &str) -> bool {
    NOUNS.iter().any(|n| n.1 == fr) || ADJECTIVES.iter().any(|a| a.1 == fr || a.2 == fr)
}

/// The longest sentence drawn, <eos> included.
pub const MAX_TOKENS: usize = 8;

/// Draws one English noun phrase of at most `max_words` words: an optional
/// determiner, 0–3 distinct adjectives, a noun.
pub(crate) fn noun_phrase(rng: &mut SeededRng, max_words: usize) -> Vec<&'static str> {
    let pick = |rng: &mut SeededRng, n: usize| (rng.uniform01() * n as f64) as usize;
    let mut en = Vec::new();
    let det = pick(rng, 4); // the, a, or none (twice as likely)
    if det < DETERMINERS.len() && max_words >= 2 {
        en.push(DETERMINERS[det].0);
    }
    let end = en.len() + pick(rng, (max_words - en.len() - 1).min(3) + 1); // after the adjectives
    while en.len() < end {
        let a = ADJECTIVES[pick(rng, ADJECTIVES.len())].0;
        if !en.contains(&a) {
            en.push(a);
        }
    }
    en.push(NOUNS[pick(rng, NOUNS.len())].0);
    en
}

/// One English sentence of 1 … MAX_TOKENS − 1 words: a noun phrase, sometimes two.
fn sentence(rng: &mut SeededRng) -> Vec<&'static str> {
    let words = MAX_TOKENS - 1;
    let mut en = noun_phrase(rng, words);
    if en.len() + 2 <= words && rng.uniform01() < 0.3 {
        let second = noun_phrase(rng, words - en.len() - 1);
        en.push(AND.0);
        en.extend(second);
    }
    en
}

/// The French of a sentence `sentence` draws: per noun phrase, the determiner
/// and adjectives take the noun's gender, and the adjectives follow the noun
/// in reverse order. `None` for words outside the lexicon.
pub fn translate(en: &[&str]) -> Option<Vec<&'static str>> {
    let mut fr = Vec::new();
    for (k, phrase) in en.split(|w| *w == AND.0).enumerate() {
        if k > 0 {
            fr.push(AND.1);
        }
        let (noun, front) = phrase.split_last()?;
        let &(_, fr_noun, gender) = NOUNS.iter().find(|n| n.0 == *noun)?;
        let form = |(_, f, m): (&str, &'static str, &'static str)| if gender == Gender::F { f } else { m };
        let (det, adjs) = match front.first().and_then(|w| DETERMINERS.iter().find(|d| d.0 == *w)) {
            Some(&d) => (Some(form(d)), &front[1..]),
            None => (None, front),
        };
        fr.extend(det);
        fr.push(fr_noun);
        for adj in adjs.iter().rev() {
            fr.push(form(*ADJECTIVES.iter().find(|a| a.0 == *adj)?));
        }
    }
    Some(fr)
}

pub(crate) fn ids(vocab: &Vocab, words: &[&str]) -> Vec<usize> {
    words.iter().chain([&EOS]).map(|w| vocab.id(w).expect("the lexicon's words are in the vocabulary")).collect()
}

/// The default scenario's pair, "the European Economic Area" → "la zone
/// économique européenne", as ids.
pub fn probe() -> Pair {
    let (sv, tv) = (Vocab::source(), Vocab::target());
    let split = |s: &'static str| s.split_whitespace().filter(|w| *w != EOS).collect::<Vec<_>>();
    Pair { source: ids(&sv, &split(DEFAULT_SOURCE)), target: ids(&tv, &split(DEFAULT_TARGET)) }
}

/// Draws distinct pairs from `seed` until there are `n_train + n_held_out`,
/// skipping the probe; the first `n_train` drawn are the training split, and
/// the test split is the probe alone (the default scenario's pair, which the
/// walkthrough shows and no split trains on).
pub fn generate(seed: u64, n_train: usize, n_held_out: usize) -> ParallelCorpus {
    let (sv, tv) = (Vocab::source(), Vocab::target());
    let probe = probe();
    let mut rng = SeededRng::new(seed);
    let mut pairs: Vec<Pair> = Vec::with_capacity(n_train + n_held_out);
    while pairs.len() < n_train + n_held_out {
        let en = sentence(&mut rng);
        let fr = translate(&en).expect("sentence draws only lexicon words");
        let pair = Pair { source: ids(&sv, &en), target: ids(&tv, &fr) };
        if pair != probe && !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    let held_out = pairs.split_off(n_train);
    ParallelCorpus { source: sv, target: tv, train: pairs, held_out, test: vec![probe] }
}

/// The reference alignment of a grammar sentence: for each French word of
/// [`translate`] (then <eos>), the position of the English word it translates
/// (0-based; <eos> to <eos>). The determiner and the noun keep their order,
/// the adjectives come reversed, so a phrase with two or more adjectives crosses.
pub fn reference_alignment(en: &[&str]) -> Option<Vec<usize>> {
    let mut path = Vec::new();
    let mut start = 0; // position of the phrase's first word in `en`
    for (k, phrase) in en.split(|w| *w == AND.0).enumerate() {
        if k > 0 {
            path.push(start - 1); // "et" ← "and"
        }
        let (noun, front) = phrase.split_last()?;
        NOUNS.iter().find(|n| n.0 == *noun)?;
        let det = front.first().is_some_and(|w| DETERMINERS.iter().any(|d| d.0 == *w));
        if det {
            path.push(start);
        }
        path.push(start + phrase.len() - 1);
        path.extend((start + usize::from(det)..start + phrase.len() - 1).rev());
        start += phrase.len() + 1;
    }
    path.push(en.len());
    Some(path)
}

/// The reference alignment of a scenario's sentences (tokens ending in
/// <eos>), when the target is the grammar's translation of the source;
/// None for any other pair, which then has no reference to compare with.
pub fn reference_for(source: &[String], target: &[String]) -> Option<Vec<usize>> {
    let en: Vec<&str> = source.strip_suffix(&[EOS.to_string()])?.iter().map(String::as_str).collect();
    let fr = translate(&en)?;
    let wanted = target.strip_suffix(&[EOS.to_string()])?;
    (fr.len() == wanted.len() && fr.iter().zip(wanted).all(|(a, b)| a == b)).then(|| reference_alignment(&en))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_is_the_rules_own_translation_but_not_in_the_corpus() {
        let (sv, tv) = (Vocab::source(), Vocab::target());
        let c = generate(1, 300, 50);
        assert_eq!(c.test, [probe()]);
        assert!(!c.train.contains(&c.test[0]) && !c.held_out.contains(&c.test[0]));
        let words = |v: &Vocab, p: &[usize]| p.iter().map(|&i| v.token(i)).collect::<Vec<_>>().join(" ");
        assert_eq!(words(&sv, &c.test[0].source), DEFAULT_SOURCE);
        assert_eq!(words(&tv, &c.test[0].target), DEFAULT_TARGET);
        let en: Vec<&str> = DEFAULT_SOURCE.split_whitespace().filter(|w| *w != EOS).collect();
        assert_eq!(ids(&tv, &translate(&en).unwrap()), c.test[0].target);
    }

    #[test]
    fn splits_are_disjoint_deterministic_and_of_the_asked_sizes() {
        let c = generate(7, 200, 40);
        assert_eq!((c.train.len(), c.held_out.len()), (200, 40));
        assert!(c.held_out.iter().all(|p| !c.train.contains(p)));
        assert_eq!(c, generate(7, 200, 40));
        assert_ne!(c.train, generate(8, 200, 40).train);
    }

    #[test]
    fn lengths_span_two_to_eight_and_both_sides_match() {
        let c = generate(1, 400, 0);
        let lens: Vec<usize> = c.train.iter().map(|p| p.source.len()).collect();
        assert_eq!(lens.iter().min(), Some(&2));
        assert_eq!(lens.iter().max(), Some(&MAX_TOKENS));
        assert!(c.train.iter().all(|p| p.source.len() == p.target.len()));
    }

    #[test]
    fn adjectives_follow_the_noun_reversed_and_agree_in_gender() {
        assert_eq!(translate(&["a", "Social", "Common", "Fund"]).unwrap(), ["un", "fonds", "commun", "social"]);
        assert_eq!(
            translate(&["Central", "Bank", "and", "the", "Market"]).unwrap(),
            ["banque", "centrale", "et", "le", "marché"]
        );
        assert_eq!(translate(&["the", "Zone"]), None);
    }

    #[test]
    fn the_reference_alignment_reverses_the_adjectives_only() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let r = reference_for(&words(DEFAULT_SOURCE), &words(DEFAULT_TARGET)).unwrap();
        assert_eq!(r, [0, 3, 2, 1, 4]); // la←the zone←Area économique←Economic européenne←European
        let two = reference_alignment(&["Central", "Bank", "and", "the", "Market"]).unwrap();
        assert_eq!(two, [1, 0, 2, 3, 4, 5]); // banque centrale et le marché <eos>
        assert_eq!(reference_for(&words("the Area <eos>"), &words("la zone économique <eos>")), None);
    }

    #[test]
    fn every_lexicon_word_is_in_the_vocabularies() {
        let (sv, tv) = (Vocab::source(), Vocab::target());
        for (e, f, _) in NOUNS {
            assert!(sv.id(e).is_ok() && tv.id(f).is_ok(), "{e} {f}");
        }
        for (e, f, m) in ADJECTIVES.iter().chain(DETERMINERS) {
            assert!(sv.id(e).is_ok() && tv.id(f).is_ok() && tv.id(m).is_ok(), "{e} {f} {m}");
        }
    }
}
