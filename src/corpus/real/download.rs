//! The programs a fetch runs, and the checks of what they give: each runs
//! in a process group of its own (ended with this program, see
//! [`crate::child`]), its errors are relayed whole (tar's "No space left on
//! device" as well as dpkg-deb's last line) with control characters shown,
//! not sent, and each .deb must have the sha256 the package lists give.

use std::path::Path;
use std::process::Command;

use super::PACKAGES;
use super::sha256::hex_digest;
use crate::fsio::read_capped_bytes;
use crate::layout::visible::visible;

/// The largest .deb read for its digest (the French one is about 3.2 MB).
const MAX_DEB_BYTES: u64 = 64 << 20;
/// The most lines of a program's error output relayed.
const RELAYED: usize = 4;

/// The error lines of a program's stderr, made safe to print: warnings
/// (`W:`) and notes (`N:`) left out, repeated lines once, at most [`RELAYED`].
pub fn relay(stderr: &str) -> String {
    let mut kept: Vec<String> = Vec::new();
    for line in stderr.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let line = visible(line);
        if !(line.starts_with("W:") || line.starts_with("N:") || kept.contains(&line)) {
            kept.push(line);
        }
    }
    let shown = kept.len().min(RELAYED);
    let mut text = kept[..shown].join("; ");
    if kept.len() > shown {
        let more = kept.len() - shown;
        text += &format!(" (and {more} more line{})", if more == 1 { "" } else { "s" });
    }
    text
}

/// Runs `cmd` to its end; its standard output, or the error it gave.
pub fn run(cmd: &mut Command) -> Result<String, String> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let args: Vec<String> = cmd.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
    let shown = visible(&format!("{program} {}", args.join(" ")));
    let out = crate::child::output(cmd).map_err(|e| format!("could not run {shown}: {e}"))?;
    if !out.status.success() {
        let why = relay(&String::from_utf8_lossy(&out.stderr));
        let why = if why.is_empty() { format!("it ended with {}", out.status) } else { why };
        return Err(format!("{shown} failed: {why}"));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// A package as the package lists give it: the .deb's file name and sha256.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    pub name: String,
    pub file: String,
    pub sha256: String,
}

/// The lines of `apt-get download --print-uris` (`'URI' FILE SIZE SHA256:hex`)
/// for every one of [`PACKAGES`], in that order.
pub fn parse_uris(text: &str) -> Result<Vec<Expected>, String> {
    PACKAGES
        .iter()
        .map(|name| {
            text.lines()
                .filter_map(|l| {
                    let mut f = l.split_whitespace().skip(1);
                    let (file, _size, sum) = (f.next()?, f.next()?, f.next()?);
                    let sha = sum.strip_prefix("SHA256:")?;
                    let ok = file.starts_with(&format!("{name}_"))
                        && file.ends_with(".deb")
                        && !file.contains('/')
                        && sha.len() == 64
                        && sha.bytes().all(|b| b.is_ascii_hexdigit());
                    ok.then(|| Expected { name: name.to_string(), file: file.into(), sha256: sha.to_lowercase() })
                })
                .next()
                .ok_or_else(|| format!("the package lists give no .deb file and sha256 for {name}"))
        })
        .collect()
}

/// What `apt-get download` would fetch, from the local package lists (no network).
pub fn expected(work: &Path) -> Result<Vec<Expected>, String> {
    let text = run(Command::new("apt-get").args(["download", "--print-uris"]).args(PACKAGES).current_dir(work))?;
    parse_uris(&text)
}

/// Whether `path` is a regular file (not a link) with the digest `sha256`.
pub fn verify(path: &Path, sha256: &str) -> Result<(), String> {
    let shown = visible(&path.display().to_string());
    let meta = std::fs::symlink_metadata(path).map_err(|e| format!("{shown} is not there ({e})"))?;
    if !meta.is_file() {
        return Err(format!("{shown} is not a regular file; it was not used"));
    }
    let got = hex_digest(&read_capped_bytes(path, MAX_DEB_BYTES)?);
    if got != sha256 {
        return Err(format!(
            "{shown} has sha256 {}…, but the package lists give {}…; it was not used. \
             Run `sudo apt-get update`, then fetch again",
            &got[..16],
            &sha256[..16.min(sha256.len())]
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_lists_name_each_file_and_its_digest() {
        let sha = "ab".repeat(32);
        let text = format!(
            "'http://x/libreoffice-help-fr_1_all.deb' libreoffice-help-fr_4%3a1_all.deb 10 SHA256:{sha}\n\
             'http://x/e.deb' libreoffice-help-en-us_4%3a1_all.deb 12 SHA256:{}\n",
            sha.to_uppercase()
        );
        let got = parse_uris(&text).unwrap();
        assert_eq!(got[0].file, "libreoffice-help-en-us_4%3a1_all.deb");
        assert_eq!((got[1].name.as_str(), got[1].sha256.as_str()), ("libreoffice-help-fr", sha.as_str()));
        assert!(parse_uris("'u' ../libreoffice-help-fr_1.deb 1 SHA256:00").unwrap_err().contains("give no .deb"));
    }

    #[test]
    fn every_error_line_is_relayed_and_made_safe() {
        let err = "tar: ./usr/share/a.html: Cannot write: No space left on device\n\
                   W: a warning\ntar: Exiting with failure status due to previous errors\n\
                   dpkg-deb: error: tar subprocess returned error exit status 2\n\u{1b}]0;x\u{7}\n";
        let r = relay(err);
        assert!(r.starts_with("tar: ./usr/share/a.html: Cannot write: No space left on device; "), "{r}");
        assert!(r.contains("exit status 2") && !r.contains("warning") && !r.contains('\u{1b}'), "{r}");
        assert!(relay("x\ny\nz\nw\nv\n").ends_with("(and 1 more line)"));
    }
}
