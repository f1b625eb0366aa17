//! The interactive REPL: rustyline with history in the user's data folder,
//! completion and hints from the command table.

use std::borrow::Cow;
use std::process::ExitCode;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};

use super::history::{history_path, readable, write};
use super::{Flow, banner, prompt};
use crate::render::Style;
use crate::repl::Session;
use crate::repl::complete::{Completion, Completions, hint};

struct ReplHelper {
    words: Completions,
    files: FilenameCompleter,
    style: Style,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        match self.words.complete(line, pos) {
            Completion::File => self.files.complete(line, pos, ctx),
            Completion::Words { start, candidates } => {
                let pairs = candidates.into_iter().map(|c| Pair { display: c.clone(), replacement: c }).collect();
                Ok((start, pairs))
            }
        }
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

/// Runs the REPL until `quit` or Ctrl-D.
pub fn run(mut session: Session) -> ExitCode {
    let style = Style::detect();
    let config = Config::builder().completion_type(CompletionType::List).auto_add_history(false).build();
    let mut ed: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(ed) => ed,
        Err(e) => {
            eprintln!("error: could not open the terminal for editing ({e}); try bahdanau < script.txt instead");
            return ExitCode::FAILURE;
        }
    };
    let words = Completions::new(&session);
    ed.set_helper(Some(ReplHelper { words, files: FilenameCompleter::new(), style }));
    let history = history_path();
    match history.as_deref().map(readable) {
        Some(Ok(true)) => {
            if let Some(p) = &history
                && let Err(e) = ed.load_history(p)
            {
                eprintln!("warning: could not read the history in {} ({e}); starting without it", p.display());
            }
        }
        Some(Err(e)) => eprintln!("warning: {}", crate::repl::visible::visible(&e)),
        _ => {}
    }
    print!("{}", banner(&session));
    let mut stdout = std::io::stdout();
    loop {
        match ed.readline(&prompt(&session)) {
            Ok(line) => {
                // The terminal may have been resized since the last line.
                crate::render::set_width(crate::render::detect_width());
                let mut remember = |l: &str| drop(ed.add_history_entry(l));
                if super::pasted::run(&mut session, &line, style, &mut stdout, &mut remember) == Flow::Quit {
                    break;
                }
                if let Some(h) = ed.helper_mut() {
                    h.words = Completions::new(&session);
                }
            }
            Err(ReadlineError::Interrupted) => println!("(line cancelled: Ctrl-D or quit leaves)"),
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: could not read the terminal ({e})");
                break;
            }
        }
    }
    if let Some(p) = history
        && let Err(e) = write(&p, &mut |tmp| ed.save_history(tmp).map_err(|e| e.to_string()))
    {
        eprintln!("warning: the history was not saved ({})", crate::repl::visible::visible(&e));
    }
    ExitCode::SUCCESS
}
