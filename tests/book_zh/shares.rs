//! How much of each chapter the Chinese book shows in Chinese: the English
//! words of the messages that need translating (not code, not the
//! glossary's English terms, not messages made only of formulas, code and
//! numbers), and how many of them are translated.

use super::chapters::{self, Split};
use super::po::Message;
use super::text::{latin_words, needs_translation, parts, tokens};

pub const README_START: &str = "<!-- zh-CN shares: tests/book_zh.rs checks this table -->";
pub const README_END: &str = "<!-- end of zh-CN shares -->";

/// Whether a message comes from a code block of the chapter (mdbook-xgettext
/// offers a code block's comments and strings, or a whole block it cannot
/// read): its text, fences aside, is in one of them and not in the prose.
pub fn in_code(message: &Message, split: &Split) -> bool {
    let text = message.msgid.trim();
    let text = match text.strip_prefix("```") {
        Some(fenced) => fenced.split_once('\n').map_or("", |(_, body)| body).trim_end_matches('`').trim(),
        None => text,
    };
    !text.is_empty() && split.code.iter().any(|block| block.contains(text)) && !contains(&split.words, &tokens(text))
}

/// Whether `sought` occurs in `words` as a run.
pub fn contains(words: &[String], sought: &[String]) -> bool {
    !sought.is_empty() && words.windows(sought.len()).any(|w| w == sought)
}

/// The messages of `chapter` that the Chinese book has to translate: not
/// code, not the English terms of the glossary, not what has no words.
pub fn to_translate<'a>(catalog: &'a [Message], chapter: &str) -> Vec<&'a Message> {
    let split = chapters::split(&chapters::read(chapter));
    let english_as_is = |m: &Message| in_code(m, &split) || chapters::is_glossary_english(&m.msgid);
    catalog.iter().filter(|m| m.is_from(chapter) && !english_as_is(m) && needs_translation(&m.msgid)).collect()
}

/// English words to translate in a chapter, and how many are translated.
pub struct Share {
    pub translated: usize,
    pub total: usize,
}

pub fn share(catalog: &[Message], chapter: &str) -> Share {
    let mut share = Share { translated: 0, total: 0 };
    for message in to_translate(catalog, chapter) {
        let words = latin_words(&parts(&message.msgid).prose);
        share.total += words;
        if message.translated() {
            share.translated += words;
        }
    }
    share
}

/// The shares of every chapter in the order of SUMMARY.md, as a Markdown
/// table. A share is rounded down, so 100 % means every word.
pub fn table(catalog: &[Message]) -> String {
    let mut lines = vec!["| chapter | English words | in Chinese |".to_string(), "|---|---:|---:|".to_string()];
    let (mut all, mut done) = (0, 0);
    for chapter in chapters::all() {
        let Share { translated, total } = share(catalog, &chapter);
        all += total;
        done += translated;
        let name = chapter.trim_start_matches("chapters/");
        lines.push(format!("| `{name}` | {total} | {} % |", percent(translated, total)));
    }
    lines.push(format!("| all | {all} | {} % |", percent(done, all)));
    lines.join("\n")
}

fn percent(part: usize, whole: usize) -> usize {
    (part * 100).checked_div(whole).unwrap_or(100)
}
