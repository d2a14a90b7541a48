//! Judging one stress case: our solution's answer to a generated input, the
//! user's program run on it and judged against that answer, again when a
//! failure must be shown not to be a fluke, and what kind of failure it is.

use crate::problems::{Picture, Problem};
use crate::text::{counted, ms, warn};
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
    /// The program's answer: its standard output when it ended on its own,
    /// `None` when it was stopped at a limit (see `verdict::stopped`).
    pub given: Option<Output>,
    /// `None` when the program passed; else the verdict (WA, RE, TLE).
    pub failure: Option<Failure>,
}

impl Case {
    /// This run as [`Runs`] compares runs.
    pub fn run(&self) -> Run {
        let verdict = self.failure.as_ref().map_or("AC", |f| f.verdict);
        (verdict, self.given.as_ref().map(|given| given.answer))
    }
}

#[derive(Clone)]
pub struct Failure {
    pub verdict: &'static str,
    /// What the program wrote before it was stopped at a limit; empty when
    /// it ended on its own (its answer is then `Case::given`).
    pub output: Output,
    /// The end of its standard error, as the judge keeps it.
    pub stderr: String,
    /// For a TLE, the line that says so first: the time it took against the
    /// limit, whether it finished, and how to raise the limit.
    pub time_out: Option<String>,
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
        run::End::DescriptorLimit(_) => "too many descriptors".to_string(),
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
    let mut outcome = run_program(argv, &input, limits)?;
    // The judge's own verdict; the report draws the board itself.
    let no_picture: Picture = |_| None;
    let (verdict, details) = verdict::decide(
        (problem.checker, no_picture),
        input.as_bytes(),
        answer.as_bytes(),
        &outcome,
        limits,
    );
    let output = Output::of(std::mem::take(&mut outcome.stdout));
    let (given, output) = match verdict::stopped(&outcome) {
        false => (Some(output), Output::default()),
        true => (None, output),
    };
    let failure = (verdict != "AC").then(|| Failure {
        verdict,
        output,
        stderr: String::from_utf8_lossy(&outcome.stderr_tail).into_owned(),
        time_out: (verdict == "TLE").then(|| time_out(&outcome, limits, &details)),
        details,
        cannot_run: verdict::could_not_start(&outcome),
    });
    Ok(Case {
        input,
        answer,
        given,
        failure,
    })
}

/// The line a time-out's report starts with: the CPU time (a TLE (cpu),
/// whose first reason line is `reason[0]`) or the wall time it took
/// against the limit, whether the program finished, and what raises the
/// limit.
fn time_out(outcome: &run::Outcome, limits: &run::Limits, reason: &[String]) -> String {
    let cpu = outcome.usage.map(|u| u.cpu);
    let took = match cpu {
        Some(cpu) if reason.first().is_some_and(|r| r.starts_with("TLE (cpu)")) => {
            format!("{} of CPU time", ms(cpu))
        }
        Some(cpu) => format!("{} of wall time ({} on a CPU)", ms(outcome.wall), ms(cpu)),
        None => format!("{} of wall time", ms(outcome.wall)),
    };
    let end = match verdict::stopped(outcome) {
        true => "it was stopped before it finished",
        false => "it finished, too late",
    };
    format!(
        "time-out: {} against the {} limit; {}. --time-limit MS raises the limit.",
        took,
        ms(limits.time),
        end
    )
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

/// One run of the program on an input, as far as telling a flaky program
/// goes: its verdict (`AC` too) and its answer, if it finished.
pub type Run = (&'static str, Option<Answer>);

/// An answer as runs compare it: its length and a hash of it, so that the
/// runs of a program that floods its output are told apart without keeping
/// a copy of each flood.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct Answer(usize, u64);

impl Answer {
    pub fn of(bytes: &[u8]) -> Answer {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut hasher);
        Answer(bytes.len(), hasher.finish())
    }
}

/// What a case keeps of a program's output: all of it up to [`KEPT`] bytes
/// (no answer of these problems comes near), else its first [`KEPT`] bytes;
/// and the [`Answer`] the whole made. A flood of 64 MiB is held once, while
/// it is judged, not in every case a stress run keeps.
#[derive(Clone, Default)]
pub struct Output {
    kept: Vec<u8>,
    pub answer: Answer,
}

/// How much of an output a case keeps.
pub const KEPT: usize = 1 << 20;

impl Output {
    pub fn of(mut bytes: Vec<u8>) -> Output {
        let answer = Answer::of(&bytes);
        if bytes.len() > KEPT {
            bytes.truncate(KEPT);
            bytes.shrink_to_fit();
        }
        Output {
            kept: bytes,
            answer,
        }
    }

    /// The whole output, if the case kept all of it.
    pub fn whole(&self) -> Option<&[u8]> {
        (self.kept.len() == self.len()).then_some(&self.kept[..])
    }

    /// What was kept of it, as text (a byte that is not UTF-8 as U+FFFD).
    pub fn text(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.kept)
    }

    /// Its length in bytes, kept or not.
    pub fn len(&self) -> usize {
        self.answer.0
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The runs of the program on one failing input.
#[derive(Clone)]
pub struct Runs(pub Vec<Run>);

impl Runs {
    /// The program does the same every time: the same verdict, and the same
    /// answer whenever it finished (a run stopped at a limit gave none).
    pub fn deterministic(&self) -> bool {
        self.0.iter().all(|(verdict, _)| *verdict == self.0[0].0) && self.answers().len() <= 1
    }

    fn failed(&self) -> usize {
        self.0
            .iter()
            .filter(|(verdict, _)| *verdict != "AC")
            .count()
    }

    /// `2 of 4 runs`, and, when the runs differ, how: each verdict's count
    /// (`(WA 2, AC 2)`) or, where the verdicts agree, the answers'.
    fn summary(&self) -> String {
        let mut text = format!("{} of {}", self.failed(), counted(self.0.len(), "runs"));
        let mut verdicts: Vec<(&str, usize)> = Vec::new();
        for (verdict, _) in &self.0 {
            match verdicts.iter_mut().find(|(seen, _)| seen == verdict) {
                Some((_, n)) => *n += 1,
                None => verdicts.push((verdict, 1)),
            }
        }
        if verdicts.len() > 1 {
            let tally: Vec<String> = verdicts
                .iter()
                .map(|(v, n)| format!("{} {}", v, n))
                .collect();
            text += &format!(" ({})", tally.join(", "));
        } else if !self.deterministic() {
            text += &format!(" ({})", counted(self.answers().len(), "different answers"));
        }
        text
    }

    /// The different answers of the runs that finished.
    fn answers(&self) -> Vec<Answer> {
        let mut answers: Vec<Answer> = self.0.iter().filter_map(|(_, a)| *a).collect();
        answers.sort_unstable();
        answers.dedup();
        answers
    }

    /// Only the time differs from run to run: each run is AC or TLE, and
    /// every one that finished gave the same answer.
    fn only_time_varies(&self) -> bool {
        let timed = |(verdict, _): &Run| *verdict == "AC" || *verdict == "TLE";
        self.0.iter().all(timed) && self.answers().len() <= 1
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
        runs.0.push(again.run());
    }
    Ok(runs)
}

/// The line saying a program does not fail the same input the same way
/// every time (its verdicts or its answers differ), or `None` when it does:
/// 4 TLEs of 4 runs with the same answer, or none, are one failure.
pub fn nondeterminism(case: usize, original: &Runs, shrunk: Option<&Runs>) -> Option<String> {
    let inputs: Vec<&Runs> = std::iter::once(original).chain(shrunk).collect();
    if inputs.iter().all(|runs| runs.deterministic()) {
        return None;
    }
    let mut line = format!(
        "nondeterministic: failed {} on the input of case {}",
        original.summary(),
        case
    );
    if let Some(shrunk) = shrunk {
        line += &format!(", {} on the shrunk input", shrunk.summary());
    }
    let mut varying = inputs.iter().filter(|runs| !runs.deterministic());
    if varying.all(|runs| runs.only_time_varies()) {
        line += ": the same answer every time it finished, only its time varies \
                 (a time near the limit, or a busy machine)";
    }
    Some(line)
}
