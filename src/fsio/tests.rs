use super::*;
use std::io::Write;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bahdanau-fsio-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// Lets `left` bytes through, then fails as a full disk does.
struct FailsAfter {
    inner: File,
    left: usize,
}

impl Write for FailsAfter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::Error::from_raw_os_error(28)); // ENOSPC
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        self.inner.write(&buf[..n])
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[test]
fn a_write_replaces_the_file_and_leaves_no_temporary_behind() {
    let dir = scratch("replace");
    let file = dir.join("s.json");
    write_atomic(&file, b"old").unwrap();
    write_atomic(&file, b"new contents").unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), b"new contents");
    assert_eq!(files_in(&dir), ["s.json"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_write_that_fails_half_way_keeps_the_old_file_whole() {
    let dir = scratch("half");
    let file = dir.join("s.json");
    let old = "the old session\n".repeat(100);
    write_atomic(&file, old.as_bytes()).unwrap();
    let new = "x".repeat(10_000);
    let err =
        write_atomic_via(&file, new.as_bytes(), &mut |f| Box::new(FailsAfter { inner: f, left: 4096 })).unwrap_err();
    assert!(err.contains("could not write") && err.contains("is unchanged"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), old, "the old file is intact");
    assert_eq!(files_in(&dir), ["s.json"], "the half-written temporary is removed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_or_a_missing_folder_is_refused_with_the_reason() {
    let dir = scratch("folder");
    assert!(write_atomic(&dir, b"x").unwrap_err().contains("is a folder"));
    let err = write_atomic(&dir.join("no/such/file.json"), b"x").unwrap_err();
    assert!(err.contains("could not write") && err.contains("no/such/file.json"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A real full disk: a 64 KiB tmpfs. Mounting needs root and a kernel that
/// allows it here; without them the test says why and does nothing (the
/// injected failure above covers the same path).
#[test]
fn a_full_filesystem_keeps_the_old_file() {
    let dir = scratch("tmpfs");
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: mounting a tmpfs is not permitted here (needs root); the injected full disk covers it");
        std::fs::remove_dir_all(&dir).unwrap();
        return;
    }
    let file = dir.join("s.json");
    write_atomic(&file, b"the old session").unwrap();
    let err = write_atomic(&file, &vec![b'x'; 200_000]).unwrap_err();
    let old = std::fs::read(&file).unwrap();
    let left = files_in(&dir);
    let _ = std::process::Command::new("umount").arg(&dir).status();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(err.contains("No space left"), "{err}");
    assert_eq!(old, b"the old session");
    assert_eq!(left, ["s.json"]);
}

#[test]
fn reads_refuse_what_is_not_a_regular_file() {
    let dir = scratch("kinds");
    assert!(read_capped(&dir, 10).unwrap_err().contains("is a folder"));
    assert!(read_capped(Path::new("/dev/zero"), 10).unwrap_err().contains("not a regular file"));
    #[cfg(unix)]
    {
        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        // Opened without blocking: refused at once, with no writer at the other end.
        assert!(read_capped(&fifo, 10).unwrap_err().contains("not a regular file"));
    }
    assert!(read_capped(&dir.join("missing"), 10).unwrap_err().contains("could not read"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reads_stop_at_the_cap_and_say_so() {
    let dir = scratch("cap");
    let file = dir.join("f");
    std::fs::write(&file, "0123456789").unwrap();
    assert_eq!(read_capped(&file, 10).unwrap(), "0123456789");
    let err = read_capped(&file, 9).unwrap_err();
    assert!(err.contains("larger than 9 bytes"), "{err}");
    std::fs::write(&file, [b'a', 0xff]).unwrap();
    assert!(read_capped(&file, 10).unwrap_err().contains("not UTF-8"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lines_longer_than_the_cap_end_the_input_with_a_reason() {
    let lines: Vec<_> = capped_lines("next\r\n12345\nlast".as_bytes(), 5).collect();
    let ok: Vec<&str> = lines.iter().map(|l| l.as_deref().unwrap()).collect();
    assert_eq!(ok, ["next", "12345", "last"]);
    let mut lines = capped_lines("ok\n123456\nnever".as_bytes(), 5);
    assert_eq!(lines.next().unwrap().unwrap(), "ok");
    assert!(lines.next().unwrap().unwrap_err().to_string().contains("longer than 5 bytes"));
    assert!(lines.next().is_none(), "nothing is read after the error");
    // Endless input without a newline (as /dev/zero gives) stops after cap + 1 bytes.
    let endless = std::io::BufReader::new(std::io::repeat(0));
    let first = capped_lines(endless, MAX_LINE_BYTES).next().unwrap();
    assert!(first.unwrap_err().to_string().contains("64 KiB"));
    assert!(capped_lines(&[0xffu8, b'\n'][..], 5).next().unwrap().is_err());
}

#[test]
fn sizes_are_named_in_round_units() {
    assert_eq!(size_text(MAX_SESSION_BYTES), "64 MiB");
    assert_eq!(size_text(MAX_HISTORY_BYTES), "1 MiB");
    assert_eq!(size_text(MAX_LINE_BYTES as u64), "64 KiB");
    assert_eq!(size_text(1000), "1000 bytes");
}

#[test]
fn a_document_with_a_null_is_refused_by_where_it_is() {
    let dir = scratch("null");
    let file = dir.join("trace.json");
    let doc = serde_json::json!({ "steps": [{ "e": { "data": [1.0, f64::NAN] } }] });
    let err = write_json(&file, &doc, true).unwrap_err();
    assert!(err.starts_with("steps[0].e.data[1] is not a finite number"), "{err}");
    assert!(!file.exists(), "nothing was written");
    write_json(&file, &serde_json::json!({ "data": [1.5] }), true).unwrap();
    assert!(std::fs::read_to_string(&file).unwrap().contains("1.5"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_states_the_caps_in_force() {
    let readme = include_str!("../../README.md");
    for (what, cap) in [
        ("a session file (`load`)", MAX_SESSION_BYTES),
        ("the history file", MAX_HISTORY_BYTES),
        ("one line of a script or of standard input", MAX_LINE_BYTES as u64),
    ] {
        let row = format!("| {what} | {}", size_text(cap));
        assert!(readme.contains(&row), "README.md has no row {row:?}");
    }
}

#[test]
fn a_legal_long_name_is_written_with_a_temporary_name_that_fits() {
    let dir = scratch("long");
    for name in ["s".repeat(250) + ".json", "é".repeat(127)] {
        assert!(name.len() <= 255);
        let file = dir.join(&name);
        write_atomic(&file, b"x").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"x");
        assert!(temp::temp_name(file.file_name().unwrap(), u64::MAX).len() <= 255);
    }
    assert_eq!(files_in(&dir).len(), 2, "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_temporary_file_is_never_opened_through_a_planted_link() {
    let dir = scratch("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    // Every name the next temporary could take cannot be planted (it is random),
    // so plant links at every name of the old pattern and at one random name,
    // then check creation refuses a link at the exact name it tries.
    let file = dir.join("s.json");
    for k in 0..4 {
        let old_name = format!(".s.json.{}-{k}.tmp", std::process::id());
        std::os::unix::fs::symlink(&victim, dir.join(old_name)).unwrap();
    }
    write_atomic(&file, b"session").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    // A link at the very name a temporary gets, to a file or to nothing, is refused.
    for (k, to) in [victim.clone(), dir.join("nowhere")].into_iter().enumerate() {
        let planted = file.with_file_name(temp::temp_name(file.file_name().unwrap(), k as u64));
        std::os::unix::fs::symlink(&to, &planted).unwrap();
        let err = temp::create_exclusive(&planted, 0o600).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists, "{err}");
    }
    assert!(!dir.join("nowhere").exists(), "nothing was created through the dangling link");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_stale_temporary_never_blocks_a_save() {
    let dir = scratch("stale");
    let file = dir.join("s.json");
    // Left by a killed process with this PID (the old, predictable names).
    for k in 0..64 {
        std::fs::write(dir.join(format!(".s.json.{}-{k}.tmp", std::process::id())), "stale").unwrap();
    }
    write_atomic(&file, b"new").unwrap();
    write_atomic(&file, b"newer").unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), b"newer");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn saving_over_a_link_writes_through_to_its_target() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("link");
    let real = dir.join("real.json");
    std::fs::write(&real, "old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("s.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    write_atomic(&link, b"new").unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert_eq!(std::fs::read(&real).unwrap(), b"new");
    assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640, "its mode is kept");
    let dangling = dir.join("d.json");
    std::os::unix::fs::symlink("nowhere.json", &dangling).unwrap();
    let err = write_atomic(&dangling, b"x").unwrap_err();
    assert!(err.contains("is a link to nowhere.json, which does not exist"), "{err}");
    assert_eq!(files_in(&dir), ["d.json", "real.json", "s.json"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_set_of_files_is_replaced_whole_or_not_at_all() {
    let dir = scratch("set");
    let set = |a: &str, b: &str| {
        vec![("a.txt".to_string(), a.as_bytes().to_vec()), ("b.txt".to_string(), b.as_bytes().to_vec())]
    };
    write_set(&dir, &set("a1", "b1")).unwrap();
    // The second name is a folder: nothing of the set is written.
    let bad = vec![("a.txt".to_string(), b"a2".to_vec()), ("sub".to_string(), b"x".to_vec())];
    std::fs::create_dir(dir.join("sub")).unwrap();
    let err = write_set(&dir, &bad).unwrap_err();
    assert!(err.contains("no file in") && err.contains("was changed"), "{err}");
    assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"a1");
    assert_eq!(files_in(&dir), ["a.txt", "b.txt", "sub"]);
    // A rename that fails part way (the target became a folder) puts the first file back.
    let pairs: Vec<(PathBuf, PathBuf)> = ["a.txt", "sub"]
        .iter()
        .map(|n| {
            let target = dir.join(n);
            let (mut f, tmp) = temp::create_beside(&target, 0o644).unwrap();
            f.write_all(b"new").unwrap();
            (tmp, target)
        })
        .collect();
    assert!(temp::commit(&pairs).is_err());
    assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"a1", "the first file is put back");
    assert_eq!(files_in(&dir), ["a.txt", "b.txt", "sub"], "no temporary or backup left");
    write_set(&dir, &set("a3", "b3")).unwrap();
    assert_eq!(std::fs::read(dir.join("b.txt")).unwrap(), b"b3");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_a_device_link_or_a_hard_linked_file_is_never_replaced() {
    let dir = scratch("special");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a FIFO");
    let err = write_atomic(&fifo, b"x").unwrap_err();
    assert!(err.contains("a pipe (FIFO), not a regular file") && err.contains("nothing was written"), "{err}");
    let null = dir.join("null");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    let err = write_json(&null, &serde_json::json!({"a": 1}), false).unwrap_err();
    assert!(err.contains("is a device, not a regular file"), "{err}");
    let (one, two) = (dir.join("one.json"), dir.join("two.json"));
    std::fs::write(&one, b"old").unwrap();
    std::fs::hard_link(&one, &two).unwrap();
    let err = write_atomic(&two, b"new").unwrap_err();
    assert!(err.contains("has 2 names (hard links)"), "{err}");
    assert_eq!(std::fs::read(&one).unwrap(), b"old");
    let set = write_set(&dir, &[("fresh.txt".into(), b"a".to_vec()), ("one.json".into(), b"b".to_vec())]);
    assert!(set.unwrap_err().contains("hard links"));
    assert_eq!(files_in(&dir), ["null", "one.json", "pipe", "two.json"], "nothing was written, no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn this_programs_own_standard_stream_is_never_replaced() {
    let dir = scratch("stdout");
    let file = dir.join("out.txt");
    std::fs::write(&file, b"kept").unwrap();
    let f = std::fs::File::open(&file).unwrap();
    // The test's stdin becomes the file for a moment, as `bahdanau < out.txt` would have it.
    let saved = unsafe { libc::dup(0) };
    assert!(saved >= 0);
    unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&f), 0) };
    let err = write_atomic(std::path::Path::new("/dev/stdin"), b"new");
    unsafe { libc::dup2(saved, 0) };
    unsafe { libc::close(saved) };
    let err = err.unwrap_err();
    assert!(err.contains("is this program's standard input"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), b"kept");
    std::fs::remove_dir_all(&dir).unwrap();
}
