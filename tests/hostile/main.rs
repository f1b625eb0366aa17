//! The real binary given what an unlucky user or an attacker would give it:
//! bytes that are not UTF-8, devices for files, endless input, escape
//! sequences and very long lines. Each gets one clear line and an exit
//! status, never a panic or a hang.

#![cfg(unix)]

#[path = "../common/mod.rs"]
mod common;
mod files;
mod output;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn bytes(b: &[u8]) -> OsString {
    OsString::from_vec(b.to_vec())
}

/// The binary with NO_COLOR and a scratch history.
fn command(args: &[OsString]) -> Command {
    let history = std::env::temp_dir().join(format!("bahdanau-hostile-history-{}", std::process::id()));
    let mut cmd = common::bahdanau();
    cmd.args(args).env("NO_COLOR", "1").env("BAHDANAU_HISTORY", history).env_remove("BAHDANAU_BLESS");
    cmd
}

/// Runs the binary with `stdin` as its standard input; fails if it runs
/// longer than 20 s (a blocked read).
fn run(args: &[OsString], stdin: Stdio) -> Output {
    let mut cmd = command(args);
    cmd.stdin(stdin).stdout(Stdio::piped()).stderr(Stdio::piped());
    finish(cmd)
}

/// Waits for `cmd` (its output piped), killing it after 20 s.
fn finish(mut cmd: Command) -> Output {
    let child = cmd.spawn().expect("the binary starts");
    let args: Vec<_> = cmd.get_args().map(|a| a.to_os_string()).collect();
    // Output is read while waiting (a long echo would fill the pipe otherwise).
    let pid = child.id() as i32;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output().unwrap()));
    match receive.recv_timeout(Duration::from_secs(20)) {
        Ok(out) => out,
        Err(_) => {
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("bahdanau {args:?} did not end within 20 s");
        }
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("messages are UTF-8")
}

#[test]
fn arguments_that_are_not_utf8_get_a_clear_error_and_exit_2() {
    for args in [
        vec![bytes(b"-c"), bytes(b"\xff")],
        vec![bytes(b"\xff")],
        vec![bytes(b"--script"), bytes(b"a"), bytes(b"\xff")],
    ] {
        let out = run(&args, Stdio::null());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: ") && !err.contains("panicked"), "{err}");
        assert!(err.contains("not UTF-8") || err.contains("unrecognised argument"), "{err}");
    }
}

#[test]
fn paths_that_are_not_utf8_work() {
    let dir = std::env::temp_dir().join(format!("bahdanau-hostile-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut trace = dir.clone().into_os_string();
    trace.push(bytes(b"/\xff.json"));
    let out = run(&[bytes(b"--export"), trace.clone()], Stdio::null());
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&trace).unwrap()).unwrap();
    assert!(doc["steps"].is_array());
    let mut script = dir.clone().into_os_string();
    script.push(bytes(b"/\xfe.txt"));
    std::fs::write(&script, "goto 9\nwhere\n").unwrap();
    let out = run(&[bytes(b"--script"), script], Stdio::null());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("You are at step 09"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn devices_and_endless_input_are_refused_at_once() {
    let out = run(&[bytes(b"--script"), bytes(b"/dev/zero")], Stdio::null());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/dev/zero is not a regular file"), "{}", stderr(&out));
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let out = run(&[], Stdio::from(zero));
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("line 1 of standard input") && err.contains("longer than 64 KiB"), "{err}");
    let out = run(&[bytes(b"-c"), bytes(b"load /dev/zero")], Stdio::null());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/dev/zero is not a regular file"), "{}", stderr(&out));
}

#[test]
fn escapes_in_input_are_shown_and_long_input_quoted_once_and_cut() {
    let out = run(&[bytes(b"-c"), bytes(b"nosuch\x1b[2J\x07")], Stdio::null());
    let all = [out.stdout.clone(), out.stderr.clone()].concat();
    assert!(!all.contains(&0x1b) && !all.contains(&0x07), "{:?}", String::from_utf8_lossy(&all));
    assert!(stderr(&out).contains("nosuch\\u{1b}[2J\\u{7}"), "{}", stderr(&out));
    let long = "x".repeat(100_000);
    let out = run(&[bytes(b"-c"), bytes(long.as_bytes())], Stdio::null());
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(err.matches("error:").count(), 1, "one error, wrapped to the width: {err}");
    assert!(err.lines().all(|l| l.chars().count() <= 100), "{err}");
    assert_eq!(err.matches(&"x".repeat(80)).count(), 1, "quoted once: {err}");
    assert!(!err.contains(&"x".repeat(81)) && err.len() < 300, "cut at 80 characters: {err}");
}
