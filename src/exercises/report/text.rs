//! Outcomes as text: the `cargo test --test exercises` report, the REPL's `exercises` list and
//! `hint N`. Every message ends with the next thing to do.

use super::status::Status;
use crate::exercises::catalog::{EXERCISES, Exercise, exercise};
use crate::exercises::checker::run::{Failure, Outcome};
use crate::exercises::diagnosis::tolerance::EPSILON;
use crate::layout::{columns_of, pad};
use crate::model::Mat;
use crate::text::checker as T;
use crate::walkthrough::fmt_num;

/// The files the solutions are read from, by path, so the report can quote them.
const SOURCES: [(&str, &str); 7] = [
    ("src/model/encoder.rs", include_str!("../../model/encoder.rs")),
    ("src/model/gru.rs", include_str!("../../model/gru.rs")),
    ("src/model/attention.rs", include_str!("../../model/attention.rs")),
    ("src/model/scores.rs", include_str!("../../model/scores.rs")),
    ("src/model/diagnostics.rs", include_str!("../../model/diagnostics.rs")),
    ("src/exercises/catalog/reference.rs", include_str!("../catalog/reference.rs")),
    ("src/exercises/catalog/reference_beyond.rs", include_str!("../catalog/reference_beyond.rs")),
];

/// The reference solution's code: the lines between its ANCHOR markers.
pub fn solution_code(ex: &Exercise) -> Option<String> {
    let (file, anchor) = ex.solution;
    let text = SOURCES.iter().find(|(f, _)| *f == file)?.1;
    let start = text.find(&format!("// ANCHOR: {anchor}\n"))?;
    let body = &text[start..];
    let body = &body[body.find('\n')? + 1..];
    Some(body[..body.find(&format!("// ANCHOR_END: {anchor}"))?].trim_end().to_string())
}

fn step_text(ex: &Exercise) -> String {
    ex.step.map(|s| T::STEP.fill(&[("step", &format!("{s:02}"))])).unwrap_or_default()
}

const STRICT_CHECK: &str = "  BAHDANAU_STRICT=1 cargo test --test exercises";

/// Lines of the report fit an 80-column terminal and the book's text column.
const WIDTH: usize = 80;

/// `head` then `text`, broken at spaces so that no line (after `indent`
/// more columns) passes WIDTH; continuation lines align under the text.
pub fn wrap(head: &str, text: &str, indent: usize) -> Vec<String> {
    crate::layout::hang(head, text, WIDTH.saturating_sub(indent).max(crate::layout::wrap::MIN_TEXT))
}

/// [`wrap`], breaking only at `sep` (", " keeps each formula whole), and
/// at spaces only inside a piece too wide for a line of its own.
fn wrap_at(head: &str, text: &str, indent: usize, sep: &str) -> Vec<String> {
    let pad = " ".repeat(columns_of(head));
    let budget = WIDTH.saturating_sub(indent + pad.len()).max(20);
    let mut lines = vec![String::new()];
    let joint = sep.trim_end();
    let pieces: Vec<&str> = text.split(sep).collect();
    let words = pieces.iter().enumerate().flat_map(|(n, piece)| {
        let word = if n + 1 < pieces.len() { format!("{piece}{joint}") } else { piece.to_string() };
        if columns_of(&word) <= budget { vec![word] } else { word.split(' ').map(String::from).collect() }
    });
    for word in words {
        let last = lines.last_mut().expect("lines starts non-empty");
        if !last.is_empty() && columns_of(last) + 1 + columns_of(&word) > budget {
            lines.push(word);
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(&word);
        }
    }
    lines.into_iter().enumerate().map(|(n, l)| format!("{}{l}", if n == 0 { head } else { &pad })).collect()
}

const ROWS: usize = 8;
const COLS: usize = 8;

/// A matrix, one row per line, at most 8 × 8 entries shown; vectors on one line.
fn matrix_lines(m: &Mat, decimals: usize) -> Vec<String> {
    let row = |r: usize, cols: usize| {
        let mut cells: Vec<String> = (0..m.ncols().min(COLS)).map(|c| fmt_num(m[(r, c)], decimals)).collect();
        if cols > COLS {
            cells.push("…".into());
        }
        format!("[{}]", cells.join(", "))
    };
    if m.ncols() == 1 {
        let v: Vec<String> = m.iter().take(ROWS * COLS).map(|v| fmt_num(*v, decimals)).collect();
        let more = if m.nrows() > ROWS * COLS { ", …" } else { "" };
        return vec![format!("[{}{more}]", v.join(", "))];
    }
    let mut lines: Vec<String> = (0..m.nrows().min(ROWS)).map(|r| row(r, m.ncols())).collect();
    if m.nrows() > ROWS {
        lines.push("…".into());
    }
    lines
}

fn labelled(label: &str, shape: &str, m: &Mat, out: &mut Vec<String>) {
    let head = format!("{label} {shape}:");
    let lines = matrix_lines(m, 4);
    if lines.len() == 1 {
        out.push(format!("{} {}", pad(&head, 18), lines[0]));
    } else {
        out.push(head);
        out.extend(lines.into_iter().map(|l| format!("  {l}")));
    }
}

/// The lines that explain one failure: case, expected, got, first difference, hint.
pub fn failure_lines(ex: &Exercise, f: &Failure) -> Vec<String> {
    let mut out = vec![T::CASE.fill(&[("case", &f.case), ("cases", &f.cases), ("label", &f.label.as_str())])];
    labelled(T::EXPECTED.get(), &f.expected_shape, &f.expected, &mut out);
    match (&f.got, &f.panic) {
        (_, Some(p)) => out.push(T::GOT_PANIC.fill(&[("panic", &p.as_str())])),
        (Some(g), None) => {
            labelled(T::GOT.get(), &f.got_shape, g, &mut out);
            if let Some((r, c)) = f.first_diff {
                let at = if g.ncols() == 1 { format!("[{r}]") } else { format!("[{r}, {c}]") };
                let diff = T::FIRST_DIFF.fill(&[
                    ("at", &at.as_str()),
                    ("expected", &fmt_num(f.expected[(r, c)], 9).as_str()),
                    ("got", &fmt_num(g[(r, c)], 9).as_str()),
                    ("tolerance", &format!("{EPSILON:e}").as_str()),
                ]);
                out.extend(wrap("", &diff, 6));
            } else if g.shape() != f.expected.shape() {
                out.push(
                    T::SHAPES_DIFFER.fill(&[("expected", &f.expected_shape.as_str()), ("got", &f.got_shape.as_str())]),
                );
            }
        }
        (None, None) => {}
    }
    out.extend(wrap(T::HINT_HEAD.get(), &f.hint, 6));
    let next = T::READ_FIX_RERUN.fill(&[("chapter", &ex.chapter), ("file", &ex.file), ("id", &ex.id)]);
    out.extend(wrap("", &next, 6));
    out
}

/// The `cargo test --test exercises` report. `newly_passed` exercises also show their solution.
pub fn harness_report(outcomes: &[(&Exercise, Outcome)], newly_passed: &[u8], strict: bool) -> String {
    let mut out = vec![T::REPORT_HEAD.get().to_string(), String::new()];
    for (ex, o) in outcomes {
        let name = format!("{:>2} {}{}", ex.id, ex.title.get(), step_text(ex));
        match o {
            Outcome::Pass => {
                out.push(format!("  ✓ {name}"));
                let (file, anchor) = ex.solution;
                match solution_code(ex).filter(|_| newly_passed.contains(&ex.id)) {
                    Some(code) => {
                        let passed = T::PASSED_SOLUTION.fill(&[("file", &file), ("anchor", &anchor)]);
                        out.push(format!("      {passed}"));
                        out.extend(code.lines().map(|l| format!("      │ {l}")));
                    }
                    None => out.push(format!("      {}", T::SOLUTION_AT.fill(&[("file", &file), ("anchor", &anchor)]))),
                }
            }
            Outcome::Fail(f) => {
                out.push(format!("  ✗ {name}{}{}", T::NAME_SEP.get(), ex.file));
                out.extend(failure_lines(ex, f).into_iter().map(|l| format!("      {l}")));
            }
            Outcome::Pending if strict => {
                out.push(format!("  ✗ {name}{}{}", T::NAME_SEP.get(), T::PENDING_STRICT.get()))
            }
            Outcome::Pending => out.push(format!("  · {name}{}{}", T::NAME_SEP.get(), T::PENDING.get())),
        }
    }
    let count = |p: fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| p(o)).count();
    let (pass, fail) = (count(|o| *o == Outcome::Pass), count(|o| matches!(o, Outcome::Fail(_))));
    let pending = outcomes.len() - pass - fail;
    out.push(String::new());
    let total = outcomes.len();
    out.push(T::PROGRESS.fill(&[("pass", &pass), ("total", &total), ("fail", &fail), ("pending", &pending)]));
    // A failing exercise comes before a pending one: it is the one being worked on.
    let failing = outcomes.iter().find(|(_, o)| matches!(o, Outcome::Fail(_)));
    match failing.or_else(|| outcomes.iter().find(|(_, o)| *o != Outcome::Pass)) {
        Some((ex, _)) => {
            out.push(T::NEXT_WRITE.fill(&[("file", &ex.file), ("function", &ex.function)]));
            out.extend(wrap_at("      ", ex.formula, 0, ", "));
            // Wrapped under the block, so a long chapter name does not run past the width.
            out.extend(wrap("      ", &T::READ_THEN_HINT.fill(&[("chapter", &ex.chapter), ("id", &ex.id)]), 0));
            out.push(T::CHECK_AGAIN.get().into());
        }
        None => out.extend([T::ALL_PASS.get(), STRICT_CHECK].map(String::from)),
    }
    out.join("\n") + "\n"
}

/// Watch mode's screen: the progress, what just passed, and the one exercise
/// to work on now (its failure, or its file and formula).
pub fn watch_screen(outcomes: &[(&Exercise, Outcome)], newly_passed: &[u8]) -> String {
    let count = |p: fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| p(o)).count();
    let (pass, fail) = (count(|o| *o == Outcome::Pass), count(|o| matches!(o, Outcome::Fail(_))));
    let (total, pending) = (outcomes.len(), outcomes.len() - pass - fail);
    let mut out = vec![T::COUNTS.fill(&[("pass", &pass), ("total", &total), ("fail", &fail), ("pending", &pending)])];
    for (ex, _) in outcomes.iter().filter(|(ex, o)| *o == Outcome::Pass && newly_passed.contains(&ex.id)) {
        out.push(String::new());
        out.push(T::WATCH_PASSES.fill(&[("id", &ex.id), ("title", &ex.title.get())]));
        out.extend(solution_code(ex).unwrap_or_default().lines().map(|l| format!("  │ {l}")));
    }
    out.push(String::new());
    let failing = outcomes.iter().find(|(_, o)| matches!(o, Outcome::Fail(_)));
    match failing.or_else(|| outcomes.iter().find(|(_, o)| *o != Outcome::Pass)) {
        Some((ex, Outcome::Fail(f))) => {
            out.push(format!("✗ {} {}{}{}{}", ex.id, ex.title.get(), step_text(ex), T::NAME_SEP.get(), ex.file));
            out.extend(failure_lines(ex, f).into_iter().map(|l| format!("  {l}")));
        }
        Some((ex, _)) => {
            out.push(T::NEXT_WRITE.fill(&[("file", &ex.file), ("function", &ex.function)]));
            out.extend(wrap_at("  ", ex.formula, 0, ", "));
            out.push(format!("  {}", T::WATCH_READ_THEN_HINT.fill(&[("chapter", &ex.chapter)])));
        }
        None => out.extend([T::ALL_PASS.get(), STRICT_CHECK].map(String::from)),
    }
    out.join("\n") + "\n"
}

fn status_text(s: Status) -> &'static str {
    match s {
        Status::Passed => T::STATUS_PASSED,
        Status::Failing => T::STATUS_FAILING,
        Status::Pending => T::STATUS_PENDING,
        Status::Changed => T::STATUS_CHANGED,
        Status::Missing => T::STATUS_MISSING,
        Status::Folder => T::STATUS_FOLDER,
        Status::Special => T::STATUS_SPECIAL,
        Status::TooLarge => T::STATUS_TOO_BIG,
        Status::Unreadable => T::STATUS_UNREADABLE,
    }
    .get()
}

/// What stands in an exercise's place when it cannot be checked, and what to
/// type; None for a file that can be.
fn problem_text(ex: &Exercise, s: Status) -> Option<String> {
    let file = ex.file;
    let limit = crate::fsio::size_text(crate::fsio::MAX_EXERCISE_BYTES);
    let text = match s {
        Status::Folder => T::PROBLEM_FOLDER,
        Status::Special => T::PROBLEM_SPECIAL,
        Status::TooLarge => T::PROBLEM_TOO_BIG,
        Status::Unreadable => T::PROBLEM_UNREADABLE,
        _ => return None,
    };
    Some(text.fill(&[("file", &file), ("limit", &limit.as_str())]))
}

/// The REPL's `exercises` reply: every exercise, its status, and the next one,
/// laid out for the output width.
pub fn listing(statuses: &[(&Exercise, Status)]) -> String {
    listing_to(statuses, crate::layout::width())
}

/// [`listing`] at a given width: one aligned row per exercise when the row
/// fits, else the title, step and file as one text column wrapped under itself.
pub fn listing_to(statuses: &[(&Exercise, Status)], width: usize) -> String {
    use crate::layout::{columns, hang, widest};
    let rows: Vec<[String; 5]> = statuses
        .iter()
        .map(|(ex, s)| {
            let step = ex.step.map(|s| format!("{s:02}")).unwrap_or_else(|| "–".into());
            let file = ex.file.trim_start_matches("tests/exercises/").to_string();
            [format!("{:>3}", ex.id), status_text(*s).into(), ex.title.get().into(), step, file]
        })
        .collect();
    let heads = [T::COL_NUMBER, T::COL_STATUS, T::COL_EXERCISE, T::COL_STEP, T::COL_FILE].map(|t| t.get());
    let title_w = rows.iter().map(|r| columns_of(&r[2])).chain([columns_of(heads[2])]).max().unwrap_or(0);
    let step_w = rows.iter().map(|r| columns_of(&r[3])).chain([columns_of(heads[3]), 4]).max().unwrap_or(4);
    let line =
        |r: [&str; 5]| format!("{:>3}  {} {} {}  {}", r[0], pad(r[1], 10), pad(r[2], title_w), pad(r[3], step_w), r[4]);
    let wide: Vec<String> =
        std::iter::once(line(heads)).chain(rows.iter().map(|r| line([&r[0], &r[1], &r[2], &r[3], &r[4]]))).collect();
    let mut out = if widest(&wide.join("\n")) <= width {
        wide
    } else {
        let head = ["  #".to_string(), T::COL_STATUS.get().into(), T::COL_NARROW.get().into()];
        let narrow = rows.iter().map(|[id, status, title, step, file]| {
            let step = if step == "–" { String::new() } else { T::NARROW_STEP.fill(&[("step", &step.as_str())]) };
            vec![id.clone(), status.clone(), format!("{title}{step} · {file}")]
        });
        columns(&std::iter::once(head.to_vec()).chain(narrow).collect::<Vec<_>>(), 2, width)
    };
    let passed = statuses.iter().filter(|(_, s)| *s == Status::Passed).count();
    out.extend(hang("", &T::LISTED_PASSED.fill(&[("passed", &passed), ("total", &statuses.len())]), width));
    if statuses.iter().any(|(_, s)| *s == Status::Changed) {
        out.extend(hang("", T::LISTED_CHANGED.get(), width));
    }
    if statuses.iter().any(|(_, s)| *s == Status::Missing) {
        out.extend(hang("", T::LISTED_MISSING.get(), width));
    }
    for (ex, s) in statuses {
        if let Some(text) = problem_text(ex, *s) {
            out.extend(hang("! ", &text, width));
        }
    }
    let failing = statuses.iter().find(|(_, s)| *s == Status::Failing);
    match failing.or_else(|| statuses.iter().find(|(_, s)| *s != Status::Passed)) {
        Some((ex, _)) => out.extend(hang(
            T::LISTED_NEXT_HEAD.get(),
            &T::LISTED_NEXT.fill(&[("id", &ex.id), ("title", &ex.title.get()), ("file", &ex.file)]),
            width,
        )),
        None => out.extend(hang("", T::ALL_DONE.get(), width)),
    }
    out.join("\n")
}

/// The end of a full `cargo test`: progress, the next file, and the command
/// that shows the details. `checked` is false when no record exists yet.
pub fn summary(statuses: &[(&Exercise, Status)], checked: bool) -> String {
    if !checked {
        return format!("{}\n", T::NOT_CHECKED.get());
    }
    let count = |want: Status| statuses.iter().filter(|(_, s)| *s == want).count();
    let (pass, fail, total) = (count(Status::Passed), count(Status::Failing), statuses.len());
    let pending = total - pass - fail;
    let mut out = vec![T::COUNTS.fill(&[("pass", &pass), ("total", &total), ("fail", &fail), ("pending", &pending)])];
    let failing = statuses.iter().find(|(_, s)| *s == Status::Failing);
    match failing.or_else(|| statuses.iter().find(|(_, s)| *s != Status::Passed)) {
        Some((ex, _)) => {
            out.push(T::SUMMARY_NEXT.fill(&[("file", &ex.file), ("title", &ex.title.get())]));
            out.push(T::SUMMARY_DETAILS.get().into());
        }
        None => out.extend([T::ALL_PASS.get(), STRICT_CHECK].map(String::from)),
    }
    out.join("\n") + "\n"
}

/// The REPL's `hint N` (the idea) and `hint N 2` (closer to the code), or what to type instead.
pub fn hint(args: &[String]) -> Result<String, String> {
    let last = EXERCISES.len();
    let usage = || T::HINT_USAGE.fill(&[("last", &last)]);
    let (id, step) = match args {
        [n] => (n, "1"),
        [n, k] => (n, k.as_str()),
        _ => return Err(usage()),
    };
    let id: u8 = id.trim().parse().map_err(|_| usage())?;
    let ex = exercise(id).ok_or_else(|| T::NO_EXERCISE.fill(&[("id", &id), ("last", &last)]))?;
    let (text, then) = match step.trim() {
        "1" => (ex.idea.get(), T::HINT_THEN_2.fill(&[("id", &id)])),
        "2" => (ex.hint.get(), T::HINT_THEN_SOLUTION.get().to_string()),
        other => return Err(T::HINT_LEVELS.fill(&[("id", &id), ("other", &other)])),
    };
    let width = crate::layout::width();
    let hang = |head: &str, text: &str| crate::layout::hang(head, text, width).join("\n");
    let labels = [
        T::HINT_FORMULA.get().to_string(),
        T::HINT_N.fill(&[("n", &step.trim())]),
        T::HINT_FILE.get().into(),
        T::HINT_READ.get().into(),
    ];
    let w = labels.iter().map(|l| columns_of(l)).max().unwrap_or(0);
    let head = |k: usize| format!("  {} ", pad(&labels[k], w));
    Ok([
        T::HINT_EXERCISE.fill(&[("id", &ex.id), ("title", &ex.title.get()), ("step", &step_text(ex).as_str())]),
        hang(&head(0), ex.formula),
        hang(&head(1), text),
        hang(&head(2), ex.file),
        hang(&head(3), ex.chapter),
        hang("", &T::HINT_THEN_CHECK.fill(&[("then", &then.as_str())])),
    ]
    .join("\n"))
}
