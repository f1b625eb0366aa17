//! The `help` command: a word looked up among the groups and the command
//! table, and what each command accepts, in words, from its table entry.

use super::commands::{Args, COMMANDS, Command, find};
use super::help::{GROUPS, Group, Help};
use super::names::all_names;
use super::reply::Reply;
use super::session::Session;
use crate::text::errors as E;
use crate::text::help::accepts as A;

/// `help`, `help NAME`: the overview, a group, every command or one.
pub fn help_cmd(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => lookup(s, None).map(Reply::Help),
        [name] => lookup(s, Some(name)).map(Reply::Help),
        _ => Err(crate::text::errors::HELP_ONE.get().into()),
    }
}

/// The commands of `g` that are in the table, in the group's order.
pub fn members(g: &Group) -> impl Iterator<Item = &'static Command> + '_ {
    g.commands.iter().filter_map(|n| find(n))
}

/// The commands no group names (a command added without a group still shows).
pub fn ungrouped() -> impl Iterator<Item = &'static Command> {
    COMMANDS.iter().filter(|c| !GROUPS.iter().any(|g| g.commands.contains(&c.name)))
}

/// `help`, `help all`, `help GROUP` or `help COMMAND`.
pub fn lookup(s: &Session, word: Option<&str>) -> Result<Help, String> {
    let Some(word) = word else { return Ok(Help::Overview) };
    if word == "all" {
        return Ok(Help::All);
    }
    if let Some(g) = GROUPS.iter().find(|g| g.name == word) {
        return Ok(Help::Group(g));
    }
    if let Some(command) = find(word) {
        return Ok(Help::Command { name: command.name, accepts: accepts(s, command) });
    }
    let topics = COMMANDS.iter().flat_map(Command::names).chain(GROUPS.iter().map(|g| g.name)).chain(["all"]);
    let hint = super::parse::nearest(word, topics).map_or(String::new(), |n| E::DID_YOU_MEAN.fill(&[("name", &n)]));
    Err(E::HELP_UNKNOWN.fill(&[("word", &word), ("hint", &hint)]))
}

/// What `c`'s arguments may be, in words, from its entry in the table.
pub fn accepts(s: &Session, c: &Command) -> String {
    let w = s.walk();
    let list = |items: &[&str]| items.join(", ");
    match c.args {
        Args::None => A::NONE.get().into(),
        Args::Step => A::STEP.fill(&[("t", &w.trace.steps.len()), ("n", &s.order().len())]),
        Args::Name => {
            let trace = list(&super::names::TRACE_NAMES.iter().map(|n| n.name).collect::<Vec<_>>());
            let params = list(&all_names(s)[super::names::TRACE_NAMES.len()..]);
            A::NAME.fill(&[("trace", &trace), ("params", &params)])
        }
        Args::Source => A::SOURCE.fill(&[("words", &w.source_vocab.tokens().join(" "))]),
        Args::Target => A::TARGET.fill(&[("words", &w.target_vocab.tokens().join(" "))]),
        Args::Dims => A::DIMS.fill(&[("max", &crate::model::MAX_DIM)]),
        Args::Number => A::NUMBER.fill(&[("example", &format!("{} {}", c.name, number_example(c.name)))]),
        Args::File => A::FILE.get().into(),
        Args::Command => A::COMMAND.fill(&[
            ("groups", &list(&GROUPS.iter().map(|g| g.name).collect::<Vec<_>>())),
            ("commands", &list(&COMMANDS.iter().map(|c| c.name).collect::<Vec<_>>())),
        ]),
        Args::Shapes => A::SHAPES.get().into(),
        Args::Words(words) => A::WORDS.fill(&[("words", &list(words))]),
        Args::Hypothesis => A::HYPOTHESIS.fill(&[("name", &c.name)]),
    }
}

fn number_example(name: &str) -> &'static str {
    match name {
        "train" => A::TRAIN_EXAMPLE.get(),
        "seed" => A::SEED_EXAMPLE.get(),
        "hint" => A::HINT_EXAMPLE.get(),
        _ => "3",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_alignment_names_what_alignment_accepts() {
        let mut s = Session::default_scenario().unwrap();
        let Ok(Help::Command { accepts, .. }) = lookup(&s, Some("alignment")) else { panic!("help alignment") };
        assert!(accepts.contains("alignment h=2") && !accepts.contains("whole number"), "{accepts}");
        let e = crate::repl::execute(&mut s, "alignment 3").unwrap_err();
        assert!(e.contains("alignment h=2"), "{e}");
    }

    #[test]
    fn every_command_is_in_exactly_one_group() {
        for c in COMMANDS {
            let n = GROUPS.iter().filter(|g| g.commands.contains(&c.name)).count();
            assert_eq!(n, 1, "{} is in {n} groups: add it to one in GROUPS", c.name);
        }
        for g in GROUPS {
            assert_eq!(members(g).count(), g.commands.len(), "{} names a command that does not exist", g.name);
        }
        assert_eq!(ungrouped().count(), 0);
    }

    #[test]
    fn help_show_lists_every_showable_name() {
        let s = Session::default_scenario().unwrap();
        let Ok(Help::Command { accepts, .. }) = lookup(&s, Some("show")) else { panic!("help show") };
        for name in all_names(&s) {
            assert!(accepts.split([' ', ',']).any(|w| w.trim_end_matches('.') == name), "{name} is missing: {accepts}");
        }
        assert!(matches!(lookup(&s, Some("looking")), Ok(Help::Group(g)) if g.commands.contains(&"show")));
        assert!(lookup(&s, Some("lookin")).unwrap_err().contains("did you mean looking?"));
    }
}
