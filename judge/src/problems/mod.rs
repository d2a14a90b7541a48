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
    /// Draws an input (and an answer) as an SVG board: `--draw`, `--figures`.
    pub figure: crate::svg_figures::Draw,
    pub generate: Generator,
    pub shrink: Shrinker,
    pub size: Size,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// Rewrites a valid input in the one form a package's data must have.
    pub canonical: Canonical,
    /// For `--export`: how the problem is known outside this repository.
    pub package: Package,
}

/// A valid input rewritten in the canonical form of the problem's strict
/// input validator (LF line ends, a final newline, no trailing blanks).
pub type Canonical = fn(&str) -> String;

/// The facts a problem package (`--export`) needs beyond the judge's own.
pub struct Package {
    /// The package's short name: Kattis and problemtools want `[a-z0-9]+`.
    pub short_name: &'static str,
    /// The problem's name as the statement shows it.
    pub title: &'static str,
    /// Where the problem comes from (the original contest).
    pub source: &'static str,
    /// The package's identity, fixed for good: a judge that imports the
    /// package again recognises it by this.
    pub uuid: &'static str,
    /// More than one answer can be right: the package brings an output
    /// validator, `validators/output/<problem>.cpp`.
    pub custom_validation: bool,
    /// The package's submissions that must fail.
    pub failing: &'static [Failing],
}

/// A submission of the problem package that must fail: our solution, as it
/// is now, with a rule broken on purpose (or made too slow), the kind of bug
/// `--stress` is tested on. `--export` writes it; CI shows it fails.
pub struct Failing {
    /// The file's name, without `.rs`.
    pub name: &'static str,
    /// Its folder in the package: `wrong_answer` or `time_limit_exceeded`.
    pub verdict: &'static str,
    /// What it gets wrong, in one sentence (the file's header says it).
    pub why: &'static str,
    /// Texts of the solution, each of which must occur in it exactly once,
    /// and what replaces each (marked with a `BROKEN` comment).
    pub changes: &'static [(&'static str, &'static str)],
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
        figure: russian_checkers::figure::draw,
        generate: russian_checkers::generate,
        shrink: russian_checkers::shrink,
        size: russian_checkers::size,
        time_limit_ms: 1000,
        memory_limit_mb: 256,
        canonical: russian_checkers::canonical,
        package: Package {
            short_name: "russiancheckers",
            title: "Russian Checkers",
            source: "TopCoder, problem \"RussianCheckers\"",
            uuid: "e8c4a4af-db8e-4029-94d2-537ad3e12a21",
            custom_validation: false,
            failing: russian_checkers::FAILING,
        },
    },
    Problem {
        name: "checkers_board",
        checker: checkers_board::check,
        picture: checkers_board::picture,
        figure: checkers_board::figure::draw,
        generate: checkers_board::generate,
        shrink: checkers_board::shrink,
        size: checkers_board::size,
        time_limit_ms: 1000,
        memory_limit_mb: 256,
        canonical: checkers_board::canonical,
        package: Package {
            short_name: "checkersboard",
            title: "Checkers Board",
            source: "TopCoder, problem \"CheckersBoard\" (TCCC06, Qualification Round 3)",
            uuid: "efcef2be-8437-419c-9138-067d08c639fd",
            custom_validation: false,
            failing: checkers_board::FAILING,
        },
    },
    Problem {
        name: "checkers_pos",
        checker: checkers_pos::check,
        picture: checkers_pos::picture,
        figure: checkers_pos::figure::draw,
        generate: checkers_pos::generate,
        shrink: checkers_pos::shrink,
        size: checkers_pos::size,
        time_limit_ms: 1000,
        memory_limit_mb: 256,
        canonical: checkers_pos::canonical,
        package: Package {
            short_name: "checkerspos",
            title: "Checkers Positions",
            source: "TopCoder, problem \"CheckersPos\"",
            uuid: "7a0fe025-7a05-4821-b777-be88afd2c66f",
            custom_validation: false,
            failing: checkers_pos::FAILING,
        },
    },
    Problem {
        name: "solitaire_chess",
        checker: solitaire_chess::check,
        picture: solitaire_chess::picture,
        figure: solitaire_chess::figure::draw,
        generate: solitaire_chess::generate,
        shrink: solitaire_chess::shrink,
        size: solitaire_chess::size,
        time_limit_ms: 1000,
        memory_limit_mb: 256,
        canonical: solitaire_chess::canonical,
        package: Package {
            short_name: "solitairechess",
            title: "Solitaire Chess",
            source: "Code golf challenge \"Solitaire Chess\"",
            uuid: "1a692754-49c3-4dd3-894d-54b49e1d02c4",
            custom_validation: true,
            failing: solitaire_chess::FAILING,
        },
    },
    Problem {
        name: "checks_post_facto",
        checker: checks_post_facto::check,
        picture: checks_post_facto::picture,
        figure: checks_post_facto::figure::draw,
        generate: checks_post_facto::generate,
        shrink: checks_post_facto::shrink,
        size: checks_post_facto::size,
        time_limit_ms: 1000,
        memory_limit_mb: 256,
        canonical: checks_post_facto::canonical,
        package: Package {
            short_name: "checkspostfacto",
            title: "Checks Post Facto",
            source: "ICPC World Finals 2019, problem C",
            uuid: "be7fdf22-f3a4-4a5f-9ff6-83c1ccd2c086",
            custom_validation: true,
            failing: checks_post_facto::FAILING,
        },
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
