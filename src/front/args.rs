//! The command line, read as the OS gives it: paths may be any bytes the OS
//! allows, while commands must be UTF-8 text.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::repl::visible::quote;

/// Keeps the fetch's download for the next fetch.
const KEEP: &str = "--keep-download";

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
    /// keep the download (`--keep-download`).
    FetchCorpus(Option<PathBuf>, bool),
    /// The real-corpus experiment; `true`: the reduced run (`--quick`).
    RealReport(bool),
    /// Re-check the exercises on every save (`watch`).
    Watch,
    Help,
}

/// `--project DIR` at the front of the arguments (the folder reports write
/// into and `exercises` reads), and the arguments after it.
pub fn split_project(args: &[OsString]) -> (Option<PathBuf>, &[OsString]) {
    match args {
        [flag, dir, rest @ ..] if flag == "--project" => (Some(PathBuf::from(dir)), rest),
        _ => (None, args),
    }
}

/// The mode the arguments ask for, or why they make no sense (exit status 2).
pub fn parse(args: &[OsString]) -> Result<Mode, String> {
    let flag = |a: &OsString| a.to_str().map(str::to_string);
    let firsts: Vec<Option<String>> = args.iter().map(flag).collect();
    match (firsts.as_slice(), args) {
        ([], _) => Ok(Mode::Repl),
        ([Some(f), _], [_, file]) if f == "--script" => Ok(Mode::Script(PathBuf::from(file))),
        ([Some(f), _], [_, file]) if f == "--export" => Ok(Mode::Export(PathBuf::from(file), false)),
        ([Some(f), _, Some(g)], [_, file, _]) if f == "--export" && g == "--grad" => {
            Ok(Mode::Export(PathBuf::from(file), true))
        }
        ([Some(f), Some(cmds)], _) if f == "-c" => Ok(Mode::Commands(cmds.clone())),
        ([Some(f), None], _) if f == "-c" => {
            Err("the commands after -c are not UTF-8 text; type them again, as in -c \"goto 10; show alpha\"".into())
        }
        ([Some(f)], _) if f == "--train-report" => Ok(Mode::TrainReport),
        ([Some(f)], _) if f == "--bottleneck-report" => Ok(Mode::BottleneckReport(None)),
        ([Some(f)], _) if f == "--scores-report" => Ok(Mode::ScoresReport(None)),
        ([Some(f), Some(s), Some(seeds)], _)
            if s == "--seeds" && (f == "--bottleneck-report" || f == "--scores-report") =>
        {
            let seeds = Some(super::experiments::parse_seeds(seeds)?);
            Ok(if f == "--scores-report" { Mode::ScoresReport(seeds) } else { Mode::BottleneckReport(seeds) })
        }
        ([Some(f)], _) if f == "--fetch-corpus" => Ok(Mode::FetchCorpus(None, false)),
        ([Some(f), Some(k)], _) if f == "--fetch-corpus" && k == KEEP => Ok(Mode::FetchCorpus(None, true)),
        ([Some(f), _], [_, dir]) if f == "--fetch-corpus" => Ok(Mode::FetchCorpus(Some(PathBuf::from(dir)), false)),
        ([Some(f)], _) if f == "--real-report" => Ok(Mode::RealReport(false)),
        ([Some(f), Some(q)], _) if f == "--real-report" && q == "--quick" => Ok(Mode::RealReport(true)),
        ([Some(f)], _) if f == "--help" || f == "-h" => Ok(Mode::Help),
        ([Some(f)], _) if f == "watch" => Ok(Mode::Watch),
        _ => {
            let shown: Vec<String> = args.iter().map(|a| format!("\"{}\"", quote(&a.to_string_lossy()))).collect();
            Err(format!("unrecognised arguments {}; bahdanau --help lists them", shown.join(" ")))
        }
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

    #[test]
    fn every_documented_form_parses() {
        assert_eq!(parse(&[]), Ok(Mode::Repl));
        assert_eq!(parse(&os(&["--script", "s.txt"])), Ok(Mode::Script("s.txt".into())));
        assert_eq!(parse(&os(&["-c", "next; next"])), Ok(Mode::Commands("next; next".into())));
        assert_eq!(parse(&os(&["--export", "t.json"])), Ok(Mode::Export("t.json".into(), false)));
        assert_eq!(parse(&os(&["--export", "t.json", "--grad"])), Ok(Mode::Export("t.json".into(), true)));
        assert_eq!(parse(&os(&["--bottleneck-report"])), Ok(Mode::BottleneckReport(None)));
        assert_eq!(parse(&os(&["--scores-report"])), Ok(Mode::ScoresReport(None)));
        assert_eq!(
            parse(&os(&["--bottleneck-report", "--seeds", "3"])),
            Ok(Mode::BottleneckReport(Some(vec![1, 2, 3])))
        );
        assert_eq!(
            parse(&os(&["--scores-report", "--seeds", "6-8,10"])),
            Ok(Mode::ScoresReport(Some(vec![6, 7, 8, 10])))
        );
        assert!(parse(&os(&["--bottleneck-report", "--seeds", "x"])).unwrap_err().contains("give a count such as 5"));
        assert_eq!(parse(&os(&["--fetch-corpus"])), Ok(Mode::FetchCorpus(None, false)));
        assert_eq!(parse(&os(&["--fetch-corpus", "--keep-download"])), Ok(Mode::FetchCorpus(None, true)));
        assert_eq!(parse(&os(&["--fetch-corpus", "h"])), Ok(Mode::FetchCorpus(Some("h".into()), false)));
        assert_eq!(parse(&os(&["--real-report", "--quick"])), Ok(Mode::RealReport(true)));
        assert!(parse(&os(&["--export", "t.json", "grad"])).is_err());
        assert_eq!(parse(&os(&["--train-report"])), Ok(Mode::TrainReport));
        assert_eq!(parse(&os(&["-h"])), Ok(Mode::Help));
        assert!(parse(&os(&["--script"])).unwrap_err().contains("unrecognised arguments \"--script\""));
    }

    #[test]
    fn the_project_folder_comes_first() {
        let args = os(&["--project", "/p", "--train-report"]);
        let (dir, rest) = split_project(&args);
        assert_eq!((dir, parse(rest)), (Some(PathBuf::from("/p")), Ok(Mode::TrainReport)));
        let args = os(&["--train-report"]);
        assert_eq!(split_project(&args), (None, &args[..]));
    }

    #[cfg(unix)]
    #[test]
    fn bytes_that_are_not_utf8_are_paths_or_a_clear_error() {
        assert_eq!(parse(&[bytes(b"--script"), bytes(b"/tmp/\xff")]), Ok(Mode::Script(bytes(b"/tmp/\xff").into())));
        assert_eq!(
            parse(&[bytes(b"--export"), bytes(b"\xff.json")]),
            Ok(Mode::Export(bytes(b"\xff.json").into(), false))
        );
        assert!(parse(&[bytes(b"-c"), bytes(b"\xff")]).unwrap_err().contains("not UTF-8"));
        let err = parse(&[bytes(b"\xff\x1b[2J")]).unwrap_err();
        assert_eq!(err, "unrecognised arguments \"\u{fffd}\\u{1b}[2J\"; bahdanau --help lists them");
    }
}
