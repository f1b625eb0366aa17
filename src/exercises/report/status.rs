//! Where each exercise stands, for the REPL. `cargo test` records every
//! outcome with a hash of the file it checked, in
//! `<target dir>/exercise-status.json`; a file edited since then (hash
//! differs) reads as "changed", and a file never checked reads as pending
//! while it still holds `todo!()`.

use crate::fsio::{MAX_EXERCISE_BYTES, read_capped, read_capped_bytes, write_atomic};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::exercises::catalog::{EXERCISES, Exercise};
use crate::exercises::checker::run::Outcome;

pub const FORMAT: &str = "bahdanau-exercises/1";

/// One exercise's standing, as `exercises` lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Passed,
    Failing,
    Pending,
    /// Edited since the last `cargo test`, or written but never checked.
    Changed,
    /// The file is not there.
    Missing,
    /// A folder stands where the file belongs.
    Folder,
    /// A pipe, a device or a socket stands where the file belongs.
    Special,
    /// The file is larger than an exercise file can be, so it is not read.
    TooLarge,
    /// The file is there but could not be read (its permissions, most often).
    Unreadable,
}

impl Status {
    /// True when the exercise's file cannot be checked as it stands.
    pub fn is_problem(self) -> bool {
        matches!(self, Status::Missing | Status::Folder | Status::Special | Status::TooLarge | Status::Unreadable)
    }
}

/// What stands at `path`, told from its metadata alone: nothing is opened,
/// so a FIFO is never waited on and a huge file never read. None for a
/// regular file of at most `cap` bytes.
pub fn file_problem(path: &Path, cap: u64) -> Option<Status> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(Status::Missing),
        Err(_) => return Some(Status::Unreadable),
    };
    let kind = meta.file_type();
    if kind.is_dir() {
        Some(Status::Folder)
    } else if !kind.is_file() {
        Some(Status::Special)
    } else if meta.len() > cap {
        Some(Status::TooLarge)
    } else {
        None
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: u8,
    /// "pass", "fail" or "pending".
    pub status: String,
    /// FNV-1a 64 of the file's bytes when it was checked, in hex.
    pub file_hash: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub format: String,
    pub exercises: Vec<Entry>,
}

/// The crate root, where tests/exercises/ lives.
pub fn crate_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `exercise-status.json` in cargo's target directory: the nearest folder
/// above the running binary that holds cargo's `CACHEDIR.TAG` (so a
/// `CARGO_TARGET_DIR` or a `.cargo/config.toml` setting is followed), else
/// `$CARGO_TARGET_DIR`, else `<root>/target`. `cargo run` and `cargo test`
/// build into the same directory, so both find the same file.
pub fn record_path(root: &Path) -> PathBuf {
    let from_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().skip(1).find(|d| d.join("CACHEDIR.TAG").is_file()).map(Path::to_path_buf));
    let target = from_exe
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(|d| root.join(d)))
        .unwrap_or_else(|| root.join("target"));
    target.join("exercise-status.json")
}

/// FNV-1a, 64 bits: enough to tell an edited file from the one last checked.
pub fn hash(bytes: &[u8]) -> String {
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    format!("{h:016x}")
}

fn file_hash(root: &Path, ex: &Exercise) -> Option<String> {
    read_capped_bytes(&root.join(ex.file), MAX_EXERCISE_BYTES).ok().map(|b| hash(&b))
}

/// The record of these outcomes, hashing the files as they are now.
pub fn record(root: &Path, outcomes: &[(&Exercise, Outcome)]) -> Record {
    let exercises = outcomes
        .iter()
        .map(|(ex, o)| Entry {
            id: ex.id,
            status: match o {
                Outcome::Pass => "pass",
                Outcome::Fail(_) => "fail",
                Outcome::Pending => "pending",
            }
            .into(),
            file_hash: file_hash(root, ex).unwrap_or_default(),
        })
        .collect();
    Record { format: FORMAT.into(), exercises }
}

/// The record as JSON, written by hand (two small types do not justify
/// compiling a derive macro before the learner's first prompt).
fn to_json(record: &Record) -> Value {
    let entries: Vec<Value> =
        record.exercises.iter().map(|e| json!({"id": e.id, "status": e.status, "file_hash": e.file_hash})).collect();
    json!({"format": record.format, "exercises": entries})
}

/// The record in `v`, or None if any field is missing or of the wrong type.
fn from_json(v: &Value) -> Option<Record> {
    let text = |v: &Value, key: &str| v.get(key)?.as_str().map(str::to_string);
    let entry = |e: &Value| {
        Some(Entry {
            id: u8::try_from(e.get("id")?.as_u64()?).ok()?,
            status: text(e, "status")?,
            file_hash: text(e, "file_hash")?,
        })
    };
    let exercises = v.get("exercises")?.as_array()?.iter().map(entry).collect::<Option<Vec<_>>>()?;
    Some(Record { format: text(v, "format")?, exercises })
}

/// The last record, if there is a readable one (files past 1 MB are not read).
pub fn read_record(path: &Path) -> Option<Record> {
    let text = read_capped(path, MAX_EXERCISE_BYTES).ok()?;
    serde_json::from_str::<Value>(&text).ok().as_ref().and_then(from_json).filter(|r| r.format == FORMAT)
}

pub fn write_record(path: &Path, record: &Record) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = serde_json::to_string_pretty(&to_json(record)).map_err(std::io::Error::other)?;
    write_atomic(path, (text + "\n").as_bytes()).map_err(std::io::Error::other)
}

/// Every exercise's standing, from its file and the last record.
pub fn statuses(root: &Path, record: Option<&Record>) -> Vec<(&'static Exercise, Status)> {
    EXERCISES
        .iter()
        .map(|ex| {
            let path = root.join(ex.file);
            if let Some(problem) = file_problem(&path, MAX_EXERCISE_BYTES) {
                return (ex, problem);
            }
            // The read checks again (the file may change in between), bounded
            // and without blocking; whatever it finds is told apart the same way.
            let Ok(text) = read_capped_bytes(&path, MAX_EXERCISE_BYTES) else {
                return (ex, file_problem(&path, MAX_EXERCISE_BYTES).unwrap_or(Status::Unreadable));
            };
            let recorded =
                record.and_then(|r| r.exercises.iter().find(|e| e.id == ex.id && e.file_hash == hash(&text)));
            let status = match recorded.map(|e| e.status.as_str()) {
                Some("pass") => Status::Passed,
                Some("fail") => Status::Failing,
                Some(_) => Status::Pending,
                None if String::from_utf8_lossy(&text).contains("todo!()") => Status::Pending,
                None => Status::Changed,
            };
            (ex, status)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_tells_an_edit_apart() {
        assert_eq!(hash(b"todo!()"), hash(b"todo!()"));
        assert_ne!(hash(b"todo!()"), hash(b"h * alpha"));
    }

    #[test]
    fn fresh_files_without_a_record_are_pending() {
        let all = statuses(&crate_root(), None);
        assert_eq!(all.len(), EXERCISES.len());
        assert!(all.iter().all(|(_, s)| matches!(s, Status::Pending | Status::Changed)), "{all:?}");
    }

    #[test]
    fn a_recorded_pass_holds_until_the_file_changes() {
        let root = crate_root();
        let ex = &EXERCISES[0];
        let mut rec = record(&root, &[(ex, Outcome::Pass)]);
        assert_eq!(statuses(&root, Some(&rec))[0].1, Status::Passed);
        rec.exercises[0].file_hash = hash(b"an older version");
        assert_ne!(statuses(&root, Some(&rec))[0].1, Status::Passed);
    }

    /// A copy of the exercise folder's layout in a scratch folder, with the
    /// first exercise's file replaced by `plant`.
    fn planted(name: &str, plant: impl FnOnce(&Path)) -> (PathBuf, Vec<Status>) {
        let root = std::env::temp_dir().join(format!("bahdanau-planted-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for ex in EXERCISES {
            let path = root.join(ex.file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "todo!()").unwrap();
        }
        let first = root.join(EXERCISES[0].file);
        std::fs::remove_file(&first).unwrap();
        plant(&first);
        let all = statuses(&root, None).into_iter().map(|(_, s)| s).collect();
        (root, all)
    }

    #[test]
    fn a_folder_a_fifo_and_a_huge_file_are_each_told_apart_from_missing() {
        let started = std::time::Instant::now();
        type Plant = Box<dyn FnOnce(&Path)>;
        let cases: [(&str, Plant, Status); 4] = [
            ("gone", Box::new(|_: &Path| {}), Status::Missing),
            ("folder", Box::new(|p: &Path| std::fs::create_dir(p).unwrap()), Status::Folder),
            (
                "fifo",
                Box::new(|p: &Path| {
                    let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
                    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo {}", p.display());
                }),
                Status::Special,
            ),
            (
                "huge",
                // 100 MB, sparse: the length is what matters, and it is never read.
                Box::new(|p: &Path| std::fs::File::create(p).unwrap().set_len(100 << 20).unwrap()),
                Status::TooLarge,
            ),
        ];
        for (name, plant, want) in cases {
            let (root, all) = planted(name, plant);
            assert_eq!(all[0], want, "{name}");
            assert!(all[1..].iter().all(|s| *s == Status::Pending), "{name}: {all:?}");
            let text = crate::exercises::report::text::listing_to(
                &EXERCISES.iter().zip(all.iter().copied()).collect::<Vec<_>>(),
                80,
            );
            let file = EXERCISES[0].file;
            assert!(text.contains(file) && text.contains("git checkout --"), "{name}:\n{text}");
            assert!(text.lines().all(|l| crate::layout::columns_of(l) <= 80), "{name}:\n{text}");
            std::fs::remove_dir_all(&root).unwrap();
        }
        // A FIFO with no writer would block a plain open forever.
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }

    #[test]
    fn a_record_survives_a_round_trip() {
        let path = std::env::temp_dir().join(format!("bahdanau-status-{}.json", std::process::id()));
        let rec = record(&crate_root(), &[(&EXERCISES[1], Outcome::Pending)]);
        write_record(&path, &rec).unwrap();
        assert_eq!(read_record(&path), Some(rec));
        std::fs::remove_file(&path).unwrap();
    }
}
