//! Text laid out for a width. Two kinds of line reach the terminal: prose,
//! which may be re-flowed at its spaces, and laid-out lines, whose spaces
//! align columns (tables, lists, labelled blocks). Re-flowing a laid-out
//! line destroys its columns, so [`fit_to`] leaves them whole and their
//! makers lay them out for the width with [`hang`] and [`columns`].

use unicode_width::UnicodeWidthChar;

use super::width::width;

/// Wraps prose lines longer than [`width()`] at spaces; continuation lines
/// are indented two more than the line they continue. A line whose spaces
/// align columns is never re-flowed (see [`is_laid_out`]): its maker lays it out
/// for the width.
pub fn fit(text: &str) -> String {
    fit_to(text, width())
}

/// [`fit`] for a given width. A word longer than the width stays whole on
/// its own line: words are never broken.
pub fn fit_to(text: &str, width: usize) -> String {
    let max = width;
    let mut out = String::with_capacity(text.len());
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if len(line) <= max || is_laid_out(line) {
            out.push_str(line);
            continue;
        }
        let indent: String = line.chars().take_while(|c| *c == ' ').collect();
        let mut current = indent.clone();
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            for (j, piece) in pieces(word).into_iter().enumerate() {
                let glue = if j == 0 { " " } else { "" };
                let fresh = current.trim().is_empty();
                if !fresh && len(&current) + glue.len() + len(piece) > max {
                    out.push_str(&current);
                    out.push('\n');
                    current = format!("{indent}  ");
                }
                if !current.trim().is_empty() {
                    current.push_str(glue);
                }
                current.push_str(piece);
            }
        }
        out.push_str(&current);
    }
    out
}

/// Whether `line` is laid out already: a table or coloured line, or one whose
/// spaces align columns (a run of two or more after its indent).
pub fn is_laid_out(line: &str) -> bool {
    line.contains(['\x1b', '│', '┆', '─']) || line.trim_start_matches(' ').trim_end().contains("  ")
}

/// The columns `text` takes on a terminal: a wide (Chinese) character two,
/// every other character one (as each always counted here).
pub fn columns_of(text: &str) -> usize {
    text.chars().map(|c| if c.width() == Some(2) { 2 } else { 1 }).sum()
}

fn len(s: &str) -> usize {
    columns_of(s)
}

/// `text` padded with spaces to `width` columns (as `{:<width$}` does for
/// text whose every character takes one column).
pub fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(len(text))))
}

fn is_wide(c: char) -> bool {
    c.width() == Some(2)
}

/// Punctuation a line never starts with, and punctuation it never ends with.
const CLOSING: &str = "，。、；：？！）》」』”’…%";
const OPENING: &str = "（《「『“‘";

/// A word (text between spaces) cut where a line may break inside it:
/// beside a wide character, never before closing punctuation nor after an
/// opening one. A word of Latin letters is one piece.
pub fn pieces(word: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut prev: Option<char> = None;
    for (at, c) in word.char_indices() {
        if let Some(p) = prev {
            let breakable = (is_wide(p) || is_wide(c)) && !CLOSING.contains(c) && !OPENING.contains(p);
            if breakable {
                out.push(&word[start..at]);
                start = at;
            }
        }
        prev = Some(c);
    }
    out.push(&word[start..]);
    out
}

/// `text`'s words in lines of at most `width` columns; a word longer
/// than that stays whole on a line of its own (it cannot be split).
pub fn words_in(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        for (j, piece) in pieces(word).into_iter().enumerate() {
            let glue = if j == 0 { " " } else { "" };
            let last = lines.last_mut().expect("lines starts non-empty");
            if last.is_empty() {
                last.push_str(piece);
            } else if len(last) + glue.len() + len(piece) <= width {
                last.push_str(glue);
                last.push_str(piece);
            } else {
                lines.push(piece.to_string());
            }
        }
    }
    lines
}

/// `head` then `text` wrapped under itself: continuation lines are indented
/// by `head`'s width ("  hint:    Take s_{t-1} …" and its next lines line up).
/// When `head` leaves fewer than [`MIN_TEXT`] columns, the text goes on the
/// lines below, indented four.
pub fn hang(head: &str, text: &str, width: usize) -> Vec<String> {
    let pad = len(head);
    if width.saturating_sub(pad) < MIN_TEXT {
        let below = words_in(text, width.saturating_sub(4).max(1)).into_iter().map(|l| format!("    {l}"));
        return std::iter::once(head.trim_end().to_string()).chain(below).collect();
    }
    let indent = " ".repeat(pad);
    words_in(text, width - pad)
        .into_iter()
        .enumerate()
        .map(|(k, l)| if k == 0 { format!("{head}{l}") } else { format!("{indent}{l}") })
        .collect()
}

/// The narrowest a wrapped text column is allowed to get.
pub const MIN_TEXT: usize = 24;

/// Rows as aligned columns within `width`: every cell but the last padded to
/// its column's widest, separated by `gap` spaces; the last cell is text
/// wrapped under itself (see [`hang`]).
pub fn columns(rows: &[Vec<String>], gap: usize, width: usize) -> Vec<String> {
    let fixed = rows.iter().map(|r| r.len().saturating_sub(1)).max().unwrap_or(0);
    let widths: Vec<usize> = (0..fixed)
        .map(|c| rows.iter().filter_map(|r| r.get(c).filter(|_| c + 1 < r.len())).map(|s| len(s)).max().unwrap_or(0))
        .collect();
    let sep = " ".repeat(gap);
    let mut out = Vec::new();
    for row in rows {
        let Some((last, cells)) = row.split_last() else { continue };
        let head: String = cells.iter().zip(&widths).map(|(c, w)| format!("{}{sep}", pad(c, *w))).collect();
        out.extend(hang(&head, last, width));
    }
    out
}

/// The widest line of `text`, in columns.
pub fn widest(text: &str) -> usize {
    text.lines().map(len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_prose_is_wrapped_and_short_lines_kept() {
        let long = format!("  {}", "word ".repeat(40).trim_end());
        let out = fit(&format!("short\n{long}\nend"));
        assert!(out.lines().all(|l| l.chars().count() <= crate::layout::WIDTH), "{out}");
        assert!(out.starts_with("short\n  word"));
        assert!(out.lines().nth(2).unwrap().starts_with("    word"));
        assert!(out.ends_with("\nend"));
        assert_eq!(out.split_whitespace().count(), 42);
    }

    #[test]
    fn narrow_widths_wrap_at_spaces_and_never_break_a_word() {
        let text = "the decoder looks most at \"European\" while writing \"européenne\", as Figure 3 shows";
        for width in [20, 40, 80] {
            let out = fit_to(text, width);
            assert!(out.lines().all(|l| l.chars().count() <= width), "{width}: {out}");
            assert_eq!(out.split_whitespace().collect::<Vec<_>>(), text.split_whitespace().collect::<Vec<_>>());
        }
    }

    #[test]
    fn chinese_takes_two_columns_and_breaks_between_characters() {
        let text = "写“la”时，解码器最关注“the”（α = 0.9154）。每个源语言词都变成一列数，网络从此可以拿它来计算。";
        assert_eq!(columns_of("注意力 α"), 8);
        for width in [20, 30, 40] {
            let out = fit_to(text, width);
            assert!(out.lines().all(|l| columns_of(l) <= width), "{width}:\n{out}");
            assert!(out.lines().skip(1).all(|l| !CLOSING.contains(l.trim().chars().next().unwrap())), "{out}");
            let joined: String = out.lines().map(str::trim).collect::<Vec<_>>().join("");
            assert_eq!(joined.replace(' ', ""), text.replace(' ', ""), "nothing lost or added");
            let hung = hang("  提示：", text, width);
            assert!(hung.iter().all(|l| columns_of(l) <= width), "{hung:#?}");
        }
        assert_eq!(pieces("word"), ["word"]);
        assert_eq!(pieces("编码器。"), ["编", "码", "器。"]);
        assert_eq!(pad("注意", 6), "注意  ");
    }

    #[test]
    fn aligned_lines_are_told_from_prose() {
        assert!(is_laid_out("  1  · pending  embedding lookup"));
        assert!(is_laid_out("source     a Common Fund"));
        assert!(is_laid_out("│ e_1 ┆ 5.5592 │"));
        assert!(!is_laid_out("    an indented sentence, one space between words"));
        assert!(!is_laid_out("a sentence ending in spaces  "));
    }

    #[test]
    fn hang_wraps_under_the_head_and_keeps_long_words_whole() {
        let lines = hang("  hint:    ", "Take s_{t-1} = s.column(t - 1), project it with W_a, then apply tanh", 40);
        assert!(lines.iter().all(|l| len(l) <= 40), "{lines:#?}");
        assert!(lines[0].starts_with("  hint:    Take"));
        assert!(lines[1..].iter().all(|l| l.starts_with(&" ".repeat(11)) && !l[11..].starts_with(' ')));
        let file = "tests/exercises/a_file_name_longer_than_the_width.rs";
        assert_eq!(hang("file: ", file, 30), [format!("file: {file}")], "a word that cannot be split stays whole");
        let below = hang("a long label here:  ", "the text goes below the label", 30);
        assert_eq!(below, ["a long label here:", "    the text goes below the", "    label"]);
    }

    #[test]
    fn columns_line_up_and_fit() {
        let rows = vec![
            vec!["1".to_string(), "· pending".into(), "embedding lookup · step 01 · ex01_embedding.rs".into()],
            vec!["14".to_string(), "✓ passed".into(), "the softmax backward pass · ex14_softmax_backward.rs".into()],
        ];
        let lines = columns(&rows, 2, 50);
        assert!(lines.iter().all(|l| len(l) <= 50), "{lines:#?}");
        let at = |l: &str, w: &str| l.find(w).map(|b| l[..b].chars().count());
        let text = at(&lines[0], "embedding");
        assert!(text.is_some() && lines.iter().any(|l| at(l, "the softmax") == text), "{lines:#?}");
        assert!(
            lines
                .iter()
                .filter(|l| l.starts_with(' '))
                .all(|l| l.chars().take_while(|c| *c == ' ').count() == text.unwrap())
        );
    }
}
