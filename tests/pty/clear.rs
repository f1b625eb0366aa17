//! `clear` on a real terminal: it erases the screen and leaves the session
//! where it was; on a dumb terminal it writes no escape at all.

use super::{WAIT, scratch};
use crate::term::Pty;

/// Home, then erase the screen.
const ERASE: &str = "\u{1b}[H\u{1b}[2J";

fn clear_after_goto(term: &str) -> String {
    let dir = scratch(&format!("clear-{term}"));
    let history = dir.join("history.txt");
    let mut t = Pty::spawn(&[("TERM", term), ("BAHDANAU_HISTORY", history.to_str().unwrap())]);
    t.expect("[0/42 trained]> ", WAIT);
    t.send("goto 10\r");
    t.expect("[10/42 trained]> ", WAIT);
    t.send("clear\r");
    t.send("where\r");
    t.expect("You are at step 10", WAIT);
    t.send("quit\r");
    assert!(t.wait(WAIT).success(), "{}", t.output());
    std::fs::remove_dir_all(&dir).unwrap();
    t.output()
}

#[test]
fn clear_erases_the_screen_and_keeps_the_step() {
    let out = clear_after_goto("xterm");
    let (before, after) = out.split_once("]> clear").expect("clear was echoed after a prompt");
    assert!(!before.contains("\u{1b}[2J"), "nothing erased before clear: {before:?}");
    assert!(after.contains(ERASE), "clear erased the screen: {after:?}");
    let erased = after.rsplit(ERASE).next().unwrap_or_default();
    assert!(erased.contains("You are at step 10"), "where, typed after clear, ran on the same step: {erased:?}");
}

#[test]
fn clear_on_a_dumb_terminal_writes_no_escape() {
    let out = clear_after_goto("dumb");
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(out.contains("]> clear") && out.contains("You are at step 10"), "{out:?}");
}
