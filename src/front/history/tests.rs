use super::*;

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
