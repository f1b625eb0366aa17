//! What the integration tests share: snapshots go to the top-level
//! `snapshots/` folder, named by the caller, with the 3-line header the book's
//! `{{#include …:4:}}` lines skip.

/// The columns the snapshots the book includes are rendered in: a listing of
/// 80 columns fits the book's text column (a test of the book checks it).
#[allow(dead_code)] // only the files whose snapshots the book includes use it
pub const BOOK_WIDTH: usize = 80;

/// A fresh, empty folder for one test: `bahdanau-NAME-PID` in the temp
/// folder, emptied first if a killed run left it behind.
#[allow(dead_code)] // not every test file writes files
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bahdanau-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `snapshot!(name, text)`: compares `text` with `snapshots/NAME.snap`.
#[macro_export]
macro_rules! snapshot {
    ($name:expr, $text:expr) => {{
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!($name, $text));
    }};
}

/// Fails when the committed file at `rel` (from the crate's root) differs from
/// `fresh`; `BAHDANAU_BLESS=1` rewrites it instead, for review (only a true
/// value does: see `bahdanau::fsio::project::bless`).
#[allow(dead_code)] // not every test file draws figures
pub fn check_fresh(rel: &str, fresh: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    if bahdanau::fsio::project::bless().unwrap_or_else(|e| panic!("{e}")) {
        std::fs::write(&path, fresh).unwrap_or_else(|e| panic!("could not write {rel}: {e}"));
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        old == fresh,
        "{rel} is out of date with the code. Regenerate it with\n  BAHDANAU_BLESS=1 cargo test --test figures --test bottleneck\nthen look at the new figure before committing it."
    );
}

/// The lines of a committed results file in src/experiments/results/.
#[allow(dead_code)] // not every test file reads results
pub fn committed_lines(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/experiments/results").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_string).collect()
}

/// The binary, speaking English whatever the machine's locale, so that a
/// Chinese `LANG` cannot change an English snapshot. A test that wants
/// Chinese sets `BAHDANAU_LANG=zh` on the command it gets (the later value wins).
#[allow(dead_code)] // not every test file runs the binary
pub fn bahdanau() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_bahdanau"));
    cmd.env("BAHDANAU_LANG", "en");
    cmd
}
