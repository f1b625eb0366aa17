//! Writing the learner's files: into a temporary file beside the target,
//! flushed to the disk, then renamed into place. A name that is a symbolic
//! link is written through: the link stays and its target gets the new
//! contents (as editors do); a link to nothing is refused. Only a regular
//! file is ever replaced: a device, a FIFO or a socket at the name (as root,
//! `/dev/null` itself), this program's own standard input, output or error
//! (`/dev/stdout`), and a file with other names (hard links, which a rename
//! would part from their new contents) are refused with one line, before
//! anything is written.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::temp;
use crate::text::files as T;

/// The file a write to `path` replaces: `path` itself, or the file a link there points to.
pub fn resolve(path: &Path) -> Result<PathBuf, String> {
    let shown = path.display().to_string();
    // Through the link as the kernel follows it (a /proc/self/fd link included).
    if let Some(meta) = std::fs::metadata(path).ok().filter(|m| !m.is_dir()) {
        replaceable(path, &meta)?;
    }
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(path).map_err(|_| {
            let to = std::fs::read_link(path).map(|t| t.display().to_string()).unwrap_or_default();
            T::LINK_TO_NOTHING.fill(&[("file", &shown), ("to", &to)])
        })?
    } else {
        path.to_path_buf()
    };
    if target.is_dir() {
        return Err(T::FOLDER_NOT_FILE.fill(&[("file", &shown)]));
    }
    if target.file_name().is_none() {
        return Err(T::NAMES_NO_FILE.fill(&[("file", &shown)]));
    }
    Ok(target)
}

/// Refuses to replace what `meta` describes unless it is a regular file of
/// one name that is not this program's own standard stream.
fn replaceable(path: &Path, meta: &std::fs::Metadata) -> Result<(), String> {
    let shown = path.display().to_string();
    let instead = T::GIVE_REGULAR.get();
    if !meta.is_file() {
        let kind = kind(meta).get();
        return Err(T::NOT_REGULAR_TO_WRITE.fill(&[("file", &shown), ("kind", &kind), ("instead", &instead)]));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let own = [(0, T::STREAM_INPUT), (1, T::STREAM_OUTPUT), (2, T::STREAM_ERROR)].into_iter().find(|&(fd, _)| {
            // SAFETY: fstat fills a plain struct for a descriptor this process may have.
            let mut st: libc::stat = unsafe { std::mem::zeroed() };
            let open = unsafe { libc::fstat(fd, &mut st) } == 0;
            open && st.st_dev as u64 == meta.dev() && st.st_ino as u64 == meta.ino()
        });
        if let Some((_, stream)) = own {
            let stream = stream.get();
            return Err(T::OWN_STREAM.fill(&[("file", &shown), ("stream", &stream), ("instead", &instead)]));
        }
        if meta.nlink() > 1 {
            return Err(T::HARD_LINKS.fill(&[("file", &shown), ("n", &meta.nlink())]));
        }
    }
    Ok(())
}

/// What a file that is not a regular one is, in words.
fn kind(meta: &std::fs::Metadata) -> crate::text::Text {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_char_device() || t.is_block_device() {
            return T::KIND_DEVICE;
        }
        if t.is_fifo() {
            return T::KIND_PIPE;
        }
        if t.is_socket() {
            return T::KIND_SOCKET;
        }
    }
    if meta.is_dir() { T::KIND_FOLDER } else { T::KIND_OTHER }
}

/// The permissions a new version of `target` gets: the old file's, else 0o666 before the umask.
fn mode_of(target: &Path) -> u32 {
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(target) {
        return std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o777;
    }
    let _ = target;
    0o666
}

/// Fills a temporary file beside `target` through `wrap` and flushes it to
/// the disk; the caller renames it. On failure nothing is left behind.
fn fill(target: &Path, bytes: &[u8], wrap: &mut dyn FnMut(File) -> Box<dyn Write>) -> std::io::Result<PathBuf> {
    let (file, tmp) = temp::create_beside(target, mode_of(target))?;
    let written = file.try_clone().and_then(|keep| {
        let mut out = wrap(file);
        out.write_all(bytes).and_then(|()| out.flush())?;
        drop(out);
        // On the disk before the rename, so the new name never points at missing data.
        keep.sync_all()
    });
    match written {
        Ok(()) => Ok(tmp),
        Err(e) => {
            temp::discard(&tmp);
            Err(e)
        }
    }
}

/// [`super::write_atomic`] through a writer made from the temporary file
/// (tests pass one that fails part way, as a full disk does).
pub fn write_atomic_via(path: &Path, bytes: &[u8], wrap: &mut dyn FnMut(File) -> Box<dyn Write>) -> Result<(), String> {
    let target = resolve(path)?;
    let shown = path.display().to_string();
    let kept = |e: String| T::COULD_NOT_WRITE_KEPT.fill(&[("file", &shown), ("error", &e)]);
    let tmp = fill(&target, bytes, wrap).map_err(|e| kept(e.to_string()))?;
    temp::commit(&[(tmp, target)]).map_err(|e| kept(e.to_string()))
}

/// Writes every `(name, contents)` into `dir` as one set: all are replaced,
/// or (on any failure) none is. Returns the paths written.
pub fn write_set(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<Vec<PathBuf>, String> {
    let shown = dir.display().to_string();
    std::fs::create_dir_all(dir)
        .map_err(|e| T::COULD_NOT_CREATE.fill(&[("dir", &shown), ("error", &e.to_string())]))?;
    let mut pairs: Vec<(PathBuf, PathBuf)> = Vec::new();
    let unchanged = |pairs: &[(PathBuf, PathBuf)], e: String| {
        pairs.iter().for_each(|(tmp, _)| temp::discard(tmp));
        T::SET_UNCHANGED.fill(&[("error", &e), ("dir", &shown)])
    };
    for (name, bytes) in files {
        let path = dir.join(name);
        let target = match resolve(&path) {
            Ok(t) => t,
            Err(e) => return Err(unchanged(&pairs, e)),
        };
        match fill(&target, bytes, &mut |f| Box::new(f)) {
            Ok(tmp) => pairs.push((tmp, target)),
            Err(e) => {
                let (file, e) = (path.display().to_string(), e.to_string());
                return Err(unchanged(&pairs, T::COULD_NOT_WRITE.fill(&[("file", &file), ("error", &e)])));
            }
        }
    }
    temp::commit(&pairs).map_err(|e| T::SET_NOT_WRITTEN.fill(&[("dir", &shown), ("error", &e.to_string())]))?;
    Ok(files.iter().map(|(name, _)| dir.join(name)).collect())
}
