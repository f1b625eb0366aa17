//! `cargo run -- watch`, rustlings' watch mode: each time an exercise file is
//! saved, `cargo test --test exercises` rebuilds and re-checks, and the screen
//! shows the progress, the next file and the first failure's hint. `h` shows
//! the exercise's hints one more at a time, `q` (or Ctrl-C) quits. Files are
//! polled for their modification time, which every editor's save changes.

mod screen;
mod term;

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, SystemTime};

use self::screen::{Redraw, draw, filtered, lay_out};
use super::catalog::{EXERCISES, Exercise};
use super::report::status::{self, Status};
use super::report::text::wrap;
use crate::text::checker as T;

/// Set by the harness's child run: print the short screen, not the full report.
pub const WATCH_VAR: &str = "BAHDANAU_WATCH";
const POLL: Duration = Duration::from_millis(200);
/// The signal from outside that asked the watch to end (0: none yet).
static STOP: AtomicI32 = AtomicI32::new(0);

#[cfg(unix)]
extern "C" fn on_signal(sig: libc::c_int) {
    // An atomic store is async-signal-safe; the loop sees it within one poll.
    STOP.store(sig, Ordering::SeqCst);
}

/// Every signal that would end the program ends the watch through its loop
/// instead, so the check it runs is ended and the terminal restored on the
/// way out; then the program ends by that signal, as the shell expects.
#[cfg(unix)]
fn stop_on_signals() {
    for sig in crate::child::ENDING_SIGNALS {
        // SAFETY: the handler only stores to an atomic.
        unsafe { libc::signal(sig, on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t) };
    }
}

fn stopped() -> bool {
    STOP.load(Ordering::SeqCst) != 0
}

/// A message before the watch starts, laid out for the terminal, on stderr.
fn say(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{}", lay_out(text, crate::layout::detect_width()));
}

/// Runs watch mode in the project folder the other commands use (the current
/// one's, or `--project DIR`); on a pipe, says what to type instead.
pub fn run() -> ExitCode {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        say(T::WATCH_NEEDS_TERMINAL.get());
        return ExitCode::from(2);
    }
    let root = match crate::fsio::project::project_root() {
        Ok(root) => root,
        Err(e) => {
            say(&T::WATCH_FOLDER_ERROR.fill(&[("error", &filtered(&e))]));
            return ExitCode::FAILURE;
        }
    };
    if !root.join("tests/exercises/main.rs").is_file() {
        let shown = filtered(&root.display().to_string());
        say(&T::WATCH_NOT_THERE.fill(&[("folder", &shown)]));
        say(T::WATCH_RUN_FROM.get());
        return ExitCode::FAILURE;
    }
    #[cfg(unix)]
    let Some(raw) = term::Raw::enter() else {
        say(T::WATCH_NO_KEYS.get());
        return ExitCode::FAILURE;
    };
    #[cfg(unix)]
    stop_on_signals();
    let keys = term::keys();
    let redraw = Redraw::for_term(std::env::var_os("TERM").as_deref());
    let mut w = Watch { root, focus: None, hints: 0, screen: String::new(), checks: 0, redraw, failed: None };
    let mut seen = mtimes(&w.root);
    let mut quit = w.check(&keys);
    while !quit {
        match keys.recv_timeout(POLL) {
            Ok(b'h' | b'H') => w.next_hint(),
            Ok(b'q' | b'Q' | 3 | 4) | Err(RecvTimeoutError::Disconnected) => quit = true,
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
        }
        quit |= stopped() || w.failed.is_some();
        let now = mtimes(&w.root);
        if !quit && now != seen {
            // An editor may write a file in several steps: let it finish.
            std::thread::sleep(POLL / 2);
            seen = mtimes(&w.root);
            quit = w.check(&keys);
        }
    }
    #[cfg(unix)]
    drop(raw);
    w.leave()
}

struct Watch {
    root: PathBuf,
    /// The exercise `h` gives hints for: the first failing, else the next pending.
    focus: Option<&'static Exercise>,
    /// How many of its hints are shown.
    hints: usize,
    /// The last check's text.
    screen: String,
    /// Checks so far, shown so that a save visibly re-checks.
    checks: usize,
    redraw: Redraw,
    /// Why the screen could not be written (a closed pipe, a full device).
    failed: Option<std::io::Error>,
}

impl Watch {
    /// Rebuilds and re-checks, keys still answered meanwhile; true when asked to quit.
    fn check(&mut self, keys: &Receiver<u8>) -> bool {
        self.checks += 1;
        self.draw_with(T::WATCH_CHECKING.get());
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let spawned = crate::child::spawn(
            Command::new(cargo)
                .args(["test", "--quiet", "--color", "never", "--test", "exercises"])
                .current_dir(&self.root)
                .env(WATCH_VAR, "1")
                .env("COLUMNS", width().to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        );
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                self.screen = T::WATCH_NO_CARGO.fill(&[("error", &e.to_string())]);
                self.draw();
                return false;
            }
        };
        let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
        loop {
            if let Ok(Some(_)) = child.try_wait() {
                crate::child::done(&child);
                break;
            }
            match keys.recv_timeout(POLL / 4) {
                Ok(b'q' | b'Q' | 3 | 4) | Err(RecvTimeoutError::Disconnected) => return stop(child),
                _ if stopped() => return stop(child),
                _ => {}
            }
        }
        let (out, err) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
        let shown = if out.trim().is_empty() { compile_errors(&err) } else { out };
        self.screen = shown.lines().map(filtered).collect::<Vec<_>>().join("\n");
        let record = status::read_record(&status::record_path(&self.root));
        let statuses = status::statuses(&self.root, record.as_ref());
        let failing = statuses.iter().find(|(_, s)| *s == Status::Failing);
        self.focus = failing.or_else(|| statuses.iter().find(|(_, s)| *s != Status::Passed)).map(|(ex, _)| *ex);
        self.hints = 0;
        self.draw();
        false
    }

    fn next_hint(&mut self) {
        self.hints += 1;
        self.draw();
    }

    fn draw(&mut self) {
        let mut extra = String::new();
        if let Some(ex) = self.focus {
            let steps = [(T::WATCH_HINT_1.get(), ex.idea), (T::WATCH_HINT_2.get(), ex.hint)];
            for (name, text) in steps.iter().take(self.hints) {
                extra.push('\n');
                let head = T::WATCH_HINT_HEAD.fill(&[("id", &ex.id), ("name", name)]);
                extra.push_str(&wrap(&head, text.get(), 0).join("\n"));
                extra.push('\n');
            }
            if self.hints > steps.len() {
                extra.push_str(&format!("\n{}\n", T::WATCH_NO_MORE_HINTS.fill(&[("chapter", &ex.chapter)])));
            }
        }
        self.draw_with(&extra);
    }

    fn draw_with(&mut self, note: &str) {
        if self.failed.is_some() {
            return;
        }
        // The last check, the note and the keys, on a fresh screen.
        let head = T::WATCH_HEAD.fill(&[("n", &self.checks)]);
        let text = format!("{head}\n\n{}\n{note}\n{}", self.screen.trim_end(), T::WATCH_FOOTER.get());
        if let Err(e) = draw(&mut std::io::stdout().lock(), self.redraw, width(), &text) {
            self.failed = Some(e);
        }
    }

    /// The terminal is restored: says goodbye and ends as asked (by a key,
    /// a signal or a failed write).
    fn leave(self) -> ExitCode {
        use std::io::Write;
        let bye = format!("\n{}\n", T::WATCH_ENDED.fill(&[("then", &T::WATCH_CHECK_ONCE.get())]));
        let said = self.failed.is_none() && std::io::stdout().lock().write_all(bye.as_bytes()).is_ok();
        #[cfg(unix)]
        match (STOP.load(Ordering::SeqCst), &self.failed) {
            (libc::SIGINT, _) => return ExitCode::from(130),
            (0, Some(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => crate::child::die_by(libc::SIGPIPE),
            (0, _) => {}
            (sig, _) => crate::child::die_by(sig),
        }
        match self.failed {
            Some(e) => {
                let then = T::WATCH_CHECK_ONCE.get();
                say(&T::WATCH_WRITE_FAILED.fill(&[("error", &e.to_string()), ("then", &then)]));
                ExitCode::FAILURE
            }
            None if !said => ExitCode::FAILURE,
            None => ExitCode::SUCCESS,
        }
    }
}

/// The width the screen is laid out for: the terminal's, read at each draw
/// (so a resized window is followed).
fn width() -> usize {
    crate::layout::detect_width()
}

fn stop(child: Child) -> bool {
    crate::child::end(child);
    true
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_string(&mut text);
        }
        text
    })
}

/// The compiler's messages, from the first error on, at most 30 lines.
fn compile_errors(stderr: &str) -> String {
    let from = stderr.find("error").unwrap_or(0);
    let lines: Vec<&str> = stderr[from..].lines().take(30).collect();
    format!("{}\n\n{}", T::WATCH_DOES_NOT_COMPILE.get(), lines.join("\n"))
}

/// The modification time of every exercise file and the harness.
fn mtimes(root: &Path) -> Vec<Option<SystemTime>> {
    let files = EXERCISES.iter().map(|ex| ex.file).chain(["tests/exercises/main.rs"]);
    files.map(|f| std::fs::metadata(root.join(f)).and_then(|m| m.modified()).ok()).collect()
}
