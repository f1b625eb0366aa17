//! Reads a gettext catalog (`po/messages.pot`, `po/zh-CN.po`): the part of
//! the PO format that mdbook-xgettext and msgmerge write. Its ~80 lines are
//! written here rather than taken from a crate (polib would serve) so that
//! the check of the translation adds no dependency to the project's build.

use std::fs;
use std::path::Path;

/// One message of a catalog.
#[derive(Debug, Clone)]
pub struct Message {
    pub msgid: String,
    pub msgstr: String,
    /// Marked `#, fuzzy`: msgmerge's guess after the English changed. The
    /// book shows such a message in English.
    pub fuzzy: bool,
    /// The files the message comes from (`#:` lines), without line numbers.
    pub sources: Vec<String>,
}

impl Message {
    /// Translated, and not fuzzy: what the Chinese book shows in Chinese.
    pub fn translated(&self) -> bool {
        !self.msgstr.is_empty() && !self.fuzzy
    }

    /// Whether the message comes from `chapter` (a path like
    /// `chapters/steps/06-query.md`).
    pub fn is_from(&self, chapter: &str) -> bool {
        self.sources.iter().any(|s| s == chapter)
    }
}

/// The messages of the catalog at `path`, without the header and without
/// obsolete (`#~`) entries. Panics with the line on malformed input.
pub fn read(path: &Path) -> Vec<Message> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut messages = Vec::new();
    let mut current = Entry::default();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        let fail = |why: &str| panic!("{}:{}: {why}: {line}", path.display(), n + 1);
        if line.is_empty() {
            current.finish(&mut messages);
        } else if let Some(refs) = line.strip_prefix("#:") {
            current.sources.extend(refs.split_whitespace().map(|r| r.split(':').next().unwrap().to_string()));
        } else if let Some(flags) = line.strip_prefix("#,") {
            current.fuzzy |= flags.split(',').any(|f| f.trim() == "fuzzy");
        } else if line.starts_with('#') {
            // Translator comments, extracted comments, previous msgids (#|)
            // and obsolete entries (#~) are not part of the catalog's use.
        } else if let Some(rest) = line.strip_prefix("msgid ") {
            current.field = Field::Id;
            current.msgid = unquote(rest).unwrap_or_else(|| fail("not a quoted string"));
        } else if let Some(rest) = line.strip_prefix("msgstr ") {
            current.field = Field::Str;
            current.msgstr = unquote(rest).unwrap_or_else(|| fail("not a quoted string"));
        } else if line.starts_with('"') {
            let more = unquote(line).unwrap_or_else(|| fail("not a quoted string"));
            match current.field {
                Field::Id => current.msgid.push_str(&more),
                Field::Str => current.msgstr.push_str(&more),
                Field::None => {
                    fail("a string outside msgid and msgstr");
                }
            }
        } else {
            fail("not a line of a PO file");
        }
    }
    current.finish(&mut messages);
    messages
}

#[derive(Default, PartialEq)]
enum Field {
    #[default]
    None,
    Id,
    Str,
}

#[derive(Default)]
struct Entry {
    msgid: String,
    msgstr: String,
    fuzzy: bool,
    sources: Vec<String>,
    field: Field,
}

impl Entry {
    fn finish(&mut self, messages: &mut Vec<Message>) {
        let entry = std::mem::take(self);
        if entry.field != Field::None && !entry.msgid.is_empty() {
            messages.push(Message {
                msgid: entry.msgid,
                msgstr: entry.msgstr,
                fuzzy: entry.fuzzy,
                sources: entry.sources,
            });
        }
    }
}

/// The text of a PO string literal `"..."`, its escapes resolved.
fn unquote(literal: &str) -> Option<String> {
    let inner = literal.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            _ => return None,
        }
    }
    Some(out)
}
