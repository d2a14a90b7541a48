//! checkers_pos: how many distinct moves each side has when jump chains are
//! compulsory.
//!
//! The input is `k` and the `k` black squares, then `m` and the `m` red
//! squares (1–32); the answer is the two counts on one line, compared line by
//! line.

pub mod figure;

use super::{Package, Problem};

mod failing;
use crate::rng::Rng;
pub use failing::FAILING;

mod input;
mod moves;
mod squares;

pub use input::canonical;
use input::read;
use squares::{cell, square_at};

/// All the judge knows of checkers_pos, for the table of problems.
pub const PROBLEM: Problem = Problem {
    name: "checkers_pos",
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
        short_name: "checkerspos",
        title: "Checkers Positions",
        source: "TopCoder, problem \"CheckersPos\"",
        uuid: "7a0fe025-7a05-4821-b777-be88afd2c66f",
        output_validator: None,
        failing: FAILING,
    },
};

/// Accepts `output` when it matches `expected` line by line; when a side's
/// count is wrong, the report also lists that side's moves (see `moves`).
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    crate::lines::check(input, expected, output)
        .map_err(|first| moves::explained(first, input, expected, output))
}

/// The input board drawn with the square numbers: an empty dark square shows
/// its number, a piece shows `b` (black) or `r` (red) just before it; light
/// cells are blank. `None` when the input is not two square lists.
pub fn picture(input: &str) -> Option<String> {
    let (black, red) = read(input)?;
    let mut board = [[None::<char>; 8]; 8];
    for (colour, squares) in [('b', &black), ('r', &red)] {
        for &square in squares {
            if !(1..=32).contains(&square) {
                return None;
            }
            let (row, col) = cell(square);
            board[row][col] = Some(colour);
        }
    }
    let mut numbers = [[0; 8]; 8];
    for square in 1..=32 {
        let (row, col) = cell(square);
        numbers[row][col] = square;
    }
    let mut text = String::new();
    for row in (0..8).rev() {
        for col in 0..8 {
            text += &match (numbers[row][col], board[row][col]) {
                (0, _) => "    ".to_string(),
                (n, Some(colour)) => format!("{}{:<3}", colour, n),
                (n, None) => format!(" {:<3}", n),
            };
        }
        text = text.trim_end().to_string() + "\n";
    }
    text += "(b = black, r = red, before the square's number)\n";
    Some(text)
}

/// At most this many pieces of a colour (TopCoder's constraint).
const MAX_PER_COLOUR: usize = 12;

/// A random valid input: two disjoint lists of at most 12 squares each, from
/// empty to full boards. One case in three is a jumping ground: black pieces
/// on the squares from which jumps land on each other (even row, even
/// column) and red pieces between them (odd row, odd column), so that chains
/// branch, turn and close into loops, and different jump orders end in the
/// same position.
pub fn generate(rng: &mut Rng) -> String {
    let mut black = Vec::new();
    let mut red = Vec::new();
    if rng.chance(33) {
        let jumpers = rng.between(1, 3);
        let gaps = rng.between(30, 80);
        let mut squares: Vec<usize> = (1..=32).collect();
        shuffle(rng, &mut squares);
        for square in squares {
            let (row, col) = cell(square);
            if row % 2 == 0 && col % 2 == 0 && (black.len() as u64) < jumpers {
                black.push(square);
            } else if row % 2 == 1 && col % 2 == 1 && red.len() < MAX_PER_COLOUR && rng.chance(gaps)
            {
                red.push(square);
            }
        }
        if rng.chance(50) {
            std::mem::swap(&mut black, &mut red);
        }
    } else {
        let fill = rng.pick(&[5, 12, 25, 40, 60, 80]);
        let black_share = rng.between(20, 80);
        for square in 1..=32 {
            if !rng.chance(fill) {
                continue;
            }
            let list = if rng.chance(black_share) {
                &mut black
            } else {
                &mut red
            };
            if list.len() < MAX_PER_COLOUR {
                list.push(square);
            }
        }
    }
    shuffle(rng, &mut black);
    shuffle(rng, &mut red);
    render(&black, &red)
}

fn shuffle(rng: &mut Rng, items: &mut [usize]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

fn render(black: &[usize], red: &[usize]) -> String {
    let list = |squares: &[usize]| {
        let mut line = squares.len().to_string();
        for square in squares {
            line += &format!(" {}", square);
        }
        line + "\n"
    };
    list(black) + &list(red)
}

/// Smaller inputs for the shrinker: one piece fewer, for each piece; then
/// each single jump either side could make, played (the jumper lands beyond,
/// the piece jumped leaves). Removing pieces never moves one, so a jumper
/// whose chain reaches the interesting part of the board from afar would
/// keep the pieces on its way; a jump played brings it nearer.
pub fn shrink(input: &str) -> Vec<String> {
    let Some((black, red)) = read(input) else {
        return Vec::new();
    };
    let mut smaller = Vec::new();
    for i in 0..black.len() {
        let mut fewer = black.clone();
        fewer.remove(i);
        smaller.push(render(&fewer, &red));
    }
    for i in 0..red.len() {
        let mut fewer = red.clone();
        fewer.remove(i);
        smaller.push(render(&black, &fewer));
    }
    for (jumper, jumped) in jumps_played(&black, &red) {
        smaller.push(render(&jumper, &jumped));
    }
    for (jumper, jumped) in jumps_played(&red, &black) {
        smaller.push(render(&jumped, &jumper));
    }
    smaller
}

/// Every single jump of a piece of `side` over one of `enemies`, played: the
/// two lists afterwards, for each.
fn jumps_played(side: &[usize], enemies: &[usize]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let vacant = |square: usize| !side.contains(&square) && !enemies.contains(&square);
    let mut played = Vec::new();
    for (i, &from) in side.iter().enumerate() {
        if !(1..=32).contains(&from) {
            continue;
        }
        let (row, col) = cell(from);
        for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let over = square_at(row as i64 + dr, col as i64 + dc);
            let to = square_at(row as i64 + 2 * dr, col as i64 + 2 * dc);
            let (Some(over), Some(to)) = (over, to) else {
                continue;
            };
            let Some(victim) = enemies.iter().position(|&e| e == over) else {
                continue;
            };
            if vacant(to) {
                let mut moved = side.to_vec();
                moved[i] = to;
                let mut left = enemies.to_vec();
                left.remove(victim);
                played.push((moved, left));
            }
        }
    }
    played
}

/// How big an input is: its number of pieces.
pub fn size(input: &str) -> (usize, &'static str) {
    let pieces = read(input).map_or(0, |(black, red)| black.len() + red.len());
    (pieces, "pieces")
}

#[cfg(test)]
mod tests {
    use super::{picture, shrink};

    #[test]
    fn shrinking_plays_jumps_as_well_as_removing_pieces() {
        // Black on 18, red on 22 (up and to the right of it), both 25 and 15
        // vacant: black jumps to 25 taking 22, red jumps to 15 taking 18.
        let got = shrink("1 18\n1 22\n");
        assert_eq!(got, ["0\n1 22\n", "1 18\n0\n", "1 25\n0\n", "0\n1 15\n"]);
        // No jump onto a taken square...
        let got = shrink("1 18\n2 22 25\n");
        assert!(
            !got.iter().any(|input| input.starts_with("1 25")),
            "{:?}",
            got
        );
        // ... or off the board: black on 4 (bottom left corner) jumps red on
        // 8 to 11, red cannot jump back.
        assert_eq!(shrink("1 4\n1 8\n")[2..], ["1 11\n0\n"]);
    }

    #[test]
    fn numbers_the_squares_and_marks_the_pieces() {
        // Sample: black on 18, red on 4, 8 and 11.
        let got = picture("1 18\n3 4 8 11\n").unwrap();
        let lines: Vec<&str> = got.lines().collect();
        // Top row: squares 32..29 on columns 1, 3, 5, 7.
        assert_eq!(lines[0], "     32      31      30      29");
        // Row 4 from the bottom: 20..17 on columns 0, 2, 4, 6.
        assert_eq!(lines[3], " 20      19     b18      17");
        // Row 2 from the bottom: 12..9 on columns 0, 2, 4, 6.
        assert_eq!(lines[5], " 12     r11      10      9");
        // Row 1 from the bottom: 8..5 on columns 1, 3, 5, 7.
        assert_eq!(lines[6], "    r8       7       6       5");
        // Bottom row: 4..1 on columns 0, 2, 4, 6.
        assert_eq!(lines[7], "r4       3       2       1");
    }

    #[test]
    fn no_picture_of_broken_lists() {
        assert!(picture("").is_none());
        assert!(picture("1 33\n0\n").is_none());
        assert!(picture("2 1\n0\n").is_none());
        assert!(picture("x\n").is_none());
    }
}
