//! `bahdanau watch` on a pseudo-terminal: the first check, a save that
//! re-checks, `h` for the hints, Ctrl-C that quits and leaves the terminal as
//! it was; and the message it gives on a pipe.

#![cfg(unix)]

mod common;

#[path = "pty/term.rs"]
mod term;

use std::process::Stdio;
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
    let out = common::bahdanau()
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

/// A stand-in for cargo in a scratch folder: prints a check's screen with a
/// line of 93 columns and an escape sequence, then, when `FAKE_PID` is set,
/// starts a "test binary" that never ends (an exercise with an endless loop)
/// and waits for it.
fn fake_cargo(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bahdanau-watch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("cargo");
    let long = "Exercise 03 failed: the attention weights of row 2 do not sum to one, they sum to 1.25";
    let body = format!(
        "#!/bin/sh\nprintf 'Exercises: 0/20 done\\n{long} /{}/tests/exercises/ex03.rs\\n\\033[2Jafter-escape\\n'\n\
         if [ -n \"$FAKE_PID\" ]; then sleep 300 & echo $! > \"$FAKE_PID\"; wait; fi\n",
        "deep-folder".repeat(9)
    );
    std::fs::write(&script, body).unwrap();
    let mut perms = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&script, perms).unwrap();
    script
}

fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z"))
}

#[test]
fn q_ends_the_check_and_the_test_binary_it_started() {
    let cargo = fake_cargo("q");
    let pid_file = cargo.with_file_name("test-binary.pid");
    let env = [("TERM", "xterm"), ("CARGO", cargo.to_str().unwrap()), ("FAKE_PID", pid_file.to_str().unwrap())];
    let mut t = Pty::spawn_with(&env, &["watch"], None);
    t.expect("checking (cargo test --test exercises)", WAIT);
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&pid_file).map_or(true, |s| s.trim().is_empty()) {
        assert!(start.elapsed() < WAIT, "the stand-in did not start its test binary");
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
    t.send("q");
    assert!(t.wait(WAIT).success(), "{}", t.output());
    let start = std::time::Instant::now();
    while alive(pid) && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!alive(pid), "the exercises' test binary outlived watch");
    std::fs::remove_dir_all(cargo.parent().unwrap()).unwrap();
}

#[test]
fn every_line_fits_80_and_60_columns_and_cargo_output_is_filtered() {
    let cargo = fake_cargo("width");
    for cols in ["80", "60"] {
        let env = [("TERM", "xterm"), ("CARGO", cargo.to_str().unwrap()), ("COLUMNS", cols)];
        let mut t = Pty::spawn_with(&env, &["watch"], None);
        t.expect("after-escape", WAIT);
        t.expect("h: next hint", WAIT);
        t.send("h");
        t.send("q");
        assert!(t.wait(WAIT).success(), "{}", t.output());
        let out = t.output();
        let own = out.replace("\x1b[H\x1b[2J", "");
        assert!(!own.contains('\x1b'), "an escape from cargo's output reached the terminal: {own:?}");
        assert!(own.contains("\\u{1b}[2Jafter-escape"), "{own}");
        let width: usize = cols.parse().unwrap();
        for line in own.split('\n').map(|l| l.trim_end_matches('\r')) {
            assert!(line.chars().count() <= width, "wider than {cols} columns: {line:?}");
        }
    }
    std::fs::remove_dir_all(cargo.parent().unwrap()).unwrap();
}

#[test]
fn a_signal_ends_watch_by_that_signal_with_the_terminal_restored() {
    use std::os::unix::process::ExitStatusExt;
    let before = Pty::spawn_with(&[], &["--help"], None).local_modes();
    let cargo = fake_cargo("signals");
    for sig in [libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT, libc::SIGALRM, libc::SIGUSR1, libc::SIGINT] {
        let env = [("TERM", "dumb"), ("CARGO", cargo.to_str().unwrap())];
        let mut t = Pty::spawn_with(&env, &["watch"], None);
        t.expect("h: next hint", WAIT);
        let modes = libc::ICANON | libc::ECHO | libc::ISIG;
        assert_ne!(t.local_modes() & modes, before & modes, "watch reads single keys");
        t.signal(sig);
        let status = t.wait(WAIT);
        if sig == libc::SIGINT {
            assert_eq!(status.code(), Some(130), "{status:?}");
        } else {
            assert_eq!(status.signal(), Some(sig), "{status:?}");
        }
        assert_eq!(t.local_modes() & modes, before & modes, "signal {sig}: the terminal is restored");
        let out = t.output();
        assert!(out.contains("watch ended") && !out.contains("\x1b[2J"), "TERM=dumb is never cleared: {out:?}");
    }
    std::fs::remove_dir_all(cargo.parent().unwrap()).unwrap();
}

/// The same screen in Chinese (`BAHDANAU_LANG=zh`): the keys, the head and
/// the goodbye in Chinese, every line within 80 and 60 display columns (a
/// Chinese character takes two).
#[test]
fn in_chinese_every_line_fits_by_display_width() {
    use bahdanau::layout::columns_of;
    let cargo = fake_cargo("width-zh");
    for cols in ["80", "60"] {
        let env = [("TERM", "xterm"), ("CARGO", cargo.to_str().unwrap()), ("COLUMNS", cols), ("BAHDANAU_LANG", "zh")];
        let mut t = Pty::spawn_with(&env, &["watch"], None);
        t.expect("h：下一条提示", WAIT);
        t.send("h");
        t.send("q");
        assert!(t.wait(WAIT).success(), "{}", t.output());
        let out = t.output();
        assert!(out.contains("第 1 次检查"), "{out}");
        assert!(out.contains("watch 已结束。只检查一次"), "{out}");
        let own = out.replace("\x1b[H\x1b[2J", "");
        let width: usize = cols.parse().unwrap();
        for line in own.split('\n').map(|l| l.trim_end_matches('\r')) {
            assert!(columns_of(line) <= width, "wider than {cols} columns: {line:?}");
        }
    }
    std::fs::remove_dir_all(cargo.parent().unwrap()).unwrap();
}
