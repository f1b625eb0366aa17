//! The learner's files: every write goes to a temporary file in the same
//! folder (see `temp`) and is renamed into place, so a full disk, a crash,
//! Ctrl-C or a termination signal leaves the old file or the new one, never
//! half of one; every read is of a regular file only (a FIFO or a device
//! would block or never end) and stops at a cap.

pub mod project;
pub mod temp;
mod write;

use crate::text::files as T;
use std::fs::File;
use std::io::{BufRead, Read};
use std::path::Path;

pub use write::{resolve, write_atomic_via, write_set};

/// The largest session file `load` reads: a session at the largest dims
/// (64), with a training run, is about 20 MB.
pub const MAX_SESSION_BYTES: u64 = 64 << 20;
/// The largest history file read at start-up.
pub const MAX_HISTORY_BYTES: u64 = 1 << 20;
/// The largest exercise file or exercise record read by `exercises` and `hint`.
pub const MAX_EXERCISE_BYTES: u64 = 1 << 20;
/// The longest line a script or standard input may hold.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// `n` bytes as the README states caps: "64 MiB", "1 MiB", "64 KiB".
pub fn size_text(n: u64) -> String {
    match n {
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        n => format!("{n} bytes"),
    }
}

/// Writes `bytes` to `path` atomically (see the module comment).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_atomic_via(path, bytes, &mut |f| Box::new(f))
}

/// Writes `doc` atomically, pretty-printed or (for files that may be large,
/// as sessions) compact. serde_json turns NaN and ±∞
/// into `null`, so a document holding a null is refused, by where it is,
/// before anything is written.
pub fn write_json(path: &Path, doc: &serde_json::Value, pretty: bool) -> Result<(), String> {
    if let Some(at) = first_null(doc, String::new()) {
        return Err(T::NOT_FINITE.fill(&[("at", &at), ("file", &path.display().to_string())]));
    }
    let encoded = if pretty { serde_json::to_string_pretty(doc) } else { serde_json::to_string(doc) };
    let text = encoded
        .map_err(|e| T::COULD_NOT_ENCODE.fill(&[("file", &path.display().to_string()), ("error", &e.to_string())]))?;
    write_atomic(path, (text + "\n").as_bytes())
}

/// How many values the JSON text `doc` holds, counted without building
/// them: outside a text, each comma and each opening bracket begins one
/// more. A reader compares it with what its file may hold before parsing
/// (a 64 MiB `[0,0,…]` would take 1 GB as values).
pub fn count_values(doc: &str) -> usize {
    let (mut n, mut in_text, mut escaped) = (1, false, false);
    for b in doc.bytes() {
        match (in_text, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_text = false,
            (true, ..) => {}
            (false, _, b'"') => in_text = true,
            (false, _, b',' | b'[' | b'{') => n += 1,
            _ => {}
        }
    }
    n
}

/// The path (`steps[2].tensors.e.data[0]`) of the first null in `v`.
pub fn first_null(v: &serde_json::Value, at: String) -> Option<String> {
    use serde_json::Value;
    match v {
        Value::Null => Some(if at.is_empty() { "the document".into() } else { at }),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, x)| first_null(x, format!("{at}[{i}]"))),
        Value::Object(map) => {
            map.iter().find_map(|(k, x)| first_null(x, if at.is_empty() { k.clone() } else { format!("{at}.{k}") }))
        }
        _ => None,
    }
}

/// Opens `path` for reading if it is a regular file. On Unix it opens
/// without blocking first, so a FIFO is refused instead of waited on.
pub fn open_regular(path: &Path) -> Result<File, String> {
    let shown = path.display().to_string();
    let unread = |e: std::io::Error| T::COULD_NOT_READ.fill(&[("file", &shown), ("error", &e.to_string())]);
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).map_err(unread)?;
    let kind = file.metadata().map_err(unread)?.file_type();
    if !kind.is_file() {
        let what = if kind.is_dir() { T::IS_A_FOLDER } else { T::NOT_REGULAR };
        return Err(what.fill(&[("file", &shown)])); // the caller says what to give instead
    }
    Ok(file)
}

/// Reads a regular file of at most `cap` bytes.
pub fn read_capped_bytes(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    let shown = path.display().to_string();
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    // One byte past the cap tells a file at the cap from a longer one.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| T::COULD_NOT_READ.fill(&[("file", &shown), ("error", &e.to_string())]))?;
    if bytes.len() as u64 > cap {
        return Err(T::TOO_LARGE.fill(&[("file", &shown), ("cap", &size_text(cap))]));
    }
    Ok(bytes)
}

/// Reads a regular file of at most `cap` bytes as UTF-8 text.
pub fn read_capped(path: &Path, cap: u64) -> Result<String, String> {
    let shown = path.display().to_string();
    let bytes = read_capped_bytes(path, cap)?;
    String::from_utf8(bytes).map_err(|e| T::NOT_UTF8.fill(&[("file", &shown), ("byte", &e.utf8_error().valid_up_to())]))
}

/// The lines of `reader`, each at most `cap` bytes: a longer line (or endless
/// input with no newline, as from /dev/zero) ends the lines with an error
/// instead of filling memory.
pub fn capped_lines<R: BufRead>(reader: R, cap: usize) -> impl Iterator<Item = std::io::Result<String>> {
    let mut reader = Some(reader);
    std::iter::from_fn(move || {
        let r = reader.as_mut()?;
        let mut buf = Vec::new();
        let read = r.by_ref().take(cap as u64 + 1).read_until(b'\n', &mut buf);
        let line = match read {
            Ok(0) => None,
            Ok(_) if buf.len() > cap && !(buf.len() == cap + 1 && buf.ends_with(b"\n")) => {
                Some(Err(invalid(T::LINE_TOO_LONG.fill(&[("cap", &size_text(cap as u64))]))))
            }
            Ok(_) => {
                if buf.ends_with(b"\n") {
                    buf.pop();
                    if buf.ends_with(b"\r") {
                        buf.pop();
                    }
                }
                Some(String::from_utf8(buf).map_err(|_| invalid("the line is not UTF-8 text".into())))
            }
            Err(e) => Some(Err(e)),
        };
        if !matches!(line, Some(Ok(_))) {
            reader = None; // nothing is read after an error
        }
        line
    })
}

fn invalid(msg: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, msg)
}

#[cfg(test)]
mod tests;
