//! The command table. `help`, completion, hints and dispatch all read it, so
//! adding a command is adding one entry here.

use super::parse::{nearest, tokenize};
use super::reply::Reply;
use super::session::Session;
use super::training::{coverage_cmd, entropy_cmd, replay_cmd, train_cmd};
use super::variant_cmds as var;
use super::{beam_cmds, file_cmds as files, scenario_cmds as scenario, step_cmds as steps};
use crate::text::Text;
use crate::text::errors as E;
use crate::text::help as H;
use crate::variants::qkv::QkvMode;

/// What a command's arguments are, for completion and hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Args {
    None,
    Step,
    Name,
    Source,
    Target,
    Dims,
    Number,
    File,
    Command,
    Shapes,
    /// One word from a fixed list.
    Words(&'static [&'static str]),
    /// Nothing, or h=N: a beam hypothesis.
    Hypothesis,
}

pub type Handler = fn(&mut Session, &[String]) -> Result<Reply, String>;

#[derive(Debug)]
pub struct Command {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// The argument form, as `help` prints it.
    pub usage: &'static str,
    /// One line for `help`, in the language spoken.
    pub help: Text,
    pub args: Args,
    pub run: Handler,
    /// Needs the toy corpus's own weights or files: refused on the real corpus.
    pub toy_only: bool,
}

/// Commands are told apart by name (handlers are not comparable).
impl PartialEq for Command {
    fn eq(&self, other: &Command) -> bool {
        self.name == other.name
    }
}

impl Command {
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }
}

const fn cmd(
    name: &'static str,
    aliases: &'static [&'static str],
    usage: &'static str,
    help: Text,
    args: Args,
    run: Handler,
) -> Command {
    Command { name, aliases, usage, help, args, run, toy_only: false }
}

impl Command {
    /// The same command, refused on the real corpus.
    const fn toy_only(self) -> Command {
        Command { toy_only: true, ..self }
    }
}

const SCORE_ARGS: Args = Args::Words(&crate::variants::view::SCORE_NAMES);
const BUG_ARGS: Args = Args::Words(&crate::variants::view::BUG_NAMES);
const QKV_ARGS: Args = Args::Words(&QkvMode::NAMES);
const DECODE_ARGS: Args = Args::Words(&["adopt"]);

pub const COMMANDS: &[Command] = &[
    cmd("next", &["n"], "", H::NEXT, Args::None, |s, _| steps::forward(s)),
    cmd("back", &["b", "prev"], "", H::BACK, Args::None, |s, _| s.back().map(Reply::Step)),
    cmd("goto", &["g"], "STEP [t=N] | t=N | POSITION", H::GOTO, Args::Step, steps::goto),
    cmd("where", &["w"], "", H::WHERE, Args::None, |s, _| Ok(Reply::Where(s.current()))),
    cmd("run", &[], "", H::RUN, Args::None, steps::run),
    cmd("reset", &[], "", H::RESET, Args::None, |s, _| {
        s.reset();
        Ok(Reply::Note(crate::text::replies::RESET.get().into()))
    }),
    cmd("show", &["print"], "NAME [t=N]", H::SHOW, Args::Name, steps::show),
    cmd("shapes", &[], "[params]", H::SHAPES, Args::Shapes, steps::shapes),
    cmd("formula", &["f"], "", H::FORMULA, Args::None, |s, _| steps::current(s).map(Reply::Formula)),
    cmd("explain", &["why"], "", H::EXPLAIN, Args::None, |s, _| steps::current(s).map(Reply::Explain)),
    cmd("alignment", &["heatmap", "A"], "[h=N]", H::ALIGNMENT, Args::Hypothesis, steps::alignment),
    cmd("entropy", &[], "", H::ENTROPY, Args::None, entropy_cmd),
    cmd("coverage", &[], "", H::COVERAGE, Args::None, coverage_cmd),
    cmd("train", &[], "[EPOCHS]", H::TRAIN, Args::Number, train_cmd).toy_only(),
    cmd("replay", &[], "", H::REPLAY, Args::None, replay_cmd).toy_only(),
    cmd("source", &[], "[\"WORDS\"]", H::SOURCE, Args::Source, |s, a| scenario::sentence(s, a, true)),
    cmd("target", &[], "[\"WORDS\"]", H::TARGET, Args::Target, |s, a| scenario::sentence(s, a, false)),
    cmd("dims", &[], "[m=M n=N n'=N' l=L]", H::DIMS, Args::Dims, scenario::dims).toy_only(),
    cmd("seed", &[], "[N]", H::SEED, Args::Number, scenario::seed).toy_only(),
    cmd("decode", &[], "[adopt]", H::DECODE, DECODE_ARGS, scenario::decode),
    cmd(
        "corpus",
        &[],
        "real|toy",
        H::CORPUS,
        Args::Words(&super::corpus_cmd::CORPUS_WORDS),
        super::corpus_cmd::corpus_cmd,
    ),
    cmd(
        "beam",
        &[],
        "K [norm=…] [minlen=…] | off",
        H::BEAM,
        Args::Words(&["off", "norm=length", "norm=gnmt", "norm=none", "minlen=half"]),
        beam_cmds::beam_cmd,
    ),
    cmd("export", &[], "FILE.json [grad]", H::EXPORT, Args::File, files::export),
    cmd("save", &[], "FILE", H::SAVE, Args::File, files::save).toy_only(),
    cmd("load", &[], "FILE", H::LOAD, Args::File, files::load),
    cmd("compare", &[], "[t] [before]", H::COMPARE, Args::Words(&["before"]), var::compare),
    cmd("score", &[], "KIND [before]", H::SCORE, SCORE_ARGS, var::score).toy_only(),
    cmd("qkv", &[], "[on|off|separate]", H::QKV, QKV_ARGS, var::qkv),
    cmd("diagnose", &[], "[before]", H::DIAGNOSE, Args::Words(&["before"]), var::diagnose).toy_only(),
    cmd("mask", &[], "", H::MASK, Args::None, var::mask).toy_only(),
    cmd("bug", &[], "[NAME]", H::BUG, BUG_ARGS, var::bug).toy_only(),
    cmd(
        "bottleneck",
        &[],
        "[example|beam|seed K|run]",
        H::BOTTLENECK,
        Args::Words(&super::experiment_cmds::BOTTLENECK_WORDS),
        super::experiment_cmds::bottleneck,
    ),
    cmd(
        "scores",
        &[],
        "[sweep|seed K|run]",
        H::SCORES,
        Args::Words(&super::experiment_cmds::SCORES_WORDS),
        super::experiment_cmds::scores,
    ),
    cmd("exercises", &["ex"], "", H::EXERCISES, Args::None, |_, _| Ok(Reply::Note(crate::exercises::listing()))),
    cmd("hint", &[], "N [2]", H::HINT, Args::Number, |_, a| crate::exercises::hint(a).map(Reply::Note)),
    cmd("lang", &[], "[en|zh]", H::LANG, Args::Words(&crate::text::Lang::NAMES), super::lang_cmd::lang_cmd),
    cmd("clear", &[], "", H::CLEAR, Args::None, |_, _| Ok(Reply::Clear)),
    cmd("help", &["h", "?"], "[COMMAND|GROUP|all]", H::HELP, Args::Command, super::help_cmd::help_cmd),
    cmd("quit", &["exit", "q"], "", H::QUIT, Args::None, |_, _| Ok(Reply::Quit)),
];

/// The command called `word` (a name or an alias).
pub fn find(word: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.names().any(|n| n == word))
}

/// Runs one line on the session. An empty line is `next`; `#` starts a comment.
/// On error the session is as it was.
pub fn execute(session: &mut Session, line: &str) -> Result<Reply, String> {
    let line = line.trim();
    if line.starts_with('#') {
        return Ok(Reply::Nothing);
    }
    let words = tokenize(line)?;
    let Some((head, args)) = words.split_first() else {
        return steps::forward(session);
    };
    let Some(c) = find(head) else {
        let hint = nearest(head, COMMANDS.iter().flat_map(Command::names))
            .map_or(String::new(), |n| E::DID_YOU_MEAN.fill(&[("name", &n)]));
        return Err(E::UNKNOWN_COMMAND.fill(&[("word", &head.as_str()), ("hint", &hint)]));
    };
    if c.toy_only && super::corpus_cmd::is_real(session) {
        return Err(super::corpus_cmd::toy_only(c.name));
    }
    if c.args == Args::None && !args.is_empty() {
        return Err(E::NO_ARGUMENTS.fill(&[("name", &c.name)]));
    }
    (c.run)(session, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique() {
        let mut all: Vec<_> = COMMANDS.iter().flat_map(Command::names).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    #[test]
    fn enter_is_next_and_typos_get_a_suggestion() {
        let mut s = Session::default_scenario().unwrap();
        assert_eq!(execute(&mut s, "").unwrap(), Reply::Step(s.order()[0]));
        assert!(execute(&mut s, "nxet").unwrap_err().contains("did you mean next?"));
        assert!(execute(&mut s, "where now").unwrap_err().contains("takes no arguments"));
        assert!(execute(&mut s, "help gotoo").unwrap_err().contains("did you mean goto?"));
        assert_eq!(execute(&mut s, "# a comment").unwrap(), Reply::Nothing);
    }

    #[test]
    fn refused_changes_leave_the_session_alone() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "goto 9 t=2").unwrap();
        let before = s.clone();
        for bad in ["dims n=0", "dims n=65", "source \"the Zone\"", "seed -1", "target", "load /nonexistent.json"] {
            let _ = execute(&mut s, bad);
            assert_eq!(s, before, "{bad}");
        }
        assert!(execute(&mut s, "dims l=65").unwrap_err().contains("between 1 and 64"));
        assert!(execute(&mut s, &format!("source \"{}\"", "the ".repeat(60))).unwrap_err().contains("limit is 50"));
    }
}
