//! Turning tensors, steps and REPL replies into text. Nothing here computes a
//! number; it only formats what the walkthrough recorded.

pub mod band_chart;
pub mod beam;
pub mod beam_tree;
pub mod bottleneck;
pub mod bottleneck_beam;
pub mod charts;
pub mod diagram;
pub mod heatmap;
pub mod help;
pub mod layout;
pub mod progress;
pub mod real;
pub mod reply;
pub mod scores;
pub mod step;
pub mod svg;
pub mod svg_check;
pub mod table;
pub mod training;

pub use heatmap::render_heatmap;
pub use reply::render_reply;
pub use step::render_step;
pub use table::render_tensor;

use std::sync::atomic::{AtomicUsize, Ordering};

/// Whether output may carry colour: only on a terminal, never with NO_COLOR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// ANSI colour at all (errors, hints).
    pub color: bool,
    /// 24-bit backgrounds (the heatmap).
    pub truecolor: bool,
}

impl Style {
    pub const PLAIN: Style = Style { color: false, truecolor: false };

    /// Colour when stdout is a terminal, NO_COLOR is unset or empty and TERM
    /// names a terminal that has escape sequences (set, and not `dumb`);
    /// 24-bit when COLORTERM says so.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        let var = |k| std::env::var_os(k).filter(|v| !v.is_empty());
        Style::from_env(std::io::stdout().is_terminal(), var("NO_COLOR"), var("TERM"), var("COLORTERM"))
    }

    /// Whether TERM names a terminal that understands escape sequences
    /// (cursor moves included, as a progress bar needs).
    pub fn escapes_allowed() -> bool {
        std::env::var_os("TERM").is_some_and(|t| !t.is_empty() && t != "dumb")
    }

    /// The rule of [`Style::detect`], given what it reads.
    pub fn from_env(
        terminal: bool,
        no_color: Option<std::ffi::OsString>,
        term: Option<std::ffi::OsString>,
        colorterm: Option<std::ffi::OsString>,
    ) -> Style {
        let escapes = term.is_some_and(|t| t != "dumb");
        let color = terminal && no_color.is_none() && escapes;
        let truecolor = color && colorterm.is_some_and(|c| c == "truecolor" || c == "24bit");
        Style { color, truecolor }
    }
}

/// The width of output when it is not a terminal and COLUMNS is unset
/// (scripts, tests, snapshots), so that what is locked does not depend on
/// the terminal it was made in.
pub const WIDTH: usize = 100;
/// Narrower than this, tables and prose stop being readable: it is the floor.
pub const MIN_WIDTH: usize = 40;

static CURRENT_WIDTH: AtomicUsize = AtomicUsize::new(WIDTH);

/// The columns every line of output fits in (set by the front end).
pub fn width() -> usize {
    CURRENT_WIDTH.load(Ordering::Relaxed)
}

/// Sets the width all later output fits in, never below [`MIN_WIDTH`].
pub fn set_width(columns: usize) {
    CURRENT_WIDTH.store(columns.max(MIN_WIDTH), Ordering::Relaxed);
}

/// The terminal's width: COLUMNS when it is set to a number, else the
/// terminal's own size when stdout is one, else [`WIDTH`].
pub fn detect_width() -> usize {
    if let Some(c) = std::env::var("COLUMNS").ok().and_then(|v| v.trim().parse::<usize>().ok()).filter(|&c| c > 0) {
        return c.max(MIN_WIDTH);
    }
    match console::Term::stdout().size_checked() {
        Some((_, cols)) if cols > 0 => usize::from(cols).max(MIN_WIDTH),
        _ => WIDTH,
    }
}

/// Wraps prose lines longer than [`width()`] at spaces; continuation lines
/// are indented two more than the line they continue. A line whose spaces
/// align columns is never re-flowed (see [`layout`]): its maker lays it out
/// for the width.
pub fn fit(text: &str) -> String {
    fit_to(text, width())
}

/// [`fit`] for a given width. A word longer than the width stays whole on
/// its own line: words are never broken.
pub fn fit_to(text: &str, width: usize) -> String {
    let max = width;
    let mut out = String::with_capacity(text.len());
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if line.chars().count() <= max || layout::is_laid_out(line) {
            out.push_str(line);
            continue;
        }
        let indent: String = line.chars().take_while(|c| *c == ' ').collect();
        let mut current = indent.clone();
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let fresh = current.trim().is_empty();
            if !fresh && current.chars().count() + 1 + word.chars().count() > max {
                out.push_str(&current);
                out.push('\n');
                current = format!("{indent}  ");
            }
            if !current.trim().is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push_str(&current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Style, fit, fit_to};

    #[test]
    fn colour_needs_a_terminal_a_term_that_is_not_dumb_and_no_no_color() {
        let some = |s: &str| Some(std::ffi::OsString::from(s));
        let full = Style { color: true, truecolor: true };
        assert_eq!(Style::from_env(true, None, some("xterm-256color"), some("truecolor")), full);
        assert_eq!(Style::from_env(true, None, some("xterm"), None), Style { color: true, truecolor: false });
        assert_eq!(Style::from_env(true, None, some("dumb"), some("truecolor")), Style::PLAIN);
        assert_eq!(Style::from_env(true, None, None, some("truecolor")), Style::PLAIN);
        assert_eq!(Style::from_env(true, some("1"), some("xterm"), some("truecolor")), Style::PLAIN);
        assert_eq!(Style::from_env(false, None, some("xterm"), some("truecolor")), Style::PLAIN);
    }

    #[test]
    fn long_prose_is_wrapped_and_short_lines_kept() {
        let long = format!("  {}", "word ".repeat(40).trim_end());
        let out = fit(&format!("short\n{long}\nend"));
        assert!(out.lines().all(|l| l.chars().count() <= super::WIDTH), "{out}");
        assert!(out.starts_with("short\n  word"));
        assert!(out.lines().nth(2).unwrap().starts_with("    word"));
        assert!(out.ends_with("\nend"));
        assert_eq!(out.split_whitespace().count(), 42);
    }

    #[test]
    fn narrow_widths_wrap_at_spaces_and_never_break_a_word() {
        let text = "the decoder looks most at \"European\" while writing \"européenne\", as Figure 3 shows";
        for width in [20, 40, 80] {
            let out = fit_to(text, width);
            assert!(out.lines().all(|l| l.chars().count() <= width), "{width}: {out}");
            assert_eq!(out.split_whitespace().collect::<Vec<_>>(), text.split_whitespace().collect::<Vec<_>>());
        }
    }
}
