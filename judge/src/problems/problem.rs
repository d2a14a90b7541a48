//! What the judge knows of a problem (its checker, picture, figure,
//! generator, shrinker, size, limits, canonical form and package facts), as
//! each problem's folder fills it in; and the time and memory limits every
//! problem has.

use super::wrong_outputs::WrongOutputs;
use crate::rng;

/// A checker gets the test's input, its reference answer and the program's
/// output, and accepts the output or says why not.
pub type Checker = fn(&str, &str, &str) -> Result<(), String>;

/// Draws a test's input board with the problem's own coordinates, or `None`
/// when the input is not a board.
pub type Picture = fn(&str) -> Option<String>;

/// Draws a problem's board as SVG: the input (empty for the bare board with
/// its names or numbers), the answer when there is one (its moves become
/// arrows where the answer is a move list or a move sequence), and more
/// arrows in `arrows`, written as `svg_board::paths` reads them.
pub type Draw = fn(input: &str, answer: Option<&str>, arrows: &str) -> Result<String, String>;

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
    pub figure: Draw,
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
    /// Where more than one answer can be right: the package brings an
    /// output validator, `validators/output/<problem>.cpp`, which a test
    /// holds to the checker on the outputs these make. `None`: one right
    /// answer, compared line by line.
    pub output_validator: Option<WrongOutputs>,
    /// The package's submissions that must fail.
    pub failing: &'static [Failing],
}

/// A submission of the problem package that must fail: our solution, as it
/// is now, with a rule broken on purpose (or made too slow), the kind of bug
/// `--stress` is tested on. `--export` writes it and measures it
/// (`mutants.rs`).
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

/// The time limit of every problem, on CPU time: the statements state it,
/// the judge applies it and the packages carry it.
pub const TIME_LIMIT_MS: u64 = 1000;

/// The memory limit of every problem.
pub const MEMORY_LIMIT_MB: u64 = 256;

impl Problem {
    /// A random valid input, in the canonical form of the judges' data (what
    /// `--stress` feeds and `--generate` writes, as the packages' data are).
    pub fn draw(&self, rng: &mut rng::Rng) -> String {
        (self.canonical)(&(self.generate)(rng))
    }

    /// The inputs one shrinking step smaller than `input`, canonical too.
    pub fn smaller(&self, input: &str) -> Vec<String> {
        (self.shrink)(input)
            .iter()
            .map(|smaller| (self.canonical)(smaller))
            .collect()
    }
}

impl Package {
    /// Whether more than one answer can be right (an output validator).
    pub fn custom_validation(&self) -> bool {
        self.output_validator.is_some()
    }
}
