//! The history file: read only if it is a regular file under the cap (a
//! FIFO, /dev/zero or a huge file would block or fill memory at start-up),
//! written through a temporary file and a rename like every other file.

use std::path::{Path, PathBuf};

use crate::fsio::{MAX_HISTORY_BYTES, open_regular, replace_via_path, size_text};

/// Overrides the history file (tests point it at a scratch folder).
pub const HISTORY_ENV: &str = "BAHDANAU_HISTORY";

/// `$BAHDANAU_HISTORY`, else `<data dir>/bahdanau/history.txt`.
pub fn history_path() -> Option<PathBuf> {
    match std::env::var_os(HISTORY_ENV) {
        Some(p) if !p.is_empty() => Some(PathBuf::from(p)),
        _ => dirs::data_dir().map(|d| d.join("bahdanau").join("history.txt")),
    }
}

/// Whether the history at `path` may be read: `Ok(false)` if there is none
/// yet, `Err` (the warning to print) if it is not a regular file or too large.
pub fn readable(path: &Path) -> Result<bool, String> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(false);
    }
    let shown = path.display();
    let file = open_regular(path).map_err(|e| format!("{e}; starting without history"))?;
    let len = file.metadata().map_err(|e| format!("could not read {shown}: {e}"))?.len();
    if len > MAX_HISTORY_BYTES {
        return Err(format!(
            "{shown} is larger than {}, the most this program reads as history; \
             starting without it (delete it, or set {HISTORY_ENV} to another file)",
            size_text(MAX_HISTORY_BYTES)
        ));
    }
    Ok(true)
}

/// Writes the history with `save(temporary path)`, then renames it into place;
/// a path that exists and is not a regular file is left alone.
pub fn write(path: &Path, save: &mut dyn FnMut(&Path) -> Result<(), String>) -> Result<(), String> {
    if std::fs::symlink_metadata(path).is_ok() {
        open_regular(path)?;
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("could not create {}: {e}", dir.display()))?;
    }
    replace_via_path(path, save)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_regular_file_under_the_cap_is_read() {
        let dir = std::env::temp_dir().join(format!("bahdanau-history-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("h.txt");
        assert_eq!(readable(&file), Ok(false), "no history yet");
        std::fs::write(&file, "#V2\nnext\n").unwrap();
        assert_eq!(readable(&file), Ok(true));
        std::fs::write(&file, vec![b'x'; MAX_HISTORY_BYTES as usize + 1]).unwrap();
        assert!(readable(&file).unwrap_err().contains("larger than 1 MiB"));
        for device in ["/dev/zero", "/dev/full"] {
            let err = readable(Path::new(device)).unwrap_err();
            assert!(err.contains("not a regular file") && err.contains("starting without history"), "{err}");
            assert!(write(Path::new(device), &mut |_| panic!("nothing is written to a device")).is_err());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_history_is_replaced_whole_and_its_folder_made() {
        let dir = std::env::temp_dir().join(format!("bahdanau-history-w-{}", std::process::id()));
        let file = dir.join("deeper").join("h.txt");
        write(&file, &mut |tmp| std::fs::write(tmp, "#V2\nnext\n").map_err(|e| e.to_string())).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "#V2\nnext\n");
        let err = write(&file, &mut |tmp| {
            std::fs::write(tmp, "half").unwrap();
            Err("disk full".into())
        });
        assert_eq!(err, Err("disk full".into()));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "#V2\nnext\n", "the old history is kept");
        assert_eq!(std::fs::read_dir(file.parent().unwrap()).unwrap().count(), 1, "no temporary left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
