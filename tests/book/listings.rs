//! Every line the book shows in a code block, its includes expanded, fits
//! the text column: Rust and Python listings as well as REPL output.

use super::{CHAPTERS, markdown_files};
use std::fs;
use std::path::Path;

/// The widest line a shown listing may have: 80 columns fit the book's text
/// column at its default font size.
const LISTING_WIDTH: usize = 80;

/// The lines an `{{#include path:spec}}` puts into the book: a whole file,
/// lines `a:` or `a:b` (from 1, b included), or an anchor's body.
fn included_lines(chapter: &Path, arg: &str) -> Vec<String> {
    let (path, spec) = arg.split_once(':').unwrap_or((arg, ""));
    let text = fs::read_to_string(chapter.parent().unwrap().join(path)).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let body: Vec<&str> = if spec.starts_with(|c: char| c.is_ascii_digit()) {
        let (a, b) = spec.split_once(':').unwrap_or((spec, spec));
        let a = a.parse::<usize>().unwrap_or(1).max(1) - 1;
        let b = b.parse::<usize>().map_or(lines.len(), |b| b.min(lines.len()));
        lines.get(a..b).unwrap_or(&[]).to_vec()
    } else if spec.is_empty() {
        lines
    } else {
        let start = lines.iter().position(|l| l.trim_end().ends_with(&format!("ANCHOR: {spec}")));
        let end = lines.iter().position(|l| l.trim_end().ends_with(&format!("ANCHOR_END: {spec}")));
        match (start, end) {
            (Some(s), Some(e)) if s < e => lines[s + 1..e].iter().copied().filter(|l| !l.contains("ANCHOR")).collect(),
            _ => Vec::new(),
        }
    };
    body.into_iter().map(str::to_string).collect()
}

/// Every line of every fenced code block of `text` (```text, ```rust,
/// ```python, …, indented fences too), includes expanded, with where it came
/// from.
fn code_block_lines(chapter: &Path, text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        match line.trim().strip_prefix("{{#include ").and_then(|l| l.strip_suffix("}}")) {
            Some(arg) => {
                let arg = arg.trim();
                out.extend(included_lines(chapter, arg).into_iter().map(|l| (arg.to_string(), l)));
            }
            None => out.push(("the chapter".into(), line.to_string())),
        }
    }
    out
}

#[test]
fn every_line_of_every_code_block_fits_the_text_column() {
    let mut wide = Vec::new();
    for chapter in markdown_files(Path::new(CHAPTERS)) {
        let text = fs::read_to_string(&chapter).unwrap();
        for (from, line) in code_block_lines(&chapter, &text) {
            let n = line.chars().count();
            if n > LISTING_WIDTH {
                wide.push(format!("{} ({from}): {n} columns: {line}", chapter.display()));
            }
        }
    }
    assert!(wide.is_empty(), "{} listing lines wider than {LISTING_WIDTH} columns:\n{}", wide.len(), wide.join("\n"));
}

/// mdBook pastes an include's lines as they are, unindented: inside an
/// indented fence (a code block in a list item) they break out of the list
/// and the fence never closes, turning the rest of the page into code.
#[test]
fn no_include_sits_in_an_indented_code_block() {
    let mut wrong = Vec::new();
    for chapter in markdown_files(Path::new(CHAPTERS)) {
        let text = fs::read_to_string(&chapter).unwrap();
        for (k, line) in text.lines().enumerate() {
            if line.starts_with(char::is_whitespace) && line.trim_start().starts_with("{{#include ") {
                wrong.push(format!("{}:{}: {}", chapter.display(), k + 1, line.trim()));
            }
        }
    }
    assert!(wrong.is_empty(), "indented includes (move the block out of its list item):\n{}", wrong.join("\n"));
}

#[test]
fn includes_are_expanded_as_mdbook_does() {
    let here = Path::new(CHAPTERS).join("introduction.md");
    let snap = included_lines(&here, "../snapshots/step_01.snap:4:");
    assert!(snap[0].starts_with("step 01"), "{snap:?}");
    assert_eq!(included_lines(&here, "../snapshots/step_01.snap:1:2").len(), 2);
    let anchored = included_lines(&here, "../src/model/attention.rs:softmax");
    assert!(!anchored.is_empty() && anchored.iter().all(|l| !l.contains("ANCHOR")));
}

#[test]
fn every_kind_of_code_block_is_read_and_prose_is_not() {
    let here = Path::new(CHAPTERS).join("introduction.md");
    let block = "prose\n```text\nshort\n{{#include ../snapshots/step_01.snap:4:}}\n```\n\
                 between\n```rust\nfn f() {}\n```\n- item\n\n  ```python,noplayground\n  x = 1\n  ```\n";
    let lines: Vec<String> = code_block_lines(&here, block).into_iter().map(|(_, l)| l).collect();
    assert_eq!(lines[0], "short");
    assert!(lines.len() > 3, "{lines:?}");
    assert!(lines.contains(&"fn f() {}".to_string()) && lines.contains(&"  x = 1".to_string()), "{lines:?}");
    assert!(!lines.iter().any(|l| l == "prose" || l == "between" || l == "- item"), "{lines:?}");
}
