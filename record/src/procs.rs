//! Child processes the recorder starts, held by a guard that always stops them: on success,
//! on error, on panic (Drop) and on Ctrl-C (the run loop sees the flag and returns early).
//! Children also get `PR_SET_PDEATHSIG`, so they die if the recorder itself is killed.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by SIGINT/SIGTERM: the recorder stops what it is doing and cleans up.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Routes Ctrl-C and SIGTERM to [`INTERRUPTED`].
pub fn catch_interrupts() {
    let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// Sleeps until `deadline`, in short steps; `Err` if interrupted meanwhile.
pub fn sleep_until(deadline: Instant) -> Result<(), String> {
    loop {
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Err("interrupted: stopped every process it had started".into());
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(());
        }
        std::thread::sleep((deadline - now).min(Duration::from_millis(20)));
    }
}

/// A command whose process dies with the recorder.
pub fn dies_with_parent(command: &mut Command) -> &mut Command {
    // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        })
    }
}

/// Sends `signal` to `child` (no effect once it has exited).
pub fn signal(child: &Child, signal: libc::c_int) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill with a pid we own; a stale pid of an exited, unreaped child is still ours.
        unsafe {
            libc::kill(pid, signal);
        }
    }
}

/// Kills `child` (SIGCONT first, in case it was stopped) and reaps it, waiting at most 2 s.
pub fn kill_and_reap(name: &str, child: &mut Child) -> Result<(), String> {
    if let Ok(Some(_)) = child.try_wait() {
        return Ok(());
    }
    signal(child, libc::SIGKILL);
    signal(child, libc::SIGCONT);
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Err(format!(
        "{name} (pid {}) did not exit within 2 s of SIGKILL",
        child.id()
    ))
}

/// Every child started, stopped when dropped.
#[derive(Default)]
pub struct Children {
    list: Vec<(String, Child)>,
}

impl Children {
    /// Takes charge of `child`, called `name` in messages.
    pub fn adopt(&mut self, name: &str, child: Child) -> usize {
        self.list.push((name.to_string(), child));
        self.list.len() - 1
    }

    /// The child at `index`.
    pub fn get(&mut self, index: usize) -> &mut Child {
        &mut self.list[index].1
    }

    /// Stops every child; names the ones that would not die.
    pub fn stop_all(&mut self) -> Result<(), String> {
        let mut stubborn = Vec::new();
        for (name, child) in self.list.iter_mut() {
            if let Err(e) = kill_and_reap(name, child) {
                stubborn.push(e);
            }
        }
        self.list.clear();
        match stubborn.is_empty() {
            true => Ok(()),
            false => Err(stubborn.join("; ")),
        }
    }
}

impl Drop for Children {
    fn drop(&mut self) {
        if let Err(e) = self.stop_all() {
            eprintln!("fencing-lab-record: {e}");
        }
    }
}
