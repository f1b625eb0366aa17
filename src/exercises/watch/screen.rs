//! What watch prints. Every line fits the terminal's width, counted in
//! columns (a wide character takes two): prose is wrapped at its spaces and
//! a word wider than the screen (a long path) is broken. Text from outside —
//! cargo's and the compiler's output — reaches the screen only through the
//! one filter of control characters. A failed write ends the watch.

use std::io::Write;

use crate::layout::visible::visible;

/// The columns `c` takes on a terminal: two for the wide scripts (CJK,
/// Hangul, full-width forms), none for a combining mark, else one.
fn char_columns(c: char) -> usize {
    match c as u32 {
        0x0300..=0x036f | 0x200b..=0x200f => 0,
        0x1100..=0x115f | 0x2e80..=0xa4cf | 0xac00..=0xd7a3 | 0xf900..=0xfaff | 0xfe30..=0xfe4f => 2,
        0xff00..=0xff60 | 0xffe0..=0xffe6 | 0x1f300..=0x1faff | 0x20000..=0x3fffd => 2,
        _ => 1,
    }
}

/// The columns `text` takes on one line.
pub fn columns(text: &str) -> usize {
    text.chars().map(char_columns).sum()
}

/// A line of text from outside, its control characters shown, not sent
/// (a tab becomes four spaces, as cargo's own output means it).
pub fn filtered(line: &str) -> String {
    visible(&line.replace('\t', "    ").replace('\r', ""))
}

/// `text` laid out in lines of at most `width` columns. A line keeps its
/// indent, and its continuation lines are indented two more.
pub fn lay_out(text: &str, width: usize) -> String {
    let width = width.max(8);
    let mut out = Vec::new();
    for line in text.lines() {
        if columns(line) <= width {
            out.push(line.to_string());
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let first = " ".repeat(indent.min(width / 2));
        let more = " ".repeat((indent + 2).min(width / 2));
        let mut current = first.clone();
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let fresh = current.trim().is_empty();
            if !fresh && columns(&current) + 1 + columns(word) > width {
                out.push(std::mem::replace(&mut current, more.clone()));
            }
            let sep = if current.trim().is_empty() { "" } else { " " };
            if columns(&current) + sep.len() + columns(word) <= width {
                current.push_str(sep);
                current.push_str(word);
                continue;
            }
            // A word wider than the room left: broken over as many lines as it takes.
            current.push_str(sep);
            for c in word.chars() {
                if columns(&current) + char_columns(c) > width {
                    out.push(std::mem::replace(&mut current, more.clone()));
                }
                current.push(c);
            }
        }
        out.push(current);
    }
    out.join("\n")
}

/// How the screen is redrawn: cleared on a terminal that knows how, else
/// (`TERM=dumb`) a rule between one screen and the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Redraw {
    Clear,
    Rule,
}

impl Redraw {
    pub fn for_term(term: Option<&std::ffi::OsStr>) -> Redraw {
        match term.and_then(|t| t.to_str()) {
            Some("dumb") | Some("") | None => Redraw::Rule,
            Some(_) => Redraw::Clear,
        }
    }
}

/// Writes a whole screen: the head, the body and the footer, laid out for
/// `width`. The error is the write's (a closed pipe or a full device).
pub fn draw(out: &mut dyn Write, redraw: Redraw, width: usize, text: &str) -> std::io::Result<()> {
    let start = match redraw {
        Redraw::Clear => "\x1b[H\x1b[2J".to_string(),
        Redraw::Rule => format!("\n{}\n", "─".repeat(width.min(60))),
    };
    writeln!(out, "{start}{}", lay_out(text, width))?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_fits_the_width_and_long_words_are_broken() {
        let text = format!(
            "h: next hint · q: quit · save a file in tests/exercises/ to check it again\n\
             error[E0308]: mismatched types at /{}/tests/exercises/ex01_embedding.rs:12:5\n  indented 漢字漢字 {}",
            "very-long-folder".repeat(8),
            "word ".repeat(30)
        );
        for width in [80, 60, 40] {
            let laid = lay_out(&text, width);
            for line in laid.lines() {
                assert!(columns(line) <= width, "{width}: {line:?} takes {}", columns(line));
            }
            let words = |s: &str| s.split_whitespace().collect::<String>();
            assert_eq!(words(&laid), words(&text), "nothing is lost at {width}");
        }
        assert_eq!(columns("漢字 a"), 6);
    }

    #[test]
    fn control_characters_from_outside_are_shown_not_sent() {
        assert_eq!(filtered("a\u{1b}[2Jb\u{7}\tc\r"), "a\\u{1b}[2Jb\\u{7}    c");
    }

    #[test]
    fn a_dumb_terminal_is_never_sent_the_clear_sequence() {
        let mut out = Vec::new();
        draw(&mut out, Redraw::for_term(Some("dumb".as_ref())), 60, "screen").unwrap();
        assert!(!out.contains(&0x1b), "{:?}", String::from_utf8_lossy(&out));
        assert_eq!(Redraw::for_term(Some("xterm".as_ref())), Redraw::Clear);
        assert_eq!(Redraw::for_term(None), Redraw::Rule);
    }
}
