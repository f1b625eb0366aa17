//! Error lines for the learner: wrapped, quoted input made safe, and red
//! on a colour terminal.

use crate::layout::fit;
use crate::render::Style;

/// An error line, red on a colour terminal; quoted input is cut and its
/// control characters shown, not sent. The message is wrapped to the output
/// width first (the colour code would otherwise keep the line from wrapping).
pub fn error_text(msg: &str, style: Style) -> String {
    paint(&crate::repl::visible::tidy_error(msg), style)
}

/// An error at a place (`line 3 of s.txt`, already safe to print).
pub fn error_at(at: &str, msg: &str, style: Style) -> String {
    let msg = crate::repl::visible::tidy_error(msg);
    paint(&format!("{at}{}{msg}", crate::text::place::COLON.get()), style)
}

fn paint(msg: &str, style: Style) -> String {
    use crate::text::cli::ERROR;
    let text = fit(&ERROR.fill(&[("message", &msg)]));
    let head = ERROR.fill(&[("message", &"")]);
    let head = head.trim_end();
    match text.strip_prefix(head) {
        Some(rest) if style.color => format!("\x1b[31m{head}\x1b[0m{rest}"),
        _ => text,
    }
}
