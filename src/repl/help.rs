//! What `help` answers: the commands in groups, one group, or one command
//! with what it accepts. The lookup is `help_cmd`'s, read from the command
//! table, so help never drifts.

use crate::text::Text;
use crate::text::help as H;

/// A group of commands, as `help` lists them; `name` is what `help NAME` takes.
#[derive(Debug, PartialEq)]
pub struct Group {
    pub name: &'static str,
    /// What the group is for, in the language spoken.
    pub title: Text,
    pub commands: &'static [&'static str],
}

const fn group(name: &'static str, title: Text, commands: &'static [&'static str]) -> Group {
    Group { name, title, commands }
}

/// Every command of the table in exactly one group (a test checks it).
pub const GROUPS: &[Group] = &[
    group("stepping", H::GROUP_STEPPING, &["next", "back", "goto", "where", "run", "reset"]),
    group("looking", H::GROUP_LOOKING, &["show", "shapes", "formula", "explain", "alignment", "entropy", "coverage"]),
    group("scenario", H::GROUP_SCENARIO, &["source", "target", "dims", "seed", "decode", "beam"]),
    group(
        "training",
        H::GROUP_TRAINING,
        &["train", "replay", "compare", "score", "qkv", "diagnose", "mask", "bug", "bottleneck", "scores"],
    ),
    group("practice", H::GROUP_PRACTICE, &["exercises", "hint"]),
    group("files", H::GROUP_FILES, &["export", "save", "load", "corpus"]),
    group("repl", H::GROUP_REPL, &["clear", "lang", "help", "quit"]),
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
