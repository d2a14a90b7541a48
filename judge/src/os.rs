//! What the judge needs from the operating system beyond std, in one place.
//!
//! - Limits set in the child before it starts (Linux): `RLIMIT_AS` for the memory
//!   limit, `RLIMIT_CPU` as a backstop for the time limit, no core dumps.
//! - Waiting for the program without reaping it (`waitid` with `WNOWAIT`), so its
//!   pid, which is also its process group's id, cannot be reused while the judge
//!   kills what is left of the group; then reaping it with `wait4`, which gives
//!   its CPU time and peak memory (its own and those of the descendants it
//!   waited for, so `sh -c "python3 x"` counts python).
//! - Every run carries a marker in its environment, `JUDGE_RUN_ID=<judge pid>-<n>`,
//!   inherited by everything it starts, even by processes that leave its process
//!   group with `setsid`. After the run, `/proc/*/environ` tells which processes
//!   are still about; they are killed. (A process that rewrites its own
//!   environment could hide; programs under test do not do that by accident.)
//! - Ctrl-C and SIGTERM: every live process group the judge started is killed
//!   from the signal handler (atomics and `kill` only, which are safe there), a
//!   watcher thread then kills the marked processes and exits with 128 + signal.
//!   Starting a program goes through a gate ([`SpawnGuard`]): once a signal has
//!   come, no program starts any more, and the watcher waits for the starts
//!   under way to be registered before it kills, so that none is missed. (A
//!   child between fork and exec still shows the judge's own environment,
//!   without the marker, and its group is not registered yet: without the
//!   gate the judge could exit just then and leave it running.)
//!
//! The C library functions are declared here by hand (std links the C library
//! already); the structures follow Linux's layout, where `long` is the word size.
//! Where there are no figures (other systems), [`Usage`] is `None` and the
//! report says `–`.

use std::io;
use std::process::{Child, Command, ExitStatus};
use std::time::Duration;

/// The environment variable that marks every process of one run.
pub const MARKER: &str = "JUDGE_RUN_ID";

/// CPU time and peak memory of a finished program.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// User plus system time.
    pub cpu: Duration,
    /// Peak resident memory (max RSS), KiB.
    pub max_rss_kib: u64,
}

/// Limits for the program: in its own process group; on Linux also at most
/// `cpu_seconds` of CPU time (then SIGXCPU, a second later SIGKILL), at most
/// `memory_bytes` of address space, and no core dumps.
pub fn confine(cmd: &mut Command, cpu_seconds: u64, memory_bytes: Option<u64>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        let set_limits = move || {
            // Only setrlimit between fork and exec: a plain system call, safe
            // there. A failure means the limit in force is already lower.
            linux::set_limit(linux::RLIMIT_CORE, 0, 0);
            linux::set_limit(linux::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1);
            if let Some(bytes) = memory_bytes {
                linux::set_limit(linux::RLIMIT_AS, bytes, bytes);
            }
            Ok(())
        };
        // SAFETY: the closure only calls setrlimit, which allocates nothing and
        // takes no locks, as code run between fork and exec must.
        unsafe {
            cmd.pre_exec(set_limits);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (cmd, cpu_seconds, memory_bytes);
}

/// A program that has ended; on Linux not yet reaped, so its pid stays reserved.
pub struct Ended {
    #[cfg(target_os = "linux")]
    pid: u32,
    #[cfg(not(target_os = "linux"))]
    status: ExitStatus,
}

/// Blocks until `child` ends (without reaping it on Linux).
pub fn wait_until_ended(child: Child) -> io::Result<Ended> {
    #[cfg(target_os = "linux")]
    {
        let pid = child.id();
        linux::wait_no_reap(pid)?;
        drop(child);
        Ok(Ended { pid })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let mut child = child;
        let status = child.wait()?;
        Ok(Ended { status })
    }
}

/// Reaps an ended program: its exit status, and its usage where the OS tells.
pub fn reap(ended: Ended) -> io::Result<(ExitStatus, Option<Usage>)> {
    #[cfg(target_os = "linux")]
    {
        linux::reap(ended.pid)
    }
    #[cfg(not(target_os = "linux"))]
    {
        Ok((ended.status, None))
    }
}

/// Kills the process group whose id is `pid` (the program's, as it leads one).
#[cfg(unix)]
pub fn kill_group(pid: u32) {
    // SAFETY: kill(2) takes two integers and touches no memory of ours.
    unsafe {
        ffi::kill(-(pid as i32), ffi::SIGKILL);
    }
}

#[cfg(not(unix))]
pub fn kill_group(pid: u32) {
    let _ = Command::new("taskkill")
        .args(["/F", "/T", "/PID", &pid.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}

/// Ends whatever is left of a run once its program has ended (and before it is
/// reaped): kills every process carrying the run's marker, and the program's
/// process group. Returns the processes found still running, as
/// `name (pid N)`: all of them when the program ended by itself; when the
/// judge killed its group first (`group_killed`), only those outside the
/// group, which escaped that kill.
/// What they used until then goes into `seen`.
pub fn end_run(pid: u32, marker_value: &str, group_killed: bool, seen: &mut Seen) -> Vec<String> {
    #[cfg(target_os = "linux")]
    {
        let entry = format!("{}={}", MARKER, marker_value);
        let since = linux::start_time(pid);
        let mut found = std::collections::BTreeMap::new();
        // A process may fork while being killed: look again until none is left.
        for round in 0..100 {
            let alive = linux::marked_processes(&entry, false, since);
            if alive.is_empty() {
                break;
            }
            for p in alive {
                seen.note(&p);
                linux::kill_pid(p.pid);
                if !group_killed || p.group != pid as i32 {
                    found.insert(p.pid, format!("{} (pid {})", p.name, p.pid));
                }
            }
            kill_group(pid);
            if round > 0 {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        kill_group(pid);
        found.into_values().collect()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (marker_value, group_killed, seen);
        kill_group(pid);
        Vec::new()
    }
}

/// The CPU time the children an ended, unreaped program waited for used
/// (already part of what `wait4` will give for it); zero where unknown.
pub fn children_cpu(pid: u32) -> Duration {
    #[cfg(target_os = "linux")]
    {
        linux::children_ticks(pid).map_or(Duration::ZERO, linux::ticks_to_time)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        Duration::ZERO
    }
}

/// The CPU time a running (or ended, unreaped) program has used so far, with
/// that of the children it waited for; `None` where the OS does not tell.
pub fn cpu_time_so_far(pid: u32) -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        linux::cpu_ticks(pid).map(linux::ticks_to_time)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
    }
}

/// What the judge saw of a run's processes other than the program itself
/// while they still ran: CPU time and peak memory, which `wait4` cannot give
/// for processes nobody waited for (say `python` under a launcher script that
/// was killed first). Each process counts once, with its last figures.
#[derive(Default)]
pub struct Seen {
    #[cfg(target_os = "linux")]
    cpu_ticks: std::collections::HashMap<i32, u64>,
    #[cfg(target_os = "linux")]
    peak_kib: u64,
}

impl Seen {
    #[cfg(target_os = "linux")]
    fn note(&mut self, p: &linux::Marked) {
        let ticks = self.cpu_ticks.entry(p.pid).or_default();
        *ticks = (*ticks).max(p.cpu_ticks);
        self.peak_kib = self.peak_kib.max(p.peak_kib);
    }

    /// The CPU time seen.
    pub fn cpu(&self) -> Duration {
        #[cfg(target_os = "linux")]
        {
            linux::ticks_to_time(self.cpu_ticks.values().sum())
        }
        #[cfg(not(target_os = "linux"))]
        Duration::ZERO
    }

    /// The program's own figures completed with what was seen. `reaped` is
    /// the CPU time of the children the program waited for, which `usage`
    /// holds already: a process seen running may be among them (a shell
    /// reaps the program it ran even as both are killed), so only what was
    /// seen beyond `reaped` is added. Counting it twice made a 1.2 s run
    /// report 2.4 s of CPU; at worst this now misses some CPU time of a
    /// process nobody waited for, never adds it twice.
    pub fn add_to(&self, usage: Usage, reaped: Duration) -> Usage {
        #[cfg(target_os = "linux")]
        {
            Usage {
                cpu: usage.cpu + self.cpu().saturating_sub(reaped),
                max_rss_kib: usage.max_rss_kib.max(self.peak_kib),
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = reaped;
            usage
        }
    }
}

/// Notes in `seen` the figures of the run's processes other than the
/// program `pid` itself (which `wait4` covers), before the judge kills them.
pub fn look_at_run(pid: u32, marker_value: &str, seen: &mut Seen) {
    #[cfg(target_os = "linux")]
    {
        let entry = format!("{}={}", MARKER, marker_value);
        for p in linux::marked_processes(&entry, false, linux::start_time(pid)) {
            if p.pid != pid as i32 {
                seen.note(&p);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (pid, marker_value, seen);
}

/// Permission to start one program, refused once a signal has come (see the
/// module doc). Hold it from before the spawn until the program's
/// [`LiveGroup`] is registered.
pub struct SpawnGuard(());

impl SpawnGuard {
    pub fn new() -> io::Result<SpawnGuard> {
        #[cfg(unix)]
        if !interrupt::begin_spawn() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the judge is stopping: no program starts any more",
            ));
        }
        Ok(SpawnGuard(()))
    }
}

impl Drop for SpawnGuard {
    fn drop(&mut self) {
        #[cfg(unix)]
        interrupt::end_spawn();
    }
}

/// Registers a running program's process group, for the Ctrl-C handler; the
/// registration ends when the value is dropped (after the program is reaped).
pub struct LiveGroup {
    #[cfg(unix)]
    slot: Option<usize>,
}

impl LiveGroup {
    pub fn new(pid: u32) -> LiveGroup {
        #[cfg(unix)]
        {
            let slot = interrupt::register(pid as i32);
            if interrupt::stopping() {
                kill_group(pid);
            }
            LiveGroup { slot }
        }
        #[cfg(not(unix))]
        {
            let _ = pid;
            LiveGroup {}
        }
    }
}

impl Drop for LiveGroup {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(slot) = self.slot {
            interrupt::unregister(slot);
        }
    }
}

/// On SIGINT and SIGTERM: kill every program the judge started, then exit with
/// 128 + the signal (130 for Ctrl-C). Call once, before starting any program.
pub fn handle_interrupts() {
    #[cfg(unix)]
    interrupt::install();
}

/// Once a signal has stopped the judge, the programs under test die and their
/// verdicts mean nothing: the caller waits here, reporting nothing more, for
/// the watcher thread to end the process.
pub fn hold_if_interrupted() {
    #[cfg(unix)]
    if interrupt::interrupted() {
        loop {
            std::thread::park();
        }
    }
}

/// Whether the judge is stopping (a signal came, or its output is gone): no
/// new test should start.
pub fn stopping() -> bool {
    #[cfg(unix)]
    {
        interrupt::stopping()
    }
    #[cfg(not(unix))]
    false
}

/// Kills every program the judge started and everything they started, at once
/// (for a judge that must stop, say because its own output is gone).
pub fn stop_everything() {
    #[cfg(unix)]
    interrupt::stop_everything();
}

#[cfg(unix)]
mod ffi {
    use std::os::raw::{c_int, c_void};

    pub const SIGKILL: c_int = 9;
    pub const SIGINT: c_int = 2;
    pub const SIGTERM: c_int = 15;
    pub const F_SETFD: c_int = 2;
    pub const FD_CLOEXEC: c_int = 1;

    extern "C" {
        pub fn kill(pid: c_int, sig: c_int) -> c_int;
        pub fn signal(signum: c_int, handler: extern "C" fn(c_int)) -> usize;
        pub fn pipe(fds: *mut c_int) -> c_int;
        pub fn fcntl(fd: c_int, cmd: c_int, arg: c_int) -> c_int;
        pub fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
    }
}

#[cfg(unix)]
mod interrupt {
    use super::ffi;
    use std::fs::File;
    use std::io::Read;
    use std::os::raw::c_int;
    use std::os::unix::io::FromRawFd;
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

    /// Room for this many programs running at once (`-j` is capped below it).
    pub const SLOTS: usize = 1024;

    #[allow(clippy::declare_interior_mutable_const)] // only to fill the array
    const EMPTY: AtomicI32 = AtomicI32::new(0);
    /// The process groups of the programs running now; 0 is a free slot.
    static LIVE: [AtomicI32; SLOTS] = [EMPTY; SLOTS];
    static STOPPING: AtomicBool = AtomicBool::new(false);
    static SIGNAL: AtomicI32 = AtomicI32::new(0);
    /// Write end of the pipe that wakes the watcher thread; -1 before install.
    static WAKE: AtomicI32 = AtomicI32::new(-1);
    /// Programs being started now (between the gate and their registration).
    static SPAWNING: AtomicUsize = AtomicUsize::new(0);

    /// Counts a start in, unless the judge is stopping. Both sides use
    /// SeqCst: either this sees STOPPING, or the watcher (which sets STOPPING
    /// first) sees the start in SPAWNING and waits for it.
    pub fn begin_spawn() -> bool {
        SPAWNING.fetch_add(1, Ordering::SeqCst);
        if STOPPING.load(Ordering::SeqCst) {
            SPAWNING.fetch_sub(1, Ordering::SeqCst);
            return false;
        }
        true
    }

    pub fn end_spawn() {
        SPAWNING.fetch_sub(1, Ordering::SeqCst);
    }

    /// Waits (10 s at most) until no start is under way: each has either
    /// registered its group, or failed.
    fn wait_for_starts() {
        let give_up = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while SPAWNING.load(Ordering::SeqCst) > 0 && std::time::Instant::now() < give_up {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    pub fn register(group: i32) -> Option<usize> {
        (0..SLOTS).find(|&i| {
            LIVE[i]
                .compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        })
    }

    pub fn unregister(slot: usize) {
        LIVE[slot].store(0, Ordering::SeqCst);
    }

    pub fn stopping() -> bool {
        STOPPING.load(Ordering::SeqCst)
    }

    pub fn interrupted() -> bool {
        SIGNAL.load(Ordering::SeqCst) != 0
    }

    fn kill_live_groups() {
        for slot in LIVE.iter() {
            let group = slot.load(Ordering::SeqCst);
            if group > 0 {
                // SAFETY: kill(2) is async-signal-safe and touches no memory.
                unsafe {
                    ffi::kill(-group, ffi::SIGKILL);
                }
            }
        }
    }

    /// The signal handler: only atomics, kill(2) and write(2).
    extern "C" fn on_signal(signal: c_int) {
        STOPPING.store(true, Ordering::SeqCst);
        SIGNAL.store(signal, Ordering::SeqCst);
        kill_live_groups();
        let fd = WAKE.load(Ordering::SeqCst);
        if fd >= 0 {
            let byte = 1u8;
            // SAFETY: write(2) is async-signal-safe; the buffer is a live byte.
            unsafe {
                ffi::write(fd, &byte as *const u8 as *const _, 1);
            }
        }
    }

    pub fn install() {
        let mut fds = [0 as c_int; 2];
        // SAFETY: pipe(2) fills the two-int array; fcntl only sets a flag, so
        // that the programs under test do not inherit the pipe.
        let piped = unsafe {
            ffi::pipe(fds.as_mut_ptr()) == 0
                && ffi::fcntl(fds[0], ffi::F_SETFD, ffi::FD_CLOEXEC) == 0
                && ffi::fcntl(fds[1], ffi::F_SETFD, ffi::FD_CLOEXEC) == 0
        };
        if !piped {
            return; // without the watcher, Ctrl-C just ends the judge as before
        }
        WAKE.store(fds[1], Ordering::SeqCst);
        // SAFETY: the read end is ours alone from here on.
        let mut wake = unsafe { File::from_raw_fd(fds[0]) };
        std::thread::spawn(move || {
            let mut byte = [0u8; 1];
            if wake.read(&mut byte).is_ok() {
                stop_everything();
                let signal = SIGNAL.load(Ordering::SeqCst);
                let _ = std::io::Write::write_all(
                    &mut std::io::stderr(),
                    b"judge: interrupted; the programs under test were killed\n",
                );
                std::process::exit(128 + signal);
            }
        });
        // SAFETY: installs a handler that is async-signal-safe (see on_signal).
        unsafe {
            ffi::signal(ffi::SIGINT, on_signal);
            ffi::signal(ffi::SIGTERM, on_signal);
        }
    }

    pub fn stop_everything() {
        STOPPING.store(true, Ordering::SeqCst);
        kill_live_groups();
        wait_for_starts();
        kill_live_groups();
        #[cfg(target_os = "linux")]
        {
            let prefix = format!("{}={}-", super::MARKER, std::process::id());
            for _ in 0..100 {
                let alive = super::linux::marked_processes(&prefix, true, None);
                if alive.is_empty() {
                    break;
                }
                for p in alive {
                    super::linux::kill_pid(p.pid);
                }
                kill_live_groups();
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use super::Usage;
    use std::io;
    use std::os::raw::{c_int, c_long, c_uint, c_ulong, c_void};
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;
    use std::time::Duration;

    // The generic Linux values (x86, ARM, RISC-V).
    pub const RLIMIT_CPU: c_int = 0;
    pub const RLIMIT_CORE: c_int = 4;
    pub const RLIMIT_AS: c_int = 9;
    const P_PID: c_int = 1;
    const WEXITED: c_int = 4;
    const WNOWAIT: c_int = 0x0100_0000;

    #[repr(C)]
    struct Timeval {
        sec: c_long,
        usec: c_long,
    }

    /// `struct rusage`: two timevals, then fourteen longs, the first of which
    /// is the peak resident set size in KiB.
    #[repr(C)]
    struct Rusage {
        utime: Timeval,
        stime: Timeval,
        maxrss: c_long,
        rest: [c_long; 13],
    }

    #[repr(C)]
    struct Rlimit {
        cur: c_ulong,
        max: c_ulong,
    }

    extern "C" {
        fn wait4(pid: c_int, status: *mut c_int, options: c_int, usage: *mut Rusage) -> c_int;
        fn waitid(idtype: c_int, id: c_uint, info: *mut c_void, options: c_int) -> c_int;
        fn setrlimit(resource: c_int, limit: *const Rlimit) -> c_int;
    }

    pub fn set_limit(resource: c_int, soft: u64, hard: u64) {
        // Beyond what the type holds means no limit (RLIM_INFINITY is all
        // ones); the cast does something only where `long` has 32 bits.
        #[allow(clippy::unnecessary_cast)]
        let clamp = |v: u64| v.min(c_ulong::MAX as u64) as c_ulong;
        let limit = Rlimit {
            cur: clamp(soft),
            max: clamp(hard),
        };
        // SAFETY: the structure is a valid rlimit for the call's duration.
        unsafe {
            setrlimit(resource, &limit);
        }
    }

    pub fn wait_no_reap(pid: u32) -> io::Result<()> {
        // siginfo_t is 128 bytes; its contents are not needed.
        let mut info = [0u64; 16];
        loop {
            // SAFETY: `info` is large enough for a siginfo_t.
            let r = unsafe { waitid(P_PID, pid, info.as_mut_ptr().cast(), WEXITED | WNOWAIT) };
            if r == 0 {
                return Ok(());
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }

    pub fn reap(pid: u32) -> io::Result<(ExitStatus, Option<Usage>)> {
        let mut status: c_int = 0;
        // SAFETY: an all-zero rusage is valid (integers only).
        let mut usage: Rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: both pointers are to live values of the right types.
            let r = unsafe { wait4(pid as c_int, &mut status, 0, &mut usage) };
            if r == pid as c_int {
                break;
            }
            let e = io::Error::last_os_error();
            if r != -1 || e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
        let time = |t: &Timeval| {
            Duration::from_secs(t.sec.max(0) as u64) + Duration::from_micros(t.usec.max(0) as u64)
        };
        let usage = Usage {
            cpu: time(&usage.utime) + time(&usage.stime),
            max_rss_kib: usage.maxrss.max(0) as u64,
        };
        Ok((ExitStatus::from_raw(status), Some(usage)))
    }

    pub fn kill_pid(pid: i32) {
        // SAFETY: kill(2) takes two integers and touches no memory of ours.
        unsafe {
            super::ffi::kill(pid, super::ffi::SIGKILL);
        }
    }

    /// A live process carrying a marker.
    pub struct Marked {
        pub pid: i32,
        pub group: i32,
        pub name: String,
        /// User and system time, its own and its waited-for children's.
        pub cpu_ticks: u64,
        /// Peak resident memory (VmHWM), KiB.
        pub peak_kib: u64,
    }

    extern "C" {
        fn sysconf(name: c_int) -> c_long;
    }
    const SC_CLK_TCK: c_int = 2;

    pub fn ticks_to_time(ticks: u64) -> Duration {
        // SAFETY: sysconf only reads a system setting.
        let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
        Duration::from_secs(ticks / per_second)
            + Duration::from_nanos((ticks % per_second) * 1_000_000_000 / per_second)
    }

    /// The peak resident memory of a process, from `/proc/<pid>/status`.
    fn peak_kib(pid: i32) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", pid)).unwrap_or_default();
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kib| kib.parse().ok())
            .unwrap_or(0)
    }

    /// What `/proc/<pid>/stat` says about a process.
    struct Stat {
        name: String,
        state: String,
        group: i32,
        kernel_thread: bool,
        /// utime + stime + cutime + cstime, clock ticks.
        cpu_ticks: u64,
        /// cutime + cstime: the part of `cpu_ticks` its waited-for children used.
        children_ticks: u64,
        /// Clock ticks after boot.
        start: u64,
    }

    fn stat(pid: i32) -> Option<Stat> {
        let text = std::fs::read_to_string(format!("/proc/{}/stat", pid)).ok()?;
        // "pid (name) state ppid pgrp ...": the name may hold anything.
        let (open, close) = (text.find('(')?, text.rfind(')')?);
        let fields: Vec<&str> = text[close + 1..].split_whitespace().collect();
        const PF_KTHREAD: u64 = 0x0020_0000;
        Some(Stat {
            name: text[open + 1..close].to_string(),
            state: fields.first()?.to_string(),
            group: fields.get(2)?.parse().ok()?,
            kernel_thread: fields.get(6)?.parse::<u64>().ok()? & PF_KTHREAD != 0,
            cpu_ticks: ticks(fields.get(11..15)?),
            children_ticks: ticks(fields.get(13..15)?),
            start: fields.get(19)?.parse().ok()?,
        })
    }

    /// The sum of some clock-tick fields of a stat line.
    fn ticks(fields: &[&str]) -> u64 {
        fields.iter().map(|f| f.parse::<u64>().unwrap_or(0)).sum()
    }

    pub fn cpu_ticks(pid: u32) -> Option<u64> {
        stat(pid as i32).map(|s| s.cpu_ticks)
    }

    pub fn children_ticks(pid: u32) -> Option<u64> {
        stat(pid as i32).map(|s| s.children_ticks)
    }

    /// When the process started, in clock ticks after boot.
    pub fn start_time(pid: u32) -> Option<u64> {
        stat(pid as i32).map(|s| s.start)
    }

    /// The live processes whose environment holds `entry` exactly, or an entry
    /// starting with it (`prefix`). Zombies are not live: they only wait to
    /// be reaped, and their environment is gone anyway.
    ///
    /// A process in the middle of an exec shows an empty environment for a
    /// moment; one started at `since` or later (the run's program started
    /// then) that shows none is looked at again a few times.
    pub fn marked_processes(entry: &str, prefix: bool, since: Option<u64>) -> Vec<Marked> {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        let me = std::process::id() as i32;
        let has_marker = |environ: &[u8]| {
            environ.split(|&b| b == 0).any(|var| {
                if prefix {
                    var.starts_with(entry.as_bytes())
                } else {
                    var == entry.as_bytes()
                }
            })
        };
        let mut found = Vec::new();
        for item in dir.flatten() {
            let Some(pid) = item
                .file_name()
                .to_str()
                .and_then(|s| s.parse::<i32>().ok())
            else {
                continue;
            };
            if pid == me {
                continue;
            }
            let environ_path = item.path().join("environ");
            // Other users' processes cannot be read, and are none of ours.
            let Ok(mut environ) = std::fs::read(&environ_path) else {
                continue;
            };
            if environ.is_empty() {
                let Some(info) = stat(pid) else { continue };
                let young = since.is_some_and(|since| info.start >= since);
                if !young || info.kernel_thread || info.state == "Z" {
                    continue;
                }
                for _ in 0..20 {
                    std::thread::sleep(Duration::from_millis(1));
                    environ = std::fs::read(&environ_path).unwrap_or_default();
                    if !environ.is_empty() {
                        break;
                    }
                }
            }
            if !has_marker(&environ) {
                continue;
            }
            let Some(info) = stat(pid) else { continue };
            if info.state == "Z" || info.state == "X" {
                continue;
            }
            found.push(Marked {
                pid,
                group: info.group,
                name: info.name,
                cpu_ticks: info.cpu_ticks,
                peak_kib: peak_kib(pid),
            });
        }
        found
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn seen_one(cpu_ticks: u64) -> Seen {
        let mut seen = Seen::default();
        seen.note(&linux::Marked {
            pid: 42,
            group: 42,
            name: "python3".to_string(),
            cpu_ticks,
            peak_kib: 1000,
        });
        seen
    }

    #[test]
    fn a_process_seen_and_then_reaped_by_the_program_counts_once() {
        let python = linux::ticks_to_time(120);
        // The shell reaped python, so wait4 gives the shell plus python.
        let shell_and_python = Usage {
            cpu: python + Duration::from_millis(2),
            max_rss_kib: 2000,
        };
        let total = seen_one(120).add_to(shell_and_python, python);
        assert_eq!(total.cpu, shell_and_python.cpu);
        // The shell was killed before it could reap python: python is added.
        let shell = Usage {
            cpu: Duration::from_millis(2),
            max_rss_kib: 2000,
        };
        let total = seen_one(120).add_to(shell, Duration::ZERO);
        assert_eq!(total.cpu, shell.cpu + python);
    }
}
