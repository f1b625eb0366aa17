//! A progress bar that fits: on stderr, never wider than the terminal (a
//! bar that wraps cannot be erased, and leaves a fragment such as
//! "… · held-" above what follows), and erased on every way out, panics
//! included. Hidden when stderr is not a terminal or TERM cannot take escapes.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The longest the bar itself gets; narrower terminals get a shorter one.
const BAR: usize = 30;
/// The shortest bar worth drawing.
const MIN_BAR: usize = 8;

/// The bar's template for a terminal `columns` wide:
/// `{bar} {pos}/{len} UNIT · {msg}`, the message padded or cut to what is
/// left, so that what is drawn is `columns - 1` wide at most (indicatif then
/// pads the line with spaces to the edge, and a line that fits never wraps).
pub fn template(columns: usize, total: u64, unit: &str) -> String {
    let (bar, msg) = widths(columns, total, unit);
    format!("{{bar:{bar}}} {{pos}}/{{len}} {unit} · {{msg:{msg}!}}")
}

/// The bar's and the message's widths for `columns`.
fn widths(columns: usize, total: u64, unit: &str) -> (usize, usize) {
    let line = columns.saturating_sub(1);
    let digits = total.to_string().chars().count();
    // The counter "pos/len UNIT" at its widest, and the " " and " · " around it.
    let fixed = 2 * digits + 2 + unit.chars().count() + 1 + 3;
    // The bar takes up to BAR, leaving the message a few words; on a very
    // narrow terminal it shrinks below MIN_BAR rather than push the line past the edge.
    let bar = line.saturating_sub(fixed + 24).clamp(MIN_BAR, BAR).min(line.saturating_sub(fixed).max(1));
    (bar, line.saturating_sub(bar + fixed))
}

/// Columns kept free at the right of the bar. indicatif pads each line to
/// the width it is given, and the terminal echoes Ctrl-C as "^C" after it:
/// at the full width that echo wraps to a new line, indicatif then erases
/// that line instead of the bar's, and the bar stays on the screen.
const MARGIN: usize = 3;

/// The terminal, MARGIN columns narrower, and never wider than the
/// width the output fits (COLUMNS when set; see [`crate::layout::width`]).
#[derive(Debug)]
struct Margin(console::Term, u16);

impl indicatif::TermLike for Margin {
    fn width(&self) -> u16 {
        self.0.size().1.min(self.1).saturating_sub(MARGIN as u16)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// A bar over `total` items of `unit`, drawn while the guard lives.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn new(total: u64, unit: &str) -> Progress {
        let bar = ProgressBar::new(total);
        let term = console::Term::stderr();
        let cap = crate::layout::width();
        let columns = term.size_checked().map(|(_, c)| usize::from(c).min(cap));
        match columns {
            Some(columns) if term.is_term() && super::Style::escapes_allowed() => {
                let cap = u16::try_from(cap).unwrap_or(u16::MAX);
                bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(Box::new(Margin(term, cap)), 20));
                if let Ok(look) = ProgressStyle::with_template(&template(columns - MARGIN, total, unit)) {
                    bar.set_style(look);
                }
            }
            _ => bar.set_draw_target(ProgressDrawTarget::hidden()),
        }
        Progress { bar }
    }

    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    pub fn is_hidden(&self) -> bool {
        self.bar.is_hidden()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_bar_is_one_column_narrower_than_the_terminal() {
        for columns in [crate::layout::MIN_WIDTH, 60, 80, 100, 200] {
            for (total, unit) in [(24_000, "pairs"), (1_200_000, "training pairs")] {
                let (bar, msg) = widths(columns, total, unit);
                let counter = format!(" {total}/{total} {unit} · ");
                assert_eq!(bar + counter.chars().count() + msg, columns - 1, "{columns} {unit}");
                assert!(msg >= 8 || columns < 60, "{columns} {unit}: room for a message");
            }
        }
        assert!(template(200, 24_000, "pairs").starts_with("{bar:30}"));
        assert_eq!(template(80, 24_000, "pairs"), "{bar:30} {pos}/{len} pairs · {msg:28!}");
    }
}
