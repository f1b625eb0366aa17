//! The parts of a message's Markdown that the checks of the Chinese book
//! tell apart: what must stay as the English book has it (formulas, code,
//! link targets, HTML tags, heading ids, numbers) and the prose around it.

/// The text of a message split into what a translation keeps and the prose.
#[derive(Debug, Default, PartialEq)]
pub struct Parts {
    /// Formulas, each as written between its `$` or `$$`.
    pub formulas: Vec<String>,
    /// Code spans other than formulas.
    pub code: Vec<String>,
    /// Link and image targets, `(...)` after `]`.
    pub targets: Vec<String>,
    /// The rest, each kept part replaced by one space (so words on either
    /// side stay apart) and HTML tags and `{#id}` attributes dropped.
    pub prose: String,
    /// The text with link targets, HTML tags and `{#id}` attributes
    /// dropped, formulas and code kept in place: what a chapter and
    /// po/messages.pot are compared by.
    pub plain: String,
    /// The prose with every formula and code span as `X`, emphasis marks
    /// and link brackets dropped: what the typography rules are read on.
    pub shape: String,
}

/// Splits `text` (a message of po/messages.pot, or the same Markdown in a
/// chapter once its formulas are marked as code spans) into its parts. In
/// the messages mdbook-gettext sees, every formula is a code span
/// `` `$...$` `` (po/mathguard.py), so code spans are read first.
pub fn parts(text: &str) -> Parts {
    let mut parts = Parts::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && chars.get(i + 1).is_some_and(char::is_ascii_punctuation) {
            // A Markdown escape: the character is itself. (`\\alpha` is no
            // escape but the text of a formula.)
            parts.push(chars[i + 1]);
            i += 2;
        } else if c == '`' {
            let run = chars[i..].iter().take_while(|&&c| c == '`').count();
            let Some(end) = closing_run(&chars, i + run, run) else {
                chars[i..i + run].iter().for_each(|&c| parts.push(c));
                i += run;
                continue;
            };
            let inner: String = chars[i + run..end].iter().collect();
            let inner = inner.replace('\n', " ");
            parts.plain.push_str(&inner);
            parts.prose.push(' ');
            parts.shape.push('X');
            match inner.strip_prefix('$').and_then(|s| s.strip_suffix('$')) {
                Some(_) if inner.len() >= 2 => parts.formulas.push(formula_body(&inner)),
                _ => parts.code.push(inner),
            }
            i = end + run;
        } else if c == ']' && chars.get(i + 1) == Some(&'(') {
            let end = matching_paren(&chars, i + 1);
            parts.targets.push(chars[i + 2..end].iter().collect());
            parts.prose.push(' ');
            parts.plain.push(' ');
            i = end + 1;
        } else if c == '<' && looks_like_tag(&chars[i..]) {
            let end = chars[i..].iter().position(|&c| c == '>').map_or(chars.len(), |p| i + p);
            // An inline tag's files (a <picture>'s <source srcset>) are link targets too.
            let tag: String = chars[i..end.min(chars.len())].iter().collect();
            for attr in [" src=\"", " srcset=\"", " href=\""] {
                for (at, _) in tag.match_indices(attr) {
                    let value = tag[at + attr.len()..].split('"').next().unwrap_or("");
                    parts.targets.push(value.to_string());
                }
            }
            parts.prose.push(' ');
            parts.plain.push(' ');
            i = end + 1;
        } else if c == '{' && chars.get(i + 1) == Some(&'#') {
            let end = chars[i..].iter().position(|&c| c == '}').map_or(chars.len(), |p| i + p);
            i = end + 1;
        } else {
            parts.push(c);
            i += 1;
        }
    }
    parts
}

impl Parts {
    /// Emphasis marks and link brackets (with the `!` of an image) are not
    /// characters of the prose's shape.
    fn push(&mut self, c: char) {
        self.prose.push(c);
        self.plain.push(c);
        match c {
            '*' | ']' => {}
            '[' => {
                if self.shape.ends_with('!') {
                    self.shape.pop();
                }
            }
            _ => self.shape.push(c),
        }
    }
}

/// The formula inside `$...$` or `$$...$$`, its spaces made single, as a
/// reader would compare two formulas.
fn formula_body(delimited: &str) -> String {
    let body = delimited.trim_matches('$');
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn closing_run(chars: &[char], from: usize, run: usize) -> Option<usize> {
    let mut j = from;
    while j < chars.len() {
        if chars[j] == '`' {
            let here = chars[j..].iter().take_while(|&&c| c == '`').count();
            if here == run {
                return Some(j);
            }
            j += here;
        } else {
            j += 1;
        }
    }
    None
}

fn matching_paren(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (j, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    chars.len() - 1
}

/// `<tag ...>`, `</tag>` or `<!-- ... -->`, not a `<` in prose.
fn looks_like_tag(rest: &[char]) -> bool {
    match rest.get(1) {
        Some('/') | Some('!') => true,
        Some(c) => c.is_ascii_alphabetic() && rest.iter().take(200).any(|&c| c == '>'),
        None => false,
    }
}

/// The words of `prose` made of Latin letters (the English a message has to
/// translate).
pub fn latin_words(prose: &str) -> usize {
    prose
        .split(|c: char| !c.is_alphabetic() || is_cjk(c))
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .count()
}

/// Whether the message has English prose to translate: a message that is
/// only formulas, code, numbers and punctuation reads the same in both books.
pub fn needs_translation(msgid: &str) -> bool {
    latin_words(&parts(msgid).prose) > 0
}

/// A Chinese character (CJK unified ideographs and their extension A).
pub fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}')
}

/// Full-width punctuation of Chinese prose (an ellipsis … is not: it also
/// stands between Latin labels, as in →1 … →n).
pub fn is_fullwidth_punctuation(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}' | '“' | '”' | '‘' | '’' | '—' | '·')
}

/// The numbers written in digits in `prose`, in order. English month names
/// count as their numbers, so that "September 2014" and "2014 年 9 月" say
/// the same.
pub fn numbers(prose: &str) -> Vec<String> {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let mut found = Vec::new();
    let mut word = String::new();
    let mut digits = String::new();
    for c in prose.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
        } else if !digits.is_empty() {
            found.push(std::mem::take(&mut digits));
        }
        if c.is_ascii_alphabetic() {
            word.push(c);
        } else if !word.is_empty() {
            if let Some(m) = MONTHS.iter().position(|&m| m == word) {
                found.push((m + 1).to_string());
            }
            word.clear();
        }
    }
    found
}

/// The words of `text` for comparing a chapter with po/messages.pot: runs of
/// letters and digits, everything else (Markdown, punctuation, spaces)
/// dropped, HTML entities read as their characters.
pub fn tokens(text: &str) -> Vec<String> {
    let text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&quot;", "\"");
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The id mdBook 0.5 gives a heading: its text lowercased, letters, digits,
/// `_` and `-` kept, spaces made `-`. A formula counts by what KaTeX shows
/// of it: its letters and digits, a Greek command as its letter.
pub fn heading_id(heading: &str) -> String {
    let p = parts(heading);
    let mut shown = String::new();
    let mut rest = heading;
    // Rebuild the shown text in order: prose as it is, each formula as its
    // letters, each code span as its text.
    let mut formulas = p.formulas.iter();
    let mut code = p.code.iter();
    while let Some(start) = rest.find('`') {
        shown.push_str(&strip_markup(&rest[..start]));
        let after = &rest[start + 1..];
        let end = after.find('`').unwrap_or(after.len());
        let inner = &after[..end];
        if inner.starts_with('$') {
            shown.push_str(&formula_letters(formulas.next().map_or("", String::as_str)));
        } else {
            shown.push_str(code.next().map_or("", String::as_str));
        }
        rest = after.get(end + 1..).unwrap_or("");
    }
    shown.push_str(&strip_markup(rest));
    shown
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

fn strip_markup(text: &str) -> String {
    text.chars().filter(|&c| c != '*' && c != '_' && c != '\\').collect()
}

fn formula_letters(formula: &str) -> String {
    const GREEK: [(&str, &str); 8] = [
        ("alpha", "α"),
        ("beta", "β"),
        ("gamma", "γ"),
        ("epsilon", "ϵ"),
        ("rho", "ρ"),
        ("sigma", "σ"),
        ("theta", "θ"),
        ("lambda", "λ"),
    ];
    let mut out = String::new();
    let mut chars = formula.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let mut name = String::new();
            while let Some(&n) = chars.peek().filter(|n| n.is_ascii_alphabetic()) {
                name.push(n);
                chars.next();
            }
            if let Some((_, letter)) = GREEK.iter().find(|(g, _)| *g == name) {
                out.push_str(letter);
            }
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
        }
    }
    out
}
