//! `bahdanau watch` on a pseudo-terminal: the first check, a save that
//! re-checks, `h` for the hints, Ctrl-C that quits and leaves the terminal as
//! it was; and the message it gives on a pipe.

#![cfg(unix)]

#[path = "pty/term.rs"]
mod term;

use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use term::Pty;

/// A check may rebuild the exercises' test binary on a busy machine.
const WAIT: Duration = Duration::from_secs(300);

#[test]
fn a_save_re_checks_and_ctrl_c_restores_the_terminal() {
    let before = {
        let t = Pty::spawn_with(&[], &["--help"], None);
        t.local_modes()
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut t = Pty::spawn_with(&[("TERM", "xterm"), ("CARGO", &cargo)], &["watch"], None);
    t.expect("bahdanau watch · check 1", WAIT);
    t.expect("Exercises: ", WAIT);
    t.expect("h: next hint · q: quit", WAIT);
    t.send("h");
    t.expect("hint 1, the idea", WAIT);
    // A save, as an editor makes it: the file's content stays, its time changes.
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/exercises/ex01_embedding.rs");
    std::fs::File::options().append(true).open(&file).unwrap().set_modified(SystemTime::now()).unwrap();
    t.expect("bahdanau watch · check 2", WAIT);
    // The last screen drawn is the second check's result, not its "checking…".
    let last_screen = |t: &Pty| t.output().rsplit("\x1b[2J").next().unwrap_or_default().to_string();
    let start = std::time::Instant::now();
    while (last_screen(&t).contains("checking (") || !last_screen(&t).contains("check 2")) && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    let screen = last_screen(&t);
    assert!(screen.contains("Exercises: ") && screen.contains("h: next hint"), "{}", t.output());
    t.send("\u{3}");
    let status = t.wait(WAIT);
    let out = t.output();
    assert!(status.success(), "exit {status:?}\n{out}");
    assert!(out.contains("watch ended"), "{out}");
    assert!(!out.contains("panicked"), "{out}");
    let after = t.local_modes();
    let modes = libc::ICANON | libc::ECHO | libc::ISIG;
    assert_eq!(after & modes, before & modes, "the terminal's line mode, echo and Ctrl-C are back");
}

#[test]
fn on_a_pipe_watch_says_what_to_type_instead() {
    let out = Command::new(env!("CARGO_BIN_EXE_bahdanau"))
        .arg("watch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("watch needs a terminal") && err.contains("cargo test --test exercises"), "{err}");
    assert!(out.stdout.is_empty());
}
