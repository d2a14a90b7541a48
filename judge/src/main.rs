//! The judge: runs every solution over its samples and says AC, WA, RE or TLE.
//!
//! `cargo run -p judge` builds the five solutions in release mode, runs each
//! `samples/<problem>/<name>.in` under the problem's time limit, checks the
//! output against `<name>.out` (or `<name>.ans`) with the problem's checker, and
//! prints one line per test, a summary per problem, and last `N passed, M failed`.
//! The exit status is 0 only when every test passed and at least one ran.
//! `--help` lists the options; the README explains them with examples.

mod build;
mod lines;
mod problems;
mod run;

use problems::{
    checkers_board, checkers_pos, checks_post_facto, russian_checkers, solitaire_chess,
};

use std::collections::HashMap;
use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{self, Command};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

/// A checker gets the test's input, its reference answer and the program's
/// output, and accepts the output or says why not.
type Checker = fn(&str, &str, &str) -> Result<(), String>;

/// Draws a test's input board with the problem's own coordinates, or `None`
/// when the input is not a board.
type Picture = fn(&str) -> Option<String>;

struct Problem {
    name: &'static str,
    checker: Checker,
    picture: Picture,
    time_limit_ms: u64,
}

/// Every problem and the parts of `problems/<problem>.rs` the judge uses.
/// Problems with one right answer are compared line by line; the others have
/// a checker that replays the program's answer move by move.
const PROBLEMS: &[Problem] = &[
    Problem {
        name: "russian_checkers",
        checker: russian_checkers::check,
        picture: russian_checkers::picture,
        time_limit_ms: 2000,
    },
    Problem {
        name: "checkers_board",
        checker: checkers_board::check,
        picture: checkers_board::picture,
        time_limit_ms: 2000,
    },
    Problem {
        name: "checkers_pos",
        checker: checkers_pos::check,
        picture: checkers_pos::picture,
        time_limit_ms: 2000,
    },
    Problem {
        name: "solitaire_chess",
        checker: solitaire_chess::check,
        picture: solitaire_chess::picture,
        time_limit_ms: 2000,
    },
    Problem {
        name: "checks_post_facto",
        checker: checks_post_facto::check,
        picture: checks_post_facto::picture,
        time_limit_ms: 2000,
    },
];

const USAGE: &str = "\
Usage: cargo run -p judge -- [OPTIONS] [PROBLEM...]

Builds the solutions (release), runs every samples/<problem>/*.in, checks the
output against the .out (or .ans) beside it, and reports AC / WA / RE / TLE per
test. Exit status 0 only if every test passed and at least one ran.

Problems: russian_checkers checkers_board checkers_pos solitaire_chess
          checks_post_facto (default: all)

Options:
  --test NAME        only the tests whose name contains NAME
  --cmd \"COMMAND\"    judge COMMAND (run by the shell, any language) instead
                     of our solution; needs exactly one PROBLEM
  --tests DIR        take the tests from DIR (searched recursively for .in
                     files) instead of samples/; needs exactly one PROBLEM
  --standalone       compile each <problem>/src/main.rs alone with plain
                     rustc -O under editions 2015 (no --edition), 2018 and 2021,
                     as an online judge does, and judge those binaries
  --time-limit MS    time limit per test in milliseconds (default: 2000)
  --repeat N         run each test N times, one test at a time, and report the
                     median time, beside the time it takes just to start a
                     program here: a benchmark with steady figures
  -h, --help         this text";

#[derive(Default)]
struct Options {
    problems: Vec<&'static Problem>,
    test_filter: Option<String>,
    cmd: Option<String>,
    tests_dir: Option<PathBuf>,
    standalone: bool,
    time_limit_ms: Option<u64>,
    repeat: usize,
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{}", USAGE);
            return;
        }
        Err(why) => {
            eprintln!(
                "judge: {} (cargo run -p judge -- --help lists the options)",
                why
            );
            process::exit(2);
        }
    };
    match judge(&options) {
        Ok(true) => {}
        Ok(false) => process::exit(1),
        Err(why) => {
            eprintln!("judge: {}", why);
            process::exit(2);
        }
    }
}

/// The options, or `None` for `--help`.
fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options {
        repeat: 1,
        ..Options::default()
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next().cloned())
                .ok_or_else(|| format!("{} needs a value", name))
        };
        let switch = matches!(flag, "-h" | "--help" | "--standalone");
        if switch && inline.is_some() {
            return Err(format!("{} takes no value", flag));
        }
        match flag {
            "-h" | "--help" => return Ok(None),
            "--test" => options.test_filter = Some(value(flag)?),
            "--cmd" => {
                let cmd = value(flag)?;
                if cmd.trim().is_empty() {
                    return Err("--cmd needs a command to run".to_string());
                }
                options.cmd = Some(cmd);
            }
            "--tests" => options.tests_dir = Some(PathBuf::from(value(flag)?)),
            "--standalone" => options.standalone = true,
            "--repeat" => {
                let n = value(flag)?;
                options.repeat = n
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--repeat wants a count, got {:?}", n))?;
            }
            "--time-limit" => {
                let ms = value(flag)?;
                let ms = ms
                    .parse::<u64>()
                    .ok()
                    .filter(|&ms| ms > 0)
                    .ok_or_else(|| format!("--time-limit wants milliseconds, got {:?}", ms))?;
                options.time_limit_ms = Some(ms);
            }
            _ if flag.starts_with('-') => {
                return Err(format!(
                    "unknown option {} (options: --test --cmd --tests --standalone \
                     --time-limit --repeat --help)",
                    arg
                ))
            }
            name => {
                let problem = PROBLEMS.iter().find(|p| p.name == name).ok_or_else(|| {
                    let known: Vec<&str> = PROBLEMS.iter().map(|p| p.name).collect();
                    format!("unknown problem {:?} (known: {})", name, known.join(", "))
                })?;
                if !options.problems.iter().any(|p| p.name == name) {
                    options.problems.push(problem);
                }
            }
        }
    }
    let one_problem = options.problems.len() == 1;
    if options.cmd.is_some() && !one_problem {
        return Err("--cmd needs exactly one PROBLEM".to_string());
    }
    if options.tests_dir.is_some() && !one_problem {
        return Err("--tests needs exactly one PROBLEM".to_string());
    }
    if options.cmd.is_some() && options.standalone {
        return Err("--cmd and --standalone do not go together".to_string());
    }
    if options.problems.is_empty() {
        options.problems = PROBLEMS.iter().collect();
    }
    Ok(Some(options))
}

/// One test: an input and the reference answer beside it.
struct Test {
    name: String,
    input: PathBuf,
    answer: Option<PathBuf>,
}

/// A program to judge on one problem's tests, or why there is none.
struct Suite {
    problem: &'static Problem,
    title: String,
    program: Result<Vec<OsString>, String>,
    tests: Arc<Vec<Test>>,
}

/// The verdict on one test.
struct Judged {
    verdict: &'static str,
    /// Wall time, when the program ran.
    ms: Option<f64>,
    details: Vec<String>,
}

/// Runs everything the options ask for; `Ok(true)` when all passed.
fn judge(options: &Options) -> Result<bool, String> {
    let root = workspace_root();
    let mut test_sets = Vec::new();
    for problem in &options.problems {
        let dir = match &options.tests_dir {
            Some(dir) => dir.clone(),
            None => root.join("samples").join(problem.name),
        };
        let tests = find_tests(&dir, options.test_filter.as_deref())?;
        test_sets.push((*problem, Arc::new(tests)));
    }
    let suites = programs(options, &root, test_sets);

    let jobs: Vec<(usize, usize)> = suites
        .iter()
        .enumerate()
        .filter(|(_, suite)| suite.program.is_ok())
        .flat_map(|(s, suite)| (0..suite.tests.len()).map(move |t| (s, t)))
        .collect();
    if options.repeat > 1 {
        if let Some(ms) = startup_baseline(options.repeat) {
            println!(
                "times are medians of {} runs; just starting a program takes {:.1} ms here",
                options.repeat, ms
            );
        }
    }
    let suites = Arc::new(suites);
    let mut results = run_in_parallel(&suites, &jobs, options);

    let (mut passed, mut failed) = (0, 0);
    for suite in suites.iter() {
        println!("{}", suite.title);
        if let Err(why) = &suite.program {
            println!("  CE    {} test(s) not run", suite.tests.len());
            for line in why.lines() {
                println!("        {}", line);
            }
            failed += suite.tests.len().max(1);
            continue;
        }
        if suite.tests.is_empty() {
            // Without a filter, a problem with no tests has lost its samples.
            if let Some(filter) = &options.test_filter {
                println!("  no test name contains {:?}", filter);
            } else {
                println!("  ERR   no tests found");
                failed += 1;
            }
            continue;
        }
        let mut slowest = (0.0, "");
        let mut suite_failed = 0;
        for test in suite.tests.iter() {
            let judged = results.next().expect("one verdict per test");
            let time = judged
                .ms
                .map_or("-".to_string(), |ms| format!("{:.1} ms", ms));
            println!("  {:<4}{:>12}  {}", judged.verdict, time, test.name);
            for line in &judged.details {
                println!("        {}", line);
            }
            if judged.verdict != "AC" {
                suite_failed += 1;
            }
            let ms = judged.ms.unwrap_or(0.0);
            if ms >= slowest.0 {
                slowest = (ms, &test.name);
            }
        }
        let total = suite.tests.len();
        if suite_failed == 0 {
            println!(
                "  = all {} passed, slowest {:.1} ms ({})",
                total, slowest.0, slowest.1
            );
        } else {
            println!("  = {} of {} FAILED", suite_failed, total);
        }
        passed += total - suite_failed;
        failed += suite_failed;
    }
    println!("{} passed, {} failed", passed, failed);
    Ok(failed == 0 && passed > 0)
}

/// The workspace to judge. Cargo tells a program it runs where its package
/// is (`CARGO_MANIFEST_DIR`); without Cargo, the workspace around the current
/// directory; failing that, the one this judge was compiled in. Asking at run
/// time matters: two clones sharing a `CARGO_TARGET_DIR` share one judge binary.
fn workspace_root() -> PathBuf {
    let is_root = |dir: &Path| dir.join("judge").join("src").join("main.rs").is_file();
    let cargo_said = env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .and_then(|judge| judge.parent().map(Path::to_path_buf));
    let around_here = env::current_dir().ok().and_then(|here| {
        here.ancestors()
            .find(|dir| is_root(dir))
            .map(Path::to_path_buf)
    });
    let compiled_in = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the judge crate lives inside the workspace")
        .to_path_buf();
    cargo_said
        .filter(|dir| is_root(dir))
        .or(around_here)
        .unwrap_or(compiled_in)
}

/// Every `.in` file under `dir` (recursively, sorted), with its `.out` or `.ans`.
fn find_tests(dir: &Path, filter: Option<&str>) -> Result<Vec<Test>, String> {
    let mut inputs = Vec::new();
    collect_inputs(dir, &mut inputs)
        .map_err(|e| format!("cannot read tests in {}: {}", dir.display(), e))?;
    inputs.sort();
    let mut tests = Vec::new();
    for input in inputs {
        let stem = input.with_extension("");
        let name = stem
            .strip_prefix(dir)
            .unwrap_or(&stem)
            .to_string_lossy()
            .into_owned();
        if filter.is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let answer = ["out", "ans"]
            .iter()
            .map(|ext| input.with_extension(ext))
            .find(|path| path.is_file());
        tests.push(Test {
            name,
            input,
            answer,
        });
    }
    Ok(tests)
}

fn collect_inputs(dir: &Path, inputs: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        // Linked folders are not followed: a link to `..` would never end.
        if entry.file_type()?.is_dir() {
            collect_inputs(&path, inputs)?;
        } else if path.extension().is_some_and(|e| e == "in") {
            inputs.push(path);
        }
    }
    Ok(())
}

/// The program (command line) to judge for each problem, built as asked.
fn programs(
    options: &Options,
    root: &Path,
    test_sets: Vec<(&'static Problem, Arc<Vec<Test>>)>,
) -> Vec<Suite> {
    if let Some(cmd) = &options.cmd {
        let (problem, tests) = test_sets.into_iter().next().expect("one problem");
        return vec![Suite {
            problem,
            title: format!("{} [{}]", problem.name, cmd),
            program: Ok(shell_command(cmd)),
            tests,
        }];
    }
    if options.standalone {
        return standalone_programs(root, test_sets);
    }
    eprintln!("judge: building the solutions (cargo build --release)...");
    let names: Vec<&str> = test_sets.iter().map(|(p, _)| p.name).collect();
    let built = build::cargo_release(root, &names, true);
    test_sets
        .into_iter()
        .zip(built)
        .map(|((problem, tests), exe)| Suite {
            problem,
            title: problem.name.to_string(),
            program: exe.map(|exe| vec![exe.into_os_string()]),
            tests,
        })
        .collect()
}

/// Each solution compiled alone with rustc under every edition, in parallel.
fn standalone_programs(
    root: &Path,
    test_sets: Vec<(&'static Problem, Arc<Vec<Test>>)>,
) -> Vec<Suite> {
    eprintln!("judge: compiling each solution alone with rustc -O, editions 2015, 2018, 2021...");
    let target = env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let out_dir = target.join("judge-standalone");
    let mut handles = Vec::new();
    for (problem, tests) in test_sets {
        for edition in build::EDITIONS {
            let source = root.join(problem.name).join("src").join("main.rs");
            let out_dir = out_dir.clone();
            let tests = Arc::clone(&tests);
            handles.push(thread::spawn(move || Suite {
                problem,
                title: format!("{} [rustc {}]", problem.name, build::edition_label(edition)),
                program: build::rustc_alone(&source, problem.name, edition, &out_dir)
                    .map(|exe| vec![exe.into_os_string()]),
                tests,
            }));
        }
    }
    handles
        .into_iter()
        .map(|h| h.join().expect("a compile thread panicked"))
        .collect()
}

/// A command line for the shell, so that `--cmd "python3 sol.py"` works.
fn shell_command(cmd: &str) -> Vec<OsString> {
    if cfg!(windows) {
        vec!["cmd".into(), "/C".into(), cmd.into()]
    } else {
        vec!["sh".into(), "-c".into(), cmd.into()]
    }
}

/// Judges every job on all cores; yields the verdicts in job order, each as
/// soon as it and all before it are done.
fn run_in_parallel(
    suites: &Arc<Vec<Suite>>,
    jobs: &[(usize, usize)],
    options: &Options,
) -> impl Iterator<Item = Judged> {
    let jobs = Arc::new(jobs.to_vec());
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel();
    // Repeated runs are a benchmark: one at a time, so they do not compete.
    let workers = match options.repeat {
        1 => thread::available_parallelism().map_or(1, |n| n.get()),
        _ => 1,
    };
    let (time_limit_ms, repeat) = (options.time_limit_ms, options.repeat);
    for _ in 0..workers {
        let (suites, jobs, next, tx) = (suites.clone(), jobs.clone(), next.clone(), tx.clone());
        thread::spawn(move || loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(&(s, t)) = jobs.get(i) else { break };
            let suite = &suites[s];
            let limit = time_limit_ms.unwrap_or(suite.problem.time_limit_ms);
            let judged = judge_test(suite, &suite.tests[t], Duration::from_millis(limit), repeat);
            if tx.send((i, judged)).is_err() {
                break;
            }
        });
    }
    drop(tx);
    let mut waiting: HashMap<usize, Judged> = HashMap::new();
    let mut want = 0;
    std::iter::from_fn(move || loop {
        if let Some(judged) = waiting.remove(&want) {
            want += 1;
            return Some(judged);
        }
        let (i, judged) = rx.recv().ok()?;
        waiting.insert(i, judged);
    })
}

/// Runs one test and gives the verdict.
/// Runs one test (`repeat` times, stopping at a failure) and gives the
/// verdict, with the median time.
fn judge_test(suite: &Suite, test: &Test, limit: Duration, repeat: usize) -> Judged {
    let fail = |verdict, details: Vec<String>| Judged {
        verdict,
        ms: None,
        details,
    };
    let argv = suite
        .program
        .as_ref()
        .expect("jobs only for built programs");
    let Some(answer_path) = &test.answer else {
        return fail(
            "ERR",
            vec![format!("no .out or .ans beside {}", test.input.display())],
        );
    };
    let (input, answer) = match (fs::read(&test.input), fs::read(answer_path)) {
        (Ok(input), Ok(answer)) => (input, answer),
        (Err(e), _) => {
            return fail(
                "ERR",
                vec![format!("cannot read {}: {}", test.input.display(), e)],
            )
        }
        (_, Err(e)) => {
            return fail(
                "ERR",
                vec![format!("cannot read {}: {}", answer_path.display(), e)],
            )
        }
    };
    let mut times = Vec::new();
    let mut judged = ("AC", Vec::new());
    for _ in 0..repeat {
        let mut cmd = Command::new(&argv[0]);
        cmd.args(&argv[1..]);
        let outcome = match run::run(&mut cmd, &input, limit) {
            Ok(outcome) => outcome,
            Err(e) => return fail("ERR", vec![format!("cannot start {:?}: {}", argv[0], e)]),
        };
        times.push(outcome.elapsed.as_secs_f64() * 1000.0);
        let (verdict, details) = verdict(suite.problem, &input, &answer, &outcome, limit);
        if judged.0 == "AC" {
            judged = (verdict, details);
        }
        if verdict == "TLE" {
            break; // waiting for the limit again tells nothing new
        }
    }
    Judged {
        verdict: judged.0,
        ms: Some(median(&mut times)),
        details: judged.1,
    }
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(|a, b| a.total_cmp(b));
    times[times.len() / 2]
}

/// What starting a program costs here, to read benchmark figures against:
/// the median time of the judge's own `--help`, run `repeat` times.
fn startup_baseline(repeat: usize) -> Option<f64> {
    let exe = env::current_exe().ok()?;
    let mut times = Vec::new();
    for _ in 0..repeat {
        let mut cmd = Command::new(&exe);
        cmd.arg("--help");
        let outcome = run::run(&mut cmd, b"", Duration::from_secs(10)).ok()?;
        times.push(outcome.elapsed.as_secs_f64() * 1000.0);
    }
    Some(median(&mut times))
}

/// AC, WA, RE or TLE, with what the report should show about it: on a wrong
/// answer, the checker's reason and a picture of the input board.
fn verdict(
    problem: &Problem,
    input: &[u8],
    answer: &[u8],
    outcome: &run::Outcome,
    limit: Duration,
) -> (&'static str, Vec<String>) {
    match &outcome.end {
        run::End::TimedOut => (
            "TLE",
            vec![format!("killed after {} ms", limit.as_millis())],
        ),
        run::End::OutputLimit => (
            "WA",
            vec![format!(
                "output cut off: more than {} MiB",
                run::OUTPUT_LIMIT >> 20
            )],
        ),
        run::End::Exited(status) if !status.success() => {
            let mut details = vec![run::describe_status(status)];
            let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
            let tail: Vec<&str> = stderr.lines().collect();
            for line in &tail[tail.len().saturating_sub(5)..] {
                details.push(format!("stderr: {}", line));
            }
            ("RE", details)
        }
        run::End::Exited(_) => {
            let input = String::from_utf8_lossy(input);
            let answer = String::from_utf8_lossy(answer);
            let output = String::from_utf8_lossy(&outcome.stdout);
            match (problem.checker)(&input, &answer, &output) {
                Ok(()) => ("AC", Vec::new()),
                Err(why) => {
                    let mut details: Vec<String> = why.lines().map(String::from).collect();
                    if let Some(board) = (problem.picture)(&input) {
                        details.push("the input board:".to_string());
                        details.extend(board.lines().map(|line| format!("  {}", line)));
                    }
                    ("WA", details)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Option<Options>, String> {
        let list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        parse_args(&list)
    }

    #[test]
    fn no_arguments_means_every_problem() {
        let options = args(&[]).unwrap().unwrap();
        assert_eq!(options.problems.len(), PROBLEMS.len());
    }

    #[test]
    fn options_take_their_value_either_way() {
        let a = args(&[
            "checkers_pos",
            "--test",
            "04",
            "--time-limit=500",
            "--repeat",
            "9",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(a.problems.len(), 1);
        assert_eq!(a.test_filter.as_deref(), Some("04"));
        assert_eq!(a.time_limit_ms, Some(500));
        assert_eq!(a.repeat, 9);
    }

    #[test]
    fn rejects_what_it_cannot_do() {
        assert!(args(&["chess"]).is_err());
        assert!(args(&["--frobnicate"]).is_err());
        assert!(args(&["--time-limit", "soon"]).is_err());
        assert!(args(&["--repeat", "0"]).is_err());
        assert!(args(&["--test"]).is_err());
        assert!(args(&["--cmd", "cat"]).is_err(), "--cmd without a problem");
        assert!(args(&["--tests", "x", "checkers_pos", "checkers_board"]).is_err());
        assert!(args(&["checkers_pos", "--cmd", "cat", "--standalone"]).is_err());
        assert!(args(&["--help"]).unwrap().is_none());
        assert!(args(&["--standalone=no"]).is_err());
        assert!(args(&["checkers_pos", "--cmd", " "]).is_err());
    }

    #[test]
    fn every_problem_has_a_samples_folder() {
        for p in PROBLEMS {
            let dir = workspace_root().join("samples").join(p.name);
            assert!(dir.is_dir(), "{} is missing", dir.display());
        }
    }
}
