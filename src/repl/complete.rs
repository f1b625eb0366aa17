//! Tab completion and hints, from the command table and the session: command
//! names, tensor and parameter names, step ids, t=N, tokens and dimensions.

use super::commands::{Args, COMMANDS, Command, find};
use super::names::all_names;
use super::session::Session;

/// What the session offers to complete; rebuilt after every command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Completions {
    names: Vec<String>,
    steps: Vec<String>,
    source: Vec<String>,
    target: Vec<String>,
}

/// The candidates for the word at the cursor, or a file name to complete.
#[derive(Clone, Debug, PartialEq)]
pub enum Completion {
    Words { start: usize, candidates: Vec<String> },
    File,
}

impl Completions {
    pub fn new(s: &Session) -> Completions {
        let w = s.walk();
        let steps = (1..=14).map(|i| format!("{i:02}")).chain((1..=w.trace.steps.len()).map(|t| format!("t={t}")));
        Completions {
            names: all_names(s).into_iter().map(str::to_string).collect(),
            steps: steps.collect(),
            source: w.source_vocab.tokens().to_vec(),
            target: w.target_vocab.tokens().to_vec(),
        }
    }

    /// Completes the word that ends at byte `pos` of `line` (a `pos` inside
    /// a character, or past the end, counts from the character's start).
    pub fn complete(&self, line: &str, pos: usize) -> Completion {
        let before = &line[..char_floor(line, pos)];
        // The word starts after the last separator, which may be several bytes long (U+3000).
        let start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| c.is_whitespace() || matches!(c, '"' | '“' | '”'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let prefix = &before[start..];
        let done: Vec<&str> = before[..start].split_whitespace().collect();
        // A single candidate gets a space after it, so typing goes straight on.
        let pick = |list: &mut dyn Iterator<Item = &str>| {
            let mut candidates: Vec<String> = list.filter(|c| c.starts_with(prefix)).map(str::to_string).collect();
            if let [only] = candidates.as_mut_slice()
                && !only.ends_with('=')
            {
                only.push(' ');
            }
            Completion::Words { start, candidates }
        };
        let Some(first) = done.first() else {
            return pick(&mut COMMANDS.iter().flat_map(Command::names));
        };
        let Some(cmd) = find(first) else { return Completion::Words { start, candidates: vec![] } };
        let ts = self.steps.iter().filter(|s| s.starts_with("t=")).map(String::as_str);
        match cmd.args {
            Args::None | Args::Number => Completion::Words { start, candidates: vec![] },
            Args::Step => pick(&mut self.steps.iter().map(String::as_str)),
            Args::Name if done.len() == 1 => pick(&mut self.names.iter().map(String::as_str)),
            Args::Name => pick(&mut ts.into_iter()),
            Args::Source => pick(&mut self.source.iter().map(String::as_str)),
            Args::Target => pick(&mut self.target.iter().map(String::as_str)),
            Args::Dims => pick(&mut ["m=", "n=", "n'=", "l="].into_iter()),
            Args::Shapes => pick(&mut ["params"].into_iter()),
            Args::Hypothesis => pick(&mut ["h="].into_iter()),
            Args::Words(list) => pick(&mut list.iter().copied()),
            Args::Command => pick(
                &mut COMMANDS.iter().map(|c| c.name).chain(super::help::GROUPS.iter().map(|g| g.name)).chain(["all"]),
            ),
            Args::File => Completion::File,
        }
    }
}

/// The largest character boundary of `line` at or before `pos`.
fn char_floor(line: &str, pos: usize) -> usize {
    let mut k = pos.min(line.len());
    while !line.is_char_boundary(k) {
        k -= 1;
    }
    k
}

/// A grey hint after the cursor: the rest of a command name and its usage,
/// or the usage once the command is typed.
pub fn hint(line: &str, pos: usize) -> Option<String> {
    if pos < line.len() || line.trim().is_empty() {
        return None;
    }
    let trimmed = line.trim_start();
    match trimmed.split_once(char::is_whitespace) {
        None => {
            let mut hits = COMMANDS.iter().filter(|c| c.name.starts_with(trimmed));
            let c = hits.next()?;
            if hits.next().is_some() {
                return None;
            }
            let usage = if c.usage.is_empty() { String::new() } else { format!(" {}", c.usage) };
            Some(format!("{}{usage}", &c.name[trimmed.len()..]))
        }
        Some((word, rest)) if rest.trim().is_empty() => {
            let c = find(word)?;
            (!c.usage.is_empty()).then(|| format!("{}{}", if line.ends_with(' ') { "" } else { " " }, c.usage))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(c: Completion) -> (usize, Vec<String>) {
        match c {
            Completion::Words { start, candidates } => (start, candidates),
            Completion::File => panic!("expected words"),
        }
    }

    #[test]
    fn completes_commands_names_steps_and_tokens() {
        let c = Completions::new(&Session::default_scenario().unwrap());
        assert_eq!(words(c.complete("al", 2)), (0, vec!["alignment ".to_string()]));
        assert_eq!(words(c.complete("show al", 7)), (5, vec!["alpha ".to_string()]));
        let (_, w) = words(c.complete("show W_", 7));
        assert!(w.contains(&"W_a".to_string()) && w.contains(&"W_o".to_string()), "{w:?}");
        assert_eq!(words(c.complete("show s_", 7)).1, ["s_0", "s_prev"]);
        assert_eq!(words(c.complete("corpus r", 8)), (7, vec!["real ".to_string()]));
        assert_eq!(words(c.complete("show alpha t", 12)).1, ["t=1", "t=2", "t=3", "t=4", "t=5"]);
        assert_eq!(words(c.complete("goto 1", 6)).1, ["10", "11", "12", "13", "14"]);
        assert_eq!(words(c.complete("source \"the Eu", 14)), (12, vec!["European ".to_string()]));
        assert_eq!(words(c.complete("target la z", 11)).1, ["zone "]);
        assert_eq!(words(c.complete("dims n'", 7)).1, ["n'="]);
        assert_eq!(words(c.complete("dims n", 6)).1, ["n=", "n'="]);
        assert_eq!(words(c.complete("help exp", 8)).1, ["explain", "export"]);
        assert_eq!(c.complete("save ses", 8), Completion::File);
        assert!(words(c.complete("nonsense x", 10)).1.is_empty());
    }

    #[test]
    fn kind_bug_and_mode_names_complete() {
        let c = Completions::new(&Session::default_scenario().unwrap());
        let words = |line: &str| words(c.complete(line, line.len())).1;
        assert_eq!(words("bug so"), ["softmax_axis "]);
        assert_eq!(words("score s"), ["scaled "]);
        assert_eq!(words("qkv "), ["on", "off", "separate"]);
        assert_eq!(words("dia"), ["diagnose "]);
        assert_eq!(words("diagnose b"), ["before "]);
        assert_eq!(words("compare 3 b"), ["before "]);
    }

    #[test]
    fn every_unicode_space_and_any_cursor_position_is_safe() {
        let c = Completions::new(&Session::default_scenario().unwrap());
        let spaces = (0..=0x10_ffff).filter_map(char::from_u32).filter(|ch| ch.is_whitespace());
        for space in spaces.chain(['“', '”', '"']) {
            for cmd in ["show", "goto", "source", "dims", "save", "help", "", "xyz"] {
                let line = format!("{cmd}{space}");
                let (start, _) = match c.complete(&line, line.len()) {
                    Completion::Words { start, candidates } => (start, candidates),
                    Completion::File => (line.len(), vec![]),
                };
                assert!(line.is_char_boundary(start), "{line:?}");
                let _ = hint(&line, line.len());
            }
        }
        // show + U+00A0 + al: the word after the no-break space is completed.
        assert_eq!(words(c.complete("show\u{a0}al", 8)), (6, vec!["alpha ".to_string()]));
        let mut rng = crate::model::rng::SeededRng::new(11);
        let pool = ['a', 'é', '→', '\u{3000}', '\u{2028}', '\u{a0}', ' ', '"', '😀', '\u{301}', 't', '=', 'α'];
        for _ in 0..2000 {
            let len = (rng.uniform01() * 12.0) as usize;
            let tail: String = (0..len).map(|_| pool[(rng.uniform01() * pool.len() as f64) as usize]).collect();
            let line = format!("{}{tail}", ["show ", "goto ", "", "target "][(rng.uniform01() * 4.0) as usize]);
            for pos in 0..=line.len() + 2 {
                let _ = c.complete(&line, pos);
                let _ = hint(&line, pos);
            }
        }
    }

    #[test]
    fn hints_show_the_rest_of_the_command_and_its_arguments() {
        assert_eq!(hint("go", 2).as_deref(), Some("to STEP [t=N] | t=N | POSITION"));
        assert_eq!(hint("show ", 5).as_deref(), Some("NAME [t=N]"));
        assert_eq!(hint("show", 4).as_deref(), Some(" NAME [t=N]"));
        assert_eq!(hint("s", 1), None, "several commands start with s");
        assert_eq!(hint("show alpha", 10), None);
        assert_eq!(hint("", 0), None);
    }
}
