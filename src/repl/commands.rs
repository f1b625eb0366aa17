//! The command table. `help`, completion, hints and dispatch all read it, so
//! adding a command is adding one entry here.

use super::parse::{nearest, tokenize};
use super::reply::Reply;
use super::session::Session;
use super::training::{coverage_cmd, entropy_cmd, replay_cmd, train_cmd};
use super::variant_cmds as var;
use super::{beam_cmds, file_cmds as files, scenario_cmds as scenario, step_cmds as steps};
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
}

pub type Handler = fn(&mut Session, &[String]) -> Result<Reply, String>;

#[derive(Debug)]
pub struct Command {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// The argument form, as `help` prints it.
    pub usage: &'static str,
    pub help: &'static str,
    pub args: Args,
    pub run: Handler,
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
    help: &'static str,
    args: Args,
    run: Handler,
) -> Command {
    Command { name, aliases, usage, help, args, run }
}

const SCORE_ARGS: Args = Args::Words(&crate::variants::view::SCORE_NAMES);
const BUG_ARGS: Args = Args::Words(&crate::variants::view::BUG_NAMES);
const QKV_ARGS: Args = Args::Words(&QkvMode::NAMES);
const DECODE_ARGS: Args = Args::Words(&["adopt"]);

pub const COMMANDS: &[Command] = &[
    cmd(
        "next",
        &["n"],
        "",
        "show the next tensor (Enter does the same; in a beam: the next position)",
        Args::None,
        |s, _| steps::forward(s),
    ),
    cmd("back", &["b", "prev"], "", "show the previous tensor", Args::None, |s, _| s.back().map(Reply::Step)),
    cmd(
        "goto",
        &["g"],
        "STEP [t=N] | t=N",
        "jump to a step: goto 9, goto 10 t=3, goto step_11_t2, goto t=4",
        Args::Step,
        steps::goto,
    ),
    cmd("where", &["w"], "", "say which step you are at", Args::None, |s, _| Ok(Reply::Where(s.current()))),
    cmd(
        "run",
        &[],
        "",
        "show every remaining step, to the end (in a beam: finish the search; Ctrl-C stops)",
        Args::None,
        steps::run,
    ),
    cmd("reset", &[], "", "go back to before step 01 (the scenario stays)", Args::None, |s, _| {
        s.reset();
        Ok(Reply::Note("Back at the start: press Enter for step 01.".into()))
    }),
    cmd(
        "show",
        &["print"],
        "NAME [t=N]",
        "show a tensor reached so far or any parameter: show alpha, show W_a; show alpha h=2: beam hypothesis 2's",
        Args::Name,
        steps::show,
    ),
    cmd(
        "shapes",
        &[],
        "[params]",
        "every tensor so far with its shape (shapes params: the parameters)",
        Args::Shapes,
        steps::shapes,
    ),
    cmd("formula", &["f"], "", "the formula of the current step", Args::None, |s, _| {
        steps::current(s).map(Reply::Formula)
    }),
    cmd(
        "explain",
        &["why"],
        "",
        "a paragraph on the current step: what it computes, why, what to look for",
        Args::None,
        |s, _| steps::current(s).map(Reply::Explain),
    ),
    cmd(
        "alignment",
        &["heatmap", "A"],
        "[h=N]",
        "the α of every target word so far, as a heatmap (h=2: of beam hypothesis 2)",
        Args::Number,
        steps::alignment,
    ),
    cmd("entropy", &[], "", "H(α_t) of each α row so far (0: one word, ln T_x: uniform)", Args::None, entropy_cmd),
    cmd("coverage", &[], "", "Σ_t α_t,i: the attention each source word got so far", Args::None, coverage_cmd),
    cmd(
        "train",
        &[],
        "[EPOCHS]",
        "train from the seed's start (v_a × 0.01), or continue this session's run (40 epochs; Ctrl-C stops)",
        Args::Number,
        train_cmd,
    ),
    cmd(
        "replay",
        &[],
        "",
        "the probe's alignment at the checkpoints of training (crossing: the words peak on the reference, <eos> apart)",
        Args::None,
        replay_cmd,
    ),
    cmd(
        "source",
        &[],
        "[\"WORDS\"]",
        "show or change the source; the target becomes the model's own greedy translation",
        Args::Source,
        |s, a| scenario::sentence(s, a, true),
    ),
    cmd("target", &[], "[\"WORDS\"]", "show or change the target sentence", Args::Target, |s, a| {
        scenario::sentence(s, a, false)
    }),
    cmd(
        "dims",
        &[],
        "[m=M n=N n'=N' l=L]",
        "show or change the sizes (new, untrained parameters are drawn)",
        Args::Dims,
        scenario::dims,
    ),
    cmd(
        "seed",
        &[],
        "[N]",
        "show or change the seed: 2014 gives the trained weights, another an untrained draw",
        Args::Number,
        scenario::seed,
    ),
    cmd(
        "decode",
        &[],
        "[adopt]",
        "translate the source greedily; decode adopt makes that translation the target",
        DECODE_ARGS,
        scenario::decode,
    ),
    cmd(
        "corpus",
        &[],
        "real|toy",
        "corpus real: RNNsearch trained on real English–French sentences (seed 2014 of --real-report), starting \
         on the first test sentence of 8–15 words, every word in both shortlists, whose reference holds de, du \
         or des; corpus toy: back to the default scenario",
        Args::Words(&super::corpus_cmd::CORPUS_WORDS),
        super::corpus_cmd::corpus_cmd,
    ),
    cmd(
        "beam",
        &[],
        "K [norm=…] [minlen=…] | off",
        "beam search of width K (1 … 10) on the source, one position per Enter, run to the end; \
         norm=length, norm=gnmt or norm=gnmt:A ranks the finished by length too; minlen=half forbids <eos> \
         before half the source length (the guard of the paper's code), minlen=N before N words; beam off leaves",
        Args::Words(&["off", "norm=length", "norm=gnmt", "norm=none", "minlen=half"]),
        beam_cmds::beam_cmd,
    ),
    cmd(
        "export",
        &[],
        "FILE.json [grad]",
        "every parameter and tensor as JSON (bahdanau-trace/2); grad adds ∂L/∂θ",
        Args::File,
        files::export,
    ),
    cmd(
        "save",
        &[],
        "FILE",
        "save the whole session (parameters, scenario, position, qkv, training run)",
        Args::File,
        files::save,
    ),
    cmd(
        "load",
        &[],
        "FILE",
        "load a saved session (the current one stays if the file is bad)",
        Args::File,
        files::load,
    ),
    cmd(
        "compare",
        &[],
        "[t] [before]",
        "every score function at t, each one trained (before: untrained draws)",
        Args::Words(&["before"]),
        var::compare,
    ),
    cmd(
        "score",
        &[],
        "KIND [before]",
        "a trained score's walk beside the additive one (before: untrained)",
        SCORE_ARGS,
        var::score,
    ),
    cmd("qkv", &[], "[on|off|separate]", "read steps as queries, keys and values; separate: K ≠ V", QKV_ARGS, var::qkv),
    cmd(
        "diagnose",
        &[],
        "[before]",
        "entropy of each α_t, coverage, the pattern under each trained score (before: untrained); crossing \
         only if the words' argmax path (<eos> apart) equals the reference alignment, which reorders",
        Args::Words(&["before"]),
        var::diagnose,
    ),
    cmd("mask", &[], "", "a padded batch of two sentences and what each mask fill does", Args::None, var::mask),
    cmd("bug", &[], "[NAME]", "a classic mistake next to the right numbers (bug lists them)", BUG_ARGS, var::bug),
    cmd(
        "bottleneck",
        &[],
        "[example|beam|seed K|run]",
        "BLEU of RNNencdec and RNNsearch by length over seeds (or: example, beam, seed K, run)",
        Args::Words(&super::experiment_cmds::BOTTLENECK_WORDS),
        super::experiment_cmds::bottleneck,
    ),
    cmd(
        "scores",
        &[],
        "[sweep|seed K|run]",
        "every score trained in RNNsearch, BLEU by length over seeds (or: sweep, seed K, run)",
        Args::Words(&super::experiment_cmds::SCORES_WORDS),
        super::experiment_cmds::scores,
    ),
    cmd("exercises", &["ex"], "", "every exercise with its status, and the one to do next", Args::None, |_, _| {
        Ok(Reply::Note(crate::exercises::listing()))
    }),
    cmd("hint", &[], "N [2]", "hints for exercise N: the idea, then (2) closer to the code", Args::Number, |_, a| {
        crate::exercises::hint(a).map(Reply::Note)
    }),
    cmd("clear", &[], "", "clear the screen (Ctrl-L does the same)", Args::None, |_, _| Ok(Reply::Clear)),
    cmd(
        "help",
        &["h", "?"],
        "[COMMAND|GROUP|all]",
        "the commands by group; help NAME: one command and what it accepts",
        Args::Command,
        super::help_cmd::help_cmd,
    ),
    cmd("quit", &["exit", "q"], "", "leave (Ctrl-D does the same)", Args::None, |_, _| Ok(Reply::Quit)),
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
            .map_or(String::new(), |n| format!("did you mean {n}? "));
        return Err(format!("unknown command \"{head}\": {hint}type help for the list of commands"));
    };
    if super::corpus_cmd::is_real(session) && super::corpus_cmd::TOY_ONLY.contains(&c.name) {
        return Err(super::corpus_cmd::toy_only(c.name));
    }
    if c.args == Args::None && !args.is_empty() {
        return Err(format!("{} takes no arguments: type just {}", c.name, c.name));
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
