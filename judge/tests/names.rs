//! Whatever the system allows as a name or a file, the judge takes without
//! a panic or a hang (issue 39): arguments that are not UTF-8, tests that
//! are no regular files or too large, names with a newline or bytes that
//! are not UTF-8, folders it cannot read, and a save that fails.
//!
//! `JUDGE_UNDER_TEST=<judge>` runs them on another judge (an older one, to
//! see them fail there).
#![cfg(unix)]

mod common;
#[path = "common/json.rs"]
mod json;

use common::TempDir;
use json::parse_json_lines;
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than any run here needs: a judge still running then hangs.
const TIMEOUT: Duration = Duration::from_secs(90);

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// The judge's peak resident memory (`VmHWM`), as last seen, in KiB.
    peak_kib: u64,
}

fn judge_under_test() -> PathBuf {
    std::env::var_os("JUDGE_UNDER_TEST")
        .map_or_else(|| env!("CARGO_BIN_EXE_judge").into(), PathBuf::from)
}

/// Runs the judge with `args` (any bytes), killed after [`TIMEOUT`]
/// (the test then fails, saying so).
fn judge(args: &[&OsStr]) -> Run {
    let mut child = Command::new(judge_under_test())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the judge starts");
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        peak_kib = peak_kib.max(vm_hwm_kib(child.id()));
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the judge {:?} was still running after {:?}: killed\n{}",
                args,
                TIMEOUT,
                out.join().unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        peak_kib,
    }
}

fn vm_hwm_kib(pid: u32) -> u64 {
    let status = fs::read_to_string(format!("/proc/{}/status", pid)).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn os(text: &str) -> &OsStr {
    OsStr::new(text)
}

/// A name made of `bytes` (any, not only UTF-8).
fn raw(bytes: &[u8]) -> &OsStr {
    OsStr::from_bytes(bytes)
}

/// `dir/<name><ext>`, the name's bytes as they are.
fn file(dir: &Path, name: &OsStr, ext: &str) -> PathBuf {
    let mut path = OsString::from(name);
    path.push(ext);
    dir.join(path)
}

/// A test whose input is `7 8` and whose answer is `15` (what [`ECHO`]
/// prints), named `name`, in `dir`.
fn sum_test(dir: &Path, name: &OsStr) {
    fs::write(file(dir, name, ".in"), "7 8\n").unwrap();
    fs::write(file(dir, name, ".out"), "15\n").unwrap();
}

/// The command that answers every test made by [`sum_test`] right.
const ECHO: &str = "echo 15";

/// The `--json` objects of a run, by test name.
fn by_test(run: &Run) -> HashMap<String, HashMap<String, String>> {
    parse_json_lines(&run.stdout)
        .into_iter()
        .map(|object| (object["test"].clone(), object))
        .collect()
}

fn no_panic(run: &Run, what: &str) {
    assert_ne!(run.code, Some(101), "{}: a panic\n{}", what, run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}: {}", what, run.stderr);
}

/// Point 1: no argument panics the judge, whatever its bytes. Each is
/// followed by a mistake (`--repeat 0`) so that the run ends right after
/// the options are read.
#[test]
fn an_argument_that_is_not_utf8_never_panics() {
    let bad = raw(b"x\xff");
    // Every option the judge knows (its one list), each given that value.
    let options = judge::options::OPTIONS;
    for &option in options {
        let run = judge(&[os(option), bad, os("--repeat"), os("0")]);
        no_panic(&run, option);
        // `--help` answers before it reads the rest.
        let wanted = if option == "--help" { 0 } else { 2 };
        assert_eq!(run.code, Some(wanted), "{}: {}", option, run.stderr);
        let mut inline = OsString::from(format!("{}=", option));
        inline.push(bad);
        no_panic(&judge(&[&inline, os("--repeat"), os("0")]), option);
    }
    for alone in [bad, raw(b"--x\xff"), raw(b"-\xff")] {
        let run = judge(&[alone]);
        no_panic(&run, "a problem or an option");
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(
            run.stderr.contains("\\xFF"),
            "shown escaped: {}",
            run.stderr
        );
    }
}

/// Point 1: a tests folder and a program whose paths are not UTF-8 are
/// used as themselves, and shown escaped.
#[test]
fn a_folder_and_a_program_named_in_other_bytes_are_used_as_themselves() {
    let top = TempDir::new("names-bytes");
    let tests = top.join(raw(b"tests\xff"));
    let bin = top.join(raw(b"bin\xfe"));
    fs::create_dir_all(&tests).unwrap();
    fs::create_dir_all(&bin).unwrap();
    sum_test(&tests, os("sum"));
    let program = bin.join("prog");
    fs::write(&program, format!("#!/bin/sh\n{}\n", ECHO)).unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        tests.as_os_str(),
        os("--cmd"),
        program.as_os_str(),
    ]);
    no_panic(&run, "--tests and --cmd");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("  AC "), "{}", run.stdout);
    assert!(run.stdout.contains("bin\\xFE/prog]"), "{}", run.stdout);
}

/// Point 2: only regular files are tests. A named pipe, a device, a socket,
/// a link to a folder and a link to itself are each an ERR that says what
/// it is, at once (a named pipe made the judge wait for ever, `/dev/zero`
/// made it read until memory ran out); the regular test beside them runs.
#[test]
fn only_regular_files_are_tests() {
    let dir = TempDir::new("names-kinds");
    sum_test(&dir, os("good"));
    let fifo = dir.join("pipe.in");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.in")).unwrap();
    fs::create_dir(dir.join("folder")).unwrap();
    std::os::unix::fs::symlink("folder", dir.join("folder-link.in")).unwrap();
    std::os::unix::fs::symlink("self.in", dir.join("self.in")).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(dir.join("socket.in")).unwrap();
    for name in ["pipe", "zero", "folder-link", "self", "socket"] {
        fs::write(dir.join(format!("{}.out", name)), "15\n").unwrap();
    }
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        dir.as_os_str(),
        os("--cmd"),
        os(ECHO),
        os("--json"),
    ]);
    let tests = by_test(&run);
    assert_eq!(tests["good"]["verdict"], "AC", "{}", run.stdout);
    for (name, said) in [
        ("pipe", "is a named pipe (FIFO), not a regular file"),
        (
            "zero",
            "is a link to a character device (/dev/zero), not a regular file",
        ),
        (
            "folder-link",
            "is a link to a folder (folder), not a regular file",
        ),
        ("self", "is a link that cannot be followed"),
        ("socket", "is a socket, not a regular file"),
    ] {
        let test = &tests[name];
        assert_eq!(test["verdict"], "ERR", "{}: {}", name, run.stdout);
        assert!(
            test["message"].contains(said),
            "{}: {}",
            name,
            test["message"]
        );
    }
    assert_eq!(run.code, Some(1));
}

/// Point 2: an input over the stated bound (512 MiB) is an ERR, not read:
/// the judge's memory stays far below it.
#[test]
fn an_input_over_the_bound_is_refused_unread() {
    let dir = TempDir::new("names-huge");
    sum_test(&dir, os("huge"));
    // Sparse: it takes no room on the disk.
    let huge = fs::OpenOptions::new()
        .write(true)
        .open(dir.join("huge.in"))
        .unwrap();
    huge.set_len(600 << 20).unwrap();
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        dir.as_os_str(),
        os("--cmd"),
        os(ECHO),
        os("--json"),
    ]);
    let tests = by_test(&run);
    assert_eq!(tests["huge"]["verdict"], "ERR", "{}", run.stdout);
    assert!(
        tests["huge"]["message"].contains("more than the 512 MiB a test's file may be"),
        "{}",
        run.stdout
    );
    assert!(
        run.peak_kib < 64 << 10,
        "the judge held {} KiB",
        run.peak_kib
    );
}

/// Point 2: the judge does not hold a test's input while its program runs,
/// and holds one large input at a time: two tests of 96 MiB at `-j 2`,
/// each running half a second, cost the judge about one input, not two
/// (it held both, 2 x 96 MiB and more, before).
#[test]
fn large_inputs_are_held_one_at_a_time() {
    let dir = TempDir::new("names-large");
    for name in ["a", "b"] {
        sum_test(&dir, os(name));
        let input = fs::OpenOptions::new()
            .write(true)
            .open(dir.join(format!("{}.in", name)))
            .unwrap();
        input.set_len(96 << 20).unwrap();
    }
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        dir.as_os_str(),
        os("--cmd"),
        os("sleep 0.5; echo 15"),
        os("-j"),
        os("2"),
    ]);
    no_panic(&run, "-j 2");
    assert!(run.stdout.contains("2 passed, 0 failed"), "{}", run.stdout);
    assert!(run.peak_kib > 0, "the judge's memory was not seen");
    assert!(
        run.peak_kib < 150 << 10,
        "the judge held {} KiB for two inputs of 96 MiB",
        run.peak_kib
    );
}

/// Point 7: a name with a newline stays on one line of the table (escaped
/// as the JSON escapes it), and two names that differ only in bytes that
/// are not UTF-8 are two tests, shown apart and saved apart.
#[test]
fn names_stay_one_line_and_other_bytes_stay_apart() {
    let dir = TempDir::new("names-shown");
    let saved = TempDir::new("names-saved");
    sum_test(&dir, os("two\nlines"));
    sum_test(&dir, raw(b"c\xfe"));
    sum_test(&dir, raw(b"c\xff"));
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        dir.as_os_str(),
        os("--cmd"),
        os(ECHO),
        os("--save-outputs"),
        saved.as_os_str(),
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("  AC"))
        .collect();
    assert_eq!(rows.len(), 3, "{}", run.stdout);
    assert!(rows[0].ends_with("  c\\xFE"), "{}", run.stdout);
    assert!(rows[1].ends_with("  c\\xFF"), "{}", run.stdout);
    assert!(rows[2].ends_with("  two\\nlines"), "{}", run.stdout);
    assert!(!run.stdout.lines().any(|l| l == "lines"), "{}", run.stdout);
    let outputs = saved.join("checkers_pos");
    for name in [raw(b"c\xfe"), raw(b"c\xff"), os("two\nlines")] {
        let out = fs::read(file(&outputs, name, ".out"));
        assert_eq!(out.ok().as_deref(), Some(&b"15\n"[..]), "{:?}", name);
    }
}

/// Point 7: a folder below the tests' that cannot be read is an ERR named
/// after it, and the other tests run (the whole run stopped before, naming
/// the top folder). Root reads any folder: there the test has nothing to
/// show, and says so.
#[test]
fn an_unreadable_folder_is_named_as_itself() {
    let dir = TempDir::new("names-locked");
    sum_test(&dir, os("good"));
    let locked = dir.join("locked");
    fs::create_dir(&locked).unwrap();
    sum_test(&locked, os("inside"));
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read_dir(&locked).is_ok() {
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: this user reads a folder with no permission (root)");
        return;
    }
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        dir.as_os_str(),
        os("--cmd"),
        os(ECHO),
        os("--json"),
    ]);
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    let tests = by_test(&run);
    assert_eq!(
        tests["good"]["verdict"], "AC",
        "{}{}",
        run.stdout, run.stderr
    );
    assert_eq!(tests["locked"]["verdict"], "ERR", "{}", run.stdout);
    let said = format!("cannot read the folder {}", locked.display());
    assert!(tests["locked"]["message"].contains(&said), "{}", run.stdout);
    assert_eq!(run.code, Some(1));
}

/// A `tmpfs` of a few pages mounted on a folder, unmounted when dropped.
struct SmallDisk(TempDir);

impl SmallDisk {
    /// `None` (and why) where it cannot be made: not root, or no `mount`.
    fn new(bytes: usize) -> Result<SmallDisk, String> {
        let dir = TempDir::new("names-disk");
        let size = format!("size={}", bytes);
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &size, "tmpfs"])
            .arg(&*dir)
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("no mount: {}", e))?;
        match mounted.status.success() {
            true => Ok(SmallDisk(dir)),
            false => Err(String::from_utf8_lossy(&mounted.stderr).trim().to_string()),
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&*self.0).status();
    }
}

/// Point 5: `--save-outputs` into a full disk fails the run: the summary
/// says how many outputs were not saved, the exit status is 1, and no
/// output is left half written (it said "passed", exit 0, and left empty
/// `.out` files before).
#[test]
fn a_save_that_fails_fails_the_run() {
    let disk = match SmallDisk::new(16 << 10) {
        Ok(disk) => disk,
        Err(why) => {
            eprintln!("skipped: no small tmpfs to fill (needs root): {}", why);
            return;
        }
    };
    let dir = TempDir::new("names-full");
    let names = ["t1", "t2", "t3", "t4", "t5", "t6"];
    for name in names {
        sum_test(&dir, os(name));
    }
    // The disk's pages, all but one taken.
    fs::write(disk.0.join("filler"), vec![b'x'; 12 << 10]).unwrap();
    let run = judge(&[
        os("checkers_pos"),
        os("--tests"),
        dir.as_os_str(),
        os("--cmd"),
        os(ECHO),
        os("--save-outputs"),
        disk.0.as_os_str(),
        os("-j"),
        os("1"),
    ]);
    no_panic(&run, "a full disk");
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let outputs = disk.0.join("checkers_pos");
    let mut saved = 0;
    for entry in fs::read_dir(&outputs).into_iter().flatten().flatten() {
        let name = entry.file_name();
        assert!(
            names
                .iter()
                .any(|n| name == OsString::from(format!("{}.out", n)).as_os_str()),
            "left behind: {:?}",
            name
        );
        assert_eq!(fs::read(entry.path()).unwrap(), b"15\n", "{:?}", name);
        saved += 1;
    }
    assert!(saved < names.len(), "the disk was not full: {}", run.stdout);
    let said = format!(
        "{} not saved in {} (--save-outputs): the run fails",
        match names.len() - saved {
            1 => "1 output".to_string(),
            n => format!("{} outputs", n),
        },
        disk.0.display()
    );
    assert!(run.stdout.contains(&said), "{}", run.stdout);
    assert!(
        run.stdout.ends_with("6 passed, 0 failed\n"),
        "{}",
        run.stdout
    );
}
