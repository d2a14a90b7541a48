//! Judging one stress case: our solution's answer to a generated input, the
//! user's program run on it and judged against that answer, again when a
//! failure must be shown not to be a fluke, and what kind of failure it is.

use crate::problems::{Picture, Problem};
use crate::text::{counted, warn};
use crate::{build, run, verdict, workspace};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// Our solution gets this long on a generated case, whatever `--time-limit`
/// says: it is not the one being judged.
pub const OUR_LIMIT: Duration = Duration::from_secs(10);

/// The programs of a run: ours, and the user's.
pub struct Programs {
    pub ours: PathBuf,
    pub theirs: Option<Vec<OsString>>,
    pub limits: run::Limits,
}

/// How the user's program did on one case.
#[derive(Clone)]
pub struct Case {
    pub input: String,
    /// Our solution's answer.
    pub answer: String,
    /// `None` when the program passed; else the verdict (WA, RE, TLE).
    pub failure: Option<Failure>,
}

#[derive(Clone)]
pub struct Failure {
    pub verdict: &'static str,
    /// The program's standard output.
    pub output: String,
    /// Why: the checker's reason, the exit status and stderr, ...
    pub details: Vec<String>,
    /// The shell could not start the program at all (not found, not
    /// executable): no input is to blame, so there is nothing to shrink.
    pub cannot_run: bool,
}

impl Failure {
    /// What kind of failure this is, so that shrinking keeps the program's
    /// bug rather than trading it for another one: the verdict, and the first
    /// line of the reason with its particulars (numbers, quoted text, what
    /// the example move list says) taken out. For a TLE only its kind counts,
    /// `(cpu)` or `(wall)`, and whether the safety net stopped it: the rest of
    /// its line is about the limits.
    pub fn kind(&self) -> String {
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
pub fn reason_words(reason: &str) -> String {
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

pub fn build_ours(problem: &Problem) -> Result<PathBuf, String> {
    warn(&format!(
        "judge: building our {} (cargo build --release)...",
        problem.name
    ));
    let root = workspace::root();
    build::cargo_release(&root, &[problem.name], true)
        .pop()
        .expect("one result per package")
        .map_err(|why| format!("cannot build our {}: {}", problem.name, why))
}

/// Runs `argv` on `input`; every run of the stress test goes through here.
pub fn run_program(
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
pub fn our_answer(programs: &Programs, problem: &Problem, input: &str) -> Result<String, String> {
    let ours = run::Limits {
        time: OUR_LIMIT,
        memory_bytes: None,
        processes: run::MAX_PROCESSES,
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
        run::End::ProcessLimit => "too many processes and threads".to_string(),
    };
    Err(format!(
        "our {} failed on a generated input ({}); this is a bug of the judge. The input:\n{}",
        problem.name, trouble, input
    ))
}

/// Runs our solution and the user's program on `input` and judges the user's
/// under `limits`.
pub fn judge_case(
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
pub fn judge_theirs(
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
    let no_picture: Picture = |_| None;
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
pub fn judge_again(
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
pub struct Runs {
    pub failed: usize,
    pub total: usize,
}

impl Runs {
    pub fn deterministic(&self) -> bool {
        self.failed == self.total
    }
}

/// A failing input is judged this many times more, one run after the other:
/// a program that passes one of them is nondeterministic (it reads the
/// clock, races threads, or depends on how busy the machine is).
pub const REPLAYS: usize = 3;

/// Judges a failing case [`REPLAYS`] more times: `runs` so far, plus those.
pub fn replay_failure(
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
pub fn nondeterminism(case: usize, original: Runs, shrunk: Option<Runs>) -> Option<String> {
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
