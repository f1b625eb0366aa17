//! Turning tensors, steps and REPL replies into text. Nothing here computes a
//! number; it only formats what the walkthrough recorded.

pub mod bottleneck;
pub mod scores;
pub mod charts;
pub mod heatmap;
pub mod reply;
pub mod step;
pub mod svg;
pub mod table;
pub mod training;

pub use heatmap::render_heatmap;
pub use reply::render_reply;
pub use step::render_step;
pub use table::render_tensor;

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

    /// Colour when stdout is a terminal and NO_COLOR is unset or empty;
    /// 24-bit when COLORTERM says so.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = std::io::stdout().is_terminal() && !no_color;
        let truecolor = color && matches!(std::env::var("COLORTERM").as_deref(), Ok("truecolor" | "24bit"));
        Style { color, truecolor }
    }
}

/// Every line of output fits in this many columns.
pub const WIDTH: usize = 100;

/// Wraps prose lines longer than [`WIDTH`] at spaces; continuation lines are
/// indented two more than the line they continue. Tables already fit.
pub fn fit(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        // Table rows and coloured lines are laid out already: never break them.
        if line.chars().count() <= WIDTH || line.contains(['\x1b', '│', '┆', '─']) {
            out.push_str(line);
            continue;
        }
        let indent: String = line.chars().take_while(|c| *c == ' ').collect();
        let mut current = indent.clone();
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let fresh = current.trim().is_empty();
            if !fresh && current.chars().count() + 1 + word.chars().count() > WIDTH {
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
    use super::fit;

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
}
