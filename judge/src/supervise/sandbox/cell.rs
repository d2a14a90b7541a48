//! One test's cell: the slot's namespaces entered, the fresh ones made (PID,
//! IPC, a copy of the view's mounts with a private `/tmp`, `/dev/shm` and
//! `/proc`, and the test's data covered), a warden as the PID namespace's
//! init, and the program under it.
//!
//! Three processes, each a fork of the supervisor (which has one thread, so
//! they may run any code before they exec or exit):
//!
//! - the **launcher** enters the slot's user, mount and network namespaces
//!   (`setns`), unshares a mount, IPC and PID namespace, mounts the scratch
//!   folders and the covers, starts the warden as the supervisor's child
//!   (`clone(CLONE_PARENT)`), says its pid and exits;
//! - the **warden**, PID 1 of the new namespace, dies with the supervisor
//!   (`PR_SET_PDEATHSIG`), mounts the namespace's `/proc`, starts the
//!   program, then reaps every process of the namespace and reports each
//!   (status and peak memory) until the supervisor kills it, which kills
//!   the whole namespace;
//! - the **program** gets its descriptors, the backstop limits, the working
//!   folder, uid and gid 65534 with no supplementary group, no new
//!   privileges, and is executed.
//!
//! They report on one pipe, in the supervisor's frames (see [`Record`]).

use super::view::{cstring, mount_at, pipe};
use super::{Sandbox, INSIDE_ID};
use crate::supervise::protocol::{receive, Fields, Frame};
use crate::supervise::Request;
use crate::sys::linux::{
    _exit, chdir, close, dup2, execvp, fork, prctl, setgroups, setns, setresgid, setresuid,
    setrlimit, statvfs, syscall, unshare, wait4, Rlimit, Rusage, Statvfs, CLONE_NEWIPC,
    CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWUSER, CLONE_PARENT, EINTR, MS_BIND, MS_NODEV,
    MS_NOEXEC, MS_NOSUID, MS_RDONLY, MS_REC, PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, RLIMIT_AS,
    RLIMIT_CORE, RLIMIT_CPU, RLIMIT_FSIZE, SIGCHLD, SIG_DFL, SYS_CLONE,
};
use crate::sys::{signal, SIGINT, SIGKILL, SIGTERM};
use std::ffi::{CString, OsString};
use std::fs::File;
use std::io::{self, Write};
use std::os::raw::{c_char, c_int};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};

/// The folders each test gets fresh, as `tmpfs` mounts.
pub const SCRATCH: [&str; 2] = ["/tmp", "/dev/shm"];

/// What the cell's processes report.
#[derive(Debug, PartialEq)]
pub enum Record {
    /// The warden runs, with this pid (the supervisor's view).
    Started(i32),
    /// The cell could not be made.
    Failed(String),
    /// The program could not be executed.
    NotStarted(String),
    /// The warden reaped a process: the program's or another's wait status,
    /// and its peak memory in KiB.
    Reaped {
        main: bool,
        status: i32,
        peak_kib: u64,
    },
}

impl Record {
    fn frame(&self) -> Frame {
        let mut f = Frame::default();
        match self {
            Record::Started(pid) => f.num(1).num(*pid as u64).num(0).num(0).bytes(b""),
            Record::Failed(why) => f.num(2).num(0).num(0).num(0).bytes(why.as_bytes()),
            Record::NotStarted(why) => f.num(3).num(0).num(0).num(0).bytes(why.as_bytes()),
            Record::Reaped {
                main,
                status,
                peak_kib,
            } => f
                .num(4)
                .num(u64::from(*main))
                .num(*status as u32 as u64)
                .num(*peak_kib)
                .bytes(b""),
        };
        f
    }

    fn parse(payload: &[u8]) -> io::Result<Record> {
        let mut f = Fields(payload);
        let (kind, a, b, c) = (f.num()?, f.num()?, f.num()?, f.num()?);
        let text = String::from_utf8_lossy(f.bytes()?).into_owned();
        Ok(match kind {
            1 => Record::Started(a as i32),
            2 => Record::Failed(text),
            3 => Record::NotStarted(text),
            _ => Record::Reaped {
                main: a == 1,
                status: b as u32 as i32,
                peak_kib: c,
            },
        })
    }

    /// Sends the record on the pipe `fd` (one write, which a pipe keeps
    /// whole: a frame is far below `PIPE_BUF`).
    fn send(&self, fd: RawFd) {
        let mut bytes = Vec::new();
        let _ = self.frame().send(&mut bytes);
        // SAFETY: the descriptor is the cell's pipe, open in this process;
        // ManuallyDrop keeps it open.
        let mut pipe = std::mem::ManuallyDrop::new(unsafe {
            <File as std::os::unix::io::FromRawFd>::from_raw_fd(fd)
        });
        let _ = pipe.write_all(&bytes);
    }
}

/// A running cell, as the supervisor holds it.
pub struct Cell {
    /// The warden: the supervisor's child, PID 1 of the test.
    pub warden: i32,
    /// The reports of the warden and the program (read without blocking).
    records: File,
    /// Records that came before the launcher's word (the warden and the
    /// program may be faster than the launcher), in order.
    early: std::collections::VecDeque<Record>,
}

/// What the cell's processes need, prepared before the fork.
struct Plan {
    argv: Vec<CString>,
    /// The bound on SysV shared memory in the test's IPC namespace, pages.
    shm_pages: u64,
    cwd: CString,
    scratch_options: CString,
    covers: Vec<PathBuf>,
    /// The folders the view binds (some may be below a scratch folder).
    folders: Vec<PathBuf>,
    limits: Vec<(c_int, u64)>,
    as_root: bool,
}

impl Cell {
    /// Starts the program of `request` in a cell of `sandbox`, with the three
    /// descriptors as its standard input, output and error; `covers` are
    /// folders to hide (the test's data).
    pub fn start(
        sandbox: &Sandbox,
        request: &Request,
        stdio: [RawFd; 3],
        covers: Vec<PathBuf>,
    ) -> io::Result<Cell> {
        let mut plan = Plan::new(request, covers, sandbox.as_root)?;
        plan.folders = sandbox.folders.clone();
        let (mut records, report) = pipe()?;
        // SAFETY: the supervisor has one thread, so the child may run any
        // code; it never returns (it ends with _exit).
        let launcher = unsafe { fork() };
        if launcher < 0 {
            return Err(io::Error::last_os_error());
        }
        if launcher == 0 {
            launch(sandbox, &plan, stdio, report.as_raw_fd());
        }
        drop(report);
        let launched = launcher_word(&mut records);
        let mut status = 0;
        // SAFETY: waits for our own child, which exits once it has reported.
        unsafe { wait4(launcher, &mut status, 0, std::ptr::null_mut()) };
        let (warden, early) = launched?;
        set_nonblocking(&records);
        Ok(Cell {
            warden,
            records,
            early,
        })
    }

    /// The descriptor to wait on for records.
    pub fn fd(&self) -> RawFd {
        self.records.as_raw_fd()
    }

    /// The next record, if one has come.
    pub fn next_record(&mut self) -> Option<Record> {
        if let Some(record) = self.early.pop_front() {
            return Some(record);
        }
        match receive(&mut self.records) {
            Ok(Some(payload)) => Record::parse(&payload).ok(),
            _ => None,
        }
    }

    /// Waits up to `patience` for the program's end: its wait status, or
    /// why it did not run.
    pub fn wait_for_program(&mut self, patience: std::time::Duration) -> Result<i32, String> {
        let deadline = std::time::Instant::now() + patience;
        while std::time::Instant::now() < deadline {
            match self.next_record() {
                Some(Record::Reaped {
                    main: true, status, ..
                }) => return Ok(status),
                Some(Record::NotStarted(why)) | Some(Record::Failed(why)) => return Err(why),
                Some(_) => {}
                None => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        }
        Err("a test program did not end in it".to_string())
    }

    /// Kills the warden, and with it the test, and reaps it (for a cell the
    /// watch loop does not hold).
    pub fn end(self) {
        let mut status = 0;
        // SAFETY: kill and wait4 on our own child, integers and a live int.
        unsafe {
            crate::sys::kill(self.warden, SIGKILL);
            wait4(self.warden, &mut status, 0, std::ptr::null_mut());
        }
    }

    /// What the test's private `/tmp` and `/dev/shm` hold, bytes (seen
    /// through the warden's root).
    pub fn scratch_bytes(&self) -> u64 {
        SCRATCH
            .iter()
            .map(|dir| used_bytes(&format!("/proc/{}/root{}", self.warden, dir)))
            .sum()
    }
}

/// Reads the records up to the launcher's word: the warden's pid and the
/// records that came first. (A cell that failed left no process: the
/// launcher fails before it starts the warden, the warden before it starts
/// the program.)
fn launcher_word(records: &mut File) -> io::Result<(i32, std::collections::VecDeque<Record>)> {
    let mut early = std::collections::VecDeque::new();
    let failed = |why: String| Err(io::Error::new(io::ErrorKind::Other, why));
    loop {
        match receive(records)?.map(|p| Record::parse(&p)).transpose()? {
            Some(Record::Started(pid)) => return Ok((pid, early)),
            Some(Record::Failed(why)) => return failed(why),
            Some(other) => early.push_back(other),
            None => return failed("the sandbox's launcher ended without a word".to_string()),
        }
    }
}

/// The bytes a file system at `path` holds (blocks in use).
fn used_bytes(path: &str) -> u64 {
    let mut st = std::mem::MaybeUninit::<Statvfs>::zeroed();
    let path = CString::new(path).unwrap_or_default();
    // SAFETY: a valid path and a buffer of the right type.
    if unsafe { statvfs(path.as_ptr(), st.as_mut_ptr()) } != 0 {
        return 0;
    }
    // SAFETY: statvfs filled it.
    let st = unsafe { st.assume_init() };
    // `unsigned long` is u64 wherever the supervisor is built.
    #[allow(clippy::unnecessary_cast)]
    let block = st.frsize as u64;
    st.blocks.saturating_sub(st.bfree) * block
}

fn set_nonblocking(file: &File) {
    use crate::sys::fcntl;
    use crate::sys::linux::{F_GETFL, F_SETFL, O_NONBLOCK};
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, integers only.
    unsafe {
        let flags = fcntl(fd, F_GETFL, 0);
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    }
}

impl Plan {
    fn new(request: &Request, covers: Vec<PathBuf>, as_root: bool) -> io::Result<Plan> {
        let c = |s: &OsString| CString::new(s.as_bytes()).map_err(|_| nul());
        let argv = request.argv.iter().map(c).collect::<io::Result<Vec<_>>>()?;
        if argv.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no program to run",
            ));
        }
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        // Each scratch folder holds at most the memory limit and 1 MiB
        // (else 1 GiB): what they hold counts in the test's memory, so that
        // one filled up is over the limit.
        let size = if request.memory_limit > 0 {
            request.memory_limit + (1 << 20)
        } else {
            1 << 30
        };
        let mut limits = vec![
            (RLIMIT_CORE, 0),
            (RLIMIT_CPU, request.cpu_backstop_seconds),
            (RLIMIT_FSIZE, request.output_limit + 1),
        ];
        if request.address_space_backstop > 0 {
            limits.push((RLIMIT_AS, request.address_space_backstop));
        }
        Ok(Plan {
            argv,
            shm_pages: (size + 4095) / 4096,
            cwd: cstring(&cwd),
            scratch_options: CString::new(format!("size={},mode=1777", size)).map_err(|_| nul())?,
            covers,
            folders: Vec::new(),
            limits,
            as_root,
        })
    }
}

fn nul() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "a NUL byte in the command line",
    )
}

/// The launcher (see the file's comment). Never returns.
fn launch(sandbox: &Sandbox, plan: &Plan, stdio: [RawFd; 3], report: RawFd) -> ! {
    let started = enter(sandbox)
        .map(|()| bound_sysv(plan))
        .and_then(|()| make_scratch(plan))
        .and_then(|()| cover(&plan.covers))
        .and_then(|()| start_warden(plan, stdio, report));
    match started {
        Ok(pid) => Record::Started(pid).send(report),
        Err(why) => Record::Failed(why).send(report),
    }
    // SAFETY: ends the launcher at once.
    unsafe { _exit(0) }
}

/// Into the slot's namespaces (the user namespace first: it gives the
/// capabilities the others need), then out into fresh mount, IPC and PID
/// ones (the PID one for the children).
fn enter(sandbox: &Sandbox) -> Result<(), String> {
    for (ns, kind, name) in [
        (&sandbox.user, CLONE_NEWUSER, "user"),
        (&sandbox.mnt, CLONE_NEWNS, "mount"),
        (&sandbox.net, CLONE_NEWNET, "network"),
    ] {
        // SAFETY: a namespace descriptor we hold and its kind.
        if unsafe { setns(ns.as_raw_fd(), kind) } != 0 {
            return Err(format!(
                "cannot enter the {} namespace: {}",
                name,
                io::Error::last_os_error()
            ));
        }
    }
    // SAFETY: unshare takes flags only.
    if unsafe { unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWPID) } != 0 {
        return Err(format!(
            "cannot make namespaces: {}",
            io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// Bounds the SysV shared memory of the test's IPC namespace (its own
/// `kernel.shmall`, which the namespace's root may set on Linux 5.19 and
/// later; elsewhere the machine's bound stays) to what a scratch folder may
/// hold.
fn bound_sysv(plan: &Plan) {
    let _ = std::fs::write("/proc/sys/kernel/shmall", plan.shm_pages.to_string());
}

/// A fresh `tmpfs` on each scratch folder; folders of the view below one
/// (a working folder in `/tmp`) are bound again on top of it, with what the
/// view mounted below them (the covers of its hidden places: `MS_REC`).
fn make_scratch(plan: &Plan) -> Result<(), String> {
    let options = plan.scratch_options.to_string_lossy().into_owned();
    for dir in SCRATCH {
        let kept: Vec<(PathBuf, File)> = plan
            .folders
            .iter()
            .filter(|f| f.starts_with(dir))
            .filter_map(|p| File::open(p).ok().map(|f| (p.clone(), f)))
            .collect();
        mount_at(
            Some("tmpfs"),
            Path::new(dir),
            Some("tmpfs"),
            MS_NOSUID | MS_NODEV,
            Some(&options),
        )?;
        for (path, file) in kept {
            std::fs::create_dir_all(&path).map_err(|e| e.to_string())?;
            let source = format!("/proc/self/fd/{}", file.as_raw_fd());
            mount_at(Some(&source), &path, None, MS_BIND | MS_REC, None)?;
        }
    }
    Ok(())
}

/// An empty, read-only `tmpfs` over each folder of test data the view shows.
fn cover(covers: &[PathBuf]) -> Result<(), String> {
    for folder in covers {
        if folder.is_dir() {
            mount_at(
                Some("tmpfs"),
                folder,
                Some("tmpfs"),
                MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                Some("size=4k,mode=0"),
            )?;
        }
    }
    Ok(())
}

/// Starts the warden as the supervisor's child (so that it is reaped and
/// counted there, and dies with it): its pid.
fn start_warden(plan: &Plan, stdio: [RawFd; 3], report: RawFd) -> Result<i32, String> {
    // SAFETY: clone without a new stack is fork with flags; this process has
    // one thread.
    let pid = unsafe {
        syscall(
            SYS_CLONE,
            (CLONE_PARENT | SIGCHLD) as u64,
            0u64,
            0u64,
            0u64,
            0u64,
        )
    };
    if pid < 0 {
        return Err(format!(
            "cannot start the warden: {}",
            io::Error::last_os_error()
        ));
    }
    if pid == 0 {
        warden(plan, stdio, report);
    }
    Ok(pid as i32)
}

/// The warden (see the file's comment). Never returns.
fn warden(plan: &Plan, stdio: [RawFd; 3], report: RawFd) -> ! {
    // SAFETY: prctl with integer arguments, signal with the default action.
    unsafe {
        prctl(PR_SET_PDEATHSIG, SIGKILL as _, 0, 0, 0);
        for sig in [SIGCHLD, SIGINT, SIGTERM] {
            signal(sig, SIG_DFL);
        }
    }
    let proc = mount_at(
        Some("proc"),
        Path::new("/proc"),
        Some("proc"),
        MS_NOSUID | MS_NODEV | MS_NOEXEC,
        None,
    );
    if let Err(why) = proc {
        Record::Failed(why).send(report);
        // SAFETY: ends the warden, and with it the namespace.
        unsafe { _exit(1) }
    }
    // SAFETY: the warden has one thread; the child only execs or exits.
    let program = unsafe { fork() };
    if program == 0 {
        run_program(plan, stdio, report);
    }
    for fd in [0, 1, 2].iter().chain(stdio.iter()) {
        // SAFETY: closes descriptors the warden no longer needs.
        unsafe { close(*fd) };
    }
    reap_forever(program, report)
}

/// Reaps every process of the namespace, reporting each, until killed.
fn reap_forever(program: i32, report: RawFd) -> ! {
    loop {
        let mut status = 0;
        // SAFETY: all-zero is a valid rusage (integers only).
        let mut usage: Rusage = unsafe { std::mem::zeroed() };
        // SAFETY: both pointers are to live values of the right types.
        let pid = unsafe { wait4(-1, &mut status, 0, &mut usage) };
        if pid > 0 {
            let peak_kib = usage.maxrss.max(0) as u64;
            Record::Reaped {
                main: pid == program,
                status,
                peak_kib,
            }
            .send(report);
        } else if io::Error::last_os_error().raw_os_error() != Some(EINTR) {
            // No child left: wait for the supervisor's kill.
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
}

/// The program's side of the fork (see the file's comment). Never returns.
fn run_program(plan: &Plan, stdio: [RawFd; 3], report: RawFd) -> ! {
    let why = match prepare_program(plan, stdio) {
        Err(why) => Record::Failed(why),
        Ok(()) => {
            let mut argv: Vec<*const c_char> = plan.argv.iter().map(|a| a.as_ptr()).collect();
            argv.push(std::ptr::null());
            // SAFETY: a NUL-terminated array of valid C strings.
            unsafe { execvp(argv[0], argv.as_ptr()) };
            Record::NotStarted(io::Error::last_os_error().to_string())
        }
    };
    why.send(report);
    // SAFETY: ends the child; 127 is a shell's "could not execute".
    unsafe { _exit(127) }
}

/// Descriptors, limits, folder, ids and no new privileges, in that order
/// (the ids last but one: changing them drops the capabilities the rest may
/// need).
fn prepare_program(plan: &Plan, stdio: [RawFd; 3]) -> Result<(), String> {
    for (target, fd) in stdio.iter().enumerate() {
        // SAFETY: duplicates a descriptor the process holds.
        if unsafe { dup2(*fd, target as c_int) } < 0 {
            return Err(format!("dup2: {}", io::Error::last_os_error()));
        }
    }
    for (resource, value) in &plan.limits {
        let limit = Rlimit {
            cur: *value as _,
            max: *value as _,
        };
        // SAFETY: a valid rlimit for the call's duration.
        unsafe { setrlimit(*resource, &limit) };
    }
    let root = CString::new("/").expect("no NUL");
    // SAFETY: valid C strings.
    if unsafe { chdir(plan.cwd.as_ptr()) } != 0 {
        // SAFETY: a valid C string.
        unsafe { chdir(root.as_ptr()) };
    }
    if plan.as_root {
        // SAFETY: integer arguments and an empty list.
        let dropped = unsafe {
            setgroups(0, std::ptr::null()) == 0
                && setresgid(INSIDE_ID, INSIDE_ID, INSIDE_ID) == 0
                && setresuid(INSIDE_ID, INSIDE_ID, INSIDE_ID) == 0
        };
        if !dropped {
            return Err(format!(
                "cannot drop to uid {}: {}",
                INSIDE_ID,
                io::Error::last_os_error()
            ));
        }
    }
    // SAFETY: prctl with integer arguments.
    if unsafe { prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(format!("no_new_privs: {}", io::Error::last_os_error()));
    }
    Ok(())
}
