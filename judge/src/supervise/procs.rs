//! What `/proc` says about the test's processes: which they are (the
//! supervisor's descendants), their CPU time, resident memory and time spent
//! waiting for a CPU, and which of them were left running; a process whose
//! leader has exited while its other threads run on, through one of them.

use crate::sys::linux::{sysconf, SC_CLK_TCK, SC_PAGESIZE};
use std::os::raw::c_int;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::time::Duration;

/// The size of a memory page in bytes, as the system says (4 KiB on most
/// machines, 16 or 64 KiB on some aarch64 kernels).
pub fn page_size() -> u64 {
    // SAFETY: sysconf only reads a system setting.
    unsafe { sysconf(SC_PAGESIZE) }.max(1024) as u64
}

/// Every process below the supervisor, from the `children` file of each
/// of their threads; parents before children.
pub fn descendants() -> Vec<i32> {
    descendants_of(std::process::id() as i32)
}

/// The processes of the test: below its warden when it is sandboxed (the
/// cell's PID namespace; the idle cells of the slot's other views are not
/// the test's), else every process below the supervisor.
pub fn of_the_test(warden: Option<i32>) -> Vec<i32> {
    match warden {
        Some(warden) => descendants_of(warden),
        None => descendants(),
    }
}

/// Every process below `root`; parents before children.
fn descendants_of(root: i32) -> Vec<i32> {
    let mut found = children_of(root);
    let mut i = 0;
    while i < found.len() {
        let more = children_of(found[i]);
        found.extend(more);
        i += 1;
    }
    found
}

fn children_of(pid: i32) -> Vec<i32> {
    let mut children = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", pid)) else {
        return children;
    };
    for task in tasks.flatten() {
        let text = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        children.extend(
            text.split_whitespace()
                .filter_map(|p| p.parse::<i32>().ok()),
        );
    }
    children
}

/// The fields of `/proc/PID/stat` the supervisor reads, as indices into
/// `stat_fields`'s list, which starts at the state: proc(5)'s field
/// number less 3 (the pid and the name come before).
mod stat {
    /// (3) R, S, D, Z (zombie), X (dead)...
    pub const STATE: usize = 0;
    /// (9) the kernel's flags (PF_*).
    pub const FLAGS: usize = 6;
    /// (14) to (17): user and system time, its own and its reaped
    /// children's, in clock ticks.
    pub const UTIME: usize = 11;
    pub const STIME: usize = 12;
    pub const CUTIME: usize = 13;
    pub const CSTIME: usize = 14;
    /// (20) its threads.
    pub const NUM_THREADS: usize = 17;
    /// (24) its resident set, in pages.
    pub const RSS: usize = 21;
}

/// `/proc/PID/stat` after the name: the fields from the state on.
fn stat_fields(pid: i32) -> Option<(String, Vec<String>)> {
    let text = std::fs::read_to_string(format!("/proc/{}/stat", pid)).ok()?;
    // "pid (name) state ppid ...": the name may hold anything.
    let (open, close) = (text.find('(')?, text.rfind(')')?);
    let name = text[open + 1..close].to_string();
    let fields = text[close + 1..]
        .split_whitespace()
        .map(String::from)
        .collect();
    Some((name, fields))
}

fn ticks_to_time(ticks: u64) -> Duration {
    // SAFETY: sysconf only reads a system setting.
    let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
    Duration::from_secs(ticks / per_second)
        + Duration::from_nanos((ticks % per_second) * 1_000_000_000 / per_second)
}

/// What one look at a process shows.
pub struct Seen {
    /// Its CPU time and that of the children it reaped.
    pub cpu: Duration,
    /// Its own CPU time (all its threads).
    pub own_cpu: Duration,
    pub rss_kib: u64,
    /// One of its threads is on a CPU or waiting for one (state `R`),
    /// among the first [`THREADS_LOOKED`] ([`runnable`]).
    pub runnable: bool,
    /// Its threads (a process of one thread has one).
    pub tasks: u64,
    /// Its open descriptors (0 where the kernel does not say: before
    /// Linux 6.2, the memfd sweep counts them instead).
    pub descriptors: u64,
    /// It has ended: a zombie waiting for its parent.
    pub ended: bool,
}

/// CPU time (its own and its reaped children's), resident memory and
/// run delay of one process (through a live thread of it when its leader
/// has exited: [`live_thread`]).
pub fn look_at(pid: i32) -> Option<Seen> {
    let (_, mut f) = stat_fields(pid)?;
    let mut through = pid;
    if leader_gone(&f) {
        if let Some((tid, fields)) = live_thread(pid) {
            (through, f) = (tid, fields);
        }
    }
    let num = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    let ticks = num(stat::UTIME) + num(stat::STIME) + num(stat::CUTIME) + num(stat::CSTIME);
    let page_kib = page_size() / 1024;
    Some(Seen {
        cpu: ticks_to_time(ticks),
        own_cpu: ticks_to_time(num(stat::UTIME) + num(stat::STIME)),
        rss_kib: num(stat::RSS) * page_kib,
        runnable: runnable(pid, &f, num(stat::NUM_THREADS)),
        // A zombie has none left, and counts as one until it is reaped.
        tasks: num(stat::NUM_THREADS).max(1),
        // The size of the folder is its count of entries (Linux 6.2 on).
        descriptors: std::fs::metadata(format!("/proc/{}/fd", through)).map_or(0, |m| m.len()),
        ended: is_zombie(&f),
    })
}

/// Whether a thread of process `pid` is on a CPU or waiting for one
/// (state `R`): the one its stat `fields` show (its leader's, or a live
/// thread's once the leader has exited), else one of the first
/// [`THREADS_LOOKED`] of `/proc/PID/task` (a JVM's leader only waits for
/// the thread that runs `main`; threads past these are not looked at, which
/// is never in the test's favour).
fn runnable(pid: i32, fields: &[String], threads: u64) -> bool {
    let running = |fields: &[String]| fields.get(stat::STATE).is_some_and(|s| s == "R");
    if running(fields) {
        return true;
    }
    if threads <= 1 {
        return false;
    }
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", pid)) else {
        return false;
    };
    tasks
        .flatten()
        .filter_map(|task| task.file_name().to_str()?.parse::<i32>().ok())
        .take(THREADS_LOOKED)
        .any(|tid| stat_fields(tid).is_some_and(|(_, fields)| running(&fields)))
}

/// How many threads of one process a look reads the state of at most: one
/// look stays short whatever a process holds.
const THREADS_LOOKED: usize = 32;

/// A zombie (`Z`) or dead (`X`) task, by its stat fields.
fn is_zombie(fields: &[String]) -> bool {
    fields
        .get(stat::STATE)
        .is_some_and(|state| state == "Z" || state == "X")
}

/// A process whose leader has exited while other threads of it run on, by
/// its stat fields: a zombie whose count of threads (the leader's among
/// them until the group ends) is more than one.
fn leader_gone(fields: &[String]) -> bool {
    let threads = fields
        .get(stat::NUM_THREADS)
        .and_then(|n| n.parse::<u64>().ok());
    is_zombie(fields) && threads.is_some_and(|n| n > 1)
}

/// A live thread of process `pid` other than its leader, and its stat
/// fields: where the process shows once its leader has exited
/// (`pthread_exit` in `main`) while other threads run on. The leader, a
/// zombie, has no memory or descriptor table left, so `/proc/PID/stat`'s
/// resident memory reads 0 and `/proc/PID/{status,fd,maps,map_files}` show
/// nothing, while `/proc/TID/...` of a live thread shows the memory and the
/// descriptors its threads share (`/proc/TID`, not `/proc/PID/task/TID`,
/// which has no `map_files`). The first of [`THREADS_TRIED`] threads that
/// is not a zombie itself (a traced thread that ended, not yet reaped) or
/// gone; the first is the oldest, the same at each look.
fn live_thread(pid: i32) -> Option<(i32, Vec<String>)> {
    let tasks = std::fs::read_dir(format!("/proc/{}/task", pid)).ok()?;
    tasks
        .flatten()
        .filter_map(|task| task.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&tid| tid != pid)
        .take(THREADS_TRIED)
        .find_map(|tid| {
            let (_, fields) = stat_fields(tid)?;
            (!is_zombie(&fields)).then_some((tid, fields))
        })
}

/// How many threads [`live_thread`] tries at most: one look stays short
/// whatever a process holds.
const THREADS_TRIED: usize = 8;

/// The pid whose `/proc` folder shows process `pid` (whose stat fields
/// are `fields`): its own, or a live thread's once its leader has exited
/// ([`live_thread`]).
fn shown_through(pid: i32, fields: &[String]) -> i32 {
    match leader_gone(fields) {
        true => live_thread(pid).map_or(pid, |(tid, _)| tid),
        false => pid,
    }
}

/// The processes of the test still alive once the program has ended
/// (not zombies waiting to be reaped, unless their threads live on), as
/// `name (pid N)`, with the program's standard output or error if they
/// hold it open. A sandboxed test's warden is not one: it stands for the
/// test's PID namespace.
pub fn leftovers(stdout: &Path, stderr_fd: c_int, warden: Option<i32>) -> Vec<String> {
    let below: Vec<i32> = of_the_test(warden)
        .into_iter()
        .filter(|&pid| Some(pid) != warden)
        .collect();
    if below.is_empty() {
        return Vec::new();
    }
    let stderr_pipe = std::fs::read_link(format!("/proc/self/fd/{}", stderr_fd)).ok();
    let mut found = Vec::new();
    for pid in below {
        let Some((name, fields)) = stat_fields(pid) else {
            continue;
        };
        // A zombie waits to be reaped, and a process on its way out
        // (PF_EXITING) is one a moment later; neither runs on, unless
        // other threads of it do (a leader that called pthread_exit).
        let zombie = is_zombie(&fields);
        const PF_EXITING: u64 = 0x4;
        let flags = fields.get(stat::FLAGS).and_then(|f| f.parse::<u64>().ok());
        let exiting = flags.is_some_and(|f| f & PF_EXITING != 0);
        let threads = std::fs::read_dir(format!("/proc/{}/task", pid)).map_or(0, |d| d.count());
        if (zombie || exiting) && threads <= 1 {
            continue;
        }
        let mut held = Vec::new();
        let through = shown_through(pid, &fields);
        if let Ok(fds) = std::fs::read_dir(format!("/proc/{}/fd", through)) {
            for fd in fds.flatten() {
                let Ok(target) = std::fs::read_link(fd.path()) else {
                    continue;
                };
                if target == stdout && !held.contains(&"standard output") {
                    held.push("standard output");
                } else if Some(&target) == stderr_pipe.as_ref() && !held.contains(&"standard error")
                {
                    held.push("standard error");
                }
            }
        }
        let mut line = format!("{} (pid {}", name, pid);
        if !held.is_empty() {
            line += &format!(", holding the program's {}", held.join(" and "));
        }
        line.push(')');
        found.push(line);
    }
    found
}

/// The memfds of a test (files that live in memory and in no folder, which
/// resident memory shows only while mapped and touched), counted a bounded
/// number of `/proc` links at a time: a test may hold many thousands of
/// descriptors, and one look must stay short whatever it holds. A *sweep*
/// goes over the descriptors (`/proc/PID/fd`) and memfd mappings
/// (`/proc/PID/map_files`, which needs the supervisor's capabilities over
/// the test, which it has over a sandboxed one) of every process, over as
/// many looks as it takes; each file counts once, by its blocks in use
/// (`st_blocks`). The figure is the last whole sweep's, or what the sweep
/// under way has found if that is more.
///
/// The sweep also counts what it passes: the test's descriptors (which the
/// looks bound; each look counts them too where the kernel tells a
/// folder's entries by its size, Linux 6.2 on), its mappings, each of
/// which the kernel keeps in [`MAPPING_BYTES`] of its own memory, counted
/// as the test's (a process may have 65 530 of them), its page tables
/// ([`page_tables_kib`]), and its sockets, each at the most its queue may
/// hold ([`socket_kib`]): what the kernel holds for the test, hence its
/// name.
#[derive(Default)]
pub struct KernelSweep {
    /// The processes the sweep under way has yet to look at.
    left: Vec<i32>,
    /// The descriptors of the process under way, as they are read.
    fds: Option<std::fs::ReadDir>,
    /// The memfds the sweep under way found, by file, KiB.
    found: std::collections::HashMap<(u64, u64), u64>,
    /// What the last whole sweep found, KiB.
    last: u64,
    under_way: bool,
    /// The descriptors and the mappings the sweep under way passed.
    descriptors: u64,
    mappings: u64,
    /// The page tables of the processes the sweep under way passed, KiB.
    page_tables_kib: u64,
    /// The sockets the sweep under way found, by inode.
    sockets: std::collections::HashSet<u64>,
    /// The descriptors the last whole sweep passed.
    last_descriptors: u64,
    /// A memfd that is not the test's (its standard input, the judge's
    /// copy), by device and inode.
    exempt: Option<(u64, u64)>,
}

/// The page tables of process `pid`, KiB (`VmPTE` in its `status`): the
/// kernel's, and not in its resident memory. Reading one byte every 2 MiB
/// of a large mapping fills a page of them a read with no page of memory
/// behind it (the zero page is nobody's): ten processes took 320 MiB of
/// page tables so in 0.3 s of CPU time.
fn page_tables_kib(pid: i32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid)).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmPTE:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The kernel's memory for one mapping of a process: its `vm_area_struct`
/// and its share of the tree that holds them (about 210 bytes measured,
/// docs/sandbox.md), rounded up.
pub const MAPPING_BYTES: u64 = 256;

/// The most one socket of a test holds in the kernel, KiB: the seccomp
/// filter lets a test make only a connected pair of local sockets (stream
/// or sequenced packets), send no descriptor over one (`sendmsg` is
/// refused) and not grow a send buffer, so what waits in a socket's queue
/// is what its one peer sent, at most twice the machine's default send
/// buffer (`net.core.wmem_default`, 208 KiB here: a sender may start one
/// more message while under it, and a message is at most the buffer), and
/// 4 KiB more for the socket, its file and its inode. 500 pairs filled one
/// way took 111 MiB here, 227 KiB a pair; each socket counts 420 KiB.
pub fn socket_kib() -> u64 {
    static KIB: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *KIB.get_or_init(|| {
        let default = std::fs::read_to_string("/proc/sys/net/core/wmem_default")
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .unwrap_or(212_992);
        (2 * default + 4096 + 1023) / 1024
    })
}

impl KernelSweep {
    /// Leaves the memfd `id` (device, inode) out of the count.
    pub fn exempt(&mut self, id: (u64, u64)) {
        self.exempt = Some(id);
    }

    /// Starts a sweep over the processes `pids`, unless one is under way.
    pub fn start(&mut self, pids: &[i32]) {
        if !self.under_way {
            self.left = pids.to_vec();
            self.under_way = true;
        }
    }

    /// Goes on with the sweep under way for at most `budget` links (a
    /// process's list of mappings counts as one, and each memfd in it as
    /// one more): what the test's memfds hold, KiB, as far as known.
    pub fn step(&mut self, budget: usize) -> u64 {
        let mut spent = 0;
        while self.under_way && spent < budget {
            if let Some(fds) = &mut self.fds {
                match fds.next() {
                    Some(entry) => {
                        spent += 1;
                        self.descriptors += 1;
                        if let Ok(entry) = entry {
                            self.count_descriptor(&entry.path());
                        }
                    }
                    None => self.fds = None,
                }
                continue;
            }
            match self.left.pop() {
                Some(pid) => {
                    let (links, through) = self.count_mapped(pid);
                    spent += 1 + links;
                    self.fds = std::fs::read_dir(format!("/proc/{}/fd", through)).ok();
                }
                None => {
                    self.last = self.found_kib();
                    self.last_descriptors = self.descriptors;
                    self.found.clear();
                    self.sockets.clear();
                    (self.descriptors, self.mappings, self.page_tables_kib) = (0, 0, 0);
                    self.under_way = false;
                }
            }
        }
        self.last.max(self.found_kib())
    }

    /// What the sweep under way found: its memfds, its mappings at
    /// [`MAPPING_BYTES`] each, its page tables and its sockets at
    /// [`socket_kib`] each, KiB.
    fn found_kib(&self) -> u64 {
        self.found.values().sum::<u64>()
            + self.mappings * MAPPING_BYTES / 1024
            + self.page_tables_kib
            + self.sockets.len() as u64 * socket_kib()
    }

    /// The test's descriptors, as far as the sweeps know: the last whole
    /// sweep's count, or the one under way's if larger.
    pub fn descriptors(&self) -> u64 {
        self.last_descriptors.max(self.descriptors)
    }

    /// Counts the file behind a descriptor's link if it is a memfd, and the
    /// socket if it is one (once, however many descriptors name it).
    fn count_descriptor(&mut self, link: &Path) {
        let Ok(target) = std::fs::read_link(link) else {
            return;
        };
        let target = target.as_os_str().as_bytes();
        if target.starts_with(b"/memfd:") {
            self.count_file(link);
        } else if let Some(inode) = target
            .strip_prefix(b"socket:[")
            .and_then(|rest| rest.strip_suffix(b"]"))
            .and_then(|digits| std::str::from_utf8(digits).ok()?.parse().ok())
        {
            self.sockets.insert(inode);
        }
    }

    /// Counts the mappings of process `pid`, its page tables, and the
    /// memfds it has mapped: the links read, and a link's worth for each
    /// 4 KiB of its list of mappings (which may be megabytes long); and
    /// the pid whose `/proc` folder shows the process. A live process has
    /// mappings: one that shows none has ended, or its leader has while
    /// other threads run on, and it is read again through a live thread
    /// ([`live_thread`]; no look more for any other process).
    fn count_mapped(&mut self, pid: i32) -> (usize, i32) {
        let read = |pid: i32| std::fs::read_to_string(format!("/proc/{}/maps", pid));
        let mut maps = read(pid).unwrap_or_default();
        let mut through = pid;
        if maps.is_empty() {
            if let Some((_, fields)) = stat_fields(pid) {
                through = shown_through(pid, &fields);
            }
            if through != pid {
                maps = read(through).unwrap_or_default();
            }
        }
        self.mappings += maps.lines().count() as u64;
        self.page_tables_kib += page_tables_kib(through);
        let mut counted = maps.len() / 4096;
        for line in maps.lines().filter(|l| l.contains(" /memfd:")) {
            if let Some(range) = line.split_whitespace().next() {
                self.count_file(Path::new(&format!("/proc/{}/map_files/{}", through, range)));
                counted += 1;
            }
        }
        (counted, through)
    }

    fn count_file(&mut self, link: &Path) {
        use std::os::unix::fs::MetadataExt;
        if let Ok(meta) = std::fs::metadata(link) {
            if self.exempt == Some((meta.dev(), meta.ino())) {
                return;
            }
            self.found
                .insert((meta.dev(), meta.ino()), meta.blocks() / 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_stat_fields_are_the_ones_proc_5_numbers() {
        // This process: running or asleep (its main thread waits for the
        // tests'), with a thread at least, some memory resident, and no
        // PF_EXITING.
        let pid = std::process::id() as i32;
        let (name, fields) = stat_fields(pid).unwrap();
        assert!(!name.is_empty());
        assert!(["R", "S"].contains(&fields[stat::STATE].as_str()));
        let num = |i: usize| fields[i].parse::<u64>().unwrap();
        let threads = std::fs::read_dir("/proc/self/task").unwrap().count() as u64;
        assert!(num(stat::NUM_THREADS) >= 1 && num(stat::NUM_THREADS) <= threads + 8);
        assert_eq!(num(stat::FLAGS) & 0x4, 0);
        let seen = look_at(pid).unwrap();
        assert!(seen.rss_kib > 0 && !seen.ended && seen.tasks >= 1);
        // Its own CPU time is part of the one with its reaped children's.
        assert!(seen.own_cpu <= seen.cpu);
    }

    /// A process asleep is not runnable; one with a thread that spins is,
    /// even while its leader sleeps (a JVM's shape): this process's leader
    /// waits for the tests, and only a look past it finds the spinner (or
    /// this thread, reading) on a CPU.
    #[test]
    fn a_process_is_runnable_when_one_of_its_threads_is() {
        let mut sleeper = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let spinning = std::sync::atomic::AtomicBool::new(true);
        let (asleep, awake) = std::thread::scope(|scope| {
            scope.spawn(|| {
                while spinning.load(std::sync::atomic::Ordering::Relaxed) {
                    std::hint::spin_loop()
                }
            });
            std::thread::sleep(std::time::Duration::from_millis(50));
            let asleep = look_at(sleeper.id() as i32).map(|seen| seen.runnable);
            let me = std::process::id() as i32;
            let awake = (0..20).any(|_| look_at(me).is_some_and(|seen| seen.runnable));
            spinning.store(false, std::sync::atomic::Ordering::Relaxed);
            (asleep, awake)
        });
        let _ = sleeper.kill();
        let _ = sleeper.wait();
        assert_eq!(asleep, Some(false));
        assert!(awake);
    }

    #[test]
    fn a_sweep_counts_descriptors_mappings_and_page_tables() {
        let me = std::process::id() as i32;
        let mut sweep = KernelSweep::default();
        sweep.count_mapped(me);
        // Each mapping at its price, and the page tables as they are.
        assert!(sweep.mappings > 10, "{} mappings", sweep.mappings);
        assert!(sweep.page_tables_kib > 0, "no VmPTE read");
        assert_eq!(
            sweep.found_kib(),
            sweep.mappings * MAPPING_BYTES / 1024 + sweep.page_tables_kib
        );
        // A whole sweep passes every descriptor (0, 1 and 2 at least).
        sweep.start(&[me]);
        while sweep.under_way {
            sweep.step(usize::MAX);
        }
        assert!(sweep.descriptors() >= 3, "{}", sweep.descriptors());
    }

    #[test]
    fn a_sweep_counts_each_socket_once_at_the_most_its_queue_holds() {
        use std::os::unix::io::AsRawFd;
        let (a, b) = std::os::unix::net::UnixStream::pair().unwrap();
        let copy = a.try_clone().unwrap();
        let mut sweep = KernelSweep::default();
        for fd in [a.as_raw_fd(), b.as_raw_fd(), copy.as_raw_fd()] {
            sweep.count_descriptor(Path::new(&format!("/proc/self/fd/{}", fd)));
        }
        // Two sockets (the copy is one of them), each at twice the default
        // send buffer and a few KiB: 420 KiB here.
        assert_eq!(sweep.sockets.len(), 2);
        assert!(socket_kib() >= 2 * 208 && socket_kib() < 64 << 10);
        assert_eq!(sweep.found_kib(), 2 * socket_kib());
    }
}
