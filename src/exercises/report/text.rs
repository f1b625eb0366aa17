//! Outcomes as text: the `cargo test --test exercises` report, the REPL's `exercises` list and
//! `hint N`. Every message ends with the next thing to do.

use super::status::Status;
use crate::exercises::catalog::{EXERCISES, Exercise, exercise};
use crate::exercises::checker::run::{Failure, Outcome};
use crate::exercises::diagnosis::tolerance::EPSILON;
use crate::model::Mat;
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
    ex.step.map(|s| format!(" (step {s:02})")).unwrap_or_default()
}

const STRICT_CHECK: &str = "  BAHDANAU_STRICT=1 cargo test --test exercises";

/// Lines of the report fit an 80-column terminal and the book's text column.
const WIDTH: usize = 80;

/// `head` then `text`, broken at spaces so that no line (after `indent`
/// more columns) passes WIDTH; continuation lines align under the text.
pub fn wrap(head: &str, text: &str, indent: usize) -> Vec<String> {
    wrap_at(head, text, indent, " ")
}

/// [`wrap`], breaking only at `sep` (", " keeps each formula whole).
fn wrap_at(head: &str, text: &str, indent: usize, sep: &str) -> Vec<String> {
    let pad = " ".repeat(head.chars().count());
    let budget = WIDTH.saturating_sub(indent + pad.len()).max(20);
    let mut lines = vec![String::new()];
    let joint = sep.trim_end();
    let pieces: Vec<&str> = text.split(sep).collect();
    for (n, piece) in pieces.iter().enumerate() {
        let word = if n + 1 < pieces.len() { format!("{piece}{joint}") } else { piece.to_string() };
        let last = lines.last_mut().expect("lines starts non-empty");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > budget {
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
        out.push(format!("{head:<18} {}", lines[0]));
    } else {
        out.push(head);
        out.extend(lines.into_iter().map(|l| format!("  {l}")));
    }
}

/// The lines that explain one failure: case, expected, got, first difference, hint.
pub fn failure_lines(ex: &Exercise, f: &Failure) -> Vec<String> {
    let mut out = vec![format!("case {} of {}: {}", f.case, f.cases, f.label)];
    labelled("expected", &f.expected_shape, &f.expected, &mut out);
    match (&f.got, &f.panic) {
        (_, Some(p)) => out.push(format!("got:  a panic: {p}")),
        (Some(g), None) => {
            labelled("got", &f.got_shape, g, &mut out);
            if let Some((r, c)) = f.first_diff {
                let at = if g.ncols() == 1 { format!("[{r}]") } else { format!("[{r}, {c}]") };
                let diff = format!(
                    "first difference at {at}: expected {}, got {} (tolerance {EPSILON:e} × max(1, |expected|))",
                    fmt_num(f.expected[(r, c)], 9),
                    fmt_num(g[(r, c)], 9)
                );
                out.extend(wrap("", &diff, 6));
            } else if g.shape() != f.expected.shape() {
                out.push(format!("the shapes differ: expected {}, got {}", f.expected_shape, f.got_shape));
            }
        }
        (None, None) => {}
    }
    out.extend(wrap("hint: ", &f.hint, 6));
    let next = format!(
        "read {}, then fix {} and run `cargo test --test exercises` again; `hint {} 2` in the REPL is a hint \
         closer to the code",
        ex.chapter, ex.file, ex.id
    );
    out.extend(wrap("", &next, 6));
    out
}

/// The `cargo test --test exercises` report. `newly_passed` exercises also show their solution.
pub fn harness_report(outcomes: &[(&Exercise, Outcome)], newly_passed: &[u8], strict: bool) -> String {
    let mut out =
        vec!["Exercises: your own implementation of each step, in tests/exercises/".to_string(), String::new()];
    for (ex, o) in outcomes {
        let name = format!("{:>2} {}{}", ex.id, ex.title.get(), step_text(ex));
        match o {
            Outcome::Pass => {
                out.push(format!("  ✓ {name}"));
                let (file, anchor) = ex.solution;
                match solution_code(ex).filter(|_| newly_passed.contains(&ex.id)) {
                    Some(code) => {
                        out.push(format!(
                            "      passed! The reference solution ({file}, ANCHOR {anchor}), to compare:"
                        ));
                        out.extend(code.lines().map(|l| format!("      │ {l}")));
                    }
                    None => out.push(format!("      solution to compare with: {file}, ANCHOR {anchor}")),
                }
            }
            Outcome::Fail(f) => {
                out.push(format!("  ✗ {name}: {}", ex.file));
                out.extend(failure_lines(ex, f).into_iter().map(|l| format!("      {l}")));
            }
            Outcome::Pending if strict => {
                out.push(format!("  ✗ {name}: pending, and strict mode counts it as a failure"))
            }
            Outcome::Pending => out.push(format!("  · {name}: pending")),
        }
    }
    let count = |p: fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| p(o)).count();
    let (pass, fail) = (count(|o| *o == Outcome::Pass), count(|o| matches!(o, Outcome::Fail(_))));
    let pending = outcomes.len() - pass - fail;
    out.push(String::new());
    out.push(format!("Progress: {pass} of {} passed, {fail} failing, {pending} pending.", outcomes.len()));
    // A failing exercise comes before a pending one: it is the one being worked on.
    let failing = outcomes.iter().find(|(_, o)| matches!(o, Outcome::Fail(_)));
    match failing.or_else(|| outcomes.iter().find(|(_, o)| *o != Outcome::Pass)) {
        Some((ex, _)) => {
            out.push(format!("Next: open {} and write {}:", ex.file, ex.function));
            out.extend(wrap_at("      ", ex.formula, 0, ", "));
            out.push(format!("      (read {}; `hint {}` in the REPL gives a hint)", ex.chapter, ex.id));
            out.push("Check again with: cargo test --test exercises".into());
        }
        None => out.extend(
            ["Every exercise passes. The final check, with pending ones failing:", STRICT_CHECK].map(String::from),
        ),
    }
    out.join("\n") + "\n"
}

/// Watch mode's screen: the progress, what just passed, and the one exercise
/// to work on now (its failure, or its file and formula).
pub fn watch_screen(outcomes: &[(&Exercise, Outcome)], newly_passed: &[u8]) -> String {
    let count = |p: fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| p(o)).count();
    let (pass, fail) = (count(|o| *o == Outcome::Pass), count(|o| matches!(o, Outcome::Fail(_))));
    let mut out = vec![format!(
        "Exercises: {pass} of {} passed, {fail} failing, {} pending.",
        outcomes.len(),
        outcomes.len() - pass - fail
    )];
    for (ex, _) in outcomes.iter().filter(|(ex, o)| *o == Outcome::Pass && newly_passed.contains(&ex.id)) {
        out.push(String::new());
        out.push(format!("✓ {} {} passes. The reference solution, to compare:", ex.id, ex.title.get()));
        out.extend(solution_code(ex).unwrap_or_default().lines().map(|l| format!("  │ {l}")));
    }
    out.push(String::new());
    let failing = outcomes.iter().find(|(_, o)| matches!(o, Outcome::Fail(_)));
    match failing.or_else(|| outcomes.iter().find(|(_, o)| *o != Outcome::Pass)) {
        Some((ex, Outcome::Fail(f))) => {
            out.push(format!("✗ {} {}{}: {}", ex.id, ex.title.get(), step_text(ex), ex.file));
            out.extend(failure_lines(ex, f).into_iter().map(|l| format!("  {l}")));
        }
        Some((ex, _)) => {
            out.push(format!("Next: open {} and write {}:", ex.file, ex.function));
            out.extend(wrap_at("  ", ex.formula, 0, ", "));
            out.push(format!("  (read {}; h gives a hint)", ex.chapter));
        }
        None => out.extend(
            ["Every exercise passes. The final check, with pending ones failing:", STRICT_CHECK].map(String::from),
        ),
    }
    out.join("\n") + "\n"
}

fn status_text(s: Status) -> &'static str {
    match s {
        Status::Passed => "✓ passed",
        Status::Failing => "✗ failing",
        Status::Pending => "· pending",
        Status::Changed => "? changed",
        Status::Missing => "! missing",
        Status::Folder => "! folder",
        Status::Special => "! special",
        Status::TooLarge => "! too big",
        Status::Unreadable => "! no read",
    }
}

/// What stands in an exercise's place when it cannot be checked, and what to
/// type; None for a file that can be.
fn problem_text(ex: &Exercise, s: Status) -> Option<String> {
    let file = ex.file;
    Some(match s {
        Status::Folder => format!(
            "{file} is a folder, not the exercise's file. Move it aside (`mv {file} {file}.folder`), then \
             `git checkout -- {file}` brings the exercise back."
        ),
        Status::Special => format!(
            "{file} is a pipe, a device or a socket, not a file, so it is not read. Remove it (`rm {file}`), then \
             `git checkout -- {file}` brings the exercise back."
        ),
        Status::TooLarge => format!(
            "{file} is larger than {}, more than an exercise file can be, so it is not read. Move it aside \
             (`mv {file} {file}.big`), then `git checkout -- {file}` brings the exercise back.",
            crate::fsio::size_text(crate::fsio::MAX_EXERCISE_BYTES)
        ),
        Status::Unreadable => format!(
            "{file} is there but cannot be read (check its permissions: `ls -l {file}`); \
             `chmod u+r {file}` lets the checker read it."
        ),
        _ => return None,
    })
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
    let title_w = rows.iter().map(|r| r[2].chars().count()).max().unwrap_or(0);
    let line = |r: [&str; 5]| format!("{:>3}  {:<10} {:<title_w$} {:<4}  {}", r[0], r[1], r[2], r[3], r[4]);
    let wide: Vec<String> = std::iter::once(line(["#", "status", "exercise", "step", "file, in tests/exercises/"]))
        .chain(rows.iter().map(|r| line([&r[0], &r[1], &r[2], &r[3], &r[4]])))
        .collect();
    let mut out = if widest(&wide.join("\n")) <= width {
        wide
    } else {
        let head = ["  #".to_string(), "status".into(), "exercise · step · file, in tests/exercises/".into()];
        let narrow = rows.iter().map(|[id, status, title, step, file]| {
            let step = if step == "–" { String::new() } else { format!(" · step {step}") };
            vec![id.clone(), status.clone(), format!("{title}{step} · {file}")]
        });
        columns(&std::iter::once(head.to_vec()).chain(narrow).collect::<Vec<_>>(), 2, width)
    };
    let passed = statuses.iter().filter(|(_, s)| *s == Status::Passed).count();
    out.push(format!("{passed} of {} passed (as of the last check, `cargo test --test exercises`).", statuses.len()));
    if statuses.iter().any(|(_, s)| *s == Status::Changed) {
        out.push("? changed: edited since the last check; `cargo test --test exercises` checks it.".into());
    }
    if statuses.iter().any(|(_, s)| *s == Status::Missing) {
        out.push("! missing: the file is gone; `git checkout -- tests/exercises` brings it back.".into());
    }
    for (ex, s) in statuses {
        if let Some(text) = problem_text(ex, *s) {
            out.extend(hang("! ", &text, width));
        }
    }
    let failing = statuses.iter().find(|(_, s)| *s == Status::Failing);
    match failing.or_else(|| statuses.iter().find(|(_, s)| *s != Status::Passed)) {
        Some((ex, _)) => out.extend(hang(
            "Next: ",
            &format!(
                "exercise {}, {}: open {}, then run `cargo test --test exercises` (or `cargo run -- watch`). `hint {}` gives a hint.",
                ex.id, ex.title.get(), ex.file, ex.id
            ),
            width,
        )),
        None => out.push("All done. BAHDANAU_STRICT=1 cargo test --test exercises is the final check.".into()),
    }
    out.join("\n")
}

/// The end of a full `cargo test`: progress, the next file, and the command
/// that shows the details. `checked` is false when no record exists yet.
pub fn summary(statuses: &[(&Exercise, Status)], checked: bool) -> String {
    if !checked {
        return "Exercises: not checked yet; `cargo test --test exercises` checks them.\n".into();
    }
    let count = |want: Status| statuses.iter().filter(|(_, s)| *s == want).count();
    let mut out = vec![format!(
        "Exercises: {} of {} passed, {} failing, {} pending.",
        count(Status::Passed),
        statuses.len(),
        count(Status::Failing),
        statuses.len() - count(Status::Passed) - count(Status::Failing)
    )];
    let failing = statuses.iter().find(|(_, s)| *s == Status::Failing);
    match failing.or_else(|| statuses.iter().find(|(_, s)| *s != Status::Passed)) {
        Some((ex, _)) => {
            out.push(format!("Next: {} ({}).", ex.file, ex.title.get()));
            out.push("Details: cargo test --test exercises · on every save: cargo run -- watch".into());
        }
        None => out.extend(
            ["Every exercise passes. The final check, with pending ones failing:", STRICT_CHECK].map(String::from),
        ),
    }
    out.join("\n") + "\n"
}

/// The REPL's `hint N` (the idea) and `hint N 2` (closer to the code), or what to type instead.
pub fn hint(args: &[String]) -> Result<String, String> {
    let last = EXERCISES.len();
    let usage = format!("`hint` takes an exercise number from 1 to {last}, for example `hint 6`, and then `hint 6 2`");
    let (id, step) = match args {
        [n] => (n, "1"),
        [n, k] => (n, k.as_str()),
        _ => return Err(format!("{usage}; `exercises` lists them")),
    };
    let id: u8 = id.trim().parse().map_err(|_| format!("{usage}; `exercises` lists them"))?;
    let ex = exercise(id)
        .ok_or_else(|| format!("there is no exercise {id}: they are numbered 1 to {last}; `exercises` lists them"))?;
    let (text, then) = match step.trim() {
        "1" => (ex.idea.get(), format!("`hint {id} 2` gives a hint closer to the code.")),
        "2" => (ex.hint.get(), "The solution is shown once the exercise passes.".to_string()),
        other => return Err(format!("exercise {id} has hints 1 and 2, not \"{other}\": `hint {id}` or `hint {id} 2`")),
    };
    let width = crate::layout::width();
    let hang = |head: &str, text: &str| crate::layout::hang(head, text, width).join("\n");
    Ok([
        format!("Exercise {} · {}{}", ex.id, ex.title.get(), step_text(ex)),
        hang("  formula: ", ex.formula),
        hang(&format!("  hint {step}:  "), text),
        hang("  file:    ", ex.file),
        hang("  read:    ", ex.chapter),
        hang("", &format!("{then} Then run `cargo test --test exercises` to check it.")),
    ]
    .join("\n"))
}
