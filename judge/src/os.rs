//! The judge's own signal handling: Ctrl-C and SIGTERM end everything it
//! started, then the judge.
//!
//! The judge itself starts two kinds of processes: the supervisors, which run
//! the programs under test (see `supervise/`, the one room for process
//! control), and its own tools (`cargo build`, `rustc`, `pandoc`,
//! `rsvg-convert`), each in a guarded process group of its own
//! ([`LiveGroup`]: it dies with the judge, even when the judge is killed
//! outright). Both are registered here while they run. On SIGINT or SIGTERM
//! the handler (atomics and `kill` only, which are safe there) sends SIGTERM
//! to every supervisor, which kills and reaps its test and exits, and
//! SIGKILL to each tool's process group (Cargo and its rustc children); a
//! watcher thread then waits for the supervisors to be gone, removes the
//! judge's scratch folders ([`Scratch`], [`remove_on_signal`]) and exits
//! with 128 + the signal. The programs under
//! test run in sessions of their own, so Ctrl-C on the terminal reaches the
//! judge and its supervisors but never them directly: they cannot ignore it
//! or take the terminal away.

use std::time::Duration;

/// CPU time and peak memory of a finished program.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// User plus system time.
    pub cpu: Duration,
    /// Peak resident memory, KiB.
    pub max_rss_kib: u64,
}

/// A pipe, both ends close-on-exec (nothing the judge starts inherits
/// them): its read end and its write end. The one way the judge makes one
/// (the supervisor's self-pipe, its cells' and views' reports, a program's
/// standard error in a cell).
#[cfg(unix)]
pub fn pipe() -> std::io::Result<(std::fs::File, std::fs::File)> {
    use std::fs::File;
    use std::os::unix::io::FromRawFd;
    let mut fds = [0 as crate::sys::c_int; 2];
    // Where the supervisor is built, in one call: no start in another
    // thread can come between the pipe and the flag and inherit it.
    #[cfg(supervised)]
    // SAFETY: pipe2 fills the two-int array.
    let made = unsafe { crate::sys::linux::pipe2(fds.as_mut_ptr(), crate::sys::linux::O_CLOEXEC) };
    #[cfg(not(supervised))]
    // SAFETY: pipe fills the two-int array.
    let made = unsafe { crate::sys::pipe(fds.as_mut_ptr()) };
    if made != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and ours alone.
    let ends = unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) };
    #[cfg(not(supervised))]
    for fd in fds {
        use crate::sys::{fcntl, FD_CLOEXEC, F_SETFD};
        // SAFETY: sets a flag of a descriptor we hold.
        if unsafe { fcntl(fd, F_SETFD, FD_CLOEXEC) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(ends)
}

/// A self-pipe: how a signal handler wakes whoever waits for it (a thread's
/// read, a `poll`). At most a byte or two are in it at a time (a wake that
/// finds the last one not yet taken sends none), so the handler's write
/// never fills it nor blocks, however many signals come.
#[cfg(unix)]
pub struct SelfPipe {
    read: std::sync::atomic::AtomicI32,
    write: std::sync::atomic::AtomicI32,
    /// A byte was sent and not yet taken.
    pending: std::sync::atomic::AtomicBool,
}

#[cfg(unix)]
impl SelfPipe {
    /// Not open yet: a wake does nothing.
    pub const fn unopened() -> SelfPipe {
        use std::sync::atomic::{AtomicBool, AtomicI32};
        SelfPipe {
            read: AtomicI32::new(-1),
            write: AtomicI32::new(-1),
            pending: AtomicBool::new(false),
        }
    }

    /// Makes the pipe (once, before the handler is installed).
    pub fn open(&self) -> std::io::Result<()> {
        use std::os::unix::io::IntoRawFd;
        use std::sync::atomic::Ordering::SeqCst;
        let (read, write) = pipe()?;
        self.read.store(read.into_raw_fd(), SeqCst);
        self.write.store(write.into_raw_fd(), SeqCst);
        Ok(())
    }

    /// The read end, to wait on (-1 before `open`).
    pub fn fd(&self) -> crate::sys::c_int {
        self.read.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// From the signal handler: atomics and write(2) only, which are safe
    /// there.
    pub fn wake(&self) {
        use std::sync::atomic::Ordering::SeqCst;
        let fd = self.write.load(SeqCst);
        if fd >= 0 && !self.pending.swap(true, SeqCst) {
            let byte = 1u8;
            // SAFETY: write(2) is async-signal-safe; the byte is live.
            unsafe {
                crate::sys::write(fd, &byte as *const u8 as *const crate::sys::c_void, 1);
            }
        }
    }

    /// Takes what the wakes sent, waiting for one when none has come (call
    /// it when `poll` says the read end is ready, or to wait for a signal).
    /// False if the pipe cannot be read (or is not open).
    pub fn take(&self) -> bool {
        use std::io::Read;
        use std::os::unix::io::FromRawFd;
        let fd = self.fd();
        if fd < 0 {
            return false;
        }
        self.pending
            .store(false, std::sync::atomic::Ordering::SeqCst);
        // SAFETY: the read end stays open for the process's life;
        // ManuallyDrop keeps it so.
        let mut read = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
        read.read(&mut [0u8; 64]).is_ok_and(|n| n > 0)
    }
}

/// Registers a supervisor (Linux's: see `supervise/`) for the signal
/// handler.
#[cfg(supervised)]
pub fn register_supervisor(pid: u32) {
    interrupt::register(pid as i32);
}

#[cfg(supervised)]
pub fn unregister_supervisor(pid: u32) {
    interrupt::unregister(pid as i32);
}

/// A process group the judge started (Cargo, rustc, pandoc, rsvg-convert,
/// and whatever they start), killed on a signal; the registration ends, and
/// whatever is left in the group is killed, when the value is dropped.
///
/// The group's leader is a guardian, `sh -c 'read x; kill -KILL 0'`, whose
/// standard input is a pipe only the judge holds open: when the judge ends,
/// however it ends (`kill -9` too), the pipe reaches its end and the guardian
/// kills the whole group, itself with it. The group's id is the guardian's
/// pid, which lives as long as the group, so it is never another's. (Not
/// `PR_SET_PDEATHSIG`: it reaches only the direct child, not the compilers
/// Cargo starts nor the linker rustc starts, and it fires when the thread
/// that started the child ends, which a worker pool's thread may.)
pub struct LiveGroup {
    #[cfg_attr(not(unix), allow(dead_code))]
    id: i32,
    /// The guardian and the end of its pipe the judge holds.
    #[cfg(unix)]
    guardian: Option<(std::process::Child, std::process::ChildStdin)>,
}

impl LiveGroup {
    /// Starts `cmd` in a guarded process group of its own and registers the
    /// group. A signal that comes during the start is answered once the
    /// group is registered: the judge waits for starts under way before it
    /// exits, and none begins once it is stopping.
    pub fn spawn(
        cmd: &mut std::process::Command,
    ) -> std::io::Result<(std::process::Child, LiveGroup)> {
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            use std::process::{Command, Stdio};
            if !interrupt::begin_start() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "the judge is stopping",
                ));
            }
            let guardian = Command::new("/bin/sh")
                .args(["-c", "read x; kill -KILL 0"])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn();
            let mut guardian = match guardian {
                Ok(guardian) => guardian,
                Err(e) => {
                    interrupt::end_start();
                    return Err(e);
                }
            };
            let id = guardian.id() as i32;
            interrupt::register(-id);
            let pipe = guardian.stdin.take().expect("piped");
            let group = LiveGroup {
                id,
                guardian: Some((guardian, pipe)),
            };
            let started = cmd.process_group(id).spawn();
            interrupt::end_start();
            Ok((started?, group))
        }
        #[cfg(not(unix))]
        {
            let child = cmd.spawn()?;
            let id = child.id() as i32;
            Ok((child, LiveGroup { id }))
        }
    }
}

impl Drop for LiveGroup {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            interrupt::unregister(-self.id);
            // The pipe's end: the guardian kills what is left of the group.
            if let Some((mut guardian, pipe)) = self.guardian.take() {
                drop(pipe);
                let _ = guardian.wait();
            }
        }
    }
}

/// Runs `cmd` to its end in a guarded process group (see [`LiveGroup`]) and
/// collects its output, as `Command::output` does: every program the judge
/// starts for itself (rustc, pandoc, rsvg-convert) goes through here or
/// through `LiveGroup::spawn`, so that none outlives it. Its standard input
/// is as `cmd` says (callers close it).
pub fn output(cmd: &mut std::process::Command) -> std::io::Result<std::process::Output> {
    use std::process::Stdio;
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let (child, _group) = LiveGroup::spawn(cmd)?;
    child.wait_with_output()
}

/// A scratch folder of the judge's, `<temp>/judge-<what>-<pid>`: removed
/// when the value is dropped, and by the judge on SIGINT and SIGTERM; one
/// that a judge killed outright (`kill -9`) left is removed by the next
/// judge that makes one of the same kind.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// Names this judge's folder of kind `what` (made by its user when
    /// needed) and removes those of judges no longer running.
    pub fn new(what: &str) -> Scratch {
        let prefix = format!("judge-{}-", what);
        let temp = std::env::temp_dir();
        for entry in std::fs::read_dir(&temp).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let pid = name.strip_prefix(&prefix).and_then(|p| p.parse().ok());
            if pid.is_some_and(|pid| !process_alive(pid)) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        let path = temp.join(format!("{}{}", prefix, std::process::id()));
        remove_on_signal(&path);
        Scratch(path)
    }

    pub fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
        forget_on_signal(&self.0);
    }
}

/// Whether process `pid` is running (on Linux; elsewhere it is assumed so).
pub fn process_alive(pid: u32) -> bool {
    !cfg!(target_os = "linux") || std::path::Path::new(&format!("/proc/{}", pid)).exists()
}

/// A folder (or file) the judge removes when a signal stops it (after what
/// it started has ended): a scratch folder, a package being built, the mark
/// of a claimed folder.
pub fn remove_on_signal(path: &std::path::Path) {
    if let Ok(mut paths) = REMOVE_ON_SIGNAL.lock() {
        paths.push(path.to_path_buf());
    }
}

/// The folder is the judge's to remove no more (it was removed, or renamed
/// into place).
pub fn forget_on_signal(path: &std::path::Path) {
    if let Ok(mut paths) = REMOVE_ON_SIGNAL.lock() {
        paths.retain(|p| p != path);
    }
}

/// Makes a temporary file with `create` and registers it for removal on a
/// signal, both at once: a signal's removal comes before (and then, the
/// judge stopping, nothing is made: an `Interrupted` error) or after (and
/// removes it). `forget_on_signal` once it is renamed or removed.
pub fn make_temporary<T>(
    path: &std::path::Path,
    create: impl FnOnce() -> std::io::Result<T>,
) -> std::io::Result<T> {
    let mut paths = REMOVE_ON_SIGNAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if stopping() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "the judge is stopping",
        ));
    }
    let made = create()?;
    paths.push(path.to_path_buf());
    Ok(made)
}

static REMOVE_ON_SIGNAL: std::sync::Mutex<Vec<std::path::PathBuf>> =
    std::sync::Mutex::new(Vec::new());

/// Removes the folders and files of `remove_on_signal` (the judge is
/// stopping), and holds the list until the judge exits: no temporary file
/// is made after.
#[cfg_attr(not(unix), allow(dead_code))]
fn remove_folders() -> Option<std::sync::MutexGuard<'static, Vec<std::path::PathBuf>>> {
    let paths = REMOVE_ON_SIGNAL.lock().ok()?;
    for path in paths.iter() {
        let _ = std::fs::remove_dir_all(path).or_else(|_| std::fs::remove_file(path));
    }
    Some(paths)
}

/// On SIGINT and SIGTERM: end everything the judge started, then exit with
/// 128 + the signal (130 for Ctrl-C). Call once, before starting anything.
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

/// What the judge has done so far (the tests judged, the stress cases run),
/// said on stderr before the interruption when a signal stops it; each call
/// replaces the last.
pub fn note_progress(line: String) {
    #[cfg(unix)]
    if let Ok(mut note) = interrupt::NOTE.lock() {
        *note = line;
    }
    #[cfg(not(unix))]
    let _ = line;
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

/// Ends everything the judge started and waits for the supervisors to be
/// gone (for a judge that must stop, say because its own output is gone).
pub fn stop_everything() {
    #[cfg(unix)]
    interrupt::stop_everything();
}

#[cfg(unix)]
mod interrupt {
    use super::SelfPipe;
    use crate::sys::{c_int, kill, signal, SIGINT, SIGKILL, SIGTERM};
    use std::io::Write;
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    /// Room for this many registrations at once (`-j` is capped below it).
    pub const SLOTS: usize = 1024;

    #[allow(clippy::declare_interior_mutable_const)] // only to fill the array
    const EMPTY: AtomicI32 = AtomicI32::new(0);
    /// A supervisor's pid, or minus a process group's id; 0 is a free slot.
    static LIVE: [AtomicI32; SLOTS] = [EMPTY; SLOTS];
    static STOPPING: AtomicBool = AtomicBool::new(false);
    static SIGNAL: AtomicI32 = AtomicI32::new(0);
    /// The pipe that wakes the watcher thread.
    static WAKE: SelfPipe = SelfPipe::unopened();
    /// See `note_progress`.
    pub static NOTE: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());
    /// Process groups being started now (between the gate and their
    /// registration).
    static STARTING: AtomicUsize = AtomicUsize::new(0);

    /// Counts a start in, unless the judge is stopping. Both sides use
    /// SeqCst: either this sees STOPPING, or the stop (which sets STOPPING
    /// first) sees the start and waits for it.
    pub fn begin_start() -> bool {
        STARTING.fetch_add(1, Ordering::SeqCst);
        if STOPPING.load(Ordering::SeqCst) {
            STARTING.fetch_sub(1, Ordering::SeqCst);
            return false;
        }
        true
    }

    pub fn end_start() {
        STARTING.fetch_sub(1, Ordering::SeqCst);
    }

    pub fn register(target: i32) {
        let slot = (0..SLOTS).find(|&i| {
            LIVE[i]
                .compare_exchange(0, target, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        // Registered after a signal came: end it now.
        if slot.is_some() && stopping() {
            end_all();
        }
    }

    pub fn unregister(target: i32) {
        for slot in LIVE.iter() {
            if slot
                .compare_exchange(target, 0, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return;
            }
        }
    }

    pub fn stopping() -> bool {
        STOPPING.load(Ordering::SeqCst)
    }

    pub fn interrupted() -> bool {
        SIGNAL.load(Ordering::SeqCst) != 0
    }

    /// SIGTERM to every supervisor, SIGKILL to every process group.
    fn end_all() {
        for slot in LIVE.iter() {
            let target = slot.load(Ordering::SeqCst);
            // SAFETY: kill(2) is async-signal-safe and touches no memory.
            unsafe {
                match target {
                    0 => {}
                    t if t > 0 => {
                        kill(t, SIGTERM);
                    }
                    t => {
                        kill(t, SIGKILL);
                    }
                }
            }
        }
    }

    /// The signal handler: only atomics, kill(2) and write(2).
    extern "C" fn on_signal(signal: c_int) {
        STOPPING.store(true, Ordering::SeqCst);
        SIGNAL.store(signal, Ordering::SeqCst);
        end_all();
        WAKE.wake();
    }

    pub fn install() {
        if WAKE.open().is_err() {
            return; // without the watcher, Ctrl-C just ends the judge
        }
        std::thread::spawn(move || {
            if WAKE.take() {
                stop_everything();
                let _held = super::remove_folders();
                let signal = SIGNAL.load(Ordering::SeqCst);
                let mut stderr = std::io::stderr();
                if let Ok(note) = NOTE.lock() {
                    if !note.is_empty() {
                        let _ = writeln!(stderr, "{}", note);
                    }
                }
                let _ =
                    stderr.write_all(b"judge: interrupted; the programs under test were killed\n");
                std::process::exit(128 + signal);
            }
        });
        // SAFETY: installs a handler that is async-signal-safe (see on_signal).
        unsafe {
            signal(SIGINT, Some(on_signal));
            signal(SIGTERM, Some(on_signal));
        }
    }

    /// Whether a process has ended (a zombie waiting for the judge counts).
    fn gone(pid: i32) -> bool {
        match std::fs::read_to_string(format!("/proc/{}/stat", pid)) {
            Ok(stat) => {
                let state = stat.rsplit(')').next().unwrap_or("").trim_start();
                state.starts_with('Z') || state.starts_with('X')
            }
            // SAFETY: kill with signal 0 only asks whether the pid exists.
            Err(_) => cfg!(target_os = "linux") || unsafe { kill(pid, 0) } != 0,
        }
    }

    pub fn stop_everything() {
        STOPPING.store(true, Ordering::SeqCst);
        end_all();
        // A group being started is registered (and, the judge stopping,
        // ended at once) within moments.
        let give_up = Instant::now() + Duration::from_secs(10);
        while STARTING.load(Ordering::SeqCst) > 0 && Instant::now() < give_up {
            std::thread::sleep(Duration::from_millis(1));
        }
        end_all();
        // Each supervisor kills and reaps its test, then exits: wait for
        // that (5 s at most), so that nothing is left when the judge exits.
        let give_up = Instant::now() + Duration::from_secs(5);
        while Instant::now() < give_up {
            let waiting = LIVE.iter().any(|slot| {
                let target = slot.load(Ordering::SeqCst);
                target > 0 && !gone(target)
            });
            if !waiting {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // A supervisor that did not end (stopped, or stuck) is killed: its
        // sandboxed test dies with it (the warden's parent-death signal).
        for slot in LIVE.iter() {
            let target = slot.load(Ordering::SeqCst);
            if target > 0 && !gone(target) {
                // SAFETY: kill(2) takes two integers.
                unsafe {
                    kill(target, SIGKILL);
                }
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_self_pipe_takes_any_number_of_wakes_without_filling() {
        let wake = SelfPipe::unopened();
        wake.wake(); // not open: nothing, and no harm
        assert!(!wake.take());
        wake.open().unwrap();
        // Far more than a pipe holds (64 KiB): a write that blocked here
        // would hang the test.
        for _ in 0..200_000 {
            wake.wake();
        }
        assert!(wake.take());
        wake.wake();
        assert!(wake.take(), "a wake after a take is sent again");
    }

    /// A process left in the group (here by a shell that ended at once) is
    /// killed when the group is dropped; so is the guardian.
    #[test]
    fn what_a_tool_leaves_running_ends_with_its_group() {
        use std::process::{Command, Stdio};
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "sleep 300 >/dev/null & echo $!"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped());
        let (child, group) = LiveGroup::spawn(&mut cmd).unwrap();
        let out = child.wait_with_output().unwrap();
        let sleeper: u32 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
        let guardian = group.id as u32;
        let alive = |pid: u32| {
            std::fs::read_to_string(format!("/proc/{}/stat", pid))
                .is_ok_and(|stat| !stat.rsplit(')').next().unwrap_or("").contains(" Z "))
        };
        let before = (alive(sleeper), alive(guardian));
        drop(group);
        let gone_in_time = (0..100).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            !alive(sleeper)
        });
        if !gone_in_time {
            // SAFETY: kill(2) takes two integers.
            unsafe { crate::sys::kill(sleeper as i32, crate::sys::SIGKILL) };
        }
        assert_eq!(before, (true, true));
        assert!(gone_in_time, "the sleeper outlived its group");
        assert!(!alive(guardian));
    }

    #[test]
    fn both_ends_of_a_pipe_close_on_exec() {
        use std::os::unix::io::AsRawFd;
        let (read, write) = pipe().unwrap();
        for end in [&read, &write] {
            // SAFETY: reads a flag of a descriptor we hold.
            let flags = unsafe { crate::sys::fcntl(end.as_raw_fd(), crate::sys::F_GETFD) };
            assert_eq!(flags & crate::sys::FD_CLOEXEC, crate::sys::FD_CLOEXEC);
        }
    }
}
