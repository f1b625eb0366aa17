//! The project folder a report writes into and `exercises` reads: the one
//! given by `--project DIR`, else the nearest folder at or above the current
//! one whose `Cargo.toml` names the package `bahdanau`. Never the folder the
//! binary was built in: a binary copied or built elsewhere follows where it
//! is run.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::read_capped;

/// Rewrites the committed results instead of comparing with them.
pub const BLESS_ENV: &str = "BAHDANAU_BLESS";

static GIVEN: OnceLock<PathBuf> = OnceLock::new();

/// Whether `dir` holds this project: a `Cargo.toml` whose package is `bahdanau`.
pub fn is_project(dir: &Path) -> bool {
    let Ok(text) = read_capped(&dir.join("Cargo.toml"), 1 << 20) else { return false };
    let package = text.split("\n[").find(|s| s.trim_start_matches('[').starts_with("package]"));
    package
        .is_some_and(|p| p.lines().any(|l| l.split('=').map(str::trim).collect::<Vec<_>>() == ["name", "\"bahdanau\""]))
}

/// Sets the project folder from `--project DIR`; refused if DIR is not one.
pub fn set_project(dir: &Path) -> Result<(), String> {
    if !is_project(dir) {
        return Err(format!(
            "{} is not the bahdanau project's folder (no Cargo.toml naming the package bahdanau); \
             give the folder you cloned",
            dir.display()
        ));
    }
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    GIVEN.set(dir).map_err(|_| "--project is given twice; give it once".to_string())
}

/// The project folder (see the module comment), or why there is none.
pub fn project_root() -> Result<PathBuf, String> {
    if let Some(dir) = GIVEN.get() {
        return Ok(dir.clone());
    }
    let here = std::env::current_dir().map_err(|e| format!("could not read the current folder ({e})"))?;
    here.ancestors()
        .find(|d| is_project(d))
        .map(Path::to_path_buf)
        .ok_or_else(|| crate::text::replies::NOT_IN_PROJECT.fill(&[("dir", &here.display().to_string())]))
}

/// Whether `BAHDANAU_BLESS` asks to rewrite the committed results (read as
/// every switch is, see [`switch`]); the front end checks it before any work.
pub fn bless() -> Result<bool, String> {
    switch(BLESS_ENV, std::env::var_os(BLESS_ENV).as_deref())
        .map_err(|e| format!("{e}: 1 rewrites the committed results, 0 (or unset) compares with them"))
}

/// Every on/off environment variable (`BAHDANAU_BLESS`, `BAHDANAU_STRICT`, …)
/// is read by this one rule: `1`, `true`, `yes`, `on` are on; unset, empty,
/// `0`, `false`, `no`, `off` are off (any case); anything else is an error,
/// so a typo never turns a switch on.
pub fn switch(name: &str, value: Option<&std::ffi::OsStr>) -> Result<bool, String> {
    let Some(value) = value else { return Ok(false) };
    match value.to_str().map(str::to_ascii_lowercase).as_deref() {
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("" | "0" | "false" | "no" | "off") => Ok(false),
        _ => Err(format!(
            "{name} is \"{}\"; set it to 1 (on) or 0 (off), or unset it",
            value.to_string_lossy().escape_debug()
        )),
    }
}

/// The switch `name` as the environment holds it (see [`switch`]).
pub fn switch_env(name: &str) -> Result<bool, String> {
    switch(name, std::env::var_os(name).as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_true_value_blesses() {
        let bless = |v: Option<&str>| switch(BLESS_ENV, v.map(std::ffi::OsStr::new));
        assert_eq!(bless(None), Ok(false));
        for no in ["", "0", "false", "no", "off", "OFF", "False"] {
            assert_eq!(bless(Some(no)), Ok(false), "{no:?}");
        }
        for yes in ["1", "true", "yes", "on", "TRUE"] {
            assert_eq!(bless(Some(yes)), Ok(true), "{yes:?}");
        }
        for unclear in ["yes please", "2", "TRUE ", "nein"] {
            assert!(bless(Some(unclear)).unwrap_err().contains("set it to 1 (on) or 0 (off)"), "{unclear:?}");
        }
    }

    #[test]
    fn the_project_is_found_by_its_cargo_toml() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(is_project(root));
        assert!(!is_project(&root.join("src")));
        assert!(!is_project(Path::new("/")));
        let dir = std::env::temp_dir().join(format!("bahdanau-project-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"other\"\n[dependencies]\nbahdanau = \"1\"\n")
            .unwrap();
        assert!(!is_project(&dir), "a crate that depends on bahdanau is not it");
        std::fs::write(dir.join("Cargo.toml"), "[workspace]\n\n[package]\nname = \"bahdanau\"\n").unwrap();
        assert!(is_project(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
