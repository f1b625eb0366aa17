//! Both languages of every entry: present, with the same named arguments,
//! written in Chinese where they have words, and set as Chinese is set.

use super::{Lang, TABLES, Text, names};

fn every() -> impl Iterator<Item = &'static Text> {
    TABLES.iter().flat_map(|t| t.iter())
}

fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Words a bare formula may hold in both languages: function names.
const FORMULA_WORDS: &[&str] = &["tanh", "exp", "softmax", "maxout", "token", "fwd", "bwd", "dec"];

#[test]
fn every_entry_has_both_languages_with_the_same_arguments() {
    for t in every() {
        for lang in Lang::ALL {
            assert!(!t.in_lang(lang).trim().is_empty(), "{} has no {} version", t.key, lang.code());
        }
        let (mut en, mut zh) = (names(t.en), names(t.zh));
        en.sort_unstable();
        zh.sort_unstable();
        assert_eq!(en, zh, "{}: the English and Chinese versions name different arguments", t.key);
    }
}

#[test]
fn an_entry_with_words_is_written_in_chinese() {
    for t in every() {
        if t.en == t.zh {
            let english = t
                .en
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()) && !FORMULA_WORDS.contains(w));
            assert_eq!(english.collect::<Vec<_>>(), Vec::<&str>::new(), "{} is English in both languages", t.key);
        } else {
            let words = t.zh.chars().any(|c| c.is_ascii_alphabetic());
            assert!(t.zh.chars().any(is_han) || !words, "{}'s Chinese version has no Chinese in it: {}", t.key, t.zh);
        }
    }
}

#[test]
fn chinese_is_set_with_full_width_punctuation_and_spaced_latin() {
    for t in every().filter(|t| t.en != t.zh) {
        let chars: Vec<char> = t.zh.chars().collect();
        for pair in chars.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(
                !(is_han(a) && ",.;:!?()\"".contains(b)),
                "{}: half-width \"{b}\" after a Chinese character (write it full width): {}",
                t.key,
                t.zh
            );
            assert!(
                !((is_han(a) && b.is_ascii_alphanumeric()) || (a.is_ascii_alphanumeric() && is_han(b))),
                "{}: \"{a}{b}\" needs a space between the Chinese character and the Latin one: {}",
                t.key,
                t.zh
            );
        }
    }
}

#[test]
fn filling_uses_the_language_of_the_thread() {
    let t = super::place::STEP_HEAD;
    super::set(Lang::Zh);
    let zh = t.fill(&[("id", &"10"), ("k", &10usize), ("n", &42usize)]);
    super::set(Lang::En);
    let en = t.fill(&[("id", &"10"), ("k", &10usize), ("n", &42usize)]);
    assert_eq!(en, "step 10 (10 of 42)");
    assert_eq!(zh, "步骤 10（第 10 步，共 42 步）");
}
