//! `help` as text, laid out for the output width. The overview fits one
//! screen at 80 × 24: how to start, then each group with its command names.

use crate::layout::{columns, hang};
use crate::repl::Command;
use crate::repl::commands::find;
use crate::repl::help::{GROUPS, Group, Help};
use crate::repl::help_cmd::{members, ungrouped};

const START: &str = "New here? Press Enter, and again: each press shows the next tensor of the translation \
                     with its formula, shape and meaning. goto 10 jumps to the weights α; explain says what \
                     the current step computes and why; alignment shows every α row as a heatmap.";

const MORE: &str = "help NAME explains one command and lists what it accepts (help show: every name it \
                    shows); help stepping, help looking, … give each command of a group one line; help all \
                    lists every command.";

const KEYS: &str = "Enter = next · Tab completes · Ctrl-L clears the screen\n\
                    Ctrl-C cancels the line or stops a command · Ctrl-D quits\n\
                    Rows, columns and positions count from 1, as in the paper.\n";

pub fn render_help(help: &Help, width: usize) -> String {
    match help {
        Help::Overview => overview(width),
        Help::Group(g) => group(g.title, members(g), width),
        Help::All => {
            let mut out: Vec<String> = GROUPS.iter().map(|g| group(g.title, members(g), width)).collect();
            if ungrouped().next().is_some() {
                out.push(group("more", ungrouped(), width));
            }
            out.join("\n") + KEYS
        }
        Help::Command { name, accepts } => {
            let Some(c) = find(name) else { return String::new() };
            let mut lines = vec![format!("{} {}", c.name, c.usage).trim_end().to_string()];
            lines.extend(hang("  ", c.help, width));
            if !c.aliases.is_empty() {
                lines.extend(hang("  also:    ", &c.aliases.join(", "), width));
            }
            lines.extend(hang("  accepts: ", accepts, width));
            if c.toy_only {
                lines.extend(hang(
                    "  corpus:  ",
                    "the toy corpus only (on the real one, type corpus toy first)",
                    width,
                ));
            }
            if let Some(g) = GROUPS.iter().find(|g| g.commands.contains(&c.name)) {
                lines.extend(hang("  group:   ", &format!("{} (help {} lists it)", g.title, g.name), width));
            }
            lines.join("\n") + "\n"
        }
    }
}

fn overview(width: usize) -> String {
    let row = |name: &str, cs: &mut dyn Iterator<Item = &'static Command>| {
        let names: Vec<&str> = cs.map(|c| if c.name == "next" { "next (or Enter)" } else { c.name }).collect();
        vec![format!("  {name}"), names.join(", ")]
    };
    let mut rows: Vec<Vec<String>> = GROUPS.iter().map(|g: &Group| row(g.name, &mut members(g))).collect();
    if ungrouped().next().is_some() {
        rows.push(row("more", &mut ungrouped()));
    }
    let mut out = hang("", START, width);
    out.push(String::new());
    out.extend(columns(&rows, 3, width));
    out.push(String::new());
    out.extend(hang("", MORE, width));
    out.join("\n") + "\n" + KEYS
}

fn group<'a>(title: &str, commands: impl Iterator<Item = &'a Command>, width: usize) -> String {
    let rows: Vec<Vec<String>> = commands
        .map(|c| vec![format!("  {} {}", c.name, c.usage).trim_end().to_string(), c.help.to_string()])
        .collect();
    // The usage column is capped, so a long usage does not squeeze every description.
    let form_w = rows.iter().map(|r| r[0].chars().count()).filter(|&w| w <= 26).max().unwrap_or(0);
    let mut out = vec![format!("{}{}:", title[..1].to_uppercase(), &title[1..])];
    for r in rows {
        if r[0].chars().count() > form_w {
            out.push(r[0].clone());
            out.extend(hang(&" ".repeat(form_w + 2), &r[1], width));
        } else {
            out.extend(hang(&format!("{:<w$}  ", r[0], w = form_w), &r[1], width));
        }
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::{COMMANDS, Session, help_cmd};

    #[test]
    fn the_overview_fits_one_screen_and_names_every_command() {
        for width in [60, 80, 100] {
            let text = render_help(&Help::Overview, width);
            assert!(text.lines().all(|l| l.chars().count() <= width), "{width}:\n{text}");
            assert!(text.lines().count() <= 23, "{width}: {} lines, more than a screen:\n{text}", text.lines().count());
            for c in COMMANDS {
                assert!(text.split([' ', ',', '\n']).any(|w| w == c.name), "{} is missing:\n{text}", c.name);
            }
        }
    }

    #[test]
    fn help_all_and_help_command_come_from_the_table() {
        let s = Session::default_scenario().unwrap();
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        for width in [60, 80] {
            let all = words(&render_help(&Help::All, width));
            for c in COMMANDS {
                assert!(all.contains(&words(c.help)), "{}", c.name);
                let one = render_help(&help_cmd::lookup(&s, Some(c.name)).unwrap(), width);
                assert!(one.starts_with(&format!("{} {}", c.name, c.usage).trim_end().to_string()), "{one}");
                assert!(one.contains("accepts:"), "{one}");
                assert_eq!(one.contains("the toy corpus only"), c.toy_only, "{one}");
                assert!(one.lines().all(|l| l.chars().count() <= width || !l.contains(' ')), "{one}");
            }
        }
    }
}
