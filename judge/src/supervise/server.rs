//! The supervisor's side: `judge --supervise` leaves the terminal, becomes
//! a subreaper, makes its folder and serves the judge's requests one test at
//! a time until the judge closes the pipe or a signal stops it.

use super::protocol::{receive, Frame, MAGIC};
use super::sandbox::Sandbox;
use super::watch::run_test;
use super::{control, events, Request};
use std::fs;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

/// `judge --supervise`: serves tests until the judge closes the pipe, then
/// exits. Never returns.
pub fn serve() -> ! {
    let code = match Served::start().and_then(|mut s| s.serve()) {
        Ok(()) => 0,
        // The judge went away (or is stopping): nobody to tell.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe || events::stop_asked() => 0,
        Err(e) => {
            let _ = writeln!(io::stderr(), "judge: the supervisor failed: {}", e);
            3
        }
    };
    std::process::exit(code)
}

struct Served {
    dir: PathBuf,
    /// The slot's sandbox, or why there is none.
    sandbox: Result<Sandbox, String>,
    stdin: io::Stdin,
    /// Standard output, unbuffered: each frame leaves in one write, so
    /// that the judge, woken once, reads it whole (through the standard
    /// library's line buffer, a frame with a newline byte in it went out in
    /// two writes, and woke the judge twice).
    stdout: fs::File,
}

impl Served {
    fn start() -> io::Result<Served> {
        control::leave_the_terminal();
        control::become_subreaper()?;
        control::carry_inherited_limits()?;
        events::install_handlers()?;
        let dir = slot_folder()?;
        // Unsandboxed, each program is started as `control::confine`
        // says (the seccomp filter, the supervisor as its tracer), tried
        // here on a child: a filter that cannot be installed fails the
        // start, a refused tracing is said in the hello.
        let sandbox = match Sandbox::start(&dir) {
            Ok(sandbox) => Ok(sandbox),
            Err(why) => match control::try_confine()
                .map_err(|why| io::Error::new(io::ErrorKind::Other, why))?
            {
                None => Err(why),
                Some(untraced) => Err(format!("{}; {}", why, untraced)),
            },
        };
        // From here on, the supervisor's environment is the programs'
        // (each cell and program inherits it): a HOME of their own, the
        // cell's /tmp when sandboxed, else a folder of the slot's.
        let home = match &sandbox {
            Ok(_) => PathBuf::from("/tmp"),
            Err(_) => {
                let home = dir.join("home");
                fs::create_dir_all(&home)?;
                home
            }
        };
        crate::environment::settle(&home);
        let mut served = Served {
            dir,
            sandbox,
            stdin: io::stdin(),
            stdout: fs::File::from(io::stdout().as_fd().try_clone_to_owned()?),
        };
        // The hello: the folder, and why tests are not sandboxed ("" when
        // they are).
        let mut hello = Frame::default();
        hello.bytes(served.dir.as_os_str().as_bytes());
        hello.bytes(
            served
                .sandbox
                .as_ref()
                .err()
                .map_or(&b""[..], |why| why.as_bytes()),
        );
        served.stdout.write_all(MAGIC)?;
        hello.send(&mut served.stdout)?;
        Ok(served)
    }

    fn serve(&mut self) -> io::Result<()> {
        loop {
            // Idle: a request, the end of the pipe, or a signal to stop.
            if !events::wait_readable(0, None) || events::stop_asked() {
                return Ok(());
            }
            let Some(payload) = receive(&mut self.stdin.lock())? else {
                return Ok(());
            };
            let request = Request::parse(&payload)?;
            let mut report = run_test(&request, &self.dir.join("out"), self.sandbox.as_mut().ok());
            report.sandboxed = self.sandbox.is_ok();
            if let Ok(sandbox) = &self.sandbox {
                sandbox.annotate(&request.argv, &mut report);
            }
            report.frame().send(&mut self.stdout)?;
            if events::stop_asked() {
                return Ok(());
            }
        }
    }
}

/// The supervisor's own folder, `judge-slot-<pid>-<random>`, made afresh
/// (never one found there) with mode 0700: memory-backed where there is such
/// a folder (the program's output is written and read back for every
/// test), else the system's temporary folder. Folders that
/// supervisors no longer running left there (killed before they could
/// remove them) are removed first: they may hold up to 64 MiB each.
fn slot_folder() -> io::Result<PathBuf> {
    let mut last_error = None;
    for base in [PathBuf::from("/dev/shm"), std::env::temp_dir()] {
        if !base.is_dir() {
            continue;
        }
        remove_abandoned_slots(&base);
        let dir = base.join(format!(
            "{}{}-{:016x}",
            SLOT_PREFIX,
            std::process::id(),
            random()
        ));
        match fs::DirBuilder::new().mode(0o700).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) => last_error = Some(e),
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no folder")))
}

const SLOT_PREFIX: &str = "judge-slot-";

/// A random number (std's hash keys are seeded from the system's source).
fn random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

fn remove_abandoned_slots(base: &Path) {
    let Ok(entries) = fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let pid = name
            .strip_prefix(SLOT_PREFIX)
            .and_then(|p| p.split('-').next())
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
