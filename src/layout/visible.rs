//! Input shown back to the learner: control characters made visible (a raw
//! ESC or BEL would act on the terminal instead of being read), and long
//! input cut, so one error is one short line.

/// The most characters of one input an error quotes.
pub const QUOTE_CHARS: usize = 80;

/// Control characters, line and paragraph separators and the bidirectional
/// overrides (which reorder what follows them) as `\u{1b}`; `\t`, `\n`, `\r`
/// as written in Rust.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

fn hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The first [`QUOTE_CHARS`] characters of `text`, made visible, with `…`
/// and the full length when cut.
pub fn quote(text: &str) -> String {
    let n = text.chars().count();
    if n <= QUOTE_CHARS {
        return visible(text);
    }
    let head: String = text.chars().take(QUOTE_CHARS).collect();
    format!("{}… ({n} characters)", visible(&head))
}

/// An error message made safe to print: every quoted part ("…") cut by
/// [`quote`], control characters made visible (line breaks kept).
pub fn tidy_error(msg: &str) -> String {
    let parts: Vec<String> = msg
        .split('"')
        .enumerate()
        .map(
            |(k, part)| {
                if k % 2 == 1 { quote(part) } else { part.split('\n').map(visible).collect::<Vec<_>>().join("\n") }
            },
        )
        .collect();
    parts.join("\"")
}

/// Whether `text` has anything [`visible`] would change.
pub fn has_hidden(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\t' | '\n' | '\r') || hidden(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_sent() {
        assert_eq!(visible("a\u{1b}[31mb\u{7}"), "a\\u{1b}[31mb\\u{7}");
        assert_eq!(visible("x\ty\r\n"), "x\\ty\\r\\n");
        assert_eq!(visible("\u{202e}abc\u{2028}"), "\\u{202e}abc\\u{2028}");
        assert_eq!(visible("la zone économique"), "la zone économique");
        assert!(has_hidden("a\u{0}") && !has_hidden("é → α"));
    }

    #[test]
    fn an_error_quotes_long_input_once_and_cut() {
        let long = format!("\u{7}{}", "x".repeat(10_000));
        let msg = format!("unknown command \"{long}\": type help\nsecond line");
        let tidy = tidy_error(&msg);
        assert_eq!(
            tidy,
            format!("unknown command \"\\u{{7}}{}… (10001 characters)\": type help\nsecond line", "x".repeat(79))
        );
    }

    #[test]
    fn long_input_is_cut_at_eighty_characters() {
        let long = "é".repeat(500);
        let q = quote(&long);
        assert_eq!(q, format!("{}… (500 characters)", "é".repeat(80)));
        assert_eq!(quote(&"x".repeat(80)), "x".repeat(80));
        assert!(!quote(&"\u{7}".repeat(200)).contains('\u{7}'));
    }
}
