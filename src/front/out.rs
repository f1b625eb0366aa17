//! Standard output and standard error. A closed pipe (`| head -1`) ends the
//! program quietly, as SIGPIPE ends `cat` (status 141 in the shell), after
//! the usual clean-up. Any other failure of standard output (a full disk,
//! `/dev/full`) is said in one line on stderr and ends the program with
//! status 1. A failure of stderr itself is ignored: there is nowhere left to
//! say it, and the exit status still tells.

use std::io::{self, Write};

use super::signals;

/// Standard output for [`super::perform`]: a write either succeeds or ends the program.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = io::stdout().lock().write(buf);
        written.or_else(|e| failed(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = io::stdout().lock().flush();
        flushed.or_else(|e| failed(e))
    }
}

/// Writes `text` to standard output (see the module comment for failures).
pub fn out(text: &str) {
    let mut o = io::stdout().lock();
    if let Err(e) = o.write_all(text.as_bytes()).and_then(|()| o.flush()) {
        drop(o);
        failed(e)
    }
}

/// `text` and a newline on standard output.
pub fn out_line(text: &str) {
    out(&format!("{text}\n"));
}

/// `text` and a newline on standard error; a failure is ignored.
pub fn err_line(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{text}");
}

fn failed(e: io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        signals::end(libc::SIGPIPE, None)
    }
    use crate::text::cli as T;
    let e = e.to_string();
    signals::exit(1, Some(&T::ERROR.fill(&[("message", &T::STDOUT_FAILED.fill(&[("error", &e)]))])))
}
