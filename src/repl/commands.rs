//! The command table. `help`, completion, hints and dispatch all read it, so
//! adding a command is adding one entry here.

use super::beam_cmds;
use super::names::{lookup, shapes};
use super::parse::{nearest, parse_dims, parse_step, parse_t, tokenize};
use super::session::Session;
use super::training::{alpha_rows_reached, coverage_cmd, entropy_cmd, replay_cmd, train_cmd};
use super::variant_cmds as var;
use super::{Reply, interrupted, save};
use crate::variants::qkv::QkvMode;
use crate::vocab::EOS;
use crate::walkthrough::scenario::parse_sentence_any_case;

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
        |s, _| forward(s),
    ),
    cmd("back", &["b", "prev"], "", "show the previous tensor", Args::None, |s, _| s.back().map(Reply::Step)),
    cmd(
        "goto",
        &["g"],
        "STEP [t=N] | t=N",
        "jump to a step: goto 9, goto 10 t=3, goto step_11_t2, goto t=4",
        Args::Step,
        goto,
    ),
    cmd("where", &["w"], "", "say which step you are at", Args::None, |s, _| Ok(Reply::Where(s.current()))),
    cmd(
        "run",
        &[],
        "",
        "show every remaining step, to the end (in a beam: finish the search; Ctrl-C stops)",
        Args::None,
        run,
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
        show,
    ),
    cmd(
        "shapes",
        &[],
        "[params]",
        "every tensor so far with its shape (shapes params: the parameters)",
        Args::Shapes,
        shapes_cmd,
    ),
    cmd("formula", &["f"], "", "the formula of the current step", Args::None, |s, _| current(s).map(Reply::Formula)),
    cmd(
        "explain",
        &["why"],
        "",
        "a paragraph on the current step: what it computes, why, what to look for",
        Args::None,
        |s, _| current(s).map(Reply::Explain),
    ),
    cmd(
        "alignment",
        &["heatmap", "A"],
        "[h=N]",
        "the α of every target word so far, as a heatmap (h=2: of beam hypothesis 2)",
        Args::Number,
        alignment,
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
        |s, a| sentence(s, a, true),
    ),
    cmd("target", &[], "[\"WORDS\"]", "show or change the target sentence", Args::Target, |s, a| sentence(s, a, false)),
    cmd(
        "dims",
        &[],
        "[m=M n=N n'=N' l=L]",
        "show or change the sizes (new, untrained parameters are drawn)",
        Args::Dims,
        dims,
    ),
    cmd(
        "seed",
        &[],
        "[N]",
        "show or change the seed: 2014 gives the trained weights, another an untrained draw",
        Args::Number,
        seed,
    ),
    cmd(
        "decode",
        &[],
        "[adopt]",
        "translate the source greedily; decode adopt makes that translation the target",
        DECODE_ARGS,
        decode,
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
        "K [norm=…] | off",
        "beam search of width K (1 … 10) on the source, one position per Enter, run to the end; \
         norm=length, norm=gnmt or norm=gnmt:A ranks the finished by length too; beam off leaves",
        Args::Words(&["off", "norm=length", "norm=gnmt", "norm=none"]),
        beam_cmds::beam_cmd,
    ),
    cmd(
        "export",
        &[],
        "FILE.json [grad]",
        "every parameter and tensor as JSON (bahdanau-trace/2); grad adds ∂L/∂θ",
        Args::File,
        export,
    ),
    cmd(
        "save",
        &[],
        "FILE",
        "save the whole session (parameters, scenario, position, qkv, training run)",
        Args::File,
        |s, a| {
            let path = file_arg(a, "save", "session.json")?;
            save::save(s, path)
                .map(|()| Reply::Note(format!("Saved the session to {path}; load {path} brings it back.")))
        },
    ),
    cmd("load", &[], "FILE", "load a saved session (the current one stays if the file is bad)", Args::File, |s, a| {
        let path = file_arg(a, "load", "session.json")?;
        let loaded = save::load(path).map_err(|e| format!("{e}; the session is unchanged"))?;
        *s = loaded;
        Ok(Reply::Note(format!("Loaded {path}: {} of {} steps shown.", s.shown(), s.order().len())))
    }),
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
        help,
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
        return forward(session);
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

fn current(s: &Session) -> Result<crate::walkthrough::StepRef, String> {
    s.current().ok_or_else(|| "no step yet: press Enter (or type next) for step 01".to_string())
}

fn goto(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let step = parse_step(args, s.walk().trace.steps.len(), s.current_t())?;
    s.goto(step).map(Reply::Step)
}

/// Enter and next: the beam's next position while one runs, else the next step.
fn forward(s: &mut Session) -> Result<Reply, String> {
    if s.beam_running() { beam_cmds::step(s) } else { s.step_forward().map(Reply::Step) }
}

fn run(s: &mut Session, _: &[String]) -> Result<Reply, String> {
    if s.beam_running() {
        return beam_cmds::finish_run(s);
    }
    if s.shown() == s.order().len() {
        return Ok(Reply::Note("You are already at the last step: type alignment, back or reset.".into()));
    }
    let steps = s.run(&interrupted);
    Ok(Reply::Steps { interrupted: s.shown() < s.order().len(), steps })
}

fn show(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let (name, t) = match args {
        [name, h] if h.starts_with("h=") => {
            let h = beam_cmds::parse_h(h).unwrap_or(Err(String::new()))?;
            return beam_cmds::alpha_of(s, name, h, false);
        }
        [name] => (name, None),
        [name, t] => (name, Some(parse_t(t).ok_or_else(|| format!("\"{t}\" is not t=N: write show {name} t=2"))??)),
        _ => return Err("show needs one name: show alpha, show alpha t=2, show W_a; type shapes for the names".into()),
    };
    lookup(s, name, t).map(Reply::Shown)
}

fn shapes_cmd(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => Ok(Reply::Shapes(shapes(s))),
        [p] if p == "params" => {
            Ok(Reply::ParamShapes(s.walk().params.named().iter().map(|(n, m)| (*n, m.shape())).collect()))
        }
        _ => Err("shapes takes nothing or the word params: type shapes or shapes params".into()),
    }
}

fn alignment(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => alpha_rows_reached(s).map(|rows| Reply::Alignment { rows }),
        [h] => match beam_cmds::parse_h(h) {
            Some(h) => beam_cmds::alpha_of(s, "alpha", h?, true),
            None => Err(format!("\"{h}\" is not h=N: write alignment, or alignment h=2 for a beam hypothesis")),
        },
        _ => Err("alignment takes nothing or h=N: type alignment, or alignment h=2".into()),
    }
}

fn sentence(s: &mut Session, args: &[String], is_source: bool) -> Result<Reply, String> {
    let w = s.walk();
    let (side, vocab) = if is_source { ("source", &w.source_vocab) } else { ("target", &w.target_vocab) };
    if args.is_empty() {
        let tokens = if is_source { w.scenario.source.clone() } else { w.scenario.target.clone() };
        return Ok(Reply::Sentence { side, tokens, vocab: vocab.tokens().to_vec() });
    }
    if super::corpus_cmd::is_real(s) {
        return super::corpus_cmd::real_sentence(s, &args.join(" "), is_source);
    }
    let (tokens, taken) = parse_sentence_any_case(&args.join(" "), vocab)
        .map_err(|e| format!("{e}; then type {side} \"WORDS\" again"))?;
    let text = tokens.join(" ");
    let taken = if taken.is_empty() {
        String::new()
    } else {
        let pairs: Vec<String> = taken.iter().map(|(typed, t)| format!("\"{typed}\" as \"{t}\"")).collect();
        format!("Words are matched whatever their case: took {}.\n", pairs.join(", "))
    };
    if !is_source {
        s.with_sentences(w.scenario.source.clone(), tokens)?;
        return Ok(Reply::Changed(format!("{taken}The target is now \"{text}\".")));
    }
    let target = s.with_source_and_own_target(tokens)?;
    Ok(Reply::Changed(format!(
        "{taken}The source is now \"{text}\". The target is the model's own greedy translation, \"{}\"{}; \
         type target \"WORDS\" to step through another.",
        target.join(" "),
        reference_hint(&s.walk().scenario.source, &target)
    )))
}

/// The toy grammar's translation, when the source is one of its sentences
/// and the model's differs, so the learner can step through the right one.
fn reference_hint(source: &[String], target: &[String]) -> String {
    let en: Vec<&str> = source.iter().map(String::as_str).filter(|w| *w != EOS).collect();
    match crate::corpus::toy::translate(&en) {
        Some(fr) if fr.iter().copied().chain([EOS]).ne(target.iter().map(String::as_str)) => {
            format!(" (the grammar's translation is \"{}\")", fr.join(" "))
        }
        _ => String::new(),
    }
}

fn decode(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => Ok(Reply::Decoded(s.walk().decode())),
        [a] if a.eq_ignore_ascii_case("adopt") => {
            let target = s.adopt_decoded()?;
            Ok(Reply::Changed(format!(
                "The target is now the greedy translation, \"{}\": every step follows it.",
                target.join(" ")
            )))
        }
        _ => {
            Err("decode takes nothing or the word adopt: decode, or decode adopt to make its output the target".into())
        }
    }
}

fn dims(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let sc = &s.walk().scenario;
    if args.is_empty() {
        return Ok(Reply::Dims(sc.dims));
    }
    let (new, seed) = (parse_dims(args, sc.dims)?, sc.seed);
    s.with_draw(new, seed)?;
    Ok(Reply::Changed(format!(
        "Dimensions are now m = {}, n = {}, n' = {}, l = {}. {}",
        new.m,
        new.n,
        new.n_a,
        new.l,
        s.origin().sentence()
    )))
}

fn seed(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let sc = &s.walk().scenario;
    let v = match args {
        [] => return Ok(Reply::Seed(sc.seed)),
        [v] => v
            .parse::<u64>()
            .map_err(|_| format!("\"{v}\" is not a seed: give a whole number from 0 to {}, as in seed 7", u64::MAX))?,
        _ => return Err("seed takes one number: seed 7".into()),
    };
    let dims = sc.dims;
    s.with_draw(dims, v)?;
    Ok(Reply::Changed(format!("The seed is now {v}. {}", s.origin().sentence())))
}

fn file_arg<'a>(args: &'a [String], name: &str, example: &str) -> Result<&'a str, String> {
    match args {
        // Names are printed back, and a control character there would act on the terminal.
        [p] if super::visible::has_hidden(p) => Err(format!(
            "the file name \"{}\" holds control characters: choose a plain name, as in {name} {example}",
            super::visible::quote(p)
        )),
        [p] if !p.trim().is_empty() => Ok(p),
        _ => Err(format!("{name} needs one file name: {name} {example}")),
    }
}

fn export(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let (file, gradient) = match args {
        [p, g] if g == "grad" => (std::slice::from_ref(p), true),
        [_, other] => {
            return Err(format!(
                "export takes a file name and then grad or nothing, not \"{other}\": export trace.json grad"
            ));
        }
        _ => (args, false),
    };
    let path = file_arg(file, "export", "trace.json")?;
    crate::export::write_trace(s.walk(), std::path::Path::new(path), gradient)?;
    let what = if gradient { "every parameter, tensor and gradient" } else { "every parameter and tensor" };
    Ok(Reply::Note(format!("Wrote {what} to {path} (format {}).", crate::export::FORMAT)))
}

fn help(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => super::help::lookup(s, None).map(Reply::Help),
        [name] => super::help::lookup(s, Some(name)).map(Reply::Help),
        _ => Err("help takes at most one command or group: help goto, help looking".into()),
    }
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

    #[test]
    fn export_writes_the_trace_of_the_current_scenario() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "source the Area").unwrap();
        let file = std::env::temp_dir().join(format!("bahdanau-cmd-export-{}.json", std::process::id()));
        execute(&mut s, &format!("export \"{}\"", file.display())).unwrap();
        let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(j["format"], crate::export::FORMAT);
        assert_eq!(j["source"], serde_json::json!(["the", "Area", "<eos>"]));
        assert!(j.get("gradient").is_none(), "the gradient only when asked");
        assert!(execute(&mut s, "export").unwrap_err().contains("export trace.json"));
        assert!(execute(&mut s, "export a.json gradient").unwrap_err().contains("export trace.json grad"));
        let reply = execute(&mut s, &format!("export \"{}\" grad", file.display())).unwrap();
        assert!(matches!(&reply, Reply::Note(n) if n.contains("gradient")), "{reply:?}");
        let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(j["gradient"]["params"]["W_a"]["shape"], serde_json::json!([16, 8]));
    }

    #[test]
    fn words_match_whatever_their_case_and_the_reply_says_so() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "goto 14").unwrap();
        let Reply::Changed(text) = execute(&mut s, "source \"the european bank\"").unwrap() else { panic!() };
        assert_eq!(s.walk().scenario.source, ["the", "European", "Bank", "<eos>"]);
        assert!(
            text.starts_with(
                "Words are matched whatever their case: took \"european\" as \"European\", \"bank\" as \"Bank\".\n"
            ),
            "{text}"
        );
        assert_eq!(s.shown(), 0, "a new source starts before step 01");
        let Reply::Changed(text) = execute(&mut s, "source \"the European Bank\"").unwrap() else { panic!() };
        assert!(!text.contains("whatever their case"), "{text}");
        assert!(execute(&mut s, "source \"the Zone\"").is_err());
    }

    #[test]
    fn changing_the_source_keeps_the_parameters() {
        let mut s = Session::default_scenario().unwrap();
        let params = s.walk().params.clone();
        execute(&mut s, "source the Economic Area").unwrap();
        assert_eq!(s.walk().params, params);
        assert_eq!(s.walk().scenario.source.len(), 4);
        execute(&mut s, "seed 3").unwrap();
        assert_ne!(s.walk().params, params);
    }
}
