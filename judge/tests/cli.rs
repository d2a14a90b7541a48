//! The judge seen from outside: deliberately misbehaving programs given with
//! `--cmd`, on tests given with `--tests`, must get the right verdict, the
//! right report and the right exit status.
#![cfg(unix)]

mod common;
#[path = "common/json.rs"]
mod json;

use common::TempDir;
use json::parse_json_lines;
use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A fresh folder of tests: `(name, input, answer)`; no answer file for `None`.
fn tests_dir(tests: &[(&str, &str, Option<&str>)]) -> TempDir {
    let dir = TempDir::new("cli");
    for (name, input, answer) in tests {
        fs::write(dir.join(format!("{}.in", name)), input).unwrap();
        if let Some(answer) = answer {
            fs::write(dir.join(format!("{}.out", name)), answer).unwrap();
        }
    }
    dir
}

struct Report {
    ok: bool,
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn judge(args: &[&str]) -> Report {
    judge_with(args, false)
}

/// The judge with its sandbox off (`JUDGE_NO_SANDBOX`) when `unsandboxed`:
/// for the tests that watch a program from outside, by the pids it prints
/// or the files it writes, which the sandbox hides (the supervisor's hold
/// they check holds without it).
fn judge_with(args: &[&str], unsandboxed: bool) -> Report {
    let start = Instant::now();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
    if unsandboxed {
        cmd.env("JUDGE_NO_SANDBOX", "1");
    }
    let out = cmd.args(args).output().expect("the judge runs");
    Report {
        ok: out.status.success(),
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        took: start.elapsed(),
    }
}

/// Judges `cmd` on one test whose input is `7 8` and whose answer is `15`.
fn judge_cmd(cmd: &str, extra: &[&str]) -> Report {
    judge_sum(cmd, extra, false)
}

/// The same with the sandbox off (see [`judge_with`]).
fn judge_cmd_unsandboxed(cmd: &str, extra: &[&str]) -> Report {
    judge_sum(cmd, extra, true)
}

fn judge_sum(cmd: &str, extra: &[&str], unsandboxed: bool) -> Report {
    let dir = tests_dir(&[("sum", "7 8\n", Some("15\n"))]);
    let mut args = vec![
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        cmd,
    ];
    args.extend_from_slice(extra);
    judge_with(&args, unsandboxed)
}

/// checkers_pos judged on the tests in `dir` with `cat` for a program (its
/// input is its answer), and `extra` options.
fn judge_cat(dir: &Path, extra: &[&str]) -> Report {
    judge(&cat_args(dir, extra))
}

/// The judge's arguments for [`judge_cat`].
fn cat_args<'a>(dir: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let args = [
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "cat",
    ];
    [&args[..], extra].concat()
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn a_right_answer_is_accepted() {
    let r = judge_cmd("read a b; echo $((a + b))", &[]);
    assert!(r.ok, "{}", r.stdout);
    assert!(r.stdout.contains("  AC "), "{}", r.stdout);
    // One test: "1 test passed", as text::counted words a count of one.
    assert!(
        r.stdout.contains("\n  = 1 test passed, slowest "),
        "{}",
        r.stdout
    );
    assert_eq!(last_line(&r.stdout), "1 passed, 0 failed");
}

#[test]
fn a_wrong_answer_shows_the_line_and_both_values() {
    let r = judge_cmd("echo 16", &[]);
    assert_eq!(r.code, Some(1));
    assert!(r.stdout.contains("  WA "), "{}", r.stdout);
    assert!(
        r.stdout.contains("line 1: expected \"15\", got \"16\""),
        "{}",
        r.stdout
    );
    assert_eq!(last_line(&r.stdout), "0 passed, 1 failed");
}

#[test]
fn a_whitespace_only_difference_is_wrong_but_named() {
    let r = judge_cmd("echo ' 15'", &[]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  WA "), "{}", r.stdout);
    assert!(
        r.stdout.contains("would match if whitespace were ignored"),
        "{}",
        r.stdout
    );
}

#[test]
fn tolerated_differences_are_accepted() {
    let r = judge_cmd("printf '15  \\r\\n\\r\\n'", &[]);
    assert!(r.ok, "{}", r.stdout);
}

#[test]
fn a_crash_is_a_runtime_error_with_its_signal_and_stderr() {
    let r = judge_cmd("echo 'about to fall' >&2; kill -SEGV $$", &[]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  RE "), "{}", r.stdout);
    assert!(r.stdout.contains("signal 11 (SIGSEGV)"), "{}", r.stdout);
    assert!(r.stdout.contains("stderr: about to fall"), "{}", r.stdout);
}

#[test]
fn a_non_zero_exit_is_a_runtime_error_even_with_the_right_output() {
    let r = judge_cmd("echo 15; exit 3", &[]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  RE "), "{}", r.stdout);
    assert!(r.stdout.contains("exit code 3"), "{}", r.stdout);
}

#[test]
fn an_endless_loop_is_killed() {
    let r = judge_cmd("while :; do :; done", &["--time-limit", "300"]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    assert!(r.stdout.contains("TLE (cpu): "), "{}", r.stdout);
    // Not a timing test: only "the judge did not wait for the loop".
    assert!(r.took < Duration::from_secs(20), "took {:?}", r.took);
}

#[test]
fn a_flood_of_output_is_cut_off_and_wrong() {
    let r = judge_cmd("yes 15", &[]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  WA "), "{}", r.stdout);
    assert!(r.stdout.contains("more than 64 MiB"), "{}", r.stdout);
}

#[test]
fn a_missing_answer_file_is_an_error_not_a_skip() {
    let dir = tests_dir(&[("a", "1\n", Some("1\n")), ("b", "2\n", None)]);
    let r = judge_cat(&dir, &[]);
    assert!(!r.ok);
    assert!(r.stdout.contains("no .out or .ans beside"), "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "1 passed, 1 failed");
}

/// An input the judge's user may not read is the test's error, named as
/// such (fd2a653's parent said `cannot run "cat": No such file or
/// directory` when it was the first test of a supervisor). Root reads any
/// file: there the input is read and the test passes.
#[test]
fn an_unreadable_input_is_an_error_that_names_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tests_dir(&[("a", "1\n", Some("1\n"))]);
    fs::set_permissions(dir.join("a.in"), fs::Permissions::from_mode(0o000)).unwrap();
    let r = judge_cat(&dir, &[]);
    // SAFETY: geteuid takes nothing and cannot fail.
    if unsafe { judge::sys::linux::geteuid() } == 0 {
        assert!(r.ok, "{}", r.stdout);
        return;
    }
    assert!(!r.ok);
    assert!(
        r.stdout.contains("ERR")
            && r.stdout
                .contains("the test could not be judged: cannot prepare the test's files: ")
            && r.stdout.contains("a.in: Permission denied"),
        "{}",
        r.stdout
    );
}

#[test]
fn ans_files_are_answers_too_and_folders_are_searched() {
    let dir = tests_dir(&[("top", "1\n", Some("1\n"))]);
    fs::create_dir_all(dir.join("secret")).unwrap();
    fs::write(dir.join("secret/deep.in"), "2\n").unwrap();
    fs::write(dir.join("secret/deep.ans"), "2\n").unwrap();
    let r = judge_cat(&dir, &[]);
    assert!(r.ok, "{}", r.stdout);
    assert!(r.stdout.contains("secret/deep"), "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "2 passed, 0 failed");
}

#[test]
fn the_report_keeps_the_order_of_the_tests() {
    let tests: Vec<(String, String)> = (0..12)
        .map(|i| (format!("t{:02}", i), format!("{}\n", i)))
        .collect();
    let spec: Vec<(&str, &str, Option<&str>)> = tests
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str(), Some(v.as_str())))
        .collect();
    let dir = tests_dir(&spec);
    // Earlier tests sleep longer, so they finish last.
    let cmd = "read n; sleep 0.$((12 - n)); echo $n";
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        cmd,
    ]);
    assert!(r.ok, "{}", r.stdout);
    let names: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("  AC "))
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    let want: Vec<&str> = tests.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, want);
}

#[test]
fn a_filter_that_matches_nothing_fails() {
    let dir = tests_dir(&[("a", "1\n", Some("1\n"))]);
    let r = judge_cat(&dir, &["--test", "zzz"]);
    // An error, as a mistake in the command line is, with the tests' names.
    assert_eq!(r.code, Some(2), "{}", r.stdout);
    assert!(
        r.stderr
            .contains("no test name contains \"zzz\" (the tests: checkers_pos: a)"),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_options_get_a_one_line_reason() {
    let r = judge(&["--cmd", "cat"]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("--cmd needs exactly one PROBLEM"),
        "{}",
        r.stderr
    );
    let r = judge(&["no_such_problem"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown problem"), "{}", r.stderr);
}

#[test]
fn help_lists_the_options() {
    let r = judge(&["--help"]);
    assert!(r.ok);
    for option in [
        "--test",
        "--cmd",
        "--tests",
        "--standalone",
        "--time-limit",
        "--memory-limit",
        "-j N",
        "--repeat",
        "--json",
        "--verbose",
        "--save-outputs",
        "--export",
        "--rustc",
        "--stress",
        "--generate",
        "--seed",
        "--save",
        "--figures",
        "--draw",
        "--answer",
        "--arrows",
        "NO_COLOR",
    ] {
        assert!(r.stdout.contains(option), "{} missing from --help", option);
    }
}

/// Python 3 itself, not a launcher script in front of it (pyenv's shims are
/// shell scripts that start several processes), quoted for the shell.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("these tests need python3");
        let path = String::from_utf8(out.stdout).unwrap();
        format!("'{}'", path.trim())
    })
}

/// A Python program for `--cmd`.
fn py(program: &str) -> String {
    format!("{} -c '{}'", python(), program)
}

/// Whether a process is gone (or a zombie waiting for its parent to reap it),
/// waiting up to 2 s for it to go.
fn gone(pid: &str) -> bool {
    let start = Instant::now();
    loop {
        let stat = fs::read_to_string(format!("/proc/{}/stat", pid.trim()));
        let dead = stat.map_or(true, |s| {
            s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        });
        if dead || start.elapsed() > Duration::from_secs(2) {
            return dead;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Kills a process the test started through the judge, if it still runs
/// (so that a failing test leaves nothing behind).
fn kill(pid: &str) {
    let _ = Command::new("kill")
        .args(["-9", pid.trim()])
        .stderr(Stdio::null())
        .status();
}

fn pids_in(text: &str) -> Vec<String> {
    let digits: String = text
        .chars()
        .map(|c| if c.is_ascii_digit() { c } else { ' ' })
        .collect();
    digits.split_whitespace().map(String::from).collect()
}

#[test]
fn allocating_a_gibibyte_is_mle_and_does_no_harm() {
    // The supervisor kills the test as its resident memory passes the
    // limit: the allocation itself succeeds (the address-space backstop is
    // far away), so there is no MemoryError to read.
    let r = judge_cmd(&py("x = bytearray(1 << 30); print(len(x))"), &[]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  MLE "), "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "killed once the test's resident memory (all its processes together) \
             passed the 256 MiB limit"
        ),
        "{}",
        r.stdout
    );
    assert!(r.took < Duration::from_secs(20), "took {:?}", r.took);
}

#[test]
fn the_memory_limit_can_be_set() {
    let grow = "x = b\"a\" * (100 << 20); print(15)";
    let r = judge_cmd(&py(grow), &["--memory-limit", "200"]);
    assert!(r.ok, "{}", r.stdout);
    let r = judge_cmd(&py(grow), &["--memory-limit", "64"]);
    assert!(r.stdout.contains("  MLE "), "{}", r.stdout);
}

#[test]
fn burning_cpu_past_the_limit_is_tle_on_cpu_time() {
    // CPU time, not wall time: the burn lasts 1.5 s of CPU however busy the
    // machine is. The judge stops it soon after 1 s, though python runs
    // under `sh -c`, which does not wait for it before it ends.
    let burn = "import time\nwhile time.process_time() < 1.5: pass\nprint(15)";
    let r = judge_cmd(&format!("{}; true", py(burn)), &["--time-limit", "1000"]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    assert!(r.stdout.contains("TLE (cpu): 1"), "{}", r.stdout);
    assert!(r.stdout.contains("killed once past it"), "{}", r.stdout);
    assert!(r.stdout.contains("over the 1000 ms limit"), "{}", r.stdout);
}

#[test]
fn sleeping_past_the_limit_is_tle_on_wall_time() {
    let r = judge_cmd("sleep 1.5; echo 15", &["--time-limit", "1000"]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    assert!(r.stdout.contains("TLE (wall): "), "{}", r.stdout);
    assert!(r.stdout.contains("idle for longer than"), "{}", r.stdout);
}

#[test]
fn a_sleeper_is_stopped_by_the_wall_clock_safety_net() {
    let r = judge_cmd("sleep 30", &["--time-limit", "300"]);
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("still running at the wall-clock safety net (1600 ms"),
        "{}",
        r.stdout
    );
    assert!(r.took < Duration::from_secs(20), "took {:?}", r.took);
}

#[test]
fn the_reported_memory_is_the_programs_own_peak() {
    let dir = tests_dir(&[("rss", "\n", Some("0\n"))]);
    let saved = tests_dir(&[]);
    // Touch 64 MiB, then print the peak the program sees itself, in KiB.
    let program = "import resource\nx = b\"a\" * (64 << 20)\n\
                   print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)";
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        &py(program),
        "--json",
        "--save-outputs",
        saved.to_str().unwrap(),
    ]);
    let objects = parse_json_lines(&r.stdout);
    assert_eq!(objects.len(), 1, "{}", r.stdout);
    let judged: f64 = objects[0]["memory_kib"].parse().unwrap();
    let printed = fs::read_to_string(saved.join("checkers_pos/rss.out")).unwrap();
    let own: f64 = printed.trim().parse().unwrap();
    assert!(own > 64.0 * 1024.0, "{}", own);
    assert!(
        (judged - own).abs() <= own / 10.0,
        "judge says {} KiB, the program {} KiB",
        judged,
        own
    );
}

#[test]
fn a_byte_order_mark_in_the_answer_file_is_not_part_of_the_answer() {
    let dir = tests_dir(&[
        ("bom", "7 8\n", Some("\u{feff}15\r\n")),
        ("empty", "7 8\n", Some(" \n\n")),
    ]);
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "read a b; echo $((a + b))",
    ]);
    assert!(r.stdout.contains("  AC "), "{}", r.stdout);
    assert!(r.stdout.contains("  ERR "), "{}", r.stdout);
    assert!(r.stdout.contains("empty.out is empty"), "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "1 passed, 1 failed");
}

#[test]
fn save_outputs_never_writes_over_a_tests_answer() {
    // `--save-outputs DIR` writes DIR/<problem>/<test>.out: with the tests in
    // DIR/checkers_pos, that is each test's own answer file.
    let root = tests_dir(&[]);
    let tests = root.join("checkers_pos");
    fs::create_dir_all(&tests).unwrap();
    fs::write(tests.join("sum.in"), "7 8\n").unwrap();
    fs::write(tests.join("sum.out"), "15\n").unwrap();
    let r = judge(&[
        "checkers_pos",
        "--tests",
        tests.to_str().unwrap(),
        "--cmd",
        "echo 9",
        "--save-outputs",
        root.to_str().unwrap(),
    ]);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("beside a test's input"), "{}", r.stderr);
    assert_eq!(fs::read_to_string(tests.join("sum.out")).unwrap(), "15\n");
}

#[test]
fn a_simple_command_runs_as_the_judges_own_child() {
    // `--cmd ./a.out` used to run under `sh`, so the judge checked the
    // program's CPU time only every 200 ms; with `exec` it is the child.
    let dir = tests_dir(&[("parent", "\n", Some("judge\n"))]);
    let script = dir.join("parent.sh");
    fs::write(&script, "cat /proc/$PPID/comm\n").unwrap();
    let cmd = format!("sh {}", script.display());
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        &cmd,
    ]);
    assert!(r.ok, "{}", r.stdout);
}

#[test]
fn a_flood_cut_off_counts_the_cpu_time_of_what_the_shell_started() {
    // `yes; :` is not a simple command: `sh` starts `yes` and waits for it.
    // The judge kills the run at 64 MiB of output; it used to lose the CPU
    // time of `yes` and report only the shell's (about 1 ms). Writing 64 MiB
    // takes `yes` well over 5 ms of CPU time.
    let r = judge_cmd("yes; :", &["--json"]);
    let objects = parse_json_lines(&r.stdout);
    assert_eq!(objects[0]["verdict"], "WA", "{}", r.stdout);
    let cpu: f64 = objects[0]["cpu_ms"].parse().unwrap();
    assert!(cpu >= 5.0, "{}", r.stdout);
}

#[test]
fn json_with_repeat_gives_the_start_up_figures_too() {
    let r = judge_cmd("read a b; echo $((a + b))", &["--json", "--repeat", "3"]);
    let objects = parse_json_lines(&r.stdout);
    assert_eq!(objects.len(), 2, "{}", r.stdout);
    assert_eq!(objects[0]["startup_runs"], "3", "{}", r.stdout);
    assert!(objects[0]["wall_ms"].parse::<f64>().is_ok(), "{}", r.stdout);
    assert_eq!(objects[1]["verdict"], "AC", "{}", r.stdout);
}

#[test]
fn json_with_no_matching_test_says_so_on_stderr() {
    let r = judge_cmd("cat", &["--json", "--test", "zzz"]);
    // A mistake in the command line: exit status 2.
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert!(
        r.stderr.contains("no test name contains \"zzz\""),
        "{}",
        r.stderr
    );
}

#[test]
fn a_child_left_behind_is_killed_and_reported() {
    // Bug 4: this was AC, and the sleep outlived the judge.
    let r = judge_cmd_unsandboxed("echo 15; sleep 30 >/dev/null 2>&1 & echo $! >&2", &[]);
    let pid = pids_in(
        r.stdout
            .lines()
            .find(|l| l.contains("stderr: "))
            .unwrap_or(""),
    );
    assert_eq!(pid.len(), 1, "{}", r.stdout);
    let survived = !gone(&pid[0]);
    kill(&pid[0]);
    assert!(!survived, "sleep {} survived the judge", pid[0]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  RE "), "{}", r.stdout);
    // The name is `sh` if the scan came between the fork and the exec.
    assert!(
        r.stdout.contains("left 1 process running; killed: "),
        "{}",
        r.stdout
    );
    // `(pid N)`, or `(pid N, holding ...)` if caught before its redirection.
    assert!(
        r.stdout.contains(&format!(" (pid {}", pid[0])),
        "{}",
        r.stdout
    );
}

#[test]
fn a_child_in_its_own_session_does_not_survive_a_tle() {
    // Bug 4: setsid takes the child out of the program's process group.
    let cmd = "setsid sleep 30 & echo $! >&2; sleep 30";
    let r = judge_cmd_unsandboxed(cmd, &["--time-limit", "200"]);
    let pid = pids_in(
        r.stdout
            .lines()
            .find(|l| l.contains("stderr: "))
            .unwrap_or(""),
    );
    assert_eq!(pid.len(), 1, "{}", r.stdout);
    let survived = !gone(&pid[0]);
    kill(&pid[0]);
    assert!(!survived, "setsid sleep {} survived the judge", pid[0]);
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    // Killed with the whole test, not left behind by the program.
    assert!(!r.stdout.contains("left 1 process running"), "{}", r.stdout);
}

#[test]
fn ctrl_c_kills_every_program_under_test() {
    // Bug 1: the programs sit in their own process groups, which the
    // terminal's Ctrl-C does not reach.
    let dir = tests_dir(&[("a", "1\n", Some("1\n")), ("b", "2\n", Some("2\n"))]);
    let pids = dir.join("pids");
    let cmd = format!(
        "echo $$ >> {p}; sleep 300 & echo $! >> {p}; setsid sleep 300 & echo $! >> {p}; wait",
        p = pids.display()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .env("JUDGE_NO_SANDBOX", "1") // it watches pids and a file (see judge_with)
        .args(["checkers_pos", "--tests", dir.to_str().unwrap(), "-j", "2"])
        .args(["--cmd", &cmd, "--time-limit", "60000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut started = Vec::new();
    while start.elapsed() < Duration::from_secs(20) {
        started = pids_in(&fs::read_to_string(&pids).unwrap_or_default());
        if started.len() == 6 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    let survivors: Vec<&String> = started.iter().filter(|pid| !gone(pid)).collect();
    for pid in &started {
        kill(pid);
    }
    assert_eq!(started.len(), 6, "the programs did not start");
    assert!(survivors.is_empty(), "still running: {:?}", survivors);
    assert_eq!(status.code(), Some(130), "{:?}", status);
}

#[test]
fn a_closed_stdout_stops_the_judge_quietly() {
    // Bug 2: `judge | head -2` panicked ("failed printing to stdout").
    let dir = tests_dir(&[
        ("a", "1\n", Some("1\n")),
        ("b", "2\n", Some("2\n")),
        ("c", "3\n", Some("3\n")),
    ]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["checkers_pos", "--tests", dir.to_str().unwrap(), "-j", "1"])
        .args(["--cmd", "sleep 0.3; cat"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout); // as `head` does once it has its lines
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(141), "{:?} {}", status, stderr);
    assert!(stderr.is_empty(), "{}", stderr);
}

#[test]
fn a_stdout_closed_from_the_start_is_an_error() {
    // `judge >&-`: Rust reopens descriptor 1 on /dev/null, so the report
    // would vanish with exit status 0; the judge refuses instead.
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" --help >&-")
        .arg(env!("CARGO_BIN_EXE_judge"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", stderr);
    assert!(stderr.contains("standard output is closed"), "{}", stderr);
    assert_eq!(stderr.lines().count(), 1, "{}", stderr);
}

#[test]
fn a_failed_write_is_an_error_not_a_broken_pipe() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--help")
        .stdout(fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", stderr);
    assert!(stderr.contains("cannot write the report"), "{}", stderr);
}

#[test]
fn test_filters_add_up() {
    // Bug 3: the second --test replaced the first.
    let dir = tests_dir(&[
        ("03", "3\n", Some("3\n")),
        ("04", "4\n", Some("4\n")),
        ("05", "5\n", Some("5\n")),
    ]);
    let r = judge_cat(&dir, &["--test", "03", "--test", "05"]);
    assert!(r.ok, "{}", r.stdout);
    assert!(r.stdout.contains(" 03\n") && r.stdout.contains(" 05\n"));
    assert!(!r.stdout.contains(" 04\n"), "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "2 passed, 0 failed");
}

#[test]
fn a_number_picks_the_tests_of_that_number() {
    // Issue 31: --test 15 also ran 23-hard-15-pieces and every other name
    // with a 15 in it.
    let names = [
        "05-x",
        "5-y",
        "15-z",
        "25-w",
        "23-hard-5-pieces",
        "gen-05-v",
    ];
    let tests: Vec<(&str, &str, Option<&str>)> =
        names.iter().map(|&n| (n, "1\n", Some("1\n"))).collect();
    let dir = tests_dir(&tests);
    let run = |filter: &str| {
        let r = judge(&[
            "checkers_pos",
            "--tests",
            dir.to_str().unwrap(),
            "--cmd",
            "cat",
            "--test",
            filter,
        ]);
        let ran: Vec<&str> = names
            .iter()
            .copied()
            .filter(|name| r.stdout.contains(&format!(" {}\n", name)))
            .collect();
        (ran, r)
    };
    let (ran, r) = run("5");
    assert_eq!(ran, ["05-x", "5-y", "gen-05-v"], "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "3 passed, 0 failed");
    // Other text is a part of the name, as before.
    let (ran, r) = run("5-");
    assert_eq!(ran, names, "{}", r.stdout);
    // A number no test has.
    let (ran, r) = run("7");
    assert!(ran.is_empty(), "{}", r.stdout);
    assert!(
        r.stderr
            .contains("no test is numbered 7 (the tests: checkers_pos: 5, 15, 23, 25)"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_start_up_baseline_times_what_the_command_starts() {
    // Bug 5: the baseline was the judge's own start-up, whatever --cmd ran.
    let r = judge_cmd("sleep 0.2; cat >/dev/null; echo 15", &["--repeat", "3"]);
    assert!(r.ok, "{}", r.stdout);
    let line = r
        .stdout
        .lines()
        .find(|l| l.contains("start-up: "))
        .unwrap_or_else(|| panic!("no start-up line:\n{}", r.stdout));
    let ms: f64 = line
        .split("start-up: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(ms >= 200.0, "{}", line);
    assert!(line.contains("the program on an empty input"), "{}", line);
}

#[test]
fn stderr_is_shown_on_a_wrong_answer_and_a_tle_too() {
    let r = judge_cmd("echo 'thinking hard' >&2; echo 16", &[]);
    assert!(r.stdout.contains("  WA "), "{}", r.stdout);
    assert!(r.stdout.contains("stderr: thinking hard"), "{}", r.stdout);
    let r = judge_cmd(
        "echo 'still thinking' >&2; sleep 30",
        &["--time-limit", "200"],
    );
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    assert!(r.stdout.contains("stderr: still thinking"), "{}", r.stdout);
}

#[test]
fn the_report_has_the_columns_and_no_colour_in_a_pipe() {
    let r = judge_cmd("read a b; echo $((a + b))", &[]);
    assert!(r.ok, "{}", r.stdout);
    assert!(
        r.stdout.contains("wall        cpu     memory  test"),
        "{}",
        r.stdout
    );
    let row = r.stdout.lines().find(|l| l.starts_with("  AC ")).unwrap();
    assert!(row.contains(" ms ") && row.contains(" MiB  sum"), "{}", row);
    assert!(!r.stdout.contains('\x1b'), "{:?}", r.stdout);
    assert!(
        r.stdout
            .contains("(limits: 1000 ms of CPU time, 256 MiB of memory)"),
        "{}",
        r.stdout
    );
}

#[test]
fn verbose_shows_the_whole_input_and_output() {
    let r = judge_cmd("read a b; echo $((a + b)); echo note >&2", &["--verbose"]);
    assert!(r.ok, "{}", r.stdout);
    for line in [
        "        input, as the program got it (`$` ends each line, `\\r` is a CR):",
        "        | 7 8$",
        "        output:",
        "        | 15",
        "        | note",
    ] {
        assert!(r.stdout.contains(line), "{:?} in\n{}", line, r.stdout);
    }
}

#[test]
fn json_has_one_object_per_test_and_parses_back() {
    let dir = tests_dir(&[
        ("good", "1\n", Some("1\n")),
        ("bad \"quoted\"", "2\n", Some("3\n")),
    ]);
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "cat; printf 'tab\\there \\\\ back\\n' >&2",
        "--json",
    ]);
    assert_eq!(r.code, Some(1));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    let objects = parse_json_lines(&r.stdout);
    let bad = &objects[0];
    assert_eq!(bad["problem"], "checkers_pos");
    assert_eq!(bad["test"], "bad \"quoted\"");
    assert_eq!(bad["verdict"], "WA");
    assert_eq!(
        bad["message"],
        "line 1: expected \"3\", got \"2\"\nstderr: tab\there \\ back"
    );
    let good = &objects[1];
    assert_eq!(good["test"], "good");
    assert_eq!(good["verdict"], "AC");
    assert_eq!(good["message"], "");
    for object in &objects {
        for key in ["wall_ms", "cpu_ms", "memory_kib"] {
            let n: f64 = object[key].parse().expect(key);
            assert!(n >= 0.0);
        }
    }
}

/// `--json` says of each test whether it ran in the sandbox: it did, unless
/// the sandbox is turned off.
#[cfg(supervised)]
#[test]
fn json_says_whether_each_test_was_sandboxed() {
    let dir = tests_dir(&[("a", "1\n", Some("1\n")), ("b", "2\n", Some("2\n"))]);
    let args = cat_args(&dir, &["--json"]);
    for (report, sandboxed) in [(judge(&args), "true"), (judge_with(&args, true), "false")] {
        let objects = parse_json_lines(&report.stdout);
        assert_eq!(objects.len(), 2, "{}", report.stdout);
        for object in &objects {
            assert_eq!(object["sandboxed"], sandboxed, "{}", report.stdout);
        }
    }
}

/// Run from the workspace's root (as the README says), a program sees none
/// of the workspace: not the answers (the samples, the repository's history
/// in `.git`), not our solutions' builds (`target/release`), not the rest
/// (`Cargo.toml`): its working folder is its own, with only what its command
/// line names in it. (The probe is a script whose command line names only
/// the script: what a command names on purpose is shown.)
#[cfg(supervised)]
#[test]
fn the_workspace_is_hidden_from_a_program_run_from_the_root() {
    let root = judge::workspace::root();
    let target = judge::workspace::target_dir(&root);
    let dir = TempDir::new("probe");
    let probe = dir.join("probe.sh");
    fs::write(
        &probe,
        format!(
            "cat samples/checkers_pos/01-*.out 2>/dev/null || echo 9 9; \
             test -e .git/HEAD && echo git-visible >&2; \
             test -e {release}/checkers_pos && echo solution-visible >&2; \
             test -e Cargo.toml && echo workspace-visible >&2; \
             echo probed >&2; true\n",
            release = target.join("release").display()
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(&root)
        .args(["checkers_pos", "--test", "01", "--verbose", "--cmd"])
        .arg(format!("sh {}", probe.display()))
        .output()
        .expect("the judge runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("WA "), "the answer was read:\n{}", stdout);
    assert!(stdout.contains("probed"), "{}", stdout);
    for leak in ["git-visible", "solution-visible", "workspace-visible"] {
        assert!(!stdout.contains(leak), "{}:\n{}", leak, stdout);
    }
    // Our solution, in the hidden target/release, still runs beside the
    // program under --stress: it is bound on its own.
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(&root)
        .args([
            "checkers_pos",
            "--cmd",
            "echo 0 0",
            "--stress",
            "5",
            "--seed",
            "1",
        ])
        .output()
        .expect("the judge runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("WA on case 1"), "{}", stdout);
}

/// A program that fails every test the same way gets one report and a line
/// for the rest, not the same block again and again.
#[test]
fn identical_failures_are_reported_once_with_the_count() {
    let r = judge(&[
        "checkers_pos",
        "--cmd",
        "sh -c 'echo no such file >&2; exit 2'",
    ]);
    assert_eq!(r.code, Some(1));
    assert_eq!(r.stdout.matches("exit code 2").count(), 1, "{}", r.stdout);
    let tests = r.stdout.matches("\n  RE ").count();
    assert_eq!(tests, 2, "one row and one line for the rest:\n{}", r.stdout);
    assert!(r.stdout.contains("the same on the next "), "{}", r.stdout);
    // Failures that differ are each shown.
    let r = judge(&["checkers_pos", "--test", "seed", "--cmd", "cat"]);
    assert!(!r.stdout.contains("the same on the next"), "{}", r.stdout);
}

/// Stopped by a signal, the judge says what it had done: the tests' tally
/// (those it stopped not counted), or the stress cases run.
#[test]
fn an_interrupted_run_says_what_was_done() {
    // A slow program that answers right: our solution, after a nap.
    let ours = judge::workspace::target_dir(&judge::workspace::root()).join("release/checkers_pos");
    let slow_but_right = format!("sleep 0.1; exec {}", ours.display());
    let runs: [&[&str]; 2] = [
        &["checkers_pos", "-j", "1", "--cmd", "sleep 0.2; echo 0 0"],
        &[
            "checkers_pos",
            "--stress",
            "100000",
            "--seed",
            "1",
            "--cmd",
            &slow_but_right,
        ],
    ];
    let wanted = ["failed, ", "run without a failure, seed 1"];
    for (args, want) in runs.iter().zip(wanted) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The first line of the report comes once the build is done.
        let mut first = [0u8; 1];
        let _ = child.stdout.as_mut().unwrap().read(&mut first);
        std::thread::sleep(Duration::from_millis(1500));
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{}", stderr);
        assert!(stderr.contains(want), "{:?}: {}", args, stderr);
        assert!(
            stderr
                .trim_end()
                .ends_with("the programs under test were killed"),
            "{}",
            stderr
        );
        assert!(!stderr.contains("cannot start"), "{}", stderr);
    }
}

/// The live processes whose environment marks them as started by the judge
/// whose pid is `judge`.
fn marked_by(judge: u32) -> Vec<String> {
    let marker = format!("JUDGE_RUN_ID={}-", judge);
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let stat = fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z');
        if !name.bytes().all(|b| b.is_ascii_digit()) || zombie {
            continue;
        }
        let environ = fs::read(entry.path().join("environ")).unwrap_or_default();
        if environ
            .split(|&b| b == 0)
            .any(|var| var.starts_with(marker.as_bytes()))
        {
            found.push(name);
        }
    }
    found
}

#[test]
fn ctrl_c_mid_run_starts_nothing_new_and_leaves_nothing_behind() {
    // Item 2: after the signal the workers went on starting tests, and the
    // judge could exit while one was between fork and exec, unregistered and
    // not yet marked: it survived. Many tests, two at a time, several tries.
    let tests: Vec<(String, &str, Option<&str>)> = (0..40)
        .map(|i| (format!("t{:02}", i), "1\n", Some("1\n")))
        .collect();
    let borrowed: Vec<(&str, &str, Option<&str>)> =
        tests.iter().map(|(n, i, a)| (n.as_str(), *i, *a)).collect();
    let dir = tests_dir(&borrowed);
    for attempt in 0..6 {
        let started = dir.join(format!("started-{}", attempt));
        let cmd = format!("echo $$ >> {}; sleep 300", started.display());
        let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
            .env("JUDGE_NO_SANDBOX", "1") // it watches a file (see judge_with)
            .args(["checkers_pos", "--tests", dir.to_str().unwrap(), "-j", "2"])
            .args(["--cmd", &cmd, "--time-limit", "60000"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20)
            && pids_in(&fs::read_to_string(&started).unwrap_or_default()).len() < 2
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        let signal = if attempt % 2 == 0 { "-INT" } else { "-TERM" };
        let _ = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status();
        let status = child.wait().unwrap();
        let left = marked_by(child.id());
        for pid in &left {
            kill(pid);
        }
        let ran = pids_in(&fs::read_to_string(&started).unwrap_or_default());
        assert!(
            left.is_empty(),
            "try {}: still running: {:?}",
            attempt,
            left
        );
        assert_eq!(
            ran.len(),
            2,
            "try {}: tests started after the signal",
            attempt
        );
        let want = if attempt % 2 == 0 { 130 } else { 143 };
        assert_eq!(status.code(), Some(want), "{:?}", status);
    }
}

/// The processes whose environment holds `entry` (`NAME=value`).
fn processes_with_env(entry: &str) -> Vec<String> {
    let mut found = Vec::new();
    for item in fs::read_dir("/proc").unwrap().flatten() {
        let name = item.file_name().to_string_lossy().into_owned();
        if !name.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let environ = fs::read(item.path().join("environ")).unwrap_or_default();
        if environ
            .split(|&b| b == 0)
            .any(|var| var == entry.as_bytes())
        {
            found.push(name);
        }
    }
    found
}

#[test]
fn sigterm_during_the_build_ends_cargo_and_the_compilers() {
    // Issue 18: SIGTERM while `cargo build` ran left cargo and rustc running.
    // A target folder of its own makes cargo compile from scratch, which
    // takes seconds; the judge is stopped in the middle of it.
    let target = TempDir::new("cli-build");
    let entry = format!("CARGO_TARGET_DIR={}", target.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .env("CARGO_TARGET_DIR", target.to_str().unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    // Wait until a compiler runs.
    let mut compiled = false;
    while !compiled && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
        compiled = processes_with_env(&entry).iter().any(|pid| {
            fs::read_to_string(format!("/proc/{}/comm", pid)).is_ok_and(|c| c.trim() == "rustc")
        });
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    assert!(compiled, "no rustc seen in 20 s");
    // SIGKILL is immediate, but the kernel may take a moment to reap. (Cargo
    // left to itself ends some seconds later, its output gone.)
    let stopped = Instant::now();
    let mut left = processes_with_env(&entry);
    while !left.is_empty() && stopped.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(50));
        left = processes_with_env(&entry);
    }
    for pid in &left {
        kill(pid);
    }
    assert!(left.is_empty(), "still running: {:?}", left);
    assert_eq!(status.code(), Some(143), "{:?}", status);
}

/// Issue 31: a command with variable assignments before its program (as a
/// shell allows), or run through `env`, is read as the shell reads it: the
/// script it names is shown to it in the sandbox. On the judge of the day,
/// `X=1 python3 /path/sum.py` was RE on every test ("can't open file").
#[cfg(supervised)]
#[test]
fn a_command_with_variables_before_its_program_finds_its_script() {
    let dir = TempDir::new("assignments");
    let script = dir.join("sum.py");
    fs::write(
        &script,
        "import os\na, b = map(int, input().split())\n\
         print(a + b if os.environ.get('X') == '1' else 0)\n",
    )
    .unwrap();
    let (py, sum) = (python(), script.display());
    for cmd in [
        format!("X=1 {} {}", py, sum),
        format!("X=1 Y=2 exec {} {}", py, sum),
        format!("env X=1 {} {}", py, sum),
        format!("env -i X=1 /usr/bin/env {} {}", py, sum),
    ] {
        let r = judge_cmd(&cmd, &[]);
        assert!(
            r.stdout.contains("  AC "),
            "{}:\n{}{}",
            cmd,
            r.stdout,
            r.stderr
        );
    }
    let r = judge_cmd(&format!("{} {}", py, sum), &["--env", "X=1"]);
    assert!(
        r.stdout.contains("  AC "),
        "--env:\n{}{}",
        r.stdout,
        r.stderr
    );
}

/// Issue 31: a program in a folder of mode 0700 (as `mktemp -d` makes)
/// runs, whoever runs the judge: the folders on the way to what the
/// command names are the view's own. A script the tests' user cannot read
/// (mode 0600, the judge run as root: tests run as uid 65534) is said once,
/// with the reason and what to do, in the line that says the program could
/// not be started, in place of the tests: not an RE on every test. On the judge of
/// the day, as root: `Permission denied` on every test, in both cases.
#[cfg(supervised)]
#[test]
fn a_program_in_a_closed_folder_runs_or_is_said_once() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("closed");
    let script = dir.join("sum.py");
    fs::write(&script, "a, b = map(int, input().split())\nprint(a + b)\n").unwrap();
    fs::set_permissions(&*dir, fs::Permissions::from_mode(0o700)).unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o644)).unwrap();
    let cmd = format!("{} {}", python(), script.display());
    let r = judge_cmd(&cmd, &[]);
    assert!(r.stdout.contains("  AC "), "{}{}", r.stdout, r.stderr);
    fs::set_permissions(&script, fs::Permissions::from_mode(0o600)).unwrap();
    let tests = tests_dir(&[("a", "7 8\n", Some("15\n")), ("b", "1 2\n", Some("3\n"))]);
    let r = judge(&[
        "checkers_pos",
        "--tests",
        tests.to_str().unwrap(),
        "--cmd",
        &cmd,
    ]);
    let report = format!("{}{}", r.stdout, r.stderr);
    // SAFETY: geteuid takes nothing and cannot fail.
    let as_root = unsafe { judge::sys::linux::geteuid() } == 0;
    if !as_root {
        // The tests' user is the judge's own, who may read it.
        assert!(r.ok, "{}", report);
        return;
    }
    assert!(!r.ok, "{}", report);
    let said = report
        .matches("Permission denied for the tests' user")
        .count();
    assert_eq!(said, 1, "{}", report);
    assert_eq!(
        report.matches("could not be started").count(),
        1,
        "{}",
        report
    );
    assert!(report.contains("chmod o+r"), "{}", report);
}

/// `--draw FILE` with no PROBLEM named: the problem whose folder holds FILE
/// (`samples/<problem>/`), else the only one whose input format reads it;
/// when none or several do, the message says to name it.
#[test]
fn draw_infers_the_problem_or_says_which_to_name() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("samples");
    let draw = |args: &[&Path]| {
        let mut list = vec!["--draw"];
        list.extend(args.iter().map(|a| a.to_str().unwrap()));
        judge(&list)
    };
    // An empty 4x4 board: checkers_board reads it too, its folder tells.
    let empty = samples.join("solitaire_chess").join("16-empty-board.in");
    let inferred = draw(&[&empty]);
    let named = judge(&["solitaire_chess", "--draw", empty.to_str().unwrap()]);
    assert!(inferred.ok, "{}", inferred.stderr);
    assert!(inferred.stdout.starts_with("<svg"), "{}", inferred.stdout);
    assert_eq!(inferred.stdout, named.stdout);
    // Out of its folder, the only format that reads it tells.
    let dir = TempDir::new("draw");
    let russian = samples
        .join("russian_checkers")
        .join("01-seed-example0-starting-position.in");
    let moved = dir.join("board.in");
    fs::copy(&russian, &moved).unwrap();
    let inferred = draw(&[&moved]);
    let named = judge(&["russian_checkers", "--draw", moved.to_str().unwrap()]);
    assert!(inferred.ok, "{}", inferred.stderr);
    assert_eq!(inferred.stdout, named.stdout);
    // Read by two formats, by none: the one line says which to name.
    fs::copy(&empty, &moved).unwrap();
    let r = draw(&[&moved]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        format!(
            "judge: --draw: {0} reads as an input of checkers_board or solitaire_chess: \
             name the one it is for, as in `judge checkers_board --draw {0}`\n",
            moved.display()
        )
    );
    fs::write(&moved, "hello\n").unwrap();
    let r = draw(&[&moved]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("no problem reads") && r.stderr.contains("judge PROBLEM --draw"),
        "{}",
        r.stderr
    );
    // checkers_board draws no board of letters it does not know.
    let r = judge(&["checkers_board", "--draw", russian.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("is not B, W, . or a space"),
        "{}",
        r.stderr
    );
}
