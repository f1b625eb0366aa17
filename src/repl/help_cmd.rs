//! The `help` command: a word looked up among the groups and the command
//! table, and what each command accepts, in words, from its table entry.

use super::commands::{Args, COMMANDS, Command, find};
use super::help::{GROUPS, Group, Help};
use super::names::all_names;
use super::reply::Reply;
use super::session::Session;

/// `help`, `help NAME`: the overview, a group, every command or one.
pub fn help_cmd(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => lookup(s, None).map(Reply::Help),
        [name] => lookup(s, Some(name)).map(Reply::Help),
        _ => Err("help takes at most one command or group: help goto, help looking".into()),
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
    let hint = super::parse::nearest(word, topics).map_or(String::new(), |n| format!("did you mean {n}? "));
    Err(format!("there is no command or group \"{word}\": {hint}type help for the list"))
}

/// What `c`'s arguments may be, in words, from its entry in the table.
pub fn accepts(s: &Session, c: &Command) -> String {
    let w = s.walk();
    let list = |items: &[&str]| items.join(", ");
    match c.args {
        Args::None => "nothing: type just the command".into(),
        Args::Step => format!(
            "a step 01 … 14 (or 1 … 14), optionally with t=1 … {t}; or t=N alone to move to target word N at the \
             same step; or a snapshot name such as step_10_t2; or a position as the prompt counts them, 15 … {n} \
             or K/{n} (goto 42/{n})",
            t = w.trace.steps.len(),
            n = s.order().len()
        ),
        Args::Name => format!(
            "one name, then optionally t=N for another target word. The trace (once its step is reached): {}. \
             The parameters: {}. Also α, e_t, c_t, s_t, →h, ←h.",
            list(&super::names::TRACE_NAMES.iter().map(|n| n.name).collect::<Vec<_>>()),
            list(&all_names(s)[super::names::TRACE_NAMES.len()..])
        ),
        Args::Source => format!(
            "nothing (to show the source), or a sentence in quotes made of these words (any case): {}",
            w.source_vocab.tokens().join(" ")
        ),
        Args::Target => format!(
            "nothing (to show the target), or a sentence in quotes made of these words (any case): {}",
            w.target_vocab.tokens().join(" ")
        ),
        Args::Dims => format!(
            "nothing (to show them), or any of m=M n=N n'=N' l=L, each a whole number from 1 to {}",
            crate::model::MAX_DIM
        ),
        Args::Number => format!("a whole number, as in {} {}", c.name, number_example(c.name)),
        Args::File => "a file name (Tab completes it); a name with spaces goes in quotes".into(),
        Args::Command => format!(
            "nothing, all, a group ({}) or a command ({})",
            list(&GROUPS.iter().map(|g| g.name).collect::<Vec<_>>()),
            list(&COMMANDS.iter().map(|c| c.name).collect::<Vec<_>>())
        ),
        Args::Shapes => "nothing, or the word params".into(),
        Args::Hypothesis => format!(
            "nothing (the α rows reached so far), or h=N after a beam search for hypothesis N, as in {} h=2",
            c.name
        ),
        Args::Words(words) => format!("nothing, or one of: {}", list(words)),
    }
}

fn number_example(name: &str) -> &'static str {
    match name {
        "train" => "10 (epochs; nothing means 40)",
        "seed" => "7 (2014 gives the trained weights)",
        "hint" => "5 (exercises lists the numbers)",
        _ => "3",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn help_alignment_names_what_alignment_accepts() {
        let mut s = Session::default_scenario().unwrap();
        let Ok(Help::Command { accepts, .. }) = lookup(&s, Some("alignment")) else { panic!("help alignment") };
        assert!(accepts.contains("alignment h=2") && !accepts.contains("whole number"), "{accepts}");
        let e = crate::repl::execute(&mut s, "alignment 3").unwrap_err();
        assert!(e.contains("alignment h=2"), "{e}");
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
