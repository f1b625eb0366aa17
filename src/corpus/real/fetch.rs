//! `--fetch-corpus`: finds the help pages (an installed copy under
//! /usr/share/libreoffice/help, else the two packages fetched with
//! `apt-get download` and unpacked with `dpkg-deb -x`), builds the corpus and
//! writes it with its provenance.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::build::sentence_pairs;
use super::sha256::hex_digest;
use super::split::split;
use super::stats::lines;
use super::store::{Package, WRITTEN_VOCAB, write};
use super::{NOTICE, SPLIT_SEED};
use crate::fsio::read_capped_bytes;

pub const PACKAGES: [&str; 2] = ["libreoffice-help-en-us", "libreoffice-help-fr"];
/// Where Debian installs the pages.
pub const INSTALLED: &str = "/usr/share/libreoffice/help";
/// The largest .deb read for its digest (the French one is about 3.2 MB).
const MAX_DEB_BYTES: u64 = 64 << 20;

/// The English and French `text/` folders under a help root, if both exist.
pub fn text_dirs(help: &Path) -> Option<(PathBuf, PathBuf)> {
    let (en, fr) = (help.join("en-US").join("text"), help.join("fr").join("text"));
    (en.is_dir() && fr.is_dir()).then_some((en, fr))
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let shown = format!("{cmd:?}").replace('"', "");
    let out = cmd.output().map_err(|e| format!("could not run {shown}: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err.lines().rfind(|l| l.starts_with("E:")).unwrap_or(err.lines().last().unwrap_or(""));
        return Err(format!("{shown} failed: {}", last.trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Whether a program answers `--version` (so is installed).
pub fn has(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The one message when there is neither an installed copy nor apt-get.
pub fn no_apt_message() -> String {
    format!(
        "apt-get and dpkg-deb were not found, and there is no installed copy under {INSTALLED}. \
         On Debian or Ubuntu: `sudo apt-get install libreoffice-help-en-us libreoffice-help-fr`; \
         elsewhere, download both .deb files from https://packages.debian.org, unpack them \
         (`dpkg-deb -x FILE DIR`, or `ar x` then `tar xf data.tar.xz`) and run \
         `cargo run --release -- --fetch-corpus DIR/usr/share/libreoffice/help`"
    )
}

/// Downloads and unpacks the packages into `work`; their provenance.
fn download(work: &Path) -> Result<(PathBuf, Vec<Package>), String> {
    std::fs::create_dir_all(work).map_err(|e| format!("could not create {}: {e}", work.display()))?;
    let get = || run(Command::new("apt-get").arg("download").args(PACKAGES).current_dir(work));
    if let Err(first) = get() {
        eprintln!("{first}\nupdating the package lists (apt-get update) and trying again");
        run(Command::new("apt-get").arg("update")).map_err(|e| {
            format!("{e}\nthe package lists are out of date: run `sudo apt-get update`, then `cargo run --release -- --fetch-corpus` again")
        })?;
        get()?;
    }
    let root = work.join("root");
    let mut packages = Vec::new();
    for name in PACKAGES {
        let deb = std::fs::read_dir(work)
            .map_err(|e| format!("could not read {}: {e}", work.display()))?
            .flatten()
            .map(|e| e.path())
            .find(|p| p.file_name().is_some_and(|f| f.to_string_lossy().starts_with(&format!("{name}_"))))
            .ok_or_else(|| format!("apt-get download left no {name}_*.deb in {}", work.display()))?;
        let version = run(Command::new("dpkg-deb").args(["-f"]).arg(&deb).arg("Version"))?;
        let sha256 = hex_digest(&read_capped_bytes(&deb, MAX_DEB_BYTES)?);
        run(Command::new("dpkg-deb").arg("-x").arg(&deb).arg(&root))?;
        packages.push(Package { name: name.into(), version, sha256 });
    }
    Ok((root.join("usr/share/libreoffice/help"), packages))
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
    let (help, packages) = match from {
        Some(root) => (root.to_path_buf(), vec![]),
        None if text_dirs(Path::new(INSTALLED)).is_some() => (PathBuf::from(INSTALLED), installed()),
        None if has("apt-get") && has("dpkg-deb") => download(&dir.join("download"))?,
        None => return Err(no_apt_message()),
    };
    let (en, fr) = text_dirs(&help)
        .ok_or_else(|| format!("{} holds no en-US/text and fr/text folders of help pages", help.display()))?;
    let (pairs, counts) = sentence_pairs(&en, &fr)?;
    let splits = split(&pairs, SPLIT_SEED);
    write(dir, &splits, &counts, &packages)?;
    let mut out = vec![format!("read the help pages in {}", help.display())];
    out.extend(
        packages.iter().map(|p| format!("  {} {} sha256 {}…", p.name, p.version, &p.sha256[..p.sha256.len().min(16)])),
    );
    out.extend(lines(&splits, Some(&counts), WRITTEN_VOCAB));
    out.push(format!("wrote the corpus to {}", dir.display()));
    out.push(NOTICE.to_string());
    Ok(out)
}
