//! The real binary on a pseudo-terminal, as a learner types: Tab after odd
//! characters, a history file that is a device or a FIFO, TERM=dumb.
//!
//! The terminal is made with libc's `openpty` (libc is already built for the
//! line editor), so the test needs no extra crate and no network.

#![cfg(unix)]

mod chinese;
mod clear;
#[path = "../common/mod.rs"]
mod common;
mod hostile;
mod keys;
mod term;

use std::time::Duration;

use common::scratch;
use term::{Pty, Session};

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn tab_after_odd_characters_never_ends_the_session() {
    let mut t = Session::start(scratch("pty-tab"), &[]);
    let history = t.dir.join("history.txt");
    t.expect("[0/42 trained]> ", WAIT);
    // The spaces that used to panic completion, each followed by Tab, then a word to complete.
    for odd in ["\u{a0}", "\u{3000}", "\u{2028}", "\u{2003}", "é", "😀", "\u{301}", "\"", "“"] {
        t.send(&format!("show{odd}\t"));
        t.send("al\t\t");
        t.send("\u{15}"); // Ctrl-U: clear the line
    }
    t.send("goto 1\t0\r");
    t.expect("step 10", WAIT);
    t.send("show\u{a0}al\t\r");
    t.expect("[10/42 trained]> ", WAIT);
    let out = t.quit(WAIT);
    assert!(!out.contains("panicked"), "{out}");
    assert!(out.contains("alpha"), "Tab completed alpha after a no-break space:\n{out}");
    assert!(std::fs::read_to_string(&history).unwrap().contains("goto 10"), "history saved");
}

#[test]
fn a_history_that_is_a_device_or_a_fifo_does_not_stop_the_start() {
    let dir = scratch("pty-history");
    let fifo = dir.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    for history in ["/dev/zero", "/dev/full", fifo.to_str().unwrap()] {
        let mut t = Pty::spawn(&[("TERM", "xterm"), ("BAHDANAU_HISTORY", history)]);
        t.expect("[0/42 trained]> ", WAIT);
        t.send("where\r");
        t.expect("Before step 01", WAIT);
        t.send("quit\r");
        assert!(t.wait(WAIT).success(), "{}", t.output());
        let out = t.output();
        assert!(out.contains("warning:") && out.contains("not a regular file"), "{history}: {out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dumb_terminal_gets_no_escape_sequences() {
    let dir = scratch("pty-dumb");
    let history = dir.join("history.txt");
    for term in [Some("dumb"), None] {
        let mut env = vec![("BAHDANAU_HISTORY", history.to_str().unwrap())];
        env.extend(term.map(|t| ("TERM", t)));
        let mut t = Pty::spawn(&env);
        t.expect("[0/42 trained]> ", WAIT);
        t.send("goto 14\r");
        t.expect("[42/42 trained]> ", WAIT);
        t.send("alignment\r");
        t.expect("A: row t", WAIT);
        t.send("nosuch\u{1b}[2J\u{7}\r");
        t.expect("unknown command", WAIT);
        t.send("quit\r");
        assert!(t.wait(WAIT).success());
        let out = t.output();
        assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "TERM={term:?}: {out:?}");
        assert!(out.contains("\\u{1b}[2J\\u{7}"), "the typed escape is shown: {out:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn load_of_a_fifo_is_refused_at_once() {
    let dir = scratch("pty-fifo");
    let fifo = dir.join("session.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let mut t = Session::start(dir, &[]);
    t.expect("[0/42 trained]> ", WAIT);
    t.send(&format!("load {}\r", fifo.display()));
    t.expect("not a regular file", WAIT);
    t.quit(WAIT);
}

#[test]
fn ctrl_c_cancels_a_line_and_stops_training_without_ending_the_session() {
    let mut t = Session::start(scratch("pty-ctrl-c"), &[]);
    t.expect("[0/42 trained]> ", WAIT);
    t.send("show al\u{3}");
    t.expect("(line cancelled", WAIT);
    t.send("train 1000\r");
    t.expect("pairs", WAIT); // the progress bar is up
    t.send("\u{3}");
    // Not "epoch 1": an epoch of the scenario's 42 pairs takes a few
    // milliseconds, so the key may land in any epoch.
    t.expect("Stopped by Ctrl-C in epoch ", WAIT);
    t.send("where\r");
    t.expect("Before step 01", WAIT);
    t.quit(WAIT);
}
