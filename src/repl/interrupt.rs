//! Ctrl-C during a command: the signal handler asks, long work (`run`,
//! training, an experiment) checks between steps and stops.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// Asks long work (`run`) to stop at the next step; set by Ctrl-C.
pub fn request_interrupt() {
    INTERRUPT.store(true, Ordering::SeqCst);
}

pub fn interrupted() -> bool {
    INTERRUPT.load(Ordering::SeqCst)
}

pub fn clear_interrupt() {
    INTERRUPT.store(false, Ordering::SeqCst);
}
