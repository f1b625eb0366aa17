//! What an alignment's verdict says in words: the pattern's short name (for
//! tables) and its meaning (for prose), the `<eos>` row's line, and the
//! coverage flags.

use crate::model::diagnostics::{CoverageFlag, Pattern};
use crate::model::verdict::EosPeak;
use crate::text::training as T;
use crate::walkthrough::fmt_num;

/// A short name for an alignment's pattern, for tables.
pub fn pattern_name(p: Pattern) -> &'static str {
    match p {
        Pattern::NearUniform => T::NEAR_UNIFORM,
        Pattern::Collapsed => T::COLLAPSED,
        Pattern::Diagonal => T::DIAGONAL,
        Pattern::Crossing => T::CROSSING,
        Pattern::OutOfOrder => T::OUT_OF_ORDER,
        Pattern::TooShort => T::TOO_SHORT,
    }
    .get()
}

/// The pattern's name and what it means, in one line.
pub fn describe(p: Pattern) -> &'static str {
    match p {
        Pattern::NearUniform => T::DESCRIBE_NEAR_UNIFORM,
        Pattern::Collapsed => T::DESCRIBE_COLLAPSED,
        Pattern::Diagonal => T::DESCRIBE_DIAGONAL,
        Pattern::Crossing => T::DESCRIBE_CROSSING,
        Pattern::OutOfOrder => T::DESCRIBE_OUT_OF_ORDER,
        Pattern::TooShort => T::DESCRIBE_TOO_SHORT,
    }
    .get()
}

/// The `<eos>` row on a line of its own: where it peaks (from 1, with the
/// source word of `src`) and its weight there.
pub fn eos_line(eos: &EosPeak, src: &[String]) -> String {
    let word = src.get(eos.at).map_or("?", String::as_str);
    T::EOS_LINE.fill(&[("at", &(eos.at + 1)), ("word", &word), ("weight", &fmt_num(eos.weight, 4))])
}

/// What a coverage flag suggests about its source word.
pub fn flag_text(f: CoverageFlag) -> &'static str {
    match f {
        CoverageFlag::Under => T::UNDER.get(),
        CoverageFlag::Over => T::OVER.get(),
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
