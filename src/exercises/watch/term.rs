//! The terminal for watch mode: single keys without Enter and without echo,
//! Ctrl-C as a key (so the loop can put the terminal back before it leaves),
//! and the settings restored when the guard is dropped, even on a panic.

use std::io::Read;
use std::sync::mpsc::{Receiver, channel};

/// The terminal's settings before watch mode changed them.
#[cfg(unix)]
pub struct Raw(libc::termios);

#[cfg(unix)]
impl Raw {
    /// Turns off line buffering, echo and the signal keys on standard input;
    /// `None` when standard input is not a terminal that allows it.
    pub fn enter() -> Option<Raw> {
        // SAFETY: termios is plain data, filled by tcgetattr before it is read.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut t) } != 0 {
            return None;
        }
        let saved = Raw(t);
        // Output processing stays on, so "\n" still starts a new line.
        t.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG | libc::IEXTEN);
        t.c_cc[libc::VMIN] = 1;
        t.c_cc[libc::VTIME] = 0;
        (unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &t) } == 0).then_some(saved)
    }
}

#[cfg(unix)]
impl Drop for Raw {
    fn drop(&mut self) {
        // SAFETY: restores the settings tcgetattr returned.
        unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &self.0) };
    }
}

/// Keys as they are typed, one byte each; the channel closes at end of input.
pub fn keys() -> Receiver<u8> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin();
        let mut b = [0u8; 1];
        while let Ok(1) = stdin.read(&mut b) {
            if tx.send(b[0]).is_err() {
                break;
            }
        }
    });
    rx
}
