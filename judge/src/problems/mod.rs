//! One file per problem: everything the judge knows about that problem (its
//! checker and its board picture) lives in `problems/<problem>.rs`, and the
//! table below names those parts.

pub mod checkers_board;
pub mod checkers_pos;
pub mod checks_post_facto;
pub mod russian_checkers;
pub mod solitaire_chess;

use crate::rng;
use crate::verdict::{Checker, Picture};

/// Draws a random valid input (for `--stress` and `--generate`).
pub type Generator = fn(&mut rng::Rng) -> String;

/// Smaller valid inputs than the given one, for shrinking a failing case.
pub type Shrinker = fn(&str) -> Vec<String>;

/// How big an input is, and in what: `(3, "pieces")`.
pub type Size = fn(&str) -> (usize, &'static str);

pub struct Problem {
    pub name: &'static str,
    pub checker: Checker,
    pub picture: Picture,
    pub generate: Generator,
    pub shrink: Shrinker,
    pub size: Size,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
}

/// Every problem, the parts of `problems/<problem>.rs` the judge uses, its
/// time limit (on CPU time) and its memory limit.
/// Problems with one right answer are compared line by line; the others have
/// a checker that replays the program's answer move by move.
pub const PROBLEMS: &[Problem] = &[
    Problem {
        name: "russian_checkers",
        checker: russian_checkers::check,
        picture: russian_checkers::picture,
        generate: russian_checkers::generate,
        shrink: russian_checkers::shrink,
        size: russian_checkers::size,
        time_limit_ms: 2000,
        memory_limit_mb: 256,
    },
    Problem {
        name: "checkers_board",
        checker: checkers_board::check,
        picture: checkers_board::picture,
        generate: checkers_board::generate,
        shrink: checkers_board::shrink,
        size: checkers_board::size,
        time_limit_ms: 2000,
        memory_limit_mb: 256,
    },
    Problem {
        name: "checkers_pos",
        checker: checkers_pos::check,
        picture: checkers_pos::picture,
        generate: checkers_pos::generate,
        shrink: checkers_pos::shrink,
        size: checkers_pos::size,
        time_limit_ms: 2000,
        memory_limit_mb: 256,
    },
    Problem {
        name: "solitaire_chess",
        checker: solitaire_chess::check,
        picture: solitaire_chess::picture,
        generate: solitaire_chess::generate,
        shrink: solitaire_chess::shrink,
        size: solitaire_chess::size,
        time_limit_ms: 2000,
        memory_limit_mb: 256,
    },
    Problem {
        name: "checks_post_facto",
        checker: checks_post_facto::check,
        picture: checks_post_facto::picture,
        generate: checks_post_facto::generate,
        shrink: checks_post_facto::shrink,
        size: checks_post_facto::size,
        time_limit_ms: 2000,
        memory_limit_mb: 256,
    },
];

#[cfg(test)]
mod package;

/// The lines of an input as the solutions read them: without a leading
/// byte-order mark, each without its line end and trailing blanks, and
/// without the blank lines at the end. The start of each problem's
/// `canonical`.
#[cfg_attr(not(test), allow(dead_code))] // for the problem package export
pub fn tidy_lines(input: &str) -> Vec<&str> {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    crate::lines::lines(text)
        .take(crate::lines::significant_len(text))
        .collect()
}

/// Each line followed by LF.
#[cfg_attr(not(test), allow(dead_code))] // for the problem package export
pub fn lf_lines<S: AsRef<str>>(lines: &[S]) -> String {
    lines
        .iter()
        .map(|line| format!("{}\n", line.as_ref()))
        .collect()
}
