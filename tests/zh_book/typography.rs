//! The typography of the Chinese book, as the glossary page states it:
//! full-width punctuation in Chinese prose, one space between a Chinese
//! character and a Latin letter, a digit, a formula or code, and no space
//! next to full-width punctuation.

use super::text::{is_cjk, is_fullwidth_punctuation, parts};

/// ASCII punctuation that Chinese prose writes full-width (，；：？！（）。).
const HALF_WIDTH: &[char] = &[',', ';', ':', '?', '!', '(', ')', '.'];

/// What breaks the rules in a translated message, each fault with a few
/// characters around it.
pub fn faults(msgstr: &str) -> Vec<String> {
    let shape: Vec<char> = parts(msgstr).shape.chars().collect();
    let mut found = Vec::new();
    let around = |i: usize| -> String {
        let from = i.saturating_sub(6);
        shape[from..(i + 7).min(shape.len())].iter().collect()
    };
    for i in 0..shape.len() {
        let c = shape[i];
        let next = shape.get(i + 1).copied();
        if let Some(n) = next {
            if (is_cjk(c) && is_latin(n)) || (is_latin(c) && is_cjk(n)) {
                found.push(format!("no space between Chinese and Latin text: \"{}\"", around(i)));
            }
            if c == ' ' && is_fullwidth_punctuation(n) || is_fullwidth_punctuation(c) && n == ' ' {
                found.push(format!("a space next to full-width punctuation: \"{}\"", around(i)));
            }
        }
        if HALF_WIDTH.contains(&c) && !inside_number(&shape, i) {
            let before = shape[..i].iter().rev().find(|c| !c.is_whitespace()).copied();
            let after = shape[i + 1..].iter().find(|c| !c.is_whitespace()).copied();
            if before.is_some_and(is_cjk) || after.is_some_and(is_cjk) {
                found.push(format!("half-width \"{c}\" in Chinese prose: \"{}\"", around(i)));
            }
        }
    }
    found
}

/// A Latin letter, a digit, or a formula or code span (`X` in the shape).
fn is_latin(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, 'é' | 'è' | 'ê' | 'à' | 'ç' | 'ô' | 'û' | 'α')
}

/// A `.` or `,` between two digits (2.5, 1,000) belongs to the number.
fn inside_number(shape: &[char], i: usize) -> bool {
    i > 0 && i + 1 < shape.len() && shape[i - 1].is_ascii_digit() && shape[i + 1].is_ascii_digit()
}
