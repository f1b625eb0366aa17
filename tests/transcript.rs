//! Drives the real binary through stdin, --script and -c with NO_COLOR, as a
//! learner's script would, and locks the whole transcript of the default walk.

#[macro_use]
mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn bahdanau(args: &[&str], stdin: &str) -> Output {
    let history = std::env::temp_dir().join(format!("bahdanau-transcript-history-{}", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_bahdanau"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("BAHDANAU_HISTORY", history)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

#[test]
fn default_walk_to_the_end_then_the_heatmap() {
    let out = bahdanau(&[], "run\nalignment\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('\x1b'), "no colour with NO_COLOR and a pipe");
    assert_eq!(stdout.matches("\nstep ").count(), 42, "run shows every step once");
    snapshot!("repl_default_walk", &stdout);
}

#[test]
fn enter_steps_and_every_command_is_echoed() {
    let out = bahdanau(&[], "\n\nwhere\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("[0/42]> \nstep 01 (1 of 42): X"), "{stdout}");
    assert!(stdout.contains("[2/42]> where\nYou are at step 02 (2 of 42)"), "{stdout}");
}

#[test]
fn first_error_stops_the_script_and_names_the_line() {
    let out = bahdanau(&[], "next\nshow alpah\nnext\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("line 2 of standard input (`show alpah`)"), "{err}");
    assert!(err.contains("did you mean alpha?"), "{err}");
    assert!(!text(&out.stdout).contains("step 02"), "nothing after the error runs");
}

#[test]
fn dash_c_runs_commands_separated_by_semicolons() {
    let out = bahdanau(&["-c", "next; next; show h_fwd"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("[0/42]> next\nstep 01"), "no banner with -c: {stdout}");
    assert!(stdout.contains("[2/42]> show h_fwd\nh_fwd: →h  (n × T_x = 8 × 5)"), "{stdout}");
    let out = bahdanau(&["-c", "next; goto 15"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("command 2 (`goto 15`): there is no step 15"));
}

#[test]
fn script_file_runs_like_stdin() {
    let file = std::env::temp_dir().join(format!("bahdanau-script-{}.txt", std::process::id()));
    std::fs::write(&file, "goto 14\nalignment\n").unwrap();
    let by_file = bahdanau(&["--script", file.to_str().unwrap()], "");
    let by_stdin = bahdanau(&[], "goto 14\nalignment\n");
    std::fs::remove_file(&file).unwrap();
    assert!(by_file.status.success());
    assert_eq!(text(&by_file.stdout), text(&by_stdin.stdout));
    let missing = bahdanau(&["--script", "/nonexistent/script.txt"], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).contains("could not read /nonexistent/script.txt"));
}

#[test]
fn save_then_load_in_a_new_process_restores_the_position() {
    let file = std::env::temp_dir().join(format!("bahdanau-session-{}.json", std::process::id()));
    let path = file.to_str().unwrap();
    let saved = bahdanau(&["-c", &format!("seed 5; goto 11 t=3; save {path}")], "");
    assert!(saved.status.success(), "{}", text(&saved.stderr));
    let loaded = bahdanau(&["-c", &format!("load {path}; where; show c")], "");
    std::fs::remove_file(&file).unwrap();
    assert!(loaded.status.success(), "{}", text(&loaded.stderr));
    let out = text(&loaded.stdout);
    assert!(out.contains("You are at step 11 (") && out.contains("t = 3 of 5"), "{out}");
    assert!(out.contains("c at t = 3"), "{out}");
}
