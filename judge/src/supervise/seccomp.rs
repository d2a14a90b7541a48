//! The filter that keeps a test out of namespaces of its own: a seccomp
//! program, inherited by every process the test starts and impossible to
//! remove, that refuses each way of making or joining a namespace.
//!
//! In a user namespace of its own a test has every capability over what it
//! makes there: it could mount a `tmpfs` and fill it (memory no look sees,
//! in no folder the judge can count), or make a PID namespace whose init
//! reaps its processes. So `unshare` and `clone` with a namespace flag, and
//! `setns`, fail with `EPERM`; `clone3`, whose flags are in memory a filter
//! cannot read, fails with `ENOSYS`, and the C libraries fall back to
//! `clone` (as Docker's default profile does it). `clone` with
//! `CLONE_UNTRACED` fails too: the warden traces every task of a test
//! (`trace.rs`), and such a child would escape it. A call made with another
//! architecture's numbers (a 32-bit program on a 64-bit kernel) ends the
//! process: the filter knows the native numbers only.
//!
//! It also refuses the kernel's keyrings (`add_key`, `request_key`,
//! `keyctl`: `EPERM`): a key added to the user's keyring outlives the test,
//! and the next test of the slot, of the same uid, would find it.
//!
//! And it refuses the calls whose objects let a test hold memory the
//! kernel keeps for it, in no process's resident memory and in no folder
//! the looks count, beyond a small bound per descriptor (`EPERM`; the list
//! is `SYS_HOLDING_MEMORY` in `sys/linux.rs`): `socket` (no network, and no
//! named socket, whose listening queue holds connections made and
//! abandoned), and `sendmsg`/`sendmmsg`, whose `SCM_RIGHTS` messages hold
//! descriptors in flight, in no process's table (a memfd of 64 MiB each);
//! `socketpair` only for a connected pair of local stream or
//! sequenced-packet sockets (the JVM makes one when it starts), whose
//! queues hold at most what their one peer sent, which the sweep counts
//! (`procs::socket_kib`), and no send buffer grown past the default
//! (`setsockopt`'s `SO_SNDBUF`, `SO_SNDBUFFORCE`); the calls that put
//! pages into a pipe by reference (`splice`, `vmsplice`, `tee`, and
//! `sendfile`, which splices),
//! where a 4 KiB piece of a huge page keeps the whole 2 MiB; `io_uring`,
//! which pins buffers and holds requests in flight; `inotify` and
//! `fanotify` marks, which pin the inodes they watch; `userfaultfd`,
//! `perf_event_open`, `bpf`, `memfd_secret`, `landlock_create_ruleset`;
//! and SysV message queues, semaphore sets and shared memory segments
//! (`msgget`, `semget`, `shmget`), which live in the IPC namespace, not in
//! a process (a namespace's default bounds let one test hold hundreds of
//! MiB in message queues alone). What a test keeps in the kernel is then
//! its descriptors (pipes, epoll watches, eventfds, timers...), which the
//! looks count and bound (`--max-descriptors`), its mappings and its page
//! tables: docs/sandbox.md gives each bound, measured. A contest program
//! needs none of these calls; a runtime that needs one (Python's
//! `multiprocessing` with `forkserver`: a named socket, descriptors sent
//! over it) is refused, and says so (docs/sandbox.md lists each refusal
//! and the programs it touches).
//! Nor does it need `fcntl`'s record locks (`F_SETLK`, `F_SETLKW` and their
//! open-file forms), of which one descriptor may hold any number: refused,
//! while `flock`, one lock a file, which the JVM takes, stays.
//!
//! Sandboxed, the warden installs it on itself once per cell, before the
//! cell's first test (it makes no namespace after that); unsandboxed, the
//! supervisor installs it on itself once (it makes none at all then).

use crate::sys::linux::{
    prctl, SockFilter, SockFprog, AF_UNIX, AUDIT_ARCH_NATIVE, BPF_ABS, BPF_JEQ, BPF_JMP, BPF_JSET,
    BPF_K, BPF_LD, BPF_RET, BPF_W, CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS,
    CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS, CLONE_UNTRACED, ENOSYS, EPERM,
    F_OFD_SETLK, F_OFD_SETLKW, F_SETLK, F_SETLKW, PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP,
    SECCOMP_MODE_FILTER, SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO, SECCOMP_RET_KILL_PROCESS,
    SOCK_SEQPACKET, SOCK_STREAM, SOCK_TYPE_MASK, SOL_SOCKET, SO_SNDBUF, SO_SNDBUFFORCE,
    SYS_ADD_KEY, SYS_CLONE, SYS_CLONE3, SYS_FCNTL, SYS_HOLDING_MEMORY, SYS_KEYCTL, SYS_REQUEST_KEY,
    SYS_SETNS, SYS_SETSOCKOPT, SYS_SOCKETPAIR, SYS_UNSHARE,
};
use crate::sys::linux::{
    IOPRIO_WHO_PROCESS, PRIO_PROCESS, SYS_IOPRIO_SET, SYS_ON_A_PID, SYS_SETPRIORITY,
};
use std::io;
use std::os::raw::c_ulong;

/// What `clone` may not be asked for: every namespace flag, and a child no
/// tracer may attach (the warden traces every task of a test).
const CLONE_REFUSED: u32 = CLONE_NAMESPACES | CLONE_UNTRACED as u32;

/// Every namespace flag `clone` takes.
const CLONE_NAMESPACES: u32 = (CLONE_NEWNS
    | CLONE_NEWCGROUP
    | CLONE_NEWUTS
    | CLONE_NEWIPC
    | CLONE_NEWUSER
    | CLONE_NEWPID
    | CLONE_NEWNET) as u32;

/// Every namespace flag `unshare` takes.
const UNSHARE_NAMESPACES: u32 = CLONE_NAMESPACES | CLONE_NEWTIME as u32;

/// Where the filter reads in `struct seccomp_data`: the call's number, its
/// architecture, and the low 32 bits of its first argument (the flags of
/// `clone` and `unshare`, every namespace flag is in them; `socketpair`'s
/// domain), of its second (`fcntl`'s command, `socketpair`'s type,
/// `setsockopt`'s level) and of its third (`setsockopt`'s option).
const NR: u32 = 0;
const ARCH: u32 = 4;
const FIRST_ARGUMENT_LOW: u32 = if cfg!(target_endian = "little") {
    16
} else {
    20
};
const SECOND_ARGUMENT_LOW: u32 = FIRST_ARGUMENT_LOW + 8;
const THIRD_ARGUMENT_LOW: u32 = FIRST_ARGUMENT_LOW + 16;

/// Where a jump of the filter goes.
#[derive(Clone, Copy, PartialEq)]
enum To {
    Next,
    Allow,
    Refuse,
    Unknown,
    Kill,
    Unshare,
    Clone,
    Fcntl,
    Socketpair,
    Setsockopt,
    ItselfById,
    ItselfByKind(u32),
}

/// One instruction, its jumps by name.
enum Step {
    Load(u32),
    /// `A &= k`: the x32 bit off the call's number (x86_64), the flags off
    /// a socket's type.
    And(u32),
    /// Jump to the first place if `A == k`, else to the second.
    Equal(u32, To, To),
    /// Jump to the first place if `A & k != 0`, else to the second.
    AnySet(u32, To, To),
    Return(u32),
    /// A place the jumps name (no instruction).
    Here(To),
}

/// The filter, in steps.
fn steps() -> Vec<Step> {
    use Step::*;
    let mut steps = vec![
        Load(ARCH),
        Equal(AUDIT_ARCH_NATIVE, To::Next, To::Kill),
        Load(NR),
    ];
    // An x32 call is the native one with this bit set, and does the same.
    #[cfg(target_arch = "x86_64")]
    steps.push(And(!crate::sys::linux::X32_SYSCALL_BIT));
    steps.extend([
        Equal(SYS_CLONE3 as u32, To::Unknown, To::Next),
        Equal(SYS_SETNS as u32, To::Refuse, To::Next),
        // The kernel's keyrings: a user's keyring outlives the test (the
        // next test of the slot, same uid, found what the last one left).
        Equal(SYS_ADD_KEY as u32, To::Refuse, To::Next),
        Equal(SYS_REQUEST_KEY as u32, To::Refuse, To::Next),
        Equal(SYS_KEYCTL as u32, To::Refuse, To::Next),
    ]);
    // What would hold the kernel's memory for the test, unseen.
    steps.extend(
        SYS_HOLDING_MEMORY
            .iter()
            .map(|&(_, nr)| Equal(nr as u32, To::Refuse, To::Next)),
    );
    steps.extend(on_another_process());
    steps.extend([
        Equal(SYS_FCNTL as u32, To::Fcntl, To::Next),
        Equal(SYS_SOCKETPAIR as u32, To::Socketpair, To::Next),
        Equal(SYS_SETSOCKOPT as u32, To::Setsockopt, To::Next),
        Equal(SYS_UNSHARE as u32, To::Unshare, To::Next),
        Equal(SYS_CLONE as u32, To::Clone, To::Allow),
        // A record lock is a few hundred bytes of the kernel's, and one
        // descriptor may hold any number (one a byte range): 100 000 took
        // 21 MiB. `flock`, one a file, stays.
        Here(To::Fcntl),
        Load(SECOND_ARGUMENT_LOW),
        Equal(F_SETLK as u32, To::Refuse, To::Next),
        Equal(F_SETLKW as u32, To::Refuse, To::Next),
        Equal(F_OFD_SETLK as u32, To::Refuse, To::Next),
        Equal(F_OFD_SETLKW as u32, To::Refuse, To::Allow),
        Here(To::Unshare),
        Load(FIRST_ARGUMENT_LOW),
        AnySet(UNSHARE_NAMESPACES, To::Refuse, To::Allow),
        Here(To::Clone),
        Load(FIRST_ARGUMENT_LOW),
        AnySet(CLONE_REFUSED, To::Refuse, To::Allow),
    ]);
    steps.extend(local_sockets());
    steps.extend(itself_only());
    steps.extend([
        Here(To::Allow),
        Return(SECCOMP_RET_ALLOW),
        Here(To::Refuse),
        Return(SECCOMP_RET_ERRNO | EPERM as u32),
        Here(To::Unknown),
        Return(SECCOMP_RET_ERRNO | ENOSYS as u32),
        Here(To::Kill),
        Return(SECCOMP_RET_KILL_PROCESS),
    ]);
    steps
}

/// The checks of `socketpair` and `setsockopt` (see `steps`).
fn local_sockets() -> Vec<Step> {
    use Step::*;
    vec![
        // A connected pair of local sockets (the JVM makes one when it
        // starts, Python's `multiprocessing.Pipe`, Node's child processes'
        // pipes): its queues hold at most twice the machine's default send
        // buffer each, and the sweep counts each socket so (`procs.rs`). A
        // datagram socket is refused: bound to a name, it would queue what
        // any number of others sent to it.
        Here(To::Socketpair),
        Load(FIRST_ARGUMENT_LOW),
        Equal(AF_UNIX as u32, To::Next, To::Refuse),
        Load(SECOND_ARGUMENT_LOW),
        And(SOCK_TYPE_MASK as u32),
        Equal(SOCK_STREAM as u32, To::Allow, To::Next),
        Equal(SOCK_SEQPACKET as u32, To::Allow, To::Refuse),
        // Nor may a socket's send buffer grow past the default, to the
        // machine's `wmem_max` (4 MiB here, then doubled).
        Here(To::Setsockopt),
        Load(SECOND_ARGUMENT_LOW),
        Equal(SOL_SOCKET as u32, To::Next, To::Allow),
        Load(THIRD_ARGUMENT_LOW),
        Equal(SO_SNDBUF as u32, To::Refuse, To::Next),
        Equal(SO_SNDBUFFORCE as u32, To::Refuse, To::Allow),
    ]
}

/// The calls that would act on another process where the kernel asks only
/// for the same uid (`prlimit`, `setpriority`, the scheduler's calls,
/// `ioprio_set`): the warden's, for a judge run as a normal user (one id
/// in the namespace), whose limits, priority and CPUs every later test of
/// the cell inherits. A test may make them on itself (pid 0) alone.
fn on_another_process() -> Vec<Step> {
    let by_kind =
        |nr: i64, kind: i32| Step::Equal(nr as u32, To::ItselfByKind(kind as u32), To::Next);
    let mut steps: Vec<Step> = SYS_ON_A_PID
        .iter()
        .map(|&(_, nr)| Step::Equal(nr as u32, To::ItselfById, To::Next))
        .collect();
    steps.push(by_kind(SYS_SETPRIORITY, PRIO_PROCESS));
    steps.push(by_kind(SYS_IOPRIO_SET, IOPRIO_WHO_PROCESS));
    steps
}

/// Where [`on_another_process`] jumps: the pid (first argument) must be 0,
/// or the kind (first) this process's and the id (second) 0.
fn itself_only() -> Vec<Step> {
    use Step::*;
    let mut steps = vec![
        Here(To::ItselfById),
        Load(FIRST_ARGUMENT_LOW),
        Equal(0, To::Allow, To::Refuse),
    ];
    for kind in [PRIO_PROCESS, IOPRIO_WHO_PROCESS] {
        steps.extend([
            Here(To::ItselfByKind(kind as u32)),
            Load(FIRST_ARGUMENT_LOW),
            Equal(kind as u32, To::Next, To::Refuse),
            Load(SECOND_ARGUMENT_LOW),
            Equal(0, To::Allow, To::Refuse),
        ]);
    }
    steps
}

/// The filter as BPF instructions: each named place resolved to the
/// distance of a forward jump.
pub fn filter() -> Vec<SockFilter> {
    let steps = steps();
    let mut places = Vec::new();
    let mut at = 0usize;
    for step in &steps {
        match step {
            Step::Here(place) => places.push((*place, at)),
            _ => at += 1,
        }
    }
    let mut code = Vec::new();
    let jump = |from: usize, to: To| -> u8 {
        match to {
            To::Next => 0,
            _ => {
                let (_, target) = places.iter().find(|(p, _)| *p == to).expect("a place");
                u8::try_from(target - from - 1).expect("a short jump")
            }
        }
    };
    for step in &steps {
        let pc = code.len();
        let (op, jt, jf, k) = match *step {
            Step::Here(_) => continue,
            Step::Load(offset) => (BPF_LD | BPF_W | BPF_ABS, 0, 0, offset),
            Step::And(mask) => (
                crate::sys::linux::BPF_ALU | crate::sys::linux::BPF_AND | BPF_K,
                0,
                0,
                mask,
            ),
            Step::Equal(k, yes, no) => (BPF_JMP | BPF_JEQ | BPF_K, jump(pc, yes), jump(pc, no), k),
            Step::AnySet(k, yes, no) => {
                (BPF_JMP | BPF_JSET | BPF_K, jump(pc, yes), jump(pc, no), k)
            }
            Step::Return(action) => (BPF_RET | BPF_K, 0, 0, action),
        };
        code.push(SockFilter {
            code: op,
            jt,
            jf,
            k,
        });
    }
    code
}

/// Installs `filter` on the calling process (and so on every process it
/// starts from now on), with no new privileges (which the kernel requires
/// of a process without `CAP_SYS_ADMIN`, and which nothing the judge
/// starts may gain anyway). Only system calls: safe between a fork and an
/// exec.
pub fn install(filter: &[SockFilter]) -> io::Result<()> {
    let program = SockFprog {
        len: filter.len() as u16,
        filter: filter.as_ptr(),
    };
    // SAFETY: prctl with integer arguments; the second call reads the
    // program, alive and of the header's layout, during the call only (the
    // kernel copies it).
    let done = unsafe {
        prctl(
            PR_SET_NO_NEW_PRIVS,
            1 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        ) == 0
            && prctl(
                PR_SET_SECCOMP,
                SECCOMP_MODE_FILTER as c_ulong,
                &program as *const SockFprog as c_ulong,
                0 as c_ulong,
                0 as c_ulong,
            ) == 0
    };
    match done {
        true => Ok(()),
        false => Err(io::Error::last_os_error()),
    }
}

/// The filter, built once (a child between its fork and its exec only
/// installs it: it may not allocate).
pub fn for_tests() -> &'static [SockFilter] {
    static FILTER: std::sync::OnceLock<Vec<SockFilter>> = std::sync::OnceLock::new();
    FILTER.get_or_init(filter)
}

/// [`install`]s the filter on the calling process, or says why it cannot.
pub fn install_for_tests() -> Result<(), String> {
    install(for_tests()).map_err(|e| format!("cannot install the tests' seccomp filter: {}", e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// `sh -c script` under the filter: whether it succeeded, and its
    /// standard error.
    fn under_the_filter(script: &str) -> (bool, String) {
        let filter = filter();
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]);
        // SAFETY: the closure makes two system calls, nothing else (the
        // filter was built before the fork).
        unsafe {
            cmd.pre_exec(move || install(&filter));
        }
        let out = cmd.output().expect("sh runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    #[test]
    fn every_jump_lands_inside_the_filter_and_it_ends_in_returns() {
        let code = filter();
        for (pc, op) in code
            .iter()
            .enumerate()
            .filter(|(_, op)| op.code & 7 == BPF_JMP)
        {
            assert!(pc + 1 + (op.jt.max(op.jf) as usize) < code.len());
        }
        assert_eq!(code.last().map(|op| op.code), Some(BPF_RET | BPF_K));
    }

    #[test]
    fn a_program_under_the_filter_runs_but_makes_no_namespace() {
        // Threads, processes and pipes as usual.
        let (ran, err) = under_the_filter("echo a | cat >/dev/null && (true) && exit 0");
        assert!(ran, "{}", err);
        if Command::new("unshare").arg("--version").output().is_err() {
            return; // no unshare(1) here
        }
        for flags in ["-U", "-m", "-p -f", "-n", "-i", "-u", "-C", "-T"] {
            let (ran, err) = under_the_filter(&format!("unshare {} true", flags));
            assert!(!ran, "unshare {} made a namespace under the filter", flags);
            assert!(
                err.contains("Operation not permitted"),
                "{}: {}",
                flags,
                err
            );
        }
    }

    /// Tries each call in Python, which names its error: every one is
    /// refused with `EPERM` (1).
    const HOLDERS: &str = "import os, socket, ctypes
libc = ctypes.CDLL(None, use_errno=True)
def c(name, *args):
    if getattr(libc, name)(*args) < 0:
        raise OSError(ctypes.get_errno(), name)
r, w = os.pipe()
a, b = socket.socketpair()
for name, call in [
    ('socket', lambda: socket.socket(socket.AF_INET)),
    ('unix-socket', lambda: socket.socket(socket.AF_UNIX)),
    ('socketpair', socket.socketpair),
    ('seqpacket-pair', lambda: socket.socketpair(type=socket.SOCK_SEQPACKET)),
    ('datagram-pair', lambda: socket.socketpair(type=socket.SOCK_DGRAM)),
    ('sendmsg', lambda: a.sendmsg([b'x'])),
    ('send', lambda: a.send(b'x')),
    ('sndbuf', lambda: a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 22)),
    ('rcvbuf', lambda: a.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 16)),
    ('splice', lambda: os.splice(r, w, 1, flags=os.SPLICE_F_NONBLOCK)),
    ('sendfile', lambda: os.sendfile(w, r, 0, 1)),
    ('shmget', lambda: c('shmget', 0, 4096, 0o1600)),
    ('msgget', lambda: c('msgget', 0, 0o1600)),
    ('semget', lambda: c('semget', 0, 1, 0o1600)),
    ('inotify_init1', lambda: c('inotify_init1', 0)),
    ('lockf', lambda: __import__('fcntl').lockf(w, __import__('fcntl').LOCK_EX)),
    ('flock', lambda: __import__('fcntl').flock(r, __import__('fcntl').LOCK_EX)),
]:
    try:
        call()
        print(name, 'made')
    except OSError as e:
        print(name, e.errno)
";

    /// Each call on the parent (the test's process) is refused with
    /// `EPERM` (1), each on itself made; the values set are the ones the
    /// process had, so that a filter that let one through changes nothing.
    const ON_OTHERS: &str = "import os, ctypes
libc = ctypes.CDLL(None, use_errno=True)
parent = os.getppid()
def prlimit(pid):
    old = (ctypes.c_ulong * 2)()
    if libc.prlimit(pid, 7, None, old) < 0:
        raise OSError(ctypes.get_errno(), 'prlimit')
for name, call in [
    ('prlimit other', lambda: prlimit(parent)),
    ('setpriority other', lambda: os.setpriority(os.PRIO_PROCESS, parent, os.getpriority(os.PRIO_PROCESS, parent))),
    ('setpriority user', lambda: os.setpriority(os.PRIO_USER, 0, os.getpriority(os.PRIO_USER, 0))),
    ('setpriority group', lambda: os.setpriority(os.PRIO_PGRP, 0, os.getpriority(os.PRIO_PGRP, 0))),
    ('affinity other', lambda: os.sched_setaffinity(parent, os.sched_getaffinity(parent))),
    ('scheduler other', lambda: os.sched_setscheduler(parent, os.sched_getscheduler(parent), os.sched_param(0))),
    ('prlimit self', lambda: prlimit(0)),
    ('setpriority self', lambda: os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0))),
    ('affinity self', lambda: os.sched_setaffinity(0, os.sched_getaffinity(0))),
]:
    try:
        call()
        print(name, 'made')
    except OSError as e:
        print(name, e.errno)
";

    #[test]
    fn a_program_under_the_filter_changes_no_other_process() {
        let script = std::env::temp_dir().join(format!("judge-others-{}.py", std::process::id()));
        std::fs::write(&script, ON_OTHERS).unwrap();
        let (ran, err) = under_the_filter(&format!("python3 {} 1>&2", script.display()));
        let _ = std::fs::remove_file(&script);
        assert!(ran, "{}", err);
        let refused: Vec<&str> = err.lines().filter(|l| l.ends_with(" 1")).collect();
        assert_eq!(refused.len(), 6, "{}", err);
        assert_eq!(err.matches("self made").count(), 3, "{}", err);
    }

    #[test]
    fn a_program_under_the_filter_gets_a_socket_pair_but_no_socket_splice_or_sysv_object() {
        let script = std::env::temp_dir().join(format!("judge-seccomp-{}.py", std::process::id()));
        std::fs::write(&script, HOLDERS).unwrap();
        let (ran, err) = under_the_filter(&format!("python3 {} 1>&2", script.display()));
        let _ = std::fs::remove_file(&script);
        assert!(ran, "{}", err);
        let refused: Vec<&str> = err.lines().filter_map(|l| l.strip_suffix(" 1")).collect();
        let all = "socket unix-socket datagram-pair sendmsg sndbuf splice sendfile shmget msgget \
                   semget inotify_init1 lockf";
        assert_eq!(
            refused,
            all.split_whitespace().collect::<Vec<_>>(),
            "{}",
            err
        );
        for made in ["socketpair", "seqpacket-pair", "send", "rcvbuf", "flock"] {
            assert!(err.contains(&format!("{} made", made)), "{}", err);
        }
    }
}
