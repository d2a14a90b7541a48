//! An honest program under test, seen from outside: a program written to
//! the statement meets the samples as the judges' data gives them, and a
//! program that cannot run (or a `--test` that picks nothing) gets a
//! message that leads to the fix. Each test also runs against an older
//! judge named by `JUDGE_UNDER_TEST` (to see it fail there).
#![cfg(unix)]

mod common;

use common::{Report, TempDir};
use std::fs;
use std::path::PathBuf;
use std::process::Command;

/// The judge these tests hold: this workspace's, or `JUDGE_UNDER_TEST`.
fn judge(args: &[&str]) -> Report {
    judge_with(args, false)
}

/// The same, with the sandbox off (`JUDGE_NO_SANDBOX`) when `unsandboxed`.
fn judge_with(args: &[&str], unsandboxed: bool) -> Report {
    let judge = std::env::var_os("JUDGE_UNDER_TEST")
        .map_or_else(|| env!("CARGO_BIN_EXE_judge").into(), PathBuf::from);
    let mut cmd = Command::new(judge);
    if unsandboxed {
        cmd.env("JUDGE_NO_SANDBOX", "1");
    }
    let out = cmd.args(args).output().expect("the judge runs");
    Report {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

const PROBLEMS: [&str; 5] = [
    "checkers_board",
    "checkers_pos",
    "checks_post_facto",
    "russian_checkers",
    "solitaire_chess",
];

/// A contestant's strict reader, written to each statement's "Input" (the
/// judges' data): it takes the input only in that form, else exits 1 with
/// one line; then it answers with the solver it is given (ours).
const STRICT: &str = r#"#!/bin/sh
problem=$1 solver=$2
f=$(mktemp) || exit 1
cat > "$f"
fail() { echo "strict $problem: $1" >&2; exit 1; }
[ -s "$f" ] || fail "empty input"
[ -z "$(tail -c 1 "$f")" ] || fail "no newline at the end"
LC_ALL=C grep -q "$(printf '[\r\t]')" "$f" && fail "a CR or a tab"
LC_ALL=C grep -q -e '^ ' -e ' $' -e '^$' -e '  ' "$f" && fail "a blank at an end, a blank line"
case $problem in
checkers_board) rule='NR <= 8 && length($0) == 8 && /^[BW.]+$/ { next } { bad = 1 } END { exit bad || NR != 8 }' ;;
checkers_pos) rule='NR <= 2 && /^(0|[1-9][0-9]*)( (0|[1-9][0-9]*))*$/ && $1 == NF - 1 { next } { bad = 1 } END { exit bad || NR != 2 }' ;;
checks_post_facto) rule='NR == 1 && /^[BW] [1-9][0-9]*$/ { n = $2; next } NR > 1 && /^[1-9][0-9]*(-[1-9][0-9]*|(x[1-9][0-9]*)+)$/ { next } { bad = 1 } END { exit bad || NR != n + 1 }' ;;
russian_checkers) rule='NR <= 8 && length($0) == 8 && /^[.wWbB]+$/ { next } NR == 9 && /^(WHITE|BLACK)$/ { next } { bad = 1 } END { exit bad || NR != 9 }' ;;
solitaire_chess) rule='NR <= 4 && /^[KQRBNP.] [KQRBNP.] [KQRBNP.] [KQRBNP.]$/ { next } { bad = 1 } END { exit bad || NR != 4 }' ;;
*) fail "unknown problem" ;;
esac
awk "$rule" "$f" || fail "not in the judges' form"
exec "$solver" < "$f"
"#;

/// The strict reader in a folder others may enter (the judge may run as
/// root, its tests as nobody), and our solvers, built.
fn strict_reader() -> (TempDir, String, Vec<PathBuf>) {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("strict");
    let script = dir.join("strict.sh");
    fs::write(&script, STRICT).unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    fs::set_permissions(&*dir, fs::Permissions::from_mode(0o755)).unwrap();
    let root = judge::workspace::root();
    let solvers = judge::build::cargo_release(&root, &PROBLEMS, true)
        .into_iter()
        .map(|built| built.expect("our solutions build"))
        .collect();
    let script = script.display().to_string();
    (dir, script, solvers)
}

/// The last line of the report: `N passed, M failed`.
fn tally(r: &Report) -> &str {
    r.stdout.lines().last().unwrap_or("")
}

/// A program that reads only what the statements promise passes every
/// sample of the five problems: each meets the samples as the judges' data
/// gives them, those that become one judged once, and a line before the
/// tests says so with their count. `--as-written` gives them as written,
/// the layouts only our solutions tolerate included: the strict reader
/// fails those (and only those).
#[test]
fn a_strict_program_meets_the_samples_in_the_judges_form() {
    let (_dir, script, solvers) = strict_reader();
    // Tests in the judges' form, and the samples written in a layout of
    // ours alone (checkers_board: spaces, stripped rows, CRLF).
    let expected = [(15, 11), (14, 1), (25, 0), (40, 2), (58, 3)];
    for ((problem, solver), (judged, layouts)) in PROBLEMS.iter().zip(&solvers).zip(expected) {
        let cmd = format!("{} {} {}", script, problem, solver.display());
        let r = judge(&[problem, "--cmd", &cmd]);
        assert_eq!(
            tally(&r),
            format!("{} passed, 0 failed", judged),
            "{}\n{}",
            r.stdout,
            r.stderr
        );
        assert_eq!(r.code, Some(0));
        let note = r.stderr.lines().find(|l| l.contains("judges' data"));
        let note = note.unwrap_or_else(|| panic!("no note of the form in {}", r.stderr));
        assert!(note.contains(&format!(": {} tests", judged)), "{}", note);
        assert!(note.contains("--as-written"), "{}", note);
        if layouts > 0 {
            assert!(note.contains(" left out"), "{}", note);
        }
        let r = judge(&[problem, "--as-written", "--cmd", &cmd]);
        let all = judged + layouts;
        let failed = format!("{} passed, {} failed", all - layouts, layouts);
        assert_eq!(tally(&r), failed, "{}\n{}", r.stdout, r.stderr);
        if layouts > 0 {
            assert!(r.stdout.contains("stderr: strict "), "{}", r.stdout);
        }
    }
    // The layouts that failed as written are the tolerance samples.
    let cmd = format!("{} checkers_board {}", script, solvers[0].display());
    let r = judge(&["checkers_board", "--as-written", "--cmd", &cmd]);
    let failed: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("  RE ") || l.contains("the same on the next"))
        .collect();
    assert!(
        failed[0].ends_with("06-seed0-one-man-each-spaces"),
        "{:?}",
        failed
    );
}

/// `--verbose` shows the input as the program got it: in the judges' form
/// for a sample written with CRLF, byte for byte (CR and all) on a test of
/// `--tests DIR`, which runs as written.
#[test]
fn the_report_shows_the_input_as_the_program_got_it() {
    let r = judge(&[
        "checkers_board",
        "--test",
        "21",
        "--verbose",
        "--cmd",
        "cat",
    ]);
    assert!(r.stdout.contains("        | B.B.....$\n"), "{}", r.stdout);
    assert!(!r.stdout.contains("\\r$"), "{}", r.stdout);
    let dir = TempDir::new("as-written");
    fs::write(dir.join("crlf.in"), "7 8\r\n1").unwrap();
    fs::write(dir.join("crlf.out"), "15\n").unwrap();
    let tests = dir.display().to_string();
    let r = judge(&[
        "checkers_pos",
        "--tests",
        &tests,
        "--verbose",
        "--cmd",
        "cat",
    ]);
    assert!(
        r.stdout.contains("        | 7 8\\r$\n        | 1\n"),
        "{}",
        r.stdout
    );
    assert!(!r.stderr.contains("judges' data"), "{}", r.stderr);
    // Our own solution meets the samples as written: no such note.
    let r = judge(&["checkers_board", "--test", "21"]);
    assert_eq!(tally(&r), "1 passed, 0 failed", "{}", r.stdout);
    assert!(!r.stderr.contains("judges' data"), "{}", r.stderr);
}

/// A `--test` that picks no test is a mistake in the command line: exit
/// status 2 and one line with the tests' numbers, not `all 0 passed`.
#[test]
fn a_test_filter_that_picks_nothing_is_an_error_with_the_tests_numbers() {
    let r = judge(&["checkers_board", "--test", "99", "--cmd", "cat"]);
    assert_eq!(r.code, Some(2), "{}\n{}", r.stdout, r.stderr);
    assert_eq!(
        r.stderr.trim(),
        "judge: --test: no test is numbered 99 (the tests: checkers_board: 1-26)"
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
}

/// A program that floods its stderr spends its time off the CPU waiting
/// for the judge to read it: not called idle, whatever the verdict.
#[test]
fn a_program_blocked_writing_to_its_stderr_is_not_called_idle() {
    let dir = TempDir::new("flood");
    fs::write(dir.join("sum.in"), "7 8\n").unwrap();
    fs::write(dir.join("sum.out"), "15\n").unwrap();
    let tests = dir.display().to_string();
    let r = judge(&[
        "checkers_pos",
        "--tests",
        &tests,
        // A long limit: the wall-clock net (2 x limit + 1 s off the CPU)
        // comes long before the CPU time of a writer mostly blocked.
        "--time-limit",
        "2000",
        "--cmd",
        "dd if=/dev/zero bs=1M count=1000000 status=none >&2",
    ]);
    let reason = r.stdout.lines().find(|l| l.contains("TLE ("));
    let reason = reason.unwrap_or_else(|| panic!("a TLE in\n{}", r.stdout));
    assert!(!reason.contains(": idle"), "{}", reason);
    if reason.contains("TLE (wall)") {
        assert!(
            reason.contains("blocked writing to its stderr ("),
            "{}",
            reason
        );
    }
}

/// The line that says why the program could not be started.
fn not_started(r: &Report) -> &str {
    let line = r
        .stdout
        .lines()
        .find(|l| l.contains("could not be started: "));
    line.unwrap_or_else(|| panic!("no reason in\n{}", r.stdout))
}

/// A program that cannot be run gets the reason that leads to the fix,
/// sandboxed and not: a folder named as the program is a directory; a
/// script whose `#!` interpreter is missing names the interpreter; a file
/// that cannot be executed says what to change, with its path once.
#[test]
fn a_program_that_cannot_run_is_told_what_to_fix() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("unrunnable");
    fs::set_permissions(&*dir, fs::Permissions::from_mode(0o755)).unwrap();
    let folder = dir.join("sol");
    fs::create_dir(&folder).unwrap();
    let script = dir.join("run.sh");
    fs::write(&script, "#!/no/such/interpreter\necho 0 0\n").unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    let closed = dir.join("closed.sh");
    fs::write(&closed, "#!/bin/sh\necho 0 0\n").unwrap();
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| {
        use std::os::unix::fs::MetadataExt;
        m.uid() == 0
    });
    fs::set_permissions(&closed, fs::Permissions::from_mode(0o600)).unwrap();
    for unsandboxed in [false, true] {
        let on = |cmd: &std::path::Path| {
            let cmd = cmd.display().to_string();
            judge_with(&["checkers_pos", "--test", "1", "--cmd", &cmd], unsandboxed)
        };
        let r = on(&folder);
        let why = not_started(&r);
        assert!(
            why.contains(": Is a directory: a folder cannot be run"),
            "{}",
            why
        );
        let r = on(&script);
        let why = not_started(&r);
        assert!(
            why.contains(
                "its #! line names the interpreter /no/such/interpreter, which is not there"
            ),
            "{}",
            why
        );
        let r = on(&closed);
        let why = not_started(&r);
        let path = closed.display().to_string();
        assert_eq!(why.matches(&path).count(), 1, "{}", why);
        // Nobody may run it: first of all it needs an x bit (root too).
        let fix = "it is not executable (mode 600): chmod +x it";
        assert!(why.contains(fix), "{}", why);
        // Once its owner may run it, as root, sandboxed, the tests' user is
        // nobody: it needs r and x for others.
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o700)).unwrap();
        let r = on(&closed);
        let fix = format!(
            "chmod o+rx {} (mode 700), or run the judge as another user",
            path
        );
        match root && !unsandboxed {
            true => assert!(not_started(&r).contains(&fix), "{}", not_started(&r)),
            false => assert!(
                r.stdout.contains("AC") || r.stdout.contains("WA"),
                "{}",
                r.stdout
            ),
        }
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o600)).unwrap();
    }
}
