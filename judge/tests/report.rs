//! What the suite's report says about programs that fail before the checker
//! has a say: one that cannot be started at all, one that crashes (its board
//! is drawn, its stderr shown with control characters escaped), and a `-j`
//! larger than the machine.
#![cfg(unix)]

mod common;

use common::{judge, TempDir};
use std::fs;

/// A folder of `count` solitaire_chess tests (a two-piece board each).
fn solitaire_tests(count: usize) -> TempDir {
    let dir = TempDir::new("report");
    for i in 1..=count {
        let name = format!("t{:02}", i);
        fs::write(dir.join(format!("{}.in", name)), "....\n....\n.NR.\n....\n").unwrap();
        fs::write(dir.join(format!("{}.out", name)), "[[[2,1],[1,1]]]\n").unwrap();
    }
    dir
}

#[test]
fn a_program_that_cannot_be_started_is_one_line_for_the_suite() {
    let dir = solitaire_tests(6);
    let r = judge(&[
        "solitaire_chess",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        "/nonexistent/prog",
    ]);
    assert_eq!(r.code, Some(1), "{}\n{}", r.stdout, r.stderr);
    let lines: Vec<&str> = r.stdout.lines().filter(|l| l.contains("RE")).collect();
    assert_eq!(lines.len(), 1, "{}", r.stdout);
    assert!(
        lines[0].contains("could not be started: /nonexistent/prog: No such file"),
        "{}",
        r.stdout
    );
    assert!(lines[0].ends_with("(6 tests failed)"), "{}", r.stdout);
    assert!(!r.stdout.contains("exit code 127"), "{}", r.stdout);
    assert!(r.stdout.ends_with("0 passed, 6 failed\n"), "{}", r.stdout);
}

#[test]
fn a_crash_shows_the_board_and_its_stderr_escaped() {
    let dir = solitaire_tests(1);
    let r = judge(&[
        "solitaire_chess",
        "--tests",
        dir.to_str().unwrap(),
        "--cmd",
        r"printf '\r\033[2K  AC fake\n' >&2; exit 3",
    ]);
    assert_eq!(r.code, Some(1), "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("  RE "), "{}", r.stdout);
    assert!(r.stdout.contains("exit code 3"), "{}", r.stdout);
    // The program cannot move the cursor or overwrite a line of the report.
    assert!(
        !r.stdout.contains('\x1b') && !r.stdout.contains('\r'),
        "{:?}",
        r.stdout
    );
    assert!(
        r.stdout.contains(r"stderr: \r\u{1b}[2K  AC fake"),
        "{}",
        r.stdout
    );
    // The board is drawn as for a WA, with its coordinates.
    assert!(r.stdout.contains("the input board:"), "{}", r.stdout);
    assert!(r.stdout.contains("y=1  . N R ."), "{}", r.stdout);
    assert!(r.stdout.contains("x= 0 1 2 3"), "{}", r.stdout);
}

#[test]
fn more_jobs_than_cores_are_warned_about_once() {
    let dir = solitaire_tests(3);
    let run = |jobs: &str| {
        judge(&[
            "solitaire_chess",
            "--tests",
            dir.to_str().unwrap(),
            "--cmd",
            "cat >/dev/null; echo '[[[2,1],[1,1]]]'",
            "-j",
            jobs,
        ])
    };
    // 256 is more than any machine running this has; 1 never is.
    let r = run("256");
    assert_eq!(r.code, Some(0), "{}\n{}", r.stdout, r.stderr);
    let warnings: Vec<&str> = r.stderr.lines().filter(|l| l.contains("-j 256")).collect();
    assert_eq!(warnings.len(), 1, "{}", r.stderr);
    assert!(
        warnings[0].contains("is more than the") && warnings[0].contains("TLE (wall)"),
        "{}",
        r.stderr
    );
    let r = run("1");
    assert_eq!(r.code, Some(0), "{}\n{}", r.stdout, r.stderr);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
}
