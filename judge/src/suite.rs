//! Judging a suite: finding the tests, getting the programs (built,
//! compiled alone, or the user's command), running every test in the worker
//! pool and deciding what passed. A [`Reporter`] presents what it decides.

use crate::model::{self, Baseline, Judged, Suite, Test};
use crate::options::{Options, MAX_JOBS};
use crate::problems::Problem;
use crate::report::{JsonReporter, Reporter, TableReporter};
use crate::text::{counted, escaped, warn};
use crate::{build, command, files, os, pool, run, verdict, workspace};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, MutexGuard};

/// Runs everything the options ask for; `Ok(true)` when all passed.
pub fn judge(options: &Options) -> Result<bool, String> {
    let root = workspace::root();
    let judges_form = meets_judges_form(options);
    let mut test_sets = Vec::new();
    for problem in &options.problems {
        let dir = match &options.tests_dir {
            Some(dir) => dir.clone(),
            None => workspace::Files::of(&root, problem.name).samples,
        };
        let mut tests = model::find_tests(&dir, &options.test_filters)?;
        if judges_form && !tests.is_empty() {
            let merged = keep_judges_form(problem, &mut tests);
            warn(&judges_form_note(tests.len(), merged));
        }
        test_sets.push((*problem, Arc::new(tests)));
    }
    if !options.test_filters.is_empty() && test_sets.iter().all(|(_, tests)| tests.is_empty()) {
        return Err(nothing_picked(options, &root)?);
    }
    if let Some(dir) = &options.save_outputs {
        fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {}", escaped(dir.as_os_str()), e))?;
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

/// The error of a `--test` that picked no test of any problem: what it
/// asked for, and the tests' numbers.
fn nothing_picked(options: &Options, root: &Path) -> Result<String, String> {
    let mut numbers = Vec::new();
    for problem in &options.problems {
        let dir = match &options.tests_dir {
            Some(dir) => dir.clone(),
            None => workspace::Files::of(root, problem.name).samples,
        };
        let tests = model::find_tests(&dir, &[])?;
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        numbers.push(format!("{}: {}", problem.name, model::numbers_of(&names)));
    }
    Ok(format!(
        "--test: {} (the tests: {})",
        model::none_picked(&options.test_filters),
        numbers.join("; ")
    ))
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
    // A test's file may be a link into a folder elsewhere (one the view
    // shows anyway, `/opt` say): that folder holds the tests' answers too.
    let mut targets = Vec::new();
    for dir in &folders {
        for test in model::find_tests(dir, &[]).unwrap_or_default() {
            let files = std::iter::once(&test.input).chain(test.answer.as_ref());
            let real = files.filter_map(|file| file.canonicalize().ok());
            targets.extend(real.filter_map(|file| file.parent().map(Path::to_path_buf)));
        }
    }
    for target in targets {
        if !folders.iter().any(|f| target.starts_with(f)) {
            folders.push(target);
        }
    }
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
        judges_form: meets_judges_form(options),
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
    let (mut passed, mut failed, mut not_saved) = (0, 0, 0);
    for (suite, baseline) in suites.iter().zip(&baselines) {
        let (p, f, n) = judge_suite(suite, baseline.as_ref(), &mut results, options, reporter);
        passed += p;
        failed += f;
        not_saved += n;
    }
    if let Some(dir) = options.save_outputs.as_deref().filter(|_| not_saved > 0) {
        reporter.not_saved(not_saved, dir);
    }
    reporter.total(passed, failed);
    failed == 0 && passed > 0 && not_saved == 0
}

/// One suite, its verdicts taken from `results`: how many tests passed, how
/// many failed, and how many outputs `--save-outputs` could not save. A program that was not built fails every test (CE); a
/// suite with no tests and no filter has lost its tests and fails once (ERR).
fn judge_suite(
    suite: &Suite,
    baseline: Option<&Baseline>,
    results: &mut impl Iterator<Item = Judged>,
    options: &Options,
    reporter: &mut dyn Reporter,
) -> (usize, usize, usize) {
    reporter.start(suite);
    let mut not_saved = 0;
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
            not_saved += usize::from(judged.not_saved);
            reporter.test(suite, &test.name, &judged);
        }
        (suite.tests.len() - failed, failed)
    };
    reporter.end(suite, passed, failed);
    (passed, failed, not_saved)
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
            title: format!("{} [{}]", problem.name, escaped(cmd)),
            key: problem.name.to_string(),
            program: Ok(command::given_command(cmd)),
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
    /// The program meets each input in the judges' form ([`judges_form`]).
    judges_form: bool,
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
    let answer = match read_answer(test) {
        Ok(answer) => answer,
        Err(why) => return Judged::failed("ERR", vec![why]),
    };
    let mut feed = match Feed::of(suite.problem, test, settings.judges_form) {
        Ok(feed) => feed,
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
        let outcome = match feed.run(&mut cmd, &test.input, limits) {
            Ok(outcome) => outcome,
            Err(e) => {
                // The judge's own trouble (a program that cannot start
                // is an outcome, RE): the test's files, the sandbox, ...
                let why = format!("the test could not be judged: {}", e);
                return Judged::failed("ERR", vec![why]);
            }
        };
        walls.push(outcome.wall.as_secs_f64() * 1000.0);
        if let Some(usage) = outcome.usage {
            cpus.push(usage.cpu.as_secs_f64() * 1000.0);
            memory_kib = memory_kib.max(Some(usage.max_rss_kib));
        }
        let input = match feed.bytes(&test.input) {
            Ok(bytes) => bytes,
            Err(why) => return Judged::failed("ERR", vec![why]),
        };
        let problem = suite.problem;
        let (verdict, details) = verdict::decide(
            (problem.checker, problem.picture),
            input,
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
    let not_saved = (settings.save_outputs.as_ref())
        .and_then(|dir| save_output(&dir.join(&suite.key), &test.stem, &last).err());
    let mut details = judged.1;
    details.extend(not_saved.clone());
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
        shown: (settings.verbose).then(|| [feed.into_bytes(), last.stdout, last.stderr_tail]),
        not_started,
        not_saved: not_saved.is_some(),
    }
}

/// An input as the judges' data would hold it: the canonical form the
/// export writes (`problem.canonical`), which a program written to the
/// statement reads; an input that is not text stays as it is.
fn judges_form_of(problem: &Problem, input: Vec<u8>) -> Vec<u8> {
    match String::from_utf8(input) {
        Ok(text) => (problem.canonical)(&text).into_bytes(),
        Err(not_text) => not_text.into_bytes(),
    }
}

/// Whether the program meets the samples in the judges' form: a `--cmd`
/// program does, unless `--as-written`; our own solutions meet them as
/// written (which tests their tolerance), and `--tests DIR` runs as written.
fn meets_judges_form(options: &Options) -> bool {
    options.cmd.is_some() && options.tests_dir.is_none() && !options.as_written
}

/// Keeps the first of the tests whose inputs are one in the judges' form
/// (samples that differ only in the layouts our solutions tolerate); how
/// many it left out. A test whose input cannot be read stays, to say so.
fn keep_judges_form(problem: &Problem, tests: &mut Vec<Test>) -> usize {
    let before = tests.len();
    let mut seen = std::collections::HashSet::new();
    tests.retain(|test| match model::read_test_file(&test.input) {
        Ok(input) => seen.insert(judges_form_of(problem, input)),
        Err(_) => true,
    });
    before - tests.len()
}

/// The line before the tests of a `--cmd` program on the samples.
fn judges_form_note(tests: usize, merged: usize) -> String {
    let merged = match merged {
        0 => String::new(),
        n => format!(
            " ({} only in layout from an earlier one left out)",
            match n {
                1 => "1 sample that differs".to_string(),
                n => format!("{} samples that differ", n),
            }
        ),
    };
    format!(
        "judge: the program meets the samples as the judges' data gives them (the \
         canonical form --export writes: LF line ends, no layout of ours alone): {}{}; \
         --as-written gives them as written",
        counted(tests, "tests"),
        merged
    )
}

/// A test's answer, or why the test is broken: no `.in` that can be a test
/// (a named pipe, a device, a link to a folder, a file over the bound), no
/// answer, or one that is empty. An answer file saved by a Windows editor
/// may start with a byte-order mark; it is not part of the answer. An
/// answer with nothing in it is a broken test, not a wrong program.
fn read_answer(test: &Test) -> Result<Vec<u8>, String> {
    if let Some(why) = test
        .broken
        .clone()
        .or_else(|| model::unfit_input(&test.input))
    {
        return Err(why);
    }
    let Some(answer_path) = &test.answer else {
        return Err(format!(
            "no .out or .ans beside {}",
            escaped(test.input.as_os_str())
        ));
    };
    let mut answer = model::read_test_file(answer_path)?;
    if answer.starts_with(b"\xEF\xBB\xBF") {
        answer.drain(..3);
    }
    if answer.iter().all(u8::is_ascii_whitespace) {
        return Err(format!(
            "the answer file {} is empty",
            escaped(answer_path.as_os_str())
        ));
    }
    Ok(answer)
}

/// A test's input, read to decide a verdict. One larger than
/// [`HELD_ALONE`] holds a lock while it is held: however many tests run at
/// once, the judge holds at most one such input (of at most
/// `model::INPUT_LIMIT`), besides the smaller ones.
/// Where a test's program gets its input, and how the judge reads it to
/// decide the verdict: in the judges' form, the canonical input fed from
/// memory (the samples are small); otherwise the file itself, which the
/// judge reads only once the program has ended.
enum Feed {
    Canonical(Vec<u8>),
    File(Option<HeldInput>),
}

impl Feed {
    fn of(problem: &Problem, test: &Test, judges_form: bool) -> Result<Feed, String> {
        Ok(match judges_form {
            true => Feed::Canonical(judges_form_of(problem, model::read_test_file(&test.input)?)),
            false => Feed::File(None),
        })
    }

    fn run(
        &self,
        cmd: &mut Command,
        path: &Path,
        limits: &run::Limits,
    ) -> std::io::Result<run::Outcome> {
        match self {
            Feed::Canonical(input) => run::run(cmd, input, limits),
            Feed::File(_) => run::run_on_file(cmd, path, limits),
        }
    }

    /// The input as the program got it (a file's read once, after the run).
    fn bytes(&mut self, path: &Path) -> Result<&[u8], String> {
        match self {
            Feed::Canonical(input) => Ok(input),
            Feed::File(held) => HeldInput::once(held, path),
        }
    }

    fn into_bytes(self) -> Vec<u8> {
        match self {
            Feed::Canonical(input) => input,
            Feed::File(held) => held.map(|held| held.bytes).unwrap_or_default(),
        }
    }
}

struct HeldInput {
    bytes: Vec<u8>,
    _alone: Option<MutexGuard<'static, ()>>,
}

/// The size above which a test's input is held by one test at a time.
const HELD_ALONE: u64 = 16 << 20;

static LARGE_INPUT: Mutex<()> = Mutex::new(());

impl HeldInput {
    /// The input in `slot`, read into it first if it is not there yet.
    fn once<'a>(slot: &'a mut Option<HeldInput>, path: &Path) -> Result<&'a [u8], String> {
        if slot.is_none() {
            *slot = Some(HeldInput::read(path)?);
        }
        Ok(&slot.as_ref().expect("read").bytes)
    }

    fn read(path: &Path) -> Result<HeldInput, String> {
        let len = fs::metadata(path).map_or(0, |m| m.len());
        let alone =
            (len > HELD_ALONE).then(|| LARGE_INPUT.lock().unwrap_or_else(|e| e.into_inner()));
        Ok(HeldInput {
            bytes: model::read_test_file(path)?,
            _alone: alone,
        })
    }
}

/// `--save-outputs`: `<dir>/<test>.out`, and `<test>.err` when stderr is not
/// empty (its end, as kept), each written whole or not at all
/// (`files::write_whole`); an `.err` of an earlier run that this one does not
/// replace is removed, and the `.out` too when its `.err` cannot be saved.
fn save_output(dir: &Path, stem: &Path, outcome: &run::Outcome) -> Result<(), String> {
    let (out, err) = (saved_as(dir, stem, ".out"), saved_as(dir, stem, ".err"));
    let gone = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => Ok(()),
        _ => Err(e),
    };
    let saved = out
        .parent()
        .map_or(Ok(()), fs::create_dir_all)
        .and_then(|()| files::write_whole(&out, &outcome.stdout))
        .and_then(|()| match outcome.stderr_tail.is_empty() {
            true => fs::remove_file(&err).or_else(gone),
            false => files::write_whole(&err, &outcome.stderr_tail).map_err(|e| {
                let _ = fs::remove_file(&out);
                e
            }),
        });
    saved.map_err(|e| {
        format!(
            "cannot save the output in {}: {}",
            escaped(out.as_os_str()),
            e
        )
    })
}

/// Where `--save-outputs` keeps a test's output: `<dir>/<stem><ext>`, the
/// test's name as the system has it (two names that differ only in bytes
/// that are not UTF-8 are two files).
fn saved_as(dir: &Path, stem: &Path, ext: &str) -> PathBuf {
    let mut path = dir.join(stem).into_os_string();
    path.push(ext);
    PathBuf::from(path)
}

/// `--save-outputs` must never write an output where a test lives: beside a
/// `NAME.in` it would replace that test's `NAME.out` answer, or shadow its
/// `NAME.ans` (`.out` wins). `--save-outputs samples` would do just that.
pub fn refuse_to_touch_tests(dir: &Path, suites: &[Suite]) -> Result<(), String> {
    for suite in suites {
        for test in suite.tests.iter() {
            let out = saved_as(&dir.join(&suite.key), &test.stem, ".out");
            if saved_as(&dir.join(&suite.key), &test.stem, ".in").is_file() {
                return Err(format!(
                    "--save-outputs {} would write {} beside a test's input, over or \
                     in place of its answer: choose another folder",
                    escaped(dir.as_os_str()),
                    escaped(out.as_os_str())
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
