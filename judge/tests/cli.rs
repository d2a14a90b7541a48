//! The judge seen from outside: deliberately misbehaving programs given with
//! `--cmd`, on tests given with `--tests`, must get the right verdict, the
//! right report and the right exit status.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A scratch folder, removed when the test is done with it.
struct TempDir(PathBuf);

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

/// A fresh folder of tests: `(name, input, answer)`; no answer file for `None`.
fn tests_dir(tests: &[(&str, &str, Option<&str>)]) -> TempDir {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "judge-cli-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (name, input, answer) in tests {
        fs::write(dir.join(format!("{}.in", name)), input).unwrap();
        if let Some(answer) = answer {
            fs::write(dir.join(format!("{}.out", name)), answer).unwrap();
        }
    }
    TempDir(dir)
}

struct Report {
    ok: bool,
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn judge(args: &[&str]) -> Report {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .output()
        .expect("the judge runs");
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
    let dir = tests_dir(&[("sum", "7 8\n", Some("15\n"))]);
    let mut args = vec![
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        cmd,
    ];
    args.extend_from_slice(extra);
    judge(&args)
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn a_right_answer_is_accepted() {
    let r = judge_cmd("read a b; echo $((a + b))", &[]);
    assert!(r.ok, "{}", r.stdout);
    assert!(r.stdout.contains("  AC "), "{}", r.stdout);
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
fn an_endless_loop_is_killed_at_the_time_limit() {
    let r = judge_cmd("while :; do :; done", &["--time-limit", "300"]);
    assert!(!r.ok);
    assert!(r.stdout.contains("  TLE "), "{}", r.stdout);
    assert!(r.stdout.contains("killed after 300 ms"), "{}", r.stdout);
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
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "cat",
    ]);
    assert!(!r.ok);
    assert!(r.stdout.contains("no .out or .ans beside"), "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "1 passed, 1 failed");
}

#[test]
fn ans_files_are_answers_too_and_folders_are_searched() {
    let dir = tests_dir(&[("top", "1\n", Some("1\n"))]);
    fs::create_dir_all(dir.join("secret")).unwrap();
    fs::write(dir.join("secret/deep.in"), "2\n").unwrap();
    fs::write(dir.join("secret/deep.ans"), "2\n").unwrap();
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "cat",
    ]);
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
    let r = judge(&[
        "checkers_pos",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "cat",
        "--test",
        "zzz",
    ]);
    assert!(!r.ok);
    assert_eq!(last_line(&r.stdout), "0 passed, 0 failed");
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
    for option in ["--test", "--cmd", "--tests", "--standalone", "--time-limit"] {
        assert!(r.stdout.contains(option), "{} missing from --help", option);
    }
}
