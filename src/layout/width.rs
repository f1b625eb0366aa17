//! The columns every line of output fits in: one number for the whole
//! program, set once by the front end from the terminal (or COLUMNS), and
//! read by everything that lays text out.

use std::sync::atomic::{AtomicUsize, Ordering};

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
