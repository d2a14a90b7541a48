//! The judge's side of the supervisors: a pool of them, one per parallel
//! slot in use, each started on demand and given one test at a time.

use super::protocol::{receive, skip_to_magic, Fields};
use super::{Report, Request, MODE};
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read};
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

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
    let mut cmd = Command::new(std::env::current_exe()?);
    if cfg!(test) {
        cmd.args([HOOK_TEST, "--exact", "--nocapture", "--test-threads=1"])
            .env(HOOK_ENV, "1");
    } else {
        cmd.arg(MODE);
    }
    Ok(cmd)
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
