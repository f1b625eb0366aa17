//! What the caller does after a line: go on, quit, or note that Ctrl-C
//! stopped the command part way.

/// What the caller does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Go,
    Quit,
    /// Ctrl-C stopped the command part way; the session is at the last step shown.
    Interrupted,
}
