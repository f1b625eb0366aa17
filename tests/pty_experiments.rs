//! An experiment rerun in the REPL on a real pseudo-terminal, 60 columns
//! wide: its progress bar fits the width, and Ctrl-C stops the run, clears
//! the bar and leaves the session as it was.

#![cfg(unix)]

mod common;
// The pty tests' terminal; this file uses only some of its methods.
#[path = "pty/term.rs"]
mod term;

use std::time::Duration;

use term::{Session, bar_segments};

const WAIT: Duration = Duration::from_secs(60);

#[test]
fn ctrl_c_stops_a_rerun_and_clears_its_bar_which_fits_sixty_columns() {
    let mut t = Session::start(common::scratch("pty-experiment"), &[("COLUMNS", "60")]);
    t.expect("> ", WAIT);
    t.send("bottleneck run\r");
    t.expect(" sentences · ", WAIT); // the progress bar is up
    t.send("\u{3}");
    t.expect("stopped by Ctrl-C: nothing was written", WAIT);
    t.send("where\r");
    t.expect("Before step 01", WAIT);
    let out = t.quit(WAIT);
    for segment in bar_segments(&out) {
        assert!(segment.chars().count() <= 60, "the bar is wider than 60 columns: {segment:?}");
    }
    let (last_bar, message) = (out.rfind(" sentences · ").unwrap(), out.find("stopped by Ctrl-C").unwrap());
    assert!(out[last_bar..message].contains("\u{1b}[2K"), "the bar is cleared before the message: {out:?}");
}
