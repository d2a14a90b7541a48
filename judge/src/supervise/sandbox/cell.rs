//! A cell, as the supervisor makes and holds it: a view's namespaces
//! entered, the fresh ones made once for many tests (a PID
//! namespace, an IPC namespace, a copy of the view's mounts with a private
//! `/tmp`, `/dev/shm` and `/proc`, and the tests' data hidden), and its
//! warden (`warden.rs`), which starts each test's program. The launcher
//! (`launch.rs`) makes it; this file holds the supervisor's handle on it
//! ([`Cell`]): its commands, its records, and its look at the scratch
//! folders (`statvfs`, metadata).
//!
//! A cell serves tests one after another while they hide the same folders
//! and leave it as they found it: the scratch folders as they were made
//! (the warden resizes them to each test's memory limit) and no SysV object
//! in the IPC namespace (the warden looks when a test's last process is
//! reaped). Otherwise the supervisor ends it (killing the warden kills
//! whatever is left in it, and the namespaces go with it) and makes
//! another for the next test. The warden and the program report on
//! one pipe, in the supervisor's frames (see [`Record`], `wire.rs`);
//! commands go the other way on a socket (`socket.rs`).

use super::launch::{below_scratch, launch, step_path};
use super::policy::{Step, SCRATCH};
use super::socket::{self, FDS};
use super::view::{cstring, Namespaces};
use super::wire::{nul, Plan, Record};
use crate::os::pipe;
use crate::supervise::control::fork;
use crate::supervise::protocol::{receive, Frame};
use crate::supervise::Request;
use crate::sys::linux::{fstatvfs, wait4, Statvfs, RLIMIT_NPROC};
use crate::sys::SIGKILL;
use std::fs::File;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};

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
        // SAFETY: the supervisor has one thread; the child never returns
        // (launch ends with _exit).
        let Some(launcher) = (unsafe { fork() })? else {
            launch(
                namespaces,
                &plan,
                report.as_raw_fd(),
                warden_end.as_raw_fd(),
            );
        };
        drop((report, warden_end));
        let launched = launcher_word(&mut records);
        drop(launcher); // reaped: it exits once it has reported
        let (warden, early) = launched?;
        crate::supervise::control::set_nonblocking(&records)?;
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
        // The path as it is (any bytes), under the warden's root.
        let root = PathBuf::from(format!("/proc/{}/root", self.warden));
        let seen = |path: &Path| File::open(root.join(path.strip_prefix("/").unwrap_or(path)));
        for dir in SCRATCH.iter().map(Path::new) {
            self.scratch.push(seen(dir)?);
            let shape: std::collections::BTreeSet<&Path> = kept
                .iter()
                // An empty folder (the working folder) is the cell's; what is
                // shown is not.
                .flat_map(|step| {
                    let own = matches!(step, Step::Empty(_));
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
