//! Every command at COLUMNS = 60, 80 and 100, in English and in Chinese: no
//! line of what it prints takes more columns than the width (a Chinese
//! character takes two). The only lines allowed past it are single words
//! that cannot be split (a long file name), which the check names.

mod common;

use std::io::Write;
use std::process::Stdio;

use bahdanau::repl::COMMANDS;

/// Every command with the arguments that make it print the most, in an
/// order where each has something to show (steps reached, a file saved).
fn script(dir: &std::path::Path) -> Vec<String> {
    let file = |name: &str| format!("\"{}\"", dir.join(name).display());
    let mut lines: Vec<String> = [
        "help",
        "help all",
        "help stepping",
        "help looking",
        "help scenario",
        "help training",
        "help practice",
        "help files",
        "help repl",
        "help lang",
        "lang",
        "where",
        "next",
        "formula",
        "explain",
        "goto 9",
        "goto 10 t=3",
        "show alpha",
        "show W_a",
        "show H",
        "show p",
        "shapes",
        "shapes params",
        "back",
        "alignment",
        "entropy",
        "coverage",
        "replay",
        "source",
        "target",
        "dims",
        "seed",
        "decode",
        "beam 3",
        "",
        "run",
        "show alpha h=2",
        "alignment h=1",
        "beam 10 norm=gnmt",
        "run",
        "beam off",
        "compare",
        "compare 2 before",
        "score dot",
        "score general before",
        "qkv on",
        "goto 8",
        "qkv separate",
        "goto 11",
        "qkv off",
        "diagnose",
        "diagnose before",
        "mask",
        "bug",
        "bottleneck",
        "bottleneck example",
        "bottleneck beam",
        "scores",
        "scores sweep",
        "exercises",
        "corpus",
        "corpus toy",
        "run",
        "reset",
        "clear",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    lines.extend(COMMANDS.iter().map(|c| format!("help {}", c.name)));
    lines.extend((1..=bahdanau::exercises::EXERCISES.len()).flat_map(|n| [format!("hint {n}"), format!("hint {n} 2")]));
    lines.extend(bahdanau::variants::view::BUG_NAMES.iter().map(|b| format!("bug {b}")));
    lines.extend([
        format!("export {}", file("trace.json")),
        format!("save {}", file("session.json")),
        format!("load {}", file("session.json")),
        "source \"the Economic Area\"".into(),
        "decode adopt".into(),
        "target \"la zone économique\"".into(),
        "dims n=4 l=2".into(),
        "seed 2014".into(),
        "dims n=8 l=8".into(),
        "train 1".into(),
        "replay".into(),
        "quit".into(),
    ]);
    lines
}

/// The REPL on `script` in the language `lang` (en or zh), `width` columns
/// wide, its files in `dir` (the real corpus looked for in `dir/no-corpus`,
/// where there is none).
fn run_in(width: usize, lang: &str, dir: &std::path::Path, script: &str) -> std::process::Output {
    let mut child = common::bahdanau()
        .env("NO_COLOR", "1")
        .env("BAHDANAU_LANG", lang)
        .env("COLUMNS", width.to_string())
        .env("BAHDANAU_HISTORY", dir.join("history.txt"))
        .env("BAHDANAU_CORPUS", dir.join("no-corpus"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// Commands the script leaves out, and why.
const NOT_RUN: &[(&str, &str)] = &[
    // Both retrain every experiment model from scratch: minutes, not a test.
    ("bottleneck run", "trains two models for minutes"),
    ("scores run", "trains fourteen models for minutes"),
];

/// The columns `line` takes on screen: a combining mark (the tilde of t̃)
/// takes none, a Chinese character two.
fn columns(line: &str) -> usize {
    let marks = line.chars().filter(|c| ('\u{300}'..='\u{36f}').contains(c)).count();
    bahdanau::layout::columns_of(line) - marks
}

/// A line that is one word that cannot be split: no space and nothing wide
/// (Chinese may break between any two characters).
fn one_word(line: &str) -> bool {
    !line.trim().contains(' ') && columns(line) == line.chars().count()
}

#[test]
fn every_command_fits_60_80_and_100_columns() {
    fits_in("en");
}

#[test]
fn every_command_fits_60_80_and_100_columns_in_chinese() {
    fits_in("zh");
}

fn fits_in(lang: &str) {
    let dir = std::env::temp_dir().join(format!("bahdanau-widths-{lang}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lines = script(&dir);
    for c in COMMANDS {
        let covered = lines.iter().any(|l| l.split_whitespace().next() == Some(c.name));
        assert!(covered, "the script runs no `{}`: add it to script()", c.name);
    }
    assert!(NOT_RUN.iter().all(|(cmd, _)| !lines.iter().any(|l| l == cmd)));
    let mut too_wide = Vec::new();
    for width in [60, 80, 100] {
        let out = run_in(width, lang, &dir, &(lines.join("\n") + "\n"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{lang}, COLUMNS={width}: the script stopped:\n{stderr}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let mut command = String::new();
        for line in stdout.lines().chain(stderr.lines()) {
            if let Some((_, typed)) = line.split_once("]> ").filter(|_| line.starts_with('[')) {
                command = typed.to_string();
                continue;
            }
            let chars = columns(line);
            if chars > width && !one_word(line) {
                too_wide.push(format!("{lang}, COLUMNS={width} `{command}` ({chars}): {line}"));
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(too_wide.is_empty(), "{} lines are too wide:\n{}", too_wide.len(), too_wide.join("\n"));
}

/// `corpus real` without the corpus is an error, which ends a script, so it
/// runs on its own: the message naming the fetch command fits every width,
/// in English and in Chinese.
#[test]
fn corpus_real_without_the_corpus_fits_60_80_and_100_columns() {
    let dir = std::env::temp_dir().join(format!("bahdanau-widths-corpus-{}", std::process::id()));
    for (lang, width) in ["en", "zh"].into_iter().flat_map(|l| [60, 80, 100].map(|w| (l, w))) {
        let out = run_in(width, lang, &dir, "corpus real\n");
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert!(text.contains("\n  cargo run -- --fetch-corpus\n"), "{lang}: {text}");
        for line in text.lines() {
            assert!(columns(line) <= width || one_word(line), "{lang}, COLUMNS={width}: {line}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_usage_text_fits_80_columns() {
    let out = common::bahdanau().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() > 10, "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
}
