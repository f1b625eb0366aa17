use std::io::IsTerminal;
use std::process::ExitCode;

use bahdanau::front::args::{Mode, parse};
use bahdanau::front::out::{err_line, out};
use bahdanau::front::signals::set_stop_note;
use bahdanau::front::{install_signals, interactive, report, script};
use bahdanau::fsio::project::set_project;
use bahdanau::fsio::{MAX_LINE_BYTES, capped_lines, open_regular};
use bahdanau::repl::parse::split_commands;
use bahdanau::repl::{Session, visible};
use bahdanau::text::cli as T;

/// An error line for standard error.
fn error(message: &str) -> String {
    T::ERROR.fill(&[("message", &message)])
}

const USAGE: &str = "usage: bahdanau [COMMAND] [OPTIONS]   (options in any order)
  (no arguments)       the REPL on the default translation (a script from
                       standard input when it is not a terminal)
  --script FILE        run the commands in FILE, one a line, echoing each
  -c \"CMD; CMD\"        run the commands separated by ;
  --export FILE.json   write the whole trace as JSON (format bahdanau-trace/2)
    --grad             with the gradient of the pair's loss, every parameter
  report train         train from scratch and measure the model against its
                       bars (also --train-report)
  report bottleneck    train RNNsearch and RNNencdec on sentences of 3 to 45
                       words, BLEU by length (also --bottleneck-report)
  report scores        train RNNsearch with each score (additive, dot,
                       general, scaled) and sweep d_k (also --scores-report)
    --seeds S          either report at other seeds: a count (5: seeds 1 to 5)
                       or a list (6,7,8 or 6-10)
  corpus fetch [DIR]   build the real English-French corpus (LibreOffice
                       help, MPL-2.0) into the data folder (also
                       --fetch-corpus)
    --keep-download    keep the downloaded packages and pages for the next
                       fetch (else they are removed)
  report real          train RNNsearch and RNNencdec on the real corpus, BLEU
    --quick            by length, greedy and beam (also --real-report);
                       --quick: a reduced run of the same pipeline
  watch                re-check the exercises each time one is saved (on a
                       terminal)
  --project DIR        the folder reports write into and exercises reads
                       (else the one holding the current folder)
  --version, -V        the version
  --help, -h           show this text";

fn main() -> ExitCode {
    // BAHDANAU_LANG, else the locale: every sentence from here on is in that language.
    bahdanau::text::set_default_from_env();
    install_signals();
    if let Some(value) =
        std::env::var("BAHDANAU_LANG").ok().filter(|v| !v.trim().is_empty() && bahdanau::text::Lang::parse(v).is_none())
    {
        let value = visible::quote(&value);
        err_line(&bahdanau::text::errors::LANG_ENV_UNKNOWN.fill(&[("value", &value)]));
    }
    let code = run();
    // The history and anything else owed before the end, unless a signal already did it.
    bahdanau::front::signals::finish();
    code
}

fn run() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let parsed = parse(&args).and_then(|i| i.project.map_or(Ok(()), |p| set_project(&p)).map(|()| i.mode));
    let mode = match parsed {
        Ok(m) => m,
        Err(e) => {
            err_line(&error(&visible::tidy_error(&e)));
            return ExitCode::from(2);
        }
    };
    // Before the REPL's Ctrl-C handler: watch mode reads Ctrl-C as a key.
    if mode == Mode::Watch {
        return bahdanau::exercises::watch::run();
    }
    // A terminal of unknown kind is treated as a dumb one, so the line
    // editor sends it no escape sequences either.
    if std::env::var_os("TERM").is_none_or(|t| t.is_empty()) {
        // SAFETY: the only other thread (signals) never reads the environment.
        unsafe { std::env::set_var("TERM", "dumb") };
    }
    let session = match Session::default_scenario() {
        Ok(s) => s,
        Err(e) => {
            err_line(&error(&e));
            return ExitCode::FAILURE;
        }
    };
    bahdanau::layout::set_width(bahdanau::layout::detect_width());
    match mode {
        Mode::Repl if std::io::stdin().is_terminal() => interactive::run(session),
        Mode::Repl => {
            let lines = capped_lines(std::io::stdin().lock(), MAX_LINE_BYTES);
            script::run(session, lines, &|n| T::PLACE_STDIN.fill(&[("n", &n)]), true)
        }
        Mode::Script(file) => match open_regular(&file) {
            Ok(f) => {
                let lines = capped_lines(std::io::BufReader::new(f), MAX_LINE_BYTES);
                let shown = file.display().to_string();
                script::run(session, lines, &|n| T::PLACE_FILE.fill(&[("n", &n), ("file", &shown)]), true)
            }
            Err(e) => {
                err_line(&error(&T::SCRIPT_UNREADABLE.fill(&[("error", &visible::tidy_error(&e))])));
                ExitCode::FAILURE
            }
        },
        Mode::Commands(commands) => {
            let lines = split_commands(&commands).into_iter().map(Ok);
            script::run(session, lines, &|n| T::PLACE_COMMAND.fill(&[("n", &n)]), false)
        }
        Mode::Export(file, gradient) => match bahdanau::export::write_trace(session.walk(), &file, gradient) {
            Ok(()) => {
                let shown = visible::visible(&file.display().to_string());
                let wrote = if gradient { T::EXPORT_WROTE_GRAD } else { T::EXPORT_WROTE };
                out(&format!("{}\n", wrote.fill(&[("n", &session.order().len()), ("file", &shown)])));
                ExitCode::SUCCESS
            }
            Err(e) => {
                err_line(&error(&T::EXPORT_FAILED.fill(&[("error", &visible::tidy_error(&e))])));
                ExitCode::FAILURE
            }
        },
        Mode::TrainReport => {
            set_stop_note(report::stopped());
            let (text, bars_met) = match bahdanau::train::report::train_report(bahdanau::train::TrainConfig::DEFAULT) {
                Ok(r) => (bahdanau::render::train_report::render_train_report(&r), r.bars_met()),
                Err(e) => (format!("{e}\n"), false),
            };
            report::finish(report::Outcome { text, bars_met, error: None })
        }
        Mode::BottleneckReport(seeds) => {
            report::finish(bahdanau::front::experiments::bottleneck_report(seeds.as_deref()))
        }
        Mode::ScoresReport(seeds) => report::finish(bahdanau::front::scores_report::scores_report(seeds.as_deref())),
        Mode::Watch => bahdanau::exercises::watch::run(),
        Mode::FetchCorpus(from, keep) => bahdanau::front::real::fetch_corpus(from.as_deref(), keep),
        Mode::RealReport(quick) => report::finish(bahdanau::front::real::real_report(quick)),
        Mode::Help => {
            out(&format!("{USAGE}\n"));
            ExitCode::SUCCESS
        }
        Mode::Version => {
            out(&format!("bahdanau {}\n", env!("CARGO_PKG_VERSION")));
            ExitCode::SUCCESS
        }
    }
}
