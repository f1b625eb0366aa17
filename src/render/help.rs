//! `help` as text, laid out for the output width. The overview fits one
//! screen at 80 × 24: how to start, then each group with its command names.

use crate::layout::{columns, hang};
use crate::repl::Command;
use crate::repl::commands::find;
use crate::repl::help::{GROUPS, Group, Help};
use crate::repl::help_cmd::{members, ungrouped};
use crate::text::help as H;

pub fn render_help(help: &Help, width: usize) -> String {
    match help {
        Help::Overview => overview(width),
        Help::Group(g) => group(g.title.get(), members(g), width),
        Help::All => {
            let mut out: Vec<String> = GROUPS.iter().map(|g| group(g.title.get(), members(g), width)).collect();
            if ungrouped().next().is_some() {
                out.push(group(H::GROUP_MORE.get(), ungrouped(), width));
            }
            out.join("\n") + H::KEYS.get()
        }
        Help::Command { name, accepts } => {
            let Some(c) = find(name) else { return String::new() };
            let mut lines = vec![format!("{} {}", c.name, c.usage).trim_end().to_string()];
            lines.extend(hang("  ", c.help.get(), width));
            if !c.aliases.is_empty() {
                lines.extend(hang(H::ALSO.get(), &c.aliases.join(H::NAMES_SEP.get()), width));
            }
            lines.extend(hang(H::ACCEPTS.get(), accepts, width));
            if c.toy_only {
                lines.extend(hang(H::CORPUS_LABEL.get(), H::TOY_ONLY.get(), width));
            }
            if let Some(g) = GROUPS.iter().find(|g| g.commands.contains(&c.name)) {
                let title = H::IN_GROUP.fill(&[("title", &g.title.get()), ("name", &g.name)]);
                lines.extend(hang(H::GROUP.get(), &title, width));
            }
            lines.join("\n") + "\n"
        }
    }
}

fn overview(width: usize) -> String {
    let row = |name: &str, cs: &mut dyn Iterator<Item = &'static Command>| {
        let names: Vec<&str> = cs.map(|c| if c.name == "next" { H::NEXT_OR_ENTER.get() } else { c.name }).collect();
        vec![format!("  {name}"), names.join(H::NAMES_SEP.get())]
    };
    let mut rows: Vec<Vec<String>> = GROUPS.iter().map(|g: &Group| row(g.name, &mut members(g))).collect();
    if ungrouped().next().is_some() {
        rows.push(row(H::GROUP_MORE.get(), &mut ungrouped()));
    }
    let mut out = hang("", H::START.get(), width);
    out.push(String::new());
    out.extend(columns(&rows, 3, width));
    out.push(String::new());
    out.extend(hang("", H::MORE.get(), width));
    out.join("\n") + "\n" + H::KEYS.get()
}

fn group<'a>(title: &str, commands: impl Iterator<Item = &'a Command>, width: usize) -> String {
    let rows: Vec<Vec<String>> = commands
        .map(|c| vec![format!("  {} {}", c.name, c.usage).trim_end().to_string(), c.help.get().to_string()])
        .collect();
    // The usage column is capped, so a long usage does not squeeze every description.
    let form_w = rows.iter().map(|r| r[0].chars().count()).filter(|&w| w <= 26).max().unwrap_or(0);
    let mut first = title.chars();
    let head: String = first.next().map(|c| c.to_uppercase().chain(first).collect()).unwrap_or_default();
    let mut out = vec![format!("{head}{}", crate::text::place::COLON.get().trim_end())];
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
                assert!(all.contains(&words(c.help.get())), "{}", c.name);
                let one = render_help(&help_cmd::lookup(&s, Some(c.name)).unwrap(), width);
                assert!(one.starts_with(&format!("{} {}", c.name, c.usage).trim_end().to_string()), "{one}");
                assert!(one.contains("accepts:"), "{one}");
                assert!(one.lines().all(|l| l.chars().count() <= width || !l.contains(' ')), "{one}");
            }
        }
    }
}
