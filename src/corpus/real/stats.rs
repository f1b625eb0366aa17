//! The statistics printed after a build and by the report: pairs per split,
//! the source-length histogram, vocabulary and shortlist sizes, the
//! shortlist's coverage and the out-of-vocabulary rate of every split.

use std::collections::HashSet;

use super::build::{Counts, TokenPair};
use super::split::{MIN_BUCKET, TokenSplits, bucket_label, bucket_of};
use super::{UNK, VocabSpec, vocabularies};

/// The share of the tokens of one side of `pairs` outside `vocab`.
pub fn oov_rate(pairs: &[TokenPair], known: &HashSet<&str>, french: bool) -> f64 {
    let side = |p: &TokenPair| if french { p.1.clone() } else { p.0.clone() };
    let (mut out, mut all) = (0usize, 0usize);
    for p in pairs {
        let words = side(p);
        all += words.len();
        out += words.iter().filter(|w| !known.contains(w.as_str())).count();
    }
    out as f64 / all.max(1) as f64
}

/// The lines of the statistics, each at most 60 columns.
pub fn lines(s: &TokenSplits, counts: Option<&Counts>, spec: VocabSpec) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = counts {
        out.push(format!("pages {}, paragraphs {} ({} missing in French,", c.pages, c.paragraphs, c.missing));
        out.push(format!("  {} with unequal sentence counts)", c.sentences_differ));
        out.push(format!("sentence pairs {}: dropped {} empty,", c.sentence_pairs, c.empty));
        out.push(format!("  {} untranslated, {} out of ratio,", c.untranslated, c.out_of_ratio));
        out.push(format!("  {} too long, {} duplicate sources; kept {}", c.too_long, c.duplicates, c.kept));
        if c.control > 0 {
            out.push(format!("  ({} with control characters dropped)", c.control));
        }
    }
    out.push(format!("pairs: train {}, held-out {}, test {}", s.train.len(), s.held_out.len(), s.test.len()));
    let (sv, tv) = vocabularies(s, spec);
    for (lang, french, v) in [("en", false, &sv), ("fr", true, &tv)] {
        let types: HashSet<&str> =
            s.train.iter().flat_map(|p| if french { &p.1 } else { &p.0 }).map(String::as_str).collect();
        let known: HashSet<&str> = v.tokens().iter().map(String::as_str).filter(|t| *t != UNK).collect();
        let rate = |ps: &[TokenPair]| 100.0 * oov_rate(ps, &known, french);
        out.push(format!("{lang}: {} training types, shortlist {} words", types.len(), v.len()));
        out.push(format!("  coverage {:.1}% of training tokens; <unk> rate", 100.0 - rate(&s.train)));
        out.push(format!(
            "  train {:.1}%, held-out {:.1}%, test {:.1}%",
            rate(&s.train),
            rate(&s.held_out),
            rate(&s.test)
        ));
    }
    out.push("source length   all pairs   test".to_string());
    let all: Vec<&TokenPair> = s.train.iter().chain(&s.held_out).chain(&s.test).collect();
    let buckets = all.iter().map(|p| bucket_of(p.0.len())).max().map_or(0, |b| b + 1);
    for b in 0..buckets {
        let n = all.iter().filter(|p| bucket_of(p.0.len()) == b).count();
        let t = s.test.iter().filter(|p| bucket_of(p.0.len()) == b).count();
        let mark = if b < s.measured { "" } else { "  (not drawn)" };
        out.push(format!("  {:<13} {n:>9} {t:>6}{mark}", bucket_label(b)));
    }
    out.push(format!("buckets with ≥ {MIN_BUCKET} test sentences: {}", s.measured));
    out
}
