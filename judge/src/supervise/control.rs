//! The supervisor's hold on processes: its own session and subreaper role,
//! the program's process group and backstop limits, killing and reaping
//! (with each reaped process's CPU time and peak memory).

use super::Request;
use crate::os::Usage;
use crate::sys::kill;
use crate::sys::linux::{
    prctl, prlimit, setrlimit, setsid, wait4, Rlimit, Rusage, Timeval, ECHILD, EINTR, ESRCH,
    F_GETFL, F_SETFL, O_NONBLOCK, PR_SET_CHILD_SUBREAPER, RLIMIT_CORE, RLIMIT_MSGQUEUE, WNOHANG,
};
use crate::sys::{fcntl, SIGKILL};
use std::io;
use std::os::raw::{c_int, c_ulong};
use std::process::Command;
use std::time::Duration;

/// The backstop limits the supervisor can carry itself, so that every
/// process it starts (programs, and the sandbox's launchers and wardens)
/// inherits them and has them from its first instruction: no core dumps,
/// and no POSIX message queue (one would outlive the test, holding memory
/// no look sees; with a limit of 0 bytes `mq_open` cannot make one). Set
/// from outside after the start, as the others are without the sandbox, a
/// queue made in the moment before would stay.
/// A failure is the supervisor's start failing: the promise would not hold.
pub fn carry_inherited_limits() -> io::Result<()> {
    for (resource, name) in [(RLIMIT_CORE, "core"), (RLIMIT_MSGQUEUE, "msgqueue")] {
        let none = Rlimit { cur: 0, max: 0 };
        // SAFETY: a valid rlimit for the call's duration; lowering a limit
        // needs no privilege.
        if unsafe { setrlimit(resource, &none) } != 0 {
            let e = io::Error::last_os_error();
            return Err(io::Error::new(
                e.kind(),
                format!("cannot set RLIMIT_{} to 0: {}", name.to_uppercase(), e),
            ));
        }
    }
    Ok(())
}

/// Every orphan of the test comes back to the supervisor (or the
/// supervisor's start fails, saying why).
pub fn become_subreaper() -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    let done = unsafe {
        prctl(
            PR_SET_CHILD_SUBREAPER,
            1 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    };
    match done {
        0 => Ok(()),
        _ => {
            let e = io::Error::last_os_error();
            let why = format!("cannot become a child subreaper: {}", e);
            Err(io::Error::new(e.kind(), why))
        }
    }
}

/// Makes reads and writes on `pipe` (a pipe, a socket) return at once
/// rather than wait.
pub fn set_nonblocking(pipe: &std::fs::File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    let fd = pipe.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, integers only.
    let done = unsafe {
        let flags = fcntl(fd, F_GETFL, 0);
        flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    };
    match done {
        true => Ok(()),
        false => Err(std::io::Error::last_os_error()),
    }
}

/// A process group of its own for the program, the seccomp filter
/// (`seccomp.rs`, built by the supervisor once: the child only installs
/// it), and the supervisor as its tracer (`trace.rs`): it asks to be traced
/// before its exec, and so stops at its exec until the supervisor, its
/// limits set ([`limit_child`]), resumes it. (Those system calls in the
/// child make the start a fork, not `posix_spawn`.) A program the kernel
/// refuses to have traced runs untraced; one it refuses the filter does
/// not run (the start fails, saying why).
pub fn confine(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
    let filter = super::seccomp::for_tests();
    // SAFETY: the closure makes three system calls (two prctl, ptrace) on
    // values made before the fork, allocates nothing and takes no lock:
    // fit to run between a fork and an exec.
    unsafe {
        cmd.pre_exec(move || {
            super::seccomp::install(filter)?;
            super::trace::ask_to_be_traced();
            Ok(())
        })
    };
}

/// [`confine`] tried on a child that ends at once (killed at its exec):
/// an error if the seccomp filter cannot be installed (no test may run
/// without it), else why the supervisor may not trace what it starts, if
/// it may not (a tracer already, Yama's `ptrace_scope`): the CPU time of a
/// process the kernel reaps by itself is then not counted.
pub fn try_confine() -> Result<Option<String>, String> {
    let mut child = Command::new("/bin/sh");
    child.args(["-c", "exit 0"]);
    confine(&mut child);
    let mut child = child
        .spawn()
        .map_err(|e| format!("cannot install the tests' seccomp filter: {}", e))?;
    let traced = super::trace::traced_by_us(child.id() as i32);
    let _ = child.kill();
    let _ = child.wait();
    Ok((!traced).then(|| {
        "nor traced, the kernel refused it (a tracer already, or Yama's \
         ptrace_scope): the CPU time of a process the kernel reaps by itself \
         is counted only as far as the looks see it"
            .to_string()
    }))
}

/// The supervisor leaves the judge's session for one of its own, which
/// has no controlling terminal; so have the programs it starts.
pub fn leave_the_terminal() {
    // SAFETY: setsid takes nothing. It fails only for a process group
    // leader, which a supervisor the judge started is not.
    unsafe {
        setsid();
    }
}

/// The backstop limits of the program `pid`, set right after it starts
/// (`prlimit`), soft and hard alike so that it cannot raise them: CPU
/// time, output file size, address space. A traced program is stopped at
/// its exec meanwhile ([`confine`]); one the kernel refused to have traced
/// runs without them for that moment, which only a backstop can afford:
/// the supervisor's looks enforce the real limits.
pub fn limit_child(pid: i32, request: &Request) -> Result<(), String> {
    for (resource, value) in request.backstop_limits() {
        // Beyond what the type holds means no limit (RLIM_INFINITY is
        // all ones); the cast does something only where `long` has 32
        // bits.
        #[allow(clippy::unnecessary_cast)]
        let value = value.min(c_ulong::MAX as u64) as c_ulong;
        let limit = Rlimit {
            cur: value,
            max: value,
        };
        // SAFETY: a valid rlimit for the call's duration; no old value.
        if unsafe { prlimit(pid, resource, &limit, std::ptr::null_mut()) } != 0 {
            let e = io::Error::last_os_error();
            // A program that has ended already needs no limit.
            if e.raw_os_error() != Some(ESRCH) {
                return Err(format!("cannot set its limit {}: {}", resource, e));
            }
        }
    }
    Ok(())
}

/// A child of [`fork`], reaped (waited for) when dropped: a view's maker,
/// a cell's launcher, each of which says what it has to on a pipe and ends
/// with `_exit`.
pub struct Forked(pub i32);

/// Forks the supervisor: `None` in the child, which must end with `_exit`
/// (never return into the supervisor's code), the child in the parent.
///
/// # Safety
///
/// The process has one thread (the supervisor has), so that the child may
/// run any code: no lock is held by a thread the child does not have.
pub unsafe fn fork() -> io::Result<Option<Forked>> {
    // SAFETY: the caller's word: one thread.
    match unsafe { crate::sys::linux::fork() } {
        pid if pid < 0 => Err(io::Error::last_os_error()),
        0 => Ok(None),
        pid => Ok(Some(Forked(pid))),
    }
}

impl Drop for Forked {
    fn drop(&mut self) {
        let mut status = 0;
        // SAFETY: waits for our own child (once: its pid is ours until
        // then); no rusage wanted.
        while unsafe { wait4(self.0, &mut status, 0, std::ptr::null_mut()) } < 0 {
            if io::Error::last_os_error().raw_os_error() != Some(EINTR) {
                break;
            }
        }
    }
}

/// SIGKILL to a process (or with a negative number, a process group).
pub fn sigkill(pid: i32) {
    // SAFETY: kill(2) takes two integers.
    unsafe {
        kill(pid, SIGKILL);
    }
}

/// What one `wait4` for any child gave.
pub enum Reaped {
    One(i32, i32, crate::os::Usage),
    NoneYet,
    NoChildren,
}

/// Reaps one ended child, if any, without waiting.
pub fn reap_any() -> Reaped {
    let mut status: c_int = 0;
    // SAFETY: an all-zero rusage is valid (integers only).
    let mut usage: Rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: both pointers are to live values of the right types.
        let pid = unsafe { wait4(-1, &mut status, WNOHANG, &mut usage) };
        if pid > 0 {
            let time = |t: &Timeval| {
                Duration::from_secs(t.sec.max(0) as u64)
                    + Duration::from_micros(t.usec.max(0) as u64)
            };
            let usage = Usage {
                cpu: time(&usage.utime) + time(&usage.stime),
                max_rss_kib: usage.maxrss.max(0) as u64,
            };
            return Reaped::One(pid, status, usage);
        }
        if pid == 0 {
            return Reaped::NoneYet;
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(ECHILD) => return Reaped::NoChildren,
            Some(EINTR) => continue,
            _ => return Reaped::NoneYet,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_childs_backstops_are_set_and_an_ended_child_needs_none() {
        let request = Request {
            cpu_backstop_seconds: 7,
            output_limit: 12345,
            ..Default::default()
        };
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        let pid = child.id() as i32;
        assert_eq!(limit_child(pid, &request), Ok(()));
        let limits = std::fs::read_to_string(format!("/proc/{}/limits", pid)).unwrap();
        let line = |name: &str| {
            let found = limits.lines().find(|l| l.starts_with(name));
            found
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
        };
        assert_eq!(line("Max cpu time")[3..5], ["7", "7"], "{}", limits);
        assert_eq!(
            line("Max file size")[3..5],
            ["12346", "12346"],
            "{}",
            limits
        );
        // A program that has ended already needs no limit: not an error.
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(limit_child(pid, &request), Ok(()));
    }

    #[test]
    fn a_program_started_as_the_tests_are_gets_the_filter_and_is_traced() {
        // Under a tracer (`strace -f`) this says the tracing is refused.
        assert_eq!(try_confine(), Ok(None));
    }
}
