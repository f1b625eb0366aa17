//! The command line, read as the OS gives it: paths may be any bytes the OS
//! allows, while commands must be UTF-8 text. Options come in any order
//! (`--project DIR` anywhere, `--name=value` as well as `--name value`); the
//! words `watch`, `report NAME` and `corpus fetch` read as subcommands, and
//! the flags they replace (`--bottleneck-report`, `--fetch-corpus`, …) still
//! work. Anything else is one error line that names what to type.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use crate::repl::visible::quote;
use crate::suggest::nearest;
use crate::text::cli as T;

/// What the program was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// The REPL, or a script from stdin when it is not a terminal.
    Repl,
    Script(PathBuf),
    Commands(String),
    /// The trace to a file; `true`: with the gradient (`--grad`).
    Export(PathBuf, bool),
    TrainReport,
    /// With the seeds `--seeds` names, or the committed ones.
    BottleneckReport(Option<Vec<u64>>),
    ScoresReport(Option<Vec<u64>>),
    /// Build the real corpus, from a help folder if one is given; `true`:
    /// keep the download for the next fetch (`--keep-download`).
    FetchCorpus(Option<PathBuf>, bool),
    /// The real-corpus experiment; `true`: the reduced run (`--quick`).
    RealReport(bool),
    /// Re-check the exercises on every save (`watch`).
    Watch,
    Help,
    Version,
}

/// The arguments read: what to do, and the folder reports write into and
/// `exercises` reads (`--project DIR`), if one was given.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub mode: Mode,
    pub project: Option<PathBuf>,
}

/// Every option and word the command line knows, for "did you mean".
const KNOWN: &[&str] = &[
    "--project",
    "--script",
    "-c",
    "--export",
    "--grad",
    "--train-report",
    "--bottleneck-report",
    "--scores-report",
    "--seeds",
    "--fetch-corpus",
    "--real-report",
    "--quick",
    "--keep-download",
    "--help",
    "--version",
    "watch",
    "report",
    "corpus",
    "help",
];

/// The experiments `report NAME` runs.
const REPORTS: [&str; 4] = ["train", "bottleneck", "scores", "real"];

/// The options that modify one mode, and the mode they belong to.
#[derive(Default)]
struct Modifiers {
    grad: bool,
    quick: bool,
    keep: bool,
    seeds: Option<String>,
}

/// What the mode words and flags chose so far, with how the first was written.
struct Chosen {
    mode: Mode,
    written: String,
}

/// The arguments, one at a time, with `--name=value` split in two.
struct Words<'a> {
    args: &'a [OsString],
    next: usize,
    /// The value written after `=` in the argument just read.
    inline: Option<OsString>,
}

impl<'a> Words<'a> {
    /// The next argument, as text (None: not UTF-8, given back as it is).
    fn word(&mut self) -> Option<Result<String, &'a OsStr>> {
        let a = self.args.get(self.next)?;
        self.next += 1;
        self.inline = None;
        Some(match a.to_str() {
            Some(s) if s.starts_with("--") && s.contains('=') => {
                let (name, value) = s.split_once('=').unwrap_or((s, ""));
                self.inline = Some(OsString::from(value));
                Ok(name.to_string())
            }
            Some(s) => Ok(s.to_string()),
            None => Err(a.as_os_str()),
        })
    }

    /// The value of `option`: written after `=`, else the next argument.
    fn value(&mut self, option: &str, example: &str) -> Result<OsString, String> {
        if let Some(v) = self.inline.take() {
            return Ok(v);
        }
        let v = self
            .args
            .get(self.next)
            .ok_or_else(|| T::NEEDS_VALUE.fill(&[("option", &option), ("example", &example)]))?;
        self.next += 1;
        Ok(v.clone())
    }

    /// The next argument if it is a word of its own rather than an option.
    fn optional(&mut self) -> Option<OsString> {
        let a = self.args.get(self.next)?;
        if a.to_str().is_some_and(|s| s.starts_with('-')) {
            return None;
        }
        self.next += 1;
        Some(a.clone())
    }
}

/// An argument shown in an error: quoted, its control characters escaped.
fn shown(a: &OsStr) -> String {
    format!("\"{}\"", quote(&a.to_string_lossy()))
}

fn unrecognised(a: &OsStr) -> String {
    let hint = a
        .to_str()
        .and_then(|s| nearest(s, KNOWN.iter().copied()))
        .map_or(String::new(), |n| T::DID_YOU_MEAN.fill(&[("name", &n)]));
    T::UNRECOGNISED.fill(&[("arg", &shown(a)), ("hint", &hint)])
}

/// What `report NAME` names.
fn report(name: &str) -> Result<Mode, String> {
    match name {
        "train" => Ok(Mode::TrainReport),
        "bottleneck" => Ok(Mode::BottleneckReport(None)),
        "scores" => Ok(Mode::ScoresReport(None)),
        "real" => Ok(Mode::RealReport(false)),
        _ => {
            let hint = nearest(name, REPORTS).map_or(String::new(), |n| T::DID_YOU_MEAN_REPORT.fill(&[("name", &n)]));
            Err(T::NO_REPORT.fill(&[("name", &quote(name)), ("hint", &hint), ("reports", &REPORTS.join(", "))]))
        }
    }
}

/// The invocation the arguments ask for, or why they make no sense (exit status 2).
pub fn parse(args: &[OsString]) -> Result<Invocation, String> {
    let mut words = Words { args, next: 0, inline: None };
    let (mut chosen, mut project, mut modifiers) = (None::<Chosen>, None, Modifiers::default());
    let (mut help, mut version) = (false, false);
    while let Some(word) = words.word() {
        let word = word.map_err(unrecognised)?;
        let mode = match word.as_str() {
            "--project" => {
                project = Some(PathBuf::from(words.value("--project", "--project ~/bahdanau")?));
                continue;
            }
            "--seeds" => {
                let v = words.value("--seeds", "--seeds 6-10")?;
                let text = v.to_str().ok_or_else(|| T::SEEDS_NOT_UTF8.get().to_string())?;
                modifiers.seeds = Some(text.to_string());
                continue;
            }
            "--grad" => {
                modifiers.grad = true;
                continue;
            }
            "--quick" => {
                modifiers.quick = true;
                continue;
            }
            "--keep-download" => {
                modifiers.keep = true;
                continue;
            }
            "--help" | "-h" | "help" => {
                help = true;
                continue;
            }
            "--version" | "-V" => {
                version = true;
                continue;
            }
            "--script" => Mode::Script(PathBuf::from(words.value("--script", "--script commands.txt")?)),
            "--export" => Mode::Export(PathBuf::from(words.value("--export", "--export trace.json")?), false),
            "-c" => {
                let v = words.value("-c", "-c \"goto 10; show alpha\"")?;
                let text = v.to_str().ok_or_else(|| T::COMMANDS_NOT_UTF8.get().to_string())?;
                Mode::Commands(text.to_string())
            }
            "--train-report" => Mode::TrainReport,
            "--bottleneck-report" => Mode::BottleneckReport(None),
            "--scores-report" => Mode::ScoresReport(None),
            "--real-report" => Mode::RealReport(false),
            "--fetch-corpus" => Mode::FetchCorpus(words.optional().map(PathBuf::from), false),
            "watch" => Mode::Watch,
            "report" => match words.word() {
                Some(Ok(name)) if !name.starts_with('-') => report(&name)?,
                _ => {
                    return Err(T::REPORT_NEEDS_NAME.fill(&[("reports", &REPORTS.join(", "))]));
                }
            },
            "corpus" => match words.word() {
                Some(Ok(w)) if w == "fetch" => Mode::FetchCorpus(words.optional().map(PathBuf::from), false),
                _ => {
                    return Err(T::CORPUS_FETCH_ONLY.get().into());
                }
            },
            _ => return Err(unrecognised(OsStr::new(&word))),
        };
        let written = if word == "report" || word == "corpus" { format!("\"{word} …\"") } else { word };
        if let Some(first) = &chosen {
            return Err(T::TWO_MODES.fill(&[("first", &first.written), ("second", &written)]));
        }
        chosen = Some(Chosen { mode, written });
    }
    if help || version {
        return Ok(Invocation { mode: if help { Mode::Help } else { Mode::Version }, project });
    }
    let mode = chosen.map_or(Mode::Repl, |c| c.mode);
    Ok(Invocation { mode: modified(mode, modifiers)?, project })
}

/// The mode with its modifiers applied, or which mode a stray one belongs to.
fn modified(mode: Mode, m: Modifiers) -> Result<Mode, String> {
    let mode = match (mode, m.grad) {
        (Mode::Export(file, _), grad) => Mode::Export(file, grad),
        (_, true) => return Err(T::GRAD_ALONE.get().into()),
        (mode, false) => mode,
    };
    let mode = match (mode, m.quick) {
        (Mode::RealReport(_), quick) => Mode::RealReport(quick),
        (_, true) => return Err(T::QUICK_ALONE.get().into()),
        (mode, false) => mode,
    };
    let mode = match (mode, m.keep) {
        (Mode::FetchCorpus(from, _), keep) => Mode::FetchCorpus(from, keep),
        (_, true) => {
            return Err(T::KEEP_ALONE.get().into());
        }
        (mode, false) => mode,
    };
    match (mode, m.seeds) {
        (mode, None) => Ok(mode),
        (Mode::BottleneckReport(_), Some(s)) => Ok(Mode::BottleneckReport(Some(super::experiments::parse_seeds(&s)?))),
        (Mode::ScoresReport(_), Some(s)) => Ok(Mode::ScoresReport(Some(super::experiments::parse_seeds(&s)?))),
        (_, Some(_)) => Err(T::SEEDS_ALONE.get().into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn bytes(b: &[u8]) -> OsString {
        std::os::unix::ffi::OsStringExt::from_vec(b.to_vec())
    }

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    fn mode(v: &[&str]) -> Result<Mode, String> {
        parse(&os(v)).map(|i| i.mode)
    }

    #[test]
    fn every_documented_form_parses() {
        assert_eq!(mode(&[]), Ok(Mode::Repl));
        assert_eq!(mode(&["--script", "s.txt"]), Ok(Mode::Script("s.txt".into())));
        assert_eq!(mode(&["-c", "next; next"]), Ok(Mode::Commands("next; next".into())));
        assert_eq!(mode(&["--export", "t.json"]), Ok(Mode::Export("t.json".into(), false)));
        assert_eq!(mode(&["--export", "t.json", "--grad"]), Ok(Mode::Export("t.json".into(), true)));
        assert_eq!(mode(&["--bottleneck-report"]), Ok(Mode::BottleneckReport(None)));
        assert_eq!(mode(&["--scores-report"]), Ok(Mode::ScoresReport(None)));
        assert_eq!(mode(&["--bottleneck-report", "--seeds", "3"]), Ok(Mode::BottleneckReport(Some(vec![1, 2, 3]))));
        assert_eq!(mode(&["--scores-report", "--seeds", "6-8,10"]), Ok(Mode::ScoresReport(Some(vec![6, 7, 8, 10]))));
        assert!(mode(&["--bottleneck-report", "--seeds", "x"]).unwrap_err().contains("give a count such as 5"));
        assert_eq!(mode(&["--fetch-corpus"]), Ok(Mode::FetchCorpus(None, false)));
        assert_eq!(mode(&["--fetch-corpus", "h"]), Ok(Mode::FetchCorpus(Some("h".into()), false)));
        assert_eq!(mode(&["--fetch-corpus", "--keep-download"]), Ok(Mode::FetchCorpus(None, true)));
        assert_eq!(mode(&["corpus", "fetch", "h", "--keep-download"]), Ok(Mode::FetchCorpus(Some("h".into()), true)));
        assert_eq!(mode(&["--real-report", "--quick"]), Ok(Mode::RealReport(true)));
        assert!(mode(&["--export", "t.json", "grad"]).is_err());
        assert_eq!(mode(&["--train-report"]), Ok(Mode::TrainReport));
        assert_eq!(mode(&["-h"]), Ok(Mode::Help));
        assert_eq!(mode(&["--version"]), Ok(Mode::Version));
        assert_eq!(mode(&["-V"]), Ok(Mode::Version));
        assert_eq!(mode(&["watch"]), Ok(Mode::Watch));
        assert!(mode(&["--script"]).unwrap_err().contains("--script needs a value after it, as in --script"));
    }

    #[test]
    fn subcommand_words_are_the_flags_they_read_as() {
        assert_eq!(mode(&["report", "bottleneck"]), mode(&["--bottleneck-report"]));
        assert_eq!(mode(&["report", "scores", "--seeds", "5"]), mode(&["--scores-report", "--seeds", "5"]));
        assert_eq!(mode(&["report", "real", "--quick"]), Ok(Mode::RealReport(true)));
        assert_eq!(mode(&["report", "train"]), Ok(Mode::TrainReport));
        assert_eq!(mode(&["corpus", "fetch"]), Ok(Mode::FetchCorpus(None, false)));
        assert_eq!(mode(&["corpus", "fetch", "help"]), Ok(Mode::FetchCorpus(Some("help".into()), false)));
        assert!(mode(&["report", "botleneck"]).unwrap_err().contains("did you mean report bottleneck?"));
        assert!(mode(&["report"]).unwrap_err().contains("type bahdanau report and one of train, bottleneck"));
        assert!(mode(&["corpus", "get"]).unwrap_err().contains("type bahdanau corpus fetch"));
    }

    #[test]
    fn options_come_in_any_order() {
        let at = |v: &[&str]| parse(&os(v)).unwrap();
        let want = Invocation { mode: Mode::TrainReport, project: Some("/p".into()) };
        assert_eq!(at(&["--project", "/p", "--train-report"]), want);
        assert_eq!(at(&["--train-report", "--project", "/p"]), want);
        assert_eq!(at(&["report", "train", "--project=/p"]), want);
        assert_eq!(
            at(&["--seeds", "2", "--project", "/p", "report", "bottleneck"]).mode,
            Mode::BottleneckReport(Some(vec![1, 2]))
        );
        assert_eq!(at(&["--grad", "--export=t.json"]).mode, Mode::Export("t.json".into(), true));
        assert_eq!(at(&["--quick", "--real-report"]).mode, Mode::RealReport(true));
        assert_eq!(
            at(&["--fetch-corpus", "--project", "/p"]),
            Invocation { mode: Mode::FetchCorpus(None, false), project: Some("/p".into()) }
        );
        assert_eq!(at(&["watch", "--project", "/p"]).project, Some(PathBuf::from("/p")));
        assert_eq!(at(&["--train-report", "--help"]).mode, Mode::Help);
    }

    #[test]
    fn anything_else_is_one_line_that_names_what_to_type() {
        for (args, says) in [
            (&["--frobnicate"][..], "unrecognised argument \"--frobnicate\"; bahdanau --help lists them"),
            (&["--scores-reprot"], "did you mean --scores-report?"),
            (&["--script", "a", "--export", "b"], "--script and --export each choose what to run; give one of them"),
            (&["watch", "report", "real"], "watch and \"report …\" each choose what to run"),
            (&["--grad"], "--grad goes with --export: type bahdanau --export trace.json --grad"),
            (&["--quick", "--bottleneck-report"], "type bahdanau report real --quick"),
            (&["--seeds", "5"], "type bahdanau report bottleneck --seeds 6-10"),
            (&["--project"], "--project needs a value after it, as in --project ~/bahdanau"),
        ] {
            let e = mode(args).unwrap_err();
            assert!(e.contains(says), "{args:?}: {e}");
            assert!(!e.contains('\n'), "{args:?}: {e}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn bytes_that_are_not_utf8_are_paths_or_a_clear_error() {
        let m = |v: &[OsString]| parse(v).map(|i| i.mode);
        assert_eq!(m(&[bytes(b"--script"), bytes(b"/tmp/\xff")]), Ok(Mode::Script(bytes(b"/tmp/\xff").into())));
        assert_eq!(m(&[bytes(b"--export"), bytes(b"\xff.json")]), Ok(Mode::Export(bytes(b"\xff.json").into(), false)));
        assert_eq!(parse(&[bytes(b"--project"), bytes(b"/\xff")]).unwrap().project, Some(bytes(b"/\xff").into()));
        assert!(m(&[bytes(b"-c"), bytes(b"\xff")]).unwrap_err().contains("not UTF-8"));
        let err = m(&[bytes(b"\xff\x1b[2J")]).unwrap_err();
        assert_eq!(err, "unrecognised argument \"\u{fffd}\\u{1b}[2J\"; bahdanau --help lists them");
    }
}
