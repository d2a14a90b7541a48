//! Linux's system interface as the supervisor uses it (process control,
//! limits, polling), for x86_64 and aarch64, whose numbers here are the same
//! and are checked against the headers by `sys/check.rs`.
//!
//! Built only on those two architectures (see `main.rs`): on others some of
//! these numbers differ (the open flags on 32-bit ARM, the signal numbers on
//! MIPS...), and the judge falls back to running programs directly.

use std::os::raw::{c_int, c_long, c_ulong, c_void};

pub const SIGCHLD: c_int = 17;
pub const WNOHANG: c_int = 1;
pub const EINTR: i32 = 4;
pub const ECHILD: i32 = 10;
pub const POLLIN: i16 = 1;
pub const O_NONBLOCK: c_int = 0o4000;
pub const O_CLOEXEC: c_int = 0o2000000;
pub const F_GETFL: c_int = 3;
pub const F_SETFL: c_int = 4;
pub const RLIMIT_CPU: c_int = 0;
pub const RLIMIT_FSIZE: c_int = 1;
pub const RLIMIT_CORE: c_int = 4;
pub const RLIMIT_AS: c_int = 9;
pub const PR_SET_CHILD_SUBREAPER: c_int = 36;
pub const SC_CLK_TCK: c_int = 2;
pub const SC_PAGESIZE: c_int = 30;

#[repr(C)]
pub struct Timeval {
    pub sec: c_long,
    pub usec: c_long,
}

/// `struct rusage`: two timevals, then fourteen longs, the first of which is
/// the peak resident set size in KiB.
#[repr(C)]
pub struct Rusage {
    pub utime: Timeval,
    pub stime: Timeval,
    pub maxrss: c_long,
    pub rest: [c_long; 13],
}

#[repr(C)]
pub struct Rlimit {
    pub cur: c_ulong,
    pub max: c_ulong,
}

#[repr(C)]
pub struct PollFd {
    pub fd: c_int,
    pub events: i16,
    pub revents: i16,
}

extern "C" {
    pub fn wait4(pid: c_int, status: *mut c_int, options: c_int, usage: *mut Rusage) -> c_int;
    pub fn prlimit(pid: c_int, resource: c_int, new: *const Rlimit, old: *mut Rlimit) -> c_int;
    pub fn setsid() -> c_int;
    pub fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
    pub fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    pub fn poll(fds: *mut PollFd, n: c_ulong, timeout: c_int) -> c_int;
    pub fn sysconf(name: c_int) -> c_long;
    pub fn prctl(
        option: c_int,
        arg2: c_ulong,
        arg3: c_ulong,
        arg4: c_ulong,
        arg5: c_ulong,
    ) -> c_int;
}
