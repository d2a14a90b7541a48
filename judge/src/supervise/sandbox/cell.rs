//! A cell, as the supervisor makes and holds it: a view's namespaces
//! entered, the fresh ones made once for many tests (a PID
//! namespace, an IPC namespace, a copy of the view's mounts with a private
//! `/tmp`, `/dev/shm` and `/proc`, and the tests' data hidden), and its
//! warden (`warden.rs`), which starts each test's program.
//!
//! The **launcher**, a fork of the supervisor (which has one thread, so it
//! may run any code before it exits), enters the view's user, mount and
//! network namespaces (`setns`), unshares a mount, a PID and an IPC
//! namespace, mounts the scratch folders and hides the tests' data, starts
//! the warden as the supervisor's child (`clone(CLONE_PARENT)`), says its
//! pid and exits.
//!
//! A cell serves tests one after another while they hide the same folders
//! and leave it as they found it: the scratch folders as they were made
//! (the warden resizes them to each test's memory limit) and no SysV object
//! in the IPC namespace (the warden looks when a test's last process is
//! reaped). Otherwise the supervisor ends it (killing the warden kills
//! whatever is left in it, and the namespaces go with it) and makes
//! another for the next test. The warden and the program report on
//! one pipe, in the supervisor's frames (see [`Record`]); commands go the
//! other way on a socket (`socket.rs`).

use super::policy::{Step, SCRATCH};
use super::socket::{self, FDS};
use super::view::{cstring, hide, mount_at, mount_point, pipe, Namespaces};
use crate::supervise::protocol::{receive, Fields, Frame};
use crate::supervise::Request;
use crate::sys::linux::{
    _exit, fork, fstatvfs, setns, syscall, unshare, wait4, Statvfs, CLONE_NEWIPC, CLONE_NEWNET,
    CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWUSER, CLONE_PARENT, MS_BIND, MS_NODEV, MS_NOSUID, MS_REC,
    RLIMIT_NPROC, SIGCHLD, SYS_CLONE,
};
use crate::sys::SIGKILL;
use std::ffi::CString;
use std::fs::File;
use std::io::{self, Write};
use std::os::raw::c_int;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};

/// What the cell's processes report.
#[derive(Debug, PartialEq)]
pub enum Record {
    /// The warden runs, with this pid (the supervisor's view).
    Started(i32),
    /// The cell, or a test in it, could not be made.
    Failed(String),
    /// The program could not be executed.
    NotStarted(String),
    /// The warden reaped a process: the program's or another's wait status,
    /// its peak memory in KiB and its CPU time (with its reaped children's)
    /// in microseconds.
    Reaped {
        main: bool,
        status: i32,
        peak_kib: u64,
        cpu_us: u64,
    },
    /// The test has no process left: the warden waits for the next.
    /// `clean`: the cell's IPC namespace holds no SysV object (one left
    /// there would outlive the test, so the cell serves no other).
    Idle { clean: bool },
}

/// The kinds of record on the wire, by number.
const STARTED: u64 = 1;
const FAILED: u64 = 2;
const NOT_STARTED: u64 = 3;
const REAPED: u64 = 4;
const IDLE: u64 = 5;

impl Record {
    fn frame(&self) -> Frame {
        let mut f = Frame::default();
        let (kind, a, b, c, d, text): (u64, u64, u64, u64, u64, &[u8]) = match self {
            Record::Started(pid) => (STARTED, *pid as u64, 0, 0, 0, b""),
            Record::Failed(why) => (FAILED, 0, 0, 0, 0, why.as_bytes()),
            Record::NotStarted(why) => (NOT_STARTED, 0, 0, 0, 0, why.as_bytes()),
            Record::Reaped {
                main,
                status,
                peak_kib,
                cpu_us,
            } => (
                REAPED,
                u64::from(*main),
                *status as u32 as u64,
                *peak_kib,
                *cpu_us,
                b"",
            ),
            Record::Idle { clean } => (IDLE, u64::from(*clean), 0, 0, 0, b""),
        };
        f.num(kind).num(a).num(b).num(c).num(d).bytes(text);
        f
    }

    fn parse(payload: &[u8]) -> io::Result<Record> {
        let mut f = Fields(payload);
        let (kind, a, b, c, d) = (f.num()?, f.num()?, f.num()?, f.num()?, f.num()?);
        let text = String::from_utf8_lossy(f.bytes()?).into_owned();
        Ok(match kind {
            STARTED => Record::Started(a as i32),
            FAILED => Record::Failed(text),
            NOT_STARTED => Record::NotStarted(text),
            REAPED => Record::Reaped {
                main: a == 1,
                status: b as u32 as i32,
                peak_kib: c,
                cpu_us: d,
            },
            IDLE => Record::Idle { clean: a == 1 },
            other => {
                let why = format!("a record of unknown kind {}", other);
                return Err(io::Error::new(io::ErrorKind::InvalidData, why));
            }
        })
    }

    /// Sends the record on the pipe `fd`.
    pub fn send(&self, fd: RawFd) {
        Record::send_all(std::slice::from_ref(self), fd);
    }

    /// Sends the records on the pipe `fd` in one write (so that the
    /// supervisor, woken once, reads them all).
    pub fn send_all(records: &[Record], fd: RawFd) {
        let mut bytes = Vec::new();
        for record in records {
            let _ = record.frame().send(&mut bytes);
        }
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
    /// The warden: the supervisor's child, PID 1 of the cell.
    pub warden: i32,
    /// The reports of the warden and the program (read without blocking).
    records: File,
    /// The supervisor's end of the warden's socket.
    commands: File,
    /// Records that came before the launcher's word, in order.
    early: std::collections::VecDeque<Record>,
    /// The folders of test data the cell hides.
    hides: Vec<PathBuf>,
    /// The scratch folders, open as the warden sees them (so that each
    /// look at them is a call on a descriptor, not a walk through `/proc`).
    scratch: Vec<File>,
    /// The folders in the scratch folders on the way to what the view
    /// shows below them (not what it shows: that is the machine's), and
    /// the working folder when it is there, open likewise: with the
    /// scratch folders themselves, their metadata says whether a test
    /// changed the folders' shape.
    shape: Vec<File>,
    /// The state of the scratch folders when the cell was made.
    fresh: Vec<i64>,
    /// The warden was reaped (it must not be killed again: its pid may be
    /// another process's by now).
    gone: bool,
    /// The judge runs as root (the program's uid is not the warden's).
    as_root: bool,
}

/// What the launcher and the warden need, prepared before the fork.
pub struct Plan {
    pub cwd: CString,
    /// The size of each scratch folder, bytes, until a test needs another
    /// (also the bound on the SysV shared memory of the cell).
    pub scratch_size: u64,
    hides: Vec<PathBuf>,
    /// What the view shows or makes below a scratch folder, to show or
    /// make again on the cell's own (a [`Step::Show`] or [`Step::Workdir`]).
    kept: Vec<Step>,
    pub as_root: bool,
}

/// One test's command, as the warden receives it.
pub struct Run {
    pub argv: Vec<CString>,
    pub limits: Vec<(c_int, u64)>,
    /// The size each scratch folder must have, bytes (also the bound on
    /// the SysV shared memory), or `None` to take them as they are.
    pub scratch_size: Option<u64>,
}

impl Cell {
    /// Makes a cell in the view of `namespaces` (made of `steps`), whose
    /// tests' data `hides` hides and whose scratch folders hold
    /// `scratch_size` bytes each.
    pub fn start(
        namespaces: &Namespaces,
        steps: &[Step],
        as_root: bool,
        hides: Vec<PathBuf>,
        scratch_size: u64,
    ) -> io::Result<Cell> {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let plan = Plan {
            cwd: cstring(&cwd).map_err(|why| io::Error::new(io::ErrorKind::InvalidInput, why))?,
            scratch_size,
            hides: hides.clone(),
            kept: below_scratch(steps),
            as_root,
        };
        let (mut records, report) = pipe()?;
        let (commands, warden_end) = socket::pair()?;
        // SAFETY: the supervisor has one thread, so the child may run any
        // code; it never returns (it ends with _exit).
        let launcher = unsafe { fork() };
        if launcher < 0 {
            return Err(io::Error::last_os_error());
        }
        if launcher == 0 {
            launch(
                namespaces,
                &plan,
                report.as_raw_fd(),
                warden_end.as_raw_fd(),
            );
        }
        drop((report, warden_end));
        let launched = launcher_word(&mut records);
        let mut status = 0;
        // SAFETY: waits for our own child, which exits once it has reported.
        unsafe { wait4(launcher, &mut status, 0, std::ptr::null_mut()) };
        let (warden, early) = launched?;
        crate::supervise::control::set_nonblocking(&records);
        let mut cell = Cell {
            warden,
            records,
            commands,
            early,
            hides,
            scratch: Vec::new(),
            shape: Vec::new(),
            fresh: Vec::new(),
            gone: false,
            as_root,
        };
        // Nothing has run in the cell yet: its scratch folders are as made.
        // A warden that could not settle said why and ended, and then its
        // folders cannot be opened: its word is the one to give.
        if let Err(e) = cell.open_scratch(&plan.kept) {
            let why = cell.failure();
            cell.end();
            return Err(why.map_or(e, |why| io::Error::new(io::ErrorKind::Other, why)));
        }
        cell.fresh = cell.scratch_state();
        Ok(cell)
    }

    /// Opens the scratch folders and the folders of their shape (see
    /// [`Cell::shape`]) through the warden's root.
    fn open_scratch(&mut self, kept: &[Step]) -> io::Result<()> {
        let seen =
            |path: &Path| File::open(format!("/proc/{}/root{}", self.warden, path.display()));
        for dir in SCRATCH.iter().map(Path::new) {
            self.scratch.push(seen(dir)?);
            let shape: std::collections::BTreeSet<&Path> = kept
                .iter()
                // The working folder is the cell's; what is shown is not.
                .flat_map(|step| {
                    let own = matches!(step, Step::Workdir(_));
                    step_path(step).ancestors().skip(usize::from(!own))
                })
                .filter(|folder| folder.starts_with(dir) && *folder != dir)
                .collect();
            for folder in shape {
                self.shape.push(seen(folder)?);
            }
        }
        Ok(())
    }

    /// Whether the cell hides these folders (and its warden lives).
    pub fn serves(&self, hides: &[PathBuf]) -> bool {
        self.hides == hides && !self.gone
    }

    /// Has the warden start the program of `request` with the three
    /// descriptors as its standard input, output and error.
    pub fn run(&self, request: &Request, stdio: [RawFd; FDS]) -> io::Result<()> {
        let mut f = Frame::default();
        f.num(request.argv.len() as u64);
        for arg in &request.argv {
            if arg.as_bytes().contains(&0) {
                return Err(nul());
            }
            f.bytes(arg.as_bytes());
        }
        let mut limits = request.backstop_limits();
        if let Some(n) = process_rlimit(request, self.as_root) {
            limits.push((RLIMIT_NPROC, n));
        }
        f.num(limits.len() as u64);
        for (resource, value) in limits {
            f.num(resource as u64).num(value);
        }
        f.num(scratch_size(request).unwrap_or(0));
        let mut bytes = Vec::new();
        Frame::send(&f, &mut bytes)?;
        socket::send(self.commands.as_raw_fd(), &bytes, stdio)
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
            // A record that cannot be read ends the test, saying so.
            Ok(Some(payload)) => Some(Record::parse(&payload).unwrap_or_else(|e| {
                Record::Failed(format!("the warden sent what cannot be read: {}", e))
            })),
            _ => None,
        }
    }

    /// What the cell said went wrong, among the records that came.
    pub fn failure(&mut self) -> Option<String> {
        while let Some(record) = self.next_record() {
            if let Record::Failed(why) | Record::NotStarted(why) = record {
                return Some(why);
            }
        }
        None
    }

    /// The supervisor reaped the warden.
    pub fn mark_gone(&mut self) {
        self.gone = true;
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

    /// Kills the warden, and with it whatever runs in the cell, and reaps
    /// it.
    pub fn end(self) {
        if self.gone {
            return;
        }
        let mut status = 0;
        // SAFETY: kill and wait4 on our own child, integers and a live int.
        unsafe {
            crate::sys::kill(self.warden, SIGKILL);
            wait4(self.warden, &mut status, 0, std::ptr::null_mut());
        }
    }

    /// What the cell's private `/tmp` and `/dev/shm` hold, bytes (seen
    /// through the warden's root).
    pub fn scratch_bytes(&self) -> u64 {
        self.scratch.iter().map(used_bytes).sum()
    }

    /// Whether the scratch folders are as the cell was made: the same
    /// number of files in each, and each folder in them unchanged (its
    /// mode, owner, times). Anything a test left, renamed or changed there
    /// shows, and a cell that is not clean is not given another test.
    pub fn is_clean(&self) -> bool {
        !self.gone && self.scratch_state() == self.fresh
    }

    /// What the scratch folders look like: the inodes in use in each, then
    /// the metadata of each of them and of each folder of their shape. A
    /// file made anywhere in them shows in the inodes; a folder renamed,
    /// replaced or changed shows in its own times and its parent's.
    fn scratch_state(&self) -> Vec<i64> {
        use std::os::unix::fs::MetadataExt;
        let mut state: Vec<i64> = self.scratch.iter().map(used_inodes).collect();
        for folder in self.scratch.iter().chain(&self.shape) {
            match folder.metadata() {
                Ok(m) => state.extend([
                    m.ino() as i64,
                    i64::from(m.mode()),
                    i64::from(m.uid()),
                    m.mtime(),
                    m.mtime_nsec(),
                    m.ctime(),
                    m.ctime_nsec(),
                ]),
                Err(_) => state.push(-1),
            }
        }
        state
    }
}

/// The size of each scratch folder for a test of `request`: its memory
/// limit and 1 MiB. What they hold counts in the test's memory, so that one
/// filled up is over the limit. A test with no memory limit (the judge's
/// own solution, under `--stress` and `--generate`) takes the folders at
/// the size they have: `None`. (Were it to set its own size, a slot that
/// alternates ours and theirs would remount both folders for every test.)
pub fn scratch_size(request: &Request) -> Option<u64> {
    match request.memory_limit {
        0 => None,
        limit => Some(limit + (1 << 20)),
    }
}

/// `RLIMIT_NPROC` for the program of `request`, `None` when it has no
/// bound. The kernel counts the tasks (processes and threads) of one uid in
/// one user namespace, here the slot's own (so neither another slot nor
/// anything else on the machine shares the count): the test's bound plus
/// one, so that a test that passes it lives until a look sees it and says
/// so, plus the warden, which shares the program's uid when the judge is
/// not root (as root the program runs as 65534 and the warden as root).
pub fn process_rlimit(request: &Request, as_root: bool) -> Option<u64> {
    match request.max_processes {
        0 => None,
        n => Some(n + 1 + u64::from(!as_root)),
    }
}

/// The size of the scratch folders of a new cell whose first test is of
/// `request`: that test's size, else 1 GiB.
pub fn first_scratch_size(request: &Request) -> u64 {
    scratch_size(request).unwrap_or(1 << 30)
}

impl Run {
    /// Reads a command sent by [`Cell::run`].
    pub fn parse(bytes: &[u8]) -> io::Result<Run> {
        let payload = receive(&mut &bytes[..])?.unwrap_or_default();
        let mut f = Fields(&payload);
        let argc = f.num()?;
        let mut argv = Vec::new();
        for _ in 0..argc {
            argv.push(CString::new(f.bytes()?).map_err(|_| nul())?);
        }
        let count = f.num()?;
        let mut limits = Vec::new();
        for _ in 0..count {
            limits.push((f.num()? as c_int, f.num()?));
        }
        let scratch_size = Some(f.num()?).filter(|&size| size > 0);
        if argv.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no program to run",
            ));
        }
        Ok(Run {
            argv,
            limits,
            scratch_size,
        })
    }
}

/// The launcher (see the file's comment). Never returns.
fn launch(namespaces: &Namespaces, plan: &Plan, report: RawFd, commands: RawFd) -> ! {
    let started = enter(namespaces)
        .and_then(|()| make_scratch(plan))
        .and_then(|roots| {
            for folder in plan.hides.iter().filter(|f| f.is_dir()) {
                hide(folder)?;
            }
            start_warden(plan, report, commands, &roots)
        });
    match started {
        Ok(pid) => Record::Started(pid).send(report),
        Err(why) => Record::Failed(why).send(report),
    }
    // SAFETY: ends the launcher at once.
    unsafe { _exit(0) }
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

/// The bytes the file system of `folder` holds (blocks in use).
fn used_bytes(folder: &File) -> u64 {
    // `unsigned long` is u64 wherever the supervisor is built.
    #[allow(clippy::unnecessary_cast)]
    file_system(folder).map_or(0, |st| {
        st.blocks.saturating_sub(st.bfree) * st.frsize as u64
    })
}

/// The files (inodes) the file system of `folder` holds; -1 if unknown.
fn used_inodes(folder: &File) -> i64 {
    file_system(folder).map_or(-1, |st| st.files.saturating_sub(st.ffree) as i64)
}

/// `statvfs` of the file system of `folder`.
fn file_system(folder: &File) -> Option<Statvfs> {
    let mut st = std::mem::MaybeUninit::<Statvfs>::zeroed();
    // SAFETY: an open descriptor and a buffer of the right type.
    if unsafe { fstatvfs(folder.as_raw_fd(), st.as_mut_ptr()) } != 0 {
        return None;
    }
    // SAFETY: statvfs filled it.
    Some(unsafe { st.assume_init() })
}

fn nul() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "a NUL byte in the command line",
    )
}

/// Into the view's namespaces (the user namespace first: it gives the
/// capabilities the others need), then out into fresh mount, IPC and PID
/// ones (the PID one for the children).
fn enter(namespaces: &Namespaces) -> Result<(), String> {
    for (ns, kind, name) in [
        (&namespaces.user, CLONE_NEWUSER, "user"),
        (&namespaces.mnt, CLONE_NEWNS, "mount"),
        (&namespaces.net, CLONE_NEWNET, "network"),
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
    if unsafe { unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC) } != 0 {
        return Err(format!(
            "cannot make namespaces: {}",
            io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// What of the view's `steps` is below a scratch folder: shown there, or
/// the working folder made there (a cell's own scratch folders are mounted over the
/// view's, so each cell shows and makes them again).
fn below_scratch(steps: &[Step]) -> Vec<Step> {
    let below = |path: &Path| SCRATCH.iter().any(|dir| path.starts_with(dir));
    steps
        .iter()
        .filter(|step| match step {
            Step::Show(path) | Step::Workdir(path) => below(path),
            Step::Link(_) | Step::Hide(_) => false,
        })
        .cloned()
        .collect()
}

/// A fresh `tmpfs` on each scratch folder; what the view shows below one
/// (a program in `/tmp`) is bound again on top of it, with what the view
/// mounted below it (`MS_REC`), and the working folder made again there.
/// The roots of the two, open (the warden resizes them through these: a
/// hidden folder may be one).
fn make_scratch(plan: &Plan) -> Result<Vec<File>, String> {
    let options = format!("size={},mode=1777", plan.scratch_size);
    let mut roots = Vec::new();
    for dir in SCRATCH {
        let kept: Vec<(&Step, Option<File>)> = plan
            .kept
            .iter()
            .filter_map(|step| match step {
                Step::Show(p) if p.starts_with(dir) => File::open(p).ok().map(|f| (step, Some(f))),
                Step::Workdir(p) if p.starts_with(dir) => Some((step, None)),
                _ => None,
            })
            .collect();
        mount_at(
            Some("tmpfs"),
            Path::new(dir),
            Some("tmpfs"),
            MS_NOSUID | MS_NODEV,
            Some(&options),
        )?;
        roots.push(File::open(dir).map_err(|e| format!("{}: {}", dir, e))?);
        for (step, file) in kept {
            match (step, file) {
                (Step::Show(path), Some(file)) => {
                    // What it is, from the file opened before the mount.
                    let folder = file.metadata().is_ok_and(|m| m.is_dir());
                    mount_point(path, folder)?;
                    let source = format!("/proc/self/fd/{}", file.as_raw_fd());
                    mount_at(Some(&source), path, None, MS_BIND | MS_REC, None)?;
                }
                (step, _) => mount_point(step_path(step), true)?,
            }
        }
    }
    Ok(roots)
}

/// The path a step is about.
fn step_path(step: &Step) -> &Path {
    match step {
        Step::Show(p) | Step::Link(p) | Step::Hide(p) | Step::Workdir(p) => p,
    }
}

/// Starts the warden as the supervisor's child (so that it is reaped and
/// counted there, and dies with it): its pid.
fn start_warden(
    plan: &Plan,
    report: RawFd,
    commands: RawFd,
    roots: &[File],
) -> Result<i32, String> {
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
        let roots: Vec<RawFd> = roots.iter().map(File::as_raw_fd).collect();
        super::warden::warden(plan, report, commands, &roots);
    }
    Ok(pid as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_with_no_memory_limit_takes_the_scratch_folders_as_they_are() {
        let limited = Request {
            memory_limit: 256 << 20,
            ..Request::default()
        };
        assert_eq!(scratch_size(&limited), Some((256 << 20) + (1 << 20)));
        assert_eq!(first_scratch_size(&limited), (256 << 20) + (1 << 20));
        let unlimited = Request::default();
        assert_eq!(scratch_size(&unlimited), None);
        assert_eq!(first_scratch_size(&unlimited), 1 << 30);
    }

    #[test]
    fn the_wardens_records_survive_their_frames() {
        let records = [
            Record::Started(42),
            Record::Failed("no /proc".to_string()),
            Record::NotStarted("no such file".to_string()),
            Record::Reaped {
                main: true,
                status: 9,
                peak_kib: 2048,
                cpu_us: 1500,
            },
            Record::Idle { clean: true },
            Record::Idle { clean: false },
        ];
        for record in records {
            let mut bytes = Vec::new();
            record.frame().send(&mut bytes).unwrap();
            let payload = receive(&mut &bytes[..]).unwrap().unwrap();
            assert_eq!(Record::parse(&payload).unwrap(), record);
        }
    }

    #[test]
    fn a_record_of_an_unknown_kind_is_an_error_not_a_guess() {
        let mut f = Frame::default();
        f.num(99).num(1).num(0).num(0).num(0).bytes(b"");
        let mut bytes = Vec::new();
        f.send(&mut bytes).unwrap();
        let payload = receive(&mut &bytes[..]).unwrap().unwrap();
        let why = Record::parse(&payload).unwrap_err().to_string();
        assert!(why.contains("unknown kind 99"), "{}", why);
    }

    #[test]
    fn a_path_with_a_nul_byte_is_refused_not_emptied() {
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(std::ffi::OsStr::from_bytes(b"/tmp/a\0b"));
        let why = super::super::view::cstring(path).unwrap_err();
        assert!(why.contains("a NUL byte"), "{}", why);
        assert_eq!(
            super::super::view::cstring(Path::new("/tmp"))
                .unwrap()
                .as_bytes(),
            b"/tmp"
        );
    }
}
