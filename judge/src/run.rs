//! Running one program on one input, under the limits, and measuring it.
//!
//! The program runs in a process group of its own, with a marker in its
//! environment that everything it starts inherits (see `os.rs`), and on Linux
//! under `RLIMIT_AS` (the memory limit) and `RLIMIT_CPU` (a backstop for the
//! time limit). Its output is read by threads that stop storing at
//! [`OUTPUT_LIMIT`], so a program printing forever costs the judge no memory.
//! The judge waits until the program ends, its CPU time passes the limit
//! (looked at every 20 ms, that of the processes it started every 200 ms; on
//! Linux) or the wall-clock safety net
//! ([`Limits::wall_net`]) runs out, then kills whatever of the run is left
//! (its process group, and every marked process, even one that left the group
//! with `setsid`), and only then reaps the program, getting its CPU time and
//! peak memory, those of the descendants it waited for, and those the judge
//! saw in `/proc` of the processes it had to kill. What was left running is
//! reported.

use crate::os;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Output beyond this many bytes is cut off and judged wrong.
pub const OUTPUT_LIMIT: usize = 64 << 20;

/// How often the judge looks at a running program's CPU time.
const CPU_POLL: Duration = Duration::from_millis(20);

/// How much of the end of stderr is kept for the report.
const STDERR_TAIL: usize = 16 << 10;

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The time limit, judged on CPU time.
    pub time: Duration,
    /// The memory limit (address space), if any.
    pub memory_bytes: Option<u64>,
}

impl Limits {
    /// The wall-clock safety net: twice the time limit plus a second. It stops
    /// programs that wait instead of computing (sleep, read a closed pipe...).
    pub fn wall_net(&self) -> Duration {
        self.time * 2 + Duration::from_secs(1)
    }

    /// The CPU-time backstop set in the child (`RLIMIT_CPU`): the time limit
    /// rounded up to whole seconds, plus one. The verdict is taken from the
    /// measured time; this only stops an endless loop before the wall net.
    fn cpu_backstop_seconds(&self) -> u64 {
        let limit = self.time.as_secs() + u64::from(self.time.subsec_nanos() > 0);
        limit + 1
    }
}

/// What a run produced.
pub struct Outcome {
    /// Wall time from start to exit (or to the kill).
    pub wall: Duration,
    /// CPU time and peak memory, where the OS tells them.
    pub usage: Option<os::Usage>,
    /// How it ended.
    pub end: End,
    /// Standard output, at most `OUTPUT_LIMIT` bytes of it.
    pub stdout: Vec<u8>,
    /// The last `STDERR_TAIL` bytes of standard error.
    pub stderr_tail: Vec<u8>,
    /// Processes of the run still running after it ended, killed by the judge
    /// (`name (pid N)`); after a kill by the judge, only those that had left
    /// the program's process group.
    pub leftovers: Vec<String>,
}

pub enum End {
    Exited(ExitStatus),
    /// Still running at the wall-clock safety net: killed.
    WallNet(ExitStatus),
    /// Past the time limit in CPU time: killed.
    CpuLimit(ExitStatus),
    /// Wrote more than `OUTPUT_LIMIT` bytes: killed.
    OutputLimit,
}

/// Runs `cmd` with `input` on its stdin, under `limits`.
pub fn run(cmd: &mut Command, input: &[u8], limits: &Limits) -> io::Result<Outcome> {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let marker = format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::SeqCst)
    );
    cmd.env(os::MARKER, &marker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    os::confine(cmd, limits.cpu_backstop_seconds(), limits.memory_bytes);
    // Held until the group is registered: see `os::SpawnGuard`.
    let gate = os::SpawnGuard::new()?;
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id();
    let live = os::LiveGroup::new(pid);
    drop(gate);

    let (tx, events) = mpsc::channel();
    feed_stdin(&mut child, input);
    read_stdout(&mut child, tx.clone());
    read_stderr_tail(&mut child, tx.clone());
    thread::spawn(move || {
        let ended = os::wait_until_ended(child);
        let _ = tx.send(Event::Ended(ended, Instant::now()));
    });

    let deadline = start + limits.wall_net();
    let mut stdout = None;
    let mut stderr_tail = None;
    let mut flooded = false;
    let mut netted = false;
    let mut over_cpu = false;
    let mut polls = 0u64;
    let mut seen = os::Seen::default();
    let (ended, ended_at) = loop {
        let killed = netted || over_cpu || flooded;
        let left = if killed {
            // Killed; SIGKILL cannot be refused, so this is only a guard.
            Duration::from_secs(10)
        } else {
            // Look at the program's CPU time every CPU_POLL.
            deadline
                .saturating_duration_since(Instant::now())
                .min(CPU_POLL)
        };
        match events.recv_timeout(left) {
            Ok(Event::Stdout(bytes, flood)) => {
                if flood {
                    // Too much output: killed, after counting the CPU time of
                    // what the program started (the group's kill loses it).
                    // The program is not reaped yet, so the group is its own.
                    os::look_at_run(pid, &marker, &mut seen);
                    os::kill_group(pid);
                    flooded = true;
                }
                stdout = Some(bytes);
            }
            Ok(Event::Stderr(bytes)) => stderr_tail = Some(bytes),
            Ok(Event::Ended(ended, at)) => break (ended?, at),
            Err(_) if !killed && Instant::now() < deadline => {
                // The program's own CPU time and that of the children it
                // waited for; every tenth look, also the rest of the run
                // (what a `sh -c` wrapper runs), which costs a look at
                // every process.
                polls += 1;
                let mut cpu = os::cpu_time_so_far(pid);
                if polls % 10 == 0 {
                    let mut others = os::Seen::default();
                    os::look_at_run(pid, &marker, &mut others);
                    cpu = cpu.map(|cpu| cpu + others.cpu());
                }
                if cpu.is_some_and(|cpu| cpu > limits.time) {
                    os::look_at_run(pid, &marker, &mut seen);
                    os::kill_group(pid);
                    over_cpu = true;
                }
            }
            Err(_) if !killed => {
                os::look_at_run(pid, &marker, &mut seen);
                os::kill_group(pid);
                netted = true;
            }
            Err(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::Other,
                    "the program did not end 10 s after SIGKILL",
                ))
            }
        }
    };
    let wall = ended_at - start;
    let leftovers = os::end_run(pid, &marker, flooded || netted || over_cpu, &mut seen);
    // Unregistered before the reaping frees the group's id for reuse.
    drop(live);
    let reaped = os::children_cpu(pid);
    let (status, usage) = os::reap(ended)?;
    let usage = usage.map(|usage| seen.add_to(usage, reaped));

    // Everything of the run is dead now, so the pipes close; only a process
    // that escaped the kill could hold them open: wait a little, no more.
    let grace = Instant::now() + Duration::from_secs(1);
    while stdout.is_none() || stderr_tail.is_none() {
        match events.recv_timeout(grace.saturating_duration_since(Instant::now())) {
            Ok(Event::Stdout(bytes, flood)) => {
                flooded |= flood;
                stdout = Some(bytes);
            }
            Ok(Event::Stderr(bytes)) => stderr_tail = Some(bytes),
            Ok(Event::Ended(..)) | Err(_) => break,
        }
    }
    let end = if flooded {
        End::OutputLimit
    } else if netted {
        End::WallNet(status)
    } else if over_cpu {
        End::CpuLimit(status)
    } else {
        End::Exited(status)
    };
    Ok(Outcome {
        wall,
        usage,
        end,
        stdout: stdout.unwrap_or_default(),
        stderr_tail: stderr_tail.unwrap_or_default(),
        leftovers,
    })
}

enum Event {
    /// All of stdout (or its first `OUTPUT_LIMIT` bytes, with `true`).
    Stdout(Vec<u8>, bool),
    Stderr(Vec<u8>),
    Ended(io::Result<os::Ended>, Instant),
}

fn feed_stdin(child: &mut Child, input: &[u8]) {
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A program may exit without reading its input: a broken pipe is fine.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
}

fn read_stdout(child: &mut Child, tx: mpsc::Sender<Event>) {
    let mut out = child.stdout.take().expect("stdout is piped");
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut chunk = vec![0u8; 64 << 10];
        loop {
            match out.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) if kept.len() + n > OUTPUT_LIMIT => {
                    // Reading stops; the program, blocked on a full pipe, is
                    // killed by `run` when this message arrives.
                    let room = OUTPUT_LIMIT - kept.len();
                    kept.extend_from_slice(&chunk[..room]);
                    let _ = tx.send(Event::Stdout(kept, true));
                    return;
                }
                Ok(n) => kept.extend_from_slice(&chunk[..n]),
            }
        }
        let _ = tx.send(Event::Stdout(kept, false));
    });
}

fn read_stderr_tail(child: &mut Child, tx: mpsc::Sender<Event>) {
    let mut err = child.stderr.take().expect("stderr is piped");
    thread::spawn(move || {
        let mut tail = Vec::new();
        let mut chunk = vec![0u8; 16 << 10];
        loop {
            match err.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    tail.extend_from_slice(&chunk[..n]);
                    if tail.len() > 2 * STDERR_TAIL {
                        tail.drain(..tail.len() - STDERR_TAIL);
                    }
                }
            }
        }
        if tail.len() > STDERR_TAIL {
            tail.drain(..tail.len() - STDERR_TAIL);
        }
        let _ = tx.send(Event::Stderr(tail));
    });
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
        };
        sh_limited(script, input, limits)
    }

    fn status(out: &Outcome) -> &ExitStatus {
        match &out.end {
            End::Exited(s) => s,
            _ => panic!("expected an exit"),
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

    #[cfg(target_os = "linux")]
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

    #[cfg(target_os = "linux")]
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

    #[cfg(target_os = "linux")]
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

    #[cfg(target_os = "linux")]
    #[test]
    fn the_memory_limit_holds_in_the_child() {
        let limits = Limits {
            time: Duration::from_secs(5),
            memory_bytes: Some(64 << 20),
        };
        // `ulimit -v` prints the address-space limit in KiB.
        let out = sh_limited("ulimit -v", "", limits);
        assert_eq!(out.stdout, b"65536\n");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_cpu_backstop_is_set_in_the_child() {
        let out = sh("ulimit -t", "", 1500);
        assert_eq!(out.stdout, b"3\n", "ceil(1.5 s) + 1 s");
    }

    #[cfg(target_os = "linux")]
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

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_in_a_session_of_its_own_does_not_survive_the_kill() {
        let out = sh("setsid sleep 30 & echo $!; sleep 30", "", 200);
        assert!(matches!(out.end, End::WallNet(_)));
        let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert_eq!(out.leftovers.len(), 1, "{:?}", out.leftovers);
        assert!(gone(&pid), "setsid sleep {} still runs", pid);
    }

    /// Whether a process is gone (or a zombie waiting for its parent),
    /// giving it up to 2 s to go.
    #[cfg(target_os = "linux")]
    fn gone(pid: &str) -> bool {
        let start = Instant::now();
        loop {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid));
            let dead = stat.map_or(true, |s| {
                let after_name = s.rsplit(')').next().unwrap_or("");
                after_name.trim_start().starts_with('Z')
            });
            if dead || start.elapsed() > Duration::from_secs(2) {
                return dead;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}
