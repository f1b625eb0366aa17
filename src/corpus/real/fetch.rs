//! `--fetch-corpus`: finds the help pages (an installed copy under
//! /usr/share/libreoffice/help, else the two packages fetched with
//! `apt-get download` and unpacked with `dpkg-deb -x`), builds the corpus and
//! writes it with its provenance.
//!
//! A download goes into a fresh folder that this fetch alone creates inside
//! the corpus folder (never through a link planted there), each .deb is
//! checked against the sha256 the package lists give for it, and the folder
//! is removed once the corpus is built — or, with `--keep-download`, kept as
//! `download/`, whose .deb files a later fetch reuses (saying so) when their
//! sha256 still matches. The corpus is built only from what this fetch
//! unpacked or was pointed at.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::build::sentence_pairs;
use super::download::{Expected, expected, run, verify};
use super::split::split;
use super::stats::lines;
use super::store::{Package, WRITTEN_VOCAB, write};
use super::{NOTICE, PACKAGES, SPLIT_SEED};
use crate::fsio::temp;

/// Where Debian installs the pages.
pub const INSTALLED: &str = "/usr/share/libreoffice/help";
/// The folder, inside the corpus folder, that `--keep-download` keeps.
pub const KEPT: &str = "download";

/// The English and French `text/` folders under a help root, if both exist.
pub fn text_dirs(help: &Path) -> Option<(PathBuf, PathBuf)> {
    let (en, fr) = (help.join("en-US").join("text"), help.join("fr").join("text"));
    (en.is_dir() && fr.is_dir()).then_some((en, fr))
}

/// Whether a program answers `--version` (so is installed).
pub fn has(program: &str) -> bool {
    crate::child::output(Command::new(program).arg("--version")).is_ok_and(|o| o.status.success())
}

/// The one message when there is neither an installed copy nor apt-get.
pub fn no_apt_message() -> String {
    format!(
        "apt-get and dpkg-deb were not found, and there is no installed copy under {INSTALLED}. \
         On Debian or Ubuntu: `sudo apt-get install libreoffice-help-en-us libreoffice-help-fr`; \
         elsewhere, download both .deb files from https://packages.debian.org, unpack them \
         (`dpkg-deb -x FILE DIR`, or `ar x` then `tar xf data.tar.xz`) and run \
         `cargo run -- --fetch-corpus DIR/usr/share/libreoffice/help`"
    )
}

/// The working folder of one fetch: removed when dropped, unless kept.
struct Work(Option<PathBuf>);

impl Work {
    fn path(&self) -> &Path {
        self.0.as_deref().expect("the folder lives until it is kept or dropped")
    }

    /// Replaces `download/` in `dir` with this folder.
    fn keep(mut self, dir: &Path) -> Result<PathBuf, String> {
        let work = self.0.take().expect("kept once");
        let kept = dir.join(KEPT);
        let old = std::fs::symlink_metadata(&kept).ok();
        let removed = match old {
            // A link planted there is removed, never followed.
            Some(m) if m.is_dir() => std::fs::remove_dir_all(&kept),
            Some(_) => std::fs::remove_file(&kept),
            None => Ok(()),
        };
        let renamed = removed.and_then(|()| std::fs::rename(&work, &kept));
        temp::forget(&work);
        if let Err(e) = renamed {
            let _ = std::fs::remove_dir_all(&work);
            return Err(format!("the corpus is built, but the download could not be kept in {}: {e}", kept.display()));
        }
        Ok(kept)
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        if let Some(dir) = self.0.take() {
            let _ = std::fs::remove_dir_all(&dir);
            temp::forget(&dir);
        }
    }
}

/// Downloads (or reuses, verified) and unpacks the packages into a fresh
/// folder in `dir`; the help root, the provenance and what was said.
fn download(dir: &Path, said: &mut Vec<String>) -> Result<(Work, PathBuf, Vec<Package>), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("could not create {}: {e}", dir.display()))?;
    let work = Work(Some(
        temp::create_dir_in(dir, "fetch")
            .map_err(|e| format!("could not create a download folder in {}: {e}", dir.display()))?,
    ));
    let wanted = match expected(work.path()) {
        Ok(w) => w,
        Err(first) => {
            said.push(format!("{first}; updating the package lists (apt-get update) and trying again"));
            run(Command::new("apt-get").arg("update")).map_err(|e| {
                format!(
                    "{e}. The package lists are out of date: run `sudo apt-get update`, then \
                     `cargo run -- --fetch-corpus` again"
                )
            })?;
            expected(work.path())?
        }
    };
    let root = work.path().join("root");
    let mut packages = Vec::new();
    for Expected { name, file, sha256 } in &wanted {
        let deb = work.path().join(file);
        let kept = dir.join(KEPT).join(file);
        if verify(&kept, sha256).is_ok() {
            std::fs::copy(&kept, &deb).map_err(|e| format!("could not copy {}: {e}", kept.display()))?;
            said.push(format!("reusing {} (its sha256 matches the package lists)", kept.display()));
        } else {
            run(Command::new("apt-get").arg("download").arg(name).current_dir(work.path()))?;
        }
        verify(&deb, sha256)?;
        let version = run(Command::new("dpkg-deb").args(["-f"]).arg(&deb).arg("Version"))?;
        run(Command::new("dpkg-deb").arg("-x").arg(&deb).arg(&root)).map_err(|e| {
            format!("{e}. Nothing of the unpacked pages is left; free some space in {} and fetch again", dir.display())
        })?;
        packages.push(Package { name: name.clone(), version, sha256: sha256.clone() });
    }
    Ok((work, root.join("usr/share/libreoffice/help"), packages))
}

/// The packages of an installed copy, their versions from dpkg if it knows them.
fn installed() -> Vec<Package> {
    let version =
        |n: &str| run(Command::new("dpkg-query").args(["-W", "-f=${Version}", n])).unwrap_or("unknown".into());
    PACKAGES
        .iter()
        .map(|n| Package { name: n.to_string(), version: version(n), sha256: "installed copy".into() })
        .collect()
}

/// Builds the corpus from `from` (a help root), else an installed copy, else
/// the downloaded packages, into `dir`; returns the lines to print.
pub fn fetch(dir: &Path, from: Option<&Path>) -> Result<Vec<String>, String> {
    fetch_keeping(dir, from, false)
}

/// [`fetch`], keeping the download in `download/` when `keep` is true.
pub fn fetch_keeping(dir: &Path, from: Option<&Path>, keep: bool) -> Result<Vec<String>, String> {
    let mut said = Vec::new();
    let (work, help, packages) = match from {
        Some(root) => (None, root.to_path_buf(), vec![]),
        None if text_dirs(Path::new(INSTALLED)).is_some() => (None, PathBuf::from(INSTALLED), installed()),
        None if has("apt-get") && has("dpkg-deb") => {
            let (work, help, packages) = download(dir, &mut said)?;
            (Some(work), help, packages)
        }
        None => return Err(no_apt_message()),
    };
    let (en, fr) = text_dirs(&help)
        .ok_or_else(|| format!("{} holds no en-US/text and fr/text folders of help pages", help.display()))?;
    let (pairs, counts) = sentence_pairs(&en, &fr)?;
    let splits = split(&pairs, SPLIT_SEED);
    write(dir, &splits, &counts, &packages)?;
    let mut out = said;
    out.push(match work {
        Some(_) => "read the help pages of these packages:".to_string(),
        None => format!("read the help pages in {}", help.display()),
    });
    out.extend(counts.skipped.iter().map(|s| format!("  skipped {s}")));
    out.extend(
        packages.iter().map(|p| format!("  {} {} sha256 {}…", p.name, p.version, &p.sha256[..p.sha256.len().min(16)])),
    );
    out.extend(lines(&splits, Some(&counts), WRITTEN_VOCAB));
    out.push(format!("wrote the corpus to {}", dir.display()));
    match work {
        Some(work) if keep => out.push(format!("kept the download in {} (--keep-download)", work.keep(dir)?.display())),
        Some(work) => {
            drop(work);
            out.push("removed the download; --keep-download keeps it for the next fetch".into());
        }
        None => {}
    }
    out.push(NOTICE.to_string());
    Ok(out)
}
