//! Checker for checks_post_facto (ICPC World Finals 2019 C, English draughts).
//!
//! The input is a list of moves (`c n`, then `n` moves `a-b` or `axb1x…xbk`, squares
//! 1–32). An answer is 8 lines, each holding a row of the board before the moves and the
//! same row after them, separated by one space. Many answers are valid, so the reference
//! answer is not compared with: the checker replays the moves on the answer's "before"
//! board under the rules of English draughts and requires the answer's "after" board.
//!
//! Geometry: square k is on row (k−1)/4 counted from the top; the top-left cell is light,
//! so square 1 is the second cell of the top row and square 5 the first of the second.
//! Black's men move down the board (to higher square numbers), White's men up.

pub mod figure;

use super::{Package, Problem};

mod failing;
pub use failing::FAILING;

pub mod wrong_outputs;

mod checker;
pub mod generator;
mod shrink;
#[cfg(test)]
mod tests;

use checker::*;
use shrink::{shrink, size};

/// All the judge knows of checks_post_facto, for the table of problems.
pub const PROBLEM: Problem = Problem {
    name: "checks_post_facto",
    checker: check,
    picture,
    figure: figure::draw,
    generate,
    shrink,
    size,
    time_limit_ms: super::TIME_LIMIT_MS,
    memory_limit_mb: super::MEMORY_LIMIT_MB,
    canonical,
    package: Package {
        short_name: "checkspostfacto",
        title: "Checks Post Facto",
        source: "ICPC World Finals 2019, problem C",
        uuid: "be7fdf22-f3a4-4a5f-9ff6-83c1ccd2c086",
        output_validator: Some(wrong_outputs::WRONG_OUTPUTS),
        failing: FAILING,
    },
};

/// The input in the canonical form of the problem package (what
/// `validators/src/bin/validate_checks_post_facto.rs` accepts): `c n` with one space,
/// one move a line without blanks around it, LF line ends, no byte-order
/// mark, no blank lines at the end. A tolerated variant of a valid input
/// becomes valid; an invalid one stays invalid.
pub fn canonical(input: &str) -> String {
    let lines: Vec<String> = super::tidy_lines(input)
        .iter()
        .enumerate()
        .map(|(i, line)| match i {
            0 => line.split_whitespace().collect::<Vec<_>>().join(" "),
            _ => line.trim_start_matches([' ', '\t']).to_string(),
        })
        .collect();
    super::lf_lines(&lines)
}

/// The board of the contest's figure with every square numbered, the squares
/// the input's moves go through in brackets and light cells as `-`; `None`
/// when the input is not a move list.
pub fn picture(input: &str) -> Option<String> {
    let (_, moves) = parse_input(input).ok()?;
    let mut used = [false; 33];
    for mv in &moves {
        for &sq in &mv.squares {
            used[usize::from(sq)] = true;
        }
    }
    let mut text = String::new();
    for row in 0..8 {
        for col in 0..8 {
            text += &match square_at(row, col) {
                None => "  - ".to_string(),
                Some(sq) if used[usize::from(sq)] => format!("[{:>2}]", sq),
                Some(sq) => format!(" {:>2} ", sq),
            };
        }
        text = text.trim_end().to_string() + "\n";
    }
    text += "(squares the moves use are in brackets; Black starts at the top)\n";
    Some(text)
}

/// One case in this many is a hard game (see [`HARD_GAMES`]).
const HARD_ONE_IN: u64 = 20;

/// The games that need the most search known: samples 13 (a hundred moves,
/// the most positions searched) and 14 and 15 (the deepest searches for
/// blockers).
const HARD_GAMES: [&str; 3] = [
    include_str!("../../../../samples/checks_post_facto/13-hundred-moves-most-search.in"),
    include_str!("../../../../samples/checks_post_facto/14-deepest-blocker-search.in"),
    include_str!("../../../../samples/checks_post_facto/15-deepest-blocker-search-2.in"),
];

/// A random valid input (a legal game of 1 to 100 moves) for the stress
/// test. One in [`HARD_ONE_IN`] is one of the hard games, as it is or turned
/// (see [`turned`]), so that a program too slow for the hardest samples gets
/// TLE here too.
pub fn generate(rng: &mut crate::rng::Rng) -> String {
    if rng.below(HARD_ONE_IN) == 0 {
        let game = rng.pick(&HARD_GAMES);
        return match rng.chance(50) {
            true => game.to_string(),
            false => turned(game),
        };
    }
    generator::generate(rng)
}

/// The game on the board turned half round with the colours swapped: square
/// `s` becomes `33 - s`, and the other side moves first. Each side's men then
/// head the way the other's did, so the rules see the same game: legal from
/// the turned positions, and as hard to search.
fn turned(game: &str) -> String {
    let mut text = String::with_capacity(game.len());
    let mut number = String::new();
    let flush = |number: &mut String, text: &mut String| {
        if let Ok(square) = number.parse::<u8>() {
            text.push_str(&(33 - square).to_string());
        }
        number.clear();
    };
    for (i, line) in game.lines().enumerate() {
        if i == 0 {
            // `W 100` becomes `B 100`: the header holds no square.
            let swapped = match line.chars().next() {
                Some('W') => 'B',
                _ => 'W',
            };
            text.push(swapped);
            text.push_str(line.get(1..).unwrap_or(""));
            text.push('\n');
            continue;
        }
        for c in line.chars() {
            if c.is_ascii_digit() {
                number.push(c);
            } else {
                flush(&mut number, &mut text);
                text.push(c);
            }
        }
        flush(&mut number, &mut text);
        text.push('\n');
    }
    text
}
