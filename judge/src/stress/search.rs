//! The search for a failing case: cases `0..N` drawn from the seed, judged
//! on every core in the worker pool, until the first one (in case order)
//! fails.

use super::case::{judge_case, Case, Programs};
use super::progress::{Progress, PROGRESS_TICK};
use crate::pool::{self, Next};
use crate::problems::Problem;
use crate::rng::Rng;
use std::sync::Arc;

/// Runs cases `0..cases` on all cores until one fails: how many ran, and the
/// first failing case with its index. Cases are handed out in order and
/// their results read in order, and the pool is stopped (waiting for the
/// cases under way) at the first failure, so the failure reported is the
/// first failing case, the same on every machine.
pub fn find_failure(
    programs: &Arc<Programs>,
    problem: &'static Problem,
    cases: usize,
    seed: u64,
) -> Result<(usize, Option<(usize, Case)>), String> {
    let mut progress = Progress::new();
    let mut results = {
        let programs = programs.clone();
        pool::ordered(cases, pool::cores(), move |i| {
            let input = problem.draw(&mut Rng::for_case(seed, i as u64));
            judge_case(&programs, problem, input, &programs.limits)
        })
    };
    let mut index = 0;
    let first = loop {
        match results.next_within(PROGRESS_TICK) {
            Next::Ready(Ok(case)) if case.failure.is_none() => {
                index += 1;
                crate::os::note_progress(format!(
                    "judge: {} run without a failure, seed {}",
                    crate::text::counted(index, "cases"),
                    seed
                ));
            }
            Next::Ready(judged) => break Some((index, judged)),
            Next::Pending => {}
            Next::Done => break None,
        }
        // After a result as after a wait: a fast program never lets the
        // wait run out.
        progress.show(results.finished(), cases, seed);
    };
    let done = results.stop();
    progress.clear();
    match first {
        None => Ok((done, None)),
        Some((i, judged)) => Ok((done, Some((i, judged?)))),
    }
}
