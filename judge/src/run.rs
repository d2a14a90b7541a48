//! Running one program on one input, under a time limit and an output cap.
//!
//! The program runs in a process group of its own, so that a time-out or an
//! output flood kills it together with anything it started (a `sh -c` wrapper's
//! children, say). Its output is read by threads that stop storing at
//! [`OUTPUT_LIMIT`], so a program printing forever costs the judge no memory.
//! On a time-out the judge kills the group and returns at once: it neither waits
//! for the program nor for the threads reading its pipes.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Output beyond this many bytes is cut off and judged wrong.
pub const OUTPUT_LIMIT: usize = 64 << 20;

/// How much of the end of stderr is kept for the report.
const STDERR_TAIL: usize = 16 << 10;

/// What a run produced.
pub struct Outcome {
    /// Wall time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// How it ended.
    pub end: End,
    /// Standard output, at most `OUTPUT_LIMIT` bytes of it.
    pub stdout: Vec<u8>,
    /// The last `STDERR_TAIL` bytes of standard error.
    pub stderr_tail: Vec<u8>,
}

pub enum End {
    Exited(ExitStatus),
    /// Still running at the time limit: killed.
    TimedOut,
    /// Wrote more than `OUTPUT_LIMIT` bytes: killed.
    OutputLimit,
}

/// Runs `cmd` with `input` on its stdin, for at most `limit`.
pub fn run(cmd: &mut Command, input: &[u8], limit: Duration) -> std::io::Result<Outcome> {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    own_process_group(cmd);
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id();

    let (tx, events) = mpsc::channel();
    feed_stdin(&mut child, input);
    read_stdout(&mut child, pid, tx.clone());
    read_stderr_tail(&mut child, tx.clone());
    thread::spawn(move || {
        let status = child.wait();
        let _ = tx.send(Event::Exited(status, Instant::now()));
    });

    let deadline = start + limit;
    let mut stdout = None;
    let mut stderr_tail = None;
    let mut exit = None;
    while stdout.is_none() || stderr_tail.is_none() || exit.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        match events.recv_timeout(left) {
            Ok(Event::Stdout(bytes, false)) => stdout = Some(bytes),
            Ok(Event::Stdout(bytes, true)) => {
                // The reader has already killed the program.
                return Ok(Outcome {
                    elapsed: start.elapsed(),
                    end: End::OutputLimit,
                    stdout: bytes,
                    stderr_tail: Vec::new(),
                });
            }
            Ok(Event::Stderr(bytes)) => stderr_tail = Some(bytes),
            Ok(Event::Exited(status, at)) => exit = Some((status?, at - start)),
            Err(_) => {
                // Out of time (or every sender gone, which cannot happen first).
                kill_group(pid);
                return Ok(Outcome {
                    elapsed: start.elapsed(),
                    end: End::TimedOut,
                    stdout: Vec::new(),
                    stderr_tail: Vec::new(),
                });
            }
        }
    }
    let (status, elapsed) = exit.expect("loop ends only with an exit");
    Ok(Outcome {
        elapsed,
        end: End::Exited(status),
        stdout: stdout.unwrap_or_default(),
        stderr_tail: stderr_tail.unwrap_or_default(),
    })
}

enum Event {
    /// All of stdout (or its first `OUTPUT_LIMIT` bytes, with `true`).
    Stdout(Vec<u8>, bool),
    Stderr(Vec<u8>),
    Exited(std::io::Result<ExitStatus>, Instant),
}

fn feed_stdin(child: &mut Child, input: &[u8]) {
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A program may exit without reading its input: a broken pipe is fine.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
}

fn read_stdout(child: &mut Child, pid: u32, tx: mpsc::Sender<Event>) {
    let mut out = child.stdout.take().expect("stdout is piped");
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut chunk = vec![0u8; 64 << 10];
        loop {
            match out.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) if kept.len() + n > OUTPUT_LIMIT => {
                    let room = OUTPUT_LIMIT - kept.len();
                    kept.extend_from_slice(&chunk[..room]);
                    kill_group(pid);
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

#[cfg(unix)]
fn own_process_group(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
}

#[cfg(not(unix))]
fn own_process_group(_cmd: &mut Command) {}

/// Kills the program's whole process group (its pid is the group's id).
#[cfg(unix)]
fn kill_group(pid: u32) {
    extern "C" {
        fn kill(pid: i32, sig: i32) -> i32;
    }
    const SIGKILL: i32 = 9;
    // SAFETY: kill(2) takes two integers and touches no memory of ours.
    unsafe {
        kill(-(pid as i32), SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(pid: u32) {
    let _ = Command::new("taskkill")
        .args(["/F", "/T", "/PID", &pid.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
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

    fn sh(script: &str, input: &str, limit_ms: u64) -> Outcome {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(script);
        run(&mut cmd, input.as_bytes(), Duration::from_millis(limit_ms)).unwrap()
    }

    #[test]
    fn captures_stdout_and_status() {
        let out = sh("read x; echo got $x", "42\n", 5000);
        assert!(matches!(out.end, End::Exited(s) if s.success()));
        assert_eq!(out.stdout, b"got 42\n");
    }

    #[test]
    fn keeps_the_end_of_stderr_and_the_exit_code() {
        let out = sh("echo first >&2; echo last >&2; exit 3", "", 5000);
        match out.end {
            End::Exited(s) => assert_eq!(describe_status(&s), "exit code 3"),
            _ => panic!("expected an exit"),
        }
        assert_eq!(out.stderr_tail, b"first\nlast\n");
    }

    #[test]
    fn names_the_signal_of_a_crash() {
        let out = sh("kill -SEGV $$", "", 5000);
        match out.end {
            End::Exited(s) => assert_eq!(describe_status(&s), "killed by signal 11 (SIGSEGV)"),
            _ => panic!("expected an exit"),
        }
    }

    #[test]
    fn explains_a_signal_reported_by_a_shell() {
        let out = sh("sh -c 'kill -SEGV $$'", "", 5000);
        match out.end {
            End::Exited(s) => assert_eq!(
                describe_status(&s),
                "exit code 139 (a shell's way of saying signal 11, SIGSEGV)"
            ),
            _ => panic!("expected an exit"),
        }
    }

    #[test]
    fn a_program_that_ignores_its_input_is_fine() {
        let big = "x".repeat(1 << 20);
        let out = sh("echo done", &big, 5000);
        assert_eq!(out.stdout, b"done\n");
    }

    #[test]
    fn kills_an_endless_loop_at_the_limit() {
        let out = sh("while :; do :; done", "", 200);
        assert!(matches!(out.end, End::TimedOut));
        assert!(out.elapsed >= Duration::from_millis(200));
    }

    #[test]
    fn does_not_wait_for_a_child_holding_the_pipes() {
        // `sleep` inherits stdout; only killing the group frees the judge.
        let out = sh("sleep 30; echo late", "", 200);
        assert!(matches!(out.end, End::TimedOut));
        // Generous bound: the point is "not 30 s", not a precise time.
        assert!(out.elapsed < Duration::from_secs(10));
    }

    #[test]
    fn cuts_off_a_flood_of_output() {
        let out = sh("yes", "", 20_000);
        assert!(matches!(out.end, End::OutputLimit));
        assert_eq!(out.stdout.len(), OUTPUT_LIMIT);
    }
}
