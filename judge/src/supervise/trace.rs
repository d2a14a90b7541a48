//! The tracer of a test's processes: the CPU time of every process of a
//! test, those nobody waits for included. Sandboxed, the warden of the
//! test's cell traces them (`sandbox/warden.rs`); without the sandbox, the
//! supervisor itself (`watch.rs`).
//!
//! A process whose parent ignores `SIGCHLD` (or sets `SA_NOCLDWAIT`) is
//! reaped by the kernel when it ends: its CPU time reaches no `wait4`, and
//! one that lives less than the 10 ms between two looks is never seen. So
//! the program is traced by its starter from its exec on
//! (`PTRACE_TRACEME`), and everything it starts is traced from its start
//! (`PTRACE_O_TRACEFORK`, `VFORK`, `CLONE`; `CLONE_UNTRACED`, which would
//! escape that, is refused by the seccomp filter, and `clone3` with it).
//! The kernel tells a tracer of a traced process's end before its parent,
//! whoever the parent is and whatever it does with `SIGCHLD`: the tracer,
//! told, reads the ended process's own CPU time (its process CPU clock:
//! all its threads, in nanoseconds, without what it reaped) and then lets
//! it go (`wait4`), to its parent or to the kernel. Each process is
//! counted once, by itself.
//!
//! Every stop of a traced task comes to the tracer, which resumes it: an
//! event (a start, an exec), at once; a signal, delivered as it was; a stop
//! signal (`SIGSTOP`, `SIGTSTP`, `SIGTTIN`, `SIGTTOU`) is dropped, so a
//! test's processes cannot be stopped (a stopped process would hold its
//! test without computing). If the tracer dies its tracees are killed
//! (`PTRACE_O_EXITKILL`). The tracer is the reaper of orphans as well (the
//! warden is its namespace's init, the supervisor a child subreaper), so a
//! process let go whose parent then dies comes back to it.

use crate::sys::linux::{
    clock_getcpuclockid, clock_gettime, ptrace, wait4, waitid, Rusage, Siginfo, Timespec,
    CLD_DUMPED, CLD_EXITED, CLD_KILLED, ECHILD, EINTR, PTRACE_CONT, PTRACE_O_EXITKILL,
    PTRACE_O_TRACECLONE, PTRACE_O_TRACEEXEC, PTRACE_O_TRACEFORK, PTRACE_O_TRACEVFORK,
    PTRACE_SETOPTIONS, PTRACE_TRACEME, P_ALL, SIGSTOP, SIGTRAP, SIGTSTP, SIGTTIN, SIGTTOU, WALL,
    WEXITED, WNOHANG, WNOWAIT, WSTOPPED,
};
use std::io;
use std::os::raw::c_int;
use std::path::Path;

/// What the tracer asks of the kernel for each traced task.
const OPTIONS: c_int = PTRACE_O_TRACEFORK
    | PTRACE_O_TRACEVFORK
    | PTRACE_O_TRACECLONE
    | PTRACE_O_TRACEEXEC
    | PTRACE_O_EXITKILL;

/// The program's side, before its exec: traced by its parent. One system
/// call, nothing allocated: safe in a `CLONE_VM` child or after a fork.
/// False when the kernel refuses (errno says why).
pub fn ask_to_be_traced() -> bool {
    // SAFETY: ptrace(PTRACE_TRACEME) takes no pointer.
    unsafe { ptrace(PTRACE_TRACEME, 0 as c_int, 0usize, 0usize) == 0 }
}

/// [`ask_to_be_traced`], its refusal as an error that allocates nothing
/// (the warden's `CLONE_VM` child makes words of it only once it ended).
pub fn trace_me() -> io::Result<()> {
    match ask_to_be_traced() {
        true => Ok(()),
        false => Err(io::Error::last_os_error()),
    }
}

/// A process that ended, counted before it was let go.
pub struct Ended {
    pub pid: i32,
    /// It is the program (its end is the test's).
    pub main: bool,
    /// Its wait status.
    pub status: i32,
    /// Its peak memory (with its reaped children's), KiB.
    pub peak_kib: u64,
    /// Its own CPU time (all its threads), microseconds.
    pub cpu_us: u64,
}

/// What one look at the test's tasks found.
pub enum Event {
    /// A process ended and was let go.
    Ended(Ended),
    /// A task was dealt with (a stop resumed, a thread's end): nothing to
    /// report.
    Quiet,
    /// Nothing has happened yet (only without blocking).
    NoneYet,
    /// The tracer has no child or tracee left.
    NoChildren,
}

/// The tracer of one test.
pub struct Tracer {
    /// The program's pid (its end is the test's).
    program: i32,
    /// The program's first stop (after its exec) has come: the tracing
    /// options are set.
    traced: bool,
    /// Ended processes counted and let go to a parent that has not reaped
    /// them yet. If that parent dies first, the zombie comes to the tracer
    /// (the namespace's init, or the subreaper) and its end is told again: it is reaped, not
    /// counted twice (a test killed at its limit, parent and child at once,
    /// showed its CPU time doubled).
    let_go: Vec<i32>,
}

impl Tracer {
    pub fn new(program: i32) -> Tracer {
        Tracer {
            program,
            traced: false,
            let_go: Vec::new(),
        }
    }

    /// The next event of the test's tasks, waiting for one when `block`.
    /// `Err` when the program could not be traced: then it is killed.
    pub fn next(&mut self, block: bool) -> Result<Event, String> {
        // SAFETY: all-zero is a valid siginfo_t (integers only).
        let mut info: Siginfo = unsafe { std::mem::zeroed() };
        let hang = if block { 0 } else { WNOHANG };
        let flags = WEXITED | WSTOPPED | WNOWAIT | WALL | hang;
        // SAFETY: waitid fills the siginfo it is given, of the right type;
        // WNOWAIT leaves the task as it was.
        if unsafe { waitid(P_ALL, 0, &mut info, flags) } != 0 {
            return Ok(match io::Error::last_os_error().raw_os_error() {
                Some(EINTR) => Event::Quiet,
                Some(ECHILD) => Event::NoChildren,
                _ => Event::NoChildren,
            });
        }
        match info.code {
            _ if info.pid == 0 => Ok(Event::NoneYet),
            CLD_EXITED | CLD_KILLED | CLD_DUMPED => Ok(self.ended(info.pid)),
            _ => self.resume(info.pid),
        }
    }

    /// An ended task: its process's own CPU time read (a thread has none of
    /// its own: it is its process's), then the task reaped for the tracer.
    /// A process told a second time (counted, let go, then orphaned to the
    /// tracer) is only reaped.
    fn ended(&mut self, pid: i32) -> Event {
        let again = self.let_go.iter().position(|&p| p == pid);
        let cpu_ns = match again {
            Some(_) => None,
            None => process_cpu_ns(pid),
        };
        let mut status = 0;
        // SAFETY: all-zero is a valid rusage (integers only).
        let mut usage: Rusage = unsafe { std::mem::zeroed() };
        // SAFETY: both pointers are to live values of the right types.
        unsafe { wait4(pid, &mut status, WALL, &mut usage) };
        match again {
            Some(at) => {
                self.let_go.swap_remove(at);
            }
            // A process still there: a zombie its parent has yet to reap.
            None if cpu_ns.is_some() && Path::new(&format!("/proc/{}", pid)).exists() => {
                self.let_go.push(pid)
            }
            None => {}
        }
        match cpu_ns {
            None => Event::Quiet,
            Some(ns) => Event::Ended(Ended {
                pid,
                main: pid == self.program,
                status,
                peak_kib: usage.maxrss.max(0) as u64,
                cpu_us: ns / 1000,
            }),
        }
    }

    /// A stopped task, resumed (see the file's comment).
    fn resume(&mut self, pid: i32) -> Result<Event, String> {
        let mut status = 0;
        // SAFETY: takes the stop the look found; a live int for the status.
        if unsafe { wait4(pid, &mut status, WALL, std::ptr::null_mut()) } != pid {
            return Ok(Event::Quiet);
        }
        if status & 0xff != 0x7f {
            return Ok(Event::Quiet); // not a stop after all
        }
        let (signal, event) = ((status >> 8) & 0xff, status >> 16);
        let deliver = match signal {
            _ if event != 0 => 0,
            SIGTRAP if pid == self.program && !self.traced => {
                self.traced = true;
                // SAFETY: ptrace with integer arguments, on our tracee.
                if unsafe { ptrace(PTRACE_SETOPTIONS, pid, 0usize, OPTIONS as usize) } != 0 {
                    let why = io::Error::last_os_error();
                    // SAFETY: kill(2) takes two integers; the program is
                    // ours, stopped at its exec.
                    unsafe { crate::sys::kill(pid, crate::sys::SIGKILL) };
                    return Err(format!("cannot trace the program: {}", why));
                }
                0
            }
            SIGSTOP | SIGTSTP | SIGTTIN | SIGTTOU => 0,
            other => other,
        };
        // SAFETY: ptrace with integer arguments; a tracee killed meanwhile
        // makes it fail, harmlessly.
        unsafe { ptrace(PTRACE_CONT, pid, 0usize, deliver as usize) };
        Ok(Event::Quiet)
    }
}

/// Whether the process `pid`, which asked to be traced before its exec,
/// is traced by this thread (its tracer is the thread that started it):
/// the kernel may have refused (Yama's `ptrace_scope` 2 for a tracer
/// without `CAP_SYS_PTRACE`, or 3), or another tracer have it already (a
/// judge run under `strace -f`). Taken as traced unless its `status` says
/// otherwise: a traced program taken as untraced would stay stopped.
pub fn traced_by_us(pid: i32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid)).unwrap_or_default();
    let tracer = status
        .lines()
        .find_map(|line| line.strip_prefix("TracerPid:"))
        .and_then(|pid| pid.trim().parse::<u32>().ok());
    let this_thread = || -> Option<u32> {
        let link = std::fs::read_link("/proc/thread-self").ok()?;
        link.file_name()?.to_str()?.parse().ok()
    };
    tracer.map_or(true, |tracer| {
        tracer != 0 && this_thread().map_or(true, |me| me == tracer)
    })
}

/// The CPU time of the process `pid` (all its threads, not what it
/// reaped), ns, read from its process CPU clock while it is a zombie;
/// `None` for a thread that is not its process's leader.
fn process_cpu_ns(pid: i32) -> Option<u64> {
    let mut clock: c_int = 0;
    let mut time = Timespec { sec: 0, nsec: 0 };
    // SAFETY: each call fills the value it is given, of the right type.
    let read = unsafe {
        clock_getcpuclockid(pid, &mut clock) == 0 && clock_gettime(clock, &mut time) == 0
    };
    read.then(|| time.sec.max(0) as u64 * 1_000_000_000 + time.nsec.max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    #[test]
    fn a_program_that_asks_is_traced_by_the_thread_that_started_it() {
        let mut asked = Command::new("sleep");
        asked.arg("5");
        // SAFETY: the closure makes one system call and allocates nothing.
        unsafe {
            asked.pre_exec(|| {
                ask_to_be_traced();
                Ok(())
            })
        };
        let mut asked = asked.spawn().unwrap();
        let mut plain = Command::new("sleep").arg("5").spawn().unwrap();
        assert!(traced_by_us(asked.id() as i32));
        assert!(!traced_by_us(plain.id() as i32));
        // Killed and reaped by pid (a wait for any child would take other
        // tests' children).
        for child in [&mut asked, &mut plain] {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }
}
