//! A pseudo-terminal with the binary on its far side: keys in, screen text out.
//! Several test crates include this file, each using its own part of it.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The REPL on a pseudo-terminal for one test: TERM=xterm and a history
/// file of its own in `dir` (either can be overridden in `env`); `dir` is
/// removed when the session is dropped.
pub struct Session {
    pub t: Pty,
    pub dir: std::path::PathBuf,
}

impl Session {
    pub fn start(dir: std::path::PathBuf, env: &[(&str, &str)]) -> Session {
        let history = dir.join("history.txt");
        let mut all = vec![("TERM", "xterm"), ("BAHDANAU_HISTORY", history.to_str().unwrap())];
        all.extend(env.iter().copied()); // a later value of a name wins
        Session { t: Pty::spawn(&all), dir }
    }

    /// `quit`, then a successful exit within `wait`; the whole output.
    pub fn quit(&mut self, wait: Duration) -> String {
        self.t.send("quit\r");
        let status = self.t.wait(wait);
        let out = self.t.output();
        assert!(status.success(), "exit {status:?}\n{out}");
        out
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl std::ops::Deref for Session {
    type Target = Pty;
    fn deref(&self) -> &Pty {
        &self.t
    }
}

impl std::ops::DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Pty {
        &mut self.t
    }
}

pub struct Pty {
    child: Child,
    master: std::fs::File,
    screen: Arc<Mutex<Vec<u8>>>,
}

impl Pty {
    /// Starts the binary on a new 100 × 40 terminal with only `env` set
    /// (plus PATH and HOME), as its controlling terminal.
    pub fn spawn(env: &[(&str, &str)]) -> Pty {
        Pty::spawn_with(env, &[], None)
    }

    /// [`Pty::spawn`] with arguments, and standard output elsewhere if given.
    pub fn spawn_with(env: &[(&str, &str)], args: &[&str], stdout: Option<Stdio>) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0 };
        let made = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_bahdanau"));
        cmd.args(args).env_clear().envs(env.iter().copied());
        for key in ["PATH", "HOME"] {
            if let Some(v) = std::env::var_os(key) {
                cmd.env(key, v);
            }
        }
        cmd.stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(stdout.unwrap_or_else(|| Stdio::from(slave.try_clone().unwrap())))
            .stderr(Stdio::from(slave));
        // A new session whose controlling terminal is the pty, so Ctrl-C and
        // the line editor behave as on a real terminal.
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("the binary starts");
        drop(cmd); // closes this side's copies of the slave
        let master = std::fs::File::from(master);
        let screen = Arc::new(Mutex::new(Vec::new()));
        let (mut reader, mut answer, seen) = (master.try_clone().unwrap(), master.try_clone().unwrap(), screen.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends with EIO once the child has exited and the slave is closed.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                let chunk = &buf[..n];
                // The line editor may ask where the cursor is; a terminal answers.
                if chunk.windows(4).any(|w| w == b"\x1b[6n") {
                    let _ = answer.write_all(b"\x1b[1;1R");
                }
                seen.lock().unwrap().extend_from_slice(chunk);
            }
        });
        Pty { child, master, screen }
    }

    /// Makes the terminal `cols` wide and `rows` high, as a resized window does.
    pub fn resize(&self, cols: u16, rows: u16) {
        use std::os::fd::AsRawFd;
        let size = libc::winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 };
        assert_eq!(unsafe { libc::ioctl(self.master.as_raw_fd(), libc::TIOCSWINSZ, &size) }, 0);
    }

    pub fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(30)); // one burst per call, as typed
    }

    /// Bytes as typed, not necessarily UTF-8 (a Latin-1 terminal, a Meta key).
    pub fn send_bytes(&mut self, keys: &[u8]) {
        self.master.write_all(keys).unwrap();
        std::thread::sleep(Duration::from_millis(30));
    }

    /// Waits until the program catches `sig` (its handler is installed, as
    /// /proc/PID/status shows), so that a signal sent next reaches the handler.
    pub fn await_handler(&self, sig: libc::c_int, wait: Duration) {
        let start = std::time::Instant::now();
        let status = format!("/proc/{}/status", self.child.id());
        let catches = || {
            let text = std::fs::read_to_string(&status).unwrap_or_default();
            let mask = text.lines().find_map(|l| l.strip_prefix("SigCgt:")).map(str::trim).unwrap_or("0");
            u64::from_str_radix(mask, 16).is_ok_and(|m| m & (1 << (sig - 1)) != 0)
        };
        while !catches() {
            assert!(start.elapsed() < wait, "no handler for signal {sig} after {wait:?}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn signal(&self, sig: libc::c_int) {
        unsafe { libc::kill(self.child.id() as i32, sig) };
    }

    /// The terminal's line settings (`c_lflag`), as the program left them.
    pub fn local_flags(&self) -> libc::tcflag_t {
        use std::os::fd::AsRawFd;
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::tcgetattr(self.master.as_raw_fd(), &mut t) }, 0);
        t.c_lflag
    }

    /// Everything the terminal has shown so far, as text.
    pub fn output(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
    }

    /// Waits until `text` appears after what was already seen.
    pub fn expect(&mut self, text: &str, wait: Duration) {
        let start = Instant::now();
        while !self.output().contains(text) {
            if start.elapsed() > wait {
                let _ = self.child.kill();
                panic!("{text:?} did not appear within {wait:?}; the terminal shows:\n{}", self.output());
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                std::thread::sleep(Duration::from_millis(100));
                panic!("the program ended ({status}) before {text:?}:\n{}", self.output());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the program to end; one that hangs is killed and fails the test.
    pub fn wait(&mut self, wait: Duration) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(100)); // let the reader drain
                return status;
            }
            if start.elapsed() > wait {
                let _ = self.child.kill();
                panic!("the program did not end within {wait:?}:\n{}", self.output());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Pty {
    /// The terminal's local modes (ICANON, ECHO, ISIG, …) as the program left them.
    pub fn local_modes(&self) -> libc::tcflag_t {
        use std::os::fd::AsRawFd;
        // SAFETY: termios is plain data, filled by tcgetattr before it is read.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::tcgetattr(self.master.as_raw_fd(), &mut t) }, 0);
        t.c_lflag
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The screen's text without escape sequences, cut at every carriage return
/// and newline: each piece is what one redraw put on one line.
pub fn drawn_lines(raw: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, then one final byte in @ … ~.
            if chars.next_if_eq(&'[').is_some() {
                while chars.next().is_some_and(|f| !('@'..='~').contains(&f)) {}
            }
        } else {
            plain.push(c);
        }
    }
    plain.split(['\r', '\n']).map(str::to_string).collect()
}

/// Every drawing of a progress bar (a line holding " pairs · ") in `raw`.
/// Trailing blanks only erase what a wider line left behind; ^C is the
/// terminal's echo of the key, not the bar.
pub fn bar_segments(raw: &str) -> Vec<String> {
    drawn_lines(raw)
        .iter()
        .map(|s| s.trim_end().trim_end_matches("^C").trim_end().to_string())
        .filter(|s| s.contains(" pairs · "))
        .collect()
}
