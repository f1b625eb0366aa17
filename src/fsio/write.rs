//! Writing the learner's files: into a temporary file beside the target,
//! flushed to the disk, then renamed into place. A name that is a symbolic
//! link is written through: the link stays and its target gets the new
//! contents (as editors do); a link to nothing is refused.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::temp;

/// The file a write to `path` replaces: `path` itself, or the file a link there points to.
pub fn resolve(path: &Path) -> Result<PathBuf, String> {
    let shown = path.display();
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
