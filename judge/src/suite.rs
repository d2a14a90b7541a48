//! A suite: the tests of a problem and the program to judge on them. Finding
//! the tests, building the programs, running the tests in parallel and
//! judging each one; `report.rs` prints what came of it.

use crate::options::{Options, MAX_JOBS};
use crate::problems::Problem;
use crate::report::{self, say, warn};
use crate::{build, os, run, verdict};
use std::collections::HashMap;
use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

/// Runs everything the options ask for; `Ok(true)` when all passed.
pub fn judge(options: &Options) -> Result<bool, String> {
    let root = workspace_root();
    let mut test_sets = Vec::new();
    for problem in &options.problems {
        let dir = match &options.tests_dir {
            Some(dir) => dir.clone(),
            None => root.join("samples").join(problem.name),
        };
        let tests = find_tests(&dir, &options.test_filters)?;
        test_sets.push((*problem, Arc::new(tests)));
    }
    if let Some(dir) = &options.save_outputs {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    }
    let suites = programs(options, &root, test_sets);
    if let Some(dir) = &options.save_outputs {
        refuse_to_touch_tests(dir, &suites)?;
    }
    let baselines: Vec<Option<Baseline>> = suites
        .iter()
        .map(|suite| match (&suite.program, options.repeat) {
            (Ok(argv), repeat) if repeat > 1 => Some(startup_baseline(
                argv,
                &limits_for(suite.problem, options),
                repeat,
            )),
            _ => None,
        })
        .collect();

    warn_of_overcommit(options.jobs);
    let jobs: Vec<(usize, usize)> = suites
        .iter()
        .enumerate()
        .filter(|(_, suite)| suite.program.is_ok())
        .flat_map(|(s, suite)| (0..suite.tests.len()).map(move |t| (s, t)))
        .collect();
    let suites = Arc::new(suites);
    let mut results = run_in_parallel(&suites, &jobs, options);
    let colour = !options.json && report::colour_wanted();

    let (mut passed, mut failed) = (0, 0);
    for (suite, baseline) in suites.iter().zip(&baselines) {
        let (p, f) = report::report_suite(suite, baseline.as_ref(), &mut results, options, colour);
        passed += p;
        failed += f;
    }
    if !options.json {
        say(&format!("{} passed, {} failed", passed, failed));
    }
    Ok(failed == 0 && passed > 0)
}

/// The number of cores the judge may use.
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// `-j` above the number of cores makes tests wait for a CPU: their wall
/// times grow, and a verdict on wall time (TLE (wall)) may be the machine's
/// doing rather than the program's. Said once, on stderr.
fn warn_of_overcommit(jobs: Option<usize>) {
    let cores = cores();
    if let Some(jobs) = jobs.filter(|&jobs| jobs > cores) {
        warn(&format!(
            "judge: warning: -j {} is more than the {} here: tests will wait for a CPU, \
             which makes wall times and TLE (wall) verdicts unreliable",
            jobs,
            crate::report::counted(cores, "cores")
        ));
    }
}

/// One test: an input and the reference answer beside it.
pub struct Test {
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
}

/// A program to judge on one problem's tests, or why there is none.
pub struct Suite {
    pub problem: &'static Problem,
    pub title: String,
    /// Where `--save-outputs` puts this program's outputs, under its folder.
    pub key: String,
    pub program: Result<Vec<OsString>, String>,
    pub tests: Arc<Vec<Test>>,
}

/// The verdict on one test, with its figures (`None`: not measured).
pub struct Judged {
    pub verdict: &'static str,
    pub wall_ms: Option<f64>,
    pub cpu_ms: Option<f64>,
    pub memory_kib: Option<u64>,
    pub details: Vec<String>,
    /// For `--verbose`: the input, the output and the end of stderr.
    pub shown: Option<[Vec<u8>; 3]>,
    /// The shell's words when it could not start the program at all (see
    /// `verdict::could_not_start`): no test is to blame.
    pub not_started: Option<String>,
}

impl Judged {
    pub fn failed(verdict: &'static str, details: Vec<String>) -> Judged {
        Judged {
            verdict,
            wall_ms: None,
            cpu_ms: None,
            memory_kib: None,
            details,
            shown: None,
            not_started: None,
        }
    }
}

/// The limits for a suite: the problem's, unless the options say otherwise.
pub fn limits_for(problem: &Problem, options: &Options) -> run::Limits {
    limits_for_problem(problem, options.time_limit_ms, options.memory_limit_mb)
}

/// A problem's limits, or those given instead (milliseconds, MiB).
pub fn limits_for_problem(problem: &Problem, ms: Option<u64>, mb: Option<u64>) -> run::Limits {
    let ms = ms.unwrap_or(problem.time_limit_ms);
    let mb = mb.unwrap_or(problem.memory_limit_mb);
    run::Limits {
        time: Duration::from_millis(ms),
        memory_bytes: Some(mb << 20),
    }
}

/// The workspace to judge. Cargo tells a program it runs where its package
/// is (`CARGO_MANIFEST_DIR`); without Cargo, the workspace around the current
/// directory; failing that, the one this judge was compiled in. Asking at run
/// time matters: two clones sharing a `CARGO_TARGET_DIR` share one judge binary.
pub fn workspace_root() -> PathBuf {
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
/// With filters, only the tests whose name contains one of them.
pub fn find_tests(dir: &Path, filters: &[String]) -> Result<Vec<Test>, String> {
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
        if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
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
pub fn programs(
    options: &Options,
    root: &Path,
    test_sets: Vec<(&'static Problem, Arc<Vec<Test>>)>,
) -> Vec<Suite> {
    if let Some(cmd) = &options.cmd {
        let (problem, tests) = test_sets.into_iter().next().expect("one problem");
        return vec![Suite {
            problem,
            title: format!("{} [{}]", problem.name, cmd),
            key: problem.name.to_string(),
            program: Ok(shell_command(cmd)),
            tests,
        }];
    }
    if options.standalone {
        return standalone_programs(root, test_sets, options.rustc.as_deref());
    }
    warn("judge: building the solutions (cargo build --release)...");
    let names: Vec<&str> = test_sets.iter().map(|(p, _)| p.name).collect();
    let built = build::cargo_release(root, &names, true);
    test_sets
        .into_iter()
        .zip(built)
        .map(|((problem, tests), exe)| Suite {
            problem,
            title: problem.name.to_string(),
            key: problem.name.to_string(),
            program: exe.map(|exe| vec![exe.into_os_string()]),
            tests,
        })
        .collect()
}

/// Each solution compiled alone with rustc under every edition, in parallel;
/// with `--rustc PATH`, with that compiler too.
fn standalone_programs(
    root: &Path,
    test_sets: Vec<(&'static Problem, Arc<Vec<Test>>)>,
    extra_rustc: Option<&Path>,
) -> Vec<Suite> {
    let mut compilers = vec![Ok(build::Rustc::default_one())];
    compilers.extend(extra_rustc.map(build::Rustc::given));
    let labels: Vec<&str> = compilers
        .iter()
        .map(|c| c.as_ref().map_or("--rustc", |c| c.label.as_str()))
        .collect();
    warn(&format!(
        "judge: compiling each solution alone with {}: -O, editions 2015, 2018, 2021...",
        labels.join(" and ")
    ));
    let out_dir = env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
        .join("judge-standalone");
    let mut handles = Vec::new();
    for compiler in &compilers {
        for (problem, tests) in &test_sets {
            for edition in build::EDITIONS {
                let source = root.join(problem.name).join("src").join("main.rs");
                let (problem, tests) = (*problem, Arc::clone(tests));
                let (compiler, out_dir) = (compiler.clone(), out_dir.clone());
                handles.push(thread::spawn(move || {
                    let key = compiler.as_ref().map_or("rustc-given", |c| c.key.as_str());
                    let label = compiler.as_ref().map_or("--rustc", |c| c.label.as_str());
                    let title = format!(
                        "{} [{} {}]",
                        problem.name,
                        label,
                        build::edition_label(edition)
                    );
                    let key = format!("{}/{}-{}", problem.name, key, edition.unwrap_or("2015"));
                    let program = compiler.as_ref().map_err(Clone::clone).and_then(|c| {
                        build::rustc_alone(c, &source, problem.name, edition, &out_dir.join(&c.key))
                    });
                    Suite {
                        problem,
                        title,
                        key,
                        program: program.map(|exe| vec![exe.into_os_string()]),
                        tests,
                    }
                }));
            }
        }
    }
    handles
        .into_iter()
        .map(|h| h.join().expect("a compile thread panicked"))
        .collect()
}

/// The program and arguments that run `--cmd "python3 sol.py"`. A simple
/// command without quotes is split into its words and run as it is, with no
/// shell in between (as `exec CMD` would): starting a shell too would cost
/// as much again as starting the program. A simple command with quotes runs
/// as `sh -c "exec CMD"`, so the program still takes the shell's place; any
/// other command runs as a shell script.
pub fn shell_command(cmd: &str) -> Vec<OsString> {
    if cfg!(windows) {
        return vec!["cmd".into(), "/C".into(), cmd.into()];
    }
    if is_simple_command(cmd) && !cmd.contains(['\'', '"']) {
        return cmd.split_whitespace().map(OsString::from).collect();
    }
    let script = match is_simple_command(cmd) {
        true => format!("exec {}", cmd),
        false => cmd.to_string(),
    };
    // The shell by its full name: no search along PATH for every test.
    let sh = match Path::new("/bin/sh").is_file() {
        true => "/bin/sh",
        false => "sh",
    };
    vec![sh.into(), "-c".into(), script.into()]
}

/// Whether `exec CMD` runs the same thing as `CMD`: one command with its
/// arguments, no operator, redirection or expansion, not starting with a
/// variable assignment, a reserved word or a builtin that has no program of
/// its own (`exec exit 3` would look for a program called `exit`).
fn is_simple_command(cmd: &str) -> bool {
    const NOT_PROGRAMS: &[&str] = &[
        "!", ".", ":", "alias", "bg", "break", "case", "cd", "command", "continue", "do", "done",
        "elif", "else", "esac", "eval", "exec", "exit", "export", "fg", "fi", "for", "function",
        "getopts", "hash", "if", "jobs", "local", "read", "readonly", "return", "set", "shift",
        "source", "then", "time", "times", "trap", "type", "ulimit", "umask", "unalias", "unset",
        "until", "wait", "while",
    ];
    let plain = |c: char| c.is_ascii_alphanumeric() || " \t_./+-,:@%='\"".contains(c);
    match cmd.split_whitespace().next() {
        Some(first) => {
            cmd.chars().all(plain) && !first.contains('=') && !NOT_PROGRAMS.contains(&first)
        }
        None => false,
    }
}

/// Judges every job, `-j` at a time (default: one per core); yields the
/// verdicts in job order, each as soon as it and all before it are done.
pub fn run_in_parallel(
    suites: &Arc<Vec<Suite>>,
    jobs: &[(usize, usize)],
    options: &Options,
) -> impl Iterator<Item = Judged> {
    let jobs = Arc::new(jobs.to_vec());
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel();
    // Repeated runs are a benchmark: one at a time, so they do not compete.
    let workers = match options.repeat {
        1 => options.jobs.unwrap_or_else(cores).min(MAX_JOBS),
        _ => 1,
    };
    let settings = Arc::new(RunSettings {
        limits: suites
            .iter()
            .map(|suite| limits_for(suite.problem, options))
            .collect(),
        repeat: options.repeat,
        verbose: options.verbose,
        save_outputs: options.save_outputs.clone(),
    });
    for _ in 0..workers {
        let (suites, jobs, next, tx) = (suites.clone(), jobs.clone(), next.clone(), tx.clone());
        let settings = settings.clone();
        thread::spawn(move || loop {
            if os::stopping() {
                break; // stopped by a signal: no new test starts
            }
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(&(s, t)) = jobs.get(i) else { break };
            let suite = &suites[s];
            let judged = judge_test(suite, &suite.tests[t], &settings.limits[s], &settings);
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

/// What every test run needs to know besides its suite and test.
struct RunSettings {
    /// The limits of each suite, by index.
    limits: Vec<run::Limits>,
    repeat: usize,
    verbose: bool,
    save_outputs: Option<PathBuf>,
}

/// Runs one test (`repeat` times, stopping at a failure) and gives the
/// verdict, with the median times and the largest peak memory.
fn judge_test(suite: &Suite, test: &Test, limits: &run::Limits, settings: &RunSettings) -> Judged {
    let argv = suite
        .program
        .as_ref()
        .expect("jobs only for built programs");
    let Some(answer_path) = &test.answer else {
        return Judged::failed(
            "ERR",
            vec![format!("no .out or .ans beside {}", test.input.display())],
        );
    };
    let (input, mut answer) = match (fs::read(&test.input), fs::read(answer_path)) {
        (Ok(input), Ok(answer)) => (input, answer),
        (Err(e), _) => {
            return Judged::failed(
                "ERR",
                vec![format!("cannot read {}: {}", test.input.display(), e)],
            )
        }
        (_, Err(e)) => {
            return Judged::failed(
                "ERR",
                vec![format!("cannot read {}: {}", answer_path.display(), e)],
            )
        }
    };
    // An answer file saved by a Windows editor may start with a byte-order
    // mark; it is not part of the answer. An answer with nothing in it is a
    // broken test, not a wrong program.
    if answer.starts_with(b"\xEF\xBB\xBF") {
        answer.drain(..3);
    }
    if answer.iter().all(u8::is_ascii_whitespace) {
        let why = format!("the answer file {} is empty", answer_path.display());
        return Judged::failed("ERR", vec![why]);
    }
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    let mut memory_kib = None;
    let mut judged = ("AC", Vec::new());
    let mut last = None;
    for _ in 0..settings.repeat {
        let mut cmd = Command::new(&argv[0]);
        cmd.args(&argv[1..]);
        let outcome = match run::run_on_file(&mut cmd, &test.input, limits) {
            Ok(outcome) => outcome,
            Err(e) => {
                let why = format!("cannot run {:?}: {}", argv[0], e);
                return Judged::failed("ERR", vec![why]);
            }
        };
        walls.push(outcome.wall.as_secs_f64() * 1000.0);
        if let Some(usage) = outcome.usage {
            cpus.push(usage.cpu.as_secs_f64() * 1000.0);
            memory_kib = memory_kib.max(Some(usage.max_rss_kib));
        }
        let problem = suite.problem;
        let (verdict, details) = verdict::decide(
            (problem.checker, problem.picture),
            &input,
            &answer,
            &outcome,
            limits,
        );
        let stop = verdict == "TLE"; // waiting for the limit again tells nothing new
        if judged.0 == "AC" {
            judged = (verdict, details);
        }
        last = Some(outcome);
        if stop {
            break;
        }
    }
    let last = last.expect("at least one run");
    let mut details = judged.1;
    if let Some(dir) = &settings.save_outputs {
        if let Err(why) = save_output(&dir.join(&suite.key), &test.name, &last) {
            details.push(why);
        }
    }
    let cpu_ms = (cpus.len() == walls.len()).then(|| median(&mut cpus));
    let not_started = verdict::could_not_start(&last).then(|| {
        String::from_utf8_lossy(&last.stderr_tail)
            .trim()
            .to_string()
    });
    Judged {
        verdict: judged.0,
        wall_ms: Some(median(&mut walls)),
        cpu_ms,
        memory_kib,
        details,
        shown: settings
            .verbose
            .then_some([input, last.stdout, last.stderr_tail]),
        not_started,
    }
}

/// `--save-outputs`: `<dir>/<test>.out`, and `<test>.err` when stderr is not
/// empty (its end, as kept).
fn save_output(dir: &Path, test: &str, outcome: &run::Outcome) -> Result<(), String> {
    let out = dir.join(format!("{}.out", test));
    let err = dir.join(format!("{}.err", test));
    let saved = out
        .parent()
        .map_or(Ok(()), fs::create_dir_all)
        .and_then(|()| fs::write(&out, &outcome.stdout))
        .and_then(|()| match outcome.stderr_tail.is_empty() {
            true => Ok(()),
            false => fs::write(&err, &outcome.stderr_tail),
        });
    saved.map_err(|e| format!("cannot save the output in {}: {}", out.display(), e))
}

/// `--save-outputs` must never write an output where a test lives: beside a
/// `NAME.in` it would replace that test's `NAME.out` answer, or shadow its
/// `NAME.ans` (`.out` wins). `--save-outputs samples` would do just that.
pub fn refuse_to_touch_tests(dir: &Path, suites: &[Suite]) -> Result<(), String> {
    for suite in suites {
        for test in suite.tests.iter() {
            let out = dir.join(&suite.key).join(format!("{}.out", test.name));
            if out.with_extension("in").is_file() {
                return Err(format!(
                    "--save-outputs {} would write {} beside a test's input, over or \
                     in place of its answer: choose another folder",
                    dir.display(),
                    out.display()
                ));
            }
        }
    }
    Ok(())
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(|a, b| a.total_cmp(b));
    times[times.len() / 2]
}

/// What starting the program costs here, to read benchmark figures against.
pub struct Baseline {
    pub wall_ms: Option<f64>,
    pub cpu_ms: Option<f64>,
    pub memory_kib: Option<u64>,
}

/// The program itself (with `--cmd`: the shell and all the command starts)
/// run `repeat` times on an empty input: median times, largest peak memory.
/// What it answers does not matter; an empty input makes every program stop
/// early.
pub fn startup_baseline(argv: &[OsString], limits: &run::Limits, repeat: usize) -> Baseline {
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    let mut memory_kib = None;
    for _ in 0..repeat {
        let mut cmd = Command::new(&argv[0]);
        cmd.args(&argv[1..]);
        let Ok(outcome) = run::run(&mut cmd, b"", limits) else {
            break;
        };
        walls.push(outcome.wall.as_secs_f64() * 1000.0);
        if let Some(usage) = outcome.usage {
            cpus.push(usage.cpu.as_secs_f64() * 1000.0);
            memory_kib = memory_kib.max(Some(usage.max_rss_kib));
        }
    }
    Baseline {
        wall_ms: (!walls.is_empty()).then(|| median(&mut walls)),
        cpu_ms: (!cpus.is_empty() && cpus.len() == walls.len()).then(|| median(&mut cpus)),
        memory_kib,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::PROBLEMS;

    #[test]
    fn a_simple_command_replaces_the_shell() {
        if cfg!(windows) {
            return;
        }
        let argv = |cmd: &str| -> Vec<String> {
            shell_command(cmd)
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect()
        };
        let script = |cmd: &str| argv(cmd)[2].clone();
        assert_eq!(argv("./a.out"), ["./a.out"]);
        assert_eq!(
            argv("python3  my_solution.py\t-v"),
            ["python3", "my_solution.py", "-v"]
        );
        assert_eq!(
            script("python3 -c 'while 1: pass'"),
            "exec python3 -c 'while 1: pass'"
        );
        for compound in [
            "read a b; echo $((a + b))",
            "echo 15 && sleep 1",
            "cat | sort",
            "./a.out < x",
            "X=1 ./a.out",
            "exit 3",
            "while :; do :; done",
            "sleep 30 &",
            "echo ~",
        ] {
            assert_eq!(script(compound), compound);
        }
    }

    #[test]
    fn every_problem_has_a_samples_folder() {
        for p in PROBLEMS {
            let dir = workspace_root().join("samples").join(p.name);
            assert!(dir.is_dir(), "{} is missing", dir.display());
        }
    }
}
