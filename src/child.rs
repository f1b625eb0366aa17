//! The programs this one starts (`apt-get`, `dpkg-deb`, `cargo`): each in a
//! process group of its own, listed while it runs, so that ending this
//! program — by a signal, a failed write or a key — ends the whole group,
//! the child's own children too (`cargo test` runs a test binary; `apt-get`
//! its download methods), and none goes on writing after it. On Linux a
//! child is also ended when this program dies without a chance to clean up
//! (SIGKILL).

use std::io;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};

/// The signals that end a program by default and that this one catches to
/// end its children and clean up first. SIGPIPE is not among them: a closed
/// pipe is seen as a failed write.
#[cfg(unix)]
pub const ENDING_SIGNALS: [libc::c_int; 10] = [
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGQUIT,
    libc::SIGALRM,
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGVTALRM,
    libc::SIGPROF,
    libc::SIGXCPU,
];

/// Ends this program as `sig` would by default, so that its parent sees how
/// it ended (the shell's 128 + n); never returns.
#[cfg(unix)]
pub fn die_by(sig: libc::c_int) -> ! {
    // SAFETY: the default action, unblocked, then the signal itself.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
    }
    std::process::exit(128 + sig)
}

/// The process groups (each the id of the child that leads it) running now.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn groups() -> MutexGuard<'static, Vec<u32>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts `cmd` as the leader of a new process group, listed until [`end`]
/// or [`wait_output`] is done with it.
pub fn spawn(cmd: &mut Command) -> io::Result<Child> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        // SAFETY: prctl is async-signal-safe and touches only the new process.
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
    }
    let mut list = groups(); // held while starting, so an ending program sees every child
    let child = cmd.spawn()?;
    list.push(child.id());
    Ok(child)
}

/// Runs `cmd` to its end in a group of its own (see [`spawn`]), its output
/// captured as [`Command::output`] captures it.
pub fn output(cmd: &mut Command) -> io::Result<Output> {
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let child = spawn(cmd)?;
    let id = child.id();
    let out = child.wait_with_output();
    groups().retain(|&g| g != id);
    out
}

/// Ends `child` and every process of its group, and waits for the child.
pub fn end(mut child: Child) {
    kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
    groups().retain(|&g| g != child.id());
}

/// Forgets `child`, which has ended by itself.
pub fn done(child: &Child) {
    groups().retain(|&g| g != child.id());
}

/// Ends every group still running (the program is ending).
pub fn end_all() {
    for g in groups().drain(..) {
        kill_group(g);
    }
}

fn kill_group(leader: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(leader) {
        // SAFETY: kill(2) on a group this program made; a group that is gone gives ESRCH.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    }
    #[cfg(not(unix))]
    let _ = leader;
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn ending_a_child_ends_its_own_children() {
        let dir = std::env::temp_dir().join(format!("bahdanau-child-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pid_file = dir.join("grandchild");
        // The shell starts a sleeper of its own and waits on it.
        let script = format!("sleep 300 & echo $! > {}; wait", pid_file.display());
        let child = spawn(Command::new("sh").args(["-c", &script])).unwrap();
        let start = std::time::Instant::now();
        while !pid_file.is_file() || std::fs::read_to_string(&pid_file).unwrap().trim().is_empty() {
            assert!(start.elapsed().as_secs() < 20, "the shell did not start its sleeper");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let grandchild: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        end(child);
        let start = std::time::Instant::now();
        // SAFETY: signal 0 only asks whether the process exists.
        while unsafe { libc::kill(grandchild, 0) } == 0 && start.elapsed().as_secs() < 10 {
            // A zombie still answers until its parent (init, here) reaps it.
            let stat = std::fs::read_to_string(format!("/proc/{grandchild}/stat")).unwrap_or_default();
            if stat.contains(") Z") || stat.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let stat = std::fs::read_to_string(format!("/proc/{grandchild}/stat")).unwrap_or_default();
        assert!(stat.is_empty() || stat.contains(") Z"), "the shell's own child outlived it: {stat}");
        assert!(groups().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
