//! What the learner waits for at the prompt: start-up of the release binary and
//! each REPL command on the default scenario, in-process, output rendered.

use crate::timing::{Row, measure};
use bahdanau::front::perform;
use bahdanau::render::Style;
use bahdanau::repl::session::Session;
use bahdanau::walkthrough::{Scenario, Walkthrough};
use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};

/// Wall time of `bahdanau` started with "quit" on stdin, to its exit.
fn start_to_exit(stdin: &str) -> f64 {
    measure(|| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bahdanau"))
            .env("NO_COLOR", "1")
            .env("BAHDANAU_HISTORY", "/dev/null")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the release binary runs");
        child.stdin.take().expect("piped stdin").write_all(stdin.as_bytes()).expect("stdin accepts the script");
        child.wait().expect("the binary exits")
    })
}

pub fn figures(rows: &mut Vec<Row>) {
    let start = start_to_exit("quit\n");
    let spawn = measure(|| Command::new("true").status().expect("true runs"));
    rows.push(Row::new("start of the release binary to its first prompt", start, 0.0));
    rows.push(Row::naive("  baseline: starting /bin/true", spawn, 0.0, start));

    let fresh = Session::default_scenario().expect("the default scenario is valid");
    let mut at_end = fresh.clone();
    perform(&mut at_end, "run", Style::PLAIN, &mut Vec::new()).expect("run succeeds");
    let export = std::env::temp_dir().join(format!("bahdanau-bench-{}.json", std::process::id()));
    let export_cmd = format!("export {}", export.display());
    let commands: [(&str, &Session); 11] = [
        ("next", &fresh),
        ("goto 10 t=3", &fresh),
        ("show H", &at_end),
        ("shapes", &at_end),
        ("alignment", &at_end),
        ("decode", &fresh),
        ("run", &fresh),
        ("diagnose", &fresh),
        ("score concat", &fresh),
        ("bug broadcast", &fresh),
        (&export_cmd, &at_end),
    ];
    for (line, base) in commands {
        let one = |s: &mut Session| {
            let mut out = Vec::new();
            perform(s, black_box(line), Style::PLAIN, &mut out).expect("the command succeeds");
            out
        };
        let reading = measure(|| one(&mut base.clone()));
        // The naive REPL records the whole translation again for each command.
        let recompute = measure(|| {
            let mut s = base.clone();
            let walk = Walkthrough::with_params(Scenario::default(), base.walk().params.clone()).expect("valid");
            s.replace_walk(walk, base.origin());
            one(&mut s)
        });
        let label = format!("REPL `{}`", line.split(' ').next().unwrap_or(line));
        rows.push(Row::new(&format!("{label}{}", if line.contains(' ') { " …" } else { "" }), reading, 0.0));
        rows.push(Row::naive("  naive: the trace recorded again first", recompute, 0.0, reading));
    }
    let _ = std::fs::remove_file(export);
}
