//! The supervisor: a small process that runs the tests of one parallel slot,
//! one after another, so that nothing a test starts escapes its limits.
//!
//! The judge starts one per slot as `judge --supervise` (the same binary in a
//! mode of its own, so it carries none of the judge's memory: a child's peak
//! memory includes what its parent held when it forked) and sends it one test
//! at a time over a pipe ([`Request`] in, [`Report`] out).
//!
//! There are two paths. Sandboxed (the usual one, `sandbox/`), the program
//! does not start as the supervisor's child: the warden of the slot's cell,
//! the init of the test's PID namespace, starts it, traces every process it
//! makes (so that each one's CPU time is counted when it ends, whoever
//! waits for it), reaps them, and tells the supervisor over a socket; the
//! supervisor still makes the looks and the decisions below, on the
//! warden's descendants. Without the sandbox (`JUDGE_NO_SANDBOX`, or a
//! kernel that refuses namespaces), the supervisor does it all itself, as
//! the rest of this comment says. For each test it:
//!
//! - runs it in a **session of its own** (`setsid`, once, for the
//!   supervisor), which has no controlling terminal, and the program in a
//!   process group of its own: the program has no terminal to take, and
//!   Ctrl-C and the terminal stay the judge's;
//! - is a **child subreaper** (`prctl(PR_SET_CHILD_SUBREAPER)`): a process the
//!   program leaves behind comes back to the supervisor when its parent dies,
//!   instead of going to init;
//! - **traces** every process of the test (`trace.rs`, as the warden does
//!   sandboxed): it hears of each one's end first, whoever its parent is
//!   and whatever the parent does with `SIGCHLD`, reads its own CPU time,
//!   then lets it go (or reaps it, its own child). Where the kernel refuses
//!   the tracing, `wait4` gives the CPU time and peak memory of each
//!   process the supervisor reaps, with what that one reaped;
//! - looks at the test's processes (its descendants, from
//!   `/proc/PID/task/TID/children`) every [`TICK`]: their CPU time so far,
//!   their resident memory, summed, and the time they spent waiting for a CPU
//!   (`/proc/PID/schedstat`). It kills the test when the CPU time passes the
//!   time limit, when the memory passes the memory limit, when the time
//!   during which none of its processes was on a CPU nor waiting for one
//!   passes the wall-clock net (`idle.rs`), or when its wall time reaches
//!   [`Request::wall_bound`];
//! - when the program ends (or is killed) kills every process left and reaps
//!   until it has no child left (`ECHILD`): neither a fork chain nor a zombie
//!   leader whose threads live on survives. What was still running when the
//!   program ended is named in the report, with the standard output or error
//!   it held open.
//!
//! The program reads its input from a sealed copy in memory and writes its
//! output to a file made afresh for each test (`files.rs`: nothing of the
//! user's or of the last test's; `RLIMIT_FSIZE` stops it at the output
//! limit); its standard error goes
//! through a pipe of which the supervisor keeps the end. `RLIMIT_AS` is only a
//! backstop far above the memory limit, so that the JVM or Go, which reserve
//! address space they never touch, run under the default limit. Only the
//! request to be traced runs in the child between its fork and its exec;
//! the backstops are set from outside (`prlimit`) while it is stopped at
//! its exec, before the supervisor lets it run (untraced, right after its
//! start: what it might start before that is still held by the looks,
//! which also watch the size of the output).
//!
//! The supervisor ends, killing the test under way, on SIGINT or SIGTERM, or
//! when the judge's end of the pipe closes (the judge died). It is Linux's
//! (the subreaper and `/proc` are), built on x86_64 and aarch64, whose
//! system numbers `sys/` checks; elsewhere `run.rs` runs the program
//! directly.
//!
//! One concern a file: `protocol.rs` (the frames on the pipe), `client.rs`
//! (the judge's pool of supervisors), `server.rs` (the supervisor's loop and
//! folder), `watch.rs` (one test, from its start to its last process
//! reaped), `files.rs` (its standard input and output), `idle.rs` (its
//! idle time), `control.rs` (process control), `procs.rs` (what `/proc` says),
//! `events.rs` (signals and waiting), `seccomp.rs` (the filter that refuses
//! a test namespaces of its own), `sandbox/` (the namespaces, the view a
//! program sees and the warden that starts it); the system calls are in
//! `sys/`, the pipes and the signal self-pipe in `os.rs`. None of these
//! files uses one that uses it (`tests/shape.rs` holds it so).

mod client;
mod control;
mod events;
mod exec_error;
mod files;
mod idle;
mod procs;
mod protocol;
mod sandbox;
mod seccomp;
mod server;
mod trace;
mod watch;

pub use client::{run, serve_from, set_view};
pub use server::serve;

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// How often the supervisor looks at a running test's processes.
pub const TICK: Duration = Duration::from_millis(10);

/// The descriptors each process of a test may have open (`RLIMIT_NOFILE`,
/// soft and hard): the usual soft limit, which is what a JVM or Python
/// uses. It bounds what one count of the test's memfds reads (the count
/// reads every descriptor's link, at most `watch::SWEEP_LINKS` a look).
pub const DESCRIPTORS: u64 = 1024;

/// The descriptors a test's processes may hold at once, all together (a
/// look that sees more kills the test). Each holds a little of the
/// kernel's memory that no look sees (a pipe's pages, an epoll watch), and
/// watches grow as the square of descriptors (each epoll instance may
/// watch every other descriptor): 2 048 keep that to about 200 MiB
/// (docs/sandbox.md, measured), eight a process at the default process
/// bound, and a whole `RLIMIT_NOFILE` for a program of one process.
pub const DESCRIPTORS_AT_ONCE: u64 = 2048;

/// The signals queued and POSIX timers a test's user may have at once
/// (`RLIMIT_SIGPENDING`): each timer holds a few hundred bytes of the
/// kernel's, and the machine's default (about 96 000 here) would let a
/// test keep some 30 MiB there. Ordinary signals are not bound by it.
pub const PENDING_SIGNALS: u64 = 4096;

/// The argument that starts the judge binary as a supervisor.
pub const MODE: &str = "--supervise";

/// One test to run.
#[derive(Debug, Default, PartialEq)]
pub struct Request {
    pub argv: Vec<OsString>,
    /// The file the program reads as its standard input.
    pub stdin: PathBuf,
    /// The CPU time limit, over all the test's processes.
    pub cpu_limit: Duration,
    /// Kill the test when its time off the CPU and not waiting for one
    /// passes this.
    pub wall_net: Duration,
    /// The memory limit on the sum of the resident memory of the test's
    /// processes, bytes; 0 for none.
    pub memory_limit: u64,
    /// `RLIMIT_CPU` for each process, seconds: a backstop.
    pub cpu_backstop_seconds: u64,
    /// `RLIMIT_AS` for each process, bytes: a backstop; 0 for none.
    pub address_space_backstop: u64,
    /// Standard output beyond this many bytes stops the program.
    pub output_limit: u64,
    /// The test is killed when it has more processes and threads than this
    /// at once; 0 for no bound. (Sandboxed, `RLIMIT_NPROC` also has the
    /// kernel refuse it more than one beyond.)
    pub max_processes: u64,
}

impl Request {
    /// The bound on the test's wall time, however it is spent: its CPU
    /// limit and wall-clock net, twice over (a busy machine stretches
    /// both). The judge waits a little longer for the report
    /// (`client.rs`), so that a test never makes the judge give up.
    pub fn wall_bound(&self) -> Duration {
        (self.cpu_limit + self.wall_net) * 2
    }

    /// The backstop limits set in the program (soft and hard alike): its
    /// CPU time, its output file's size, its descriptors, its queued
    /// signals and timers, its address space. (No core dumps
    /// and no POSIX message queue are the supervisor's own limits, which
    /// every program inherits: [`control::carry_inherited_limits`].)
    pub fn backstop_limits(&self) -> Vec<(std::os::raw::c_int, u64)> {
        use crate::sys::linux::{
            RLIMIT_AS, RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_NOFILE, RLIMIT_SIGPENDING,
        };
        let mut limits = vec![
            (RLIMIT_CPU, self.cpu_backstop_seconds),
            (RLIMIT_FSIZE, self.output_limit + 1),
            (RLIMIT_NOFILE, DESCRIPTORS),
            (RLIMIT_SIGPENDING, PENDING_SIGNALS),
        ];
        if self.address_space_backstop > 0 {
            limits.push((RLIMIT_AS, self.address_space_backstop));
        }
        limits
    }
}

/// How a test ended.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Ending {
    /// The program ended by itself.
    #[default]
    Exited,
    /// Killed at the wall-clock net.
    WallNet,
    /// Killed once its CPU time passed the limit.
    CpuLimit,
    /// Killed once its memory passed the limit.
    MemoryLimit,
    /// Killed once its output passed the output limit (a process that
    /// escaped `RLIMIT_FSIZE` by starting before it was set).
    OutputLimit,
    /// Killed once it had more processes and threads than its bound.
    ProcessLimit,
    /// Killed once its processes held more descriptors than
    /// [`DESCRIPTORS_AT_ONCE`].
    DescriptorLimit,
    /// Could not be stopped: the supervisor gave up (see `problem`).
    Stuck,
}

/// What came of one test.
#[derive(Debug, Default, PartialEq)]
pub struct Report {
    /// Why the program could not be started, if it could not.
    pub not_started: Option<String>,
    pub ending: Option<Ending>,
    /// The program's wait status, as `waitpid` gives it.
    pub status: i32,
    pub wall: Duration,
    /// The CPU time of every process of the test.
    pub cpu: Duration,
    /// The peak of the test's resident memory, KiB.
    pub peak_kib: u64,
    /// How long the test is credited as waiting for a CPU: its wall time
    /// less its CPU time and its idle time, none if less.
    pub waited: Duration,
    /// How long none of the test's processes was on a CPU or waiting for
    /// one (`idle.rs`).
    pub idle: Duration,
    /// The end of standard error.
    pub stderr_tail: Vec<u8>,
    /// How many bytes the test wrote to its standard error in all.
    pub stderr_bytes: u64,
    /// The processes still running when the program ended: `name (pid N)`,
    /// with what they held open.
    pub leftovers: Vec<String>,
    /// Something that went wrong in the supervisor itself.
    pub problem: Option<String>,
    /// Whether the test ran in the sandbox.
    pub sandboxed: bool,
    /// What the sandbox's view left out that the program may have wanted,
    /// one line each, said once by the judge.
    pub notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::client::HOOK_ENV;
    use super::serve;

    /// Not a test: the supervisor of the judge's unit tests, started by
    /// `client::supervisor_command` with the harness's filter for this name alone.
    #[test]
    fn supervisor_hook() {
        if std::env::var_os(HOOK_ENV).is_some() {
            serve();
        }
    }
}
