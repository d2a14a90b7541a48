// WRONG ANSWER ON PURPOSE: a submission of the problem package that must fail.
// Rule broken: chains that end in the same position are one move; this one counts each chain.
// A copy of checkers_pos/src/main.rs without its tests, changed where a
// `BROKEN:` comment says; `.ci/run` checks that the judge rejects it.

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
//! Input: integers separated by spaces, tabs and line ends: `k` then the `k`
//! black squares, then `m` then the `m` red squares (normally one line per
//! side; `0` for none). Nothing but blanks may follow.
//! Output: `black red`, the two move counts, on one line.
//! A UTF-8 byte-order mark at the start is skipped. Bad input (bytes that are
//! not UTF-8, a non-number, a square outside 1-32, a square listed twice or by
//! both colours, more than 12 pieces of a colour, lists shorter or longer than
//! their counts) prints one line on stderr, naming the line, what was expected
//! and what was found, and exits with status 1. So does an answer that cannot
//! be written (a full disk, a closed pipe, a closed standard output).
//!
//! Approach: a position is two 32-bit masks. Slides are counted directly.
//! Jump chains are followed by depth-first search with the captured pieces
//! really removed; every position where the chain stops goes into a set, and
//! the set's size is the number of jump moves. Cost: a chain captures at most
//! 12 pieces and the search never expands a (position, jumper square) state
//! twice; on random positions it expands a few dozen states at most, so the
//! run time is dominated by starting the program. The input is read token by
//! token and at most 128 bytes of a token are kept, so memory stays flat
//! however large the input is.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};

const SQUARES: usize = 32;
const MAX_PIECES_PER_COLOUR: usize = 12;

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
    // BROKEN: chains that end in the same position are one move; this one counts each chain
    endings: &mut Vec<Position>,
) {
    // BROKEN: chains that end in the same position are one move; this one counts each chain
    let next = single_jumps(&pos, side, at);
    if next.is_empty() {
        // BROKEN: chains that end in the same position are one move; this one counts each chain
        endings.push(pos);
    }
    for (after, landing) in next {
        finish_jump_chain(after, side, landing, expanded, endings);
    }
}

/// Rule: jump moves that end in the same board position are the same move,
/// so the jump moves of a side are the distinct final positions of all its
/// jump chains.
// BROKEN: chains that end in the same position are one move; this one counts each chain
fn jump_move_outcomes(pos: &Position, side: Side) -> Vec<Position> {
    let mut endings = Vec::new();
    let mut expanded = HashSet::new();
    for from in pos.squares_of(side) {
        for (after, landing) in single_jumps(pos, side, from) {
            finish_jump_chain(after, side, landing, &mut expanded, &mut endings);
        }
    }
    endings
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

// ---------------------------------------------------------------------------
// Reading tokens with bounded memory
// ---------------------------------------------------------------------------

/// The most of one token kept in memory. No number we accept comes near it,
/// so a token that was cut is an error anyway, reported with its first 20
/// characters. This keeps memory flat whatever the input: megabytes of
/// trailing newlines are valid, and megabytes of garbage must be rejected.
const TOKEN_CAP: usize = 128;

/// Bytes that separate tokens: spaces, tabs, line ends, form feeds.
fn is_separator(byte: u8) -> bool {
    byte == b' ' || byte == b'\t' || byte == b'\n' || byte == b'\r' || byte == 0x0B || byte == 0x0C
}

/// One token and the 1-based line it is on.
struct Token {
    /// The token, or its first `TOKEN_CAP` bytes when it is longer.
    text: String,
    line: usize,
    /// Whether `text` is only the start of the token.
    cut: bool,
}

/// Hands out the input's tokens one at a time, holding no more than one
/// token's first `TOKEN_CAP` bytes (plus the reader's buffer) and one token
/// of look-ahead.
struct TokenReader<R> {
    input: R,
    /// The line the reading position is on.
    line: usize,
    /// Nothing read yet: a byte-order mark may come.
    at_start: bool,
    /// The line of the last token handed out, to blame when the input ends.
    last_line: usize,
    peeked: Option<Token>,
}

impl<R: BufRead> TokenReader<R> {
    fn new(input: R) -> TokenReader<R> {
        TokenReader {
            input,
            line: 1,
            at_start: true,
            last_line: 1,
            peeked: None,
        }
    }

    /// The next token, None at the end of the input.
    fn next_token(&mut self) -> Result<Option<Token>, String> {
        let token = match self.peeked.take() {
            Some(token) => Some(token),
            None => self.read_token()?,
        };
        if let Some(ref token) = token {
            self.last_line = token.line;
        }
        Ok(token)
    }

    /// The line of the next token, if any, without taking it.
    fn peek_line(&mut self) -> Result<Option<usize>, String> {
        if self.peeked.is_none() {
            self.peeked = self.read_token()?;
        }
        Ok(self.peeked.as_ref().map(|token| token.line))
    }

    /// The line to blame when the input ends early: the last line with a token.
    fn end_line(&self) -> usize {
        self.last_line
    }

    /// Reads one token from the input. A byte-order mark at the very start
    /// (Windows editors add one) is skipped. Fails when the input cannot be
    /// read or the kept text is not UTF-8.
    fn read_token(&mut self) -> Result<Option<Token>, String> {
        let mut kept = Vec::new();
        let mut cut = false;
        let mut started = false;
        let mut starts_input = false;
        let line = loop {
            let (used, ended) = {
                let chunk = match self.input.fill_buf() {
                    Ok(chunk) => chunk,
                    Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(format!("cannot read standard input: {}", e)),
                };
                if chunk.is_empty() {
                    break self.line;
                }
                let mut used = 0;
                let mut ended = false;
                for &byte in chunk {
                    if is_separator(byte) {
                        if started {
                            // Left for the next call, which counts its line end.
                            ended = true;
                            break;
                        }
                        if byte == b'\n' {
                            self.line += 1;
                        }
                    } else {
                        if !started {
                            started = true;
                            starts_input = self.at_start;
                        }
                        if kept.len() < TOKEN_CAP {
                            kept.push(byte);
                        } else {
                            cut = true;
                        }
                    }
                    self.at_start = false;
                    used += 1;
                }
                (used, ended)
            };
            self.input.consume(used);
            if ended {
                break self.line;
            }
        };
        if !started {
            return Ok(None);
        }
        if starts_input && kept.starts_with(b"\xEF\xBB\xBF") {
            kept.drain(..3);
            if kept.is_empty() && !cut {
                // The mark stood alone: the first token is the next one.
                return self.read_token();
            }
        }
        let text = match String::from_utf8(kept) {
            Ok(text) => text,
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                if cut && e.utf8_error().error_len().is_none() {
                    // The cut fell inside a character: drop its first bytes.
                    String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned()
                } else {
                    return Err(format!(
                        "line {}: expected UTF-8 text, found the non-UTF-8 byte 0x{:02X}",
                        line,
                        e.as_bytes()[valid]
                    ));
                }
            }
        };
        Ok(Some(Token { text, line, cut }))
    }

    /// The next token as an integer, its line and its text, with `what`
    /// describing it for errors.
    fn integer(&mut self, what: &str) -> Result<(i64, usize, String), String> {
        let token = match self.next_token()? {
            Some(token) => token,
            None => {
                return Err(format!(
                    "line {}: expected {}, but the input ended",
                    self.end_line(),
                    what
                ))
            }
        };
        match token.text.parse::<i64>() {
            Ok(value) if !token.cut => Ok((value, token.line, token.text)),
            _ => Err(format!(
                "line {}: expected {}, found {}",
                token.line,
                what,
                shown(&token.text)
            )),
        }
    }
}

/// Rule: squares are numbered 1 to 32, a colour lists a square once, and a
/// square holds at most one piece. Returns what is wrong with `square` given
/// the squares already listed by this colour (`mine`) and by the other
/// (`taken`), as words to follow the square in a message.
fn square_list_problem(square: i64, mine: u32, taken: u32) -> Option<String> {
    if square < 1 || square > SQUARES as i64 {
        return Some(format!(", outside 1 to {}", SQUARES));
    }
    let bit = square_bit(square as usize);
    if mine & bit != 0 {
        Some(", listed twice".to_string())
    } else if taken & bit != 0 {
        Some(", which already holds the other colour".to_string())
    } else {
        None
    }
}

/// Reads one side's list: its count, then that many distinct squares, none of
/// them in `taken` (the other colour's squares). Returns the side's mask.
fn read_side_list<R: BufRead>(
    reader: &mut TokenReader<R>,
    colour: &str,
    taken: u32,
) -> Result<u32, String> {
    let count_what = format!(
        "the number of {} pieces (0 to {})",
        colour, MAX_PIECES_PER_COLOUR
    );
    let (count, count_line, count_text) = reader.integer(&count_what)?;
    // Rule: each colour has at most 12 pieces.
    if count < 0 || count > MAX_PIECES_PER_COLOUR as i64 {
        return Err(format!(
            "line {}: expected {}, found {}",
            count_line,
            count_what,
            shown(&count_text)
        ));
    }
    // A square that is wrong and sits on a later line than its count often
    // means the count itself is wrong; say so.
    let hint = |line: usize| {
        if line == count_line {
            String::new()
        } else {
            format!(
                " (is the {} count {} on line {} right?)",
                colour, count, count_line
            )
        }
    };
    let mut mask = 0u32;
    for listed in 0..count {
        let what = format!(
            "{} square {} of {} (1 to {})",
            colour,
            listed + 1,
            count,
            SQUARES
        );
        let token_line = reader.peek_line()?;
        let (square, line, text) = reader
            .integer(&what)
            .map_err(|err| err + &token_line.map_or(String::new(), &hint))?;
        if let Some(problem) = square_list_problem(square, mask, taken) {
            return Err(format!(
                "line {}: expected {}, found {}{}{}",
                line,
                what,
                shown(&text),
                problem,
                hint(line)
            ));
        }
        mask |= square_bit(square as usize);
    }
    Ok(mask)
}

/// Reads the two lists, then makes sure nothing but blanks follows them.
/// Reads token by token, so trailing newlines by the million cost time but
/// no memory.
fn read_position<R: BufRead>(input: R) -> Result<Position, String> {
    let mut reader = TokenReader::new(input);
    let black = read_side_list(&mut reader, "black", 0)?;
    let red = read_side_list(&mut reader, "red", black)?;
    if let Some(extra) = reader.next_token()? {
        return Err(format!(
            "line {}: expected the end of input after the red list, found {}",
            extra.line,
            shown(&extra.text)
        ));
    }
    Ok(Position { black, red })
}

/// Offending input as a message quotes it: escaped by `{:?}` (a tab shows as
/// `\t`), and cut after 20 characters so that a huge line is not echoed whole.
fn shown(text: &str) -> String {
    const MAX: usize = 20;
    if text.chars().count() > MAX {
        let cut: String = text.chars().take(MAX).collect();
        format!("{:?}...", cut)
    } else {
        format!("{:?}", text)
    }
}

/// Writes the whole answer at once; a failure (a full disk, a closed pipe)
/// is reported, not ignored.
fn write_answer(out: &mut dyn Write, answer: &str) -> io::Result<()> {
    out.write_all(answer.as_bytes())?;
    out.flush()
}

/// Whether standard output was closed when the program started (`prog >&-`).
/// Rust's runtime then reopens descriptor 1 on /dev/null for reading and
/// writing, so every write "succeeds" and the answer would vanish. A shell's
/// `>/dev/null` opens it for writing only, which is a choice, not a mistake.
#[cfg(target_os = "linux")]
fn stdout_is_closed() -> bool {
    let on_null = std::fs::read_link("/proc/self/fd/1")
        .map(|target| target == std::path::Path::new("/dev/null"))
        .unwrap_or(false);
    on_null
        && std::fs::read_to_string("/proc/self/fdinfo/1")
            .map(|info| opened_read_write(&info))
            .unwrap_or(false)
}

/// Elsewhere there is no cheap way to tell; the answer is written as usual.
#[cfg(not(target_os = "linux"))]
fn stdout_is_closed() -> bool {
    false
}

/// Whether the `flags:` line (octal) of a /proc/<pid>/fdinfo text has the
/// access mode O_RDWR (2), the mark of the runtime's stand-in for a closed
/// descriptor.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn opened_read_write(fdinfo: &str) -> bool {
    fdinfo
        .lines()
        .filter_map(|line| line.strip_prefix("flags:"))
        .filter_map(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .any(|flags| flags & 3 == 2)
}

fn main() {
    let stdin = io::stdin();
    let answer = read_position(stdin.lock()).map(|pos| {
        format!(
            "{} {}\n",
            moves_of_side(&pos, Side::Black),
            moves_of_side(&pos, Side::Red)
        )
    });
    let written = answer.and_then(|answer| {
        if stdout_is_closed() {
            return Err("cannot write the answer: standard output is closed".to_string());
        }
        let stdout = io::stdout();
        let mut out = stdout.lock();
        write_answer(&mut out, &answer).map_err(|e| format!("cannot write the answer: {}", e))
    });
    if let Err(message) = written {
        eprintln!("checkers_pos: {}", message);
        std::process::exit(1);
    }
}
