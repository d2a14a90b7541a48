//! CheckersPos (TopCoder): count the moves of each side in a checkers variant
//! where every piece moves like a king, one step at a time.
//!
//! The rules of this variant:
//! - The 32 dark squares are numbered 1 to 32. Square 1 is in the bottom row,
//!   second column from the right; numbers grow right to left along a row and
//!   then continue one row up. In the bottom row the dark cells are columns
//!   0, 2, 4, 6 (from the left), in the row above 1, 3, 5, 7, and so on.
//! - Every piece, black or red, moves in all four diagonal directions.
//! - A slide goes one square diagonally onto a vacant square.
//! - A jump goes over a diagonally adjacent enemy piece onto the vacant square
//!   straight beyond it. The jumped piece is captured and leaves the board at
//!   once. If the jumping piece can jump again it must, and the whole chain is
//!   a single move; it ends only when that piece has no jump left.
//! - If a side has any jump, only its jump moves count. Jump moves that leave
//!   the board in the same final position are one move.
//!
//! Approach: a position is two 32-bit masks. Slides are counted directly.
//! Jump chains are followed by depth-first search with the captured pieces
//! really removed; every position where the chain stops goes into a set, and
//! the set's size is the number of jump moves. Cost: a chain captures at most
//! 12 pieces and the search never expands a (position, jumper square) state
//! twice; the most states one side's search expanded was 28 on the samples
//! and 36 on a million random positions, so the run time is that of starting
//! the program.
//!
//! Tested: each rule on its own small position, and both counts against a
//! deliberately naive second count on 12 000 random positions (src/tests.rs);
//! the judge's samples, worked out from the rules.
//!
//! Input: `k` then the `k` black squares, then `m` then the `m` red squares
//! (normally one line per side; `0` for none): decimal numbers without sign or
//! leading zeros, separated by spaces, tabs and line ends (LF or CRLF).
//! Output: `black red`, the two move counts, on one line. At most 1 MiB of
//! input is read; a byte-order mark is skipped. Bad input (a non-number, a
//! square outside 1-32 or listed twice, more than 12 pieces of a colour, lists
//! shorter or longer than their counts: the statement, README.md, lists it)
//! gets one line on stderr naming the line, and exit status 1.

use std::collections::HashSet;
use std::io::{self, Read, Write};

const SQUARES: usize = 32;
const MAX_PIECES_PER_COLOUR: i64 = 12;

/// The four diagonal directions as (row step, column step); rows count up
/// from the bottom of the board, columns from the left.
const DIAGONALS: [(i32, i32); 4] = [(1, -1), (1, 1), (-1, -1), (-1, 1)];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Black,
    Red,
}

/// The board: bit `s - 1` of a mask is set when square `s` holds that colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Position {
    black: u32,
    red: u32,
}

fn square_bit(square: usize) -> u32 {
    1 << (square - 1)
}

impl Position {
    fn pieces(&self, side: Side) -> u32 {
        match side {
            Side::Black => self.black,
            Side::Red => self.red,
        }
    }

    fn enemies(&self, side: Side) -> u32 {
        match side {
            Side::Black => self.red,
            Side::Red => self.black,
        }
    }

    fn is_vacant(&self, square: usize) -> bool {
        (self.black | self.red) & square_bit(square) == 0
    }

    /// The squares of `side`'s pieces, in increasing order.
    fn squares_of(&self, side: Side) -> Vec<usize> {
        let mask = self.pieces(side);
        (1..=SQUARES)
            .filter(|&s| mask & square_bit(s) != 0)
            .collect()
    }

    /// Rule: a captured piece leaves the board at once; the jumper moves from
    /// `from` to `to`.
    fn after_jump(&self, side: Side, from: usize, captured: usize, to: usize) -> Position {
        let moved = (self.pieces(side) & !square_bit(from)) | square_bit(to);
        let left = self.enemies(side) & !square_bit(captured);
        match side {
            Side::Black => Position {
                black: moved,
                red: left,
            },
            Side::Red => Position {
                black: left,
                red: moved,
            },
        }
    }
}

/// Rule: a side that can jump may only jump; otherwise its slides count.
fn moves_of_side(pos: &Position, side: Side) -> usize {
    let jumps = jump_move_outcomes(pos, side).len();
    if jumps > 0 {
        jumps
    } else {
        count_slides(pos, side)
    }
}

/// Rule: jump moves that end in the same board position are the same move,
/// so the jump moves of a side are the distinct final positions of all its
/// jump chains.
fn jump_move_outcomes(pos: &Position, side: Side) -> HashSet<Position> {
    let mut endings = HashSet::new();
    let mut expanded = HashSet::new();
    for from in pos.squares_of(side) {
        for (after, landing) in single_jumps(pos, side, from) {
            finish_jump_chain(after, side, landing, &mut expanded, &mut endings);
        }
    }
    endings
}

/// Rule: after a jump the same piece must keep jumping while it can; the
/// chain ends only where no jump is left. `pos` is the position right after
/// a jump that landed on `at`; every final position reachable from there is
/// added to `endings`. `expanded` remembers states already searched, whose
/// endings are already in the set.
fn finish_jump_chain(
    pos: Position,
    side: Side,
    at: usize,
    expanded: &mut HashSet<(Position, usize)>,
    endings: &mut HashSet<Position>,
) {
    if !expanded.insert((pos, at)) {
        return;
    }
    let next = single_jumps(&pos, side, at);
    if next.is_empty() {
        endings.insert(pos);
    }
    for (after, landing) in next {
        finish_jump_chain(after, side, landing, expanded, endings);
    }
}

/// Rule: a single jump from `from` goes over an adjacent enemy piece onto the
/// vacant square right behind it. Returns the positions after each such jump
/// together with the landing square.
fn single_jumps(pos: &Position, side: Side, from: usize) -> Vec<(Position, usize)> {
    let mut jumps = Vec::new();
    for &dir in &DIAGONALS {
        let over = diagonal_step(from, dir, 1);
        let landing = diagonal_step(from, dir, 2);
        if let (Some(over), Some(landing)) = (over, landing) {
            if pos.enemies(side) & square_bit(over) != 0 && pos.is_vacant(landing) {
                jumps.push((pos.after_jump(side, from, over, landing), landing));
            }
        }
    }
    jumps
}

/// Rule: a slide moves one piece one square in any of the four diagonal
/// directions onto a vacant square.
fn count_slides(pos: &Position, side: Side) -> usize {
    let mut slides = 0;
    for from in pos.squares_of(side) {
        for &dir in &DIAGONALS {
            if let Some(to) = diagonal_step(from, dir, 1) {
                if pos.is_vacant(to) {
                    slides += 1;
                }
            }
        }
    }
    slides
}

/// Square numbering from the original statement's diagram: square s sits in row (s-1)/4
/// counted from the bottom; within a row the numbers run right to left over
/// the dark cells, which start at column 6 in even rows and column 7 in odd
/// rows. Returns (row, column), column counted from the left.
fn square_to_cell(square: usize) -> (i32, i32) {
    let index = (square - 1) as i32;
    let row = index / 4;
    let rightmost_dark_column = if row % 2 == 0 { 6 } else { 7 };
    (row, rightmost_dark_column - 2 * (index % 4))
}

/// The inverse of `square_to_cell`; None for light cells and cells off the board.
fn cell_to_square(row: i32, col: i32) -> Option<usize> {
    if !(0..8).contains(&row) || !(0..8).contains(&col) || (row + col) % 2 != 0 {
        return None;
    }
    let rightmost_dark_column = if row % 2 == 0 { 6 } else { 7 };
    let place_in_row = (rightmost_dark_column - col) / 2;
    Some((row * 4 + place_in_row + 1) as usize)
}

/// The square `distance` diagonal steps from `square` in direction `dir`.
fn diagonal_step(square: usize, dir: (i32, i32), distance: i32) -> Option<usize> {
    let (row, col) = square_to_cell(square);
    cell_to_square(row + dir.0 * distance, col + dir.1 * distance)
}

// ===========================================================================
// Input and output: reading the input as the statement allows it, and
// writing the answer or a one-line error. The algorithm is all above.
// ===========================================================================

/// The most input read; the judges' inputs are a few hundred bytes.
const MAX_INPUT: usize = 1 << 20;

/// The whole of standard input as text, without the UTF-8 byte-order mark
/// that may start it: at most `MAX_INPUT` bytes, all of them UTF-8.
fn read_input(input: &mut dyn Read) -> Result<String, String> {
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read standard input: {}", e))?;
    if bytes.len() > MAX_INPUT {
        return Err(format!(
            "expected at most {} bytes of input, found more",
            MAX_INPUT
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let (bytes, at) = (e.as_bytes(), e.utf8_error().valid_up_to());
        let line = 1 + bytes[..at].iter().filter(|&&byte| byte == b'\n').count();
        format!(
            "line {}: expected UTF-8 text, found the byte 0x{:02X}",
            line, bytes[at]
        )
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The lines of `text`, numbered from 1, each without its line end (a LF, or
/// a CR right before it) and without the spaces and tabs that trail it. A CR
/// anywhere else stays in its line, where it is an error like any character
/// the statement does not allow.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').enumerate().map(|(at, line)| {
        let line = match line.strip_suffix('\n') {
            Some(line) => line.strip_suffix('\r').unwrap_or(line),
            None => line,
        };
        (at + 1, line.trim_end_matches([' ', '\t']))
    })
}

/// Offending input as a message quotes it: escaped by `{:?}` (a tab shows as
/// `\t`), and cut after 20 characters so that a long line is not echoed whole.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(20).collect();
    if cut.len() < text.len() {
        format!("{:?}...", cut)
    } else {
        format!("{:?}", text)
    }
}

/// Reads the input, writes the answer in one write, or says on stderr, in
/// one line, why there is none (exit status 1).
fn main() {
    let answer = read_input(&mut io::stdin()).and_then(|input| answer_to(&input));
    let written = answer.and_then(|answer| {
        let mut out = io::stdout();
        out.write_all(answer.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write the answer: {}", e))
    });
    if let Err(message) = written {
        eprintln!("checkers_pos: {}", message);
        std::process::exit(1);
    }
}

/// The answer to the whole input: the moves of Black, then those of Red.
fn answer_to(input: &str) -> Result<String, String> {
    // The tokens are what stands between spaces, tabs and line ends.
    let words = lines(input).flat_map(|(at, line)| line.split([' ', '\t']).map(move |w| (at, w)));
    let tokens: Vec<_> = words.filter(|&(_, word)| !word.is_empty()).collect();
    let end = tokens.last().map_or(1, |&(line, _)| line);
    let mut tokens = tokens.into_iter();
    let mut next = |what: &str| {
        let ended = || format!("line {}: expected {}, but the input ended", end, what);
        tokens.next().ok_or_else(ended)
    };
    let mut masks = [0u32; 2];
    for (side, colour) in ["black", "red"].iter().enumerate() {
        let what = format!("the number of {} pieces (0 to 12)", colour);
        let (line, token) = next(&what)?;
        // Rule: each colour has at most 12 pieces.
        let count = match number(token) {
            Ok(count) if count > MAX_PIECES_PER_COLOUR => Err(", more than 12".to_string()),
            checked => checked,
        };
        let count = count.map_err(|problem| refused(line, &what, token, &problem))?;
        for listed in 1..=count {
            let what = format!("{} square {} of {} (1 to 32)", colour, listed, count);
            let (line, token) = next(&what)?;
            let bit = number(token).and_then(|n| square_bit_of(n, masks[side], masks[1 - side]));
            masks[side] |= bit.map_err(|problem| refused(line, &what, token, &problem))?;
        }
    }
    if let Some((line, extra)) = tokens.next() {
        return Err(refused(
            line,
            "the end of input after the red list",
            extra,
            "",
        ));
    }
    let [black, red] = masks;
    let position = Position { black, red };
    let black = moves_of_side(&position, Side::Black);
    let red = moves_of_side(&position, Side::Red);
    Ok(format!("{} {}\n", black, red))
}

/// Rule: numbers are written in decimal digits, without a sign and without
/// leading zeros (`0` itself is fine; `+5`, `-0` and `05` are not). A number
/// too long for an `i64` reads as `i64::MAX`, which every range refuses.
fn number(token: &str) -> Result<i64, String> {
    let plain =
        token.bytes().all(|b| b.is_ascii_digit()) && (token == "0" || !token.starts_with('0'));
    match token.parse() {
        Ok(number) if plain => Ok(number),
        Ok(_) => Err(" (a number has no sign and no leading zeros)".to_string()),
        Err(_) if plain => Ok(i64::MAX),
        Err(_) => Err(", not a number".to_string()),
    }
}

/// The message for a token that is not what was expected on its line.
fn refused(line: usize, what: &str, token: &str, problem: &str) -> String {
    format!(
        "line {}: expected {}, found {}{}",
        line,
        what,
        shown(token),
        problem
    )
}

/// Rule: squares are numbered 1 to 32, a colour lists a square once, and a
/// square holds at most one piece. The bit of `square`, or what is wrong.
fn square_bit_of(square: i64, mine: u32, taken: u32) -> Result<u32, String> {
    if !(1..=SQUARES as i64).contains(&square) {
        return Err(format!(", outside 1 to {}", SQUARES));
    }
    match square_bit(square as usize) {
        bit if mine & bit != 0 => Err(", listed twice".to_string()),
        bit if taken & bit != 0 => Err(", which already holds the other colour".to_string()),
        bit => Ok(bit),
    }
}

#[cfg(test)]
mod tests;
