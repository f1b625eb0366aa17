//! Corpus BLEU-4 (Papineni et al. 2002) as the usual tools compute it: clipped
//! n-gram precisions summed over the whole corpus before dividing, their
//! geometric mean, and the brevity penalty; no smoothing, whitespace tokens.
//!
//! ```text
//! p_n  = Σ_sentences Σ_ngrams min(count_hyp, count_ref) / Σ_sentences #ngrams(hyp)
//! BP   = 1 if c > r, else exp(1 − r / c)      (c, r: total hypothesis, reference length)
//! BLEU = BP · exp(¼ Σ_{n=1..4} ln p_n)        (0 when any p_n is 0)
//! ```

use std::collections::HashMap;

/// Matched and total n-grams for n = 1 … 4, and the two lengths.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BleuStats {
    pub matched: [usize; 4],
    pub total: [usize; 4],
    pub hyp_len: usize,
    pub ref_len: usize,
}

fn ngram_counts<'a>(words: &'a [&'a str], n: usize) -> HashMap<&'a [&'a str], usize> {
    let mut counts = HashMap::new();
    for gram in words.windows(n) {
        *counts.entry(gram).or_insert(0) += 1;
    }
    counts
}

impl BleuStats {
    /// Adds one hypothesis and its reference (each a whitespace-separated sentence).
    pub fn add(&mut self, hyp: &str, reference: &str) {
        let h: Vec<&str> = hyp.split_whitespace().collect();
        let r: Vec<&str> = reference.split_whitespace().collect();
        self.hyp_len += h.len();
        self.ref_len += r.len();
        for n in 1..=4 {
            let refs = ngram_counts(&r, n);
            for (gram, count) in ngram_counts(&h, n) {
                self.matched[n - 1] += count.min(refs.get(gram).copied().unwrap_or(0));
            }
            self.total[n - 1] += h.len().saturating_sub(n - 1);
        }
    }

    /// The brevity penalty: exp(1 − r / c) when the hypotheses are shorter.
    pub fn brevity_penalty(&self) -> f64 {
        match self.hyp_len {
            0 => 0.0,
            c if c >= self.ref_len => 1.0,
            c => (1.0 - self.ref_len as f64 / c as f64).exp(),
        }
    }

    /// BLEU on a 0–100 scale.
    pub fn bleu(&self) -> f64 {
        if self.matched.contains(&0) {
            return 0.0;
        }
        let log_mean: f64 = (0..4).map(|n| (self.matched[n] as f64 / self.total[n] as f64).ln()).sum::<f64>() / 4.0;
        100.0 * self.brevity_penalty() * log_mean.exp()
    }
}

/// Corpus BLEU-4 of `hyps` against `refs`, pair by pair.
pub fn corpus_bleu(hyps: &[String], refs: &[String]) -> f64 {
    let mut stats = BleuStats::default();
    hyps.iter().zip(refs).for_each(|(h, r)| stats.add(h, r));
    stats.bleu()
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    fn s(words: &str) -> String {
        words.to_string()
    }

    #[test]
    fn identical_sentences_score_100() {
        let refs = [s("la zone économique européenne"), s("le fonds et une banque centrale")];
        assert_relative_eq!(corpus_bleu(&refs, &refs), 100.0, epsilon = 1e-12);
    }

    #[test]
    fn an_order_with_no_matching_four_gram_scores_0() {
        // Every word right, no 4-gram in order: p_4 = 0 and, unsmoothed, BLEU = 0.
        assert_eq!(corpus_bleu(&[s("d c b a e")], &[s("a b c d e")]), 0.0);
    }

    #[test]
    fn by_hand_with_clipping_and_brevity_penalty() {
        // hyp "le le fonds et la zone" (6), ref "le fonds et la zone commune" (6) … plus a short pair.
        let hyps = [s("le le fonds et la zone"), s("la banque")];
        let refs = [s("le fonds et la zone commune"), s("la banque centrale")];
        let mut st = BleuStats::default();
        hyps.iter().zip(&refs).for_each(|(h, r)| st.add(h, r));
        // 1-grams: le×2 clipped to 1, fonds, et, la, zone → 5 of 6; la, banque → 2 of 2.
        // 2-grams: "le fonds" "fonds et" "et la" "la zone" → 4 of 5; "la banque" → 1 of 1.
        // 3-grams: 3 of 4, and none in the 2-word sentence; 4-grams: 2 of 3.
        assert_eq!((st.matched, st.total), ([7, 5, 3, 2], [8, 6, 4, 3]));
        assert_eq!((st.hyp_len, st.ref_len), (8, 9));
        let bp = (1.0f64 - 9.0 / 8.0).exp();
        let want = 100.0 * bp * ((7.0 / 8.0) * (5.0 / 6.0) * (3.0 / 4.0) * (2.0 / 3.0f64)).powf(0.25);
        assert_relative_eq!(st.bleu(), want, epsilon = 1e-12);
        assert_relative_eq!(st.brevity_penalty(), 0.8824969025845955, epsilon = 1e-15);
    }

    #[test]
    fn longer_hypotheses_get_no_brevity_penalty() {
        let mut st = BleuStats::default();
        st.add("a b c d e f", "a b c d e");
        assert_eq!(st.brevity_penalty(), 1.0);
        assert_eq!(BleuStats::default().bleu(), 0.0);
    }
}
