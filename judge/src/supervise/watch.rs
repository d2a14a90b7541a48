//! One test, as the supervisor watches it: the program started, its
//! processes looked at every tick against the limits, everything killed and
//! reaped at the end, and the figures gathered into a [`Report`].

use super::control::Reaped;
use super::files::{self, TestFiles};
use super::idle::IdleClock;
use super::sandbox::{Cell, NotShown, Record, Sandbox};
use super::trace::{self, Event, Tracer};
use super::{control, events, procs, Ending, Report, Request, TICK};
use crate::rng::Rng;
use std::fs::{self, File};
use std::io::{self, Read};
use std::os::unix::io::AsRawFd;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What the supervisor knows of one test's processes while it runs.
#[derive(Default)]
struct Watch {
    /// CPU time of the processes reaped so far (with what they reaped).
    reaped_cpu: Duration,
    /// The largest peak memory of a reaped process, KiB.
    reaped_peak_kib: u64,
    /// The largest sum of resident memory seen, KiB.
    summed_peak_kib: u64,
    /// The count of what the kernel holds for the test (its memfds,
    /// mappings, page tables, descriptors), a bounded part at each look (a
    /// sweep starts every [`SWEEP_EVERY`] looks), and the looks so far.
    sweep: procs::KernelSweep,
    looks: u32,
    /// The CPU time of the test at the last look (what was reaped, and what
    /// its live processes had used): for a sandboxed test killed at once,
    /// the processes the kernel reaps with the warden may not all be in the
    /// warden's figures.
    seen_cpu: Duration,
    /// The test's idle time (`idle.rs`), advanced at each look.
    clock: IdleClock,
    /// The program's wait status once it is reaped, and when.
    ended: Option<(i32, Instant)>,
    /// The test's cell when it runs in the sandbox (its warden is the
    /// supervisor's child, and reports the program's end).
    cell: Option<Cell>,
    /// Why the program could not be executed in its cell.
    not_started: Option<String>,
    /// What went wrong in the cell.
    failed: Option<String>,
    /// The cell's warden has no process of the test left.
    idle: bool,
    /// The test left a SysV object in the cell's IPC namespace (the warden
    /// said so with its word that the test has no process left).
    left_ipc: bool,
    /// Without the sandbox, the supervisor's tracer of the test
    /// (`trace.rs`: each process counts its own CPU time when it ends,
    /// whoever waits for it); `None` sandboxed (the warden traces), or
    /// where the kernel refused the tracing.
    tracer: Option<Tracer>,
}

impl Watch {
    /// Reaps one ended child, if one has ended, and counts it.
    fn reap(&mut self, main: i32) -> Reaped {
        let reaped = match &mut self.tracer {
            Some(tracer) => reap_traced(tracer).unwrap_or_else(|why| {
                self.failed.get_or_insert(why);
                Reaped::NoneYet
            }),
            None => control::reap_any(),
        };
        match reaped {
            Reaped::One(pid, status, usage) if Some(pid) == self.warden() => {
                // The warden's figures are its cell's, over all its tests
                // (it reports each process it reaps instead); it ends only
                // when something went wrong.
                if let Some(cell) = &mut self.cell {
                    cell.mark_gone();
                }
                self.failed
                    .get_or_insert_with(|| "its warden ended".to_string());
                Reaped::One(pid, status, usage)
            }
            // Sandboxed, the supervisor's only children are wardens (the
            // test's processes are the warden's): another one is the idle
            // cell of another view, whose figures are not this test's.
            Reaped::One(pid, status, usage) if self.cell.is_some() => {
                Reaped::One(pid, status, usage)
            }
            Reaped::One(pid, status, usage) => {
                self.reaped_cpu += usage.cpu;
                self.reaped_peak_kib = self.reaped_peak_kib.max(usage.max_rss_kib);
                if pid == main && self.ended.is_none() {
                    self.ended = Some((status, Instant::now()));
                }
                Reaped::One(pid, status, usage)
            }
            other => other,
        }
    }

    fn warden(&self) -> Option<i32> {
        self.cell.as_ref().map(|c| c.warden)
    }

    /// Takes in what the cell reported.
    fn read_records(&mut self) {
        let Some(cell) = &mut self.cell else { return };
        while let Some(record) = cell.next_record() {
            match record {
                Record::Reaped {
                    main,
                    status,
                    peak_kib,
                    cpu_us,
                } => {
                    self.reaped_cpu += Duration::from_micros(cpu_us);
                    self.reaped_peak_kib = self.reaped_peak_kib.max(peak_kib);
                    if main {
                        self.ended = Some((status, Instant::now()));
                    }
                }
                Record::NotStarted(why) => self.not_started = Some(why),
                Record::Failed(why) => self.failed = Some(why),
                Record::Idle { clean } => {
                    self.idle = true;
                    self.left_ipc = !clean;
                }
                Record::Started(_) => {}
            }
        }
    }

    /// The memory the test holds in its private scratch folders, KiB.
    fn scratch_kib(&self) -> u64 {
        self.cell.as_ref().map_or(0, |c| c.scratch_bytes() / 1024)
    }
}

/// Runs one test, in a cell of `sandbox` when there is one.
pub fn run_test(request: &Request, out_path: &Path, mut sandbox: Option<&mut Sandbox>) -> Report {
    let mut report = Report::default();
    let start = Instant::now();
    let (main, stderr, cell, stdin_id) = match start_test(request, out_path, sandbox.as_deref_mut())
    {
        Ok(started) => started,
        Err(unstarted) => {
            unstarted.tell(&mut report);
            return report;
        }
    };
    let mut stderr = StderrTail::new(stderr);
    let mut watch = Watch {
        tracer: (cell.is_none() && trace::traced_by_us(main)).then(|| Tracer::new(main)),
        cell,
        // The time spent starting the program is the judge's, not idle.
        clock: IdleClock::new(Instant::now()),
        ..Watch::default()
    };
    watch.sweep.exempt(stdin_id);
    let mut ending = follow(&mut watch, request, out_path, start, main, &mut stderr);
    if ending == Ending::Stuck {
        report.problem = Some("stopped by a signal".to_string());
    }
    let killed_at = Instant::now();
    // What the scratch folders still hold counts, even if no look saw it.
    watch.summed_peak_kib = watch.summed_peak_kib.max(watch.scratch_kib());
    watch.read_records();
    // A warden that says it has no process left has none to name.
    if ending == Ending::Exited && watch.failed.is_none() && !watch.idle {
        report.leftovers = name_leftovers(&mut watch, main, out_path, &stderr);
    }
    let ended = match watch.cell.is_some() {
        true => end_the_test_in_its_cell(&mut watch, main, &mut stderr),
        false => end_everything(&mut watch, main, &mut stderr),
    };
    if let Err(why) = ended {
        ending = Ending::Stuck;
        report.problem = Some(why);
    }
    stderr.drain();
    if let Some(why) = stderr.failed.take() {
        ending = Ending::Stuck;
        report.problem = Some(format!("cannot read the program's stderr: {}", why));
    }
    watch.read_records();
    if let (Some(sandbox), Some(cell)) = (sandbox, watch.cell.take()) {
        let reusable = watch.idle && !watch.left_ipc && watch.failed.is_none();
        sandbox.give_back(cell, reusable);
    }
    if let Some(why) = watch.failed.take() {
        ending = Ending::Stuck;
        let what = match watch.tracer {
            Some(_) => "the tracing",
            None => "the sandbox",
        };
        report.problem = Some(format!("{} failed: {}", what, why));
    }
    report.not_started = watch.not_started.take();
    let (status, ended_at) = match watch.ended {
        Some((status, at)) if ending == Ending::Exited => (status, at),
        Some((status, _)) => (status, killed_at),
        None => (0, killed_at),
    };
    events::set_busy(false);
    report.ending = Some(ending);
    report.status = status;
    report.wall = ended_at - start;
    report.cpu = watch.reaped_cpu.max(watch.seen_cpu);
    report.peak_kib = watch.reaped_peak_kib.max(watch.summed_peak_kib);
    watch.clock.end(ended_at, report.cpu);
    report.idle = watch.clock.idle();
    // What the test is credited as waiting for a CPU: the rest.
    report.waited = report.wall.saturating_sub(report.cpu + report.idle);
    report.stderr_bytes = stderr.written;
    report.stderr_tail = stderr.tail;
    report
}

/// A test started: the pid that stands for it, the read end of its
/// standard error, its cell when sandboxed, and the identity (device,
/// inode) of its input's copy.
type Started = (i32, File, Option<Cell>, (u64, u64));

/// Prepares the test's files and starts its program (marking the
/// supervisor busy): the pid that stands for the test, the read end of
/// standard error, the cell when sandboxed, and the identity of the
/// input's copy (`files.rs`).
fn start_test(
    request: &Request,
    out_path: &Path,
    sandbox: Option<&mut Sandbox>,
) -> Result<Started, Unstarted> {
    let TestFiles {
        stdin,
        stdout,
        stdin_id,
    } = files::prepare(&request.stdin, out_path).map_err(Unstarted::Files)?;
    if request.argv.is_empty() {
        return Err(Unstarted::Program("no program to run".to_string()));
    }
    events::set_busy(true);
    let started = match sandbox {
        Some(sandbox) => start_in_cell(sandbox, request, &stdin, &stdout, out_path),
        None => start_directly(request, stdin, stdout),
    };
    if started.is_err() {
        events::set_busy(false);
    }
    started.map(|(main, stderr, cell)| (main, stderr, cell, stdin_id))
}

/// Follows the test until its program ends, a limit is passed, or a signal
/// stops the supervisor (`Stuck`): how it ended.
fn follow(
    watch: &mut Watch,
    request: &Request,
    out_path: &Path,
    start: Instant,
    main: i32,
    stderr: &mut StderrTail,
) -> Ending {
    // A program that ends within a tick is never looked at: wait4 gives
    // all its figures.
    let mut next_look = start + TICK;
    let mut rng = Rng::from_clock();
    loop {
        stderr.drain();
        watch.read_records();
        while let Reaped::One(..) = watch.reap(main) {}
        if watch.ended.is_some() || watch.failed.is_some() {
            return Ending::Exited;
        }
        if events::stop_asked() {
            return Ending::Stuck;
        }
        let now = Instant::now();
        if now >= next_look {
            next_look = now + next_tick(&mut rng);
            if let Some(over) = look(watch, request, out_path, start) {
                return over;
            }
        }
        let wait = next_look.saturating_duration_since(Instant::now());
        let records = watch.cell.as_ref().map_or(-1, Cell::fd);
        events::wait_for_events(&[stderr.fd(), records], wait);
    }
}

/// The time to the next look: [`TICK`], give or take up to 2 ms at random,
/// so that a program cannot time itself to be runnable only when a look
/// reads its state (`idle.rs`).
fn next_tick(rng: &mut Rng) -> Duration {
    TICK - Duration::from_millis(2) + Duration::from_micros(rng.below(4001))
}

/// The processes of the test still running once its program has ended.
fn name_leftovers(
    watch: &mut Watch,
    main: i32,
    out_path: &Path,
    stderr: &StderrTail,
) -> Vec<String> {
    let warden = watch.warden();
    let leftovers = procs::leftovers(out_path, stderr.fd(), warden);
    if leftovers.is_empty() {
        return leftovers;
    }
    // A process may be on its way out (its files closed, so the program saw
    // the end of a pipe and ended) without being a zombie yet: a moment
    // later it is one. A helper may end only once the program has: Python's
    // resource tracker (`multiprocessing` with `spawn`) reads the end of
    // its pipe when the program exits, then cleans up and exits, tens of
    // milliseconds later. Each is given `LEFTOVER_GRACE`.
    let give_up = Instant::now() + LEFTOVER_GRACE;
    loop {
        std::thread::sleep(Duration::from_millis(5));
        watch.read_records();
        while let Reaped::One(..) = watch.reap(main) {}
        let left = procs::leftovers(out_path, stderr.fd(), warden);
        if left.is_empty() || Instant::now() >= give_up {
            return left;
        }
    }
}

/// How long the processes left running once the test's program has ended
/// have to end by themselves before they are named and killed.
const LEFTOVER_GRACE: Duration = Duration::from_millis(500);

/// Why a test's program did not start.
enum Unstarted {
    /// The test's input or output could not be made: the judge's error,
    /// never a test judged on what the last one left.
    Files(String),
    /// The program could not be started (a missing file...).
    Program(String),
    /// Its sandbox could not be made.
    Cell(String),
}

impl Unstarted {
    /// Says it in the report.
    fn tell(self, report: &mut Report) {
        match self {
            Unstarted::Files(why) => {
                report.ending = Some(Ending::Stuck);
                report.problem = Some(format!("cannot prepare the test's files: {}", why));
            }
            Unstarted::Program(why) => report.not_started = Some(why),
            Unstarted::Cell(why) => {
                report.ending = Some(Ending::Stuck);
                report.problem = Some(format!("the sandbox could not be made: {}", why));
            }
        }
    }
}

/// Starts the program as the supervisor's child: its pid and the read end
/// of its standard error.
fn start_directly(
    request: &Request,
    stdin: File,
    stdout: File,
) -> Result<(i32, File, Option<Cell>), Unstarted> {
    let (program, args) = request.argv.split_first().expect("checked");
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped());
    control::confine(&mut cmd);
    let mut child = cmd.spawn().map_err(|e| {
        let cwd = std::env::current_dir().unwrap_or_default();
        let path = std::env::var_os("PATH");
        Unstarted::Program(super::exec_error::explain(
            program,
            &cwd,
            path.as_deref(),
            &e,
        ))
    })?;
    let main = child.id() as i32;
    if let Err(why) = control::limit_child(main, request) {
        let _ = child.kill();
        let _ = child.wait();
        return Err(Unstarted::Program(why));
    }
    let stderr = File::from(std::os::fd::OwnedFd::from(
        child.stderr.take().expect("piped"),
    ));
    drop(child); // dropping a Child neither kills nor reaps it
    Ok((main, stderr, None))
}

/// Starts the program in a cell of the sandbox: the warden's pid (which
/// stands for the test: killing it kills every process of the test), the
/// read end of standard error, and the cell.
fn start_in_cell(
    sandbox: &mut Sandbox,
    request: &Request,
    stdin: &File,
    stdout: &File,
    out_path: &Path,
) -> Result<(i32, File, Option<Cell>), Unstarted> {
    sandbox.show(&request.argv).map_err(|not| match not {
        NotShown::Unreachable(why) => Unstarted::Program(why),
        NotShown::Failed(why) => Unstarted::Cell(why),
    })?;
    let hides = sandbox.hides(&request.stdin, out_path);
    let cell = sandbox
        .take_cell(request, hides)
        .map_err(|e| Unstarted::Cell(e.to_string()))?;
    let (stderr, stderr_end) = crate::os::pipe().map_err(|e| Unstarted::Cell(e.to_string()))?;
    let stdio = [
        stdin.as_raw_fd(),
        stdout.as_raw_fd(),
        stderr_end.as_raw_fd(),
    ];
    if let Err(why) = cell.run(request, stdio) {
        sandbox.give_back(cell, false);
        return Err(Unstarted::Cell(why.to_string()));
    }
    Ok((cell.warden, stderr, Some(cell)))
}

/// Without the sandbox, the supervisor's reaping of its traced test,
/// without waiting: the stops found resumed (at most [`STOPS_A_REAP`], so
/// that a test that stops itself in a loop cannot hold the supervisor's
/// looks off), and the first process found ended counted (its own CPU
/// time, `trace.rs`) and let go.
fn reap_traced(tracer: &mut Tracer) -> Result<Reaped, String> {
    for _ in 0..STOPS_A_REAP {
        match tracer.next(false)? {
            Event::Ended(process) => {
                let usage = crate::os::Usage {
                    cpu: Duration::from_micros(process.cpu_us),
                    max_rss_kib: process.peak_kib,
                };
                return Ok(Reaped::One(process.pid, process.status, usage));
            }
            Event::Quiet => {}
            Event::NoneYet => return Ok(Reaped::NoneYet),
            Event::NoChildren => return Ok(Reaped::NoChildren),
        }
    }
    Ok(Reaped::NoneYet)
}

/// How many stops [`reap_traced`] resumes at most before it returns.
const STOPS_A_REAP: usize = 64;

/// One look at the test's processes: why the test must be stopped, if it
/// must.
fn look(watch: &mut Watch, request: &Request, out: &Path, start: Instant) -> Option<Ending> {
    let mut cpu = watch.reaped_cpu;
    let warden = watch.warden();
    let pids: Vec<i32> = procs::of_the_test(warden);
    if watch.looks % SWEEP_EVERY == 0 {
        let test: Vec<i32> = pids
            .iter()
            .copied()
            .filter(|&p| Some(p) != warden)
            .collect();
        watch.sweep.start(&test);
    }
    watch.looks += 1;
    // The memory-backed files of the test's scratch folders, its memfds,
    // mappings and page tables are its memory.
    let mut rss_kib = watch.scratch_kib() + watch.sweep.step(SWEEP_LINKS);
    let mut tasks = 0;
    let mut descriptors = 0;
    let mut runnable = false;
    // The warden's own figures are not the test's: its memory is the
    // supervisor's (a copy of it), its CPU time that of its cell's tests.
    let traced = warden.is_some() || watch.tracer.is_some();
    for pid in pids.into_iter().filter(|&p| Some(p) != warden) {
        if let Some(seen) = procs::look_at(pid) {
            // Traced (by the warden, or by the supervisor without the
            // sandbox), each process is counted when it ends (before it is
            // its parent's zombie), with its own time: what a live one
            // reaped, or a zombie, is counted already (not a zombie leader
            // whose threads run on).
            cpu += match traced {
                true if seen.ended && seen.tasks <= 1 => Duration::ZERO,
                true => seen.own_cpu,
                false => seen.cpu,
            };
            rss_kib += seen.rss_kib;
            tasks += seen.tasks;
            descriptors += seen.descriptors;
            runnable |= seen.runnable;
        }
    }
    watch.summed_peak_kib = watch.summed_peak_kib.max(rss_kib);
    watch.seen_cpu = cpu;
    watch.clock.look(Instant::now(), cpu, runnable);
    if cpu > request.cpu_limit {
        return Some(Ending::CpuLimit);
    }
    if request.memory_limit > 0 && rss_kib * 1024 > request.memory_limit {
        return Some(Ending::MemoryLimit);
    }
    if request.max_processes > 0 && tasks > request.max_processes {
        return Some(Ending::ProcessLimit);
    }
    if descriptors.max(watch.sweep.descriptors()) > super::DESCRIPTORS_AT_ONCE {
        return Some(Ending::DescriptorLimit);
    }
    if fs::metadata(out).map_or(0, |m| m.len()) > request.output_limit {
        return Some(Ending::OutputLimit);
    }
    // Idle past the net, or still running at the judge's bound on wall
    // time (processes kept waiting for a CPU without end: a test's own
    // doing, or a machine too busy to judge on).
    if watch.clock.idle() > request.wall_net || start.elapsed() > request.wall_bound() {
        return Some(Ending::WallNet);
    }
    None
}

/// A sweep of what the kernel holds for the test starts every this many looks (when the
/// last one is over).
const SWEEP_EVERY: u32 = 5;

/// How many `/proc` links one look's part of the sweep reads at most: a
/// few milliseconds (a test with more descriptors is counted over
/// several looks).
const SWEEP_LINKS: usize = 2000;

/// How long ending a test's processes may take before the supervisor gives
/// up on them (a process stuck in the kernel): the judge's own bound on a
/// supervisor's answer (`client.rs`) allows for it.
pub const GIVE_UP_ENDING: Duration = Duration::from_secs(10);

/// Kills every process of the test and reaps them all, until the supervisor
/// has no child left. Gives up after 10 s (a process stuck in the kernel).
fn end_everything(watch: &mut Watch, main: i32, stderr: &mut StderrTail) -> Result<(), String> {
    let give_up = Instant::now() + GIVE_UP_ENDING;
    // No child at all, not even a zombie: then nothing is below either.
    if let Reaped::NoChildren = watch.reap(main) {
        return Ok(());
    }
    loop {
        // The program's process group at once, while the program is not
        // reaped: until then its pid, the group's id, cannot be reused.
        if watch.ended.is_none() {
            control::sigkill(-main);
        }
        for pid in procs::descendants() {
            control::sigkill(pid);
        }
        match watch.reap(main) {
            Reaped::One(..) => continue,
            Reaped::NoChildren => return Ok(()),
            Reaped::NoneYet => {}
        }
        stderr.drain();
        if Instant::now() > give_up {
            return Err("processes of the test could not be killed within 10 s".to_string());
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// Kills every process of a sandboxed test (all but the warden), until the
/// warden says it has none left, its records read. Gives up after 10 s.
fn end_the_test_in_its_cell(
    watch: &mut Watch,
    main: i32,
    stderr: &mut StderrTail,
) -> Result<(), String> {
    let give_up = Instant::now() + GIVE_UP_ENDING;
    loop {
        watch.read_records();
        if watch.idle || watch.failed.is_some() {
            return Ok(());
        }
        let warden = watch.warden();
        for pid in procs::of_the_test(warden) {
            if Some(pid) != warden {
                control::sigkill(pid);
            }
        }
        while let Reaped::One(..) = watch.reap(main) {}
        stderr.drain();
        if Instant::now() > give_up {
            return Err("processes of the test could not be killed within 10 s".to_string());
        }
        let records = watch.cell.as_ref().map_or(-1, Cell::fd);
        events::wait_for_events(&[stderr.fd(), records], Duration::from_millis(1));
    }
}

/// The last bytes of standard error, read as they come without blocking.
struct StderrTail {
    pipe: Option<File>,
    tail: Vec<u8>,
    /// How many bytes were read in all.
    written: u64,
    /// Why the pipe could not be read (it is no longer read then).
    failed: Option<String>,
}

/// How much of the end of standard error is kept.
pub const STDERR_TAIL: usize = 16 << 10;

impl StderrTail {
    /// Reads `pipe` from now on; a pipe that cannot be made non-blocking
    /// (a read would stall the looks) is not read, and the test ends
    /// saying why.
    fn new(pipe: File) -> StderrTail {
        let (pipe, failed) = match control::set_nonblocking(&pipe) {
            Ok(()) => (Some(pipe), None),
            Err(e) => (None, Some(format!("cannot make it non-blocking: {}", e))),
        };
        StderrTail {
            pipe,
            tail: Vec::new(),
            written: 0,
            failed,
        }
    }

    fn fd(&self) -> i32 {
        use std::os::unix::io::AsRawFd;
        self.pipe.as_ref().map_or(-1, |p| p.as_raw_fd())
    }

    fn drain(&mut self) {
        let Some(pipe) = &mut self.pipe else { return };
        let mut chunk = [0u8; 16 << 10];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => {
                    self.pipe = None;
                    break;
                }
                Ok(n) => {
                    self.written += n as u64;
                    self.tail.extend_from_slice(&chunk[..n]);
                    if self.tail.len() > 2 * STDERR_TAIL {
                        self.tail.drain(..self.tail.len() - STDERR_TAIL);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // EAGAIN (EWOULDBLOCK): nothing more for now.
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => {
                    self.failed = Some(e.to_string());
                    self.pipe = None;
                    break;
                }
            }
        }
        if self.pipe.is_none() && self.tail.len() > STDERR_TAIL {
            self.tail.drain(..self.tail.len() - STDERR_TAIL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_come_every_8_to_12_ms_at_random() {
        let mut rng = Rng(1);
        let ticks: Vec<Duration> = (0..200).map(|_| next_tick(&mut rng)).collect();
        let ms = Duration::from_millis;
        assert!(
            ticks.iter().all(|&t| t >= ms(8) && t <= ms(12)),
            "{:?}",
            ticks
        );
        let (least, most) = (ticks.iter().min().unwrap(), ticks.iter().max().unwrap());
        assert!(*most - *least > ms(3), "{:?} to {:?}", least, most);
    }

    #[test]
    fn a_read_error_on_stderr_is_kept_with_its_reason_not_taken_for_would_block() {
        // A folder opened as a file: every read fails with EISDIR.
        let folder = File::open(std::env::temp_dir()).unwrap();
        let mut tail = StderrTail::new(folder);
        tail.drain();
        let why = tail.failed.clone().expect("the read error is kept");
        assert!(why.contains("directory"), "{}", why);
        assert_eq!(tail.fd(), -1, "the pipe is no longer read");
    }

    #[test]
    fn an_empty_pipe_is_would_block_not_an_error() {
        let (read, write) = crate::os::pipe().unwrap();
        let mut tail = StderrTail::new(read);
        tail.drain();
        assert!(tail.failed.is_none() && tail.fd() >= 0);
        std::io::Write::write_all(&mut &write, b"said").unwrap();
        drop(write);
        tail.drain();
        assert_eq!((tail.tail.as_slice(), &tail.failed), (&b"said"[..], &None));
        assert_eq!(tail.fd(), -1, "its end read");
    }
}
