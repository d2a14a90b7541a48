//! The test that holds the sys room's numbers to the system headers: a C
//! program, compiled with `cc`, prints every constant, struct size and
//! named field's offset the judge declares, and each must equal ours. Its
//! header preamble and `cc` helper serve `prototypes.rs` too.

use super::*;
use std::process::Command;

/// A C expression and the judge's value for it.
type Fact = (&'static str, i64);

/// What every Unix part declares.
fn unix_facts() -> Vec<Fact> {
    vec![
        ("SIGINT", SIGINT as i64),
        ("SIGKILL", SIGKILL as i64),
        ("SIGTERM", SIGTERM as i64),
        ("F_GETFD", F_GETFD as i64),
        ("F_SETFD", F_SETFD as i64),
        ("FD_CLOEXEC", FD_CLOEXEC as i64),
    ]
}

/// The byte offset of a field within its struct.
#[cfg(supervised)]
macro_rules! offset {
    ($ty:ty, $field:ident) => {{
        let value = std::mem::MaybeUninit::<$ty>::uninit();
        let base = value.as_ptr();
        // SAFETY: only the field's address is computed; nothing is read.
        let field = unsafe { std::ptr::addr_of!((*base).$field) };
        (field as usize - base as usize) as i64
    }};
}

#[cfg(supervised)]
fn linux_facts() -> Vec<Fact> {
    use super::linux::*;
    use std::mem::size_of;
    vec![
        ("SIGCHLD", SIGCHLD as i64),
        ("SIGPIPE", SIGPIPE as i64),
        ("WNOHANG", WNOHANG as i64),
        ("EINTR", EINTR as i64),
        ("ECHILD", ECHILD as i64),
        ("POLLIN", POLLIN as i64),
        ("O_NONBLOCK", O_NONBLOCK as i64),
        ("O_CLOEXEC", O_CLOEXEC as i64),
        ("O_NOFOLLOW", O_NOFOLLOW as i64),
        ("F_GETFL", F_GETFL as i64),
        ("F_SETFL", F_SETFL as i64),
        ("RLIMIT_CPU", RLIMIT_CPU as i64),
        ("RLIMIT_FSIZE", RLIMIT_FSIZE as i64),
        ("RLIMIT_CORE", RLIMIT_CORE as i64),
        ("RLIMIT_AS", RLIMIT_AS as i64),
        ("RLIMIT_MSGQUEUE", RLIMIT_MSGQUEUE as i64),
        ("RLIMIT_SIGPENDING", RLIMIT_SIGPENDING as i64),
        ("PR_SET_CHILD_SUBREAPER", PR_SET_CHILD_SUBREAPER as i64),
        ("_SC_CLK_TCK", SC_CLK_TCK as i64),
        ("_SC_PAGESIZE", SC_PAGESIZE as i64),
        ("sizeof(struct timeval)", size_of::<Timeval>() as i64),
        ("offsetof(struct timeval, tv_usec)", offset!(Timeval, usec)),
        ("sizeof(struct rusage)", size_of::<Rusage>() as i64),
        ("offsetof(struct rusage, ru_stime)", offset!(Rusage, stime)),
        (
            "offsetof(struct rusage, ru_maxrss)",
            offset!(Rusage, maxrss),
        ),
        ("sizeof(struct rlimit)", size_of::<Rlimit>() as i64),
        ("offsetof(struct rlimit, rlim_max)", offset!(Rlimit, max)),
        ("sizeof(struct pollfd)", size_of::<PollFd>() as i64),
        ("offsetof(struct pollfd, events)", offset!(PollFd, events)),
        ("offsetof(struct pollfd, revents)", offset!(PollFd, revents)),
        ("PR_SET_PDEATHSIG", PR_SET_PDEATHSIG as i64),
        ("PR_SET_NO_NEW_PRIVS", PR_SET_NO_NEW_PRIVS as i64),
        ("(long)SIG_DFL", SIG_DFL.map_or(0, |f| f as usize as i64)),
        (
            "sizeof(rlimit_resource)",
            size_of::<RlimitResource>() as i64,
        ),
        ("sizeof(ptrace_request)", size_of::<PtraceRequest>() as i64),
        ("sizeof(idtype_t)", size_of::<IdType>() as i64),
        ("sizeof(id_t)", size_of::<IdT>() as i64),
        ("CLONE_PARENT", CLONE_PARENT as i64),
        ("CLONE_NEWNS", CLONE_NEWNS as i64),
        ("CLONE_NEWIPC", CLONE_NEWIPC as i64),
        ("CLONE_NEWUSER", CLONE_NEWUSER as i64),
        ("CLONE_NEWPID", CLONE_NEWPID as i64),
        ("CLONE_NEWNET", CLONE_NEWNET as i64),
        ("MS_RDONLY", MS_RDONLY as i64),
        ("MS_NOSUID", MS_NOSUID as i64),
        ("MS_NODEV", MS_NODEV as i64),
        ("MS_NOEXEC", MS_NOEXEC as i64),
        ("MS_REMOUNT", MS_REMOUNT as i64),
        ("MS_NOATIME", MS_NOATIME as i64),
        ("MS_NODIRATIME", MS_NODIRATIME as i64),
        ("MS_BIND", MS_BIND as i64),
        ("MS_REC", MS_REC as i64),
        ("MS_PRIVATE", MS_PRIVATE as i64),
        ("MS_RELATIME", MS_RELATIME as i64),
        ("MNT_DETACH", MNT_DETACH as i64),
        ("ST_NOEXEC", ST_NOEXEC as i64),
        ("ST_NOATIME", ST_NOATIME as i64),
        ("ST_NODIRATIME", ST_NODIRATIME as i64),
        ("ST_RELATIME", ST_RELATIME as i64),
        ("SYS_clone", SYS_CLONE),
        ("SYS_pivot_root", SYS_PIVOT_ROOT),
        ("sizeof(struct statvfs)", size_of::<Statvfs>() as i64),
        (
            "offsetof(struct statvfs, f_blocks)",
            offset!(Statvfs, blocks),
        ),
        ("offsetof(struct statvfs, f_bfree)", offset!(Statvfs, bfree)),
        ("offsetof(struct statvfs, f_flag)", offset!(Statvfs, flag)),
    ]
}

#[cfg(supervised)]
/// The warden's part: the socket that carries descriptors to it, how it
/// starts a program, and how it counts what a test left in its IPC
/// namespace.
fn socket_facts() -> Vec<Fact> {
    use super::linux::*;
    use std::mem::size_of;
    vec![
        ("CLONE_VM", CLONE_VM as i64),
        ("CLONE_VFORK", CLONE_VFORK as i64),
        ("AF_UNIX", AF_UNIX as i64),
        ("SOCK_SEQPACKET", SOCK_SEQPACKET as i64),
        ("SOCK_CLOEXEC", SOCK_CLOEXEC as i64),
        ("SOL_SOCKET", SOL_SOCKET as i64),
        ("SCM_RIGHTS", SCM_RIGHTS as i64),
        ("MSG_CTRUNC", MSG_CTRUNC as i64),
        ("MSG_TRUNC", MSG_TRUNC as i64),
        ("MSG_CMSG_CLOEXEC", MSG_CMSG_CLOEXEC as i64),
        ("sizeof(struct iovec)", size_of::<Iovec>() as i64),
        ("offsetof(struct iovec, iov_len)", offset!(Iovec, len)),
        ("sizeof(struct msghdr)", size_of::<Msghdr>() as i64),
        ("offsetof(struct msghdr, msg_iov)", offset!(Msghdr, iov)),
        (
            "offsetof(struct msghdr, msg_iovlen)",
            offset!(Msghdr, iovlen),
        ),
        (
            "offsetof(struct msghdr, msg_control)",
            offset!(Msghdr, control),
        ),
        (
            "offsetof(struct msghdr, msg_controllen)",
            offset!(Msghdr, controllen),
        ),
        ("offsetof(struct msghdr, msg_flags)", offset!(Msghdr, flags)),
        ("sizeof(struct cmsghdr)", size_of::<Cmsghdr>() as i64),
        (
            "offsetof(struct cmsghdr, cmsg_level)",
            offset!(Cmsghdr, level),
        ),
        (
            "offsetof(struct cmsghdr, cmsg_type)",
            offset!(Cmsghdr, kind),
        ),
        ("CMSG_LEN(0)", size_of::<Cmsghdr>() as i64),
        ("SHM_INFO", SHM_INFO as i64),
        ("MSG_INFO", MSG_INFO as i64),
        ("SEM_INFO", SEM_INFO as i64),
        ("ENOSYS", ENOSYS as i64),
        ("sizeof(struct shm_info)", size_of::<ShmInfo>() as i64),
        (
            "offsetof(struct shm_info, used_ids)",
            offset!(ShmInfo, used_ids),
        ),
        ("sizeof(struct msginfo)", size_of::<MsgInfo>() as i64),
        (
            "offsetof(struct msginfo, msgpool)",
            offset!(MsgInfo, msgpool),
        ),
        ("offsetof(struct msginfo, msgseg)", offset!(MsgInfo, msgseg)),
        ("sizeof(struct seminfo)", size_of::<SemInfo>() as i64),
        ("offsetof(struct seminfo, semusz)", offset!(SemInfo, semusz)),
    ]
}

#[cfg(supervised)]
/// The offsets of the named fields the two lists above leave out (the
/// first ones, at 0, and those the judge reads but where a wrong one would
/// not move the others), so that every named field is held.
fn other_field_facts() -> Vec<Fact> {
    use super::linux::*;
    vec![
        ("offsetof(struct timeval, tv_sec)", offset!(Timeval, sec)),
        ("offsetof(struct rusage, ru_utime)", offset!(Rusage, utime)),
        ("offsetof(struct rlimit, rlim_cur)", offset!(Rlimit, cur)),
        ("offsetof(struct pollfd, fd)", offset!(PollFd, fd)),
        ("offsetof(struct statvfs, f_bsize)", offset!(Statvfs, bsize)),
        (
            "offsetof(struct statvfs, f_frsize)",
            offset!(Statvfs, frsize),
        ),
        (
            "offsetof(struct statvfs, f_bavail)",
            offset!(Statvfs, bavail),
        ),
        ("offsetof(struct statvfs, f_files)", offset!(Statvfs, files)),
        ("offsetof(struct statvfs, f_ffree)", offset!(Statvfs, ffree)),
        (
            "offsetof(struct statvfs, f_favail)",
            offset!(Statvfs, favail),
        ),
        ("offsetof(struct statvfs, f_fsid)", offset!(Statvfs, fsid)),
        (
            "offsetof(struct statvfs, f_namemax)",
            offset!(Statvfs, namemax),
        ),
        (
            "offsetof(struct shm_info, shm_tot)",
            offset!(ShmInfo, shm_tot),
        ),
        (
            "offsetof(struct shm_info, shm_rss)",
            offset!(ShmInfo, shm_rss),
        ),
        (
            "offsetof(struct shm_info, shm_swp)",
            offset!(ShmInfo, shm_swp),
        ),
        (
            "offsetof(struct shm_info, swap_attempts)",
            offset!(ShmInfo, swap_attempts),
        ),
        (
            "offsetof(struct shm_info, swap_successes)",
            offset!(ShmInfo, swap_successes),
        ),
        ("offsetof(struct iovec, iov_base)", offset!(Iovec, base)),
        ("offsetof(struct msghdr, msg_name)", offset!(Msghdr, name)),
        (
            "offsetof(struct msghdr, msg_namelen)",
            offset!(Msghdr, namelen),
        ),
        ("offsetof(struct cmsghdr, cmsg_len)", offset!(Cmsghdr, len)),
    ]
}

#[cfg(supervised)]
/// The filter that refuses a test namespaces of its own, and the bound on
/// its processes.
fn seccomp_facts() -> Vec<Fact> {
    use super::linux::*;
    use std::mem::size_of;
    let mut facts = vec![
        ("CLONE_NEWTIME", CLONE_NEWTIME as i64),
        ("CLONE_NEWCGROUP", CLONE_NEWCGROUP as i64),
        ("CLONE_NEWUTS", CLONE_NEWUTS as i64),
        ("EPERM", EPERM as i64),
        ("ESRCH", ESRCH as i64),
        ("RLIMIT_NPROC", RLIMIT_NPROC as i64),
        ("RLIMIT_NOFILE", RLIMIT_NOFILE as i64),
        ("SYS_unshare", SYS_UNSHARE),
        ("SYS_setns", SYS_SETNS),
        ("SYS_clone3", SYS_CLONE3),
        ("SYS_add_key", SYS_ADD_KEY),
        ("SYS_request_key", SYS_REQUEST_KEY),
        ("SYS_keyctl", SYS_KEYCTL),
        ("SYS_fcntl", SYS_FCNTL),
        ("F_SETLK", F_SETLK as i64),
        ("F_SETLKW", F_SETLKW as i64),
        ("F_OFD_SETLK", F_OFD_SETLK as i64),
        ("F_OFD_SETLKW", F_OFD_SETLKW as i64),
        ("SYS_socketpair", SYS_SOCKETPAIR),
        ("SYS_setsockopt", SYS_SETSOCKOPT),
        ("SOCK_STREAM", SOCK_STREAM as i64),
        ("SO_SNDBUF", SO_SNDBUF as i64),
        ("SO_SNDBUFFORCE", SO_SNDBUFFORCE as i64),
        ("PR_SET_SECCOMP", PR_SET_SECCOMP as i64),
        ("SECCOMP_MODE_FILTER", SECCOMP_MODE_FILTER as i64),
        ("SECCOMP_RET_ALLOW", SECCOMP_RET_ALLOW as i64),
        ("SECCOMP_RET_ERRNO", SECCOMP_RET_ERRNO as i64),
        ("SECCOMP_RET_KILL_PROCESS", SECCOMP_RET_KILL_PROCESS as i64),
        ("BPF_LD", BPF_LD as i64),
        ("BPF_ALU", BPF_ALU as i64),
        ("BPF_JMP", BPF_JMP as i64),
        ("BPF_RET", BPF_RET as i64),
        ("BPF_W", BPF_W as i64),
        ("BPF_ABS", BPF_ABS as i64),
        ("BPF_AND", BPF_AND as i64),
        ("BPF_JEQ", BPF_JEQ as i64),
        ("BPF_JSET", BPF_JSET as i64),
        ("BPF_K", BPF_K as i64),
        ("sizeof(struct sock_filter)", size_of::<SockFilter>() as i64),
        ("offsetof(struct sock_filter, jt)", offset!(SockFilter, jt)),
        ("offsetof(struct sock_filter, jf)", offset!(SockFilter, jf)),
        ("offsetof(struct sock_filter, k)", offset!(SockFilter, k)),
        ("sizeof(struct sock_fprog)", size_of::<SockFprog>() as i64),
        (
            "offsetof(struct sock_fprog, filter)",
            offset!(SockFprog, filter),
        ),
        (
            "sizeof(struct seccomp_data)",
            size_of::<SeccompData>() as i64,
        ),
        (
            "offsetof(struct seccomp_data, arch)",
            offset!(SeccompData, arch),
        ),
        (
            "offsetof(struct seccomp_data, args)",
            offset!(SeccompData, args),
        ),
    ];
    // `c_long` is `i64` on both architectures.
    facts.extend(SYS_HOLDING_MEMORY);
    #[cfg(target_arch = "x86_64")]
    facts.extend([
        ("AUDIT_ARCH_X86_64", AUDIT_ARCH_NATIVE as i64),
        ("__X32_SYSCALL_BIT", X32_SYSCALL_BIT as i64),
    ]);
    #[cfg(target_arch = "aarch64")]
    facts.push(("AUDIT_ARCH_AARCH64", AUDIT_ARCH_NATIVE as i64));
    facts
}

#[cfg(not(supervised))]
fn linux_facts() -> Vec<Fact> {
    Vec::new()
}

#[cfg(not(supervised))]
fn socket_facts() -> Vec<Fact> {
    Vec::new()
}

#[cfg(not(supervised))]
fn other_field_facts() -> Vec<Fact> {
    Vec::new()
}

#[cfg(not(supervised))]
fn seccomp_facts() -> Vec<Fact> {
    Vec::new()
}

#[cfg(supervised)]
/// What keeps a test to its cell: its sealed standard input
/// (`supervise/files.rs`), the calls on another process the filter lets it
/// make on itself alone, and the warden's not being dumpable.
fn cell_facts() -> Vec<Fact> {
    use super::linux::*;
    let mut facts = vec![
        ("SYS_memfd_create", SYS_MEMFD_CREATE),
        ("MFD_CLOEXEC", MFD_CLOEXEC as i64),
        ("MFD_ALLOW_SEALING", MFD_ALLOW_SEALING as i64),
        ("F_ADD_SEALS", F_ADD_SEALS as i64),
        ("F_SEAL_SEAL", F_SEAL_SEAL as i64),
        ("F_SEAL_SHRINK", F_SEAL_SHRINK as i64),
        ("F_SEAL_GROW", F_SEAL_GROW as i64),
        ("F_SEAL_WRITE", F_SEAL_WRITE as i64),
        ("SYS_setpriority", SYS_SETPRIORITY),
        ("SYS_ioprio_set", SYS_IOPRIO_SET),
        ("PRIO_PROCESS", PRIO_PROCESS as i64),
        ("PR_SET_DUMPABLE", PR_SET_DUMPABLE as i64),
    ];
    // `c_long` is `i64` on both architectures.
    facts.extend(SYS_ON_A_PID);
    facts
}

#[cfg(not(supervised))]
fn cell_facts() -> Vec<Fact> {
    Vec::new()
}

#[cfg(supervised)]
/// The warden's tracer: what it asks of `ptrace`, and what `waitid` and a
/// process CPU clock give it.
fn trace_facts() -> Vec<Fact> {
    use super::linux::*;
    use std::mem::size_of;
    vec![
        ("CLONE_UNTRACED", CLONE_UNTRACED as i64),
        ("PTRACE_TRACEME", PTRACE_TRACEME as i64),
        ("PTRACE_CONT", PTRACE_CONT as i64),
        ("PTRACE_SETOPTIONS", PTRACE_SETOPTIONS as i64),
        ("PTRACE_O_TRACEFORK", PTRACE_O_TRACEFORK as i64),
        ("PTRACE_O_TRACEVFORK", PTRACE_O_TRACEVFORK as i64),
        ("PTRACE_O_TRACECLONE", PTRACE_O_TRACECLONE as i64),
        ("PTRACE_O_TRACEEXEC", PTRACE_O_TRACEEXEC as i64),
        ("PTRACE_O_EXITKILL", PTRACE_O_EXITKILL as i64),
        ("SIGTRAP", SIGTRAP as i64),
        ("SIGSTOP", SIGSTOP as i64),
        ("SIGTSTP", SIGTSTP as i64),
        ("SIGTTIN", SIGTTIN as i64),
        ("SIGTTOU", SIGTTOU as i64),
        ("WEXITED", WEXITED as i64),
        ("WSTOPPED", WSTOPPED as i64),
        ("WNOWAIT", WNOWAIT as i64),
        ("__WALL", WALL as i64),
        ("P_ALL", P_ALL as i64),
        ("CLD_EXITED", CLD_EXITED as i64),
        ("CLD_KILLED", CLD_KILLED as i64),
        ("CLD_DUMPED", CLD_DUMPED as i64),
        ("sizeof(siginfo_t)", size_of::<Siginfo>() as i64),
        ("offsetof(siginfo_t, si_code)", offset!(Siginfo, code)),
        ("offsetof(siginfo_t, si_pid)", offset!(Siginfo, pid)),
        ("offsetof(siginfo_t, si_status)", offset!(Siginfo, status)),
        ("sizeof(struct timespec)", size_of::<Timespec>() as i64),
        (
            "offsetof(struct timespec, tv_nsec)",
            offset!(Timespec, nsec),
        ),
    ]
}

#[cfg(not(supervised))]
fn trace_facts() -> Vec<Fact> {
    Vec::new()
}

/// What every C program of the checks starts with: the headers that declare
/// what the sys room stands in for, and `rlimit_resource`, the type glibc's
/// headers (with `_GNU_SOURCE`) give `setrlimit`'s and `prlimit`'s resource
/// (an enum, of `unsigned int`'s size and passing) and musl's give as `int`.
pub(super) const PREAMBLE: &str = "#define _GNU_SOURCE\n\
    #include <errno.h>\n#include <fcntl.h>\n#include <grp.h>\n#include <poll.h>\n\
    #include <sched.h>\n#include <signal.h>\n#include <stddef.h>\n#include <stdint.h>\n\
    #include <stdio.h>\n#include <unistd.h>\n#include <sys/ipc.h>\n#include <sys/mount.h>\n\
    #include <sys/mman.h>\n#include <sys/msg.h>\n#include <sys/prctl.h>\n#include <sys/resource.h>\n\
    #include <sys/sem.h>\n#include <sys/shm.h>\n#include <sys/socket.h>\n\
    #include <sys/statvfs.h>\n#include <sys/syscall.h>\n#include <sys/time.h>\n\
    #include <sys/types.h>\n#include <sys/wait.h>\n#include <sys/ptrace.h>\n\
    #include <time.h>\n#include <linux/audit.h>\n#include <linux/filter.h>\n#include <linux/seccomp.h>\n\
    #ifdef __GLIBC__\ntypedef __rlimit_resource_t rlimit_resource;\n\
    typedef enum __ptrace_request ptrace_request;\n\
    #else\ntypedef int rlimit_resource;\ntypedef int ptrace_request;\n#endif\n";

/// The C program that prints each fact's expression and value, one a line.
fn c_source(facts: &[Fact]) -> String {
    let mut c = format!("{}int main(void) {{\n", PREAMBLE);
    for (expression, _) in facts {
        c += &format!(
            "    printf(\"%s=%lld\\n\", \"{}\", (long long)({}));\n",
            expression, expression
        );
    }
    c + "    return 0;\n}\n"
}

/// Compiles `source` with `cc -Werror` and `args`, in a scratch folder of
/// its own (named after `name`, and numbered: tests run side by side): `then`'s answer, given that folder (to run
/// what was built there), or cc's complaints if it failed.
pub(super) fn compile<T>(
    name: &str,
    source: &str,
    args: &[&str],
    then: impl FnOnce(&std::path::Path) -> T,
) -> Result<T, String> {
    static COMPILED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "judge-sys-check-{}-{}-{}",
        std::process::id(),
        name,
        COMPILED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("check.c"), source).unwrap();
    let built = Command::new("cc")
        .current_dir(&dir)
        .args(["-Werror", "check.c"])
        .args(args)
        .output()
        .expect("cc, which the checks need, cannot be started");
    let result = if built.status.success() {
        Ok(then(&dir))
    } else {
        Err(String::from_utf8_lossy(&built.stderr).into_owned())
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Compiles and runs the C program: its output.
fn values_from_headers(source: &str) -> String {
    let run = |dir: &std::path::Path| Command::new(dir.join("facts")).output().unwrap();
    match compile("facts", source, &["-o", "facts"], run) {
        Ok(out) => String::from_utf8(out.stdout).unwrap(),
        Err(why) => panic!("cc could not build the facts program:\n{}", why),
    }
}

#[test]
fn every_constant_and_layout_matches_the_system_headers() {
    let facts: Vec<Fact> = unix_facts()
        .into_iter()
        .chain(linux_facts())
        .chain(socket_facts())
        .chain(other_field_facts())
        .chain(seccomp_facts())
        .chain(cell_facts())
        .chain(trace_facts())
        .collect();
    let printed = values_from_headers(&c_source(&facts));
    let ours: Vec<String> = facts.iter().map(|(e, v)| format!("{}={}", e, v)).collect();
    let theirs: Vec<&str> = printed.lines().collect();
    assert_eq!(theirs.len(), ours.len(), "{}", printed);
    for (ours, theirs) in ours.iter().zip(theirs) {
        assert_eq!(ours, theirs, "ours, then the headers'");
    }
}
