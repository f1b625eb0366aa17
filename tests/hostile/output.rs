//! Standard output and error that cannot be written: a closed pipe ends the
//! program as SIGPIPE ends any Unix filter (status 141 in the shell), a full
//! device gets one line on stderr and status 1, and nothing panics.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::process::{Output, Stdio};

use super::{bytes, command, finish, stderr};

/// A pipe whose reading end is already closed, as after `| true`.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    unsafe { libc::close(fds[0]) };
    Stdio::from(unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fds[1]) })
}

fn full() -> Stdio {
    Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
}

fn run_with(args: &[&[u8]], stdout: Stdio, stderr_to: Stdio) -> Output {
    let args: Vec<_> = args.iter().map(|a| bytes(a)).collect();
    let mut cmd = command(&args);
    cmd.stdin(Stdio::null()).stdout(stdout).stderr(stderr_to);
    finish(cmd)
}

fn ended_by_sigpipe(out: &Output, what: &str) {
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{what}: {:?} {}", out.status, stderr(out));
    assert!(stderr(out).is_empty(), "{what} ends quietly: {}", stderr(out));
}

#[test]
fn a_closed_pipe_ends_the_program_quietly_as_sigpipe_does() {
    let dir = std::env::temp_dir().join(format!("bahdanau-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("t.json");
    for args in [
        vec![&b"-c"[..], b"where"],
        vec![b"--help"],
        vec![b"--export", trace.to_str().unwrap().as_bytes()],
        vec![b"--export", b"/no/such/folder/t.json"],
    ] {
        let out = run_with(&args, closed_pipe(), Stdio::piped());
        if args.get(1).is_some_and(|a| a.starts_with(b"/no")) {
            assert_eq!(out.status.code(), Some(1), "an error goes to stderr only: {}", stderr(&out));
            continue;
        }
        ended_by_sigpipe(&out, &format!("{args:?}"));
    }
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&trace).unwrap()).unwrap();
    assert!(doc["steps"].is_array(), "the file written before the closed pipe is whole");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "and no temporary is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pipe_closed_part_way_ends_the_program_at_once() {
    // As `bahdanau -c "run; reset; run; …" | head -1`: far more than a pipe holds.
    let commands = vec!["run; reset"; 20].join("; ");
    let args = [bytes(b"-c"), bytes(commands.as_bytes())];
    let mut child = command(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut first = [0u8; 100];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take()); // head -1 has its line and leaves
    let out = child.wait_with_output().unwrap();
    ended_by_sigpipe(&out, "run after the reader left");
}

#[test]
fn a_full_device_is_said_in_one_line_and_exits_1() {
    for args in [vec![&b"-c"[..], b"where"], vec![b"--help"], vec![b"-c", b"run"]] {
        let out = run_with(&args, full(), Stdio::piped());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: could not write to standard output") && err.contains("No space left"), "{err}");
    }
    // A full stderr: the error cannot be said, the status still tells; no panic (101).
    for (args, code) in [(vec![&b"-c"[..], b"nope"], 1), (vec![b"--nope"], 2), (vec![b"-c", b"where"], 0)] {
        let out = run_with(&args, Stdio::piped(), full());
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
    // Both full: status 1, nothing else to be seen.
    assert_eq!(run_with(&[b"-c", b"where"], full(), full()).status.code(), Some(1));
}
