//! `--stress`: find, shrink and save the smallest input on which a program
//! fails; `--generate`: write random tests with our answers.
//!
//! Case `i` of a run seeded with `S` is drawn by the problem's generator from
//! its own random stream (`Rng::for_case(S, i)`), so a seed names the same
//! inputs on every machine, whatever the number of cores. Each case runs our
//! solution (built once, in release mode) and the user's program on the same
//! input; the problem's checker then judges the user's output with our answer
//! as the reference: line by line where there is one right answer, by replay
//! for solitaire_chess and checks_post_facto (where our `0` settles whether a
//! puzzle is solvable).
//!
//! The cases run on all cores until one fails. Cases are handed out in order,
//! and the run stops only after every case handed out has finished, so the
//! failure reported is the first failing case, the same on every machine.
//! Then the shrinker takes over: it asks the problem for smaller valid inputs
//! (a piece fewer, a weaker piece, fewer moves), keeps the first on which the
//! program still fails the same way (the same verdict and the same kind of
//! reason, so that one bug is not traded for another), and starts again from
//! there until no smaller input fails, or its time budget runs out. Where no
//! input one step smaller fails, it tries those two steps smaller. A program
//! the shell cannot start is reported without shrinking.
//!
//! A program may fail an input only sometimes (it reads the clock, races
//! threads, or is slow only when the machine is busy). So a candidate is kept
//! only when it fails twice, and the first failing input and the shrunk one
//! are each judged three more times: if any of those runs passes, the report
//! says `nondeterministic: failed k of n runs`, and so do the saved names.

use crate::problems::Problem;
use crate::report::{counted, say, say_detail, warn};
use crate::rng::Rng;
use crate::suite::{cores, limits_for_problem, shell_command, workspace_root};
use crate::{build, run, verdict};

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant, SystemTime};

/// Our solution gets this long on a generated case, whatever `--time-limit`
/// says: it is not the one being judged.
const OUR_LIMIT: Duration = Duration::from_secs(10);

/// What `--stress` and `--generate` need from the command line.
pub struct Request<'a> {
    pub problem: &'static Problem,
    /// The user's command (`--cmd`); `None` for `--generate`.
    pub cmd: Option<&'a str>,
    /// How many cases at most.
    pub cases: usize,
    pub seed: Option<u64>,
    pub save: Option<&'a Path>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
}

/// A seed from the clock, for a run without `--seed`.
fn seed_from_clock() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Small enough to type; mixed so that runs a second apart differ a lot.
    Rng(nanos ^ u64::from(std::process::id())).next() % 1_000_000_000
}

/// The programs of a run: ours, and the user's.
struct Programs {
    ours: PathBuf,
    theirs: Option<Vec<OsString>>,
    limits: run::Limits,
}

/// How the user's program did on one case.
#[derive(Clone)]
struct Case {
    input: String,
    /// Our solution's answer.
    answer: String,
    /// `None` when the program passed; else the verdict (WA, RE, TLE).
    failure: Option<Failure>,
}

#[derive(Clone)]
struct Failure {
    verdict: &'static str,
    /// The program's standard output.
    output: String,
    /// Why: the checker's reason, the exit status and stderr, ...
    details: Vec<String>,
    /// The shell could not start the program at all (not found, not
    /// executable): no input is to blame, so there is nothing to shrink.
    cannot_run: bool,
}

impl Failure {
    /// What kind of failure this is, so that shrinking keeps the program's
    /// bug rather than trading it for another one: the verdict, and the first
    /// line of the reason with its particulars (numbers, quoted text, what
    /// the example move list says) taken out. For a TLE only its kind counts,
    /// `(cpu)` or `(wall)`, and whether the safety net stopped it: the rest of
    /// its line is about the limits.
    fn kind(&self) -> String {
        let reason = self.details.first().map_or("", String::as_str);
        if self.verdict == "TLE" {
            let qualifier = reason.split(':').next().unwrap_or("TLE");
            if reason.contains("safety net") {
                return format!("{} at the safety net", qualifier);
            }
            return qualifier.to_string();
        }
        format!("{} {}", self.verdict, reason_words(reason))
    }
}

/// The words of a reason, without its particulars: quoted text ("..." or
/// '...'), numbers, brackets and punctuation go, and a plural `s` is dropped,
/// so that `line 3: expected "4", got "2" (3 lines expected, 1 given)` and
/// `line 1: expected "0", got "1" (1 line expected, 2 given)` are alike. An
/// apostrophe inside a word (`sample's`) starts no quote.
fn reason_words(reason: &str) -> String {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut escaped = false;
    for c in reason.chars().chain(std::iter::once(' ')) {
        if let Some(q) = quote {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                _ if c == q => quote = None,
                _ => {}
            }
            continue;
        }
        if c.is_alphabetic() {
            word.push(c);
            continue;
        }
        let after_word = !word.is_empty();
        if word.len() > 1 {
            let singular = word.strip_suffix('s').unwrap_or(&word);
            words.push(singular.to_string());
        }
        word.clear();
        if c == '"' || (c == '\'' && !after_word) {
            quote = Some(c);
        }
    }
    words.join(" ")
}

fn build_ours(problem: &Problem) -> Result<PathBuf, String> {
    warn(&format!(
        "judge: building our {} (cargo build --release)...",
        problem.name
    ));
    let root = workspace_root();
    build::cargo_release(&root, &[problem.name], true)
        .pop()
        .expect("one result per package")
        .map_err(|why| format!("cannot build our {}: {}", problem.name, why))
}

/// Runs `argv` on `input`; every run of the stress test goes through here.
fn run_program(
    argv: &[OsString],
    input: &str,
    limits: &run::Limits,
) -> Result<run::Outcome, String> {
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..]);
    run::run(&mut cmd, input.as_bytes(), limits)
        .map_err(|e| format!("cannot start {:?}: {}", argv[0], e))
}

/// Our answer to `input`. Our solution failing on a generated input is a bug
/// of the judge's generator or of the solution: an error, not a verdict.
fn our_answer(programs: &Programs, problem: &Problem, input: &str) -> Result<String, String> {
    let ours = run::Limits {
        time: OUR_LIMIT,
        memory_bytes: None,
    };
    let outcome = run_program(&[programs.ours.clone().into_os_string()], input, &ours)?;
    let trouble = match &outcome.end {
        run::End::Exited(status) if status.success() => {
            return Ok(String::from_utf8_lossy(&outcome.stdout).into_owned())
        }
        run::End::Exited(status) => format!(
            "{}: {}",
            run::describe_status(status),
            String::from_utf8_lossy(&outcome.stderr_tail).trim_end()
        ),
        run::End::CpuLimit(_) | run::End::WallNet(_) => {
            format!("no answer within {} s", OUR_LIMIT.as_secs())
        }
        run::End::MemoryLimit => "out of memory".to_string(),
        run::End::OutputLimit => "output cut off".to_string(),
    };
    Err(format!(
        "our {} failed on a generated input ({}); this is a bug of the judge. The input:\n{}",
        problem.name, trouble, input
    ))
}

/// Runs our solution and the user's program on `input` and judges the user's
/// under `limits`.
fn judge_case(
    programs: &Programs,
    problem: &Problem,
    input: String,
    limits: &run::Limits,
) -> Result<Case, String> {
    let answer = our_answer(programs, problem, &input)?;
    judge_theirs(programs, problem, input, answer, limits)
}

/// Runs the user's program on `input` and judges its output against our
/// `answer` under `limits`.
fn judge_theirs(
    programs: &Programs,
    problem: &Problem,
    input: String,
    answer: String,
    limits: &run::Limits,
) -> Result<Case, String> {
    let argv = programs.theirs.as_ref().expect("a program to judge");
    let outcome = run_program(argv, &input, limits)?;
    let output = String::from_utf8_lossy(&outcome.stdout).into_owned();
    // The judge's own verdict; the report draws the board itself.
    let no_picture: verdict::Picture = |_| None;
    let (verdict, details) = verdict::decide(
        (problem.checker, no_picture),
        input.as_bytes(),
        answer.as_bytes(),
        &outcome,
        limits,
    );
    let failure = (verdict != "AC").then(|| Failure {
        verdict,
        output,
        details,
        cannot_run: verdict::could_not_start(&outcome),
    });
    Ok(Case {
        input,
        answer,
        failure,
    })
}

/// The same case judged once more (our answer is known already).
fn judge_again(
    programs: &Programs,
    problem: &Problem,
    case: &Case,
    limits: &run::Limits,
) -> Result<Case, String> {
    judge_theirs(
        programs,
        problem,
        case.input.clone(),
        case.answer.clone(),
        limits,
    )
}

/// How often the program failed an input, of how many runs.
#[derive(Clone, Copy)]
struct Runs {
    failed: usize,
    total: usize,
}

impl Runs {
    fn deterministic(&self) -> bool {
        self.failed == self.total
    }
}

/// A failing input is judged this many times more, one run after the other:
/// a program that passes one of them is nondeterministic (it reads the
/// clock, races threads, or depends on how busy the machine is).
const REPLAYS: usize = 3;

/// Judges a failing case [`REPLAYS`] more times: `runs` so far, plus those.
fn replay_failure(
    programs: &Programs,
    problem: &Problem,
    case: &Case,
    mut runs: Runs,
) -> Result<Runs, String> {
    for _ in 0..REPLAYS {
        let again = judge_again(programs, problem, case, &programs.limits)?;
        runs.total += 1;
        if again.failure.is_some() {
            runs.failed += 1;
        }
    }
    Ok(runs)
}

/// The line saying a program does not always fail the same input, or `None`
/// when it did fail every run.
fn nondeterminism(case: usize, original: Runs, shrunk: Option<Runs>) -> Option<String> {
    let runs = |r: Runs| format!("{} of {}", r.failed, counted(r.total, "runs"));
    match shrunk {
        _ if original.deterministic() && shrunk.map_or(true, |r| r.deterministic()) => None,
        None => Some(format!(
            "nondeterministic: failed {} on the input of case {}",
            runs(original),
            case
        )),
        Some(shrunk) => Some(format!(
            "nondeterministic: failed {} on the input of case {}, {} on the shrunk input",
            runs(original),
            case,
            runs(shrunk)
        )),
    }
}

/// `--stress`: `Ok(true)` when no case failed.
pub fn stress(request: &Request) -> Result<bool, String> {
    let problem = request.problem;
    let cmd = request.cmd.expect("--stress has a --cmd");
    let seed = request.seed.unwrap_or_else(seed_from_clock);
    let programs = Programs {
        ours: build_ours(problem)?,
        theirs: Some(shell_command(cmd)),
        limits: limits_for_problem(problem, request.time_limit_ms, request.memory_limit_mb),
    };
    say(&format!(
        "{} [{}]: stress test of up to {}, seed {}",
        problem.name,
        cmd,
        counted(request.cases, "cases"),
        seed
    ));
    let started = Instant::now();
    let (done, first) = find_failure(&programs, problem, request.cases, seed)?;
    let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-9);
    let Some((index, case)) = first else {
        say(&format!(
            "no failure in {} ({}), seed {}",
            counted(done, "cases"),
            rate_text(rate),
            seed
        ));
        return Ok(true);
    };
    let failure = case.failure.clone().expect("a failing case");
    say(&format!(
        "{} on case {} ({} run, {})",
        failure.verdict,
        index + 1,
        counted(done, "cases"),
        rate_text(rate)
    ));
    let original = case.clone();
    let mut original_runs = Runs {
        failed: 1,
        total: 1,
    };
    let (shrunk, shrunk_runs) = if failure.cannot_run {
        // Not the input's fault: every input would fail the same way.
        say("the program could not be started: nothing to shrink");
        (original.clone(), None)
    } else {
        original_runs = replay_failure(&programs, problem, &original, original_runs)?;
        let Shrunk {
            case,
            steps,
            tried,
            notes,
        } = shrink(&programs, problem, case)?;
        let (from, unit) = (problem.size)(&original.input);
        let (to, _) = (problem.size)(&case.input);
        say(&format!(
            "shrunk from {} to {} in {}, {} tried",
            from,
            counted(to, unit),
            counted(steps, "steps"),
            counted(tried, "smaller candidates")
        ));
        for note in notes {
            say_detail("", &note);
        }
        // A candidate was kept after failing twice.
        let runs = (steps > 0)
            .then(|| {
                replay_failure(
                    &programs,
                    problem,
                    &case,
                    Runs {
                        failed: 2,
                        total: 2,
                    },
                )
            })
            .transpose()?;
        (case, runs)
    };
    let flaky = nondeterminism(index + 1, original_runs, shrunk_runs);
    if let Some(line) = &flaky {
        say(line);
    }
    report(problem, &shrunk);
    if let Some(dir) = request.save {
        // "-original" sorts before "-shrunk", so --tests lists them in order.
        let mut name = format!("{}-seed{}-case{}", problem.name, seed, index + 1);
        if flaky.is_some() {
            name += "-nondeterministic";
        }
        save(dir, &format!("{}-original", name), &original)?;
        save(dir, &format!("{}-shrunk", name), &shrunk)?;
        say(&format!(
            "saved: {}-original and {}-shrunk (.in, .out = our answer); replay with --tests {}",
            dir.join(&name).display(),
            name,
            dir.display()
        ));
    }
    let mut replay = format!(
        "cargo run -p judge -- {} --cmd {} --stress {} --seed {}",
        problem.name,
        shell_quote(cmd),
        request.cases,
        seed
    );
    if let Some(ms) = request.time_limit_ms {
        replay += &format!(" --time-limit {}", ms);
    }
    say(&format!("replay: {}", replay));
    Ok(false)
}

/// A rate of cases per second as the report shows it.
fn rate_text(rate: f64) -> String {
    let shown = format!("{:.0}", rate);
    let unit = if shown == "1" { "case/s" } else { "cases/s" };
    format!("{} {}", shown, unit)
}

/// Runs cases `0..cases` on all cores until one fails: how many ran, and the
/// first failing case with its index.
fn find_failure(
    programs: &Programs,
    problem: &'static Problem,
    cases: usize,
    seed: u64,
) -> Result<(usize, Option<(usize, Case)>), String> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let found: Mutex<Vec<(usize, Result<Case, String>)>> = Mutex::new(Vec::new());
    let mut progress = Progress::new();
    // Each worker holds a sender; when the last one ends, the channel says
    // so at once (a plain sleep would round the run's time up to it).
    let (working, all_ended) = mpsc::channel::<()>();
    thread::scope(|scope| {
        let (next, done, stop, found) = (&next, &done, &stop, &found);
        for _ in 0..cores() {
            let working = working.clone();
            scope.spawn(move || {
                let _working = working; // dropped as the worker ends
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cases || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let input = (problem.generate)(&mut Rng::for_case(seed, i as u64));
                    let judged = judge_case(programs, problem, input, &programs.limits);
                    if !matches!(&judged, Ok(case) if case.failure.is_none()) {
                        stop.store(true, Ordering::SeqCst);
                        found.lock().expect("no panics").push((i, judged));
                    }
                    done.fetch_add(1, Ordering::SeqCst);
                }
            });
        }
        drop(working);
        // The workers end when all cases ran or one failed.
        while let Err(RecvTimeoutError::Timeout) = all_ended.recv_timeout(PROGRESS_TICK) {
            progress.show(done.load(Ordering::SeqCst), cases, seed);
        }
        progress.clear();
    });
    let mut found = found.into_inner().expect("no panics");
    found.sort_by_key(|(i, _)| *i);
    let done = done.into_inner();
    match found.into_iter().next() {
        None => Ok((done, None)),
        Some((i, judged)) => Ok((done, Some((i, judged?)))),
    }
}

/// How often the progress is looked at.
const PROGRESS_TICK: Duration = Duration::from_millis(200);

/// Without a terminal, a progress line this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Progress on stderr while the cases run: on a terminal one line rewritten
/// in place five times a second; otherwise (stderr redirected to a file or a
/// pipe, where `\r` would pile up) a line of its own every
/// [`PROGRESS_EVERY`], so that a long run is seen to be alive.
struct Progress {
    terminal: bool,
    started: Instant,
    last_line: Instant,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
            last_line: Instant::now(),
        }
    }

    fn show(&mut self, done: usize, cases: usize, seed: u64) {
        let elapsed = self.started.elapsed();
        let rate = rate_text(done as f64 / elapsed.as_secs_f64().max(1e-9));
        if self.terminal {
            let mut stderr = std::io::stderr();
            let line = format!("{} of {} cases, {}, seed {}   ", done, cases, rate, seed);
            let _ = write!(stderr, "\r{}", line);
            let _ = stderr.flush();
        } else if self.last_line.elapsed() >= PROGRESS_EVERY {
            self.last_line = Instant::now();
            warn(&format!(
                "judge: {} of {} cases, {}, {} s elapsed, seed {}",
                done,
                cases,
                rate,
                elapsed.as_secs(),
                seed
            ));
        }
    }

    /// Wipes the terminal's progress line before the report.
    fn clear(&self) {
        if self.terminal {
            let _ = write!(std::io::stderr(), "\r{:60}\r", "");
        }
    }
}

/// Shrinking stops after this long, keeping the smallest failing input found
/// so far: a program that hangs costs a whole wait per candidate.
const SHRINK_BUDGET: Duration = Duration::from_secs(30);

/// What shrinking reached.
struct Shrunk {
    /// The smallest failing input found.
    case: Case,
    /// Smaller inputs kept, one after the other.
    steps: usize,
    /// Candidates tried (counted as if tried one at a time: those after the
    /// one kept are not counted).
    tried: usize,
    /// Lines for the report: a budget that ran out, a changed limit.
    notes: Vec<String>,
}

/// The limits shrink candidates run under. A program that was still waiting
/// at the wall-clock safety net (2 x limit + 1 s) would make every candidate
/// wait that long too, so for such a failure the candidates get a time limit
/// whose safety net falls at the real limit (or at 1 s and a bit when the
/// limit is shorter): a candidate still waiting then has been idle for longer
/// than the limit allows. A candidate that computes past that shorter limit
/// gets TLE (cpu), another kind of failure, and is not kept.
fn shrink_limits(limits: &run::Limits, kind: &str) -> run::Limits {
    if kind != "TLE (wall) at the safety net" {
        return *limits;
    }
    let second = Duration::from_secs(1);
    run::Limits {
        time: (limits.time.saturating_sub(second) / 2).max(limits.time / 4),
        memory_bytes: limits.memory_bytes,
    }
}

/// Shrinks a failing case: the smallest input on which the program still
/// fails the same way (same verdict, same kind of reason: see
/// `Failure::kind`). A candidate counts only when it is a valid input, which
/// our answer proves: our solution answers it and the checker accepts that
/// answer. (The problems' shrinkers mostly make valid inputs by
/// construction; checks_post_facto's also makes some that need this proof.)
fn shrink(programs: &Programs, problem: &Problem, mut case: Case) -> Result<Shrunk, String> {
    let kind = case.failure.as_ref().expect("a failing case").kind();
    let limits = shrink_limits(&programs.limits, &kind);
    let mut search = Search {
        programs,
        problem,
        kind: kind.clone(),
        limits,
        started: Instant::now(),
        tried: 0,
        out_of_time: false,
    };
    let mut steps = 0;
    let mut notes = Vec::new();
    // A program that fails whatever the input fails on the smallest input
    // the shrinker leads to as well: that one is tried first, one run
    // instead of one per step (a program that cannot solve anything took
    // the whole time budget, a piece at a time).
    let smallest = smallest_input(problem, &case.input);
    if smallest != case.input {
        if let Some(found) = search.first_failing(&[smallest])? {
            case = found;
            steps += 1;
        }
    }
    loop {
        let singles = (problem.shrink)(&case.input);
        let mut found = search.first_failing(&singles)?;
        if found.is_none() && !search.out_of_time {
            // One step at a time can be stuck where two together are not:
            // two pieces that each keep the bug alone, say.
            found = search.first_failing(&two_steps(problem, &singles))?;
        }
        match found {
            Some(smaller) => {
                case = smaller;
                steps += 1;
            }
            None => break,
        }
    }
    if search.out_of_time {
        notes.push(format!(
            "shrinking stopped after {} s (its time budget): the input shown is \
             the smallest failing one found so far",
            SHRINK_BUDGET.as_secs()
        ));
    }
    let tried = search.tried;
    if steps > 0 && limits.time != programs.limits.time {
        notes.push(format!(
            "(smaller inputs were judged with the safety net at {} ms, not at {} ms)",
            limits.wall_net().as_millis(),
            programs.limits.wall_net().as_millis()
        ));
        // The report shows the shrunk input judged under the real limits.
        let again = judge_case(programs, problem, case.input.clone(), &programs.limits)?;
        match &again.failure {
            Some(failure) if failure.kind() == kind => case = again,
            Some(failure) => notes.push(format!(
                "under the real limits the shrunk input gets {} instead: {}",
                failure.verdict,
                failure.details.first().map_or("", String::as_str)
            )),
            None => notes.push(
                "under the real limits the shrunk input passes: the failure shown is \
                 under the shorter limit"
                    .to_string(),
            ),
        }
    }
    Ok(Shrunk {
        case,
        steps,
        tried,
        notes,
    })
}

/// Where the shrinker leads when it takes its last candidate each time,
/// without running anything: an input with nothing left to remove.
fn smallest_input(problem: &Problem, input: &str) -> String {
    let mut smallest = input.to_string();
    // A shrinker only makes inputs smaller; the bound is only a guard.
    for _ in 0..10_000 {
        match (problem.shrink)(&smallest).pop() {
            Some(smaller) => smallest = smaller,
            None => break,
        }
    }
    smallest
}

/// At most this many inputs two shrinking steps away are tried, when no
/// input one step away fails.
const MAX_TWO_STEPS: usize = 400;

/// The inputs two shrinking steps away (each of `singles`, shrunk once
/// more), in the problem's order, without repeats or the singles themselves;
/// at most [`MAX_TWO_STEPS`] of them.
fn two_steps(problem: &Problem, singles: &[String]) -> Vec<String> {
    let mut seen: HashSet<&str> = singles.iter().map(String::as_str).collect();
    let mut pairs = Vec::new();
    let seconds: Vec<Vec<String>> = singles.iter().map(|one| (problem.shrink)(one)).collect();
    for two in seconds.iter().flatten() {
        if pairs.len() == MAX_TWO_STEPS {
            break;
        }
        if seen.insert(two) {
            pairs.push(two.clone());
        }
    }
    pairs
}

/// The shrinker's search for a smaller failing input: what it looks for, and
/// what it has spent.
struct Search<'a> {
    programs: &'a Programs,
    problem: &'a Problem,
    /// The kind of failure to keep (see `Failure::kind`).
    kind: String,
    limits: run::Limits,
    started: Instant,
    /// Candidates tried (counted as if tried one at a time: those after the
    /// one kept are not counted).
    tried: usize,
    /// Whether [`SHRINK_BUDGET`] ran out.
    out_of_time: bool,
}

impl Search<'_> {
    /// The first of `candidates`, in their order, that is a valid input and
    /// fails the same way twice. They are judged a batch at a time, one per
    /// core.
    fn first_failing(&mut self, candidates: &[String]) -> Result<Option<Case>, String> {
        let (programs, problem, limits) = (self.programs, self.problem, &self.limits);
        for batch in candidates.chunks(cores()) {
            if self.started.elapsed() > SHRINK_BUDGET {
                self.out_of_time = true;
                return Ok(None);
            }
            let judged: Vec<Result<Case, String>> = thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .iter()
                    .map(|input| {
                        scope.spawn(|| judge_case(programs, problem, input.clone(), limits))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a judging thread panicked"))
                    .collect()
            });
            for smaller in judged {
                self.tried += 1;
                // A candidate our solution cannot answer, or whose answer the
                // checker rejects, is not a valid input: skipped.
                let Ok(smaller) = smaller else { continue };
                let valid = (problem.checker)(&smaller.input, &smaller.answer, &smaller.answer);
                if valid.is_err() || !self.fails(&smaller) {
                    continue;
                }
                // Kept only when it fails a second run too: a flaky program
                // would otherwise be shrunk towards inputs it passes.
                let again = judge_again(programs, problem, &smaller, limits)?;
                if self.fails(&again) {
                    return Ok(Some(again));
                }
            }
        }
        Ok(None)
    }

    fn fails(&self, case: &Case) -> bool {
        case.failure.as_ref().is_some_and(|f| f.kind() == self.kind)
    }
}

/// Prints the case: input, our answer, the program's answer, why it failed
/// and the input board.
fn report(problem: &Problem, case: &Case) {
    let failure = case.failure.as_ref().expect("a failing case");
    let indented = |title: &str, text: &str| {
        say(&format!("{}:", title));
        if text.trim().is_empty() {
            say("  (nothing)");
        }
        for line in text.lines() {
            say_detail("  ", line);
        }
    };
    indented("input", &case.input);
    indented("our answer", &case.answer);
    indented("your answer", &failure.output);
    indented(
        &format!("why ({})", failure.verdict),
        &failure.details.join("\n"),
    );
    if let Some(board) = (problem.picture)(&case.input) {
        indented("the input board", &board);
    }
}

/// Writes `NAME.in` and `NAME.out` (our answer) into `dir`.
fn save(dir: &Path, name: &str, case: &Case) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    for (ext, text) in [("in", &case.input), ("out", &case.answer)] {
        let path = dir.join(format!("{}.{}", name, ext));
        fs::write(&path, text).map_err(|e| format!("cannot write {}: {}", path.display(), e))?;
    }
    Ok(())
}

/// `text` quoted for a POSIX shell, unless it needs no quotes.
fn shell_quote(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// `--generate` writes into a folder only when it holds no `case-*.in` or
/// `case-*.out` yet: tests of an earlier run (of another seed, or more of
/// them) would otherwise stay behind and mix with the new ones. The judge
/// removes nothing; the user clears the folder or picks another.
fn refuse_used_folder(dir: &Path) -> Result<(), String> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot read {}: {}", dir.display(), e)),
    };
    // The one that sorts first is named, whatever order the folder lists.
    let first = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().to_string_lossy().into_owned();
            let ours =
                name.starts_with("case-") && (name.ends_with(".in") || name.ends_with(".out"));
            ours.then_some(name)
        })
        .min();
    match first {
        None => Ok(()),
        Some(name) => Err(format!(
            "{} already holds generated tests ({} ...): remove them or choose another folder",
            dir.display(),
            dir.join(name).display()
        )),
    }
}

/// `--generate`: writes cases `1..=count` (the inputs `--stress` with the same
/// seed would try first) as `case-NNNN.in` with our answer in `.out`.
pub fn generate(request: &Request) -> Result<(), String> {
    let problem = request.problem;
    let dir = request.save.expect("--generate has a --save");
    refuse_used_folder(dir)?;
    let seed = request.seed.unwrap_or_else(seed_from_clock);
    let programs = Programs {
        ours: build_ours(problem)?,
        theirs: None,
        limits: run::Limits {
            time: OUR_LIMIT,
            memory_bytes: None,
        },
    };
    let count = request.cases;
    let next = AtomicUsize::new(0);
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let width = count.to_string().len().max(4);
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    thread::scope(|scope| {
        for _ in 0..cores() {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= count || !errors.lock().expect("no panics").is_empty() {
                    break;
                }
                let input = (problem.generate)(&mut Rng::for_case(seed, i as u64));
                let written = our_answer(&programs, problem, &input).and_then(|answer| {
                    let case = Case {
                        input,
                        answer,
                        failure: None,
                    };
                    save(
                        dir,
                        &format!("case-{:0width$}", i + 1, width = width),
                        &case,
                    )
                });
                if let Err(why) = written {
                    errors.lock().expect("no panics").push(why);
                }
            });
        }
    });
    if let Some(why) = errors.into_inner().expect("no panics").into_iter().next() {
        return Err(why);
    }
    say(&format!(
        "wrote {} {} {} to {} (case-*.in, our answers in .out), seed {}",
        count,
        problem.name,
        if count == 1 { "test" } else { "tests" },
        dir.display(),
        seed
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{reason_words, shell_quote, Failure};
    use crate::problems::PROBLEMS;
    use crate::rng::Rng;

    #[test]
    fn quotes_commands_for_the_shell() {
        assert_eq!(shell_quote("./a.out"), "./a.out");
        assert_eq!(shell_quote("python3 my.py"), "'python3 my.py'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
    }

    fn failure(verdict: &'static str, reason: &str) -> Failure {
        Failure {
            verdict,
            output: String::new(),
            details: vec![reason.to_string(), "stderr: anything".to_string()],
            cannot_run: false,
        }
    }

    #[test]
    fn a_kind_of_failure_ignores_particulars() {
        let same = |a: &Failure, b: &Failure| a.kind() == b.kind();
        let wa = |reason: &str| failure("WA", reason);
        assert!(same(
            &wa(r#"line 3: expected "4", got "2" (3 lines expected, 1 given)"#),
            &wa(r#"line 1: expected "0", got "1 \" 2" (1 line expected, 2 given)"#)
        ));
        assert!(!same(
            &wa(r#"line 1: expected "4", got "2""#),
            &wa(r#"line 1: expected "4", got end of output"#)
        ));
        let zero = "output 0 (unsolvable), but the board can be solved, e.g. [[[2,1],[1,2]]]";
        assert!(same(
            &wa(zero),
            &wa("output 0 (unsolvable), but the board can be solved, e.g. [[[0,0],[3,3]]]")
        ));
        assert!(!same(
            &wa(zero),
            &wa("output 0, but the board has a single piece: the answer is []")
        ));
        assert!(!same(&wa(zero), &failure("RE", zero)));
        // An apostrophe inside a word quotes nothing.
        assert_eq!(
            reason_words("the sample's .out is wrong"),
            "the sample out i wrong"
        );
        assert!(same(
            &failure("RE", "exit code 3"),
            &failure("RE", "exit code 101")
        ));
        assert!(!same(
            &failure("RE", "exit code 3"),
            &failure("RE", "killed by signal 11 (SIGSEGV)")
        ));
        let tle = |reason: &str| failure("TLE", reason);
        assert!(same(
            &tle("TLE (cpu): 2100 ms of CPU time, over the 2000 ms limit; killed once past it"),
            &tle("TLE (cpu): 510 ms of CPU time, over the 500 ms limit; killed once past it")
        ));
        assert!(!same(
            &tle("TLE (cpu): 2100 ms of CPU time, over the 2000 ms limit"),
            &tle("TLE (wall): 2100 ms of wall time, 900 ms of it off the CPU")
        ));
        assert!(!same(
            &tle("TLE (wall): still running at the wall-clock safety net (5000 ms)"),
            &tle("TLE (wall): 2100 ms of wall time, 900 ms of it off the CPU")
        ));
    }

    /// Every problem's generator draws inputs its shrinker understands, and
    /// every candidate is strictly smaller, so shrinking always ends.
    #[test]
    fn shrink_candidates_are_smaller() {
        for problem in PROBLEMS {
            for case in 0..200 {
                let input = (problem.generate)(&mut Rng::for_case(1, case));
                let (size, _) = (problem.size)(&input);
                let candidates = (problem.shrink)(&input);
                for smaller in &candidates {
                    let (smaller_size, _) = (problem.size)(smaller);
                    assert!(
                        smaller_size < size || (smaller_size == size && smaller != &input),
                        "{}: {:?} -> {:?}",
                        problem.name,
                        input,
                        smaller
                    );
                }
            }
        }
    }
}
