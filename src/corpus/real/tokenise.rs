// ANCHOR: rule
//! Sentences and tokens, by one documented rule (version [`RULE_VERSION`]):
//!
//! - A paragraph splits into sentences after `.`, `!` or `?` followed by a
//!   space and an upper-case letter or a digit.
//! - A token is a word: letters and digits, joined inside by `-`, by `'` (the
//!   English side: `don't` stays whole), or between digits by `.` or `,`
//!   (`1.5`, `3,5`). Any other character that is not a space is a token of
//!   its own, so punctuation is split off.
//! - French elisions are their own token with their apostrophe: `l'objet` →
//!   `l'` `objet` (also d' j' m' n' s' t' c' qu' jusqu' lorsqu' puisqu').
//! - Typographic apostrophes become `'`; case is kept, numbers are kept.
pub const RULE_VERSION: u32 = 1;
// ANCHOR_END: rule

/// The French words that elide before a vowel, lower case, apostrophe included.
const ELISIONS: &[&str] = &["l'", "d'", "j'", "m'", "n'", "s'", "t'", "c'", "qu'", "jusqu'", "lorsqu'", "puisqu'"];

/// The sentences of a paragraph, each trimmed.
pub fn sentences(paragraph: &str) -> Vec<String> {
    let chars: Vec<char> = paragraph.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..chars.len() {
        let ends = matches!(chars[i], '.' | '!' | '?')
            && chars.get(i + 1) == Some(&' ')
            && chars.get(i + 2).is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
        if ends {
            out.push(chars[start..=i].iter().collect::<String>());
            start = i + 2;
        }
    }
    out.push(chars[start.min(chars.len())..].iter().collect::<String>());
    out.into_iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// The tokens of one sentence; `french` splits the elisions off.
pub fn tokens(sentence: &str, french: bool) -> Vec<String> {
    let chars: Vec<char> = sentence.chars().map(|c| if matches!(c, '’' | '‘' | 'ʼ') { '\'' } else { c }).collect();
    let word = |c: char| c.is_alphanumeric();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if !word(c) {
            out.push(c.to_string());
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() {
            let joins = |j: &char| match j {
                '-' | '\'' => true,
                '.' | ',' => chars[i - 1].is_ascii_digit() && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit()),
                _ => false,
            };
            // a letter or digit, or a joiner between two of them
            let inside = i > start && joins(&chars[i]) && chars.get(i + 1).is_some_and(|n| word(*n));
            if !(word(chars[i]) || inside) {
                break;
            }
            i += 1;
        }
        let w: String = chars[start..i].iter().collect();
        if french { out.extend(split_elision(&w)) } else { out.push(w) }
    }
    out
}

/// `l'objet` → [`l'`, `objet`]; `aujourd'hui` and words without elision stay whole.
fn split_elision(w: &str) -> Vec<String> {
    let lower = w.to_lowercase();
    for e in ELISIONS {
        if lower.starts_with(e) && w.len() > e.len() {
            let (head, tail) = w.split_at(e.len());
            let mut rest = split_elision(tail);
            rest.insert(0, head.to_string());
            return rest;
        }
    }
    vec![w.to_string()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str, fr: bool) -> String {
        tokens(s, fr).join(" ")
    }

    #[test]
    fn punctuation_is_split_off_and_words_keep_their_joins() {
        assert_eq!(toks("Choose Format - Cells, then click OK.", false), "Choose Format - Cells , then click OK .");
        assert_eq!(toks("Don't use 1.5 or 3,5 (the e-mail)!", false), "Don't use 1.5 or 3,5 ( the e-mail ) !");
        assert_eq!(toks("Ctrl+F5: soffice.exe", false), "Ctrl + F5 : soffice . exe");
    }

    #[test]
    fn french_elisions_are_their_own_tokens() {
        assert_eq!(toks("L’objet de l'insertion qu'il s'agit.", true), "L' objet de l' insertion qu' il s' agit .");
        assert_eq!(toks("jusqu'à d'abord", true), "jusqu' à d' abord");
        assert_eq!(toks("l'", true), "l '", "an apostrophe with no word after it stands alone");
    }

    #[test]
    fn sentences_end_before_a_capital_or_a_digit() {
        assert_eq!(
            sentences("Click OK. The dialog closes! 2 rows remain."),
            ["Click OK.", "The dialog closes!", "2 rows remain."]
        );
        assert_eq!(sentences("Use e.g. this one. and go"), ["Use e.g. this one. and go"]);
        assert_eq!(sentences("  "), Vec::<String>::new());
    }
}
