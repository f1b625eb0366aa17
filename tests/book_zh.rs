//! The Chinese book (po/zh-CN.po), checked without mdBook: the core path is
//! translated, the glossary's forbidden words never appear, po/messages.pot
//! is the chapters' text as they read now, and a translation keeps every
//! formula, code span, link, heading id and number of its English. `.ci/run`
//! builds both books and compares them page by page as well.
//!
//! - `po`: reads the catalogs;
//! - `text`: splits a message into what stays (formulas, code, links,
//!   numbers) and its prose;
//! - `chapters`: the English chapters, their code blocks, headings and the
//!   glossary;
//! - `typography`: the spacing and punctuation rule of the Chinese prose.

#[path = "book_zh/chapters.rs"]
mod chapters;
#[path = "book_zh/po.rs"]
mod po;
#[path = "book_zh/shares.rs"]
mod shares;
#[path = "book_zh/template.rs"]
mod template;
#[path = "book_zh/text.rs"]
mod text;
#[path = "book_zh/typography.rs"]
mod typography;

use po::Message;
use std::path::Path;

const FIX: &str = "translate it in po/zh-CN.po (po/update first if the English changed)";

/// The chapters a reader who thinks in Chinese reads first: they are
/// translated in full.
const CORE_PATH: &[&str] = &[
    "chapters/introduction.md",
    "chapters/bottleneck.md",
    "chapters/walkthrough.md",
    "chapters/steps/01-embeddings.md",
    "chapters/steps/02-forward-gru.md",
    "chapters/steps/03-backward-gru.md",
    "chapters/steps/04-annotations.md",
    "chapters/steps/05-initial-state.md",
    "chapters/steps/06-query.md",
    "chapters/steps/07-keys.md",
    "chapters/steps/08-tanh.md",
    "chapters/steps/09-energies.md",
    "chapters/steps/10-softmax.md",
    "chapters/steps/11-context.md",
    "chapters/steps/12-decoder-state.md",
    "chapters/steps/13-output.md",
    "chapters/steps/14-alignment.md",
    "chapters/qkv.md",
    "chapters/interview.md",
    "chapters/notation.md",
];

/// Chapters of the core path whose English is being revised: they are
/// translated once it settles, and leave this list then (a test fails when
/// one of them is complete and still here).
const AWAITING_ENGLISH: &[&str] = &["chapters/interview.md"];

fn template() -> Vec<Message> {
    po::read(&Path::new(chapters::ROOT).join("po/messages.pot"))
}

fn chinese() -> Vec<Message> {
    po::read(&Path::new(chapters::ROOT).join("po/zh-CN.po"))
}

/// The first words of a message, for a failure that names it.
fn quote(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let short: String = one_line.chars().take(70).collect();
    if short.len() < one_line.len() { format!("\"{short}…\"") } else { format!("\"{short}\"") }
}

fn fail_with(problems: &[String], what: &str) {
    assert!(problems.is_empty(), "{} {what}:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_core_path_is_translated_in_full() {
    let catalog = chinese();
    let mut problems = Vec::new();
    for &chapter in CORE_PATH.iter().filter(|c| !AWAITING_ENGLISH.contains(c)) {
        for message in shares::to_translate(&catalog, chapter) {
            if !message.translated() {
                let state = if message.fuzzy { "fuzzy (its English changed)" } else { "untranslated" };
                problems.push(format!("{chapter}: {state}: {}", quote(&message.msgid)));
            }
        }
    }
    fail_with(&problems, &format!("messages of the core path are not in Chinese; {FIX}"));
}

#[test]
fn the_chapters_awaiting_their_english_are_core_and_unfinished() {
    let catalog = chinese();
    for &chapter in AWAITING_ENGLISH {
        assert!(CORE_PATH.contains(&chapter), "{chapter} awaits translation but is not on the core path");
        let share = shares::share(&catalog, chapter);
        assert!(
            share.translated < share.total,
            "{chapter} is translated in full: take it off AWAITING_ENGLISH in tests/book_zh.rs"
        );
    }
}

#[test]
fn the_chinese_catalog_has_the_templates_messages() {
    let template: Vec<String> = template().into_iter().map(|m| m.msgid).collect();
    let catalog: Vec<String> = chinese().into_iter().map(|m| m.msgid).collect();
    let missing: Vec<String> = template.iter().filter(|m| !catalog.contains(m)).map(|m| quote(m)).collect();
    let extra: Vec<String> = catalog.iter().filter(|m| !template.contains(m)).map(|m| quote(m)).collect();
    fail_with(&missing, "messages of po/messages.pot are missing from po/zh-CN.po; run po/update");
    fail_with(&extra, "messages of po/zh-CN.po are no longer in po/messages.pot; run po/update");
}

#[test]
fn no_chinese_text_uses_a_word_the_glossary_forbids() {
    let forbidden = chapters::forbidden_terms();
    assert!(
        forbidden.iter().any(|(term, _)| term == "标注"),
        "the glossary no longer forbids 标注 for annotation: {forbidden:?}"
    );
    let mut problems = Vec::new();
    for message in chinese().iter().filter(|m| m.translated()) {
        for (term, english) in &forbidden {
            // The glossary's own note names the word it forbids.
            if message.msgstr.contains(term.as_str()) && !message.msgid.contains(term.as_str()) {
                problems.push(format!(
                    "{term} (the glossary's word for \"{english}\" says not this) in {}",
                    quote(&message.msgstr)
                ));
            }
        }
    }
    fail_with(&problems, "translations use a word the glossary forbids");
}

#[test]
fn the_glossary_separates_chinese_terms_with_the_enumeration_comma() {
    let problems: Vec<String> = chapters::glossary()
        .iter()
        .filter(|row| row.chinese.contains(',') || row.chinese.is_empty())
        .map(|row| format!("{}: \"{}\" (write 、 between Chinese terms)", row.english, row.chinese))
        .collect();
    fail_with(&problems, "glossary rows list their Chinese wrongly");
}

#[test]
fn translations_keep_the_formulas_code_links_and_numbers_of_the_english() {
    let mut problems = Vec::new();
    for message in chinese().iter().filter(|m| m.translated()) {
        let (en, mut zh) = (text::parts(&message.msgid), text::parts(&message.msgstr));
        // A figure redrawn in Chinese stands for the English one.
        zh.targets = zh.targets.iter().map(|t| chapters::english_target(t)).collect();
        // Compared as sets: Chinese may name a formula twice where the
        // English says "it", but every one it writes is one of the English.
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v.dedup();
            v
        };
        for (what, a, b) in [
            ("formulas", sorted(en.formulas), sorted(zh.formulas)),
            ("code spans", sorted(en.code), sorted(zh.code)),
            ("link targets", sorted(en.targets), sorted(zh.targets)),
            ("numbers", sorted(text::numbers(&en.prose)), sorted(text::numbers(&zh.prose))),
        ] {
            if a != b {
                problems.push(format!("{}: its {what} differ: English {a:?}, Chinese {b:?}", quote(&message.msgid)));
            }
        }
    }
    fail_with(
        &problems,
        "translations changed what they must keep (formulas, code, links and numbers come from the English)",
    );
}

#[test]
fn the_chinese_book_shows_every_figure_redrawn_in_chinese() {
    let mut problems = Vec::new();
    let mut redrawn = 0;
    for message in chinese().iter().filter(|m| m.translated()) {
        for target in text::parts(&message.msgid).targets {
            let Some(chinese) = chapters::chinese_figure(&target) else { continue };
            redrawn += 1;
            if !text::parts(&message.msgstr).targets.contains(&chinese) {
                problems.push(format!("{}: show {chinese}, not {target}", quote(&message.msgid)));
            }
        }
    }
    assert!(redrawn >= 3, "only {redrawn} figures of the translated chapters are redrawn in Chinese");
    fail_with(&problems, "translations show an English figure that has a Chinese drawing");
}

#[test]
fn the_glossary_shows_its_english_terms_in_english() {
    let terms: Vec<Message> = chinese().into_iter().filter(|m| chapters::is_glossary_english(&m.msgid)).collect();
    assert_eq!(terms.len(), chapters::glossary().len(), "every English term of the glossary is one message");
    let translated: Vec<String> = terms.iter().filter(|m| !m.msgstr.is_empty()).map(|m| quote(&m.msgid)).collect();
    fail_with(&translated, "English terms of the glossary are translated: the Chinese book shows them as they are");
}

#[test]
fn code_in_the_chapters_is_never_translated() {
    let catalog = chinese();
    let mut problems = Vec::new();
    for chapter in chapters::all() {
        let split = chapters::split(&chapters::read(&chapter));
        for message in catalog.iter().filter(|m| m.is_from(&chapter) && shares::in_code(m, &split)) {
            if !message.msgstr.is_empty() {
                problems.push(format!("{chapter}: {}", quote(&message.msgid)));
            }
        }
        // po/mathguard.py turns formulas into code spans `$...$` and back:
        // a real code span of that form would become a formula.
        let formulas_as_code = text::parts(&split.prose).formulas;
        assert!(formulas_as_code.is_empty(), "{chapter} has a code span written like a formula: {formulas_as_code:?}");
    }
    fail_with(&problems, "messages from code blocks are translated: code stays as the English book has it");
}

#[test]
fn the_chinese_book_translates_the_chapters_before_their_includes_are_expanded() {
    let toml = std::fs::read_to_string(Path::new(chapters::ROOT).join("book.toml")).unwrap();
    let section = |name: &str| -> String {
        let start = toml
            .find(&format!("\n[preprocessor.{name}]"))
            .unwrap_or_else(|| panic!("book.toml has no [preprocessor.{name}]"));
        let body = &toml[start..];
        body[..body[1..].find("\n[").map_or(body.len(), |e| e + 1)].to_string()
    };
    let expect = [
        ("gettext", "before = [\"links\"]"),
        ("math-guard", "before = [\"gettext\"]"),
        ("math-restore", "after = [\"gettext\"]"),
        ("math-restore", "before = [\"links\"]"),
        ("katex", "after = [\"links\"]"),
    ];
    for (name, line) in expect {
        assert!(section(name).contains(line), "book.toml's [preprocessor.{name}] must say {line}");
    }
    assert!(toml.contains("use-default-preprocessors = false"), "book.toml must name the links preprocessor itself");
}

#[test]
fn translated_headings_keep_the_english_ids() {
    let catalog = chinese();
    let mut problems = Vec::new();
    for chapter in chapters::all().iter().skip(1) {
        for (level, heading) in chapters::headings(&chapters::read(chapter)) {
            let msgid = chapters::guarded(&heading);
            let Some(message) = catalog.iter().find(|m| m.msgid == msgid) else {
                problems.push(format!("{chapter}: the heading {} is not in po/zh-CN.po; run po/update", quote(&msgid)));
                continue;
            };
            if !message.translated() {
                continue;
            }
            let id = format!("{{#{}}}", text::heading_id(&msgid));
            if level == 1 && message.msgstr.contains("{#") {
                problems.push(format!(
                    "{chapter}: the title {} carries an id, which the sidebar would show",
                    quote(&msgid)
                ));
            } else if level > 1 && !message.msgstr.trim_end().ends_with(&id) {
                problems.push(format!(
                    "{chapter}: {} must end with {id}, the English heading's id",
                    quote(&message.msgstr)
                ));
            }
        }
    }
    fail_with(&problems, "translated headings lose the ids links point at");
}

#[test]
fn chinese_prose_follows_the_spacing_and_punctuation_rule() {
    let mut problems = Vec::new();
    for message in chinese().iter().filter(|m| m.translated()) {
        for fault in typography::faults(&message.msgstr) {
            problems.push(format!("{fault} in {}", quote(&message.msgstr)));
        }
    }
    fail_with(&problems, "translations break the typography rule of the glossary page");
}

#[test]
fn the_typography_rule_finds_its_faults_and_only_those() {
    for good in ["第 `$t$` 步的能量", "RNNsearch-50\\*，训练更久", "**容量**。状态", "Luong 的 *general* 打分"]
    {
        assert_eq!(typography::faults(good), Vec::<String>::new(), "{good} breaks no rule");
    }
    for bad in ["第`$t$`步", "**要点。**下", "能量 ，权重", "能量,权重"] {
        assert!(!typography::faults(bad).is_empty(), "{bad} breaks the rule, and the check must say so");
    }
}

#[test]
fn a_translated_message_of_more_than_three_words_is_chinese() {
    let problems: Vec<String> = chinese()
        .iter()
        .filter(|m| m.translated() && text::latin_words(&text::parts(&m.msgid).prose) > 3)
        .filter(|m| !m.msgstr.chars().any(text::is_cjk))
        .map(|m| quote(&m.msgstr))
        .collect();
    fail_with(&problems, "translations hold no Chinese (a copied English message is not a translation)");
}

#[test]
fn po_messages_pot_is_current_with_the_chapters() {
    let template = template();
    let mut problems = Vec::new();
    for chapter in chapters::all() {
        problems.extend(template::differences(&template, &chapter));
    }
    fail_with(
        &problems,
        "differences between po/messages.pot and the chapters; run po/update, then translate what it marks",
    );
}

#[test]
fn readme_states_each_chapters_share() {
    let table = shares::table(&chinese());
    println!("{table}");
    let readme = std::fs::read_to_string(Path::new(chapters::ROOT).join("README.md")).unwrap();
    let (start, end) = (shares::README_START, shares::README_END);
    let stated = readme
        .split_once(start)
        .and_then(|(_, rest)| rest.split_once(end))
        .map(|(table, _)| table.trim().to_string())
        .unwrap_or_else(|| panic!("README.md has no table between {start} and {end}"));
    assert_eq!(
        stated,
        table.trim(),
        "README.md states other shares than po/zh-CN.po has; put this table between its markers:\n{table}"
    );
}
