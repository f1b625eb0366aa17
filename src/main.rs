use std::io::IsTerminal;
use std::process::ExitCode;

use bahdanau::front::args::{Mode, parse};
use bahdanau::front::{install_ctrl_c, interactive, script};
use bahdanau::fsio::{MAX_LINE_BYTES, capped_lines, open_regular};
use bahdanau::repl::Session;
use bahdanau::repl::parse::split_commands;

const USAGE: &str = "usage: bahdanau [--script FILE | -c \"COMMANDS\" | --export FILE.json [--grad]]
  (no arguments)       the REPL on the default translation (reads a script from stdin if it is not a terminal)
  --script FILE        run the commands in FILE, one a line, echoing each
  -c \"CMD; CMD\"        run the commands separated by ;
  --export FILE.json   write the whole trace as JSON (format bahdanau-trace/2)
    --grad             with the gradient of the pair's loss for every parameter
  --train-report       train from scratch and measure the model against its bars
  --bottleneck-report  train RNNsearch and RNNencdec on sentences of 3 to 45 words, BLEU by length
  --scores-report      train RNNsearch with each score (additive, dot, general, scaled) and sweep d_k
  --fetch-corpus [DIR] build the real English-French corpus (LibreOffice help, MPL-2.0) into the data folder
  --real-report [--quick]  train RNNsearch and RNNencdec on the real corpus, BLEU by length
  --help               show this text";

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let mode = match parse(&args) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // A terminal of unknown kind is treated as a dumb one, so the line
    // editor sends it no escape sequences either.
    if std::env::var_os("TERM").is_none_or(|t| t.is_empty()) {
        // SAFETY: no other thread has started yet, so none reads the environment meanwhile.
        unsafe { std::env::set_var("TERM", "dumb") };
    }
    let session = match Session::default_scenario() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    install_ctrl_c();
    bahdanau::render::set_width(bahdanau::render::detect_width());
    match mode {
        Mode::Repl if std::io::stdin().is_terminal() => interactive::run(session),
        Mode::Repl => {
            let lines = capped_lines(std::io::stdin().lock(), MAX_LINE_BYTES);
            script::run(session, lines, &|n| format!("line {n} of standard input"), true)
        }
        Mode::Script(file) => match open_regular(&file) {
            Ok(f) => {
                let lines = capped_lines(std::io::BufReader::new(f), MAX_LINE_BYTES);
                script::run(session, lines, &|n| format!("line {n} of {}", file.display()), true)
            }
            Err(e) => {
                eprintln!("error: {e}; give the path of a text file of commands");
                ExitCode::FAILURE
            }
        },
        Mode::Commands(commands) => {
            let lines = split_commands(&commands).into_iter().map(Ok);
            script::run(session, lines, &|n| format!("command {n}"), false)
        }
        Mode::Export(file, gradient) => match bahdanau::export::write_trace(session.walk(), &file, gradient) {
            Ok(()) => {
                let shown = bahdanau::repl::visible::visible(&file.display().to_string());
                let with = if gradient { " and the gradient of its loss" } else { "" };
                println!("wrote the trace of {} steps{with} to {shown}", session.order().len());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}; give a path in a folder you can write to, for example --export trace.json");
                ExitCode::FAILURE
            }
        },
        Mode::TrainReport => {
            let (text, bars_met) = bahdanau::train::report::train_report(bahdanau::train::TrainConfig::DEFAULT);
            print!("{text}");
            if bars_met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        Mode::BottleneckReport => {
            let (text, bars_met) = bahdanau::front::experiments::bottleneck_report();
            print!("{text}");
            if bars_met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        Mode::ScoresReport => {
            let (text, bars_met) = bahdanau::front::scores_report::scores_report();
            print!("{text}");
            if bars_met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        Mode::FetchCorpus(from) => bahdanau::front::real::fetch_corpus(from.as_deref()),
        Mode::RealReport(quick) => bahdanau::front::real::real_report(quick),
        Mode::Help => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
    }
}
