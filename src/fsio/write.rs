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

/// The file a write to `path` replaces: `path` itself, or the file a link there points to.
pub fn resolve(path: &Path) -> Result<PathBuf, String> {
    let shown = path.display();
    // Through the link as the kernel follows it (a /proc/self/fd link included).
    if let Some(meta) = std::fs::metadata(path).ok().filter(|m| !m.is_dir()) {
        replaceable(path, &meta)?;
    }
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(path).map_err(|_| {
            let to = std::fs::read_link(path).map(|t| t.display().to_string()).unwrap_or_default();
            format!("{shown} is a link to {to}, which does not exist")
        })?
    } else {
        path.to_path_buf()
    };
    if target.is_dir() {
        return Err(format!("{shown} is a folder; give a file name inside it"));
    }
    if target.file_name().is_none() {
        return Err(format!("{shown} does not name a file"));
    }
    Ok(target)
}

/// Refuses to replace what `meta` describes unless it is a regular file of
/// one name that is not this program's own standard stream.
fn replaceable(path: &Path, meta: &std::fs::Metadata) -> Result<(), String> {
    let shown = path.display();
    let instead = "give the name of a regular file (a new name is fine)";
    if !meta.is_file() {
        return Err(format!("{shown} is {}, not a regular file; nothing was written: {instead}", kind(meta)));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let own = [(0, "input"), (1, "output"), (2, "error")].into_iter().find(|&(fd, _)| {
            // SAFETY: fstat fills a plain struct for a descriptor this process may have.
            let mut st: libc::stat = unsafe { std::mem::zeroed() };
            let open = unsafe { libc::fstat(fd, &mut st) } == 0;
            open && st.st_dev as u64 == meta.dev() && st.st_ino as u64 == meta.ino()
        });
        if let Some((_, stream)) = own {
            return Err(format!(
                "{shown} is this program's standard {stream}; replacing it would lose what is written there. \
                 Nothing was written: {instead}"
            ));
        }
        if meta.nlink() > 1 {
            return Err(format!(
                "{shown} has {} names (hard links); a new file under this name would leave the other names \
                 with the old contents. Nothing was written: give another name, or copy the file (cp) to \
                 give it a name of its own",
                meta.nlink()
            ));
        }
    }
    Ok(())
}

/// What a file that is not a regular one is, in words.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_fifo() {
            return "a pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() { "a folder" } else { "a special file" }
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
    let shown = path.display();
    let tmp = fill(&target, bytes, wrap)
        .map_err(|e| format!("could not write {shown}: {e}; any earlier {shown} is unchanged"))?;
    temp::commit(&[(tmp, target)])
        .map_err(|e| format!("could not write {shown}: {e}; any earlier {shown} is unchanged"))
}

/// Writes every `(name, contents)` into `dir` as one set: all are replaced,
/// or (on any failure) none is. Returns the paths written.
pub fn write_set(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<Vec<PathBuf>, String> {
    let shown = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| format!("could not create {shown}: {e}"))?;
    let mut pairs: Vec<(PathBuf, PathBuf)> = Vec::new();
    let unchanged = |pairs: &[(PathBuf, PathBuf)], e: String| {
        pairs.iter().for_each(|(tmp, _)| temp::discard(tmp));
        format!("{e}; no file in {shown} was changed")
    };
    for (name, bytes) in files {
        let path = dir.join(name);
        let target = match resolve(&path) {
            Ok(t) => t,
            Err(e) => return Err(unchanged(&pairs, e)),
        };
        match fill(&target, bytes, &mut |f| Box::new(f)) {
            Ok(tmp) => pairs.push((tmp, target)),
            Err(e) => return Err(unchanged(&pairs, format!("could not write {}: {e}", path.display()))),
        }
    }
    temp::commit(&pairs).map_err(|e| format!("could not write the results into {shown}: {e}; no file was changed"))?;
    Ok(files.iter().map(|(name, _)| dir.join(name)).collect())
}
