//! `<unk>` replaced through α. A model with a shortlist writes `<unk>` for
//! every word outside it, and on a technical text those are mostly names,
//! numbers and menu labels that a translator would leave as they are. The
//! attention weights already say which source word the decoder read when it
//! wrote each target word, so every `<unk>` it writes is replaced by the
//! source word its row of α peaks on, as typed (not the source's own
//! `<unk>`). This is the copying form of the replacement of Jean, Cho,
//! Memisevic and Bengio (2015) and of OpenNMT's `-replace_unk`; neither
//! a dictionary nor a second alignment model is used.

pub use crate::corpus::real::UNK;
use crate::model::Mat;
use crate::vocab::EOS;

/// One `<unk>` written: target position t (from 0), the source position j
/// its α row peaks on, that largest α, the source token there as typed
/// (`<eos>` past the typed words), and whether it was copied in.
#[derive(Clone, Debug, PartialEq)]
pub struct Fill {
    pub t: usize,
    pub j: usize,
    pub word: String,
    pub alpha: f64,
    pub copied: bool,
}

/// A translation with its `<unk>`s replaced, and what filled each.
pub type Filled = (Vec<String>, Vec<Fill>);

// ANCHOR: replace
/// `hyp` with every `<unk>` replaced by the source word its α row peaks on,
/// and every `<unk>` that had a row. `alpha` holds a row per word of `hyp`
/// (a last row for `<eos>` is allowed) and a column per source position;
/// `source` is the source as typed, its `<eos>` included or not. A `<unk>`
/// whose row peaks on the source's `<eos>` or on a source word known only as
/// `<unk>` is left as it is (not copied); one without a row is not listed.
pub fn replace_unks(hyp: &[String], alpha: &Mat, source: &[String]) -> Filled {
    let mut fills = Vec::new();
    let mut words = hyp.to_vec();
    for (t, w) in words.iter_mut().enumerate() {
        if *w != UNK || t >= alpha.nrows() {
            continue;
        }
        let (j, a) = peak(alpha, t);
        let word = source.get(j).map_or(EOS, String::as_str);
        let copied = word != EOS && word != UNK;
        if copied {
            *w = word.to_string();
        }
        let word = word.to_string();
        fills.push(Fill { t, j, word, alpha: a, copied });
    }
    (words, fills)
}

/// The column of row t's largest weight, and that weight; the first on a tie.
fn peak(alpha: &Mat, t: usize) -> (usize, f64) {
    let mut best = (0, f64::NEG_INFINITY);
    for (j, &a) in alpha.row(t).iter().enumerate() {
        if a > best.1 {
            best = (j, a);
        }
    }
    best
}
// ANCHOR_END: replace

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn each_unk_takes_the_source_word_its_row_peaks_on() {
        let source = words("open the LibreOffice Writer menu <eos>");
        let hyp = words("ouvrez le menu <unk> <unk> <eos>");
        // rows: ouvrez, le, menu, <unk>, <unk>, <eos>; columns: the six source positions
        #[rustfmt::skip]
        let a = Mat::from_row_slice(6, 6, &[
            0.9, 0.1, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.8, 0.1, 0.1, 0.0, 0.0,
            0.0, 0.0, 0.1, 0.1, 0.8, 0.0,
            0.0, 0.1, 0.6, 0.2, 0.1, 0.0,
            0.0, 0.0, 0.2, 0.5, 0.3, 0.0,
            0.0, 0.0, 0.0, 0.0, 0.1, 0.9,
        ]);
        let (out, fills) = replace_unks(&hyp, &a, &source);
        assert_eq!(out, words("ouvrez le menu LibreOffice Writer <eos>"));
        let f = |t, j, word: &str, alpha| Fill { t, j, word: word.into(), alpha, copied: true };
        assert_eq!(fills, vec![f(3, 2, "LibreOffice", 0.6), f(4, 3, "Writer", 0.5)]);
    }

    #[test]
    fn a_row_that_peaks_on_the_source_eos_or_unk_or_is_missing_leaves_the_unk() {
        let hyp = words("<unk> appuyez <unk> <unk>");
        #[rustfmt::skip]
        let a = Mat::from_row_slice(3, 3, &[
            0.1, 0.2, 0.7,
            0.5, 0.5, 0.0,
            0.2, 0.6, 0.2,
        ]);
        let (out, fills) = replace_unks(&hyp, &a, &words("press <unk> <eos>"));
        assert_eq!(out, hyp, "row 0 peaks on <eos>, row 2 on a source <unk>; position 3 has no row");
        let f = |t, j, word: &str, alpha| Fill { t, j, word: word.into(), alpha, copied: false };
        assert_eq!(fills, vec![f(0, 2, "<eos>", 0.7), f(2, 1, "<unk>", 0.6)]);
        // without the <eos> token in `source`, a peak past the typed words is left too
        let (out, fills) = replace_unks(&hyp, &a, &words("press F1"));
        assert_eq!((out[0].as_str(), out[2].as_str()), (UNK, "F1"));
        assert_eq!((fills[0].word.as_str(), fills[0].copied), (EOS, false));
    }

    #[test]
    fn equal_weights_pick_the_first_word_and_other_words_stay() {
        let source = words("F1 F2");
        let a = Mat::from_row_slice(2, 2, &[0.5, 0.5, 1.0, 0.0]);
        let (out, fills) = replace_unks(&words("<unk> touche"), &a, &source);
        assert_eq!(out, words("F1 touche"));
        assert_eq!(fills, vec![Fill { t: 0, j: 0, word: "F1".into(), alpha: 0.5, copied: true }]);
    }
}
