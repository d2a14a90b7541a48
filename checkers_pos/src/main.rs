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
//! Input: numbers in decimal without sign or leading zeros, separated by
//! spaces, tabs and line ends (LF or CRLF; a CR elsewhere is an error, and
//! other whitespace is part of a token): `k` then the `k` black squares, then
//! `m` then the `m` red squares (normally one line per side; `0` for none).
//! Nothing but blanks may follow.
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

/// Rule: a side that can jump may only jump; otherwise its slides count.
fn moves_of_side(pos: &Position, side: Side) -> usize {
    let jumps = jump_move_outcomes(pos, side).len();
    if jumps > 0 {
        jumps
    } else {
        count_slides(pos, side)
    }
}

// ===========================================================================
// Input and output: reading the input as the statement allows it, and
// writing the answer or a one-line error. The algorithm is all above.
// ===========================================================================

// ---------------------------------------------------------------------------
// Reading tokens with bounded memory
// ---------------------------------------------------------------------------

/// The most of one token kept in memory. No number we accept comes near it,
/// so a token that was cut is an error anyway, reported with its first 20
/// characters. This keeps memory flat whatever the input: megabytes of
/// trailing newlines are valid, and megabytes of garbage must be rejected.
const TOKEN_CAP: usize = 128;

/// Bytes that separate tokens: spaces, tabs and line ends (LF, or CRLF: a CR
/// must be followed by a LF). Any other byte, other whitespace included, is
/// part of a token, which then is not a number.
fn is_separator(byte: u8) -> bool {
    byte == b' ' || byte == b'\t' || byte == b'\n' || byte == b'\r'
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
    /// The last byte read was a CR, which must be followed by a LF.
    after_cr: bool,
}

impl<R: BufRead> TokenReader<R> {
    fn new(input: R) -> TokenReader<R> {
        TokenReader {
            input,
            line: 1,
            at_start: true,
            last_line: 1,
            peeked: None,
            after_cr: false,
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
                    if self.after_cr {
                        return Err(lone_cr(self.line, "the end of input"));
                    }
                    break self.line;
                }
                let mut used = 0;
                let mut ended = false;
                for &byte in chunk {
                    if self.after_cr && byte != b'\n' {
                        return Err(lone_cr(self.line, &shown_byte(byte)));
                    }
                    if is_separator(byte) {
                        if started {
                            // Left for the next call, which counts its line end.
                            ended = true;
                            break;
                        }
                        if byte == b'\n' {
                            self.line += 1;
                        }
                        self.after_cr = byte == b'\r';
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
        let text = utf8_text(kept, cut, line)?;
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
        let found = format!(
            "line {}: expected {}, found {}",
            token.line,
            what,
            shown(&token.text)
        );
        match token.text.parse::<i64>() {
            Ok(value) if !token.cut && is_plain_decimal(&token.text) => {
                Ok((value, token.line, token.text))
            }
            Ok(_) if !token.cut => Err(found + " (a number has no sign and no leading zeros)"),
            _ => Err(found),
        }
    }
}

/// The bytes kept of a line (or of a token) as text, or an error naming the
/// line and the first byte that is not UTF-8. Bytes kept of a longer text
/// (`cut`) may end inside a character: its first bytes are dropped.
fn utf8_text(kept: Vec<u8>, cut: bool, line: usize) -> Result<String, String> {
    match String::from_utf8(kept) {
        Ok(text) => Ok(text),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            if cut && e.utf8_error().error_len().is_none() {
                // The cut fell inside a character: drop its first bytes.
                Ok(String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned())
            } else {
                Err(format!(
                    "line {}: expected UTF-8 text, found the non-UTF-8 byte 0x{:02X}",
                    line,
                    e.as_bytes()[valid]
                ))
            }
        }
    }
}

/// Rule: numbers are written in decimal digits, without a sign and without
/// leading zeros (`0` itself is fine; `+5`, `-0` and `05` are not).
fn is_plain_decimal(text: &str) -> bool {
    !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'))
}

/// A byte as a message quotes it: an ASCII character escaped by `{:?}`, any
/// other byte in hexadecimal.
fn shown_byte(byte: u8) -> String {
    if byte.is_ascii() {
        format!("{:?}", byte as char)
    } else {
        format!("the byte 0x{:02X}", byte)
    }
}

/// The message for a CR that is not the start of a CRLF line end.
fn lone_cr(line: usize, found: &str) -> String {
    format!(
        "line {}: expected a line feed after the carriage return (line ends are LF or CRLF), found {}",
        line, found
    )
}

// ---------------------------------------------------------------------------
// Reading the two lists
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Writing the answer; the program
// ---------------------------------------------------------------------------

/// The answer to the whole input: the moves of Black, then those of Red.
fn answer_to<R: BufRead>(input: R) -> Result<String, String> {
    let pos = read_position(input)?;
    Ok(format!(
        "{} {}\n",
        moves_of_side(&pos, Side::Black),
        moves_of_side(&pos, Side::Red)
    ))
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
    let answer = answer_to(stdin.lock());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The position in `text`, read as the program reads standard input.
    fn parse_position(text: &str) -> Result<Position, String> {
        read_position(text.as_bytes())
    }

    /// Whatever the reader's buffer size, so wherever a buffer ends, a CRLF
    /// split between two buffers is a line end, and a CR before another CR
    /// is not.
    #[test]
    fn a_cr_is_told_apart_wherever_a_buffer_ends() {
        let good = "1\r\n18 \r\n3 4 8 11\r\n\r\n";
        let bad = "1\r\n18 \r\r\n3 4 8 11\r\n";
        let expected = parse_position(good).unwrap();
        for capacity in 1..bad.len() + 1 {
            let good_input = io::BufReader::with_capacity(capacity, good.as_bytes());
            assert_eq!(
                read_position(good_input),
                Ok(expected),
                "capacity {}",
                capacity
            );
            let bad_input = io::BufReader::with_capacity(capacity, bad.as_bytes());
            let why = read_position(bad_input).unwrap_err();
            assert!(
                why.starts_with("line 2: "),
                "capacity {}: {}",
                capacity,
                why
            );
        }
    }

    /// The statement's Input section, case by case: each variant it
    /// tolerates reads as the canonical input, each input it rejects fails
    /// on the line it names.
    #[test]
    fn the_statement_input_section_holds() {
        let canonical = "1 18\n3 4 8 11\n";
        let expected = parse_position(canonical).unwrap();
        let tolerated = [
            "1 18 3 4 8 11\n",
            "1\n18\n\n3\n4\n8\n11\n",
            "  1\t\t18  \n\n\t3 4 8 11\t\n\n\n",
            "1 18\r\n3 4 8 11\r\n",
            "1 18 \r\n\r\n3 4 8 11\t\r\n",
            "1 18\n3 4 8 11",
            "\u{FEFF}1 18\n3 4 8 11\n",
            "\u{FEFF}\n1 18\n3 4 8 11\n",
        ];
        for text in tolerated.iter() {
            assert_eq!(parse_position(text), Ok(expected), "{:?}", text);
        }
        assert!(parse_position("0\n0\n").is_ok());
        let rejected: Vec<(Vec<u8>, usize)> = vec![
            // Bytes that are not UTF-8.
            (b"1 18\n3 4 8 \xFF11\n".to_vec(), 2),
            // A token that is not a number in the statement's form.
            (b"1 +18\n0\n".to_vec(), 1),
            (b"1 018\n0\n".to_vec(), 1),
            (b"-1\n0\n".to_vec(), 1),
            (b"00\n0\n".to_vec(), 1),
            (b"0\n-0\n".to_vec(), 2),
            (b"1 1.0\n0\n".to_vec(), 1),
            (b"1 x\n0\n".to_vec(), 1),
            (b"1\x0B18\n0\n".to_vec(), 1),
            (b"1 18\x0C\n0\n".to_vec(), 1),
            ("1\u{A0}18\n0\n".as_bytes().to_vec(), 1),
            (b"1 18\n\xEF\xBB\xBF0\n".to_vec(), 2),
            // A CR that is not right before a LF.
            (b"1 18\r0\n".to_vec(), 1),
            (b"1 18\r\r\n0\n".to_vec(), 1),
            (b"1 18\n0\r".to_vec(), 2),
            // A count outside 0 to 12, a square outside 1 to 32.
            (b"13 1 2 3 4 5 6 7 8 9 10 11 12 13\n0\n".to_vec(), 1),
            (b"1 18\n13\n".to_vec(), 2),
            (b"1 0\n0\n".to_vec(), 1),
            (b"1 33\n0\n".to_vec(), 1),
            // A square listed twice, or by both colours.
            (b"2 5 5\n0\n".to_vec(), 1),
            (b"1 5\n1 5\n".to_vec(), 2),
            // Input that ends early; anything after Red's list.
            (b"2 5\n".to_vec(), 1),
            (b"1 5\n".to_vec(), 1),
            (b"1 5\n1\n".to_vec(), 2),
            (b"1 5\n0\n7\n".to_vec(), 3),
        ];
        for (bytes, line) in rejected.iter() {
            let why = read_position(&bytes[..]).expect_err(&format!("accepted {:?}", bytes));
            assert!(
                why.starts_with(&format!("line {}: expected ", line)),
                "{:?} for {:?}",
                why,
                String::from_utf8_lossy(bytes)
            );
        }
    }

    // ---- reading tokens ----

    /// Every token of `bytes` with its line, as the token reader returns them.
    fn tokens_of(bytes: &[u8]) -> Result<Vec<(String, usize)>, String> {
        let mut reader = TokenReader::new(bytes);
        let mut tokens = Vec::new();
        while let Some(token) = reader.next_token()? {
            assert!(!token.cut);
            tokens.push((token.text, token.line));
        }
        Ok(tokens)
    }

    fn owned(tokens: &[(&str, usize)]) -> Vec<(String, usize)> {
        tokens.iter().map(|&(t, l)| (t.to_string(), l)).collect()
    }

    /// Serves `head`, then `filler` over and over until `filler_bytes` bytes
    /// of it are out, made up as they are read: the test itself holds none of
    /// the filler, so whatever memory it takes is the reader's.
    struct Generated {
        head: Vec<u8>,
        filler: &'static [u8],
        filler_bytes: usize,
        served: usize,
    }

    impl Generated {
        fn new(head: &[u8], filler: &'static [u8], filler_bytes: usize) -> Generated {
            Generated {
                head: head.to_vec(),
                filler,
                filler_bytes,
                served: 0,
            }
        }

        fn all_served(&self) -> bool {
            self.served == self.head.len() + self.filler_bytes
        }
    }

    impl io::Read for Generated {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let mut n = 0;
            while n < buf.len() {
                let at = self.served;
                buf[n] = if at < self.head.len() {
                    self.head[at]
                } else if at - self.head.len() < self.filler_bytes {
                    self.filler[(at - self.head.len()) % self.filler.len()]
                } else {
                    break;
                };
                n += 1;
                self.served += 1;
            }
            Ok(n)
        }
    }

    #[test]
    fn tokens_are_split_by_blanks_and_line_ends() {
        assert_eq!(tokens_of(b"").unwrap(), owned(&[]));
        assert_eq!(tokens_of(b" \n\r\n\t").unwrap(), owned(&[]));
        assert_eq!(
            tokens_of(b"  1\n18 3\t4\r\n8\t\n\n11  ").unwrap(),
            owned(&[("1", 1), ("18", 2), ("3", 2), ("4", 2), ("8", 3), ("11", 5)])
        );
        // Other whitespace is part of a token.
        assert_eq!(
            tokens_of(b"1\x0b2 \x0c3\xC2\xA04").unwrap(),
            owned(&[("1\u{b}2", 1), ("\u{c}3\u{a0}4", 1)])
        );
    }

    #[test]
    fn a_carriage_return_must_start_a_crlf_line_end() {
        assert_eq!(
            tokens_of(b"1\r\n2\r\n").unwrap(),
            owned(&[("1", 1), ("2", 2)])
        );
        let lone = "expected a line feed after the carriage return (line ends are LF or CRLF)";
        for (input, line, found) in [
            (&b"1\r2"[..], 1, "'2'"),
            (b"1\n2\r\r\n", 2, "'\\r'"),
            (b"1 \r \n", 1, "' '"),
            (b"1\n2\r", 2, "the end of input"),
            (b"\r\xFF", 1, "the byte 0xFF"),
        ]
        .iter()
        {
            assert_eq!(
                tokens_of(input).unwrap_err(),
                format!("line {}: {}, found {}", line, lone, found)
            );
        }
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        assert_eq!(
            tokens_of(b"\xEF\xBB\xBF1 2").unwrap(),
            owned(&[("1", 1), ("2", 1)])
        );
        assert_eq!(tokens_of(b"\xEF\xBB\xBF\n1").unwrap(), owned(&[("1", 2)]));
        // Only at the start: elsewhere it is a character like any other.
        assert_eq!(
            tokens_of(b"1 \xEF\xBB\xBF2").unwrap(),
            owned(&[("1", 1), ("\u{FEFF}2", 1)])
        );
        assert_eq!(
            tokens_of(b" \xEF\xBB\xBF").unwrap(),
            owned(&[("\u{FEFF}", 1)])
        );
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_reported_on_its_line() {
        let why = tokens_of(b"1\n2\n3 bad\xFF\n").unwrap_err();
        assert_eq!(
            why,
            "line 3: expected UTF-8 text, found the non-UTF-8 byte 0xFF"
        );
        // A character cut short by the end of the input is on its line too.
        let why = tokens_of(b"\xEF\xBB\xBF1\n\xC3").unwrap_err();
        assert!(why.starts_with("line 2: "), "{}", why);
    }

    #[test]
    fn a_long_token_is_kept_cut() {
        let mut generated = Generated::new(b"\n\n", b"xy", 1_000_000);
        let mut reader = TokenReader::new(io::BufReader::new(&mut generated));
        let token = reader.next_token().unwrap().unwrap();
        assert_eq!(token.text, "xy".repeat(TOKEN_CAP / 2));
        assert!(
            token.text.capacity() <= TOKEN_CAP,
            "{}",
            token.text.capacity()
        );
        assert!(token.cut);
        assert_eq!(token.line, 3);
        assert!(reader.next_token().unwrap().is_none());
        drop(reader);
        assert!(generated.all_served());
        // A cut never splits a character.
        let text = "x".repeat(TOKEN_CAP - 1) + &"é".repeat(10);
        let token = TokenReader::new(text.as_bytes())
            .next_token()
            .unwrap()
            .unwrap();
        assert_eq!(token.text, "x".repeat(TOKEN_CAP - 1));
    }

    #[test]
    fn a_cut_number_is_not_read_as_its_start() {
        // Its first TOKEN_CAP digits alone would read as 0.
        let zeros = format!("1 {}5\n0\n", "0".repeat(TOKEN_CAP));
        assert_eq!(
            error_of(&zeros),
            "line 1: expected black square 1 of 1 (1 to 32), found \"00000000000000000000\"..."
        );
    }

    #[test]
    fn millions_of_trailing_newlines_are_read_not_kept() {
        let want = position(&[18], &[4, 8, 11]);
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut generated = Generated::new(b"1 18\n3 4 8 11\n", filler, 2_000_000);
            let got = read_position(io::BufReader::new(&mut generated)).unwrap();
            assert_eq!(got, want);
            assert!(
                generated.all_served(),
                "the trailing lines were not checked"
            );
        }
    }

    #[test]
    fn megabytes_of_garbage_are_one_short_error() {
        let mut generated = Generated::new(b"", b"garbage", 4_000_000);
        let message = read_position(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 1: expected the number of black pieces (0 to 12), found \"garbagegarbagegarbag\"..."
        );
        let mut generated = Generated::new(b"0\n0\n", b"\n\x00", 4_000_000);
        let message = read_position(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 4: expected the end of input after the red list, found \"\\0\""
        );
    }

    #[test]
    fn long_offending_text_is_cut() {
        let long = "x".repeat(1_000_000);
        assert_eq!(super::shown(&long), format!("{:?}...", "x".repeat(20)));
        assert_eq!(
            super::shown(&"x".repeat(20)),
            format!("{:?}", "x".repeat(20))
        );
    }

    #[test]
    fn control_characters_in_offending_text_are_escaped() {
        assert_eq!(super::shown("a\tb\r"), "\"a\\tb\\r\"");
    }

    #[test]
    fn only_a_read_write_descriptor_counts_as_closed_stdout() {
        // What Rust's runtime leaves in place of a closed stdout (O_RDWR).
        let stand_in = "pos:\t0\nflags:\t0100002\nmnt_id:\t25\nino:\t5\n";
        assert!(super::opened_read_write(stand_in));
        // `>/dev/null` from a shell: O_WRONLY, plus O_APPEND or O_LARGEFILE.
        assert!(!super::opened_read_write("pos:\t0\nflags:\t01\n"));
        assert!(!super::opened_read_write("pos:\t0\nflags:\t0102001\n"));
        // Read-only, and a text with no flags line at all.
        assert!(!super::opened_read_write("flags:\t0100000\n"));
        assert!(!super::opened_read_write("pos:\t0\n"));
    }

    #[test]
    fn a_failed_write_is_an_error() {
        use std::io::{self, Write};
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::Other, "disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        assert!(super::write_answer(&mut Full, "1\n").is_err());
        let mut sink = Vec::new();
        super::write_answer(&mut sink, "1\n").unwrap();
        assert_eq!(sink, b"1\n");
    }

    #[test]
    fn a_failed_flush_is_an_error() {
        use std::io::{self, Write};
        /// Takes every byte, then cannot deliver them.
        struct Unflushable;
        impl Write for Unflushable {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                Ok(bytes.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::Error::new(io::ErrorKind::Other, "broken pipe"))
            }
        }
        assert!(super::write_answer(&mut Unflushable, "1\n").is_err());
    }

    fn position(black: &[usize], red: &[usize]) -> Position {
        let mut pos = Position { black: 0, red: 0 };
        for &s in black {
            pos.black |= square_bit(s);
        }
        for &s in red {
            pos.red |= square_bit(s);
        }
        pos
    }

    fn counts(black: &[usize], red: &[usize]) -> (usize, usize) {
        let pos = position(black, red);
        (
            moves_of_side(&pos, Side::Black),
            moves_of_side(&pos, Side::Red),
        )
    }

    // ---- numbering ----

    #[test]
    fn numbering_matches_the_diagram() {
        // Corners and row starts of the original statement's diagram, (row from bottom, column).
        assert_eq!(square_to_cell(1), (0, 6));
        assert_eq!(square_to_cell(4), (0, 0));
        assert_eq!(square_to_cell(5), (1, 7));
        assert_eq!(square_to_cell(8), (1, 1));
        assert_eq!(square_to_cell(9), (2, 6));
        assert_eq!(square_to_cell(12), (2, 0));
        assert_eq!(square_to_cell(29), (7, 7));
        assert_eq!(square_to_cell(32), (7, 1));
        for s in 1..=SQUARES {
            let (r, c) = square_to_cell(s);
            assert_eq!(cell_to_square(r, c), Some(s));
        }
        assert_eq!(cell_to_square(0, 1), None);
        assert_eq!(cell_to_square(-1, 0), None);
        assert_eq!(cell_to_square(8, 7), None);
    }

    #[test]
    fn neighbours_from_the_seed() {
        // Example 1: 18 slides to 14, 15, 22, 23.
        let mut around: Vec<usize> = DIAGONALS
            .iter()
            .filter_map(|&d| diagonal_step(18, d, 1))
            .collect();
        around.sort();
        assert_eq!(around, vec![14, 15, 22, 23]);
        // Example 2: red 11 jumps to 18 over 15.
        assert_eq!(diagonal_step(11, (1, 1), 2), Some(18));
        assert_eq!(diagonal_step(11, (1, 1), 1), Some(15));
    }

    // ---- rules, one small position each ----

    #[test]
    fn slides_go_all_four_ways() {
        assert_eq!(counts(&[18], &[]), (4, 0));
        assert_eq!(counts(&[], &[18]), (0, 4));
    }

    #[test]
    fn slides_stop_at_edges_and_pieces() {
        // Corner square 4 has one neighbour (8); edge square 12 has two.
        assert_eq!(counts(&[4], &[]), (1, 0));
        assert_eq!(counts(&[12], &[]), (2, 0));
        // Square 29 is the top-right corner.
        assert_eq!(counts(&[29], &[]), (1, 0));
        // An own piece on 14 takes one of 18's slides; 14 itself has 3 free.
        assert_eq!(counts(&[14, 18], &[]), (6, 0));
    }

    #[test]
    fn jumps_go_all_four_ways() {
        // Red men on 14, 15, 22, 23 around black 18, landings 9, 11, 25, 27 free.
        let pos = position(&[18], &[14, 15, 22, 23]);
        assert_eq!(jump_move_outcomes(&pos, Side::Black).len(), 4);
    }

    // Cells (row from bottom, column) used below: 5 (1,7), 9 (2,6), 11 (2,2),
    // 14 (3,5), 15 (3,3), 18 (4,4), 22 (5,5), 23 (5,3).

    #[test]
    fn jump_needs_a_vacant_landing() {
        // Black 18 over red 14 would land on 9, which black holds: black only
        // slides (18: 15, 22, 23; 9: 5, 6, 13). Red 14 jumps 18 onto 23 or 9
        // onto 5.
        assert_eq!(counts(&[18, 9], &[14]), (6, 2));
    }

    #[test]
    fn jump_cannot_leave_the_board() {
        // Black 5 jumps red 9 onto 14; red 9 over black 5 would land on column 8,
        // so red slides to 6, 13 and 14.
        assert_eq!(counts(&[5], &[9]), (1, 3));
    }

    #[test]
    fn cannot_jump_own_piece() {
        assert_eq!(
            jump_move_outcomes(&position(&[18, 14], &[]), Side::Black).len(),
            0
        );
    }

    #[test]
    fn chain_must_continue_and_is_one_move() {
        // Black 1 (0,6) over red 6 (1,5) to 10 (2,4), then over red 15 (3,3) to
        // 19 (4,2): one move; stopping on 10 is not a move.
        let pos = position(&[1], &[6, 15]);
        let endings = jump_move_outcomes(&pos, Side::Black);
        assert_eq!(endings.len(), 1);
        assert!(endings.contains(&position(&[19], &[])));
    }

    #[test]
    fn captured_piece_leaves_at_once() {
        // Black 18 jumps red 14 onto 9. Were 14 still there, black could jump it
        // again back onto the vacated 18; it is gone, so the move ends on 9.
        let endings = jump_move_outcomes(&position(&[18], &[14]), Side::Black);
        assert_eq!(
            endings.into_iter().collect::<Vec<_>>(),
            vec![position(&[9], &[])]
        );
    }

    #[test]
    fn chain_may_return_to_its_start() {
        // Seed example 3: red 10 circles round 14, 15, 22, 23 both ways.
        let endings = jump_move_outcomes(&position(&[14, 15, 22, 23], &[10]), Side::Red);
        assert_eq!(
            endings.into_iter().collect::<Vec<_>>(),
            vec![position(&[], &[10])]
        );
    }

    #[test]
    fn chain_branches_ending_differently_count_separately() {
        // Black 18 can go over 14 onto 9 or over 15 onto 11: two positions.
        assert_eq!(counts(&[18], &[14, 15]).0, 2);
    }

    #[test]
    fn remerging_chains_count_by_final_position() {
        // Red 3 goes round the diamond 3-10-19-12 either way (blacks 7, 15, 16,
        // 8 between the corners). Reaching 19 it may also jump 24 onto 28.
        // Four chains: 3-10-19-28 and 3-12-19-28 leave different blacks behind;
        // 3-10-19-12-3 and 3-12-19-10-3 both leave only 24. Three positions.
        let endings = jump_move_outcomes(&position(&[7, 8, 15, 16, 24], &[3]), Side::Red);
        assert_eq!(endings.len(), 3);
        assert!(endings.contains(&position(&[8, 16], &[28])));
        assert!(endings.contains(&position(&[7, 15], &[28])));
        assert!(endings.contains(&position(&[24], &[3])));
    }

    #[test]
    fn jumps_forbid_slides_per_side() {
        // Seed example 2: red jumps 11-18 and may not slide; black cannot jump.
        assert_eq!(counts(&[15], &[4, 8, 11]), (3, 1));
        // A far-away black piece with free slides does not add to black's jump.
        assert_eq!(counts(&[18, 29], &[14]).0, 1);
    }

    #[test]
    fn seed_examples() {
        assert_eq!(counts(&[18], &[4, 8, 11]), (4, 5));
        assert_eq!(counts(&[15], &[4, 8, 11]), (3, 1));
        assert_eq!(counts(&[14, 15, 22, 23], &[10]), (2, 1));
        assert_eq!(counts(&[6, 7, 8, 14, 15, 16, 22, 23, 24], &[4]), (35, 4));
    }

    // ---- parser ----

    #[test]
    fn parser_reads_tokens_anywhere() {
        let want = position(&[18], &[4, 8, 11]);
        assert_eq!(parse_position("1 18\n3 4 8 11\n").unwrap(), want);
        assert_eq!(parse_position("1 18\r\n3 4 8 11").unwrap(), want);
        assert_eq!(parse_position("  1\n18 3\t4 8\n\n11  \n\n").unwrap(), want);
        assert_eq!(parse_position("0\n0\n").unwrap(), position(&[], &[]));
    }

    fn error_of(input: &str) -> String {
        parse_position(input).expect_err("input should be rejected")
    }

    #[test]
    fn parser_rejects_non_numbers() {
        let err = error_of("1 18\n3 4 x 11\n");
        assert!(
            err.starts_with("line 2:") && err.contains("\"x\""),
            "{}",
            err
        );
        assert!(error_of("one 18\n0\n").starts_with("line 1:"));
        assert!(error_of("1 18.0\n0\n").contains("\"18.0\""));
    }

    #[test]
    fn errors_say_what_was_expected_and_quote_what_was_found() {
        assert_eq!(
            error_of("0\n1 33\n"),
            "line 2: expected red square 1 of 1 (1 to 32), found \"33\", outside 1 to 32"
        );
        assert_eq!(
            error_of("13 1\n0\n"),
            "line 1: expected the number of black pieces (0 to 12), found \"13\""
        );
    }

    #[test]
    fn a_huge_token_is_quoted_cut_short() {
        let input = format!("1\n{}\n0\n", "7".repeat(1_000_000));
        let err = error_of(&input);
        assert!(
            err.starts_with(
                "line 2: expected black square 1 of 1 (1 to 32), found \"77777777777777777777\"..."
            ),
            "{}",
            err
        );
        assert!(err.len() < 200, "{}", err);
    }

    #[test]
    fn parser_rejects_out_of_range_squares() {
        let err = error_of("1 33\n0\n");
        assert!(err.starts_with("line 1:") && err.contains("33"), "{}", err);
        assert!(error_of("1 0\n0\n").contains("outside"));
        assert!(error_of("0\n1 -5\n").starts_with("line 2:"));
    }

    #[test]
    fn parser_rejects_duplicates_and_shared_squares() {
        let err = error_of("2 18 18\n0\n");
        assert!(
            err.starts_with("line 1:") && err.contains("twice"),
            "{}",
            err
        );
        let err = error_of("1 18\n2 4 18\n");
        assert!(
            err.starts_with("line 2:") && err.contains("other colour"),
            "{}",
            err
        );
    }

    #[test]
    fn parser_rejects_too_many_pieces() {
        let twelve = "12 1 2 3 4 5 6 7 8 9 10 11 12\n0\n";
        assert!(parse_position(twelve).is_ok());
        let err = error_of("13 1 2 3 4 5 6 7 8 9 10 11 12 13\n0\n");
        assert!(err.starts_with("line 1:") && err.contains("13"), "{}", err);
        assert!(error_of("0\n-1\n").starts_with("line 2:"));
    }

    #[test]
    fn parser_rejects_counts_that_do_not_match() {
        // Too few red squares: the input ends.
        let err = error_of("1 18\n3 4 8\n");
        assert!(
            err.starts_with("line 2:") && err.contains("ended"),
            "{}",
            err
        );
        // Too many: a leftover token.
        let err = error_of("1 18\n2 4 8 11\n");
        assert!(
            err.starts_with("line 2:") && err.contains("\"11\""),
            "{}",
            err
        );
        // The black count is larger than its list: the red count is read as a
        // square and the red list is then missing.
        let err = error_of("2 18\n0\n");
        assert!(
            err.starts_with("line 2:") && err.contains("count 2 on line 1"),
            "{}",
            err
        );
        let err = error_of("2 18\nx\n");
        assert!(
            err.starts_with("line 2:") && err.contains("count 2 on line 1"),
            "{}",
            err
        );
        // No hint when the count and the bad square share a line.
        assert!(!error_of("2 18 40\n0\n").contains("count"));
        assert!(error_of("").contains("ended"));
        assert!(error_of("1 18\n").contains("red"));
    }

    // ---- cross-check against a naive implementation ----

    /// xorshift64*: a tiny fixed-seed generator for reproducible positions.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Naive: an 8x8 grid of labels built by walking the diagram top row first,
    /// left to right, handing out 32, 31, ... to the dark cells (in the top row
    /// the dark cells are the odd columns).
    fn naive_labels() -> [[usize; 8]; 8] {
        let mut labels = [[0; 8]; 8];
        let mut next = 32;
        for (top_row, line) in labels.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                if (top_row + col) % 2 == 1 {
                    *cell = next;
                    next -= 1;
                }
            }
        }
        labels
    }

    /// Naive count for one side: grid of chars, every chain enumerated with an
    /// explicit stack and no memory, final boards compared as strings.
    fn naive_side(black: &[usize], red: &[usize], me: char) -> usize {
        let labels = naive_labels();
        let mut grid = [['.'; 8]; 8];
        for r in 0..8 {
            for c in 0..8 {
                if black.contains(&labels[r][c]) {
                    grid[r][c] = 'b';
                }
                if red.contains(&labels[r][c]) {
                    grid[r][c] = 'r';
                }
            }
        }
        let foe = if me == 'b' { 'r' } else { 'b' };
        let inside = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c);
        let mut finals: Vec<String> = Vec::new();
        let mut slides = 0;
        for r in 0..8i32 {
            for c in 0..8i32 {
                if grid[r as usize][c as usize] != me {
                    continue;
                }
                for &(dr, dc) in &[(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if inside(r + dr, c + dc) && grid[(r + dr) as usize][(c + dc) as usize] == '.' {
                        slides += 1;
                    }
                }
                // (board, row, col, jumps made so far)
                let mut stack = vec![(grid, r, c, 0)];
                while let Some((g, pr, pc, made)) = stack.pop() {
                    let mut went_on = false;
                    for &(dr, dc) in &[(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let (mr, mc, lr, lc) = (pr + dr, pc + dc, pr + 2 * dr, pc + 2 * dc);
                        if inside(lr, lc)
                            && g[mr as usize][mc as usize] == foe
                            && g[lr as usize][lc as usize] == '.'
                        {
                            let mut h = g;
                            h[pr as usize][pc as usize] = '.';
                            h[mr as usize][mc as usize] = '.';
                            h[lr as usize][lc as usize] = me;
                            stack.push((h, lr, lc, made + 1));
                            went_on = true;
                        }
                    }
                    if !went_on && made > 0 {
                        finals.push(g.iter().flat_map(|row| row.iter()).collect());
                    }
                }
            }
        }
        finals.sort();
        finals.dedup();
        if finals.is_empty() {
            slides
        } else {
            finals.len()
        }
    }

    /// `n` distinct random squares not in `avoid`.
    fn random_squares(rng: &mut Rng, n: usize, avoid: &[usize]) -> Vec<usize> {
        let mut chosen = Vec::new();
        while chosen.len() < n {
            let s = 1 + rng.below(32);
            if !chosen.contains(&s) && !avoid.contains(&s) {
                chosen.push(s);
            }
        }
        chosen
    }

    fn as_input(black: &[usize], red: &[usize]) -> String {
        let list = |v: &[usize]| {
            let mut parts = vec![v.len().to_string()];
            parts.extend(v.iter().map(|s| s.to_string()));
            parts.join(" ")
        };
        format!("{}\n{}\n", list(black), list(red))
    }

    #[test]
    fn real_matches_naive_on_random_positions() {
        let mut rng = Rng(0x5EED_C4EC_4E25);
        let mut long_chains = 0;
        for round in 0..12_000 {
            // Alternate plain random positions with lopsided ones (few movers
            // among many enemies), which give long chains.
            let (nb, nr) = if round % 2 == 0 {
                (rng.below(13), rng.below(13))
            } else {
                (1 + rng.below(3), 6 + rng.below(7))
            };
            let black = random_squares(&mut rng, nb, &[]);
            let red = random_squares(&mut rng, nr, &black);
            let pos = parse_position(&as_input(&black, &red)).expect("generated input is valid");
            let real = (
                moves_of_side(&pos, Side::Black),
                moves_of_side(&pos, Side::Red),
            );
            let naive = (naive_side(&black, &red, 'b'), naive_side(&black, &red, 'r'));
            assert_eq!(real, naive, "black {:?} red {:?}", black, red);
            let captured = jump_move_outcomes(&pos, Side::Black)
                .iter()
                .map(|end| (pos.red & !end.red).count_ones())
                .max()
                .unwrap_or(0);
            if captured >= 3 {
                long_chains += 1;
            }
        }
        // The generator must reach multi-jump chains, not only single jumps.
        assert!(
            long_chains > 500,
            "only {} positions had 3+ captures",
            long_chains
        );
    }
}
