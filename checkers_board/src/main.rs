//! CheckersBoard (TopCoder TCCC06 Qual 3): count every move available on a
//! checkers board when we do not know whose turn it is.
//!
//! The rules of this variant:
//! - Only plain men, no kings. Pieces stand on the dark squares; the top-left
//!   cell of the board is dark, so cell (row, col) is playable when row + col
//!   is even.
//! - Black starts at the top and moves down (towards higher rows); White moves
//!   up. Both slides and jumps go forward only, one square diagonally for a
//!   slide, two for a jump over an adjacent enemy piece onto a vacant square.
//! - A jump is a single jump: no chains.
//! - Jumping is compulsory: if a side has any jump anywhere, only its jumps are
//!   moves; otherwise its slides are.
//! - The answer is the number of moves of Black plus the number of moves of
//!   White.
//!
//! Approach: look at every piece, its two forward diagonals, and test the slide
//! and the jump in each. Cost: constant, at most 24 pieces times 2 directions
//! (reading the input is linear in its size).
//!
//! Tested: each rule on its own small board, and the count against a
//! deliberately naive second count on 20 000 random boards (src/tests.rs);
//! the judge's samples, worked out from the rules.
//!
//! Input: the board, row 0 (the top) first, one row per line: `B`, `W`, or `.`
//! (or a space) for a vacant square. Output: the total number of moves, on one
//! line. At most 1 MiB of input is read. So that an editor that strips
//! trailing blanks cannot break a board, short rows and missing rows at the
//! end are vacant (an empty input is an empty board); CRLF, a byte-order mark
//! and blank lines after row 8 are fine too (the statement, README.md, has
//! the whole rule). Bad input (a ninth square, an unknown character, a piece
//! on a light square, more than 12 pieces of a colour, a line after row 8
//! that is not blank) gets one line on stderr naming the line, and exit
//! status 1.

use std::io::{self, Read, Write};

const SIZE: usize = 8;
const MAX_PIECES_PER_COLOUR: usize = 12;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Vacant,
    Black,
    White,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Black,
    White,
}

type Board = [[Cell; SIZE]; SIZE];

/// Rule: the top-left cell is dark and colours alternate, so a cell is dark
/// (playable) exactly when its row and column add up to an even number.
fn is_dark_square(row: usize, col: usize) -> bool {
    (row + col) % 2 == 0
}

/// Rule: nobody knows whose turn it is, so the moves of both sides are added.
fn total_moves(board: &Board) -> usize {
    moves_of_side(board, Side::Black) + moves_of_side(board, Side::White)
}

/// Rule: jumping is compulsory, so a side that has any jump may only jump;
/// otherwise each of its slides is a move.
fn moves_of_side(board: &Board, side: Side) -> usize {
    let jumps = count_jumps(board, side);
    if jumps > 0 {
        jumps
    } else {
        count_slides(board, side)
    }
}

/// Rule: a jump goes forward over a diagonally adjacent enemy piece onto the
/// vacant square straight beyond it, which must be on the board. One jump only.
fn count_jumps(board: &Board, side: Side) -> usize {
    let mut jumps = 0;
    for (row, col) in pieces_of(board, side) {
        for &sideways in &[-1, 1] {
            let over = forward_cell(row, col, side, sideways, 1);
            let landing = forward_cell(row, col, side, sideways, 2);
            if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {
                if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {
                    jumps += 1;
                }
            }
        }
    }
    jumps
}

/// Rule: a slide goes one square diagonally forward onto a vacant square.
fn count_slides(board: &Board, side: Side) -> usize {
    let mut slides = 0;
    for (row, col) in pieces_of(board, side) {
        for &sideways in &[-1, 1] {
            if let Some((r, c)) = forward_cell(row, col, side, sideways, 1) {
                if board[r][c] == Cell::Vacant {
                    slides += 1;
                }
            }
        }
    }
    slides
}

/// Every cell holding a piece of `side`.
fn pieces_of(board: &Board, side: Side) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (row, line) in board.iter().enumerate() {
        for (col, &cell) in line.iter().enumerate() {
            if cell == own_cell(side) {
                found.push((row, col));
            }
        }
    }
    found
}

/// The cell `steps` diagonal steps from (row, col) in the side's forward
/// direction, to the left (`sideways` = -1) or right (+1); None off the board.
fn forward_cell(
    row: usize,
    col: usize,
    side: Side,
    sideways: isize,
    steps: isize,
) -> Option<(usize, usize)> {
    let r = row as isize + forward_step(side) * steps;
    let c = col as isize + sideways * steps;
    if r < 0 || c < 0 || r >= SIZE as isize || c >= SIZE as isize {
        None
    } else {
        Some((r as usize, c as usize))
    }
}

/// Rule: Black moves down the board (row grows), White moves up.
fn forward_step(side: Side) -> isize {
    match side {
        Side::Black => 1,
        Side::White => -1,
    }
}

fn own_cell(side: Side) -> Cell {
    match side {
        Side::Black => Cell::Black,
        Side::White => Cell::White,
    }
}

fn enemy_cell(side: Side) -> Cell {
    match side {
        Side::Black => Cell::White,
        Side::White => Cell::Black,
    }
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

/// The answer to the whole input: the moves of both sides together.
fn answer_to(input: &str) -> Result<String, String> {
    let board = read_board(input)?;
    Ok(format!("{}\n", total_moves(&board)))
}

/// Reads the board by the rule in the header. Errors name the 1-based line.
fn read_board(text: &str) -> Result<Board, String> {
    let mut board = [[Cell::Vacant; SIZE]; SIZE];
    let mut rows = lines(text);
    // A board typed below blank lines is shifted down: they are rows too.
    let blank = lines(text).take_while(|&(_, line)| line.is_empty()).count();
    let are = match blank {
        1 => "line 1 is blank".to_string(),
        n => format!("lines 1 to {n} are blank"),
    };
    let top = blank + 1;
    let shifted = match blank {
        0 | SIZE.. => String::new(),
        _ => format!(" ({are}, and a blank line is a vacant row: row 0 is line 1, not line {top})"),
    };
    // Rule: rows missing at the end are vacant (an editor that strips
    // trailing blanks and blank lines leaves exactly that).
    for (number, line) in rows.by_ref().take(SIZE) {
        read_row(line, number, &mut board, &shifted)?;
    }
    // Rule: after row 8, blank lines only.
    if let Some((number, line)) = rows.find(|&(_, line)| !line.is_empty()) {
        let found = shown(line);
        return Err(format!(
            "line {number}: expected nothing after the {SIZE} board rows, found {found}{shifted}"
        ));
    }
    Ok(board)
}

/// Reads input line `number`, row `number - 1`, into `board`: up to 8
/// squares (the line's trailing blanks are already gone; a shorter row is
/// padded with vacant squares), pieces on dark squares only (else the error
/// ends with `shifted`), and at most 12 pieces of a colour on the board so far.
fn read_row(line: &str, number: usize, board: &mut Board, shifted: &str) -> Result<(), String> {
    let row = number - 1;
    for (col, ch) in line.chars().enumerate() {
        let error = |expected: &str, on: &str| {
            let at = format!("{:?}{} in column {}", ch, on, col + 1);
            format!("line {}: expected {}, found {}", number, expected, at)
        };
        let side = match ch {
            // Vacant. Past column 8 too: trailing blanks are gone, so a
            // character follows the space there, and that one is named.
            ' ' => continue,
            _ if col >= SIZE => return Err(error(&format!("at most {} squares", SIZE), "")),
            '.' => continue,
            'B' => Side::Black,
            'W' => Side::White,
            _ => return Err(error("'B', 'W', '.' or a space", "")),
        };
        if !is_dark_square(row, col) {
            let expected = "pieces on dark squares only (row + column even)";
            return Err(error(expected, " on the light square") + shifted);
        }
        board[row][col] = own_cell(side);
        if pieces_of(board, side).len() > MAX_PIECES_PER_COLOUR {
            return Err(format!(
                "line {}: expected at most {} pieces of a colour, found a 13th {:?}",
                number, MAX_PIECES_PER_COLOUR, ch
            ));
        }
    }
    Ok(())
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
        eprintln!("checkers_board: {}", message);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests;
