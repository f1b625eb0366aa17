//! Temporary files beside their target. Each is created exclusively
//! (`O_CREAT | O_EXCL`, so never through a link planted at its name), with
//! a random part in its name (a stale one left by a killed process is
//! stepped over, never waited on), short enough for any legal target name,
//! and listed while it lives so that a termination signal removes it. A
//! working folder (the fetch's downloads) is listed the same way.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The temporary files (and backups) this process is writing now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The longest file name most filesystems allow, in bytes.
const NAME_MAX: usize = 255;
/// Names tried before giving up: each is random, so a clash means a full folder or an attack.
const TRIES: usize = 32;

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// `.NAME.R.tmp` (`R` 16 hex digits), NAME cut so the whole fits in 255 bytes.
pub fn temp_name(target: &OsStr, random: u64) -> OsString {
    let suffix = format!(".{random:016x}.tmp");
    let room = NAME_MAX - 1 - suffix.len();
    let mut name = OsString::from(".");
    name.push(cut(target, room));
    name.push(suffix);
    name
}

/// The first `room` bytes of `name`, at a character boundary when it is text.
fn cut(name: &OsStr, room: usize) -> OsString {
    if name.len() <= room {
        return name.to_os_string();
    }
    match name.to_str() {
        Some(text) => {
            let end = (0..=room).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            OsString::from(&text[..end])
        }
        #[cfg(unix)]
        None => {
            std::os::unix::ffi::OsStringExt::from_vec(std::os::unix::ffi::OsStrExt::as_bytes(name)[..room].to_vec())
        }
        #[cfg(not(unix))]
        None => OsString::from("file"),
    }
}

/// A new empty file beside `target` (same folder, so a rename stays on one
/// filesystem), created exclusively with `mode` (before the umask).
pub fn create_beside(target: &Path, mode: u32) -> io::Result<(File, PathBuf)> {
    let name = target.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    for _ in 0..TRIES {
        let tmp = target.with_file_name(temp_name(name, rand::random()));
        let mut list = live(); // held while creating, so a signal sees every file made
        match create_exclusive(&tmp, mode) {
            Ok(file) => {
                list.push(tmp.clone());
                return Ok((file, tmp));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free temporary name in the folder"))
}

/// Creates `path`, refusing any file or link already there (O_EXCL; and
/// O_NOFOLLOW, so not even a link to nothing is followed).
pub(crate) fn create_exclusive(path: &Path, mode: u32) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(mode).custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC);
    }
    let _ = mode;
    options.open(path)
}

/// A hard link to `file` under a fresh temporary name: the old contents,
/// kept while a set of files is replaced.
fn backup(file: &Path) -> io::Result<PathBuf> {
    let name = file.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    for _ in 0..TRIES {
        let copy = file.with_file_name(temp_name(name, rand::random()));
        match std::fs::hard_link(file, &copy) {
            Ok(()) => {
                live().push(copy.clone());
                return Ok(copy);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free temporary name in the folder"))
}

/// Removes the temporary file `tmp` (its write failed).
pub fn discard(tmp: &Path) {
    let mut list = live();
    let _ = std::fs::remove_file(tmp);
    list.retain(|p| p != tmp);
}

/// Renames every `(temporary, target)` pair into place, all or none: the
/// old targets are kept as links until every rename has succeeded, and put
/// back if one fails. A termination signal waits until this is done.
pub fn commit(pairs: &[(PathBuf, PathBuf)]) -> io::Result<()> {
    let olds: Vec<Option<PathBuf>> =
        pairs.iter().map(|(_, target)| if pairs.len() > 1 { backup(target).ok() } else { None }).collect();
    let mut list = live();
    let mut result = Ok(());
    let mut done = 0;
    for (tmp, target) in pairs {
        if let Err(e) = std::fs::rename(tmp, target) {
            result = Err(e);
            break;
        }
        done += 1;
    }
    if result.is_err() {
        for ((_, target), old) in pairs[..done].iter().zip(&olds) {
            let _ = match old {
                Some(old) => std::fs::rename(old, target),
                None => std::fs::remove_file(target),
            };
        }
    }
    for path in pairs.iter().map(|(tmp, _)| tmp).chain(olds.iter().flatten()) {
        let _ =
            std::fs::remove_file(path).or_else(|e| if e.kind() == io::ErrorKind::NotFound { Ok(()) } else { Err(e) });
        list.retain(|p| p != path);
    }
    if let Some(dir) = pairs.first().and_then(|(_, t)| t.parent()) {
        // The renames themselves reach the disk (an empty parent is the current folder).
        let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    result
}

/// A new, empty working folder `.{prefix}-R` (R random) inside `parent`,
/// made by this call alone (mkdir never follows a link planted at the
/// name), readable by its owner only, and removed by a termination signal
/// until [`forget`] is called.
pub fn create_dir_in(parent: &Path, prefix: &str) -> io::Result<PathBuf> {
    for _ in 0..TRIES {
        let dir = parent.join(format!(".{prefix}-{:016x}", rand::random::<u64>()));
        let mut list = live();
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        match builder.create(&dir) {
            Ok(()) => {
                list.push(dir.clone());
                return Ok(dir);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free folder name"))
}

/// Takes `path` off the list of what a termination signal removes (it was
/// removed, or renamed to be kept).
pub fn forget(path: &Path) {
    live().retain(|p| p != path);
}

/// Removes every live temporary file and working folder and returns the
/// lock on the list, so that none is made until the process has ended (for
/// a termination signal).
pub fn remove_live() -> MutexGuard<'static, Vec<PathBuf>> {
    let mut list = live();
    for path in list.drain(..) {
        let is_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
        let _ = if is_dir { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
    }
    list
}
