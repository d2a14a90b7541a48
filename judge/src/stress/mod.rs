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
//! are each judged three more times: if the runs differ, in their verdicts
//! or in their answers (those that finished), the report says
//! `nondeterministic: failed k of n runs` and how they differed, and so do
//! the saved names. A time-out's report says so first, with the time it
//! took against the limit.

mod case;
mod generate;
mod progress;
mod save;
mod search;
mod shrink;

pub use generate::generate;

use crate::command::{given_command, shell_quote};
use crate::problems::Problem;
use crate::rng::Rng;
use crate::text::{counted, escaped, say, say_detail, warn};
use case::{nondeterminism, replay_failure, Case, Programs, Runs};
use progress::rate_text;
use std::ffi::OsStr;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// What `--stress` and `--generate` need from the command line.
pub struct Request<'a> {
    pub problem: &'static Problem,
    /// The user's command (`--cmd`); `None` for `--generate`.
    pub cmd: Option<&'a OsStr>,
    /// How many cases at most.
    pub cases: usize,
    pub seed: Option<u64>,
    pub save: Option<&'a Path>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    pub max_processes: Option<u64>,
}

/// A seed from the clock, for a run without `--seed`.
fn seed_from_clock() -> u64 {
    // Small enough to type; mixed so that runs a second apart differ a lot.
    Rng::from_clock().next() % 1_000_000_000
}

/// `--stress`: `Ok(true)` when no case failed.
pub fn stress(request: &Request) -> Result<bool, String> {
    let problem = request.problem;
    let cmd = request.cmd.expect("--stress has a --cmd");
    let seed = request.seed.unwrap_or_else(seed_from_clock);
    let what = format!("--stress --seed {}", seed);
    let _claim = (request.save)
        .map(|dir| save::Claim::take(dir, &what))
        .transpose()?;
    let programs = Arc::new(Programs {
        ours: case::build_ours(problem)?,
        theirs: Some(given_command(cmd)),
        limits: crate::model::limits(
            problem,
            request.time_limit_ms,
            request.memory_limit_mb,
            request.max_processes,
        ),
    });
    say(&format!(
        "{} [{}]: stress test of up to {}, seed {}",
        problem.name,
        escaped(cmd),
        counted(request.cases, "cases"),
        seed
    ));
    let started = Instant::now();
    let (done, first) = search::find_failure(&programs, problem, request.cases, seed)?;
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
    let failure = case.failure.as_ref().expect("a failing case");
    say(&format!(
        "{} on case {} ({} run, {})",
        failure.verdict,
        index + 1,
        counted(done, "cases"),
        rate_text(rate)
    ));
    // Saved at once: a stop while shrinking, or a program that fails only
    // sometimes, loses nothing.
    let name = format!("{}-seed{}-case{}", problem.name, seed, index + 1);
    let saved = (request.save).map(|dir| saved(dir, &name, "-original", &case));
    crate::os::note_progress(format!(
        "judge: {} on case {} (seed {}); stopped while shrinking it.{}\n\
         To see it again:\nreplay: {}",
        failure.verdict,
        index + 1,
        seed,
        saved
            .as_ref()
            .map_or(String::new(), |saved| format!(" {}", saved)),
        replay_command(request, cmd, seed)
    ));
    let found = shrink_and_replay(&programs, problem, index, case)?;
    save::report(problem, &found.shrunk, found.flaky.as_deref());
    if let Some(dir) = request.save {
        save_shrunk(dir, &name, &found);
    }
    say(&format!("replay: {}", replay_command(request, cmd, seed)));
    Ok(false)
}

/// Saves a case as `DIR/NAME<tail>.*`: what to say about it. A save that
/// fails is said, and does not change the exit status (a case failed: 1).
fn saved(dir: &Path, name: &str, tail: &str, case: &Case) -> String {
    let name = format!("{}{}", name, tail);
    match save::save(dir, &name, case) {
        Ok(()) => format!("Saved: {}.in.", dir.join(&name).display()),
        Err(why) => {
            warn(&format!("judge: cannot save the failing case: {}", why));
            format!("Not saved: {}.", why)
        }
    }
}

/// A failing case, and what shrinking and replaying made of it.
struct Found {
    shrunk: Case,
    /// The line saying the program does not always fail, if it does not.
    flaky: Option<String>,
}

/// Shrinks the failing case (unless the program could not start at all) and
/// replays the original and the shrunk inputs to tell a flaky program.
fn shrink_and_replay(
    programs: &Arc<Programs>,
    problem: &'static Problem,
    index: usize,
    case: Case,
) -> Result<Found, String> {
    let original = case.clone();
    let failure = case.failure.as_ref().expect("a failing case");
    if failure.cannot_run {
        // Not the input's fault: every input would fail the same way.
        say("the program could not be started: nothing to shrink");
        return Ok(Found {
            shrunk: original,
            flaky: None,
        });
    }
    let once = Runs(vec![original.run()]);
    let original_runs = replay_failure(programs, problem, &original, once)?;
    let shrunk = shrink::shrink(programs, problem, case)?;
    let (from, unit) = (problem.size)(&original.input);
    let (to, _) = (problem.size)(&shrunk.case.input);
    say(&format!(
        "shrunk from {} to {} in {}, {} tried",
        from,
        counted(to, unit),
        counted(shrunk.steps, "steps"),
        counted(shrunk.tried, "smaller candidates")
    ));
    for note in &shrunk.notes {
        say_detail("", note);
    }
    // A candidate was kept after failing twice: those runs count too.
    let shrunk_runs = (shrunk.steps > 0)
        .then(|| replay_failure(programs, problem, &shrunk.case, shrunk.runs))
        .transpose()?;
    Ok(Found {
        shrunk: shrunk.case,
        flaky: nondeterminism(index + 1, &original_runs, shrunk_runs.as_ref()),
    })
}

/// `--save DIR`, once the case is shrunk: the shrunk input beside the
/// original (saved when it failed); both renamed `...-nondeterministic-...`
/// when the program does not always fail them.
fn save_shrunk(dir: &Path, name: &str, found: &Found) {
    // "-original" sorts before "-shrunk", so --tests lists them in order.
    let mut last = name.to_string();
    if found.flaky.is_some() {
        last += "-nondeterministic";
        for ext in save::EXTENSIONS {
            let from = dir.join(format!("{}-original.{}", name, ext));
            let to = dir.join(format!("{}-original.{}", last, ext));
            if from.exists() {
                if let Err(e) = std::fs::rename(&from, &to) {
                    warn(&format!("judge: cannot rename {}: {}", from.display(), e));
                }
            } else {
                // Not saved (a `.yours` past what a case keeps): nor is
                // an earlier run's file of the new name left in its place.
                let _ = std::fs::remove_file(&to);
            }
        }
    }
    if let Err(why) = save::save(dir, &format!("{}-shrunk", last), &found.shrunk) {
        warn(&format!("judge: cannot save the shrunk case: {}", why));
        return;
    }
    say(&format!(
        "saved: {}-original and {}-shrunk (.in, .out = our answer, .yours = your answer, \
         .stderr = your stderr); replay with --tests {}",
        dir.join(&last).display(),
        last,
        dir.display()
    ));
}

/// The command line that runs this stress test again.
fn replay_command(request: &Request, cmd: &OsStr, seed: u64) -> String {
    let mut replay = format!(
        "cargo run -p judge -- {} --cmd {} --stress {} --seed {}",
        request.problem.name,
        shell_quote(&escaped(cmd)),
        request.cases,
        seed
    );
    if let Some(ms) = request.time_limit_ms {
        replay += &format!(" --time-limit {}", ms);
    }
    if let Some(mb) = request.memory_limit_mb {
        replay += &format!(" --memory-limit {}", mb);
    }
    if let Some(n) = request.max_processes {
        replay += &format!(" --max-processes {}", n);
    }
    if let Some(dir) = request.save {
        replay += &format!(" --save {}", shell_quote(&dir.to_string_lossy()));
    }
    replay
}

#[cfg(test)]
mod tests {
    use super::case::{reason_words, Failure};
    use super::{replay_command, Request};
    use crate::problems::PROBLEMS;
    use crate::rng::Rng;
    use std::ffi::OsStr;

    #[test]
    fn the_replay_keeps_every_option_that_changes_a_verdict() {
        let request = Request {
            problem: &PROBLEMS[2],
            cmd: Some(OsStr::new("python3 my.py")),
            cases: 500,
            seed: None,
            save: None,
            time_limit_ms: Some(300),
            memory_limit_mb: Some(64),
            max_processes: Some(32),
        };
        assert_eq!(
            replay_command(&request, OsStr::new("python3 my.py"), 7),
            "cargo run -p judge -- checkers_pos --cmd 'python3 my.py' --stress 500 --seed 7 \
             --time-limit 300 --memory-limit 64 --max-processes 32"
        );
        let dir = std::path::Path::new("my fails");
        let saving = Request {
            save: Some(dir),
            ..request
        };
        assert!(replay_command(&saving, OsStr::new("p"), 7).ends_with(
            " --seed 7 --time-limit 300 \
             --memory-limit 64 --max-processes 32 --save 'my fails'"
        ));
    }

    fn failure(verdict: &'static str, reason: &str) -> Failure {
        Failure {
            verdict,
            output: Default::default(),
            stderr: String::new(),
            time_out: None,
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

    #[test]
    fn a_failure_is_nondeterministic_only_when_verdicts_or_answers_differ() {
        use super::case::{nondeterminism, Answer, Run, Runs};
        let runs = |list: &[(&'static str, Option<&str>)]| -> Runs {
            Runs(
                list.iter()
                    .map(|&(v, a)| -> Run { (v, a.map(|a: &str| Answer::of(a.as_bytes()))) })
                    .collect(),
            )
        };
        let tle = ("TLE", None);
        let late = ("TLE", Some("0\n"));
        // Issue 31: 4 TLEs of 4, with the same answer or none, are one
        // failure, as are TLEs stopped and finished with the same answer.
        assert_eq!(nondeterminism(149, &runs(&[tle; 4]), None), None);
        assert_eq!(
            nondeterminism(1, &runs(&[late; 4]), Some(&runs(&[late; 5]))),
            None
        );
        assert_eq!(
            nondeterminism(1, &runs(&[tle, late, tle, late]), None),
            None
        );
        // Verdicts that differ, every run failing or not.
        let wa = ("WA", Some("wrong\n"));
        assert_eq!(
            nondeterminism(3, &runs(&[wa, wa, tle, wa]), None).as_deref(),
            Some("nondeterministic: failed 4 of 4 runs (WA 3, TLE 1) on the input of case 3")
        );
        assert_eq!(
            nondeterminism(
                3,
                &runs(&[wa, ("AC", Some("2 1\n"))]),
                Some(&runs(&[wa; 5]))
            )
            .as_deref(),
            Some(
                "nondeterministic: failed 1 of 2 runs (WA 1, AC 1) on the input of case 3, \
                 5 of 5 runs on the shrunk input"
            )
        );
        // One verdict, answers that differ.
        let other = ("WA", Some("1 1\n"));
        assert_eq!(
            nondeterminism(2, &runs(&[wa, other, wa]), None).as_deref(),
            Some(
                "nondeterministic: failed 3 of 3 runs (2 different answers) on the input of case 2"
            )
        );
        // Only the time varies: said so.
        let ac = ("AC", Some("0\n"));
        let said = nondeterminism(
            149,
            &runs(&[late; 4]),
            Some(&runs(&[tle, late, ac, tle, late])),
        );
        assert_eq!(
            said.as_deref(),
            Some(
                "nondeterministic: failed 4 of 4 runs on the input of case 149, 4 of 5 runs \
                 (TLE 4, AC 1) on the shrunk input: the same answer every time it finished, \
                 only its time varies (a time near the limit, or a busy machine)"
            )
        );
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
