//! How strong a package's test data is: each of the problem's mutants (its
//! `FAILING` submissions, as `--export` wrote them into the package's
//! `submissions/`) compiled as the package's submissions are (`rustc -O
//! --edition 2021`) and judged on every test of the package's `data/` with
//! the judge's own running and checking code; the count of secret tests that
//! reject each one is the measure, and the goal it must meet is [`GOAL`]'s.

use crate::build::{self, Rustc};
use crate::problems::{Failing, Problem};
use crate::{model, pool, run, verdict};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// The goal, for each mutant: a wrong answer is rejected by at least
/// `MIN_PERCENT` % of the secret tests and by at least `MIN_TESTS` of them; a
/// slow variant is too slow (TLE) on at least `MIN_TESTS`. And the first test
/// that rejects it, in the order verifyproblem judges (samples, then secret
/// tests, each by name), gives the verdict its folder names.
pub const GOAL: &str = "every wrong answer rejected by >= 5 % and >= 3 of the secret tests, \
                        every slow variant TLE on >= 3, each first rejected with its verdict";
const MIN_PERCENT: usize = 5;
const MIN_TESTS: usize = 3;

/// At most this many mutants are compiled and judged at a time (the
/// machines this runs on have 2 cores).
const AT_A_TIME: usize = 2;

/// One mutant, measured.
#[derive(Debug, Clone)]
pub struct Measured {
    pub name: &'static str,
    /// `wrong_answer` or `time_limit_exceeded`.
    pub wanted: &'static str,
    /// Secret tests whose verdict is not AC, and of those, TLE.
    pub rejecting: usize,
    pub tle: usize,
    /// How many secret tests there are.
    pub of: usize,
    /// The verdict of the first test that rejects it (samples first), if any.
    pub first: Option<&'static str>,
}

impl Measured {
    fn percent(&self) -> f64 {
        100.0 * self.rejecting as f64 / self.of.max(1) as f64
    }

    /// Why the mutant misses the goal, or `None` when it meets it.
    pub fn miss(&self) -> Option<String> {
        let (want_first, enough) = match self.wanted {
            "time_limit_exceeded" => ("TLE", self.tle >= MIN_TESTS),
            _ => (
                "WA",
                self.rejecting >= MIN_TESTS && self.rejecting * 100 >= MIN_PERCENT * self.of,
            ),
        };
        if !enough {
            return Some(format!(
                "{}: rejected by {} of {} secret tests ({} TLE)",
                self.name, self.rejecting, self.of, self.tle
            ));
        }
        match self.first {
            Some(first) if first != want_first => Some(format!(
                "{}: the first test that rejects it says {}, not {}",
                self.name, first, want_first
            )),
            _ => None,
        }
    }
}

/// A package's test, with the answer beside it.
struct Test {
    secret: bool,
    input: Vec<u8>,
    answer: Vec<u8>,
}

/// Measures every mutant of `problem` on the package at `package` (written
/// by `--export`), compiling into a scratch folder under `scratch`.
pub fn measure(
    problem: &'static Problem,
    package: &Path,
    scratch: &Path,
) -> Result<Vec<Measured>, String> {
    measure_these(problem, problem.package.failing, package, scratch)
}

/// Measures the given mutants on the worker pool, `AT_A_TIME` at a time:
/// each compiled, then judged on every test.
fn measure_these(
    problem: &'static Problem,
    mutants: &'static [Failing],
    package: &Path,
    scratch: &Path,
) -> Result<Vec<Measured>, String> {
    let tests = Arc::new(package_tests(package)?);
    let (package, scratch) = (package.to_path_buf(), scratch.to_path_buf());
    let workers = AT_A_TIME.min(pool::cores());
    pool::map(
        mutants.iter().collect(),
        workers,
        move |failing: &&Failing| measure_one(problem, failing, &package, &scratch, &tests),
    )
    .into_iter()
    .collect()
}

/// The package's tests, samples then secret ones, each group by name.
fn package_tests(package: &Path) -> Result<Vec<Test>, String> {
    let mut tests = Vec::new();
    for group in ["sample", "secret"] {
        let dir = package.join("data").join(group);
        for test in model::find_tests(&dir, &[])? {
            let answer = test
                .answer
                .as_ref()
                .ok_or_else(|| format!("no answer beside {}", test.input.display()))?;
            tests.push(Test {
                secret: group == "secret",
                input: read(&test.input)?,
                answer: read(answer)?,
            });
        }
    }
    Ok(tests)
}

/// Compiles one mutant from the package's `submissions/` and judges it on
/// every test.
fn measure_one(
    problem: &Problem,
    failing: &Failing,
    package: &Path,
    scratch: &Path,
    tests: &[Test],
) -> Result<Measured, String> {
    let source = submission_path(package, failing);
    let out_dir = scratch.join(problem.name);
    let exe = build::rustc_alone(
        &Rustc::default_one(),
        &source,
        failing.name,
        Some("2021"),
        &out_dir,
    )
    .map_err(|why| format!("the mutant {}: {}", failing.name, why))?;
    let limits = model::limits(problem, None, None, None);
    let mut measured = Measured {
        name: failing.name,
        wanted: failing.verdict,
        rejecting: 0,
        tle: 0,
        of: tests.iter().filter(|t| t.secret).count(),
        first: None,
    };
    for test in tests {
        let outcome = run::run(&mut Command::new(&exe), &test.input, &limits)
            .map_err(|e| format!("cannot run {}: {}", exe.display(), e))?;
        let checking = (problem.checker, problem.picture);
        let (verdict, _) = verdict::decide(checking, &test.input, &test.answer, &outcome, &limits);
        if verdict != "AC" {
            measured.first = measured.first.or(Some(verdict));
            if test.secret {
                measured.rejecting += 1;
                measured.tle += usize::from(verdict == "TLE");
            }
        }
    }
    Ok(measured)
}

/// Where `--export` wrote the mutant's source in the package.
pub fn submission_path(package: &Path, failing: &Failing) -> PathBuf {
    package
        .join("submissions")
        .join(failing.verdict)
        .join(format!("{}.rs", failing.name))
}

/// The table `--export` prints: one row per mutant.
pub fn table(rows: &[Measured]) -> Vec<String> {
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(6);
    let mut lines = vec![format!(
        "  {:<width$}  {:<19}  {:>9}  {:>5}  {:>6}  {:>3}  goal",
        "mutant",
        "verdict wanted",
        "rejecting",
        "of",
        "%",
        "TLE",
        width = width
    )];
    for row in rows {
        lines.push(format!(
            "  {:<width$}  {:<19}  {:>9}  {:>5}  {:>5.1}%  {:>3}  {}",
            row.name,
            row.wanted,
            row.rejecting,
            row.of,
            row.percent(),
            row.tle,
            if row.miss().is_none() {
                "met"
            } else {
                "MISSED"
            },
            width = width
        ));
    }
    lines
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read {}: {}", path.display(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(wanted: &'static str, rejecting: usize, tle: usize, of: usize) -> Measured {
        let first = match (rejecting, tle) {
            (0, _) => None,
            (_, 0) => Some("WA"),
            _ => Some("TLE"),
        };
        Measured {
            name: "m",
            wanted,
            rejecting,
            tle,
            of,
            first,
        }
    }

    #[test]
    fn a_wrong_answer_needs_five_percent_and_three_tests() {
        assert!(row("wrong_answer", 3, 0, 60).miss().is_none());
        assert!(row("wrong_answer", 2, 0, 20).miss().is_some());
        assert!(row("wrong_answer", 4, 0, 81).miss().is_some());
        assert!(row("wrong_answer", 5, 0, 100).miss().is_none());
        assert!(row("wrong_answer", 0, 0, 0).miss().is_some());
    }

    #[test]
    fn a_slow_variant_needs_three_tle() {
        assert!(row("time_limit_exceeded", 3, 3, 200).miss().is_none());
        assert!(row("time_limit_exceeded", 9, 2, 10).miss().is_some());
    }

    #[test]
    fn the_first_rejection_must_be_the_wanted_verdict() {
        let mut wrong = row("wrong_answer", 10, 0, 50);
        wrong.first = Some("RE");
        assert!(wrong.miss().unwrap().contains("says RE, not WA"));
        let mut slow = row("time_limit_exceeded", 10, 10, 50);
        slow.first = Some("WA");
        assert!(slow.miss().is_some());
    }

    /// A package of three secret tests of checkers_board (answers 1, 2
    /// and 3) and one sample (answer 1), and a "mutant" that always says 2.
    #[test]
    fn a_mutant_is_compiled_and_judged_on_every_test() {
        let root = std::env::temp_dir().join(format!("judge-mutants-test-{}", std::process::id()));
        let package = root.join("package");
        let write = |path: &str, text: &str| {
            let path = package.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        let board = "........\n".repeat(8);
        write("data/sample/s.in", &board);
        write("data/sample/s.ans", "1\n");
        for answer in 1..=3 {
            write(&format!("data/secret/{}.in", answer), &board);
            write(
                &format!("data/secret/{}.ans", answer),
                &format!("{}\n", answer),
            );
        }
        const TWICE: &[Failing] = &[Failing {
            name: "always_two",
            verdict: "wrong_answer",
            why: "says 2",
            changes: &[],
        }];
        write(
            "submissions/wrong_answer/always_two.rs",
            "fn main() { println!(\"2\"); }\n",
        );
        let board_problem = crate::problems::PROBLEMS
            .iter()
            .find(|p| p.name == "checkers_board")
            .unwrap();
        let measured = measure_these(board_problem, TWICE, &package, &root.join("bin"));
        let _ = fs::remove_dir_all(&root);
        let measured = measured.unwrap();
        assert_eq!(measured.len(), 1);
        let row = &measured[0];
        assert_eq!((row.rejecting, row.tle, row.of), (2, 0, 3), "{:?}", row);
        assert_eq!(row.first, Some("WA"));
        assert!(row.miss().unwrap().contains("rejected by 2 of 3"));
    }

    #[test]
    fn the_table_names_each_mutant_and_whether_it_meets_the_goal() {
        let mut weak = row("wrong_answer", 1, 0, 63);
        weak.name = "pawn_captures_forwards_only";
        let lines = table(&[weak, row("time_limit_exceeded", 4, 4, 63)]);
        assert_eq!(lines.len(), 3);
        assert!(lines[1].contains("pawn_captures_forwards_only"));
        assert!(lines[1].contains("    1     63    1.6%") && lines[1].ends_with("MISSED"));
        assert!(lines[2].ends_with("met"), "{}", lines[2]);
    }
}
