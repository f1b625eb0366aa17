//! `--fetch-corpus` through a stand-in for `apt-get` (a shell script whose
//! package lists are two small .deb files built here from the fixture pages
//! with `dpkg-deb -b`), so that nothing is fetched: planted links and files
//! in the corpus folder, a stale .deb, reuse of a kept download, SIGTERM
//! while apt-get runs, a closed pipe, and a full disk during extraction.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::{fixture, scratch};

/// The stand-in: `--print-uris` lists the fixture packages with their
/// sha256, `download P` copies P's .deb into the current folder (after
/// `$FAKE_APT_SLEEP` seconds, its pid in `$FAKE_APT_PID`, when set).
const FAKE_APT: &str = r#"#!/bin/sh
case "$1" in
  --version) echo "apt 0.0 (stand-in)"; exit 0 ;;
  update) exit 0 ;;
  download) shift ;;
  *) echo "E: unknown $1" >&2; exit 100 ;;
esac
if [ "$1" = "--print-uris" ]; then
  shift
  for p in "$@"; do
    f=$(ls "$FAKE_REPO"/"$p"_*.deb)
    echo "'file:$f' $(basename "$f") $(stat -c %s "$f") SHA256:$(sha256sum "$f" | cut -d' ' -f1)"
  done
  exit 0
fi
for p in "$@"; do
  if [ -n "$FAKE_APT_SLEEP" ]; then echo $$ > "$FAKE_APT_PID"; sleep "$FAKE_APT_SLEEP"; fi
  cp "$FAKE_REPO"/"$p"_*.deb . || exit 100
done
"#;

/// Whether this machine can run these tests: dpkg-deb present, and no
/// installed copy of the pages (which a fetch would read instead).
fn usable() -> bool {
    let dpkg = Command::new("dpkg-deb").arg("--version").output().is_ok_and(|o| o.status.success());
    if !dpkg {
        eprintln!("skipped: dpkg-deb is not installed, so no .deb can be built");
    }
    let installed = Path::new(bahdanau::corpus::real::fetch::INSTALLED).is_dir();
    if installed {
        eprintln!("skipped: an installed copy of the help pages would be read instead of a download");
    }
    dpkg && !installed
}

/// Builds the two packages (the French one carrying `blob` bytes of
/// incompressible data, to fill a small disk) and the stand-in apt-get.
fn repo(name: &str, blob: usize) -> (PathBuf, PathBuf) {
    let root = scratch(name);
    let (repo, bin) = (root.join("repo"), root.join("bin"));
    std::fs::create_dir_all(&repo).unwrap();
    std::fs::create_dir_all(&bin).unwrap();
    for (pkg, lang) in [("libreoffice-help-en-us", "en-US"), ("libreoffice-help-fr", "fr")] {
        let tree = root.join(pkg);
        let help = tree.join("usr/share/libreoffice/help");
        std::fs::create_dir_all(tree.join("DEBIAN")).unwrap();
        std::fs::create_dir_all(&help).unwrap();
        let control = format!(
            "Package: {pkg}\nVersion: 1:7.0-1\nArchitecture: all\nMaintainer: Tests <t@example.org>\n\
             Description: help pages for the tests\n"
        );
        std::fs::write(tree.join("DEBIAN/control"), control).unwrap();
        let copied = Command::new("cp").arg("-r").arg(fixture().join(lang)).arg(&help).status().unwrap();
        assert!(copied.success());
        if lang == "fr" && blob > 0 {
            let bytes: Vec<u8> = (0..blob as u64).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
            std::fs::create_dir_all(tree.join("usr/share/doc")).unwrap();
            std::fs::write(tree.join("usr/share/doc/blob.bin"), bytes).unwrap();
        }
        let deb = repo.join(format!("{pkg}_1%3a7.0-1_all.deb"));
        let built = Command::new("dpkg-deb").args(["-Znone", "-b"]).arg(&tree).arg(&deb).output().unwrap();
        assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    }
    let apt = bin.join("apt-get");
    std::fs::write(&apt, FAKE_APT).unwrap();
    let mut perms = std::fs::metadata(&apt).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&apt, perms).unwrap();
    (root, repo)
}

/// The binary as `--fetch-corpus ARGS` into `corpus`, finding the stand-in first on PATH.
fn fetch_cmd(root: &Path, repo: &Path, corpus: &Path, args: &[&str]) -> Command {
    let path = format!("{}:{}", root.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    let mut cmd = crate::common::bahdanau();
    cmd.arg("--fetch-corpus").args(args);
    cmd.env("PATH", path).env("FAKE_REPO", repo).env("BAHDANAU_CORPUS", corpus).env("COLUMNS", "80");
    cmd.env("NO_COLOR", "1").stdin(Stdio::null());
    cmd
}

fn run(mut cmd: Command) -> Output {
    let out = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).output().unwrap();
    for line in String::from_utf8_lossy(&[out.stdout.clone(), out.stderr.clone()].concat()).lines() {
        assert!(line.chars().count() <= 80 || !line.trim().contains(' '), "wider than 80 columns: {line}");
        assert!(!line.contains('\u{1b}'), "a raw escape reaches the terminal: {line:?}");
    }
    out
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&[out.stdout.clone(), out.stderr.clone()].concat()).into_owned()
}

/// No working folder of a fetch is left in `corpus`.
fn no_work_left(corpus: &Path) {
    if let Ok(entries) = std::fs::read_dir(corpus) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            assert!(!name.starts_with(".fetch-") && !name.ends_with(".tmp"), "left behind: {name}");
        }
    }
}

#[test]
fn planted_links_and_files_never_reach_outside_or_into_the_corpus() {
    if !usable() {
        return;
    }
    let (root, repo) = repo("fetch-planted", 0);
    let corpus = root.join("corpus");
    let outside = root.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&corpus).unwrap();
    // A link where the old code unpacked, and stale, planted files in a kept download.
    std::os::unix::fs::symlink(&outside, corpus.join("download")).unwrap();
    let planted = outside.join("root/usr/share/libreoffice/help/en-US/text/shared/planted.html");
    std::fs::create_dir_all(planted.parent().unwrap()).unwrap();
    std::fs::write(&planted, "<p id=\"par_id9\">Planted sentence here.</p>").unwrap();
    std::fs::write(outside.join("libreoffice-help-fr_0.1_all.deb"), b"truncated").unwrap();
    let before: Vec<_> = walk(&outside);
    let out = run(fetch_cmd(&root, &repo, &corpus, &[]));
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(walk(&outside), before, "nothing was written through the link");
    let (splits, prov) = bahdanau::corpus::real::store::load(&corpus).unwrap();
    assert_eq!(splits.train.len(), 5, "only the fixture's pairs: {}", text(&out));
    let planted_words = splits.train.iter().any(|p| p.0.iter().any(|w| w == "Planted"));
    assert!(!planted_words, "a planted page entered the corpus");
    let sha = |p: &str| {
        let deb = std::fs::read(
            std::fs::read_dir(&repo)
                .unwrap()
                .flatten()
                .find(|e| e.file_name().to_string_lossy().starts_with(&format!("{p}_")))
                .unwrap()
                .path(),
        )
        .unwrap();
        bahdanau::corpus::real::sha256::hex_digest(&deb)
    };
    assert_eq!(prov["packages"][1]["sha256"], sha("libreoffice-help-fr"), "provenance vouches for what was read");
    assert!(prov["pages_read_sha256"].as_str().is_some_and(|s| s.len() == 64));
    let said = text(&out);
    assert!(said.contains("removed the download; --keep-download keeps it"), "{said}");
    assert!(said.contains("Mozilla Public License 2.0"), "{said}");
    no_work_left(&corpus);
    std::fs::remove_dir_all(&root).unwrap();
}

fn walk(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let meta = e.metadata().unwrap();
            if meta.is_dir() {
                stack.push(e.path());
            }
            out.push((e.path(), meta.len()));
        }
    }
    out.sort();
    out
}

#[test]
fn a_kept_download_is_reused_only_when_its_digest_matches_and_says_so() {
    if !usable() {
        return;
    }
    let (root, repo) = repo("fetch-keep", 0);
    let corpus = root.join("corpus");
    let out = run(fetch_cmd(&root, &repo, &corpus, &["--keep-download"]));
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("kept the download in"), "{}", text(&out));
    assert!(corpus.join("download/root").is_dir());
    let out = run(fetch_cmd(&root, &repo, &corpus, &[]));
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    assert_eq!(said.matches("reusing").count(), 2, "{said}");
    assert!(said.contains("its sha256 matches the package lists"), "{said}");
    // A kept .deb changed since: downloaded afresh, never used.
    let fr = std::fs::read_dir(corpus.join("download"))
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("libreoffice-help-fr_"));
    std::fs::write(fr.unwrap().path(), b"changed").unwrap();
    let out = run(fetch_cmd(&root, &repo, &corpus, &["--keep-download"]));
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    assert_eq!(said.matches("reusing").count(), 1, "{said}");
    no_work_left(&corpus);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn sigterm_while_apt_get_runs_ends_it_too_and_ctrl_c_says_so() {
    if !usable() {
        return;
    }
    let (root, repo) = repo("fetch-term", 0);
    let corpus = root.join("corpus");
    for (sig, code) in [(libc::SIGTERM, None), (libc::SIGINT, Some(130))] {
        let pid_file = root.join("apt.pid");
        let _ = std::fs::remove_file(&pid_file);
        let mut cmd = fetch_cmd(&root, &repo, &corpus, &[]);
        cmd.env("FAKE_APT_SLEEP", "60").env("FAKE_APT_PID", &pid_file);
        let child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let start = Instant::now();
        while !pid_file.is_file() || std::fs::read_to_string(&pid_file).unwrap().trim().is_empty() {
            assert!(start.elapsed() < Duration::from_secs(60), "apt-get was not started");
            std::thread::sleep(Duration::from_millis(50));
        }
        let apt: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        unsafe { libc::kill(child.id() as i32, sig) };
        let out = child.wait_with_output().unwrap();
        match code {
            Some(c) => assert_eq!(out.status.code(), Some(c)),
            None => assert_eq!(out.status.signal(), Some(sig)),
        }
        if sig == libc::SIGINT {
            let said = text(&out);
            assert!(said.contains("fetch stopped (Ctrl-C)") && said.contains("--fetch-corpus"), "{said}");
        }
        let start = Instant::now();
        while alive(apt) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(!alive(apt), "apt-get outlived the fetch");
        no_work_left(&corpus);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// Whether `pid` runs (a zombie does not count).
fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z"))
}

#[test]
fn a_closed_pipe_ends_the_fetch_quietly() {
    if !usable() {
        return;
    }
    let (root, repo) = repo("fetch-pipe", 0);
    let corpus = root.join("corpus");
    let mut cmd = fetch_cmd(&root, &repo, &corpus, &[]);
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    unsafe { libc::close(fds[0]) };
    let closed = Stdio::from(unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fds[1]) });
    let out = cmd.stdout(closed).stderr(Stdio::piped()).output().unwrap();
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{:?} {}", out.status, text(&out));
    assert!(!text(&out).contains("panicked"));
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = fetch_cmd(&root, &repo, &corpus, &[]).stdout(full).stderr(Stdio::piped()).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("could not write to standard output"), "{}", text(&out));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_full_disk_while_unpacking_is_said_whole_and_leaves_the_old_corpus() {
    if !usable() {
        return;
    }
    let unshare = Command::new("unshare").args(["-m", "true"]).status().is_ok_and(|s| s.success());
    if !unshare {
        eprintln!("skipped: no private mount namespace here (unshare -m)");
        return;
    }
    let (root, repo) = repo("fetch-full", 600 << 10);
    let corpus = root.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    // The old corpus first, built from the pages directly (no download).
    let fixture_root = fixture();
    let ok = run(fetch_cmd(&root, &repo, &corpus, &[fixture_root.to_str().unwrap()]));
    assert!(ok.status.success(), "{}", text(&ok));
    let old = std::fs::read(corpus.join("provenance.json")).unwrap();
    // A disk with room for the .deb files but not for what they unpack to.
    let fetch = fetch_cmd(&root, &repo, &corpus, &[]);
    let mut script = format!(
        "mount -t tmpfs -o size=1200k tmpfs '{}' && cp -a '{}/.' '{}' 2>/dev/null; ",
        corpus.display(),
        root.join("saved").display(),
        corpus.display()
    );
    std::fs::create_dir_all(root.join("saved")).unwrap();
    for e in std::fs::read_dir(&corpus).unwrap().flatten() {
        std::fs::copy(e.path(), root.join("saved").join(e.file_name())).unwrap();
    }
    let envs: Vec<String> =
        fetch.get_envs().filter_map(|(k, v)| Some(format!("{}='{}'", k.to_str()?, v?.to_str()?))).collect();
    script += &format!(
        "env {} '{}' --fetch-corpus; echo \"status $?\"; cmp -s '{}/provenance.json' '{}/saved/provenance.json' && echo same; echo listing:; ls -a '{}'",
        envs.join(" "),
        env!("CARGO_BIN_EXE_bahdanau"),
        corpus.display(),
        root.display(),
        corpus.display()
    );
    let out = Command::new("unshare").args(["-m", "sh", "-c", &script]).output().unwrap();
    let said = text(&out);
    assert!(said.contains("status 1"), "{said}");
    assert!(said.contains("No space left on device"), "tar's own reason is relayed: {said}");
    assert!(said.contains("same"), "the old corpus is whole: {said}");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let listing = stdout.rsplit("listing:").next().unwrap_or_default();
    assert!(!listing.contains(".fetch-"), "the partial extraction is removed: {said}");
    assert_eq!(std::fs::read(corpus.join("provenance.json")).unwrap(), old);
    std::fs::remove_dir_all(&root).unwrap();
}
