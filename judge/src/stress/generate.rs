//! `--generate`: random tests with our answers, written to a folder.

use super::case::{build_ours, our_answer, Case, Programs, OUR_LIMIT};
use super::save::{refuse_used_folder, save, Claim};
use super::{seed_from_clock, Request};
use crate::pool;
use crate::rng::Rng;
use crate::run;
use crate::text::{counted, say};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// `--generate`: writes cases `1..=count` (the inputs `--stress` with the same
/// seed would try first) as `case-NNNN.in` with our answer in `.out`, each
/// file whole, into a folder it claims for the run (see `save::Claim`).
/// Stopped (a signal, an error), it says how many cases it wrote.
pub fn generate(request: &Request) -> Result<(), String> {
    let problem = request.problem;
    let dir = request.save.expect("--generate has a --save");
    let seed = request.seed.unwrap_or_else(seed_from_clock);
    let count = request.cases;
    let _claim = Claim::take(dir, &format!("--generate {} --seed {}", count, seed))?;
    refuse_used_folder(dir)?;
    let programs = Arc::new(Programs {
        ours: build_ours(problem)?,
        theirs: None,
        limits: run::Limits {
            time: OUR_LIMIT,
            memory_bytes: None,
            processes: run::MAX_PROCESSES,
        },
    });
    let width = count.to_string().len().max(4);
    let folder = dir.to_path_buf();
    let saved = Arc::new(AtomicUsize::new(0));
    let done = saved.clone();
    let so_far = move |saved: usize| {
        format!(
            "judge: --generate stopped after writing {} of {} cases to {} (seed {}): \
             the folder holds only part of them",
            saved,
            count,
            folder.display(),
            seed
        )
    };
    let note = so_far.clone();
    crate::os::note_progress(so_far(0));
    let folder = dir.to_path_buf();
    let mut written = pool::ordered(count, pool::cores(), move |i| {
        let input = problem.draw(&mut Rng::for_case(seed, i as u64));
        let answer = our_answer(&programs, problem, &input)?;
        let case = Case {
            input,
            answer,
            given: None,
            failure: None,
        };
        let name = format!("case-{:0width$}", i + 1, width = width);
        save(&folder, &name, &case)?;
        crate::os::note_progress(note(done.fetch_add(1, Ordering::SeqCst) + 1));
        Ok::<(), String>(())
    });
    // The first error stops the pool; the cases under way finish.
    if let Some(Err(why)) = written.find(Result::is_err) {
        drop(written);
        let line = so_far(saved.load(Ordering::SeqCst));
        return Err(format!("{}\n{}", why, line.trim_start_matches("judge: ")));
    }
    say(&format!(
        "wrote {} to {} (case-*.in, our answers in .out), seed {}",
        counted(count, &format!("{} tests", problem.name)),
        dir.display(),
        seed
    ));
    Ok(())
}
