//! The terminal under hostile use: bytes that are not UTF-8, histories the
//! REPL must not touch, two REPLs on one history, termination signals at the
//! prompt, file names made of escape sequences, a full stdout, and Ctrl-C in
//! scripts and reports.

use std::os::unix::process::ExitStatusExt;
use std::process::Stdio;
use std::time::Duration;

use super::term::Pty;
use super::{WAIT, scratch};

fn spawn(history: &std::path::Path) -> Pty {
    Pty::spawn(&[("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())])
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let dir = scratch("latin1");
    let mut t = spawn(&dir.join("history.txt"));
    t.expect("[0/42 trained]> ", WAIT);
    t.send("goto 4\r");
    t.expect("[4/42 trained]> ", WAIT);
    t.send_bytes(b"show caf\xe9\r");
    t.expect("not UTF-8 text", WAIT);
    // A byte that is never UTF-8, then the rest of the line: none of it runs.
    t.send_bytes(b"show \xff reset\r");
    std::thread::sleep(Duration::from_millis(400));
    t.send("where\r");
    t.expect("You are at step 04", WAIT);
    t.send("quit\r");
    let status = t.wait(WAIT);
    assert!(status.success(), "{status:?}\n{}", t.output());
    let out = t.output();
    assert!(
        !out.contains("[5/42") && !out.contains("[0/42 trained]> where"),
        "nothing of the dropped lines ran:\n{out}"
    );
    assert_eq!(out.matches("not UTF-8 text").count(), 2, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_history_that_was_not_read_is_left_as_it_was() {
    let dir = scratch("unread");
    let history = dir.join("history.txt");
    let too_large = [b"#V2\n".to_vec(), b"goto 3\n".repeat(200_000)].concat();
    for contents in [too_large, b"#V2\ngoto 3\ncaf\xe9\nwhere\n".to_vec()] {
        std::fs::write(&history, &contents).unwrap();
        let mut t = spawn(&history);
        t.expect("[0/42 trained]> ", WAIT);
        t.send("goto 5\r");
        t.expect("[5/42 trained]> ", WAIT);
        t.send("quit\r");
        assert!(t.wait(WAIT).success(), "{}", t.output());
        assert!(t.output().contains("leaving"), "the warning says the file is left alone:\n{}", t.output());
        assert!(std::fs::read(&history).unwrap() == contents, "the unread history is unchanged");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_sessions_on_one_history_keep_both_their_lines() {
    let dir = scratch("two");
    let history = dir.join("history.txt");
    std::fs::write(&history, "#V2\nexplain\n").unwrap();
    let (mut a, mut b) = (spawn(&history), spawn(&history));
    a.expect("[0/42 trained]> ", WAIT);
    b.expect("[0/42 trained]> ", WAIT);
    a.send("goto 3\r");
    b.send("goto 7\r");
    a.expect("[3/42 trained]> ", WAIT);
    b.expect("[7/42 trained]> ", WAIT);
    a.send("quit\r");
    assert!(a.wait(WAIT).success());
    b.send("quit\r");
    assert!(b.wait(WAIT).success());
    let text = std::fs::read_to_string(&history).unwrap();
    assert_eq!(text, "#V2\nexplain\ngoto 3\nquit\ngoto 7\nquit\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigterm_or_sighup_at_the_prompt_restores_the_terminal_and_saves_the_history() {
    for sig in [libc::SIGTERM, libc::SIGHUP] {
        let dir = scratch("sigterm-prompt");
        let history = dir.join("history.txt");
        let mut t = spawn(&history);
        t.expect("[0/42 trained]> ", WAIT);
        t.send("goto 4\r");
        t.expect("[4/42 trained]> ", WAIT);
        std::thread::sleep(Duration::from_millis(100)); // the editor is reading, in raw mode
        assert_eq!(t.local_flags() & libc::ICANON, 0, "raw at the prompt");
        t.signal(sig);
        let status = t.wait(WAIT);
        assert_eq!(status.signal(), Some(sig), "ended by the signal itself: {status:?}");
        let flags = t.local_flags();
        assert!(flags & libc::ECHO != 0 && flags & libc::ICANON != 0, "echo and line mode are back");
        let out = t.output();
        let (on, off) = (out.rfind("\x1b[?2004h"), out.rfind("\x1b[?2004l"));
        assert!(on.is_none() || off > on, "bracketed paste is off again: {out:?}");
        assert_eq!(std::fs::read_to_string(&history).unwrap(), "#V2\ngoto 4\n", "the history is saved");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn tab_never_lists_or_inserts_a_file_name_with_an_escape() {
    let dir = scratch("tab-escape");
    std::fs::write(dir.join("\x1b]0;TITLE\x07.json"), "{}").unwrap();
    std::fs::write(dir.join("plain.json"), "{}").unwrap();
    let mut t = spawn(&dir.join("history.txt"));
    t.expect("[0/42 trained]> ", WAIT);
    t.send(&format!("load {}/\t\t", dir.display()));
    t.expect("plain.json", WAIT);
    t.send("\u{15}quit\r");
    assert!(t.wait(WAIT).success());
    assert!(!t.output().contains("\x1b]0;"), "{:?}", t.output());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_stdout_at_the_banner_is_one_error_and_status_1() {
    let dir = scratch("full");
    let history = dir.join("history.txt");
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let env = [("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())];
    let mut t = Pty::spawn_with(&env, &[], Some(Stdio::from(full)));
    let status = t.wait(WAIT);
    assert_eq!(status.code(), Some(1), "{}", t.output());
    assert!(t.output().contains("error: could not write to standard output"), "{}", t.output());
    assert!(!t.output().contains("panicked"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_stops_a_script_after_the_current_command_with_130() {
    let dir = scratch("script-ctrl-c");
    let script = dir.join("script.txt");
    let export = format!("export {}\n", dir.join("t.json").display());
    std::fs::write(&script, export.repeat(3000)).unwrap();
    let history = dir.join("history.txt");
    let env = [("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())];
    let mut t = Pty::spawn_with(&env, &["--script", script.to_str().unwrap()], None);
    t.expect("Wrote every parameter", WAIT);
    t.send("\u{3}");
    let status = t.wait(WAIT);
    let out = t.output();
    assert_eq!(status.code(), Some(130), "{out}");
    assert!(out.contains("stopped by Ctrl-C at line "), "{out}");
    assert!(out.matches("Wrote every parameter").count() < 3000, "the script stopped early");
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("t.json")).unwrap()).unwrap();
    assert!(doc["steps"].is_array(), "the file being written is whole");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_stops_a_report_with_130_and_one_line() {
    let dir = scratch("report-ctrl-c");
    let history = dir.join("history.txt");
    let env = [("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())];
    for report in ["--train-report", "--bottleneck-report", "--scores-report"] {
        let mut t = Pty::spawn_with(&env, &[report], None);
        if report == "--train-report" {
            // It prints nothing until it is done, about two seconds later.
            t.await_handler(libc::SIGINT, WAIT);
        } else {
            // the bar is up, counting training pairs, or those and the sentences the beam decodes
            t.expect(if report == "--scores-report" { " pairs" } else { " sentences" }, WAIT);
        }
        t.send("\u{3}");
        let status = t.wait(WAIT);
        let out = t.output();
        assert_eq!(status.code(), Some(130), "{report}: {out}");
        assert_eq!(out.matches("stopped by Ctrl-C; no result file was written or changed").count(), 1, "{out}");
        assert!(!out.contains("error") && !out.contains("shows the committed"), "{report}: {out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
