//! Linux's system interface as the supervisor and its sandbox use it
//! (process control, limits, polling, namespaces, mounts), for x86_64 and
//! aarch64: their numbers here are the same but where a `cfg` says otherwise
//! (`O_NOFOLLOW`, the system call numbers), and `sys/check.rs` holds them to
//! the headers.
//!
//! Built only on those two architectures (`cfg(supervised)`, which
//! `judge/build.rs` sets, the one place that names them): on others some of
//! these numbers differ (the open flags on 32-bit ARM, the signal numbers on
//! MIPS...), and the judge falls back to running programs directly.

use std::os::raw::{c_char, c_int, c_long, c_ulong, c_void};

pub const SIGCHLD: c_int = 17;
pub const SIGPIPE: c_int = 13;
pub const WNOHANG: c_int = 1;
pub const EINTR: i32 = 4;
pub const ECHILD: i32 = 10;
pub const POLLIN: i16 = 1;
pub const O_NONBLOCK: c_int = 0o4000;
pub const O_CLOEXEC: c_int = 0o2000000;
/// One of the open flags whose numbers differ between the two (aarch64
/// keeps 32-bit ARM's).
#[cfg(target_arch = "x86_64")]
pub const O_NOFOLLOW: c_int = 0o400000;
#[cfg(target_arch = "aarch64")]
pub const O_NOFOLLOW: c_int = 0o100000;
pub const F_GETFL: c_int = 3;
pub const F_SETFL: c_int = 4;
/// `fcntl`'s record locks, which the seccomp filter refuses a test.
pub const F_SETLK: c_int = 6;
pub const F_SETLKW: c_int = 7;
pub const F_OFD_SETLK: c_int = 37;
pub const F_OFD_SETLKW: c_int = 38;
/// A test's standard input is a sealed memfd (`supervise/files.rs`): its
/// flags and seals.
pub const MFD_CLOEXEC: c_ulong = 1;
pub const MFD_ALLOW_SEALING: c_ulong = 2;
pub const F_ADD_SEALS: c_int = 1033;
pub const F_SEAL_SEAL: c_int = 1;
pub const F_SEAL_SHRINK: c_int = 2;
pub const F_SEAL_GROW: c_int = 4;
pub const F_SEAL_WRITE: c_int = 8;
/// A resource of `setrlimit` and `prlimit`: glibc's headers (with
/// `_GNU_SOURCE`) make it an enum of `unsigned int`'s size and passing,
/// musl's an `int` (`sys/check.rs` holds it to whichever `cc` has).
pub type RlimitResource = c_int;
/// `ptrace`'s request: glibc's headers make it an enum (`__ptrace_request`,
/// of `int`'s size and passing), musl's an `int`.
pub type PtraceRequest = c_int;
/// `waitid`'s `idtype_t` (an enum, of `int`'s size and passing) and `id_t`.
pub type IdType = c_int;
pub type IdT = u32;
pub const RLIMIT_CPU: c_int = 0;
pub const RLIMIT_FSIZE: c_int = 1;
pub const RLIMIT_CORE: c_int = 4;
pub const RLIMIT_AS: c_int = 9;
pub const RLIMIT_MSGQUEUE: c_int = 12;
pub const RLIMIT_SIGPENDING: c_int = 11;
pub const PR_SET_CHILD_SUBREAPER: c_int = 36;
pub const SC_CLK_TCK: c_int = 2;
pub const SC_PAGESIZE: c_int = 30;
pub const PR_SET_PDEATHSIG: c_int = 1;
pub const PR_SET_DUMPABLE: c_int = 4;
pub const PR_SET_NO_NEW_PRIVS: c_int = 38;
/// `signal`'s default action: a null handler.
pub const SIG_DFL: Option<extern "C" fn(c_int)> = None;
pub const EPERM: i32 = 1;
pub const ESRCH: i32 = 3;
pub const RLIMIT_NPROC: c_int = 6;
pub const RLIMIT_NOFILE: c_int = 7;

// Namespaces (clone, unshare, setns).
pub const CLONE_VM: c_int = 0x100;
pub const CLONE_VFORK: c_int = 0x4000;
pub const CLONE_PARENT: c_int = 0x8000;
pub const CLONE_NEWNS: c_int = 0x20000;
/// In `unshare` (and `clone3`) only: in `clone` the low byte is the exit
/// signal.
pub const CLONE_NEWTIME: c_int = 0x80;
pub const CLONE_NEWCGROUP: c_int = 0x0200_0000;
pub const CLONE_NEWUTS: c_int = 0x0400_0000;
/// A child a tracer's options cannot attach: refused to tests.
pub const CLONE_UNTRACED: c_int = 0x0080_0000;

// Tracing: the warden traces every task of a test (`ptrace`), so that it
// hears of each one's end first.
pub const PTRACE_TRACEME: c_int = 0;
pub const PTRACE_CONT: c_int = 7;
pub const PTRACE_SETOPTIONS: c_int = 0x4200;
pub const PTRACE_O_TRACEFORK: c_int = 2;
pub const PTRACE_O_TRACEVFORK: c_int = 4;
pub const PTRACE_O_TRACECLONE: c_int = 8;
pub const PTRACE_O_TRACEEXEC: c_int = 0x10;
pub const PTRACE_O_EXITKILL: c_int = 1 << 20;
pub const SIGTRAP: c_int = 5;
pub const SIGSTOP: c_int = 19;
pub const SIGTSTP: c_int = 20;
pub const SIGTTIN: c_int = 21;
pub const SIGTTOU: c_int = 22;
pub const WEXITED: c_int = 4;
pub const WSTOPPED: c_int = 2;
pub const WNOWAIT: c_int = 0x0100_0000;
/// `__WALL`: threads too, and whatever the exit signal.
pub const WALL: c_int = 0x4000_0000;
/// `idtype_t`'s `P_ALL`: any child.
pub const P_ALL: IdType = 0;
pub const CLD_EXITED: c_int = 1;
pub const CLD_KILLED: c_int = 2;
pub const CLD_DUMPED: c_int = 3;

/// `siginfo_t` (128 bytes), as `waitid` fills it for a child.
#[repr(C)]
pub struct Siginfo {
    pub signo: c_int,
    pub errno: c_int,
    pub code: c_int,
    pub pad: c_int,
    pub pid: c_int,
    pub uid: u32,
    pub status: c_int,
    pub rest: [c_int; 25],
}

#[repr(C)]
pub struct Timespec {
    pub sec: c_long,
    pub nsec: c_long,
}
pub const CLONE_NEWIPC: c_int = 0x0800_0000;
pub const CLONE_NEWUSER: c_int = 0x1000_0000;
pub const CLONE_NEWPID: c_int = 0x2000_0000;
pub const CLONE_NEWNET: c_int = 0x4000_0000;

// Mounts.
pub const MS_RDONLY: c_ulong = 1;
pub const MS_NOSUID: c_ulong = 2;
pub const MS_NODEV: c_ulong = 4;
pub const MS_NOEXEC: c_ulong = 8;
pub const MS_REMOUNT: c_ulong = 32;
pub const MS_NOATIME: c_ulong = 1024;
pub const MS_NODIRATIME: c_ulong = 2048;
pub const MS_BIND: c_ulong = 4096;
pub const MS_REC: c_ulong = 16384;
pub const MS_PRIVATE: c_ulong = 1 << 18;
pub const MS_RELATIME: c_ulong = 1 << 21;
pub const MNT_DETACH: c_int = 2;
/// `statvfs` flags (`f_flag`), which differ from the mount flags in places.
pub const ST_NOEXEC: c_ulong = 8;
pub const ST_NOATIME: c_ulong = 1024;
pub const ST_NODIRATIME: c_ulong = 2048;
pub const ST_RELATIME: c_ulong = 4096;

// Sockets: a pair of them carries each test's descriptors to the warden.
pub const AF_UNIX: c_int = 1;
pub const SOCK_SEQPACKET: c_int = 5;
pub const SOCK_CLOEXEC: c_int = 0o2000000;
pub const SOL_SOCKET: c_int = 1;
pub const SCM_RIGHTS: c_int = 1;
pub const MSG_CTRUNC: c_int = 8;
pub const MSG_TRUNC: c_int = 0x20;
pub const MSG_CMSG_CLOEXEC: c_int = 0x4000_0000;
/// What the seccomp filter lets a test make: a connected pair of `AF_UNIX`
/// sockets of these types (a socket's type is its low four bits), whose
/// send buffer it may not grow (`SO_SNDBUF`, `SO_SNDBUFFORCE`).
pub const SOCK_STREAM: c_int = 1;
pub const SOCK_TYPE_MASK: c_int = 0xf;
pub const SO_SNDBUF: c_int = 7;
pub const SO_SNDBUFFORCE: c_int = 32;

/// System call numbers, which differ between the two architectures.
#[cfg(target_arch = "x86_64")]
pub const SYS_CLONE: c_long = 56;
#[cfg(target_arch = "x86_64")]
pub const SYS_PIVOT_ROOT: c_long = 155;
#[cfg(target_arch = "x86_64")]
pub const SYS_UNSHARE: c_long = 272;
#[cfg(target_arch = "x86_64")]
pub const SYS_SETNS: c_long = 308;
#[cfg(target_arch = "x86_64")]
pub const SYS_ADD_KEY: c_long = 248;
#[cfg(target_arch = "x86_64")]
pub const SYS_REQUEST_KEY: c_long = 249;
#[cfg(target_arch = "x86_64")]
pub const SYS_KEYCTL: c_long = 250;
#[cfg(target_arch = "aarch64")]
pub const SYS_CLONE: c_long = 220;
#[cfg(target_arch = "aarch64")]
pub const SYS_PIVOT_ROOT: c_long = 41;
#[cfg(target_arch = "aarch64")]
pub const SYS_UNSHARE: c_long = 97;
#[cfg(target_arch = "aarch64")]
pub const SYS_SETNS: c_long = 268;
#[cfg(target_arch = "aarch64")]
pub const SYS_ADD_KEY: c_long = 217;
#[cfg(target_arch = "aarch64")]
pub const SYS_REQUEST_KEY: c_long = 218;
#[cfg(target_arch = "aarch64")]
pub const SYS_KEYCTL: c_long = 219;
pub const SYS_CLONE3: c_long = 435;
/// The calls that act on another process by its pid, where the kernel asks
/// only for the same uid (the warden's, for a judge run as a normal user):
/// the seccomp filter lets a test make them on itself alone.
#[cfg(target_arch = "x86_64")]
pub const SYS_ON_A_PID: [(&str, c_long); 5] = [
    ("SYS_prlimit64", 302),
    ("SYS_sched_setparam", 142),
    ("SYS_sched_setscheduler", 144),
    ("SYS_sched_setaffinity", 203),
    ("SYS_sched_setattr", 314),
];
#[cfg(target_arch = "aarch64")]
pub const SYS_ON_A_PID: [(&str, c_long); 5] = [
    ("SYS_prlimit64", 261),
    ("SYS_sched_setparam", 118),
    ("SYS_sched_setscheduler", 119),
    ("SYS_sched_setaffinity", 122),
    ("SYS_sched_setattr", 274),
];
/// The same, whose target is a kind (`PRIO_PROCESS`, `IOPRIO_WHO_PROCESS`)
/// and an id: a test may name itself only.
#[cfg(target_arch = "x86_64")]
pub const SYS_SETPRIORITY: c_long = 141;
#[cfg(target_arch = "aarch64")]
pub const SYS_SETPRIORITY: c_long = 140;
#[cfg(target_arch = "x86_64")]
pub const SYS_IOPRIO_SET: c_long = 251;
#[cfg(target_arch = "aarch64")]
pub const SYS_IOPRIO_SET: c_long = 30;
pub const PRIO_PROCESS: c_int = 0;
/// Not in the C library's headers: the kernel's `linux/ioprio.h`.
pub const IOPRIO_WHO_PROCESS: c_int = 1;
#[cfg(target_arch = "x86_64")]
pub const SYS_MEMFD_CREATE: c_long = 319;
#[cfg(target_arch = "aarch64")]
pub const SYS_MEMFD_CREATE: c_long = 279;
#[cfg(target_arch = "x86_64")]
pub const SYS_FCNTL: c_long = 72;
#[cfg(target_arch = "aarch64")]
pub const SYS_FCNTL: c_long = 25;
#[cfg(target_arch = "x86_64")]
pub const SYS_SOCKETPAIR: c_long = 53;
#[cfg(target_arch = "aarch64")]
pub const SYS_SOCKETPAIR: c_long = 199;
#[cfg(target_arch = "x86_64")]
pub const SYS_SETSOCKOPT: c_long = 54;
#[cfg(target_arch = "aarch64")]
pub const SYS_SETSOCKOPT: c_long = 208;
/// The calls the seccomp filter refuses for the memory the kernel would
/// hold for a test where no look sees it (`supervise/seccomp.rs` says
/// why), by their names in `<sys/syscall.h>`.
#[cfg(target_arch = "x86_64")]
pub const SYS_HOLDING_MEMORY: [(&str, c_long); 21] = [
    ("SYS_socket", 41),
    ("SYS_sendmsg", 46),
    ("SYS_sendmmsg", 307),
    ("SYS_sendfile", 40),
    ("SYS_splice", 275),
    ("SYS_tee", 276),
    ("SYS_vmsplice", 278),
    ("SYS_io_uring_setup", 425),
    ("SYS_io_uring_enter", 426),
    ("SYS_io_uring_register", 427),
    ("SYS_inotify_init", 253),
    ("SYS_inotify_init1", 294),
    ("SYS_fanotify_init", 300),
    ("SYS_userfaultfd", 323),
    ("SYS_perf_event_open", 298),
    ("SYS_bpf", 321),
    ("SYS_memfd_secret", 447),
    ("SYS_landlock_create_ruleset", 444),
    ("SYS_shmget", 29),
    ("SYS_msgget", 68),
    ("SYS_semget", 64),
];
#[cfg(target_arch = "aarch64")]
pub const SYS_HOLDING_MEMORY: [(&str, c_long); 20] = [
    ("SYS_socket", 198),
    ("SYS_sendmsg", 211),
    ("SYS_sendmmsg", 269),
    ("SYS_sendfile", 71),
    ("SYS_splice", 76),
    ("SYS_tee", 77),
    ("SYS_vmsplice", 75),
    ("SYS_io_uring_setup", 425),
    ("SYS_io_uring_enter", 426),
    ("SYS_io_uring_register", 427),
    ("SYS_inotify_init1", 26),
    ("SYS_fanotify_init", 262),
    ("SYS_userfaultfd", 282),
    ("SYS_perf_event_open", 241),
    ("SYS_bpf", 280),
    ("SYS_memfd_secret", 447),
    ("SYS_landlock_create_ruleset", 444),
    ("SYS_shmget", 194),
    ("SYS_msgget", 186),
    ("SYS_semget", 190),
];

// Seccomp: the filter that refuses a test namespaces of its own.
pub const PR_SET_SECCOMP: c_int = 22;
pub const SECCOMP_MODE_FILTER: c_ulong = 2;
pub const SECCOMP_RET_ALLOW: u32 = 0x7fff_0000;
pub const SECCOMP_RET_ERRNO: u32 = 0x0005_0000;
pub const SECCOMP_RET_KILL_PROCESS: u32 = 0x8000_0000;
/// The architecture a system call was made with (`seccomp_data.arch`): the
/// native one. (A 32-bit program on a 64-bit kernel makes its calls with
/// another, whose numbers differ.)
#[cfg(target_arch = "x86_64")]
pub const AUDIT_ARCH_NATIVE: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
pub const AUDIT_ARCH_NATIVE: u32 = 0xc000_00b7;
/// x86_64's x32 calls: the native numbers with this bit set.
#[cfg(target_arch = "x86_64")]
pub const X32_SYSCALL_BIT: u32 = 0x4000_0000;
// Classic BPF, as seccomp runs it.
pub const BPF_LD: u16 = 0x00;
pub const BPF_ALU: u16 = 0x04;
pub const BPF_JMP: u16 = 0x05;
pub const BPF_RET: u16 = 0x06;
pub const BPF_W: u16 = 0x00;
pub const BPF_ABS: u16 = 0x20;
pub const BPF_AND: u16 = 0x50;
pub const BPF_JEQ: u16 = 0x10;
pub const BPF_JSET: u16 = 0x40;
pub const BPF_K: u16 = 0x00;

/// `struct sock_filter`: one BPF instruction.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SockFilter {
    pub code: u16,
    pub jt: u8,
    pub jf: u8,
    pub k: u32,
}

/// `struct sock_fprog`: a BPF program.
#[repr(C)]
pub struct SockFprog {
    pub len: u16,
    pub filter: *const SockFilter,
}

/// `struct seccomp_data`: what a seccomp filter reads of a system call.
#[repr(C)]
pub struct SeccompData {
    pub nr: c_int,
    pub arch: u32,
    pub instruction_pointer: u64,
    pub args: [u64; 6],
}

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

/// `struct statvfs` (glibc's and musl's on 64-bit Linux).
#[repr(C)]
pub struct Statvfs {
    pub bsize: c_ulong,
    pub frsize: c_ulong,
    pub blocks: u64,
    pub bfree: u64,
    pub bavail: u64,
    pub files: u64,
    pub ffree: u64,
    pub favail: u64,
    pub fsid: c_ulong,
    pub flag: c_ulong,
    pub namemax: c_ulong,
    pub spare: [c_int; 6],
}

// SysV IPC: what an IPC namespace holds (the `*_INFO` commands).
pub const SHM_INFO: c_int = 14;
pub const MSG_INFO: c_int = 12;
pub const SEM_INFO: c_int = 19;
pub const ENOSYS: i32 = 38;

/// `struct shm_info`: `used_ids` is the number of segments.
#[repr(C)]
pub struct ShmInfo {
    pub used_ids: c_int,
    pub shm_tot: c_ulong,
    pub shm_rss: c_ulong,
    pub shm_swp: c_ulong,
    pub swap_attempts: c_ulong,
    pub swap_successes: c_ulong,
}

/// `struct msginfo`: after `MSG_INFO`, `msgpool` is the number of queues.
#[repr(C)]
pub struct MsgInfo {
    pub msgpool: c_int,
    pub rest: [c_int; 6],
    pub msgseg: u16,
}

/// `struct shmid_ds` and `struct msqid_ds`, what `shmctl` and `msgctl` are
/// declared to take: the judge passes them only a [`ShmInfo`] or a
/// [`MsgInfo`] in their place (the `*_INFO` commands fill those, as their
/// manual says), so they have no fields here.
#[repr(C)]
pub struct ShmidDs {
    _opaque: [u8; 0],
}

#[repr(C)]
pub struct MsqidDs {
    _opaque: [u8; 0],
}

/// `struct seminfo`: after `SEM_INFO`, `semusz` is the number of sets.
#[repr(C)]
pub struct SemInfo {
    pub before: [c_int; 7],
    pub semusz: c_int,
    pub after: [c_int; 2],
}

#[repr(C)]
pub struct Iovec {
    pub base: *mut c_void,
    pub len: usize,
}

/// `struct msghdr` (glibc's and musl's on 64-bit Linux: the padding after
/// `namelen` and `flags` is the compiler's).
#[repr(C)]
pub struct Msghdr {
    pub name: *mut c_void,
    pub namelen: u32,
    pub iov: *mut Iovec,
    pub iovlen: usize,
    pub control: *mut c_void,
    pub controllen: usize,
    pub flags: c_int,
}

/// `struct cmsghdr`; its data follows at `size_of::<Cmsghdr>()` (already
/// aligned to 8 bytes, as `CMSG_DATA` aligns it).
#[repr(C)]
pub struct Cmsghdr {
    pub len: usize,
    pub level: c_int,
    pub kind: c_int,
}

extern "C" {
    pub fn socketpair(domain: c_int, kind: c_int, protocol: c_int, fds: *mut c_int) -> c_int;
    pub fn sendmsg(fd: c_int, msg: *const Msghdr, flags: c_int) -> isize;
    pub fn recvmsg(fd: c_int, msg: *mut Msghdr, flags: c_int) -> isize;
    pub fn wait4(pid: c_int, status: *mut c_int, options: c_int, usage: *mut Rusage) -> c_int;
    pub fn prlimit(
        pid: c_int,
        resource: RlimitResource,
        new: *const Rlimit,
        old: *mut Rlimit,
    ) -> c_int;
    pub fn setsid() -> c_int;
    pub fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
    pub fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    pub fn poll(fds: *mut PollFd, n: c_ulong, timeout: c_int) -> c_int;
    pub fn sysconf(name: c_int) -> c_long;
    /// Its other arguments are `c_ulong`s, as the kernel reads them.
    pub fn prctl(option: c_int, ...) -> c_int;
    pub fn unshare(flags: c_int) -> c_int;
    pub fn setns(fd: c_int, nstype: c_int) -> c_int;
    pub fn mount(
        source: *const c_char,
        target: *const c_char,
        fstype: *const c_char,
        flags: c_ulong,
        data: *const c_void,
    ) -> c_int;
    pub fn umount2(target: *const c_char, flags: c_int) -> c_int;
    pub fn syscall(number: c_long, ...) -> c_long;
    pub fn fork() -> c_int;
    /// glibc's and musl's wrapper: runs `f(arg)` in the child, on `stack`
    /// (its top: stacks grow down on both architectures).
    pub fn clone(
        f: extern "C" fn(*mut c_void) -> c_int,
        stack: *mut c_void,
        flags: c_int,
        arg: *mut c_void,
        ...
    ) -> c_int;
    pub fn execvp(file: *const c_char, argv: *const *mut c_char) -> c_int;
    pub fn dup2(old: c_int, new: c_int) -> c_int;
    pub fn close(fd: c_int) -> c_int;
    pub fn chdir(path: *const c_char) -> c_int;
    pub fn setgroups(size: usize, list: *const u32) -> c_int;
    pub fn setresgid(r: u32, e: u32, s: u32) -> c_int;
    pub fn setresuid(r: u32, e: u32, s: u32) -> c_int;
    pub fn setrlimit(resource: RlimitResource, limit: *const Rlimit) -> c_int;
    pub fn statvfs(path: *const c_char, buf: *mut Statvfs) -> c_int;
    pub fn fstatvfs(fd: c_int, buf: *mut Statvfs) -> c_int;
    pub fn shmctl(id: c_int, cmd: c_int, buf: *mut ShmidDs) -> c_int;
    pub fn msgctl(id: c_int, cmd: c_int, buf: *mut MsqidDs) -> c_int;
    pub fn semctl(id: c_int, num: c_int, cmd: c_int, ...) -> c_int;
    pub fn geteuid() -> u32;
    pub fn getegid() -> u32;
    pub fn _exit(status: c_int) -> !;
    /// `long ptrace(enum __ptrace_request, ...)`: pid, address, data.
    pub fn ptrace(request: PtraceRequest, ...) -> c_long;
    pub fn waitid(idtype: IdType, id: IdT, info: *mut Siginfo, options: c_int) -> c_int;
    pub fn clock_getcpuclockid(pid: c_int, clock: *mut c_int) -> c_int;
    pub fn clock_gettime(clock: c_int, time: *mut Timespec) -> c_int;
}
