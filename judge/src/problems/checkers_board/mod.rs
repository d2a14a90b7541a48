//! checkers_board: how many single-step and single-jump moves both sides have.
//!
//! The input is 8 rows of `W`, `B` and `.` or a space (row 0, the top, first);
//! the answer is one number, compared line by line.

pub mod figure;

use super::{Package, Problem};

mod failing;
use crate::rng::Rng;
pub use failing::FAILING;

mod input;
mod moves;

pub use input::canonical;
use input::read;

/// All the judge knows of checkers_board, for the table of problems.
pub const PROBLEM: Problem = Problem {
    name: "checkers_board",
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
        short_name: "checkersboard",
        title: "Checkers Board",
        source: "TopCoder, problem \"CheckersBoard\" (TCCC06, Qualification Round 3)",
        uuid: "efcef2be-8437-419c-9138-067d08c639fd",
        output_validator: None,
        failing: FAILING,
    },
};

/// Accepts `output` when it matches `expected` line by line; when the total
/// is wrong, the report also lists each side's moves (see `moves`).
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    crate::lines::check(input, expected, output)
        .map_err(|first| moves::explained(first, input, expected, output))
}

/// The input board with TopCoder's row and column indices (row 0 at the top,
/// the top-left cell dark), vacant squares as `.` and light cells blank;
/// `None` when the input is not a board.
pub fn picture(input: &str) -> Option<String> {
    let board = read(input)?;
    let mut text = String::from("   0 1 2 3 4 5 6 7\n");
    for (row, squares) in board.iter().enumerate() {
        text += &format!("{} ", row);
        for (col, &c) in squares.iter().enumerate() {
            let dark = figure::is_dark(row, col);
            text.push(' ');
            text.push(if c == b'.' && !dark {
                ' '
            } else {
                char::from(c)
            });
        }
        text.push('\n');
    }
    Some(text)
}

/// At most this many men of a colour (TopCoder's constraint).
const MAX_PER_COLOUR: usize = 12;

/// A random valid input: men on dark squares (row + column even), at most 12
/// of a colour, from an empty board to a full one; now and then the men of
/// each colour crowd one half, so that many face each other.
pub fn generate(rng: &mut Rng) -> String {
    let fill = rng.pick(&[5, 10, 20, 35, 50, 70, 90, 100]);
    let black_share = rng.between(20, 80);
    let facing = rng.chance(30);
    let mut board = [[b'.'; 8]; 8];
    let mut counts = [0usize; 2];
    for (row, line) in board.iter_mut().enumerate() {
        for col in (0..8).filter(|col| (row + col) % 2 == 0) {
            if !rng.chance(fill) {
                continue;
            }
            // Facing: Black (moving down) mostly in the top half, White below.
            let black = if facing {
                rng.chance(if row < 4 { 85 } else { 15 })
            } else {
                rng.chance(black_share)
            };
            let colour = usize::from(!black);
            if counts[colour] < MAX_PER_COLOUR {
                counts[colour] += 1;
                line[col] = if black { b'B' } else { b'W' };
            }
        }
    }
    render(&board)
}

fn render(board: &[[u8; 8]; 8]) -> String {
    let mut text = String::new();
    for row in board {
        text += std::str::from_utf8(row).expect("ASCII board");
        text.push('\n');
    }
    text
}

/// Smaller inputs for the shrinker: the board with one man fewer, for each man.
pub fn shrink(input: &str) -> Vec<String> {
    let Some(board) = read(input) else {
        return Vec::new();
    };
    let mut smaller = Vec::new();
    for row in 0..8 {
        for col in 0..8 {
            if matches!(board[row][col], b'B' | b'W') {
                let mut fewer = board;
                fewer[row][col] = b'.';
                smaller.push(render(&fewer));
            }
        }
    }
    smaller
}

/// How big an input is: its number of men.
pub fn size(input: &str) -> (usize, &'static str) {
    let men = read(input).map_or(0, |board| {
        board
            .iter()
            .flatten()
            .filter(|&&c| matches!(c, b'B' | b'W'))
            .count()
    });
    (men, "pieces")
}

#[cfg(test)]
mod tests {
    use super::{picture, shrink, size};

    #[test]
    fn draws_row_and_column_indices_with_vacant_padding() {
        let got = picture("B\n\n\n\n\n\n\n.W\n").unwrap();
        let lines: Vec<&str> = got.lines().map(str::trim_end).collect();
        assert_eq!(lines[0], "   0 1 2 3 4 5 6 7");
        assert_eq!(lines[1], "0  B   .   .   .");
        assert_eq!(lines[2], "1    .   .   .   .");
        assert_eq!(lines[8], "7    W   .   .   .");
        assert_eq!(lines.len(), 9);
    }

    #[test]
    fn an_empty_input_is_an_empty_board_and_a_long_row_no_board() {
        // The rules: missing rows at the end are vacant, so "" is a board.
        assert_eq!(picture("").unwrap().lines().count(), 9);
        assert!(picture("BBBBBBBBB\n").is_none());
        assert!(
            picture("B  \t\r\n").is_some(),
            "trailing blanks are ignored"
        );
    }

    #[test]
    fn shrinking_and_size_read_the_board_as_the_rules_do() {
        // Spaces are vacant squares, the short second row is padded.
        let input = "B W\n.B\n";
        assert_eq!(size(input), (3, "pieces"));
        let smaller = shrink(input);
        assert_eq!(smaller.len(), 3);
        assert!(smaller.iter().all(|s| size(s).0 == 2), "{:?}", smaller);
    }
}
