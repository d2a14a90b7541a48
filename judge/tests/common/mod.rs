//! What the judge's integration tests share: a scratch folder, and running
//! the judge to read its report.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh scratch folder under the system's temporary folder, removed when
/// the test is done with it. `what` names it, for anyone looking at /tmp.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(what: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "judge-{}-{}-{}",
            what,
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// What a run of the judge said.
#[allow(dead_code)] // each test file uses what it needs
pub struct Report {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the judge with `args` to its end.
#[allow(dead_code)]
pub fn judge(args: &[&str]) -> Report {
    judge_in(Command::new(env!("CARGO_BIN_EXE_judge")), args)
}

/// The same with the sandbox off (`JUDGE_NO_SANDBOX`): for a test whose
/// program keeps state in a file, which the sandbox makes read-only.
#[allow(dead_code)]
pub fn judge_unsandboxed(args: &[&str]) -> Report {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
    cmd.env("JUDGE_NO_SANDBOX", "1");
    judge_in(cmd, args)
}

#[allow(dead_code)]
fn judge_in(mut cmd: Command, args: &[&str]) -> Report {
    let out = cmd.args(args).output().expect("the judge runs");
    Report {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
