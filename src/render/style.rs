//! Whether output may carry colour, decided once from the terminal and the
//! environment (NO_COLOR, TERM, COLORTERM).

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

#[cfg(test)]
mod tests {
    use super::Style;

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
}
