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
    found.extend(stray_emphasis(msgstr));
    found
}

/// Runs of `*` that Markdown will not pair into emphasis (CommonMark's
/// flanking rules, with runs paired in order): they would show as asterisks.
/// In Chinese this happens when punctuation sits inside the marks and a
/// character right outside them, as in `**要点。**下` (write `**要点**。下`),
/// and when `*...*` touches a character outside (write `**...**`, as
/// Chinese books set emphasis in bold anyway, or leave a space).
fn stray_emphasis(msgstr: &str) -> Vec<String> {
    let chars: Vec<char> = msgstr.chars().collect();
    let punctuation = |c: char| c.is_ascii_punctuation() || is_fullwidth_punctuation(c);
    let space_or_punct = |c: Option<char>| c.is_none_or(|c| c.is_whitespace() || punctuation(c));
    let mut open: Vec<usize> = Vec::new();
    let mut in_code = false;
    let mut stray = false;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '`' {
            in_code = !in_code;
        }
        // `\*` is an asterisk, not an emphasis mark.
        if chars[i] == '\\' && !in_code {
            i += 2;
            continue;
        }
        if chars[i] != '*' || in_code {
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '*').count();
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + run).copied();
        let left =
            after.is_some_and(|c| !c.is_whitespace()) && (!after.is_some_and(punctuation) || space_or_punct(before));
        let right =
            before.is_some_and(|c| !c.is_whitespace()) && (!before.is_some_and(punctuation) || space_or_punct(after));
        // mdbook-gettext writes `*x*` back as `_x_`, and an underscore
        // opens or closes only on a word's edge: not between two
        // characters, as in 是_投影后的_查询.
        let (opens, closes) = if run == 1 {
            (left && (!right || before.is_some_and(punctuation)), right && (!left || after.is_some_and(punctuation)))
        } else {
            (left, right)
        };
        if closes && open.last() == Some(&run) {
            open.pop();
        } else if opens {
            open.push(run);
        } else {
            stray = true;
        }
        i += run;
    }
    if stray || !open.is_empty() {
        vec!["emphasis marks Markdown will show as asterisks (punctuation inside the marks?)".to_string()]
    } else {
        Vec::new()
    }
}

/// A Latin letter, a digit, or a formula or code span (`X` in the shape).
fn is_latin(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, 'é' | 'è' | 'ê' | 'à' | 'ç' | 'ô' | 'û' | 'α')
}

/// A `.` or `,` between two digits (2.5, 1,000) belongs to the number.
fn inside_number(shape: &[char], i: usize) -> bool {
    i > 0 && i + 1 < shape.len() && shape[i - 1].is_ascii_digit() && shape[i + 1].is_ascii_digit()
}
