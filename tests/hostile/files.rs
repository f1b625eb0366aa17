//! Files under hostile use: long names, signals during a save, names with
//! escape sequences in error paths, and a binary run away from the folder
//! it was built in.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use super::{bytes, command, finish, run, stderr};

fn scratch(name: &str) -> PathBuf {
    super::common::scratch(&format!("files-{name}"))
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn a_legal_250_byte_name_can_be_saved_and_exported() {
    let dir = scratch("long");
    let session = dir.join("s".repeat(245) + ".json");
    let trace = dir.join("t".repeat(245) + ".json");
    let script = format!("save {}; load {}", session.display(), session.display());
    let out = run(&[bytes(b"-c"), bytes(script.as_bytes())], Stdio::null());
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&[bytes(b"--export"), trace.clone().into_os_string()], Stdio::null());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(names_in(&dir).len(), 2, "{:?}", names_in(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigterm_during_saves_leaves_each_file_whole_or_absent_and_no_temporary() {
    let dir = scratch("sigterm");
    let big = dir.join("big.json");
    let make = format!("dims m=64 n=64 n_a=64 l=64; save {}", big.display());
    assert!(run(&[bytes(b"-c"), bytes(make.as_bytes())], Stdio::null()).status.success());
    let saves: Vec<String> = (0..12).map(|k| format!("save {}", dir.join(format!("out{k}.json")).display())).collect();
    let script = format!("load {}; {}", big.display(), saves.join("; "));
    for wait_ms in [40, 120, 250, 400, 700] {
        let args = [bytes(b"-c"), bytes(script.as_bytes())];
        let mut child = command(&args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(wait_ms));
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let status = child.wait().unwrap();
        assert!(status.signal() == Some(libc::SIGTERM) || status.success(), "{status:?}");
        for name in names_in(&dir) {
            assert!(!name.starts_with('.'), "a temporary file is left after {wait_ms} ms: {name}");
            let text = std::fs::read(dir.join(&name)).unwrap();
            assert!(serde_json::from_slice::<serde_json::Value>(&text).is_ok(), "{name} is whole");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn escapes_in_file_names_never_reach_the_terminal_from_error_paths() {
    let name = b"/no/such/\x1b]0;TITLE\x07.json";
    for flag in [&b"--export"[..], b"--script"] {
        let out = run(&[bytes(flag), bytes(name)], Stdio::null());
        assert_eq!(out.status.code(), Some(1));
        let all = [out.stdout.clone(), out.stderr.clone()].concat();
        assert!(!all.contains(&0x1b) && !all.contains(&0x07), "{:?}", String::from_utf8_lossy(&all));
        assert!(stderr(&out).contains("\\u{1b}]0;TITLE\\u{7}.json"), "{}", stderr(&out));
    }
}

#[test]
fn a_binary_run_away_from_its_project_asks_for_one_before_any_work() {
    let dir = scratch("away");
    let root = env!("CARGO_MANIFEST_DIR");
    for report in ["--bottleneck-report", "--scores-report"] {
        let mut cmd = command(&[report.into()]);
        cmd.current_dir(&dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let out = finish(cmd);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("is not inside the bahdanau project's folder") && err.contains("--project DIR"), "{err}");
        assert!(out.stdout.is_empty());
        // An unclear BAHDANAU_BLESS is refused, never taken for a yes.
        let mut cmd = command(&["--project".into(), root.into(), report.into()]);
        cmd.env("BAHDANAU_BLESS", "yes please").stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let out = finish(cmd);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("BAHDANAU_BLESS is \"yes please\""), "{}", stderr(&out));
    }
    let mut cmd = command(&["-c".into(), "exercises".into()]);
    cmd.current_dir(&dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let out = String::from_utf8(finish(cmd).stdout).unwrap();
    assert!(out.contains("is not inside the bahdanau project's folder"), "{out}");
    let mut cmd = command(&["--project".into(), root.into(), "-c".into(), "exercises".into()]);
    cmd.current_dir(&dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let out = String::from_utf8(finish(cmd).stdout).unwrap();
    assert!(!out.contains("missing") && out.contains("01"), "{out}");
    let mut cmd = command(&["--project".into(), dir.clone().into(), "-c".into(), "where".into()]);
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let out = finish(cmd);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is not the bahdanau project's folder"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_or_export_onto_a_device_a_fifo_or_its_own_stdout_replaces_nothing() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("special");
    let null = dir.join("null");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    let fifo = dir.join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for target in [&null, &fifo] {
        let out = run(&[bytes(b"--export"), target.clone().into_os_string()], Stdio::null());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("not a regular file") && err.contains("nothing was written"), "{err}");
        let save = format!("save {}", target.display());
        let out = run(&[bytes(b"-c"), bytes(save.as_bytes())], Stdio::null());
        let said = String::from_utf8_lossy(&[out.stdout.clone(), out.stderr.clone()].concat()).into_owned();
        assert!(said.contains("not a regular file"), "{said}");
    }
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "/dev/null is still a device");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // `save /dev/stdout > file`: the file the shell opened is not replaced behind its back.
    let file = dir.join("out.txt");
    let mut cmd = command(&[bytes(b"-c"), bytes(b"save /dev/stdout; where")]);
    cmd.stdin(Stdio::null()).stdout(std::fs::File::create(&file).unwrap()).stderr(Stdio::piped());
    let out = finish(cmd);
    let text = std::fs::read_to_string(&file).unwrap() + &stderr(&out);
    assert!(text.contains("is this program's standard output"), "{text}");
    assert!(!text.starts_with('{'), "the file holds the program's output, not a session");
    std::fs::remove_dir_all(&dir).unwrap();
}
