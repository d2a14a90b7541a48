//! The warden: PID 1 of a slot's PID namespace, living as long as the slot's
//! cell. For each test the supervisor sends it (over the cell's socket) the
//! command line and the three descriptors; it starts the program, reaps and
//! reports every process of the namespace, and says when none is left (the
//! supervisor kills them at the test's end) and whether the test left a
//! SysV object in the cell's IPC namespace. Tests of a slot run one after
//! another, so a test sees only its own processes and the warden, and each
//! starts from the same pid (the namespace's next pid set back to 2).

use super::policy::HIDDEN_IN_PROC;
use super::socket::{self, FDS, MAX_COMMAND};
use super::view::{mount_at, INSIDE_ID};
use super::wire::{Plan, Record, Run};
use crate::supervise::trace::{trace_me, Event, Tracer};
use crate::sys::linux::{
    _exit, chdir, clone, dup2, execvp, msgctl, prctl, prlimit, semctl, setgroups, setresgid,
    setresuid, setrlimit, setsid, shmctl, MsgInfo, Rlimit, SemInfo, ShmInfo, CLONE_VFORK, CLONE_VM,
    ENOSYS, MSG_INFO, MS_BIND, MS_NODEV, MS_NOEXEC, MS_NOSUID, MS_REMOUNT, PR_SET_DUMPABLE,
    PR_SET_PDEATHSIG, SEM_INFO, SHM_INFO, SIGCHLD, SIGPIPE, SIG_DFL,
};
use crate::sys::{signal, SIGINT, SIGKILL, SIGTERM};
use std::fs::File;
use std::io;
use std::os::raw::{c_char, c_int, c_ulong, c_void};
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::Path;

/// The warden's life (see the file's comment). Never returns: it ends when
/// the supervisor closes the socket or dies.
pub fn warden(plan: &Plan, report: RawFd, commands: RawFd, roots: &[RawFd]) -> ! {
    if let Err(why) = settle(report, commands, roots) {
        Record::Failed(why).send(report);
        // SAFETY: ends the warden, and with it the namespace.
        unsafe { _exit(1) }
    }
    let mut buffer = vec![0u8; MAX_COMMAND];
    let mut size = plan.scratch_size;
    bound_shared_memory(size);
    let mut stack = vec![0u8; START_STACK];
    loop {
        let run = socket::receive(commands, &mut buffer).and_then(|received| {
            let Some((len, fds)) = received else {
                return Ok(None);
            };
            Ok(Some((Run::parse(&buffer[..len])?, fds)))
        });
        // Each command ends with the word that the test has no process
        // left (run_one says it with the last process reaped).
        let failed = match run {
            Ok(Some((run, fds))) => match resize_scratch(roots, &mut size, run.scratch_size) {
                Ok(()) => {
                    run_one(plan, &run, fds, report, &mut stack);
                    continue;
                }
                Err(why) => why,
            },
            Ok(None) => break,
            Err(why) => why.to_string(),
        };
        Record::send_all(&[Record::Failed(failed), idle()], report);
    }
    // SAFETY: ends the warden once the supervisor is gone.
    unsafe { _exit(0) }
}

/// Dies with the supervisor, takes the default signal actions, mounts the
/// namespace's `/proc` (what the policy hides there read as empty: the
/// null device bound over it), keeps only its two descriptors (and
/// `/dev/null` as 0, 1 and 2, so that a test's descriptors never land
/// there), and refuses itself and its tests new namespaces (`seccomp.rs`).
fn settle(report: RawFd, commands: RawFd, roots: &[RawFd]) -> Result<(), String> {
    // SAFETY: prctl with integer arguments.
    if unsafe {
        prctl(
            PR_SET_PDEATHSIG,
            SIGKILL as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    } != 0
    {
        let why = io::Error::last_os_error();
        return Err(format!("cannot die with the supervisor: {}", why));
    }
    // SAFETY: signal with the default action.
    unsafe {
        for sig in [SIGCHLD, SIGINT, SIGTERM] {
            signal(sig, SIG_DFL);
        }
    }
    mount_at(
        Some("proc"),
        Path::new("/proc"),
        Some("proc"),
        MS_NOSUID | MS_NODEV | MS_NOEXEC,
        None,
    )?;
    for file in HIDDEN_IN_PROC.iter().map(Path::new) {
        mount_at(Some("/dev/null"), file, None, MS_BIND, None)?;
    }
    let null = File::options()
        .read(true)
        .write(true)
        .open("/dev/null")
        .map_err(|e| format!("/dev/null: {}", e))?;
    for fd in 0..3 {
        // SAFETY: duplicates a descriptor the warden holds.
        if unsafe { dup2(null.as_raw_fd(), fd) } < 0 {
            let why = io::Error::last_os_error();
            return Err(format!("cannot put /dev/null on {}: {}", fd, why));
        }
    }
    let mut keep = vec![0, 1, 2, report, commands, null.as_raw_fd()];
    keep.extend_from_slice(roots);
    let open: Vec<RawFd> = std::fs::read_dir("/proc/self/fd")
        .map_err(|e| format!("/proc/self/fd: {}", e))?
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
        .collect();
    for fd in open.into_iter().filter(|fd| !keep.contains(fd)) {
        // SAFETY: closes a descriptor inherited from the supervisor, which
        // nothing in the warden uses (the listing's own is gone by now).
        unsafe { crate::sys::linux::close(fd) };
    }
    // The warden makes no namespace from here on; its tests make none.
    crate::supervise::seccomp::install_for_tests()
}

/// Gives the scratch folders (whose roots are open as `roots`) the size a
/// test needs, when it needs one they do not have: they are empty between
/// tests, so any size fits. The same bound goes on the cell's SysV shared
/// memory.
fn resize_scratch(roots: &[RawFd], size: &mut u64, wanted: Option<u64>) -> Result<(), String> {
    let Some(wanted) = wanted.filter(|wanted| wanted != size) else {
        return Ok(());
    };
    for root in roots {
        mount_at(
            None,
            Path::new(&format!("/proc/self/fd/{}", root)),
            None,
            MS_REMOUNT | MS_NOSUID | MS_NODEV,
            Some(&format!("size={}", wanted)),
        )?;
    }
    *size = wanted;
    bound_shared_memory(wanted);
    Ok(())
}

/// Bounds the SysV shared memory of the cell's IPC namespace to `bytes`
/// (its own `kernel.shmall`, which the namespace's root may set on Linux
/// 5.19 and later; elsewhere, or when the judge is not root, the machine's
/// bound stays).
fn bound_shared_memory(bytes: u64) {
    let page = crate::supervise::procs::page_size();
    let pages = (bytes + page - 1) / page;
    let _ = std::fs::write("/proc/sys/kernel/shmall", pages.to_string());
}

/// The word that the test has no process left, with whether it left the
/// IPC namespace empty.
fn idle() -> Record {
    Record::Idle {
        clean: ipc_is_empty(),
    }
}

/// Whether the cell's IPC namespace holds no SysV object: no shared
/// memory segment, no message queue, no semaphore set (the counts the
/// kernel gives for the namespace the warden is in). A kernel without SysV
/// IPC has nothing to hold.
fn ipc_is_empty() -> bool {
    // SAFETY: all-zero is a valid value of each (integers only); each call
    // fills the struct it is given, of the type its command wants.
    unsafe {
        let mut shm: ShmInfo = std::mem::zeroed();
        let mut msg: MsgInfo = std::mem::zeroed();
        let mut sem: SemInfo = std::mem::zeroed();
        let none = |result: c_int, count: c_int| {
            if result < 0 {
                io::Error::last_os_error().raw_os_error() == Some(ENOSYS)
            } else {
                count == 0
            }
        };
        none(
            shmctl(0, SHM_INFO, (&mut shm as *mut ShmInfo).cast()),
            shm.used_ids,
        ) && none(
            msgctl(0, MSG_INFO, (&mut msg as *mut MsgInfo).cast()),
            msg.msgpool,
        ) && none(semctl(0, 0, SEM_INFO, &mut sem as *mut SemInfo), sem.semusz)
    }
}

/// What the program's side of the start needs, prepared before it, and
/// where it says what failed.
struct Start<'a> {
    plan: &'a Plan,
    run: &'a Run,
    argv: Vec<*const c_char>,
    stdio: [RawFd; 3],
    /// The step that failed and its errno, written by the child (in the
    /// warden's memory: a store, no allocation), said by the warden.
    failed: std::cell::Cell<Option<(Failure, i32)>>,
}

/// A step of the program's side of the start (`prepare_program`, the exec).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Failure {
    Dup2,
    ReadLimit(c_int),
    SetLimit(c_int, u64),
    DropIds,
    Session,
    Trace,
    Exec,
}

impl Failure {
    /// The step failed with `errno`: what the warden reports.
    fn record(self, errno: i32) -> Record {
        let why = io::Error::from_raw_os_error(errno);
        Record::Failed(match self {
            Failure::Dup2 => format!("dup2: {}", why),
            Failure::ReadLimit(resource) => format!("cannot read limit {}: {}", resource, why),
            Failure::SetLimit(resource, value) => {
                format!("cannot set limit {} to {}: {}", resource, value, why)
            }
            Failure::DropIds => format!("cannot drop to uid {}: {}", INSIDE_ID, why),
            Failure::Session => format!("cannot have a session of its own: {}", why),
            Failure::Trace => format!("cannot be traced by the warden: {}", why),
            Failure::Exec => return Record::NotStarted(why.to_string()),
        })
    }
}

/// Why the program could not be executed, looked for as the exec did: from
/// its working folder, along the warden's `PATH` (which `execvp` searched).
fn not_executed(plan: &Plan, run: &Run, errno: i32) -> Record {
    use std::os::unix::ffi::OsStrExt;
    let program = std::ffi::OsStr::from_bytes(run.argv[0].as_bytes());
    let cwd = Path::new(std::ffi::OsStr::from_bytes(plan.cwd.as_bytes()));
    let path = std::env::var_os("PATH");
    let error = io::Error::from_raw_os_error(errno);
    let why = crate::supervise::exec_error::explain(program, cwd, path.as_deref(), &error);
    Record::NotStarted(why)
}

/// The errno of the last failed call (no allocation).
fn errno() -> i32 {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// The stack the program's side of the start runs on, bytes.
const START_STACK: usize = 256 << 10;

/// One test: the program started, then every process of the namespace
/// reaped and reported until none is left.
/// The program's side runs on `stack`.
fn run_one(plan: &Plan, run: &Run, fds: [File; FDS], report: RawFd, stack: &mut [u8]) {
    let start = Start {
        plan,
        run,
        argv: run
            .argv
            .iter()
            .map(|a| a.as_ptr())
            .chain(std::iter::once(std::ptr::null()))
            .collect(),
        stdio: [fds[0].as_raw_fd(), fds[1].as_raw_fd(), fds[2].as_raw_fd()],
        failed: std::cell::Cell::new(None),
    };
    keep_to_itself();
    if let Err(why) = restart_pids() {
        Record::send_all(&[Record::Failed(why), idle()], report);
        return;
    }
    // 16-byte aligned, as both architectures' calling conventions want.
    let top = (stack.as_mut_ptr() as usize + stack.len()) & !15;
    // SAFETY: like posix_spawn: the child shares the warden's memory
    // (CLONE_VM) on a stack of its own, and the warden (one thread) is
    // suspended until it execs or exits (CLONE_VFORK). The child allocates
    // nothing and takes no lock (start_program: system calls on values
    // prepared here, execvp's search on its stack, and a store into
    // `start.failed`), so the warden's heap is as it left it; what it
    // writes besides is errno, the warden's thread's own (they share the
    // thread pointer), which the warden reads only after calls of its own.
    // `start` and `stack` outlive the child's use of them.
    let program = unsafe {
        clone(
            start_program,
            top as *mut _,
            CLONE_VM | CLONE_VFORK | SIGCHLD,
            &start as *const Start as *mut _,
        )
    };
    if program < 0 {
        let why = io::Error::last_os_error();
        let failed = Record::Failed(format!("cannot start the program: {}", why));
        Record::send_all(&[failed, idle()], report);
        return;
    }
    // The child has exec'd, or failed and ended: then the warden says why.
    if let Some((failure, errno)) = start.failed.get() {
        let record = match failure {
            Failure::Exec => not_executed(plan, run, errno),
            _ => failure.record(errno),
        };
        record.send(report);
    }
    reap_until_none(program, report);
    // The warden holds the test's descriptors until it has said that the
    // test has no process left: the end of the program's standard error
    // would otherwise wake the supervisor once before the warden's word,
    // for nothing.
    drop(fds);
}

/// Makes the warden not dumpable, so that its `/proc` files belong to the
/// machine's root, not to its uid: a program of the same uid (the judge run
/// as a normal user maps one id) cannot write them (`oom_score_adj`,
/// `sched`, `clear_refs`...), nor, without the capabilities the warden
/// holds, trace it or read its memory. Done at each test, once the
/// supervisor has opened what it looks at through the warden's `/proc`
/// (`Cell::start`); the program, a new image, is dumpable again.
fn keep_to_itself() {
    // SAFETY: prctl with integer arguments.
    unsafe {
        prctl(
            PR_SET_DUMPABLE,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    };
}

/// The namespace's last pid given out, which the kernel lets the holder
/// of `CAP_SYS_ADMIN` (or `CAP_CHECKPOINT_RESTORE`) over the namespace's
/// owning user namespace write: the warden, root in the cell's.
const LAST_PID: &str = "/proc/sys/kernel/ns_last_pid";

/// Makes the next pid of the namespace 2, the one after the warden's, so
/// that every test starts from the same pid: what the pids of a test tell
/// would otherwise count what the tests before it started. Every process
/// of the last test is reaped by now, so the pids from 2 on are free. A
/// kernel built without checkpoint/restore has no such file: there the
/// pids carry from test to test (docs/sandbox.md), and the sandbox stays.
fn restart_pids() -> Result<(), String> {
    match std::fs::write(LAST_PID, "1") {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(format!(
            "cannot start the test's pids afresh ({}): {}",
            LAST_PID, e
        )),
        _ => Ok(()),
    }
}

/// Follows every task of the namespace (`trace.rs`: each process's end is
/// the warden's to hear first, with its own CPU time), reporting each
/// process that ends, until none is left, and says so. What ended together
/// is reported in one write, with the word that none is left when that is
/// so (a program that started nothing: its end and the word reach the
/// supervisor at once).
fn reap_until_none(program: i32, report: RawFd) {
    let mut tracer = Tracer::new(program);
    let mut ended = Vec::new();
    let mut block = true;
    loop {
        match tracer.next(block) {
            Ok(Event::Ended(process)) => {
                ended.push(Record::Reaped {
                    main: process.main,
                    status: process.status,
                    peak_kib: process.peak_kib,
                    cpu_us: process.cpu_us,
                });
                block = false; // any more that ended, without waiting
            }
            Ok(Event::Quiet) => block = false,
            Ok(Event::NoneYet) => {
                // Some live on: say what ended, then wait again.
                Record::send_all(&ended, report);
                ended.clear();
                block = true;
            }
            Ok(Event::NoChildren) => {
                ended.push(idle());
                Record::send_all(&ended, report);
                return;
            }
            Err(why) => ended.push(Record::Failed(why)),
        }
    }
}

/// The program's side of the start (`arg` is a [`Start`]): its
/// descriptors, limits, folder and ids, and the exec. Never returns. It
/// allocates nothing (see run_one): a failure is left in `start.failed`.
extern "C" fn start_program(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the Start that run_one lent, alive while it waits.
    let start = unsafe { &*(arg as *const Start) };
    let (plan, run) = (start.plan, start.run);
    let failed = match prepare_program(plan, run, start.stdio) {
        Err(failed) => failed,
        Ok(()) => {
            // SAFETY: a NUL-terminated array of valid C strings.
            unsafe { execvp(start.argv[0], start.argv.as_ptr().cast()) };
            (Failure::Exec, errno())
        }
    };
    start.failed.set(Some(failed));
    // SAFETY: ends the child (not the warden: _exit ends this process
    // alone); 127 is a shell's "could not execute".
    unsafe { _exit(127) }
}

/// Descriptors, limits, folder, ids and the warden as its tracer (no new
/// privileges it inherits from the warden), in that order (the ids after what may need the capabilities
/// changing them drops); first, `SIGPIPE`'s default action: the warden, a
/// Rust program's copy, ignores it, and an ignored signal stays ignored
/// across an exec (a program writing to a closed pipe would get `EPIPE`
/// where it dies unsandboxed). What failed is a step and its errno, which
/// the warden makes words of: nothing here allocates (see run_one).
fn prepare_program(plan: &Plan, run: &Run, stdio: [RawFd; 3]) -> Result<(), (Failure, i32)> {
    // SAFETY: the default action; the child has its own signal actions
    // (no CLONE_SIGHAND), so the warden's stay as they are.
    unsafe { signal(SIGPIPE, SIG_DFL) };
    for (target, fd) in stdio.iter().enumerate() {
        // SAFETY: duplicates a descriptor the process holds (the received
        // ones are above 2: the warden keeps /dev/null there).
        if unsafe { dup2(*fd, target as c_int) } < 0 {
            return Err((Failure::Dup2, errno()));
        }
    }
    for &(resource, value) in &run.limits {
        let mut old = Rlimit { cur: 0, max: 0 };
        // SAFETY: reads this process's limit into a live rlimit.
        if unsafe { prlimit(0, resource, std::ptr::null(), &mut old) } != 0 {
            return Err((Failure::ReadLimit(resource), errno()));
        }
        // Never above the hard limit the judge was started with (raising
        // it needs a privilege the warden does not have).
        #[allow(clippy::unnecessary_cast)]
        let value = (value.min(old.max as u64)) as _;
        let limit = Rlimit {
            cur: value,
            max: value,
        };
        // SAFETY: a valid rlimit for the call's duration.
        if unsafe { setrlimit(resource, &limit) } != 0 {
            #[allow(clippy::unnecessary_cast)]
            return Err((Failure::SetLimit(resource, value as u64), errno()));
        }
    }
    // SAFETY: a valid C string, made before the start.
    if unsafe { chdir(plan.cwd.as_ptr()) } != 0 {
        // SAFETY: a NUL-terminated literal (nothing allocated).
        unsafe { chdir(b"/\0".as_ptr().cast()) };
    }
    if plan.as_root {
        // SAFETY: integer arguments and an empty list.
        let dropped = unsafe {
            setgroups(0, std::ptr::null()) == 0
                && setresgid(INSIDE_ID, INSIDE_ID, INSIDE_ID) == 0
                && setresuid(INSIDE_ID, INSIDE_ID, INSIDE_ID) == 0
        };
        if !dropped {
            return Err((Failure::DropIds, errno()));
        }
    }
    // A session and process group of its own: the warden's group is the
    // supervisor's, outside the namespace, and `kill(0, SIGSTOP)` would
    // reach the supervisor (a program of the judge's own user).
    // SAFETY: takes nothing; the program is no group's leader yet.
    if unsafe { setsid() } < 0 {
        return Err((Failure::Session, errno()));
    }
    // No new privileges: inherited from the warden, which set it to install
    // the seccomp filter on itself (`seccomp::install`).
    trace_me().map_err(|e| (Failure::Trace, e.raw_os_error().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_step_of_the_start_is_said_by_the_warden_with_its_errno() {
        let eperm = 1;
        let Record::Failed(why) = Failure::SetLimit(7, 1024).record(eperm) else {
            panic!("not a failure");
        };
        assert!(why.starts_with("cannot set limit 7 to 1024: "), "{}", why);
        assert!(why.contains("os error 1"), "{}", why);
        let enoent = 2;
        let Record::NotStarted(why) = Failure::Exec.record(enoent) else {
            panic!("a failed exec is a program not started");
        };
        assert!(why.contains("os error 2"), "{}", why);
    }
}
