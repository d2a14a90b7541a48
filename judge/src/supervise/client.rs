//! The judge's side of the supervisors: a pool of them, one per parallel
//! slot in use, each started on demand and given one test at a time.

use super::protocol::{receive, skip_to_magic, Fields};
use super::{Report, Request, MODE};
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A running supervisor, as the judge holds it.
pub struct Supervisor {
    child: Child,
    to: ChildStdin,
    from: ChildStdout,
    /// The supervisor's folder: `out` is the program's standard output; the
    /// judge writes an input given as bytes to `in`.
    dir: PathBuf,
}
/// The command that starts a supervisor: this judge in its supervisor mode;
/// in the judge's own unit tests (whose binary is the test harness) the
/// harness running only `supervise::tests::supervisor_hook`, which serves.
fn supervisor_command() -> io::Result<Command> {
    let mut cmd = Command::new(match SERVER.get() {
        Some(judge) => judge.clone(),
        None => std::env::current_exe()?,
    });
    // The variables passed on purpose, and their names: the supervisor
    // keeps them for the programs (`environment::settle`).
    let passed = crate::environment::passed();
    let names = std::env::join_paths(passed.iter().map(|(name, _)| name))
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    cmd.envs(passed.iter().cloned())
        .env(crate::environment::PASSED, names);
    if let Some((tests, shown, _)) = VIEW.get() {
        let list = |paths: &[PathBuf]| std::env::join_paths(paths).unwrap_or_default();
        cmd.env(super::sandbox::TESTS_VAR, list(tests))
            .env(super::sandbox::SHOW_VAR, list(shown));
    }
    if SERVER.get().is_some() {
        cmd.arg(MODE);
        return Ok(cmd);
    }
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

/// The run's tests' folders and what `--show` adds, for every view; the
/// command line under test (`--cmd`), whose notes are said.
type View = (Vec<PathBuf>, Vec<PathBuf>, Vec<OsString>);
static VIEW: std::sync::OnceLock<View> = std::sync::OnceLock::new();

/// Has every supervisor started from now on hide `tests` (the run's
/// tests' folders) from every view, whatever the command names, and show
/// `shown` besides (`--show`); the sandbox's notes on the view of
/// `under_test` (`--cmd`'s) are said. Once, before the first test.
pub fn set_view(tests: Vec<PathBuf>, shown: Vec<PathBuf>, under_test: Vec<OsString>) {
    let _ = VIEW.set((tests, shown, under_test));
}

/// Says each of the sandbox's notes on the view of `argv` once per run,
/// when `argv` is the program under test (not our solution, whose build
/// folder is never shown).
fn say_notes(argv: &[OsString], notes: &[String]) {
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    if VIEW
        .get()
        .map_or(true, |(_, _, under_test)| under_test != argv)
    {
        return;
    }
    let Ok(mut said) = SAID.lock() else { return };
    for note in notes
        .iter()
        .filter(|n| !said.contains(n))
        .cloned()
        .collect::<Vec<_>>()
    {
        crate::text::warn(&note);
        said.push(note);
    }
}

const HOOK_TEST: &str = "supervise::tests::supervisor_hook";
pub const HOOK_ENV: &str = "JUDGE_SUPERVISOR_HOOK";

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
        let mut fields = Fields(&hello);
        let dir = PathBuf::from(OsString::from_vec(fields.bytes()?.to_vec()));
        let unsandboxed = String::from_utf8_lossy(fields.bytes()?).into_owned();
        if !unsandboxed.is_empty() {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                crate::text::warn(&format!(
                    "judge: tests are not sandboxed ({}): a program under test can reach \
                     the judge and the machine as the judge's user",
                    unsandboxed
                ))
            });
        }
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
            open_own(&input_file, true)?.write_all(input)?;
            request.stdin = input_file;
        }
        let output_limit = request.output_limit;
        let patience = answer_within(&request);
        request.frame().send(&mut self.to)?;
        if !readable_within(&self.from, patience) {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!(
                    "the supervisor did not answer within {} s: it was killed, and the test's \
                     processes with it",
                    patience.as_secs()
                ),
            ));
        }
        let payload = receive(&mut self.from)?.ok_or_else(|| {
            io::Error::new(io::ErrorKind::Other, "the supervisor ended during a test")
        })?;
        let report = Report::parse(&payload)?;
        say_notes(&request.argv, &report.notes);
        // A test stopped, or never run (its files or its cell not made),
        // has no output to read: its report says what went wrong (with no
        // output file made, reading one would only say it is missing).
        if report.ending == Some(super::Ending::Stuck) && report.problem.is_some() {
            return Ok((report, Vec::new()));
        }
        let out = self.dir.join("out");
        let file = open_own(&out, false).or_else(|e| match e.kind() {
            // The program may take its output's permissions away
            // (`fchmod(1, 0)`); the file is the judge's user's, who gives
            // them back. Any other failure is the test's error, never an
            // empty output.
            io::ErrorKind::PermissionDenied => {
                use std::os::unix::fs::PermissionsExt;
                fs::set_permissions(&out, fs::Permissions::from_mode(0o600))?;
                open_own(&out, false)
            }
            _ => Err(e),
        })?;
        let mut stdout = Vec::new();
        file.take(output_limit + 1).read_to_end(&mut stdout)?;
        Ok((report, stdout))
    }
}

/// How long the judge waits for a test's report: the bound on its wall
/// time, plus what the supervisor may spend killing the test, plus 10 s.
fn answer_within(request: &Request) -> Duration {
    request.wall_bound() + super::watch::GIVE_UP_ENDING + Duration::from_secs(10)
}

/// Whether `pipe` has something to read (or its end) within `patience`.
fn readable_within(pipe: &ChildStdout, patience: Duration) -> bool {
    use crate::sys::linux::{poll, PollFd, POLLIN};
    use std::os::unix::io::AsRawFd;
    let deadline = Instant::now() + patience;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let mut fds = [PollFd {
            fd: pipe.as_raw_fd(),
            events: POLLIN,
            revents: 0,
        }];
        let ms = left.as_millis().min(60_000) as i32;
        // SAFETY: one valid pollfd structure.
        let n = unsafe { poll(fds.as_mut_ptr(), 1, ms) };
        if n > 0 {
            return true;
        }
        if left.is_zero() {
            return false;
        }
    }
}

/// Opens a file of the supervisor's folder (mode 0700, so only the judge's
/// user could have put anything there): never through a symbolic link,
/// never waiting on a named pipe.
fn open_own(path: &Path, write: bool) -> io::Result<File> {
    use crate::sys::linux::{O_NOFOLLOW, O_NONBLOCK};
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(!write)
        .write(write)
        .create(write)
        .truncate(write)
        .custom_flags(O_NOFOLLOW | O_NONBLOCK)
        .open(path)
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
