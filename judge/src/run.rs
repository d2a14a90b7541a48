//! Running one program on one input, under the limits, and measuring it.
//!
//! The work is done by a supervisor process (`supervise/`): the program
//! runs in a session of its own, every process it starts is reaped and
//! counted, its CPU time (all of its processes') is held to the time limit
//! and its resident memory (summed over its processes) to the memory limit,
//! and whatever is left when it ends is killed and named. This file turns the
//! supervisor's report into an [`Outcome`].

use crate::os;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::Duration;

/// Output beyond this many bytes is cut off and judged wrong.
pub const OUTPUT_LIMIT: usize = 64 << 20;

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The time limit, judged on CPU time.
    pub time: Duration,
    /// The memory limit (the test's resident memory), if any.
    pub memory_bytes: Option<u64>,
    /// The bound on the test's processes and threads at once.
    pub processes: u64,
}

/// The bound on a test's processes and threads at once unless
/// `--max-processes` says otherwise: far above what a Python or Java
/// program or a shell script starts (a JVM runs about 20 threads on 2
/// cores, 100 on 64), far below the machine's 32 768 process ids.
pub const MAX_PROCESSES: u64 = 256;

impl Limits {
    /// The wall-clock safety net: twice the time limit plus a second of
    /// idle time (none of the test's processes on a CPU or waiting for one,
    /// `supervise/idle.rs`). It stops programs that wait instead of
    /// computing (sleep, read a closed pipe...); the supervisor also stops
    /// any test at a bound on its wall time, however spent
    /// (`Request::wall_bound`).
    pub fn wall_net(&self) -> Duration {
        self.time * 2 + Duration::from_secs(1)
    }

    /// The CPU-time backstop set in each process (`RLIMIT_CPU`): the time
    /// limit rounded up to whole seconds, plus one. The supervisor stops the
    /// test on the measured time; this only stops a process it cannot see.
    #[cfg(supervised)]
    fn cpu_backstop_seconds(&self) -> u64 {
        let limit = self.time.as_secs() + u64::from(self.time.subsec_nanos() > 0);
        limit + 1
    }

    /// The address-space backstop set in each process (`RLIMIT_AS`): far
    /// above the memory limit (which the supervisor enforces on resident
    /// memory), so that a JVM or a Go program, which reserve much more
    /// address space than they use, start; it only keeps one process from
    /// taking the machine down between two looks. 16 times the limit, and
    /// never under 16 GiB.
    #[cfg(supervised)]
    fn address_space_backstop(&self) -> u64 {
        self.memory_bytes
            .map_or(0, |limit| limit.saturating_mul(16).max(16 << 30))
    }
}

/// What a run produced.
pub struct Outcome {
    /// Wall time from start to exit (or to the kill).
    pub wall: Duration,
    /// How long the program's processes waited for a CPU (a busy machine),
    /// as far as it is not counted idle.
    pub waited: Duration,
    /// How long none of its processes was on a CPU or waiting for one,
    /// where the supervisor measures it (`supervise/idle.rs`).
    pub idle: Option<Duration>,
    /// CPU time and peak memory, where the OS tells them.
    pub usage: Option<os::Usage>,
    /// How it ended.
    pub end: End,
    /// Standard output, at most `OUTPUT_LIMIT` bytes of it.
    pub stdout: Vec<u8>,
    /// The end of standard error.
    pub stderr_tail: Vec<u8>,
    /// How many bytes it wrote to standard error in all.
    pub stderr_bytes: u64,
    /// Processes of the run still running when the program ended, killed by
    /// the supervisor: `name (pid N)`, with what they held open.
    pub leftovers: Vec<String>,
    /// Whether the run was in the sandbox (see docs/sandbox.md).
    pub sandboxed: bool,
}

// Without the supervisor nothing kills a run for its CPU time or memory.
#[cfg_attr(not(supervised), allow(dead_code))]
pub enum End {
    Exited(ExitStatus),
    /// Still running at the wall-clock safety net: killed.
    WallNet(ExitStatus),
    /// Past the time limit in CPU time: killed.
    CpuLimit(ExitStatus),
    /// Past the memory limit in resident memory: killed.
    MemoryLimit,
    /// Wrote more than `OUTPUT_LIMIT` bytes: stopped.
    OutputLimit,
    /// Had more processes and threads at once than its bound: killed.
    ProcessLimit,
    /// Held more descriptors at once, all its processes together, than this
    /// bound (the supervisor's): killed.
    DescriptorLimit(u64),
}

/// For a program that uses the judge as a library (an integration test):
/// the judge's binary, which then serves the supervisors the runs need.
pub fn use_judge_binary(judge: &Path) {
    #[cfg(supervised)]
    crate::supervise::serve_from(judge);
    #[cfg(not(supervised))]
    let _ = judge;
}

/// Hides the run's tests' folders `tests` from every program, whatever its
/// command names, and shows it `shown` besides (`--show`): the sandbox's
/// view (docs/sandbox.md); what the view leaves out is said for the
/// program under test, `under_test` (`--cmd`'s command line). Once,
/// before the first test.
pub fn set_view(tests: Vec<PathBuf>, shown: Vec<PathBuf>, under_test: Vec<std::ffi::OsString>) {
    #[cfg(supervised)]
    crate::supervise::set_view(tests, shown, under_test);
    #[cfg(not(supervised))]
    let _ = (tests, shown, under_test);
}

/// Runs `cmd` (its program and arguments; nothing else of it is used) with
/// `input` on its stdin, under `limits`.
pub fn run(cmd: &mut Command, input: &[u8], limits: &Limits) -> io::Result<Outcome> {
    run_on(cmd, Stdin::Bytes(input), limits)
}

/// The same with the file `input` on its stdin (read where it is).
pub fn run_on_file(cmd: &mut Command, input: &Path, limits: &Limits) -> io::Result<Outcome> {
    run_on(cmd, Stdin::File(input), limits)
}

enum Stdin<'a> {
    Bytes(&'a [u8]),
    File(&'a Path),
}

#[cfg(supervised)]
fn run_on(cmd: &mut Command, input: Stdin, limits: &Limits) -> io::Result<Outcome> {
    use crate::supervise::{self, Ending, Request};
    use std::os::unix::process::ExitStatusExt;
    if os::stopping() {
        return Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "the judge is stopping: no program starts any more",
        ));
    }
    let argv: Vec<std::ffi::OsString> = std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(std::ffi::OsString::from)
        .collect();
    let request = Request {
        argv,
        cpu_limit: limits.time,
        wall_net: limits.wall_net(),
        memory_limit: limits.memory_bytes.unwrap_or(0),
        cpu_backstop_seconds: limits.cpu_backstop_seconds(),
        address_space_backstop: limits.address_space_backstop(),
        output_limit: OUTPUT_LIMIT as u64,
        max_processes: limits.processes,
        ..Request::default()
    };
    let (report, mut stdout) = match input {
        Stdin::Bytes(bytes) => supervise::run(request, Some(bytes))?,
        Stdin::File(path) => supervise::run(
            Request {
                stdin: path.to_path_buf(),
                ..request
            },
            None,
        )?,
    };
    if let Some(why) = report.not_started {
        let program = cmd.get_program().to_string_lossy().into_owned();
        return Ok(not_started(&program, why, report.wall, report.sandboxed));
    }
    if let Some(why) = report
        .problem
        .filter(|_| report.ending == Some(Ending::Stuck))
    {
        return Err(io::Error::new(io::ErrorKind::Other, why));
    }
    let flooded = stdout.len() > OUTPUT_LIMIT;
    stdout.truncate(OUTPUT_LIMIT);
    let end = match flooded {
        true => End::OutputLimit,
        false => end_of(report.ending, ExitStatus::from_raw(report.status)),
    };
    Ok(Outcome {
        wall: report.wall,
        waited: report.waited,
        idle: Some(report.idle),
        usage: Some(os::Usage {
            cpu: report.cpu,
            max_rss_kib: report.peak_kib,
        }),
        end,
        stdout,
        stderr_tail: report.stderr_tail,
        stderr_bytes: report.stderr_bytes,
        leftovers: report.leftovers,
        sandboxed: report.sandboxed,
    })
}

/// A program that could not be started, as a shell says it: exit status
/// 127 and a message on stderr, so that `verdict::could_not_start` knows it
/// whoever ran the program. The program's path is said once: not again
/// before a reason that names it.
#[cfg(supervised)]
fn not_started(program: &str, why: String, wall: Duration, sandboxed: bool) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    let said = match program.contains('/') && why.contains(program) {
        true => why,
        false => format!("{}: {}", program, why),
    };
    Outcome {
        wall,
        waited: Duration::ZERO,
        idle: None,
        usage: None,
        end: End::Exited(ExitStatus::from_raw(127 << 8)),
        stdout: Vec::new(),
        stderr_tail: said.into_bytes(),
        stderr_bytes: 0,
        leftovers: Vec::new(),
        sandboxed,
    }
}

/// How the supervisor says a test ended, for the verdict.
#[cfg(supervised)]
fn end_of(ending: Option<crate::supervise::Ending>, status: ExitStatus) -> End {
    use crate::supervise::{Ending, DESCRIPTORS_AT_ONCE};
    match ending {
        Some(Ending::WallNet) => End::WallNet(status),
        Some(Ending::CpuLimit) => End::CpuLimit(status),
        Some(Ending::MemoryLimit) => End::MemoryLimit,
        Some(Ending::ProcessLimit) => End::ProcessLimit,
        Some(Ending::DescriptorLimit) => End::DescriptorLimit(DESCRIPTORS_AT_ONCE),
        _ => End::Exited(status),
    }
}

/// Elsewhere (another system, or Linux on an architecture whose system
/// numbers the sys room has not checked): the program alone, its output
/// through pipes, stopped at the wall-clock net; no figures but the wall
/// time. Said once per run on stderr.
#[cfg(not(supervised))]
fn run_on(cmd: &mut Command, input: Stdin, limits: &Limits) -> io::Result<Outcome> {
    use std::io::{Read, Write};
    use std::process::Stdio;
    use std::time::Instant;
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        crate::text::warn(
            "judge: no supervisor on this platform (it is built for Linux on x86_64 and \
             aarch64): each program runs directly, with no CPU-time or memory limit",
        )
    });
    let input = match input {
        Stdin::Bytes(bytes) => bytes.to_vec(),
        Stdin::File(path) => std::fs::read(path)?,
    };
    let start = Instant::now();
    let env = crate::environment::for_program(
        std::env::vars_os(),
        crate::environment::passed(),
        &std::env::temp_dir(),
    );
    let mut child = cmd
        .env_clear()
        .envs(env)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    std::thread::spawn(move || stdin.write_all(&input));
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = pipe
                .by_ref()
                .take(OUTPUT_LIMIT as u64 + 1)
                .read_to_end(&mut kept);
            kept
        })
    };
    let out = read_all(Box::new(child.stdout.take().expect("piped")));
    let err = read_all(Box::new(child.stderr.take().expect("piped")));
    let (status, netted) = loop {
        if let Some(status) = child.try_wait()? {
            break (status, false);
        }
        if start.elapsed() > limits.wall_net() {
            let _ = child.kill();
            break (child.wait()?, true);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let wall = start.elapsed();
    let mut stdout = out.join().unwrap_or_default();
    let mut stderr_tail = err.join().unwrap_or_default();
    let stderr_bytes = stderr_tail.len() as u64;
    stderr_tail.drain(..stderr_tail.len().saturating_sub(16 << 10));
    let end = match (stdout.len() > OUTPUT_LIMIT, netted) {
        (true, _) => End::OutputLimit,
        (_, true) => End::WallNet(status),
        _ => End::Exited(status),
    };
    stdout.truncate(OUTPUT_LIMIT);
    Ok(Outcome {
        wall,
        waited: Duration::ZERO,
        idle: None,
        usage: None,
        end,
        stdout,
        stderr_tail,
        stderr_bytes,
        leftovers: Vec::new(),
        sandboxed: false,
    })
}

/// How the exit looks in a report: `exit code 3`, `killed by signal 11 (SIGSEGV)`.
/// A shell running a program that dies of signal N exits with 128 + N, so
/// such codes are explained too (they come up with `--cmd`).
pub fn describe_status(status: &ExitStatus) -> String {
    if let Some(code) = status.code() {
        return match signal_name(code - 128) {
            Some(name) if code > 128 => format!(
                "exit code {} (a shell's way of saying signal {}, {})",
                code,
                code - 128,
                name
            ),
            _ => format!("exit code {}", code),
        };
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return match signal_name(sig) {
                Some(name) => format!("killed by signal {} ({})", sig, name),
                None => format!("killed by signal {}", sig),
            };
        }
    }
    format!("{}", status)
}

/// The signals a crashing or killed program usually dies of.
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        _ => return None,
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh_limited(script: &str, input: &str, limits: Limits) -> Outcome {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(script);
        run(&mut cmd, input.as_bytes(), &limits).unwrap()
    }

    fn sh(script: &str, input: &str, limit_ms: u64) -> Outcome {
        let limits = Limits {
            time: Duration::from_millis(limit_ms),
            memory_bytes: None,
            processes: MAX_PROCESSES,
        };
        sh_limited(script, input, limits)
    }

    #[cfg(supervised)]
    #[test]
    fn a_test_whose_files_cannot_be_made_is_an_error_not_a_verdict() {
        let limits = Limits {
            time: Duration::from_millis(500),
            memory_bytes: None,
            processes: MAX_PROCESSES,
        };
        let missing = std::env::temp_dir().join(format!("judge-no-such-{}.in", std::process::id()));
        let err = run_on_file(&mut Command::new("true"), &missing, &limits)
            .err()
            .expect("an error, not an outcome");
        let why = err.to_string();
        assert!(why.contains("cannot prepare the test's files"), "{}", why);
        assert!(why.contains("judge-no-such-"), "{}", why);
    }

    fn status(out: &Outcome) -> &ExitStatus {
        match &out.end {
            End::Exited(s) => s,
            _ => panic!("expected an exit"),
        }
    }

    /// A program whose folder is removed after it ran (a compiled mutant's
    /// scratch folder, say) does not break the runs after it: the sandbox's
    /// view of the machine leaves the vanished folder out.
    #[test]
    fn a_program_folder_removed_after_its_run_breaks_nothing() {
        let dir = std::env::temp_dir().join(format!("judge-vanishing-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("answer.sh");
        std::fs::write(&script, "#!/bin/sh\necho 42\n").unwrap();
        let limits = Limits {
            time: Duration::from_secs(2),
            memory_bytes: None,
            processes: MAX_PROCESSES,
        };
        let first = run(Command::new("sh").arg(&script), b"", &limits).unwrap();
        assert_eq!(first.stdout, b"42\n");
        std::fs::remove_dir_all(&dir).unwrap();
        for _ in 0..4 {
            let after = run(Command::new("sh").args(["-c", "echo 7"]), b"", &limits);
            assert_eq!(after.expect("a run after the folder went").stdout, b"7\n");
        }
    }

    #[test]
    fn captures_stdout_and_status() {
        let out = sh("read x; echo got $x", "42\n", 5000);
        assert!(status(&out).success());
        assert_eq!(out.stdout, b"got 42\n");
        assert!(out.leftovers.is_empty());
    }

    #[test]
    fn keeps_the_end_of_stderr_and_the_exit_code() {
        let out = sh("echo first >&2; echo last >&2; exit 3", "", 5000);
        assert_eq!(describe_status(status(&out)), "exit code 3");
        assert_eq!(out.stderr_tail, b"first\nlast\n");
    }

    #[test]
    fn names_the_signal_of_a_crash() {
        let out = sh("kill -SEGV $$", "", 5000);
        assert_eq!(
            describe_status(status(&out)),
            "killed by signal 11 (SIGSEGV)"
        );
    }

    #[test]
    fn explains_a_signal_reported_by_a_shell() {
        let out = sh("sh -c 'kill -SEGV $$'", "", 5000);
        assert_eq!(
            describe_status(status(&out)),
            "exit code 139 (a shell's way of saying signal 11, SIGSEGV)"
        );
    }

    #[test]
    fn a_program_that_ignores_its_input_is_fine() {
        let big = "x".repeat(1 << 20);
        let out = sh("echo done", &big, 5000);
        assert_eq!(out.stdout, b"done\n");
    }

    #[cfg(supervised)]
    #[test]
    fn kills_a_loop_once_its_cpu_time_passes_the_limit() {
        let out = sh("while :; do :; done", "", 200);
        assert!(matches!(out.end, End::CpuLimit(_)));
        let usage = out.usage.expect("Linux gives figures");
        assert!(usage.cpu > Duration::from_millis(200), "{:?}", usage);
        // Well before the backstop (2 s of CPU) and the wall net (1.4 s).
        assert!(usage.cpu < Duration::from_millis(1000), "{:?}", usage);
    }

    #[test]
    fn kills_a_sleeper_at_the_wall_net_with_what_it_started() {
        // `sleep` inherits stdout; only killing the group frees the judge.
        let out = sh("sleep 30; echo late", "", 200);
        assert!(matches!(out.end, End::WallNet(_)));
        assert!(out.wall >= Duration::from_millis(1400), "{:?}", out.wall);
        // Generous bound: the point is "not 30 s", not a precise time.
        assert!(out.wall < Duration::from_secs(10));
    }

    #[test]
    fn cuts_off_a_flood_of_output() {
        let out = sh("yes", "", 20_000);
        assert!(matches!(out.end, End::OutputLimit));
        assert_eq!(out.stdout.len(), OUTPUT_LIMIT);
    }

    #[cfg(supervised)]
    #[test]
    fn measures_cpu_time_of_the_program_and_what_it_waited_for() {
        // The loop runs in a child shell that the outer one waits for.
        let out = sh(
            "sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'",
            "",
            20_000,
        );
        let usage = out.usage.expect("Linux gives figures");
        assert!(usage.cpu >= Duration::from_millis(20), "{:?}", usage);
        assert!(
            usage.cpu <= out.wall + Duration::from_millis(50),
            "{:?}",
            usage
        );
        assert!(usage.max_rss_kib > 100, "{:?}", usage);
    }

    #[cfg(supervised)]
    #[test]
    fn counts_the_cpu_time_of_a_process_nobody_waited_for() {
        // The outer shell is killed before it can wait for the inner one,
        // which burns CPU all along: the judge sees it in /proc, stops the
        // run for it and counts it.
        let out = sh("sh -c 'while :; do :; done'; echo never", "", 300);
        assert!(matches!(out.end, End::CpuLimit(_)));
        let usage = out.usage.expect("Linux gives figures");
        assert!(usage.cpu >= Duration::from_millis(300), "{:?}", usage);
    }

    #[cfg(supervised)]
    #[test]
    fn the_memory_limit_holds_in_the_child() {
        let limits = Limits {
            time: Duration::from_secs(5),
            memory_bytes: Some(64 << 20),
            processes: MAX_PROCESSES,
        };
        // `ulimit -v` prints the address-space limit in KiB: the backstop,
        // far above the limit, which holds for the test's resident memory.
        let out = sh_limited("sleep 0.2; ulimit -v", "", limits);
        assert_eq!(out.stdout, b"16777216\n");
    }

    #[cfg(supervised)]
    #[test]
    fn the_cpu_backstop_is_set_in_the_child() {
        // Set from outside right after the start: looked at a moment later.
        let out = sh("sleep 0.2; ulimit -t", "", 1500);
        assert_eq!(out.stdout, b"3\n", "ceil(1.5 s) + 1 s");
    }

    #[cfg(supervised)]
    #[test]
    fn reports_and_kills_what_the_program_left_running() {
        let out = sh("sleep 30 >/dev/null 2>&1 & echo done", "", 5000);
        assert!(status(&out).success());
        assert_eq!(out.stdout, b"done\n");
        assert_eq!(out.leftovers.len(), 1, "{:?}", out.leftovers);
        // Named `sh` when caught between the fork and the exec of `sleep`.
        assert!(out.leftovers[0].contains(" (pid "), "{:?}", out.leftovers);
        let pid: String = out.leftovers[0]
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        assert!(gone(&pid), "sleep {} still runs", pid);
    }

    #[cfg(supervised)]
    #[test]
    fn a_child_in_a_session_of_its_own_does_not_survive_the_kill() {
        // A sleep of a length of its own, found afterwards by its command
        // line (the pid the program sees is its namespace's, in the sandbox).
        let nap = format!("30.{}", std::process::id());
        let out = sh(&format!("setsid sleep {} & sleep 30", nap), "", 200);
        assert!(matches!(out.end, End::WallNet(_)));
        // Killed with the whole test: not a process the program left behind.
        assert!(out.leftovers.is_empty(), "{:?}", out.leftovers);
        let still = || {
            std::fs::read_dir("/proc").unwrap().flatten().any(|p| {
                let cmdline = std::fs::read(p.path().join("cmdline")).unwrap_or_default();
                cmdline == format!("sleep\0{}\0", nap).into_bytes()
            })
        };
        assert!(gone_when(still), "setsid sleep {} still runs", nap);
    }

    /// Whether a process is gone (or a zombie waiting for its parent),
    /// giving it up to 2 s to go.
    #[cfg(supervised)]
    fn gone(pid: &str) -> bool {
        gone_when(|| {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid));
            stat.is_ok_and(|s| {
                let after_name = s.rsplit(')').next().unwrap_or("");
                !after_name.trim_start().starts_with('Z')
            })
        })
    }

    /// Whether what `alive` looks for is gone, giving it up to 2 s to go.
    #[cfg(supervised)]
    fn gone_when(alive: impl Fn() -> bool) -> bool {
        let start = std::time::Instant::now();
        loop {
            if !alive() {
                return true;
            }
            if start.elapsed() > Duration::from_secs(2) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
