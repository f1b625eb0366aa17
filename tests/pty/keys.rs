//! Every key a learner types reaches a command: typed ahead in one burst,
//! Enter held down, or several lines pasted at once.

use super::{WAIT, scratch};
use crate::term::{Pty, drawn_lines};

fn spawn(dir: &std::path::Path) -> Pty {
    let history = dir.join("history.txt");
    let mut t = Pty::spawn(&[("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())]);
    t.expect("[0/42 trained]> ", WAIT);
    t
}

#[test]
fn ten_enters_in_one_write_step_ten_times() {
    let dir = scratch("enters");
    let mut t = spawn(&dir);
    t.send(&"\r".repeat(10));
    t.expect("[10/42 trained]> ", WAIT);
    t.send("quit\r");
    assert!(t.wait(WAIT).success(), "{}", t.output());
    let out = t.output();
    for k in 1..=10 {
        assert!(out.contains(&format!("[{k}/42 trained]> ")), "step {k} was shown:\n{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_commands_typed_in_one_burst_both_run() {
    let dir = scratch("burst");
    let mut t = spawn(&dir);
    t.send("goto 10\rwhere\rquit\r");
    let status = t.wait(WAIT);
    let out = t.output();
    assert!(status.success(), "quit, typed last, ended the session: {status:?}\n{out}");
    assert!(out.contains("step 10 (10 of 42)") && out.contains("You are at step 10"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pasted_lines_run_as_commands_each_echoed() {
    let dir = scratch("paste");
    let mut t = spawn(&dir);
    // A terminal in bracketed-paste mode wraps what is pasted in ESC[200~ … ESC[201~;
    // the editor holds the block until Enter, so a pasted Tab is not a key.
    t.send("\u{1b}[200~goto 9\rwhere\rformula\r\u{1b}[201~");
    t.send("\r");
    t.expect("formula: e_{t,i}", WAIT);
    t.send("quit\r");
    assert!(t.wait(WAIT).success(), "{}", t.output());
    let out = t.output();
    assert!(out.contains("You are at step 09"), "where ran:\n{out}");
    for line in ["goto 9", "where", "formula"] {
        assert!(out.contains(&format!("]> {line}")), "{line} was echoed after a prompt:\n{out}");
    }
    let saved = std::fs::read_to_string(dir.join("history.txt")).unwrap();
    assert!(saved.contains("where") && saved.contains("formula"), "each pasted line is in the history: {saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_train_bar_fits_a_narrow_terminal_and_ctrl_c_erases_it() {
    let dir = scratch("bar");
    let mut t = spawn(&dir);
    t.resize(60, 24);
    t.send("train 1000\r");
    t.expect("pairs ·", WAIT);
    std::thread::sleep(std::time::Duration::from_millis(600)); // a few redraws
    t.send("\u{3}");
    t.expect("Stopped by Ctrl-C in epoch", WAIT);
    t.send("quit\r");
    assert!(t.wait(WAIT).success(), "{}", t.output());
    let lines = drawn_lines(&t.output());
    let bars: Vec<&String> = lines.iter().filter(|l| l.contains("pairs ·")).collect();
    assert!(!bars.is_empty(), "the bar was drawn: {lines:#?}");
    for bar in &bars {
        // Padding and the terminal's "^C" included: a line that reached the
        // edge would wrap, and erasing the bar would then miss it.
        let wide = bar.chars().count();
        assert!(wide < 60, "a bar line is {wide} wide on a 60-column terminal: {bar:?}");
    }
    let after = lines.iter().skip_while(|l| !l.contains("Stopped by Ctrl-C")).collect::<Vec<_>>();
    assert!(after.iter().all(|l| !l.contains("pairs ·")), "no bar after the summary: {after:#?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
