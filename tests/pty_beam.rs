//! Stepping a beam on a real pseudo-terminal: Enter after `beam 2` moves the
//! search one position, `run` finishes it, and the next Enter is the
//! walkthrough's step 01 again.

#![cfg(unix)]

#[path = "pty/term.rs"]
mod term;

use std::time::Duration;
use term::Pty;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn enter_steps_the_beam_and_run_finishes_it() {
    let dir = std::env::temp_dir().join(format!("bahdanau-pty-beam-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let history = dir.join("history.txt");
    let mut t = Pty::spawn(&[("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())]);
    t.expect("[0/42 trained]> ", WAIT);
    t.send("beam 2\r");
    t.expect("beam K=2 (norm=none), t=1", WAIT);
    t.expect("Enter: the next position", WAIT);
    t.send("\r");
    t.expect("beam K=2 (norm=none), t=2", WAIT);
    t.send("run\r");
    t.expect("The search ended after t=5", WAIT);
    t.expect("[0/42 trained]> ", WAIT);
    t.send("\r");
    t.expect("step 01 (1 of 42)", WAIT);
    t.send("quit\r");
    let status = t.wait(WAIT);
    let out = t.output();
    assert!(status.success(), "exit {status:?}\n{out}");
    assert!(!out.contains("panicked"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
