//! The book's wiring: every `{{#include}}` points at a file (and anchor) that
//! exists, every walkthrough step has a chapter, SUMMARY.md lists every
//! chapter, the REPL commands and names a step chapter shows really work, and
//! every exercise file the book names exists. A broken include would otherwise
//! show up only as a gap in the book.

use bahdanau::repl::{Session, execute};
use std::fs;
use std::path::{Path, PathBuf};

const CHAPTERS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/chapters");

/// Every Markdown file under `dir`, sorted so that failures read in order.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The arguments of every `{{#include ARG}}` in `text`.
fn include_args(text: &str) -> Vec<&str> {
    let mut args = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{#include ") {
        let after = &rest[start + "{{#include ".len()..];
        let end = after.find("}}").expect("an {{#include}} without its closing }}");
        args.push(after[..end].trim());
        rest = &after[end..];
    }
    args
}

/// Splits `path:spec` into the path and, when the spec is a name rather than
/// line numbers (`:4:`, `:2:9`), the anchor.
fn split_include(arg: &str) -> (&str, Option<&str>) {
    match arg.split_once(':') {
        Some((path, spec)) if spec.starts_with(|c: char| c.is_alphabetic() || c == '_') => (path, Some(spec)),
        Some((path, _lines)) => (path, None),
        None => (arg, None),
    }
}

#[test]
fn every_include_names_an_existing_file_and_anchor() {
    let mut broken = Vec::new();
    for chapter in markdown_files(Path::new(CHAPTERS)) {
        let text = fs::read_to_string(&chapter).unwrap();
        for arg in include_args(&text) {
            let (path, anchor) = split_include(arg);
            let target = chapter.parent().unwrap().join(path);
            let Ok(source) = fs::read_to_string(&target) else {
                broken.push(format!("{}: no file {path}", chapter.display()));
                continue;
            };
            if let Some(name) = anchor {
                let has = |tag: &str| source.lines().any(|l| l.split_once(tag).is_some_and(|(_, n)| n.trim() == name));
                if !has("ANCHOR: ") || !has("ANCHOR_END: ") {
                    broken.push(format!("{}: no anchor {name} in {path}", chapter.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken includes:\n{}", broken.join("\n"));
}

#[test]
fn every_step_has_a_chapter() {
    let steps: Vec<String> = fs::read_dir(Path::new(CHAPTERS).join("steps"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let missing: Vec<String> = (1..=14)
        .map(|id| format!("{id:02}-"))
        .filter(|prefix| !steps.iter().any(|f| f.starts_with(prefix.as_str()) && f.ends_with(".md")))
        .collect();
    assert!(missing.is_empty(), "steps with no chapter in chapters/steps/: {missing:?}");
}

#[test]
fn summary_links_every_chapter() {
    let root = Path::new(CHAPTERS);
    let summary = fs::read_to_string(root.join("SUMMARY.md")).unwrap();
    let unlisted: Vec<String> = markdown_files(root)
        .iter()
        .map(|p| p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"))
        .filter(|p| p != "SUMMARY.md" && !summary.contains(&format!("]({p})")))
        .collect();
    assert!(unlisted.is_empty(), "chapters missing from SUMMARY.md: {unlisted:?}");
}

#[test]
fn include_arguments_are_read_as_path_and_anchor() {
    assert_eq!(split_include("../../src/a.rs:gru_step"), ("../../src/a.rs", Some("gru_step")));
    assert_eq!(split_include("../../snapshots/s.snap:4:"), ("../../snapshots/s.snap", None));
    assert_eq!(split_include("x.rs"), ("x.rs", None));
    assert_eq!(include_args("a {{#include x.rs:k}} b {{#include y}}"), vec!["x.rs:k", "y"]);
}

/// The lines of the ```text block that follows `## In the REPL` in `text`.
fn repl_lines(text: &str) -> Vec<&str> {
    let Some((_, after)) = text.split_once("## In the REPL") else {
        return Vec::new();
    };
    let Some((_, block)) = after.split_once("```text\n") else {
        return Vec::new();
    };
    block.split("```").next().unwrap_or("").lines().filter(|l| !l.trim().is_empty()).collect()
}

/// The `code` spans in the table rows of the `## Shapes` section of `text`.
fn shape_table_names(text: &str) -> Vec<&str> {
    let Some((_, after)) = text.split_once("## Shapes") else {
        return Vec::new();
    };
    let section = after.split("\n## ").next().unwrap_or("");
    section.lines().filter(|l| l.starts_with('|')).flat_map(|l| l.split('`').skip(1).step_by(2)).collect()
}

#[test]
fn every_step_chapter_shows_repl_commands_that_work() {
    let mut problems = Vec::new();
    for chapter in markdown_files(&Path::new(CHAPTERS).join("steps")) {
        let id = chapter.file_name().unwrap().to_string_lossy()[..2].to_string();
        let text = fs::read_to_string(&chapter).unwrap();
        let lines = repl_lines(&text);
        if lines.first().copied() != Some(format!("goto {id}").as_str()) {
            problems.push(format!("{}: the REPL block should start with goto {id}", chapter.display()));
        }
        let mut session = Session::default_scenario().unwrap();
        for line in lines {
            if let Err(e) = execute(&mut session, line) {
                problems.push(format!("{}: `{line}` fails in the REPL: {e}", chapter.display()));
            }
        }
        // Every name in the shape table is one `show` knows, once all steps are reached.
        execute(&mut session, "goto 14").unwrap();
        for name in shape_table_names(&text) {
            if let Err(e) = execute(&mut session, &format!("show {name}")) {
                problems.push(format!("{}: the shape table names `{name}`, unknown to show: {e}", chapter.display()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_exercise_file_named_in_a_chapter_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for chapter in markdown_files(Path::new(CHAPTERS)) {
        let text = fs::read_to_string(&chapter).unwrap();
        for (start, _) in text.match_indices("tests/exercises/") {
            let rest = &text[start..];
            let end = rest.find(|c: char| !(c.is_alphanumeric() || "_./".contains(c))).unwrap_or(rest.len());
            let path = &rest[..end];
            if path.ends_with(".rs") && !root.join(path).is_file() {
                missing.push(format!("{}: no file {path}", chapter.display()));
            }
        }
    }
    assert!(missing.is_empty(), "exercise files named in the book but missing:\n{}", missing.join("\n"));
}

/// The numbers in the last column of each shape-table row that names a
/// tensor: `| $W_a$ | `W_a` | $n' \times n$ | $16 \times 8$ |` gives ("W_a", [16, 8]).
fn concrete_shapes(text: &str) -> Vec<(&str, Vec<usize>)> {
    let Some((_, after)) = text.split_once("## Shapes") else {
        return Vec::new();
    };
    let section = after.split("\n## ").next().unwrap_or("");
    section
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = cells.get(2)?.strip_prefix('`')?.strip_suffix('`')?;
            let here = cells.get(4)?;
            let dims: Vec<usize> = here.split(|c: char| !c.is_ascii_digit()).filter_map(|d| d.parse().ok()).collect();
            (!dims.is_empty()).then_some((name, dims))
        })
        .collect()
}

#[test]
fn every_concrete_shape_in_a_step_chapter_is_the_real_one() {
    let mut wrong = Vec::new();
    for chapter in markdown_files(&Path::new(CHAPTERS).join("steps")) {
        let text = fs::read_to_string(&chapter).unwrap();
        let mut session = Session::default_scenario().unwrap();
        execute(&mut session, "goto 14").unwrap();
        for (name, dims) in concrete_shapes(&text) {
            let Ok(shown) = bahdanau::repl::names::lookup(&session, name, None) else { continue };
            let (r, c) = shown.tensor.values.shape();
            let real = if dims.len() == 1 { vec![r * c] } else { vec![r, c] };
            if real != dims {
                wrong.push(format!("{}: `{name}` is {real:?} in the code, {dims:?} in the chapter", chapter.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "shape tables that disagree with the code:\n{}", wrong.join("\n"));
}

#[test]
fn the_sizes_the_book_states_are_the_default_ones() {
    let d = bahdanau::model::Dims::DEFAULT;
    let stated = [
        ("notation.md", format!("$m = {}$, $n = {}$, $n' = {}$, $l = {}$", d.m, d.n, d.n_a, d.l)),
        ("walkthrough.md", format!("$m = {}$ entries", d.m)),
        ("walkthrough.md", format!("$n = {}$, the attention layer works in $n' = {}$ dimensions", d.n, d.n_a)),
        ("walkthrough.md", format!("has $l = {}$ units", d.l)),
    ];
    for (file, sentence) in stated {
        let text = fs::read_to_string(Path::new(CHAPTERS).join(file)).unwrap();
        assert!(text.contains(&sentence), "chapters/{file} should state the default sizes as `{sentence}`");
    }
}

/// Whether byte offset `at` of `text` lies inside a `<details>` block.
fn inside_details(text: &str, at: usize) -> bool {
    let before = &text[..at];
    before.rfind("<details>").is_some_and(|open| before.rfind("</details>").is_none_or(|close| close < open))
}

#[test]
fn every_solution_is_in_its_chapter_and_always_collapsed() {
    use bahdanau::exercises::catalog::EXERCISES;
    let mut problems = Vec::new();
    for ex in &EXERCISES {
        let (file, anchor) = ex.solution;
        let chapter = Path::new(env!("CARGO_MANIFEST_DIR")).join(ex.chapter);
        let text = fs::read_to_string(&chapter).unwrap_or_default();
        let wanted = format!("{file}:{anchor}}}}}");
        if !text.contains(&wanted) {
            problems.push(format!("{}: should include the solution of exercise {} ({wanted})", ex.chapter, ex.id));
        }
    }
    for chapter in markdown_files(Path::new(CHAPTERS)) {
        let text = fs::read_to_string(&chapter).unwrap();
        for ex in &EXERCISES {
            let (file, anchor) = ex.solution;
            for (at, _) in text.match_indices(&format!("{file}:{anchor}}}}}")) {
                if !inside_details(&text, at) {
                    problems.push(format!("{}: the solution of exercise {} is shown open", chapter.display(), ex.id));
                }
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_tensor_count_the_introduction_states_is_the_shapes_table() {
    let shapes = fs::read_to_string(Path::new(CHAPTERS).join("../snapshots/repl_shapes.snap")).unwrap();
    // Table rows start with │; the first is the header.
    let rows = shapes.lines().filter(|l| l.starts_with('│')).count() - 1;
    let intro = fs::read_to_string(Path::new(CHAPTERS).join("introduction.md")).unwrap();
    let sentence = format!("`s_prev`: {rows}\ntensors in all");
    assert!(intro.contains(&sentence), "introduction.md should count the tensors of `shapes` as `{sentence}`");
}

/// Learning to align says the stored run has no diagonal phase and that the
/// noun and adjective rows reach their crossed peaks before "la" reaches "the".
#[test]
fn the_stored_run_has_no_diagonal_phase_and_la_settles_after_the_crossing() {
    use bahdanau::model::reordering::argmax_path;
    let paths: Vec<Vec<usize>> =
        bahdanau::train::trained::trained_checkpoints().iter().map(|c| argmax_path(&c.alignment)).collect();
    assert!(!paths.is_empty(), "the run stores checkpoints");
    assert!(paths.iter().all(|p| *p != [0, 1, 2, 3, 4]), "a checkpoint peaks on the diagonal: {paths:?}");
    let crossed = paths.iter().position(|p| p[1..4] == [3, 2, 1]).expect("the crossing forms");
    let la = paths.iter().position(|p| p[0] == 0).expect("la settles on the");
    assert!(crossed < la, "the crossed rows settle at checkpoint {crossed}, la at {la}: {paths:?}");
}

/// The problems with the closing sections of one chapter: it ends with
/// `## Key points` (3–5 bullet lines) and `## Check yourself` (2–3 folded
/// questions, each with an answer).
fn closure_problems(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let Some((_, after)) = text.rsplit_once("\n## Key points\n") else {
        return vec!["no `## Key points`".into()];
    };
    let Some((points, check)) = after.split_once("\n## Check yourself\n") else {
        return vec!["no `## Check yourself` after the key points".into()];
    };
    if check.contains("\n## ") || points.contains("\n## ") {
        problems.push("the key points and the questions should be the last two sections".into());
    }
    let bullets = points.lines().filter(|l| l.starts_with("- ")).count();
    // A point may wrap onto indented continuation lines, as Markdown allows.
    let other_text = points.lines().any(|l| !l.is_empty() && !l.starts_with("- ") && !l.starts_with("  "));
    if !(3..=5).contains(&bullets) || other_text {
        problems.push(format!("the key points should be 3 to 5 bullet lines, not {bullets} among other text"));
    }
    let questions: Vec<&str> = check.split("<details><summary>").skip(1).collect();
    if !(2..=3).contains(&questions.len()) {
        problems.push(format!("2 or 3 questions, not {}", questions.len()));
    }
    for q in &questions {
        let answered = q.split_once("</summary>").and_then(|(_, a)| a.split_once("</details>"));
        if answered.is_none_or(|(answer, _)| answer.trim().is_empty()) {
            problems.push(format!("a question without a folded answer: {}", q.lines().next().unwrap_or("")));
        }
    }
    problems
}

#[test]
fn every_chapter_ends_with_key_points_and_questions() {
    let root = Path::new(CHAPTERS);
    let mut problems = Vec::new();
    for chapter in markdown_files(root) {
        let name = chapter.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if name == "SUMMARY.md" {
            continue;
        }
        for p in closure_problems(&fs::read_to_string(&chapter).unwrap()) {
            problems.push(format!("{name}: {p}"));
        }
    }
    assert!(problems.is_empty(), "chapters without their closing sections:\n{}", problems.join("\n"));
}

#[test]
fn a_closure_missing_a_part_is_caught() {
    let good = "x\n## Key points\n\n- a\n- b\n- c\n\n## Check yourself\n\n<details><summary>Q?</summary>\n\nA.\n\n</details>\n\n<details><summary>R?</summary>\n\nB.\n\n</details>\n";
    assert!(closure_problems(good).is_empty(), "{:?}", closure_problems(good));
    assert!(!closure_problems(&good.replace("- c\n", "")).is_empty(), "two key points pass");
    assert!(!closure_problems(&good.replace("\nB.\n", "\n")).is_empty(), "an empty answer passes");
    assert!(!closure_problems(&format!("{good}\n## More\n")).is_empty(), "a section after the questions passes");
    assert!(!closure_problems("x\n## Exercise\n").is_empty(), "no closure passes");
}

#[test]
fn every_step_chapter_starts_with_its_place_on_the_map() {
    let mut missing = Vec::new();
    for chapter in markdown_files(&Path::new(CHAPTERS).join("steps")) {
        let id = chapter.file_name().unwrap().to_string_lossy()[..2].to_string();
        let text = fs::read_to_string(&chapter).unwrap();
        let head: String = text.lines().take(3).collect::<Vec<_>>().join("\n");
        if !head.contains(&format!("(../figures/map-{id}.svg)")) {
            missing.push(format!("{}: no map-{id}.svg under the title", chapter.display()));
        }
    }
    let walk = fs::read_to_string(Path::new(CHAPTERS).join("walkthrough.md")).unwrap();
    if !walk.contains("(figures/map.svg)") {
        missing.push("walkthrough.md: no map.svg".into());
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[path = "book/listings.rs"]
mod listings;
