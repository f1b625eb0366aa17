use std::process::ExitCode;

use bahdanau::render::render_step;
use bahdanau::walkthrough::{Scenario, Walkthrough};

const USAGE: &str = "usage: bahdanau [--export FILE.json]
  (no arguments)       print every step of the default walkthrough
  --export FILE.json   write the whole trace as JSON (format bahdanau-trace/1)
  --train-report       train from scratch and measure the model against its bars
  --help               show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let walk = match Walkthrough::new(Scenario::default()) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => {
            for step in walk.order() {
                println!("{}", render_step(&walk, step).unwrap_or_default());
            }
            ExitCode::SUCCESS
        }
        ["--export", file] => match bahdanau::export::write_trace(&walk, std::path::Path::new(file)) {
            Ok(()) => {
                println!("wrote the trace of {} steps to {file}", walk.order().len());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}; give a path in a folder you can write to, for example --export trace.json");
                ExitCode::FAILURE
            }
        },
        ["--train-report"] => {
            let (text, bars_met) = bahdanau::train::report::train_report(bahdanau::train::TrainConfig::DEFAULT);
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
