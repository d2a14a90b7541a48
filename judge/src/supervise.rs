//! The supervisor: a small process that runs the tests of one parallel slot,
//! one after another, so that nothing a test starts escapes its limits.
//!
//! The judge starts one per slot as `judge --supervise` (the same binary in a
//! mode of its own, so it carries none of the judge's memory: a child's peak
//! memory includes what its parent held when it forked) and sends it one test
//! at a time over a pipe ([`Request`] in, [`Report`] out). For each test it:
//!
//! - runs it in a **session of its own** (`setsid`, once, for the
//!   supervisor), which has no controlling terminal, and the program in a
//!   process group of its own: the program has no terminal to take, and
//!   Ctrl-C and the terminal stay the judge's;
//! - is a **child subreaper** (`prctl(PR_SET_CHILD_SUBREAPER)`): a process the
//!   program leaves behind comes back to the supervisor when its parent dies,
//!   instead of going to init. So the supervisor reaps every process of the
//!   test, or the process that reaped it was reaped by the supervisor, and
//!   `wait4` gives it the CPU time and peak memory of each, whoever they were;
//! - looks at the test's processes (its descendants, from
//!   `/proc/PID/task/TID/children`) every [`TICK`]: their CPU time so far,
//!   their resident memory, summed, and the time they spent waiting for a CPU
//!   (`/proc/PID/schedstat`). It kills the test when the CPU time passes the
//!   time limit, when the memory passes the memory limit, or when the time
//!   spent neither on a CPU nor waiting for one passes the wall-clock net;
//! - when the program ends (or is killed) kills every process left and reaps
//!   until it has no child left (`ECHILD`): neither a fork chain nor a zombie
//!   leader whose threads live on survives. What was still running when the
//!   program ended is named in the report, with the standard output or error
//!   it held open.
//!
//! The program reads its input from a file and writes its output to a file
//! (`RLIMIT_FSIZE` stops it at the output limit); its standard error goes
//! through a pipe of which the supervisor keeps the end. `RLIMIT_AS` is only a
//! backstop far above the memory limit, so that the JVM or Go, which reserve
//! address space they never touch, run under the default limit. Nothing runs
//! in the child between its fork and its exec (these backstops are set from
//! outside right after the start, with `prlimit`), so the program starts as
//! cheaply as any; what it might start before that is still held by the
//! looks, which also watch the size of the output.
//!
//! The supervisor ends, killing the test under way, on SIGINT or SIGTERM, or
//! when the judge's end of the pipe closes (the judge died). It is Linux's:
//! the subreaper, `/proc` and the constants below are; elsewhere `run.rs`
//! runs the program directly.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// How often the supervisor looks at a running test's processes.
pub const TICK: Duration = Duration::from_millis(10);

/// The argument that starts the judge binary as a supervisor.
pub const MODE: &str = "--supervise";

/// One test to run.
#[derive(Debug, Default, PartialEq)]
pub struct Request {
    pub argv: Vec<OsString>,
    /// The file the program reads as its standard input.
    pub stdin: PathBuf,
    /// The CPU time limit, over all the test's processes.
    pub cpu_limit: Duration,
    /// Kill the test when its time off the CPU and not waiting for one
    /// passes this.
    pub wall_net: Duration,
    /// The memory limit on the sum of the resident memory of the test's
    /// processes, bytes; 0 for none.
    pub memory_limit: u64,
    /// `RLIMIT_CPU` for each process, seconds: a backstop.
    pub cpu_backstop_seconds: u64,
    /// `RLIMIT_AS` for each process, bytes: a backstop; 0 for none.
    pub address_space_backstop: u64,
    /// Standard output beyond this many bytes stops the program.
    pub output_limit: u64,
}

/// How a test ended.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Ending {
    /// The program ended by itself.
    #[default]
    Exited,
    /// Killed at the wall-clock net.
    WallNet,
    /// Killed once its CPU time passed the limit.
    CpuLimit,
    /// Killed once its memory passed the limit.
    MemoryLimit,
    /// Killed once its output passed the output limit (a process that
    /// escaped `RLIMIT_FSIZE` by starting before it was set).
    OutputLimit,
    /// Could not be stopped: the supervisor gave up (see `problem`).
    Stuck,
}

/// What came of one test.
#[derive(Debug, Default, PartialEq)]
pub struct Report {
    /// Why the program could not be started, if it could not.
    pub not_started: Option<String>,
    pub ending: Option<Ending>,
    /// The program's wait status, as `waitpid` gives it.
    pub status: i32,
    pub wall: Duration,
    /// The CPU time of every process of the test.
    pub cpu: Duration,
    /// The peak of the test's resident memory, KiB.
    pub peak_kib: u64,
    /// How long the test's processes waited for a CPU.
    pub waited: Duration,
    /// The end of standard error.
    pub stderr_tail: Vec<u8>,
    /// The processes still running when the program ended: `name (pid N)`,
    /// with what they held open.
    pub leftovers: Vec<String>,
    /// Something that went wrong in the supervisor itself.
    pub problem: Option<String>,
}

// ---------------------------------------------------------------------------
// The protocol: frames of a length (8 bytes, little-endian) and a payload,
// whose fields are numbers (8 bytes) and byte strings (a length, the bytes).

#[derive(Default)]
struct Frame(Vec<u8>);

impl Frame {
    fn num(&mut self, n: u64) -> &mut Frame {
        self.0.extend_from_slice(&n.to_le_bytes());
        self
    }
    fn bytes(&mut self, b: &[u8]) -> &mut Frame {
        self.num(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }
    fn send(&self, to: &mut impl Write) -> io::Result<()> {
        let mut all = (self.0.len() as u64).to_le_bytes().to_vec();
        all.extend_from_slice(&self.0);
        to.write_all(&all)?;
        to.flush()
    }
}

/// Reads one frame; `None` at the end of the stream.
fn receive(from: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 8];
    match from.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let len = u64::from_le_bytes(len);
    if len > 1 << 30 {
        return Err(bad_frame());
    }
    let mut payload = vec![0u8; len as usize];
    from.read_exact(&mut payload)?;
    Ok(Some(payload))
}

fn bad_frame() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "a malformed supervisor frame")
}

struct Fields<'a>(&'a [u8]);

impl<'a> Fields<'a> {
    fn num(&mut self) -> io::Result<u64> {
        if self.0.len() < 8 {
            return Err(bad_frame());
        }
        let (n, rest) = self.0.split_at(8);
        self.0 = rest;
        Ok(u64::from_le_bytes(n.try_into().expect("8 bytes")))
    }
    fn bytes(&mut self) -> io::Result<&'a [u8]> {
        let len = self.num()? as usize;
        if self.0.len() < len {
            return Err(bad_frame());
        }
        let (b, rest) = self.0.split_at(len);
        self.0 = rest;
        Ok(b)
    }
    fn duration(&mut self) -> io::Result<Duration> {
        Ok(Duration::from_nanos(self.num()?))
    }
}

fn nanos(d: Duration) -> u64 {
    d.as_nanos().min(u64::MAX as u128) as u64
}

impl Request {
    fn frame(&self) -> Frame {
        let mut f = Frame::default();
        f.num(self.argv.len() as u64);
        for arg in &self.argv {
            f.bytes(arg.as_bytes());
        }
        f.bytes(self.stdin.as_os_str().as_bytes())
            .num(nanos(self.cpu_limit))
            .num(nanos(self.wall_net))
            .num(self.memory_limit)
            .num(self.cpu_backstop_seconds)
            .num(self.address_space_backstop)
            .num(self.output_limit);
        f
    }

    fn parse(payload: &[u8]) -> io::Result<Request> {
        let mut f = Fields(payload);
        let n = f.num()?;
        let mut argv = Vec::new();
        for _ in 0..n {
            argv.push(OsString::from_vec(f.bytes()?.to_vec()));
        }
        Ok(Request {
            argv,
            stdin: PathBuf::from(OsString::from_vec(f.bytes()?.to_vec())),
            cpu_limit: f.duration()?,
            wall_net: f.duration()?,
            memory_limit: f.num()?,
            cpu_backstop_seconds: f.num()?,
            address_space_backstop: f.num()?,
            output_limit: f.num()?,
        })
    }
}

const ENDINGS: [Ending; 6] = [
    Ending::Exited,
    Ending::WallNet,
    Ending::CpuLimit,
    Ending::MemoryLimit,
    Ending::OutputLimit,
    Ending::Stuck,
];

impl Report {
    fn frame(&self) -> Frame {
        let mut f = Frame::default();
        f.bytes(self.not_started.as_deref().unwrap_or("").as_bytes())
            .num(u64::from(self.not_started.is_some()))
            .num(
                ENDINGS
                    .iter()
                    .position(|e| Some(*e) == self.ending)
                    .map_or(99, |i| i as u64),
            )
            .num(self.status as u32 as u64)
            .num(nanos(self.wall))
            .num(nanos(self.cpu))
            .num(self.peak_kib)
            .num(nanos(self.waited))
            .bytes(&self.stderr_tail)
            .bytes(self.problem.as_deref().unwrap_or("").as_bytes())
            .num(u64::from(self.problem.is_some()))
            .num(self.leftovers.len() as u64);
        for left in &self.leftovers {
            f.bytes(left.as_bytes());
        }
        f
    }

    fn parse(payload: &[u8]) -> io::Result<Report> {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let mut f = Fields(payload);
        let not_started = text(f.bytes()?);
        let not_started = (f.num()? == 1).then_some(not_started);
        let ending = ENDINGS.get(f.num()? as usize).copied();
        let status = f.num()? as u32 as i32;
        let (wall, cpu, peak_kib, waited) = (f.duration()?, f.duration()?, f.num()?, f.duration()?);
        let stderr_tail = f.bytes()?.to_vec();
        let problem = text(f.bytes()?);
        let problem = (f.num()? == 1).then_some(problem);
        let mut leftovers = Vec::new();
        for _ in 0..f.num()? {
            leftovers.push(text(f.bytes()?));
        }
        Ok(Report {
            not_started,
            ending,
            status,
            wall,
            cpu,
            peak_kib,
            waited,
            stderr_tail,
            leftovers,
            problem,
        })
    }
}

// ---------------------------------------------------------------------------
// The judge's side: a pool of supervisors, one per slot in use.

/// A running supervisor, as the judge holds it.
pub struct Supervisor {
    child: Child,
    to: ChildStdin,
    from: ChildStdout,
    /// The supervisor's folder: `out` is the program's standard output; the
    /// judge writes an input given as bytes to `in`.
    dir: PathBuf,
}

/// Written before the first frame: the judge skips whatever comes before it
/// (in the judge's unit tests, the test harness's own first line).
const MAGIC: &[u8] = b"\njudge-supervisor-v1\n";

/// The command that starts a supervisor: this judge in its supervisor mode;
/// in the judge's own unit tests (whose binary is the test harness) the
/// harness running only [`tests::supervisor_hook`], which serves.
fn supervisor_command() -> io::Result<Command> {
    if let Some(judge) = SERVER.get() {
        let mut cmd = Command::new(judge);
        cmd.arg(MODE);
        return Ok(cmd);
    }
    let mut cmd = Command::new(std::env::current_exe()?);
    if cfg!(test) {
        cmd.args([HOOK_TEST, "--exact", "--nocapture", "--test-threads=1"])
            .env(HOOK_ENV, "1");
    } else {
        cmd.arg(MODE);
    }
    Ok(cmd)
}

/// The judge's binary, when the program using the judge's library is not
/// the judge (an integration test): it serves the supervisors instead.
static SERVER: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// Has the supervisors served by `judge` (the judge's binary) rather than
/// by this program.
pub fn serve_from(judge: &std::path::Path) {
    let _ = SERVER.set(judge.to_path_buf());
}

const HOOK_TEST: &str = "supervise::tests::supervisor_hook";
const HOOK_ENV: &str = "JUDGE_SUPERVISOR_HOOK";

/// Reads up to the end of [`MAGIC`].
fn skip_to_magic(from: &mut impl Read) -> io::Result<()> {
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !seen.ends_with(MAGIC) {
        if seen.len() > 1 << 16 || from.read(&mut byte)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::Other,
                "the supervisor did not start",
            ));
        }
        seen.push(byte[0]);
    }
    Ok(())
}

impl Supervisor {
    fn start() -> io::Result<Supervisor> {
        let mut child = supervisor_command()?
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let to = child.stdin.take().expect("piped");
        let mut from = child.stdout.take().expect("piped");
        skip_to_magic(&mut from)?;
        let hello = receive(&mut from)?.ok_or_else(|| {
            io::Error::new(io::ErrorKind::Other, "the supervisor ended at its start")
        })?;
        let dir = PathBuf::from(OsString::from_vec(Fields(&hello).bytes()?.to_vec()));
        crate::os::register_supervisor(child.id());
        Ok(Supervisor {
            child,
            to,
            from,
            dir,
        })
    }

    /// Runs one test: `argv` with `input` on its standard input (given as
    /// bytes, or else the request names a file).
    fn run(&mut self, mut request: Request, input: Option<&[u8]>) -> io::Result<(Report, Vec<u8>)> {
        if let Some(input) = input {
            let input_file = self.dir.join("in");
            fs::write(&input_file, input)?;
            request.stdin = input_file;
        }
        let output_limit = request.output_limit;
        request.frame().send(&mut self.to)?;
        let payload = receive(&mut self.from)?.ok_or_else(|| {
            io::Error::new(io::ErrorKind::Other, "the supervisor ended during a test")
        })?;
        let report = Report::parse(&payload)?;
        let mut stdout = Vec::new();
        if let Ok(file) = File::open(self.dir.join("out")) {
            file.take(output_limit + 1).read_to_end(&mut stdout)?;
        }
        Ok((report, stdout))
    }
}

impl Drop for Supervisor {
    fn drop(&mut self) {
        crate::os::unregister_supervisor(self.child.id());
        // Closing its input ends it; it removes its folder itself.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

static POOL: std::sync::Mutex<Vec<Supervisor>> = std::sync::Mutex::new(Vec::new());

/// Runs one test on a free supervisor (starting one if none is free), with
/// `input` on its standard input, or if there is none, the file the request
/// names: the report and the program's standard output (at most
/// `output_limit` + 1 bytes of it).
pub fn run(request: Request, input: Option<&[u8]>) -> io::Result<(Report, Vec<u8>)> {
    let free = POOL.lock().map_or(None, |mut pool| pool.pop());
    let mut supervisor = match free {
        Some(s) => s,
        None => Supervisor::start()?,
    };
    let result = supervisor.run(request, input);
    if result.is_ok() {
        if let Ok(mut pool) = POOL.lock() {
            pool.push(supervisor);
        }
    }
    result
}

// ---------------------------------------------------------------------------
// The supervisor's side.

/// `judge --supervise`: serves tests until the judge closes the pipe, then
/// exits. Never returns.
pub fn serve() -> ! {
    let code = match Served::start().and_then(|mut s| s.serve()) {
        Ok(()) => 0,
        // The judge went away (or is stopping): nobody to tell.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe || sys::stop_asked() => 0,
        Err(e) => {
            let _ = writeln!(io::stderr(), "judge: the supervisor failed: {}", e);
            3
        }
    };
    std::process::exit(code)
}

struct Served {
    dir: PathBuf,
    stdin: io::Stdin,
    stdout: io::Stdout,
}

impl Served {
    fn start() -> io::Result<Served> {
        sys::leave_the_terminal();
        sys::become_subreaper();
        sys::install_handlers()?;
        let dir = slot_folder()?;
        let served = Served {
            dir,
            stdin: io::stdin(),
            stdout: io::stdout(),
        };
        let mut hello = Frame::default();
        hello.bytes(served.dir.as_os_str().as_bytes());
        served.stdout.lock().write_all(MAGIC)?;
        hello.send(&mut served.stdout.lock())?;
        Ok(served)
    }

    fn serve(&mut self) -> io::Result<()> {
        loop {
            // Idle: a request, the end of the pipe, or a signal to stop.
            if !sys::wait_readable(0, None) || sys::stop_asked() {
                return Ok(());
            }
            let Some(payload) = receive(&mut self.stdin.lock())? else {
                return Ok(());
            };
            let request = Request::parse(&payload)?;
            let report = run_test(&request, &self.dir.join("out"));
            report.frame().send(&mut self.stdout.lock())?;
            if sys::stop_asked() {
                return Ok(());
            }
        }
    }
}

/// The supervisor's own folder, `judge-slot-<pid>`: memory-backed where
/// there is such a folder (the program's output is written and read back
/// for every test), else the system's temporary folder. Folders that
/// supervisors no longer running left there (killed before they could
/// remove them) are removed first: they may hold up to 64 MiB each.
fn slot_folder() -> io::Result<PathBuf> {
    let mut last_error = None;
    for base in [PathBuf::from("/dev/shm"), std::env::temp_dir()] {
        if !base.is_dir() {
            continue;
        }
        remove_abandoned_slots(&base);
        let dir = base.join(format!("{}{}", SLOT_PREFIX, std::process::id()));
        match fs::create_dir_all(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) => last_error = Some(e),
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no folder")))
}

const SLOT_PREFIX: &str = "judge-slot-";

fn remove_abandoned_slots(base: &Path) {
    let Ok(entries) = fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let pid = name
            .strip_prefix(SLOT_PREFIX)
            .and_then(|p| p.parse::<u32>().ok());
        let gone = pid.is_some_and(|pid| {
            cfg!(target_os = "linux") && !Path::new(&format!("/proc/{}", pid)).exists()
        });
        if gone {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// What the supervisor knows of one test's processes while it runs.
#[derive(Default)]
struct Watch {
    /// CPU time of the processes reaped so far (with what they reaped).
    reaped_cpu: Duration,
    /// The largest peak memory of a reaped process, KiB.
    reaped_peak_kib: u64,
    /// The largest sum of resident memory seen, KiB.
    summed_peak_kib: u64,
    /// Run delay (time waiting for a CPU) last seen for each process, ns.
    waited_ns: std::collections::HashMap<i32, u64>,
    /// The program's wait status once it is reaped, and when.
    ended: Option<(i32, Instant)>,
}

impl Watch {
    /// Reaps one ended child, if one has ended, and counts it.
    fn reap(&mut self, main: i32) -> Reaped {
        match sys::reap_any() {
            Reaped::One(pid, status, usage) => {
                self.reaped_cpu += usage.cpu;
                self.reaped_peak_kib = self.reaped_peak_kib.max(usage.max_rss_kib);
                if pid == main {
                    self.ended = Some((status, Instant::now()));
                }
                Reaped::One(pid, status, usage)
            }
            other => other,
        }
    }

    fn waited(&self) -> Duration {
        Duration::from_nanos(self.waited_ns.values().sum())
    }
}

pub enum Reaped {
    One(i32, i32, crate::os::Usage),
    NoneYet,
    NoChildren,
}

fn run_test(request: &Request, out_path: &Path) -> Report {
    let mut report = Report::default();
    let stdin = File::open(&request.stdin);
    let stdout = File::create(out_path);
    let (stdin, stdout) = match (stdin, stdout) {
        (Ok(i), Ok(o)) => (i, o),
        (Err(e), _) | (_, Err(e)) => {
            report.problem = Some(format!("cannot open the test's files: {}", e));
            return report;
        }
    };
    let Some((program, args)) = request.argv.split_first() else {
        report.not_started = Some("no program to run".to_string());
        return report;
    };
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped());
    sys::confine(&mut cmd);
    sys::set_busy(true);
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => {
            sys::set_busy(false);
            report.not_started = Some(e.to_string());
            return report;
        }
    };
    let main = child.id() as i32;
    sys::limit_child(main, request);
    let mut stderr = StderrTail::new(child.stderr.take().expect("piped"));
    drop(child); // dropping a Child neither kills nor reaps it

    let mut watch = Watch::default();
    let mut ending = Ending::Exited;
    // A program that ends within a tick is never looked at: wait4 gives
    // all its figures.
    let mut next_look = start + TICK;
    loop {
        stderr.drain();
        while let Reaped::One(..) = watch.reap(main) {}
        if watch.ended.is_some() {
            break;
        }
        if sys::stop_asked() {
            ending = Ending::Stuck;
            report.problem = Some("stopped by a signal".to_string());
            break;
        }
        let now = Instant::now();
        if now >= next_look {
            next_look = now + TICK;
            if let Some(over) = look(&mut watch, request, out_path, start) {
                ending = over;
                break;
            }
        }
        let wait = next_look.saturating_duration_since(Instant::now());
        sys::wait_for_events(stderr.fd(), wait);
    }
    let killed_at = Instant::now();
    if ending == Ending::Exited {
        report.leftovers = sys::leftovers(out_path, stderr.fd());
        if !report.leftovers.is_empty() {
            // A process may be on its way out (its files closed, so the
            // program saw the end of a pipe and ended) without being a
            // zombie yet: a moment later it is one.
            std::thread::sleep(Duration::from_millis(5));
            while let Reaped::One(..) = watch.reap(main) {}
            report.leftovers = sys::leftovers(out_path, stderr.fd());
        }
    }
    if let Err(why) = end_everything(&mut watch, main, &mut stderr) {
        ending = Ending::Stuck;
        report.problem = Some(why);
    }
    stderr.drain();
    let (status, ended_at) = match watch.ended {
        Some((status, at)) if ending == Ending::Exited => (status, at),
        Some((status, _)) => (status, killed_at),
        None => (0, killed_at),
    };
    sys::set_busy(false);
    report.ending = Some(ending);
    report.status = status;
    report.wall = ended_at - start;
    report.cpu = watch.reaped_cpu;
    report.peak_kib = watch.reaped_peak_kib.max(watch.summed_peak_kib);
    report.waited = watch.waited();
    report.stderr_tail = stderr.tail;
    report
}

/// One look at the test's processes: why the test must be stopped, if it
/// must.
fn look(watch: &mut Watch, request: &Request, out: &Path, start: Instant) -> Option<Ending> {
    let mut cpu = watch.reaped_cpu;
    let mut rss_kib = 0;
    for pid in sys::descendants() {
        if let Some(seen) = sys::look_at(pid) {
            cpu += seen.cpu;
            rss_kib += seen.rss_kib;
            watch.waited_ns.insert(pid, seen.waited_ns);
        }
    }
    watch.summed_peak_kib = watch.summed_peak_kib.max(rss_kib);
    if cpu > request.cpu_limit {
        return Some(Ending::CpuLimit);
    }
    if request.memory_limit > 0 && rss_kib * 1024 > request.memory_limit {
        return Some(Ending::MemoryLimit);
    }
    if fs::metadata(out).map_or(0, |m| m.len()) > request.output_limit {
        return Some(Ending::OutputLimit);
    }
    let off_cpu = start.elapsed().saturating_sub(watch.waited());
    if off_cpu > request.wall_net {
        return Some(Ending::WallNet);
    }
    None
}

/// Kills every process of the test and reaps them all, until the supervisor
/// has no child left. Gives up after 10 s (a process stuck in the kernel).
fn end_everything(watch: &mut Watch, main: i32, stderr: &mut StderrTail) -> Result<(), String> {
    let give_up = Instant::now() + Duration::from_secs(10);
    // No child at all, not even a zombie: then nothing is below either.
    if let Reaped::NoChildren = watch.reap(main) {
        return Ok(());
    }
    loop {
        // The program's process group at once, while the program is not
        // reaped: until then its pid, the group's id, cannot be reused.
        if watch.ended.is_none() {
            sys::sigkill(-main);
        }
        for pid in sys::descendants() {
            sys::sigkill(pid);
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

/// The last bytes of standard error, read as they come without blocking.
struct StderrTail {
    pipe: Option<std::process::ChildStderr>,
    tail: Vec<u8>,
}

/// How much of the end of standard error is kept.
pub const STDERR_TAIL: usize = 16 << 10;

impl StderrTail {
    fn new(pipe: std::process::ChildStderr) -> StderrTail {
        sys::set_nonblocking(&pipe);
        StderrTail {
            pipe: Some(pipe),
            tail: Vec::new(),
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
                    self.tail.extend_from_slice(&chunk[..n]);
                    if self.tail.len() > 2 * STDERR_TAIL {
                        self.tail.drain(..self.tail.len() - STDERR_TAIL);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break, // WouldBlock: nothing more for now
            }
        }
        if self.pipe.is_none() && self.tail.len() > STDERR_TAIL {
            self.tail.drain(..self.tail.len() - STDERR_TAIL);
        }
    }
}

/// What one look at a process shows.
struct Seen {
    /// Its CPU time and that of the children it reaped.
    cpu: Duration,
    rss_kib: u64,
    waited_ns: u64,
}

mod sys {
    //! The system calls and `/proc` files the supervisor uses.
    use super::{Reaped, Request, Seen};
    use crate::os::Usage;
    use std::os::raw::{c_int, c_long, c_ulong, c_void};
    use std::path::Path;
    use std::process::Command;
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
    use std::time::Duration;

    const SIGKILL: c_int = 9;
    const SIGINT: c_int = 2;
    const SIGTERM: c_int = 15;
    const SIGCHLD: c_int = 17;
    const WNOHANG: c_int = 1;
    const ECHILD: i32 = 10;
    const POLLIN: i16 = 1;
    const O_NONBLOCK: c_int = 0o4000;
    const O_CLOEXEC: c_int = 0o2000000;
    const F_GETFL: c_int = 3;
    const F_SETFL: c_int = 4;
    const RLIMIT_CPU: c_int = 0;
    const RLIMIT_FSIZE: c_int = 1;
    const RLIMIT_CORE: c_int = 4;
    const RLIMIT_AS: c_int = 9;
    const PR_SET_CHILD_SUBREAPER: c_int = 36;

    #[repr(C)]
    struct Timeval {
        sec: c_long,
        usec: c_long,
    }

    /// `struct rusage`: two timevals, then fourteen longs, the first of
    /// which is the peak resident set size in KiB.
    #[repr(C)]
    struct Rusage {
        utime: Timeval,
        stime: Timeval,
        maxrss: c_long,
        rest: [c_long; 13],
    }

    #[repr(C)]
    struct Rlimit {
        cur: c_ulong,
        max: c_ulong,
    }

    #[repr(C)]
    struct PollFd {
        fd: c_int,
        events: i16,
        revents: i16,
    }

    extern "C" {
        fn kill(pid: c_int, sig: c_int) -> c_int;
        fn wait4(pid: c_int, status: *mut c_int, options: c_int, usage: *mut Rusage) -> c_int;
        fn prlimit(pid: c_int, resource: c_int, new: *const Rlimit, old: *mut Rlimit) -> c_int;
        fn setsid() -> c_int;
        fn signal(signum: c_int, handler: extern "C" fn(c_int)) -> usize;
        fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
        fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
        fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
        fn poll(fds: *mut PollFd, n: c_ulong, timeout: c_int) -> c_int;
        fn fcntl(fd: c_int, cmd: c_int, arg: c_int) -> c_int;
        fn sysconf(name: c_int) -> c_long;
        fn prctl(
            option: c_int,
            arg2: c_ulong,
            arg3: c_ulong,
            arg4: c_ulong,
            arg5: c_ulong,
        ) -> c_int;
    }

    static STOP: AtomicBool = AtomicBool::new(false);
    static BUSY: AtomicBool = AtomicBool::new(false);
    /// The self-pipe that wakes the supervisor's loop from a signal handler.
    static WAKE: [AtomicI32; 2] = [AtomicI32::new(-1), AtomicI32::new(-1)];

    /// SIGCHLD, SIGINT, SIGTERM: note it and wake the loop (atomics and
    /// write(2) only, which are safe in a handler).
    extern "C" fn on_signal(signal: c_int) {
        if signal != SIGCHLD {
            STOP.store(true, Ordering::SeqCst);
        }
        let fd = WAKE[1].load(Ordering::SeqCst);
        if fd >= 0 {
            let byte = 1u8;
            // SAFETY: write(2) is async-signal-safe; the byte is live.
            unsafe {
                write(fd, &byte as *const u8 as *const c_void, 1);
            }
        }
    }

    pub fn install_handlers() -> std::io::Result<()> {
        let mut fds = [0 as c_int; 2];
        // SAFETY: pipe2 fills the two-int array.
        if unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC | O_NONBLOCK) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        WAKE[0].store(fds[0], Ordering::SeqCst);
        WAKE[1].store(fds[1], Ordering::SeqCst);
        // SAFETY: the handler is async-signal-safe (see on_signal).
        unsafe {
            signal(SIGCHLD, on_signal);
            signal(SIGINT, on_signal);
            signal(SIGTERM, on_signal);
        }
        // No PR_SET_PDEATHSIG here: it fires when the judge *thread* that
        // started the supervisor ends, and supervisors outlive threads. The
        // judge's death closes its end of the pipe, which ends them.
        Ok(())
    }

    pub fn stop_asked() -> bool {
        STOP.load(Ordering::SeqCst)
    }

    pub fn set_busy(busy: bool) {
        BUSY.store(busy, Ordering::SeqCst);
    }

    /// Every orphan of the test comes back to the supervisor.
    pub fn become_subreaper() {
        // SAFETY: prctl with integer arguments only.
        unsafe {
            prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    }

    fn drain_wake() {
        let mut buf = [0u8; 64];
        let fd = WAKE[0].load(Ordering::SeqCst);
        // SAFETY: reads into a live buffer of the given size; non-blocking.
        while unsafe { read(fd, buf.as_mut_ptr() as *mut c_void, buf.len()) } > 0 {}
    }

    /// Waits until `fd` can be read or a signal comes (`timeout` None:
    /// forever). False when a signal asked the supervisor to stop.
    pub fn wait_readable(fd: c_int, timeout: Option<Duration>) -> bool {
        loop {
            if stop_asked() {
                return false;
            }
            let mut fds = [
                PollFd {
                    fd,
                    events: POLLIN,
                    revents: 0,
                },
                PollFd {
                    fd: WAKE[0].load(Ordering::SeqCst),
                    events: POLLIN,
                    revents: 0,
                },
            ];
            let ms = timeout.map_or(-1, |t| t.as_millis().min(60_000) as c_int);
            // SAFETY: two valid pollfd structures.
            let n = unsafe { poll(fds.as_mut_ptr(), 2, ms) };
            drain_wake();
            if n > 0 && fds[0].revents != 0 {
                return !stop_asked();
            }
            if timeout.is_some() {
                return !stop_asked();
            }
        }
    }

    /// Waits at most `timeout` for standard error to have something, a child
    /// to end, the judge to go away (its end of the pipe, fd 0) or a signal.
    pub fn wait_for_events(stderr: c_int, timeout: Duration) {
        let mut fds = [
            PollFd {
                fd: WAKE[0].load(Ordering::SeqCst),
                events: POLLIN,
                revents: 0,
            },
            PollFd {
                fd: stderr,
                events: POLLIN,
                revents: 0,
            },
            PollFd {
                fd: 0,
                events: POLLIN,
                revents: 0,
            },
        ];
        let ms = (timeout.as_micros() as c_int + 999) / 1000;
        // SAFETY: three valid pollfd structures (a negative fd is skipped).
        unsafe { poll(fds.as_mut_ptr(), 3, ms) };
        drain_wake();
        if fds[2].revents != 0 {
            // The judge sends nothing during a test: this is its end.
            STOP.store(true, Ordering::SeqCst);
        }
    }

    pub fn set_nonblocking(pipe: &std::process::ChildStderr) {
        use std::os::unix::io::AsRawFd;
        let fd = pipe.as_raw_fd();
        // SAFETY: fcntl on a descriptor we own, integers only.
        unsafe {
            let flags = fcntl(fd, F_GETFL, 0);
            fcntl(fd, F_SETFL, flags | O_NONBLOCK);
        }
    }

    /// A process group of its own for the program. (No code runs in the
    /// child before the exec, so the program starts the cheap way, with
    /// `posix_spawn`, as a plain loop of starts would: see
    /// [`limit_child`] for the limits.)
    pub fn confine(cmd: &mut Command) {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }

    /// The supervisor leaves the judge's session for one of its own, which
    /// has no controlling terminal; so have the programs it starts.
    pub fn leave_the_terminal() {
        // SAFETY: setsid takes nothing. It fails only for a process group
        // leader, which a supervisor the judge started is not.
        unsafe {
            setsid();
        }
    }

    /// The backstop limits of the program `pid`, set right after it starts
    /// (`prlimit`), soft and hard alike so that it cannot raise them: CPU
    /// time, output file size, address space, and no core dumps. For the
    /// moment between its start and this it runs without them, which only a
    /// backstop can afford: the supervisor's looks enforce the real limits.
    pub fn limit_child(pid: i32, request: &Request) {
        let mut limits = vec![
            (RLIMIT_CORE, 0),
            (RLIMIT_CPU, request.cpu_backstop_seconds),
            (RLIMIT_FSIZE, request.output_limit + 1),
        ];
        if request.address_space_backstop > 0 {
            limits.push((RLIMIT_AS, request.address_space_backstop));
        }
        for (resource, value) in limits {
            // Beyond what the type holds means no limit (RLIM_INFINITY is
            // all ones); the cast does something only where `long` has 32
            // bits.
            #[allow(clippy::unnecessary_cast)]
            let value = value.min(c_ulong::MAX as u64) as c_ulong;
            let limit = Rlimit {
                cur: value,
                max: value,
            };
            // SAFETY: a valid rlimit for the call's duration; no old value.
            unsafe {
                prlimit(pid, resource, &limit, std::ptr::null_mut());
            }
        }
    }

    /// SIGKILL to a process (or with a negative number, a process group).
    pub fn sigkill(pid: i32) {
        // SAFETY: kill(2) takes two integers.
        unsafe {
            kill(pid, SIGKILL);
        }
    }

    /// Reaps one ended child, if any, without waiting.
    pub fn reap_any() -> Reaped {
        let mut status: c_int = 0;
        // SAFETY: an all-zero rusage is valid (integers only).
        let mut usage: Rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: both pointers are to live values of the right types.
            let pid = unsafe { wait4(-1, &mut status, WNOHANG, &mut usage) };
            if pid > 0 {
                let time = |t: &Timeval| {
                    Duration::from_secs(t.sec.max(0) as u64)
                        + Duration::from_micros(t.usec.max(0) as u64)
                };
                let usage = Usage {
                    cpu: time(&usage.utime) + time(&usage.stime),
                    max_rss_kib: usage.maxrss.max(0) as u64,
                };
                return Reaped::One(pid, status, usage);
            }
            if pid == 0 {
                return Reaped::NoneYet;
            }
            match std::io::Error::last_os_error().raw_os_error() {
                Some(ECHILD) => return Reaped::NoChildren,
                Some(4) => continue, // EINTR
                _ => return Reaped::NoneYet,
            }
        }
    }

    /// Every process below the supervisor, from the `children` file of each
    /// of their threads; parents before children.
    pub fn descendants() -> Vec<i32> {
        let mut found = children_of(std::process::id() as i32);
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
        const SC_CLK_TCK: c_int = 2;
        // SAFETY: sysconf only reads a system setting.
        let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
        Duration::from_secs(ticks / per_second)
            + Duration::from_nanos((ticks % per_second) * 1_000_000_000 / per_second)
    }

    /// CPU time (its own and its reaped children's), resident memory and
    /// run delay of one process.
    pub fn look_at(pid: i32) -> Option<Seen> {
        let (_, f) = stat_fields(pid)?;
        let num = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        // utime, stime, cutime, cstime are fields 11-14 after the name;
        // rss (pages) is field 21.
        let ticks = num(11) + num(12) + num(13) + num(14);
        const SC_PAGESIZE: c_int = 30;
        // SAFETY: sysconf only reads a system setting.
        let page_kib = (unsafe { sysconf(SC_PAGESIZE) }.max(1024) as u64) / 1024;
        let schedstat = std::fs::read_to_string(format!("/proc/{}/schedstat", pid));
        let waited_ns = schedstat
            .ok()
            .and_then(|s| s.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
            .unwrap_or(0);
        Some(Seen {
            cpu: ticks_to_time(ticks),
            rss_kib: num(21) * page_kib,
            waited_ns,
        })
    }

    /// The processes of the test still alive once the program has ended
    /// (not zombies waiting to be reaped, unless their threads live on), as
    /// `name (pid N)`, with the program's standard output or error if they
    /// hold it open.
    pub fn leftovers(stdout: &Path, stderr_fd: c_int) -> Vec<String> {
        let below = descendants();
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
            let zombie = fields.first().is_some_and(|s| s == "Z" || s == "X");
            const PF_EXITING: u64 = 0x4;
            let flags = fields.get(6).and_then(|f| f.parse::<u64>().ok());
            let exiting = flags.is_some_and(|f| f & PF_EXITING != 0);
            let threads = std::fs::read_dir(format!("/proc/{}/task", pid)).map_or(0, |d| d.count());
            if (zombie || exiting) && threads <= 1 {
                continue;
            }
            let mut held = Vec::new();
            if let Ok(fds) = std::fs::read_dir(format!("/proc/{}/fd", pid)) {
                for fd in fds.flatten() {
                    let Ok(target) = std::fs::read_link(fd.path()) else {
                        continue;
                    };
                    if target == stdout && !held.contains(&"standard output") {
                        held.push("standard output");
                    } else if Some(&target) == stderr_pipe.as_ref()
                        && !held.contains(&"standard error")
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Not a test: the supervisor of the judge's unit tests, started by
    /// [`supervisor_command`] with the harness's filter for this name alone.
    #[test]
    fn supervisor_hook() {
        if std::env::var_os(HOOK_ENV).is_some() {
            serve();
        }
    }

    #[test]
    fn only_the_folders_of_supervisors_gone_are_removed() {
        let base = std::env::temp_dir().join(format!("judge-slots-test-{}", std::process::id()));
        let gone = base.join(format!("{}{}", SLOT_PREFIX, u32::MAX - 1));
        let alive = base.join(format!("{}{}", SLOT_PREFIX, std::process::id()));
        let other = base.join("judge-slot-notapid");
        for dir in [&gone, &alive, &other] {
            fs::create_dir_all(dir).unwrap();
            fs::write(dir.join("out"), "x").unwrap();
        }
        remove_abandoned_slots(&base);
        let kept = (gone.exists(), alive.exists(), other.exists());
        let _ = fs::remove_dir_all(&base);
        assert_eq!(kept, (false, true, true));
    }

    #[test]
    fn a_request_survives_the_pipe() {
        let request = Request {
            argv: vec!["sh".into(), "-c".into(), "echo 'a\nb'".into()],
            stdin: PathBuf::from("/tmp/x y/in"),
            cpu_limit: Duration::from_millis(1500),
            wall_net: Duration::from_millis(4000),
            memory_limit: 256 << 20,
            cpu_backstop_seconds: 3,
            address_space_backstop: 0,
            output_limit: 64 << 20,
        };
        let mut pipe = Vec::new();
        request.frame().send(&mut pipe).unwrap();
        let payload = receive(&mut pipe.as_slice()).unwrap().unwrap();
        assert_eq!(Request::parse(&payload).unwrap(), request);
    }

    #[test]
    fn a_report_survives_the_pipe() {
        let report = Report {
            not_started: None,
            ending: Some(Ending::MemoryLimit),
            status: 9,
            wall: Duration::from_micros(12_345),
            cpu: Duration::from_micros(6_789),
            peak_kib: 2048,
            waited: Duration::from_micros(17),
            stderr_tail: b"\x1b[2K oops\n".to_vec(),
            leftovers: vec!["sleep (pid 42, holding the program's standard output)".into()],
            problem: Some("".into()),
        };
        let mut pipe = Vec::new();
        report.frame().send(&mut pipe).unwrap();
        let payload = receive(&mut pipe.as_slice()).unwrap().unwrap();
        assert_eq!(Report::parse(&payload).unwrap(), report);
    }

    #[test]
    fn a_cut_frame_is_an_error_not_a_panic() {
        let mut pipe = Vec::new();
        Request::default().frame().send(&mut pipe).unwrap();
        pipe.truncate(pipe.len() - 3);
        assert!(receive(&mut pipe.as_slice()).is_err());
        assert!(Report::parse(&[1, 2, 3]).is_err());
    }
}
