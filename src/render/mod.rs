//! Turning tensors, steps and REPL replies into text. Nothing here computes a
//! number; it only formats what the walkthrough recorded.

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
