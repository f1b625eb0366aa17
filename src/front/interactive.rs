//! The interactive REPL: rustyline with history in the user's data folder,
//! completion and hints from the command table. A line that is not UTF-8
//! (a Latin-1 terminal, a Meta key) is refused and the session goes on. On
//! any end (quit, Ctrl-D, SIGTERM, SIGHUP, a failed write) the terminal is
//! restored and this session's lines are appended to the history it read.

use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Mutex, OnceLock};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};

use super::errors::error_text;
use super::flow::Flow;
use super::history::{append, history_path, load};
use super::out::{Stdout, err_line, out, out_line};
use super::prompt::{banner, prompt};
use super::signals;
use crate::render::Style;
use crate::repl::Session;
use crate::repl::complete::{Completion, Completions, hint};
use crate::repl::visible::visible;
use crate::text::cli as T;

struct ReplHelper {
    words: Completions,
    files: FilenameCompleter,
    style: Style,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    /// A candidate holding a control character (a file named with an
    /// escape sequence) is left out: listed or inserted, it would act on the terminal.
    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, mut pairs) = match self.words.complete(line, pos) {
            Completion::File => self.files.complete(line, pos, ctx)?,
            Completion::Words { start, candidates } => {
                (start, candidates.into_iter().map(|c| Pair { display: c.clone(), replacement: c }).collect())
            }
        };
        pairs.retain(|p| visible(&p.display) == p.display && visible(&p.replacement) == p.replacement);
        Ok((start, pairs))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;

    /// Without colour a hint could not be told from typed text, so none is shown.
    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<String> {
        if self.style.color { hint(line, pos) } else { None }
    }
}

impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.style.color { Cow::Owned(format!("\x1b[2m{hint}\x1b[0m")) } else { Cow::Borrowed(hint) }
    }
}

impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

/// The history file this session read (none if it refused one), and the lines typed since.
static HISTORY: OnceLock<PathBuf> = OnceLock::new();
static NEW_LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());
/// The terminal's settings before the line editor changed them.
static TERMINAL: OnceLock<libc::termios> = OnceLock::new();

/// Appends this session's new lines to the history it read, once.
fn save_history() {
    let lines = std::mem::take(&mut *NEW_LINES.lock().unwrap_or_else(|e| e.into_inner()));
    if let Some(path) = HISTORY.get()
        && let Err(e) = append(path, &lines)
    {
        err_line(&crate::text::files::HISTORY_NOT_SAVED.fill(&[("error", &visible(&e))]));
    }
}

/// Puts the terminal back as it was: line mode, echo, no bracketed paste.
fn restore_terminal() {
    if let Some(saved) = TERMINAL.get() {
        // SAFETY: tcsetattr with settings tcgetattr gave for the same descriptor.
        unsafe { libc::tcsetattr(0, libc::TCSANOW, saved) };
    }
    // SAFETY: isatty and write on descriptor 1, without Rust's stdout lock
    // (the main thread may hold it when a signal ends the program).
    if Style::escapes_allowed() && unsafe { libc::isatty(1) } == 1 {
        let off = b"\x1b[?2004l";
        unsafe { libc::write(1, off.as_ptr().cast(), off.len()) };
    }
}

/// Reads the history into the editor; only a history read whole is written at the end.
fn read_history(ed: &mut Editor<ReplHelper, DefaultHistory>) {
    let Some(path) = history_path() else { return };
    match load(&path) {
        Ok(entries) => {
            for e in entries {
                let _ = ed.add_history_entry(e);
            }
            let _ = HISTORY.set(path);
        }
        Err(e) => err_line(&crate::text::files::HISTORY_WARNING.fill(&[("error", &visible(&e))])),
    }
}

/// Runs the REPL until `quit` or Ctrl-D; the status is non-zero when the terminal failed.
pub fn run(mut session: Session) -> ExitCode {
    let style = Style::detect();
    let mut saved: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: tcgetattr fills `saved` for descriptor 0, a terminal here.
    if unsafe { libc::tcgetattr(0, &mut saved) } == 0 {
        let _ = TERMINAL.set(saved);
    }
    signals::on_end(restore_terminal);
    signals::on_end(save_history);
    let config = Config::builder().completion_type(CompletionType::List).auto_add_history(false).build();
    let mut ed: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(ed) => ed,
        Err(e) => {
            let e = e.to_string();
            err_line(&T::ERROR.fill(&[("message", &T::TERMINAL_OPEN.fill(&[("error", &e)]))]));
            return ExitCode::FAILURE;
        }
    };
    let words = Completions::new(&session);
    ed.set_helper(Some(ReplHelper { words, files: FilenameCompleter::new(), style }));
    read_history(&mut ed);
    out(&banner(&session));
    let mut stdout = Stdout;
    loop {
        match ed.readline(&prompt(&session)) {
            Ok(line) => {
                // The terminal may have been resized since the last line.
                crate::layout::set_width(crate::layout::detect_width());
                let mut remember = |l: &str| {
                    let _ = ed.add_history_entry(l);
                    let mut new = NEW_LINES.lock().unwrap_or_else(|e| e.into_inner());
                    if new.last().map(String::as_str) != Some(l) {
                        new.push(l.to_string());
                    }
                };
                if super::pasted::run(&mut session, &line, style, &mut stdout, &mut remember) == Flow::Quit {
                    break;
                }
                if let Some(h) = ed.helper_mut() {
                    h.words = Completions::new(&session);
                }
            }
            Err(ReadlineError::Interrupted) => out_line(T::LINE_CANCELLED.get()),
            Err(ReadlineError::Eof) => break,
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                // The rest of the line goes with it (the editor drops what it read
                // past the bad byte; this drops what it had not read), so its Enter
                // does not step on.
                // SAFETY: tcflush on descriptor 0, a terminal.
                unsafe { libc::tcflush(0, libc::TCIFLUSH) };
                err_line(&error_text(T::LINE_NOT_UTF8.get(), style));
            }
            Err(e) => {
                let e = e.to_string();
                err_line(&T::ERROR.fill(&[("message", &T::TERMINAL_READ.fill(&[("error", &e)]))]));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
