//! `--generate`: random tests with our answers, written to a folder.

use super::case::{build_ours, our_answer, Case, Programs, OUR_LIMIT};
use super::save::{refuse_used_folder, save};
use super::{seed_from_clock, Request};
use crate::pool;
use crate::rng::Rng;
use crate::run;
use crate::text::{counted, say};
use std::fs;
use std::sync::Arc;

/// `--generate`: writes cases `1..=count` (the inputs `--stress` with the same
/// seed would try first) as `case-NNNN.in` with our answer in `.out`.
pub fn generate(request: &Request) -> Result<(), String> {
    let problem = request.problem;
    let dir = request.save.expect("--generate has a --save");
    refuse_used_folder(dir)?;
    let seed = request.seed.unwrap_or_else(seed_from_clock);
    let programs = Arc::new(Programs {
        ours: build_ours(problem)?,
        theirs: None,
        limits: run::Limits {
            time: OUR_LIMIT,
            memory_bytes: None,
            processes: run::MAX_PROCESSES,
        },
    });
    let count = request.cases;
    let width = count.to_string().len().max(4);
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
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
        save(
            &folder,
            &format!("case-{:0width$}", i + 1, width = width),
            &case,
        )
    });
    // The first error stops the pool; the cases under way finish.
    if let Some(Err(why)) = written.find(Result::is_err) {
        return Err(why);
    }
    say(&format!(
        "wrote {} to {} (case-*.in, our answers in .out), seed {}",
        counted(count, &format!("{} tests", problem.name)),
        dir.display(),
        seed
    ));
    Ok(())
}
