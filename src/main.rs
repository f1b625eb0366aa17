use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use bahdanau::front::{install_ctrl_c, interactive, script};
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
  --help               show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let session = match Session::default_scenario() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    install_ctrl_c();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] if std::io::stdin().is_terminal() => interactive::run(session),
        [] => script::run(session, std::io::stdin().lock().lines(), &|n| format!("line {n} of standard input"), true),
        ["--script", file] => match std::fs::File::open(file) {
            Ok(f) => script::run(session, std::io::BufReader::new(f).lines(), &|n| format!("line {n} of {file}"), true),
            Err(e) => {
                eprintln!("error: could not open {file}: {e}; give the path of a text file of commands");
                ExitCode::FAILURE
            }
        },
        ["-c", commands] => {
            let lines = split_commands(commands).into_iter().map(Ok);
            script::run(session, lines, &|n| format!("command {n}"), false)
        }
        ["--export", file, grad @ ..] if grad.is_empty() || grad == ["--grad"] => {
            match bahdanau::export::write_trace(session.walk(), std::path::Path::new(file), !grad.is_empty()) {
                Ok(()) => {
                    let with = if grad.is_empty() { "" } else { " and the gradient of its loss" };
                    println!("wrote the trace of {} steps{with} to {file}", session.order().len());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}; give a path in a folder you can write to, for example --export trace.json");
                    ExitCode::FAILURE
                }
            }
        }
        ["--train-report"] => {
            let (text, bars_met) = bahdanau::train::report::train_report(bahdanau::train::TrainConfig::DEFAULT);
            print!("{text}");
            if bars_met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        ["--bottleneck-report"] => {
            let (text, bars_met) = bahdanau::front::experiments::bottleneck_report();
            print!("{text}");
            if bars_met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        ["--scores-report"] => {
            let (text, bars_met) = bahdanau::front::scores_report::scores_report();
            print!("{text}");
            if bars_met { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        ["--help" | "-h"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("error: unrecognised arguments {args:?}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
