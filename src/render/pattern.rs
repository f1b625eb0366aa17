//! What an alignment's verdict says in words: the pattern's short name (for
//! tables) and its meaning (for prose), the `<eos>` row's line, and the
//! coverage flags.

use crate::model::diagnostics::{CoverageFlag, Pattern};
use crate::model::verdict::EosPeak;
use crate::walkthrough::fmt_num;

/// A short name for an alignment's pattern, for tables.
pub fn pattern_name(p: Pattern) -> &'static str {
    match p {
        Pattern::NearUniform => "near-uniform",
        Pattern::Collapsed => "collapsed",
        Pattern::Diagonal => "diagonal",
        Pattern::Crossing => "crossing",
        Pattern::OutOfOrder => "out of order",
        Pattern::TooShort => "too short",
    }
}

/// The pattern's name and what it means, in one line.
pub fn describe(p: Pattern) -> &'static str {
    match p {
        Pattern::NearUniform => "near-uniform: every row is close to ln T_x, attention is not choosing",
        Pattern::Collapsed => "collapsed: every row puts most weight on the same source word",
        Pattern::Diagonal => "diagonal: the peaks move forward with t, a monotone alignment",
        Pattern::Crossing => {
            "crossing: every peak is on the reference's source word, so the path reorders as the translation needs"
        }
        Pattern::OutOfOrder => {
            "out of order: the peaks move back, but not as the reference alignment reorders (so no crossing)"
        }
        Pattern::TooShort => "too short: fewer than two target words to judge, so there is no order to name",
    }
}

/// The `<eos>` row on a line of its own: where it peaks (from 1, with the
/// source word of `src`) and its weight there.
pub fn eos_line(eos: &EosPeak, src: &[String]) -> String {
    format!(
        "<eos> row, apart: peaks at {} ({}) with α {}",
        eos.at + 1,
        src.get(eos.at).map_or("?", String::as_str),
        fmt_num(eos.weight, 4)
    )
}

/// What a coverage flag suggests about its source word.
pub fn flag_text(f: CoverageFlag) -> &'static str {
    match f {
        CoverageFlag::Under => "under-translated?",
        CoverageFlag::Over => "over-translated?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_description_starts_with_its_name() {
        use Pattern::*;
        for p in [NearUniform, Collapsed, Diagonal, Crossing, OutOfOrder, TooShort] {
            assert!(describe(p).starts_with(&format!("{}: ", pattern_name(p))), "{p:?}");
        }
        let src: Vec<String> = vec!["a".into(), "b".into()];
        assert_eq!(eos_line(&EosPeak { at: 1, weight: 0.5 }, &src), "<eos> row, apart: peaks at 2 (b) with α 0.5000");
    }
}
