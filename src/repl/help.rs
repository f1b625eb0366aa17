//! What `help` answers: the commands in groups, one group, or one command
//! with what it accepts. The lookup is `help_cmd`'s, read from the command
//! table, so help never drifts.

/// A group of commands, as `help` lists them; `name` is what `help NAME` takes.
#[derive(Debug, PartialEq)]
pub struct Group {
    pub name: &'static str,
    pub title: &'static str,
    pub commands: &'static [&'static str],
}

const fn group(name: &'static str, title: &'static str, commands: &'static [&'static str]) -> Group {
    Group { name, title, commands }
}

/// Every command of the table in exactly one group (a test checks it).
pub const GROUPS: &[Group] = &[
    group("stepping", "stepping through the translation", &["next", "back", "goto", "where", "run", "reset"]),
    group(
        "looking",
        "looking at what was computed",
        &["show", "shapes", "formula", "explain", "alignment", "entropy", "coverage"],
    ),
    group("scenario", "changing the scenario", &["source", "target", "dims", "seed", "decode", "beam"]),
    group(
        "training",
        "training and experiments",
        &["train", "replay", "compare", "score", "qkv", "diagnose", "mask", "bug", "bottleneck", "scores"],
    ),
    group("practice", "the exercises", &["exercises", "hint"]),
    group("files", "files", &["export", "save", "load", "corpus"]),
    group("repl", "the REPL itself", &["clear", "help", "quit"]),
];

/// What `help` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Help {
    /// The groups, each with its command names, and how to start.
    Overview,
    /// Every command of the group, with one line each.
    Group(&'static Group),
    /// Every command of every group.
    All,
    /// One command (by its name in the table), and what its arguments may be.
    Command { name: &'static str, accepts: String },
}
