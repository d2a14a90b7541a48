//! The table of problems. Each problem is one folder,
//! `problems/<problem>/`, holding all the judge knows of it (checker,
//! picture, generator, shrinker, canonical form, failing submissions, its
//! tests) and exporting one value, `PROBLEM`; [`PROBLEMS`] lists them, and
//! everything else that needs the list of problems takes it from there.
//! What a `PROBLEM` holds is `problem.rs`'s; the helpers of every problem's
//! canonical form are `canonical.rs`'s (each re-exported here).

mod canonical;
pub mod checkers_board;
pub mod checkers_pos;
pub mod checks_post_facto;
#[cfg(test)]
mod cross_check;
mod problem;
pub mod russian_checkers;
pub mod solitaire_chess;
pub mod wrong_outputs;

pub use canonical::{lf_lines, tidy_lines};
pub use problem::{
    Canonical, Checker, Draw, Failing, Generator, Package, Picture, Problem, Shrinker, Size,
    MEMORY_LIMIT_MB, TIME_LIMIT_MS,
};

/// Every problem. Problems with one right answer are compared line by line;
/// the others have a checker that replays the program's answer move by move.
pub const PROBLEMS: &[Problem] = &[
    russian_checkers::PROBLEM,
    checkers_board::PROBLEM,
    checkers_pos::PROBLEM,
    solitaire_chess::PROBLEM,
    checks_post_facto::PROBLEM,
];
