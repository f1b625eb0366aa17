//! Calls a learner's function and catches its panic, so that an unwritten
//! exercise (`todo!()`) reads as pending and a crash reads as a failure with
//! its message, never as a test-runner backtrace.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// While set, panics on this thread are recorded here, not printed.
    static PROBING: Cell<bool> = const { Cell::new(false) };
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// What happened when the learner's function ran.
#[derive(Clone, Debug, PartialEq)]
pub enum Probe<T> {
    Returned(T),
    /// The body is still `todo!()` or `unimplemented!()`.
    Pending,
    /// Any other panic: its message and, when known, `file:line`.
    Panicked {
        message: String,
        location: Option<String>,
    },
}

/// Installs, once per process, a hook that stays quiet on a probing thread and
/// defers to the previous hook everywhere else (other tests keep their output).
fn install_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if PROBING.with(Cell::get) {
                let loc = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                LOCATION.with(|c| *c.borrow_mut() = loc);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning a panic into [`Probe::Pending`] or [`Probe::Panicked`].
pub fn probe<T>(f: impl FnOnce() -> T) -> Probe<T> {
    install_hook();
    PROBING.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    PROBING.with(|c| c.set(false));
    match result {
        Ok(v) => Probe::Returned(v),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| crate::text::cases::PANIC_NO_MESSAGE.get().into());
            if is_unwritten(&message) {
                Probe::Pending
            } else {
                Probe::Panicked { message, location: LOCATION.with(|c| c.borrow_mut().take()) }
            }
        }
    }
}

/// `todo!()` panics with "not yet implemented", `unimplemented!()` with "not implemented".
fn is_unwritten(message: &str) -> bool {
    message.starts_with("not yet implemented") || message.starts_with("not implemented")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn todo_and_unimplemented_are_pending() {
        assert_eq!(probe(|| -> u8 { todo!() }), Probe::Pending);
        assert_eq!(probe(|| -> u8 { todo!("later") }), Probe::Pending);
        assert_eq!(probe(|| -> u8 { unimplemented!() }), Probe::Pending);
    }

    #[test]
    fn other_panics_keep_message_and_location() {
        let v: Vec<u8> = vec![];
        match probe(|| v[3]) {
            Probe::Panicked { message, location } => {
                assert!(message.contains("index out of bounds"), "{message}");
                assert!(location.is_some_and(|l| l.contains(".rs:")));
            }
            other => panic!("expected a panic, got {other:?}"),
        }
    }

    #[test]
    fn a_value_is_returned_untouched() {
        assert_eq!(probe(|| 41 + 1), Probe::Returned(42));
    }
}
