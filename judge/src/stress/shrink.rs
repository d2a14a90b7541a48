//! Shrinking a failing case: smaller valid inputs (the problem's shrinker)
//! judged a batch at a time in the worker pool, keeping the first that fails
//! the same way twice, until none does or the time budget runs out.

use super::case::{judge_again, judge_case, Case, Programs, Runs};
use crate::pool;
use crate::problems::Problem;
use crate::run;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Shrinking stops after this long, keeping the smallest failing input found
/// so far: a program that hangs costs a whole wait per candidate.
const SHRINK_BUDGET: Duration = Duration::from_secs(30);

/// What shrinking reached.
pub struct Shrunk {
    /// The smallest failing input found.
    pub case: Case,
    /// The program's runs on it (two, since a candidate is kept only when
    /// it fails twice; one when it was judged again under the real limits).
    pub runs: Runs,
    /// Smaller inputs kept, one after the other.
    pub steps: usize,
    /// Candidates tried (counted as if tried one at a time: those after the
    /// one kept are not counted).
    pub tried: usize,
    /// Lines for the report: a budget that ran out, a changed limit.
    pub notes: Vec<String>,
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
        processes: limits.processes,
    }
}

/// Shrinks a failing case: the smallest input on which the program still
/// fails the same way (same verdict, same kind of reason: see
/// `Failure::kind`). A candidate counts only when it is a valid input, which
/// our answer proves: our solution answers it and the checker accepts that
/// answer. (The problems' shrinkers mostly make valid inputs by
/// construction; checks_post_facto's also makes some that need this proof.)
pub fn shrink(
    programs: &Arc<Programs>,
    problem: &'static Problem,
    mut case: Case,
) -> Result<Shrunk, String> {
    let kind = case.failure.as_ref().expect("a failing case").kind();
    let limits = shrink_limits(&programs.limits, &kind);
    let mut search = Search {
        programs: programs.clone(),
        problem,
        kind: kind.clone(),
        limits,
        started: Instant::now(),
        tried: 0,
        out_of_time: false,
    };
    let mut steps = 0;
    let mut runs = Runs(vec![case.run()]);
    let mut notes = Vec::new();
    // A program that fails whatever the input fails on the smallest input
    // the shrinker leads to as well: that one is tried first, one run
    // instead of one per step (a program that cannot solve anything took
    // the whole time budget, a piece at a time).
    let smallest = smallest_input(problem, &case.input);
    if smallest != case.input {
        if let Some(found) = search.first_failing(&[smallest])? {
            (case, runs) = found;
            steps += 1;
        }
    }
    loop {
        let singles = problem.smaller(&case.input);
        let mut found = search.first_failing(&singles)?;
        if found.is_none() && !search.out_of_time {
            // One step at a time can be stuck where two together are not:
            // two pieces that each keep the bug alone, say.
            found = search.first_failing(&two_steps(problem, &singles))?;
        }
        match found {
            Some(smaller) => {
                (case, runs) = smaller;
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
        if let Some(again) = under_real_limits(programs, problem, &case, &kind, &mut notes)? {
            runs = Runs(vec![again.run()]);
            case = again;
        }
    }
    Ok(Shrunk {
        case,
        runs,
        steps,
        tried,
        notes,
    })
}

/// The shrunk case judged again under the real limits, when the candidates
/// ran under a shorter one (see [`shrink_limits`]): the report shows that
/// one, or, when it fails otherwise or passes, says so in `notes` (and
/// `None` keeps the case as the shorter limit judged it).
fn under_real_limits(
    programs: &Programs,
    problem: &Problem,
    case: &Case,
    kind: &str,
    notes: &mut Vec<String>,
) -> Result<Option<Case>, String> {
    notes.push(format!(
        "(smaller inputs were judged with the safety net at {} ms, not at {} ms)",
        shrink_limits(&programs.limits, kind).wall_net().as_millis(),
        programs.limits.wall_net().as_millis()
    ));
    let again = judge_case(programs, problem, case.input.clone(), &programs.limits)?;
    match &again.failure {
        Some(failure) if failure.kind() == kind => return Ok(Some(again)),
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
    Ok(None)
}

/// Where the shrinker leads when it takes its last candidate each time,
/// without running anything: an input with nothing left to remove.
fn smallest_input(problem: &Problem, input: &str) -> String {
    let mut smallest = input.to_string();
    // A shrinker only makes inputs smaller; the bound is only a guard.
    for _ in 0..10_000 {
        match problem.smaller(&smallest).pop() {
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
    let seconds: Vec<Vec<String>> = singles.iter().map(|one| problem.smaller(one)).collect();
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
struct Search {
    programs: Arc<Programs>,
    problem: &'static Problem,
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

impl Search {
    /// The first of `candidates`, in their order, that is a valid input and
    /// fails the same way twice, with those two runs. They are judged a
    /// batch at a time, one per core.
    fn first_failing(&mut self, candidates: &[String]) -> Result<Option<(Case, Runs)>, String> {
        let (programs, problem, limits) = (&self.programs, self.problem, &self.limits);
        for batch in candidates.chunks(pool::cores()) {
            if self.started.elapsed() > SHRINK_BUDGET {
                self.out_of_time = true;
                return Ok(None);
            }
            let judged = {
                let (programs, limits) = (programs.clone(), *limits);
                pool::map(batch.to_vec(), batch.len(), move |input: &String| {
                    judge_case(&programs, problem, input.clone(), &limits)
                })
            };
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
                    let runs = Runs(vec![smaller.run(), again.run()]);
                    return Ok(Some((again, runs)));
                }
            }
        }
        Ok(None)
    }

    fn fails(&self, case: &Case) -> bool {
        case.failure.as_ref().is_some_and(|f| f.kind() == self.kind)
    }
}
