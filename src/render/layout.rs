//! Text laid out for a width. Two kinds of line reach the terminal: prose,
//! which may be re-flowed at its spaces, and laid-out lines, whose spaces
//! align columns (tables, lists, labelled blocks). Re-flowing a laid-out
//! line destroys its columns, so [`fit_to`](super::fit_to) leaves them whole
//! and their makers lay them out for the width with [`hang`] and [`columns`].

/// Whether `line` is laid out already: a table or coloured line, or one whose
/// spaces align columns (a run of two or more after its indent).
pub fn is_laid_out(line: &str) -> bool {
    line.contains(['\x1b', '│', '┆', '─']) || line.trim_start_matches(' ').trim_end().contains("  ")
}

fn len(s: &str) -> usize {
    s.chars().count()
}

/// `text`'s words in lines of at most `width` characters; a word longer
/// than that stays whole on a line of its own (it cannot be split).
pub fn words_in(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("lines starts non-empty");
        if last.is_empty() {
            last.push_str(word);
        } else if len(last) + 1 + len(word) <= width {
            last.push(' ');
            last.push_str(word);
        } else {
            lines.push(word.to_string());
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
        let head: String = cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}{sep}", w = *w)).collect();
        out.extend(hang(&head, last, width));
    }
    out
}

/// The widest line of `text`, in characters.
pub fn widest(text: &str) -> usize {
    text.lines().map(len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

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
