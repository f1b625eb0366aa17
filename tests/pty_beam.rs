//! Stepping a beam on a real pseudo-terminal: Enter after `beam 2` moves the
//! search one position, `run` finishes it, and the next Enter is the
//! walkthrough's step 01 again.

#![cfg(unix)]

mod common;
#[path = "pty/term.rs"]
mod term;

use std::time::Duration;
use term::Session;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn enter_steps_the_beam_and_run_finishes_it() {
    let mut t = Session::start(common::scratch("pty-beam"), &[]);
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
    let out = t.quit(WAIT);
    assert!(!out.contains("panicked"), "{out}");
}
