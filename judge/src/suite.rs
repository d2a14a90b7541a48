//! Judging a suite: finding the tests, getting the programs (built,
//! compiled alone, or the user's command), running every test in the worker
//! pool and deciding what passed. A [`Reporter`] presents what it decides.

use crate::model::{self, Baseline, Judged, Suite, Test};
use crate::options::{Options, MAX_JOBS};
use crate::problems::Problem;
use crate::report::{JsonReporter, Reporter, TableReporter};
use crate::text::{counted, warn};
use crate::{build, command, os, pool, run, verdict, workspace};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// Runs everything the options ask for; `Ok(true)` when all passed.
pub fn judge(options: &Options) -> Result<bool, String> {
    let root = workspace::root();
    let mut test_sets = Vec::new();
    for problem in &options.problems {
        let dir = match &options.tests_dir {
            Some(dir) => dir.clone(),
            None => workspace::Files::of(&root, problem.name).samples,
        };
        let tests = model::find_tests(&dir, &options.test_filters)?;
        test_sets.push((*problem, Arc::new(tests)));
    }
    if let Some(dir) = &options.save_outputs {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    }
    let suites = programs(options, &root, test_sets);
    if let Some(dir) = &options.save_outputs {
        refuse_to_touch_tests(dir, &suites)?;
    }
    let mut reporter: Box<dyn Reporter> = match options.json {
        true => Box::new(JsonReporter),
        false => Box::new(TableReporter::new(options.verbose)),
    };
    Ok(judge_suites(suites, options, reporter.as_mut()))
}

/// The folders the run's tests come from, resolved (`--tests DIR`, else
/// each problem's samples; `--save DIR`): no program under test sees
/// them, whatever its command names.
pub fn tests_folders(options: &Options) -> Vec<PathBuf> {
    let root = workspace::root();
    let mut folders: Vec<PathBuf> = match &options.tests_dir {
        Some(dir) => vec![dir.clone()],
        None => (options.problems.iter())
            .map(|p| workspace::Files::of(&root, p.name).samples)
            .collect(),
    };
    folders.extend(options.save.iter().cloned());
    folders.retain_mut(|f| f.canonicalize().map(|c| *f = c).is_ok());
    folders
}

/// Judges the suites, telling `reporter`; whether every test passed and at
/// least one ran.
fn judge_suites(suites: Vec<Suite>, options: &Options, reporter: &mut dyn Reporter) -> bool {
    let baselines: Vec<Option<Baseline>> = suites
        .iter()
        .map(|suite| match (&suite.program, options.repeat) {
            (Ok(argv), repeat) if repeat > 1 => Some(startup_baseline(argv, &suite.limits, repeat)),
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
    let settings = RunSettings {
        repeat: options.repeat,
        verbose: options.verbose,
        save_outputs: options.save_outputs.clone(),
    };
    // Repeated runs are a benchmark: one at a time, so they do not compete.
    let workers = match options.repeat {
        1 => options.jobs.unwrap_or_else(pool::cores).min(MAX_JOBS),
        _ => 1,
    };
    let jobs_len = jobs.len();
    let results = {
        let suites = suites.clone();
        pool::ordered(jobs.len(), workers, move |i| {
            let (s, t) = jobs[i];
            judge_test(&suites[s], &suites[s].tests[t], &settings)
        })
    };
    // The tally so far, said if a signal stops the judge.
    let (mut ok, mut not_ok) = (0, 0);
    let left = jobs_len;
    let mut results = results.inspect(move |judged| {
        if os::stopping() {
            return; // killed by the stop: not a verdict
        }
        match judged.passed() {
            true => ok += 1,
            false => not_ok += 1,
        }
        os::note_progress(format!(
            "judge: {} passed, {} failed, {} not judged when the judge was stopped",
            ok,
            not_ok,
            left - ok - not_ok
        ));
    });
    let (mut passed, mut failed) = (0, 0);
    for (suite, baseline) in suites.iter().zip(&baselines) {
        let (p, f) = judge_suite(suite, baseline.as_ref(), &mut results, options, reporter);
        passed += p;
        failed += f;
    }
    reporter.total(passed, failed);
    failed == 0 && passed > 0
}

/// One suite, its verdicts taken from `results`: how many tests passed and
/// how many failed. A program that was not built fails every test (CE); a
/// suite with no tests and no filter has lost its tests and fails once (ERR).
fn judge_suite(
    suite: &Suite,
    baseline: Option<&Baseline>,
    results: &mut impl Iterator<Item = Judged>,
    options: &Options,
    reporter: &mut dyn Reporter,
) -> (usize, usize) {
    reporter.start(suite);
    let (passed, failed) = if let Err(why) = &suite.program {
        let judged = Judged::failed("CE", why.lines().map(String::from).collect());
        reporter.not_built(suite, &judged);
        (0, suite.tests.len().max(1))
    } else if suite.tests.is_empty() {
        let filtered = !options.test_filters.is_empty();
        let error = Judged::failed("ERR", vec!["no tests found".into()]);
        let error = (!filtered).then_some(&error);
        reporter.no_tests(suite, &options.test_filters, error);
        (0, usize::from(!filtered))
    } else {
        reporter.tests_start(suite, baseline);
        let mut failed = 0;
        for test in suite.tests.iter() {
            let judged = results.next().expect("one verdict per test");
            if !judged.passed() {
                failed += 1;
            }
            reporter.test(suite, &test.name, &judged);
        }
        (suite.tests.len() - failed, failed)
    };
    reporter.end(suite, passed, failed);
    (passed, failed)
}

/// `-j` above the number of cores makes tests wait for a CPU: their wall
/// times grow, and a verdict on wall time (TLE (wall)) may be the machine's
/// doing rather than the program's. Said once, on stderr.
fn warn_of_overcommit(jobs: Option<usize>) {
    let cores = pool::cores();
    if let Some(jobs) = jobs.filter(|&jobs| jobs > cores) {
        warn(&format!(
            "judge: warning: -j {} is more than the {} here: tests will wait for a CPU, \
             which makes wall times and TLE (wall) verdicts unreliable",
            jobs,
            counted(cores, "cores")
        ));
    }
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
            program: Ok(command::shell_command(cmd)),
            limits: model::limits(
                problem,
                options.time_limit_ms,
                options.memory_limit_mb,
                options.max_processes,
            ),
            tests,
        }];
    }
    if options.standalone {
        return standalone_programs(root, test_sets, options);
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
            limits: model::limits(
                problem,
                options.time_limit_ms,
                options.memory_limit_mb,
                options.max_processes,
            ),
            tests,
        })
        .collect()
}

/// Each solution compiled alone with rustc under every edition, in parallel;
/// with `--rustc PATH`, with that compiler too.
fn standalone_programs(
    root: &Path,
    test_sets: Vec<(&'static Problem, Arc<Vec<Test>>)>,
    options: &Options,
) -> Vec<Suite> {
    let mut compilers = vec![Ok(build::Rustc::default_one())];
    compilers.extend(options.rustc.as_deref().map(build::Rustc::given));
    let labels: Vec<&str> = compilers
        .iter()
        .map(|c| c.as_ref().map_or("--rustc", |c| c.label.as_str()))
        .collect();
    warn(&format!(
        "judge: compiling each solution alone with {}: -O, editions 2015, 2018, 2021...",
        labels.join(" and ")
    ));
    let out_dir = workspace::target_dir(root).join("judge-standalone");
    let mut builds = Vec::new();
    for compiler in &compilers {
        for (problem, tests) in &test_sets {
            for edition in build::EDITIONS {
                builds.push(Standalone {
                    compiler: compiler.clone(),
                    problem,
                    edition,
                    source: workspace::Files::of(root, problem.name).solution,
                    out_dir: out_dir.clone(),
                    tests: Arc::clone(tests),
                    limits: model::limits(
                        problem,
                        options.time_limit_ms,
                        options.memory_limit_mb,
                        options.max_processes,
                    ),
                });
            }
        }
    }
    pool::map(builds, pool::cores(), Standalone::compile)
}

/// One solution to compile alone, with one compiler and edition.
struct Standalone {
    compiler: Result<build::Rustc, String>,
    problem: &'static Problem,
    edition: Option<&'static str>,
    source: PathBuf,
    out_dir: PathBuf,
    tests: Arc<Vec<Test>>,
    limits: run::Limits,
}

impl Standalone {
    /// The suite of the compiled program (or of why it did not compile).
    fn compile(&self) -> Suite {
        let (problem, edition) = (self.problem, self.edition);
        let compiler = self.compiler.as_ref();
        let key = compiler.map_or("rustc-given", |c| c.key.as_str());
        let label = compiler.map_or("--rustc", |c| c.label.as_str());
        let program = compiler.map_err(Clone::clone).and_then(|c| {
            let dir = self.out_dir.join(&c.key);
            build::rustc_alone(c, &self.source, problem.name, edition, &dir)
        });
        Suite {
            problem,
            title: format!(
                "{} [{} {}]",
                problem.name,
                label,
                build::edition_label(edition)
            ),
            key: format!("{}/{}-{}", problem.name, key, edition.unwrap_or("2015")),
            program: program.map(|exe| vec![exe.into_os_string()]),
            tests: self.tests.clone(),
            limits: self.limits,
        }
    }
}

/// What every test run needs to know besides its suite and test.
struct RunSettings {
    repeat: usize,
    verbose: bool,
    save_outputs: Option<PathBuf>,
}

/// Runs one test (`repeat` times, stopping at a failure) and gives the
/// verdict, with the median times and the largest peak memory.
fn judge_test(suite: &Suite, test: &Test, settings: &RunSettings) -> Judged {
    let limits = &suite.limits;
    let argv = suite
        .program
        .as_ref()
        .expect("jobs only for built programs");
    let (input, answer) = match read_test(test) {
        Ok(texts) => texts,
        Err(why) => return Judged::failed("ERR", vec![why]),
    };
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
        sandboxed: Some(last.sandboxed),
        shown: settings
            .verbose
            .then_some([input, last.stdout, last.stderr_tail]),
        not_started,
    }
}

/// A test's input and answer, or why the test is broken. An answer file
/// saved by a Windows editor may start with a byte-order mark; it is not
/// part of the answer. An answer with nothing in it is a broken test, not a
/// wrong program.
fn read_test(test: &Test) -> Result<(Vec<u8>, Vec<u8>), String> {
    let Some(answer_path) = &test.answer else {
        return Err(format!("no .out or .ans beside {}", test.input.display()));
    };
    let read =
        |path: &Path| fs::read(path).map_err(|e| format!("cannot read {}: {}", path.display(), e));
    let input = read(&test.input)?;
    let mut answer = read(answer_path)?;
    if answer.starts_with(b"\xEF\xBB\xBF") {
        answer.drain(..3);
    }
    if answer.iter().all(u8::is_ascii_whitespace) {
        return Err(format!(
            "the answer file {} is empty",
            answer_path.display()
        ));
    }
    Ok((input, answer))
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
        runs: repeat,
        wall_ms: (!walls.is_empty()).then(|| median(&mut walls)),
        cpu_ms: (!cpus.is_empty() && cpus.len() == walls.len()).then(|| median(&mut cpus)),
        memory_kib,
    }
}
