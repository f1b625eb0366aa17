//! Ctrl-C (SIGINT) and every other signal that ends a program by default
//! ([`ENDING`]: SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, …). The handler
//! only writes the signal's number to a pipe; a thread of its own reads it
//! and acts, so the work done on a signal is ordinary code. Ctrl-C during a command asks it
//! to stop at the next step; otherwise, and on any of the others, the
//! program ends: its children are ended, temporary files are removed, the
//! terminal is restored, the history saved (see [`on_end`]), and the status
//! is the signal's (130 for Ctrl-C, death by the signal itself for the
//! others, as the shell expects). A signal the program was started with
//! ignored (`nohup`) stays ignored. This file writes its one note to stderr
//! itself, so that `out` (which ends the program through it) is the only
//! one of the two that imports the other.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The signals that end the program, each after the clean-up.
pub use crate::child::ENDING_SIGNALS as ENDING;

static PIPE: AtomicI32 = AtomicI32::new(-1);
/// True while a command runs: Ctrl-C then interrupts it instead of quitting.
static BUSY: AtomicBool = AtomicBool::new(false);
/// What must be done before the program ends (restore the terminal, save the history).
static ON_END: Mutex<Vec<fn()>> = Mutex::new(Vec::new());
/// Printed on stderr when Ctrl-C ends the program between commands.
static STOP_NOTE: Mutex<Option<String>> = Mutex::new(None);

pub fn set_busy(busy: bool) {
    BUSY.store(busy, Ordering::SeqCst);
}

/// Adds `f` to what runs before the program ends, on a signal or a failed write.
pub fn on_end(f: fn()) {
    ON_END.lock().unwrap_or_else(|e| e.into_inner()).push(f);
}

/// The line Ctrl-C prints when it ends the program (a report says what was kept).
pub fn set_stop_note(note: &str) {
    *STOP_NOTE.lock().unwrap_or_else(|e| e.into_inner()) = Some(note.to_string());
}

extern "C" fn handler(sig: libc::c_int) {
    let byte = sig as u8;
    // SAFETY: write(2) is async-signal-safe; the pipe outlives the process.
    unsafe { libc::write(PIPE.load(Ordering::Relaxed), (&byte as *const u8).cast(), 1) };
}

/// Installs the handlers and their thread. `Err` says why Ctrl-C will end the program instead.
pub fn install() -> Result<(), String> {
    let mut fds = [0; 2];
    // SAFETY: pipe(2) fills the two descriptors.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(std::io::Error::last_os_error().to_string());
    }
    for fd in fds {
        // SAFETY: fcntl on a descriptor just made; the program's children do not inherit it.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
    PIPE.store(fds[1], Ordering::SeqCst);
    for sig in ENDING {
        // SAFETY: a zeroed sigaction is valid; the handler is async-signal-safe.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, std::ptr::null(), &mut old);
            if old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(sig, &action, std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error().to_string());
            }
        }
    }
    let read_end = fds[0];
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            loop {
                let mut byte = 0u8;
                // SAFETY: reads one byte into a local.
                let n = unsafe { libc::read(read_end, (&mut byte as *mut u8).cast(), 1) };
                match (n, libc::c_int::from(byte)) {
                    (1, libc::SIGINT) if BUSY.load(Ordering::SeqCst) => crate::repl::request_interrupt(),
                    (1, libc::SIGINT) => {
                        let note = STOP_NOTE.lock().unwrap_or_else(|e| e.into_inner()).clone();
                        end(libc::SIGINT, note.as_deref())
                    }
                    (1, sig) => end(sig, None),
                    _ if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
                    _ => return,
                }
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Ends the program as `sig` would, after the clean-up (see the module
/// comment); `note` goes to stderr first. Never returns.
pub fn end(sig: libc::c_int, note: Option<&str>) -> ! {
    if sig == libc::SIGINT {
        exit(130, note);
    }
    finish();
    let _no_more_temporaries = crate::fsio::temp::remove_live();
    if let Some(note) = note {
        say(note);
    }
    crate::child::die_by(sig)
}

/// Ends the program with status `code` after the clean-up; `note` goes to stderr first.
pub fn exit(code: i32, note: Option<&str>) -> ! {
    finish();
    let _no_more_temporaries = crate::fsio::temp::remove_live();
    if let Some(note) = note {
        say(note);
    }
    std::process::exit(code)
}

/// `note` and a newline on stderr; a failure is ignored (there is nowhere left to say it).
fn say(note: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{note}");
}

/// Runs what must be done before the program ends, once: a second caller
/// waits until the first is done.
pub fn finish() {
    crate::child::end_all();
    let mut hooks = ON_END.lock().unwrap_or_else(|e| e.into_inner());
    for f in hooks.drain(..) {
        f();
    }
}
