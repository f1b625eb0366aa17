//! The history file, in the line editor's format (`#V2`, then one entry a
//! line with `\n` and `\\` escaped). It is read only if it is a regular file
//! under the cap and all UTF-8; at exit this session's new lines are
//! appended, so two REPLs on one file keep both their lines. A history that
//! was not read (refused, or not there because its folder could not be read)
//! is never written. An append is of whole lines or nothing: one that fails
//! (a full disk) is cut back to where it began, and a line left cut by an
//! older crash is dropped at start and before the next append, never taken
//! for a broken file.

use crate::text::files as T;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::fsio::{MAX_HISTORY_BYTES, read_capped_bytes, resolve, write_atomic};

/// Overrides the history file (tests point it at a scratch folder).
pub const HISTORY_ENV: &str = "BAHDANAU_HISTORY";
const HEADER: &str = "#V2";

/// `$BAHDANAU_HISTORY`, else `<data dir>/bahdanau/history.txt`.
pub fn history_path() -> Option<PathBuf> {
    match std::env::var_os(HISTORY_ENV) {
        Some(p) if !p.is_empty() => Some(PathBuf::from(p)),
        _ => dirs::data_dir().map(|d| d.join("bahdanau").join("history.txt")),
    }
}

/// The entries of the history at `path` (none if there is no file yet), or
/// the warning to print when it is refused; a refused file is left as it is.
pub fn load(path: &Path) -> Result<Vec<String>, String> {
    let shown = crate::repl::visible::visible(&path.display().to_string());
    let left = T::HISTORY_LEFT.fill(&[("path", &shown)]);
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(T::HISTORY_UNREADABLE.fill(&[("path", &shown), ("error", &e.to_string()), ("left", &left)]));
        }
        Ok(_) => {}
    }
    let bytes = read_capped_bytes(path, MAX_HISTORY_BYTES).map_err(|e| {
        let e = crate::repl::visible::visible(&e);
        T::HISTORY_REFUSED.fill(&[("error", &e), ("left", &left), ("var", &HISTORY_ENV)])
    })?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        // Cut in the middle of a character at the very end: a last line half-written.
        Err(e) if e.utf8_error().error_len().is_none() => {
            let whole = e.as_bytes()[..e.utf8_error().valid_up_to()].iter().rposition(|&b| b == b'\n');
            String::from_utf8_lossy(&e.as_bytes()[..whole.map_or(0, |i| i + 1)]).into_owned()
        }
        Err(e) => {
            let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()].iter().filter(|&&b| b == b'\n').count();
            let args: [(&str, &dyn crate::text::Arg); 4] =
                [("line", &line), ("path", &shown), ("left", &left), ("var", &HISTORY_ENV)];
            return Err(T::HISTORY_NOT_UTF8.fill(&args));
        }
    };
    Ok(parse(&text))
}

/// The entries of a history file's text.
pub fn parse(text: &str) -> Vec<String> {
    let mut lines = text.lines().peekable();
    let v2 = lines.next_if_eq(&HEADER).is_some();
    lines.filter(|l| !l.is_empty()).map(|l| if v2 { unescape(l) } else { l.to_string() }).collect()
}

fn unescape(line: &str) -> String {
    let (mut out, mut chars) = (String::with_capacity(line.len()), line.chars());
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('\\')) => {
                out.push('\\');
                chars.next();
            }
            (c, _) => out.push(c),
        }
    }
    out
}

fn escape(entry: &str) -> String {
    entry.replace('\\', "\\\\").replace('\n', "\\n")
}

/// Appends `entries` to the history at `path` (made, with its folder, if
/// there is none), in one write under an exclusive lock. When the file would
/// pass the cap, it is rewritten atomically with its newest entries, half
/// the cap in all, so that it can always be read again.
pub fn append(path: &Path, entries: &[String]) -> Result<(), String> {
    if entries.is_empty() {
        return Ok(());
    }
    let target = resolve(path)?;
    let shown = target.display().to_string();
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| T::HISTORY_NO_DIR.fill(&[("dir", &dir.display().to_string()), ("error", &e.to_string())]))?;
    }
    let body: String = entries.iter().map(|e| escape(e) + "\n").collect();
    // A rewrite by another session may rename a new file in while this one
    // waits for the lock: then the new file is opened and locked instead.
    for _ in 0..3 {
        let mut file = open_for_append(&target)?;
        #[cfg(unix)]
        if !lock(&file, &target)? {
            continue;
        }
        let len = whole_lines(&file).map_err(|e| no_write(&shown, &e))?;
        let header = if len == 0 { format!("{HEADER}\n") } else { String::new() };
        if len + (header.len() + body.len()) as u64 > MAX_HISTORY_BYTES {
            return rewrite_newest(&target, entries);
        }
        let written = file.write_all((header + &body).as_bytes()).and_then(|()| file.sync_data());
        return written.map_err(|e| {
            // Whole lines or nothing: the part that reached the file is taken back.
            let undone = file.set_len(len).is_ok();
            let left = if undone { T::HISTORY_AS_IT_WAS } else { T::HISTORY_LAST_CUT }.get();
            let args: [(&str, &dyn crate::text::Arg); 4] =
                [("path", &shown), ("error", &e.to_string()), ("left", &left), ("var", &HISTORY_ENV)];
            T::HISTORY_NOT_ADDED.fill(&args)
        });
    }
    Err(T::HISTORY_REPLACED.fill(&[("path", &shown)]))
}

/// That `shown` could not be written, and the system's reason.
fn no_write(shown: &str, e: &std::io::Error) -> String {
    T::HISTORY_NO_WRITE.fill(&[("path", &shown), ("error", &e.to_string())])
}

/// The length of the history's whole lines: a last line with no newline
/// (left by a crash half-way through an append) is cut off first.
fn whole_lines(file: &std::fs::File) -> std::io::Result<u64> {
    use std::io::{Read, Seek, SeekFrom};
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(0);
    }
    let mut f = file;
    let tail_start = len.saturating_sub(MAX_HISTORY_BYTES.min(len));
    f.seek(SeekFrom::Start(tail_start))?;
    let mut tail = Vec::new();
    f.take(len - tail_start).read_to_end(&mut tail)?;
    if tail.last() == Some(&b'\n') {
        return Ok(len);
    }
    let whole = tail.iter().rposition(|&b| b == b'\n').map_or(tail_start, |i| tail_start + i as u64 + 1);
    file.set_len(whole)?;
    Ok(whole)
}

/// The history opened to append (made 0600 if new); refused unless it is a regular file.
fn open_for_append(path: &Path) -> Result<std::fs::File, String> {
    let shown = path.display().to_string();
    let mut options = std::fs::OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600).custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW | libc::O_CLOEXEC);
    }
    let file = options.open(path).map_err(|e| no_write(&shown, &e))?;
    let meta = file.metadata().map_err(|e| no_write(&shown, &e))?;
    if !meta.is_file() {
        return Err(T::HISTORY_NOT_FILE.fill(&[("path", &shown)]));
    }
    Ok(file)
}

/// Waits for the exclusive lock on the history; `false` if the file is no
/// longer the one at `path` (a rewrite renamed a new one there).
#[cfg(unix)]
fn lock(file: &std::fs::File, path: &Path) -> Result<bool, String> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    // SAFETY: flock on a descriptor this function borrows.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } != 0 {
        let (shown, error) = (path.display().to_string(), std::io::Error::last_os_error().to_string());
        return Err(T::HISTORY_NO_LOCK.fill(&[("path", &shown), ("error", &error)]));
    }
    let same = match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.ino() == b.ino() && a.dev() == b.dev(),
        _ => false,
    };
    Ok(same)
}

/// The file's entries and then `entries`, cut to the newest that fit in half the cap.
fn rewrite_newest(path: &Path, entries: &[String]) -> Result<(), String> {
    let mut all = load(path)?;
    all.extend(entries.iter().cloned());
    let (mut kept, mut size) = (Vec::new(), HEADER.len() + 1);
    for e in all.iter().rev() {
        size += escape(e).len() + 1;
        if size as u64 > MAX_HISTORY_BYTES / 2 {
            break;
        }
        kept.push(escape(e) + "\n");
    }
    let text: String = std::iter::once(format!("{HEADER}\n")).chain(kept.into_iter().rev()).collect();
    write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests;
