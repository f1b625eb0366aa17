//! The English chapters as the checks of the Chinese book read them: their
//! code blocks, their prose, their headings and the glossary's table.

use std::fs;
use std::path::Path;

pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A chapter's source, read from `chapters/...` (the path the messages of
/// po/messages.pot name).
pub fn read(chapter: &str) -> String {
    fs::read_to_string(Path::new(ROOT).join(chapter)).unwrap_or_else(|e| panic!("cannot read {chapter}: {e}"))
}

/// Every chapter SUMMARY.md lists, and SUMMARY.md itself, as `chapters/...`.
pub fn all() -> Vec<String> {
    let summary = read("chapters/SUMMARY.md");
    let mut found = vec!["chapters/SUMMARY.md".to_string()];
    for line in summary.lines() {
        if let Some(start) = line.find("](") {
            let rest = &line[start + 2..];
            let end = rest.find(')').expect("a SUMMARY.md link without its )");
            found.push(format!("chapters/{}", &rest[..end]));
        }
    }
    found
}

/// A chapter split into the contents of its fenced code blocks and the rest,
/// with HTML comments dropped from the rest.
pub struct Split {
    pub code: Vec<String>,
    pub prose: String,
    /// The words of the prose (`text::tokens` of its plain text).
    pub words: Vec<String>,
}

pub fn split(text: &str) -> Split {
    let mut code = Vec::new();
    let mut prose = String::new();
    let mut fence: Option<(String, String)> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        match &mut fence {
            Some((marker, body)) => {
                if trimmed.starts_with(marker.as_str()) && trimmed.trim_end().chars().all(|c| c == '`') {
                    code.push(std::mem::take(body));
                    fence = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
            None if trimmed.starts_with("```") => {
                let marker: String = trimmed.chars().take_while(|&c| c == '`').collect();
                fence = Some((marker, String::new()));
            }
            None => {
                prose.push_str(&strip_list_marker(line));
                prose.push('\n');
            }
        }
    }
    let prose = strip_comments(&prose);
    let words = super::text::tokens(&super::text::parts(&guarded(&prose)).plain);
    Split { code, prose, words }
}

/// A line without its ordered-list number (`3. `), which is no message's.
fn strip_list_marker(line: &str) -> String {
    let trimmed = line.trim_start();
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && trimmed[digits..].starts_with(". ") { trimmed[digits + 2..].to_string() } else { line.to_string() }
}

fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find("-->").map_or("", |end| &rest[start + end + 3..]);
    }
    out.push_str(rest);
    out
}

/// The ATX headings of a chapter outside code blocks: (level, text).
pub fn headings(text: &str) -> Vec<(usize, String)> {
    split(text)
        .prose
        .lines()
        .filter_map(|line| {
            let level = line.chars().take_while(|&c| c == '#').count();
            let text = line.get(level..)?.strip_prefix(' ')?;
            (1..=6).contains(&level).then(|| (level, text.trim().to_string()))
        })
        .collect()
}

/// `text` with each formula `$...$` or `$$...$$` written as the code span
/// po/mathguard.py makes of it, found by the same rules (those of
/// mdbook-katex): a backslash escapes the next character, a run of
/// backticks skips code up to the next run of its length.
pub fn guarded(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                out.extend(&chars[i..(i + 2).min(chars.len())]);
                i += 2;
            }
            '`' => {
                let run = chars[i..].iter().take_while(|&&c| c == '`').count();
                let mut j = i + run;
                let end = loop {
                    match chars[j.min(chars.len())..].iter().position(|&c| c == '`') {
                        None => break chars.len(),
                        Some(p) => {
                            let here = chars[j + p..].iter().take_while(|&&c| c == '`').count();
                            j += p + here;
                            if here >= run {
                                break j;
                            }
                        }
                    }
                };
                out.extend(&chars[i..end]);
                i = end;
            }
            '$' => {
                let width = if chars.get(i + 1) == Some(&'$') { 2 } else { 1 };
                let Some(close) = closing_dollar(&chars, i + width, width) else {
                    out.extend(&chars[i..]);
                    break;
                };
                out.push('`');
                out.extend(&chars[i..close + width]);
                out.push('`');
                i = close + width;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The first `$` (or `$$`) at or after `from` that no backslash escapes.
fn closing_dollar(chars: &[char], from: usize, width: usize) -> Option<usize> {
    (from..chars.len().saturating_sub(width - 1)).find(|&k| {
        chars[k..k + width].iter().all(|&c| c == '$')
            && chars[..k].iter().rev().take_while(|&&c| c == '\\').count() % 2 == 0
    })
}

/// One row of the glossary in chapters/notation.md: the English term, its
/// Chinese (one or more terms, separated by 、) and the note.
pub struct GlossaryRow {
    pub english: String,
    pub chinese: String,
    pub note: String,
}

/// The rows of the table under the heading "Glossary: English and Chinese".
pub fn glossary() -> Vec<GlossaryRow> {
    let notation = read("chapters/notation.md");
    let start =
        notation.find("## Glossary: English and Chinese").expect("chapters/notation.md has no glossary heading");
    let section = &notation[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    section
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.trim().trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 3, "a glossary row without its three cells: {row}");
            GlossaryRow { english: cells[0].into(), chinese: cells[1].into(), note: cells[2].into() }
        })
        .collect()
}

/// Whether `msgid` is an English term of the glossary's first column, which
/// the Chinese book shows in English: the column sets each term in italics
/// (`*alignment*`, written `_alignment_` in the catalog), so that the same
/// words elsewhere, in a sentence or another table, are still translated.
pub fn is_glossary_english(msgid: &str) -> bool {
    let Some(term) = msgid.strip_prefix('_').and_then(|m| m.strip_suffix('_')) else { return false };
    glossary().iter().any(|row| row.english.trim_matches('*') == term)
}

/// The Chinese words the glossary forbids: in a row's note, each run of
/// Chinese characters right after "not " or "never ". A row's note reading
/// "not 标注, which means ..." forbids 标注.
pub fn forbidden_terms() -> Vec<(String, String)> {
    let mut found = Vec::new();
    for row in glossary() {
        for marker in ["not ", "never "] {
            for (at, _) in row.note.match_indices(marker) {
                let term: String =
                    row.note[at + marker.len()..].chars().take_while(|&c| super::text::is_cjk(c)).collect();
                if !term.is_empty() {
                    found.push((term, row.english.clone()));
                }
            }
        }
    }
    found
}

/// The folder of the figures redrawn with Chinese words (tests/figures.rs
/// draws both versions).
pub const CHINESE_FIGURES: &str = "figures/zh-CN/";

/// A link target of the Chinese book as the English target it stands for: a
/// figure redrawn in Chinese, `../figures/zh-CN/gru.svg`, stands for
/// `../figures/gru.svg` when the redrawn file exists; any other target for
/// itself.
pub fn english_target(target: &str) -> String {
    match target.split_once(CHINESE_FIGURES) {
        Some((_, name)) if Path::new(ROOT).join("chapters").join(CHINESE_FIGURES).join(name).is_file() => {
            target.replacen(CHINESE_FIGURES, "figures/", 1)
        }
        _ => target.to_string(),
    }
}

/// The Chinese figure that redraws the English `target`, if there is one.
pub fn chinese_figure(target: &str) -> Option<String> {
    let (_, name) = target.split_once("figures/")?;
    let redrawn = Path::new(ROOT).join("chapters").join(CHINESE_FIGURES).join(name);
    (!name.contains('/') && redrawn.is_file()).then(|| target.replacen("figures/", CHINESE_FIGURES, 1))
}
