// WRONG ANSWER ON PURPOSE: a submission of the problem package that must fail.
// Rule broken: a side with a jump may only jump; this one counts its slides too.
// A copy of checkers_board/src/main.rs without its tests, changed where a
// `BROKEN:` comment says; `.ci/run` checks that the judge rejects it.

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
//! Input: the board, row 0 (the top) first, one row per line. A square is
//! `B`, `W`, or `.` or a space for a vacant one. The rule for rows, written
//! so that an editor that strips trailing blanks and blank lines cannot break
//! a board:
//! - Spaces and tabs at the end of any line are ignored, and so is the CR of
//!   a CRLF line end.
//! - A row shorter than 8 squares is padded with vacant squares.
//! - Rows missing at the end of the input are vacant rows, so 1 to 8 lines of
//!   board are accepted, and an empty input is an empty board (answer 0).
//! - Any line after row 8 must be blank (spaces, tabs and CR only).
//! - A tab anywhere else in a row is an error, as is any character other than
//!   `B`, `W`, `.` and the space, and a ninth square.
//!
//! A UTF-8 byte-order mark at the start is skipped.
//! Output: the total number of moves, on one line.
//! Bad input (bytes that are not UTF-8, a row longer than 8 squares, a line
//! after row 8 that is not blank, an unknown character, a piece on a light
//! square, more than 12 pieces of one colour) prints one line on stderr,
//! naming the line, what was expected and what was found, and exits with
//! status 1. So does an answer that cannot be written (a full disk, a closed
//! pipe, a closed standard output).
//!
//! Approach: look at every piece, its two forward diagonals, and test the slide
//! and the jump in each. Cost: constant, at most 24 pieces times 2 directions.
//! The input is read line by line and at most 256 bytes of a line are kept,
//! so memory stays flat however large the input is (megabytes of trailing
//! newlines are valid input). The blank lines after the board are skipped a
//! buffer at a time, not line by line: 100 MB of `\n` or of `\r\n` take
//! 0.12 to 0.17 s (1.4 to 2.4 s line by line; measured on a busy machine).

use std::io::{self, BufRead, Write};

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

/// Rule: jumping is compulsory, so a side that has any jump may only jump;
/// otherwise each of its slides is a move.
fn moves_of_side(board: &Board, side: Side) -> usize {
    let jumps = count_jumps(board, side);
    // BROKEN: a side with a jump may only jump; this one counts its slides too
    if jumps > 0 {
        jumps + count_slides(board, side)
    } else {
        count_slides(board, side)
    }
}

/// Rule: nobody knows whose turn it is, so the moves of both sides are added.
fn total_moves(board: &Board) -> usize {
    moves_of_side(board, Side::Black) + moves_of_side(board, Side::White)
}

/// Reads the board by the rule in the header, one line at a time: trailing
/// newlines by the million cost time but no memory. Errors name the 1-based
/// line (and column) at fault.
fn read_board<R: BufRead>(input: R) -> Result<Board, String> {
    let mut lines = LineReader::new(input);
    let mut board = [[Cell::Vacant; SIZE]; SIZE];
    for row in 0..SIZE {
        match lines.next_line()? {
            Some(line) => read_row(&line, row, &mut board)?,
            // Rule: rows missing at the end are vacant (an editor that strips
            // trailing blanks and blank lines leaves exactly that).
            None => return Ok(board),
        }
    }
    // Rule: after row 8, blank lines only (skipped in bulk).
    while let Some(line) = lines.next_non_blank_line()? {
        if !line.text.is_empty() {
            return Err(format!(
                "line {}: expected nothing after the {} board rows, found {}",
                line.number,
                SIZE,
                shown(&line.text)
            ));
        }
    }
    Ok(board)
}

/// Reads one row into `board`: up to 8 squares (the line's trailing blanks
/// are already gone; a shorter row is padded with vacant squares), pieces on
/// dark squares only, and at most 12 pieces of a colour on the board so far.
fn read_row(line: &Line, row: usize, board: &mut Board) -> Result<(), String> {
    for (col, ch) in line.text.chars().enumerate().take(SIZE) {
        let cell = match ch {
            '.' | ' ' => Cell::Vacant,
            'B' => Cell::Black,
            'W' => Cell::White,
            _ => {
                return Err(format!(
                    "line {}: expected 'B', 'W', '.' or a space, found {:?} in column {}",
                    line.number,
                    ch,
                    col + 1
                ))
            }
        };
        if cell == Cell::Vacant {
            continue;
        }
        if !is_dark_square(row, col) {
            return Err(format!(
                "line {}: expected pieces on dark squares only (row + column even), found {:?} on the light square in column {}",
                line.number,
                ch,
                col + 1
            ));
        }
        board[row][col] = cell;
        let side = if cell == Cell::Black {
            Side::Black
        } else {
            Side::White
        };
        if pieces_of(board, side).len() > MAX_PIECES_PER_COLOUR {
            return Err(format!(
                "line {}: expected at most {} pieces of a colour, found a 13th {:?}",
                line.number, MAX_PIECES_PER_COLOUR, ch
            ));
        }
    }
    if line.chars > SIZE {
        // Trailing blanks are gone, so something other than a blank follows
        // column 8: name the first such character, if the kept text holds it.
        let extra = line
            .text
            .chars()
            .enumerate()
            .skip(SIZE)
            .find(|&(_, ch)| ch != ' ');
        return Err(match extra {
            Some((col, ch)) => format!(
                "line {}: expected at most {} squares, found {:?} in column {}",
                line.number,
                SIZE,
                ch,
                col + 1
            ),
            None => format!(
                "line {}: expected at most {} squares, found {} ({} characters)",
                line.number,
                SIZE,
                shown(&line.text),
                line.chars
            ),
        });
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Reading lines with bounded memory
// ---------------------------------------------------------------------------

/// The most of one line kept in memory. Every valid line is far shorter, so a
/// line that was cut is wrong anyway; its length is still counted in full for
/// the message. This keeps memory flat whatever the input: megabytes of
/// trailing newlines are valid, and megabytes of garbage must be rejected.
const LINE_CAP: usize = 256;

/// Blanks that may trail a line and do not count: spaces, tabs, and the CR of
/// a CRLF line end.
fn is_trailing_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t' || byte == b'\r'
}

/// One line of input, without its line end and its trailing blanks.
struct Line {
    /// 1-based line number.
    number: usize,
    /// The text, or its first `LINE_CAP` bytes when the line is longer.
    text: String,
    /// Characters in the whole line, even when `text` was cut.
    chars: usize,
}

/// Hands out the input one line at a time, holding no more than `LINE_CAP`
/// bytes of it (plus the reader's buffer).
struct LineReader<R> {
    input: R,
    lines_read: usize,
}

/// Appends `byte` unless `buffer` is full; says whether it fitted.
fn keep(buffer: &mut Vec<u8>, byte: u8) -> bool {
    if buffer.len() < LINE_CAP {
        buffer.push(byte);
        true
    } else {
        false
    }
}

impl<R: BufRead> LineReader<R> {
    fn new(input: R) -> LineReader<R> {
        LineReader {
            input,
            lines_read: 0,
        }
    }

    /// The next line, or None at the end of the input. A byte-order mark at
    /// the very start (Windows editors add one) is skipped. Fails when the
    /// input cannot be read or the kept text is not UTF-8.
    fn next_line(&mut self) -> Result<Option<Line>, String> {
        let mut kept = Vec::new();
        // Blanks after the last other byte: they join the text only if more
        // text follows them.
        let mut blanks = Vec::new();
        let mut blank_count = 0;
        let mut chars = 0;
        let mut cut = false;
        let mut any_byte = false;
        loop {
            let (used, line_ended) = {
                let chunk = match self.input.fill_buf() {
                    Ok(chunk) => chunk,
                    Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(format!("cannot read standard input: {}", e)),
                };
                if chunk.is_empty() {
                    break;
                }
                any_byte = true;
                let (content, used, line_ended) = match chunk.iter().position(|&b| b == b'\n') {
                    Some(end) => (&chunk[..end], end + 1, true),
                    None => (chunk, chunk.len(), false),
                };
                for &byte in content {
                    if is_trailing_blank(byte) {
                        keep(&mut blanks, byte);
                        blank_count += 1;
                        continue;
                    }
                    // Not trailing after all: the blanks before this byte count.
                    cut |= blank_count > blanks.len();
                    for &blank in &blanks {
                        cut |= !keep(&mut kept, blank);
                    }
                    chars += blank_count;
                    blanks.clear();
                    blank_count = 0;
                    cut |= !keep(&mut kept, byte);
                    // Count characters by their first byte.
                    if byte & 0xC0 != 0x80 {
                        chars += 1;
                    }
                }
                (used, line_ended)
            };
            self.input.consume(used);
            if line_ended {
                break;
            }
        }
        if !any_byte {
            return Ok(None);
        }
        self.lines_read += 1;
        let number = self.lines_read;
        if number == 1 && kept.starts_with(b"\xEF\xBB\xBF") {
            kept.drain(..3);
            chars -= 1;
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
                        number,
                        e.as_bytes()[valid]
                    ));
                }
            }
        };
        Ok(Some(Line {
            number,
            text,
            chars,
        }))
    }

    /// Skips blank lines in bulk, where only their blankness matters (the
    /// end of the input): a whole buffer at a time is searched for a byte
    /// other than a space, tab, CR or LF, and its line ends are counted,
    /// instead of building each line. Returns the line holding the first such
    /// byte, whole and numbered as `next_line` would return it, or None at
    /// the end of the input.
    fn next_non_blank_line(&mut self) -> Result<Option<Line>, String> {
        // The blanks since the last line end start the line returned: the
        // first `LINE_CAP` of them are kept, all are counted.
        let mut leading = Vec::new();
        let mut leading_count = 0;
        loop {
            let (used, found) = {
                let chunk = match self.input.fill_buf() {
                    Ok(chunk) => chunk,
                    Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(format!("cannot read standard input: {}", e)),
                };
                if chunk.is_empty() {
                    return Ok(None);
                }
                let other = chunk
                    .iter()
                    .position(|&byte| !is_trailing_blank(byte) && byte != b'\n');
                let blank = &chunk[..other.unwrap_or(chunk.len())];
                self.lines_read += blank.iter().filter(|&&byte| byte == b'\n').count();
                let since_line_end = match blank.iter().rposition(|&byte| byte == b'\n') {
                    Some(end) => {
                        leading.clear();
                        leading_count = 0;
                        &blank[end + 1..]
                    }
                    None => blank,
                };
                leading_count += since_line_end.len();
                let room = LINE_CAP - leading.len();
                leading.extend_from_slice(&since_line_end[..room.min(since_line_end.len())]);
                (blank.len(), other.is_some())
            };
            self.input.consume(used);
            if found {
                break;
            }
        }
        let mut line = match self.next_line()? {
            Some(line) => line,
            None => return Ok(None),
        };
        if leading_count > 0 {
            let mut text = String::from_utf8_lossy(&leading).into_owned();
            text.push_str(&line.text);
            let mut kept = LINE_CAP.min(text.len());
            while !text.is_char_boundary(kept) {
                kept -= 1;
            }
            text.truncate(kept);
            line.text = text;
            line.chars += leading_count;
        }
        Ok(Some(line))
    }
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
    let answer = read_board(stdin.lock()).map(|board| format!("{}\n", total_moves(&board)));
    let written = answer.and_then(|answer| {
        if stdout_is_closed() {
            return Err("cannot write the answer: standard output is closed".to_string());
        }
        let stdout = io::stdout();
        let mut out = stdout.lock();
        write_answer(&mut out, &answer).map_err(|e| format!("cannot write the answer: {}", e))
    });
    if let Err(message) = written {
        eprintln!("checkers_board: {}", message);
        std::process::exit(1);
    }
}
