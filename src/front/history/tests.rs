use super::*;
use std::io::Write;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bahdanau-history-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn lines(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn only_a_regular_utf8_file_under_the_cap_is_read() {
    let dir = scratch("read");
    let file = dir.join("h.txt");
    assert_eq!(load(&file), Ok(vec![]), "no history yet");
    std::fs::write(&file, "#V2\nnext\nshow a\\\\b\\nc\n").unwrap();
    assert_eq!(load(&file), Ok(lines(&["next", "show a\\b\nc"])));
    std::fs::write(&file, vec![b'x'; MAX_HISTORY_BYTES as usize + 1]).unwrap();
    let err = load(&file).unwrap_err();
    assert!(err.contains("larger than 1 MiB") && err.contains("leaving"), "{err}");
    std::fs::write(&file, b"#V2\nnext\ncaf\xe9\nlater\n").unwrap();
    let err = load(&file).unwrap_err();
    assert!(err.contains("line 3") && err.contains("not UTF-8"), "{err}");
    for device in ["/dev/zero", "/dev/full"] {
        let err = load(Path::new(device)).unwrap_err();
        assert!(err.contains("not a regular file") && err.contains("starting without it"), "{err}");
        assert!(append(Path::new(device), &lines(&["x"])).is_err(), "nothing is written to a device");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_session_appends_its_lines_and_keeps_another_sessions() {
    let dir = scratch("append");
    let file = dir.join("deeper").join("h.txt");
    append(&file, &lines(&["goto 10"])).unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "#V2\ngoto 10\n");
    // Another REPL saved meanwhile: both sessions' lines are kept.
    append(&file, &lines(&["show alpha", "a\nb"])).unwrap();
    append(&file, &lines(&["where"])).unwrap();
    assert_eq!(load(&file), Ok(lines(&["goto 10", "show alpha", "a\nb", "where"])));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_history_at_the_cap_keeps_its_newest_half_and_stays_readable() {
    let dir = scratch("cap");
    let file = dir.join("h.txt");
    let old: Vec<String> = (0..(MAX_HISTORY_BYTES - 4) / 19).map(|i| format!("goto {i:013}")).collect();
    append(&file, &old).unwrap();
    let size = std::fs::metadata(&file).unwrap().len();
    assert!(size <= MAX_HISTORY_BYTES, "{size}");
    append(&file, &lines(&["the newest"])).unwrap();
    let back = load(&file).unwrap();
    assert_eq!(back.last().map(String::as_str), Some("the newest"));
    assert!(std::fs::metadata(&file).unwrap().len() <= MAX_HISTORY_BYTES / 2);
    assert!(back.len() > 1000, "the newest of the old lines are kept");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_to_a_history_is_written_through_and_a_dangling_one_refused() {
    let dir = scratch("link");
    let real = dir.join("real.txt");
    std::fs::write(&real, "#V2\nold\n").unwrap();
    let link = dir.join("h.txt");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    append(&link, &lines(&["new"])).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays");
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "#V2\nold\nnew\n");
    let dangling = dir.join("d.txt");
    std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
    assert!(append(&dangling, &lines(&["x"])).unwrap_err().contains("does not exist"));
    assert!(!dir.join("nowhere").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_line_cut_half_way_is_dropped_and_the_rest_kept() {
    let dir = scratch("cut");
    let file = dir.join("h.txt");
    // A full disk stopped an append inside the two bytes of "é".
    std::fs::write(&file, b"#V2\nnext\ncaf\xc3").unwrap();
    assert_eq!(load(&file), Ok(lines(&["next"])), "the whole lines are read");
    append(&file, &lines(&["goto 10"])).unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "#V2\nnext\ngoto 10\n", "the cut line is gone");
    std::fs::write(&file, b"#V2\nnext\nhalf").unwrap();
    append(&file, &lines(&["run"])).unwrap();
    assert_eq!(load(&file), Ok(lines(&["next", "run"])));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A real full disk, a 16 KiB tmpfs: an append that runs out of space half-way
/// through a two-byte character is taken back whole, says so and what to do,
/// and the history reads as before; once there is room the same lines go in.
/// Mounting needs root; without it the test says why and does nothing (the
/// cut-line test above covers what a crash leaves).
#[test]
fn a_full_disk_while_appending_loses_nothing_and_says_so() {
    let dir = scratch("tmpfs");
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=16k", "tmpfs"])
        .arg(&dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: mounting a tmpfs is not permitted here (needs root)");
        std::fs::remove_dir_all(&dir).unwrap();
        return;
    }
    let file = dir.join("h.txt");
    // 4095 bytes of whole lines, so the next append's "é" straddles the page end.
    let filler = "x".repeat(4095 - "#V2\nfirst\n".len() - 1);
    let old = format!("#V2\nfirst\n{filler}\n");
    assert_eq!(old.len(), 4095);
    std::fs::write(&file, &old).unwrap();
    // Everything else on the disk taken, page by page.
    let mut fill = std::fs::File::create(dir.join("fill")).unwrap();
    while fill.write_all(&[0u8; 4096]).is_ok() {}
    drop(fill);
    let new = lines(&["élan", "goto 10"]);
    let err = append(&file, &new);
    let after_full = std::fs::read(&file).unwrap();
    let loaded_full = load(&file);
    std::fs::remove_file(dir.join("fill")).unwrap();
    let again = append(&file, &new);
    let loaded_again = load(&file);
    let _ = std::process::Command::new("umount").arg(&dir).status();
    std::fs::remove_dir_all(&dir).unwrap();

    let err = err.unwrap_err();
    assert!(err.contains("No space left") && err.contains("the history is as it was"), "{err}");
    assert!(err.contains(HISTORY_ENV), "says what to do: {err}");
    assert_eq!(after_full, old.as_bytes(), "not one byte of the failed append stays");
    assert_eq!(loaded_full, Ok(lines(&["first", &filler])), "the history reads as before");
    assert_eq!(again, Ok(()));
    assert_eq!(loaded_again, Ok(lines(&["first", &filler, "élan", "goto 10"])));
}
