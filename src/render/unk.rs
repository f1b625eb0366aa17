//! A translation with its `<unk>`s replaced through α, as a reply shows it:
//! the replaced words, then one line per `<unk>` saying which source word
//! filled it and with what weight, or why it stayed.

use crate::decode::unk::Fill;
use crate::layout::visible::visible;
use crate::text::corpus as T;
use crate::walkthrough::fmt_num;

/// The lines under a translation that held `<unk>`; positions count from 1.
pub fn unk_lines(replaced: &[String], fills: &[Fill]) -> String {
    let mut out = T::UNK_REPLACED.fill(&[("words", &visible(&replaced.join(" ")))]) + "\n";
    for f in fills {
        let (t, j, alpha, word) = (f.t + 1, f.j + 1, fmt_num(f.alpha, 2), visible(&f.word));
        let text = if f.copied { T::UNK_FILL } else { T::UNK_LEFT };
        out += &text.fill(&[("t", &t), ("word", &word), ("j", &j), ("alpha", &alpha)]);
        out += "\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_unk_gets_a_line_with_its_word_position_and_weight() {
        let fills = [
            Fill { t: 2, j: 3, word: "Writer".into(), alpha: 0.625, copied: true },
            Fill { t: 4, j: 6, word: "<eos>".into(), alpha: 0.5, copied: false },
        ];
        let words: Vec<String> = "ouvrez le Writer . <unk>".split(' ').map(String::from).collect();
        crate::text::set(crate::text::Lang::En);
        let text = unk_lines(&words, &fills);
        assert_eq!(
            text,
            "each <unk> replaced by the source word its α row peaks on: ouvrez le Writer . <unk>\n  \
             word 3, <unk> ← \"Writer\" (source word 4, α = 0.62)\n  \
             word 5, <unk> stays: its α row peaks on source word 7, <eos> (α = 0.50), which has no typed form to copy\n"
        );
    }
}
