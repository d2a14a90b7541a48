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
//!   a CRLF line end (a CR anywhere else is a character, and an error).
//! - A row shorter than 8 squares is padded with vacant squares.
//! - Rows missing at the end of the input are vacant rows, so 1 to 8 lines of
//!   board are accepted, and an empty input is an empty board (answer 0).
//! - Any line after row 8 must be blank (spaces and tabs only).
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
    if jumps > 0 {
        jumps
    } else {
        count_slides(board, side)
    }
}

/// Rule: nobody knows whose turn it is, so the moves of both sides are added.
fn total_moves(board: &Board) -> usize {
    moves_of_side(board, Side::Black) + moves_of_side(board, Side::White)
}

// ===========================================================================
// Input and output: reading the input as the statement allows it, and
// writing the answer or a one-line error. The algorithm is all above.
// ===========================================================================

// ---------------------------------------------------------------------------
// Reading the board
// ---------------------------------------------------------------------------

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

/// Blanks that may trail a line and do not count: spaces and tabs. A CR is
/// part of the line end only right before a LF (a CRLF line end); anywhere
/// else it is an ordinary character, which no valid line holds.
fn is_trailing_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
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

/// One line as it is read, byte by byte: its text so far, and the blanks
/// after the last other byte, which join the text only if more text follows.
#[derive(Default)]
struct LineBuilder {
    kept: Vec<u8>,
    blanks: Vec<u8>,
    blank_count: usize,
    chars: usize,
    cut: bool,
    /// The last byte was a CR: the line end if a LF follows, else a character.
    after_cr: bool,
}

impl LineBuilder {
    /// Takes one byte of the line (never its LF).
    fn push(&mut self, byte: u8) {
        if self.after_cr {
            self.after_cr = false;
            self.push_text(b'\r');
        }
        if byte == b'\r' {
            self.after_cr = true;
        } else if is_trailing_blank(byte) {
            keep(&mut self.blanks, byte);
            self.blank_count += 1;
        } else {
            self.push_text(byte);
        }
    }

    /// Takes a byte that is not a blank: the blanks before it count.
    fn push_text(&mut self, byte: u8) {
        self.cut |= self.blank_count > self.blanks.len();
        for &blank in &self.blanks {
            self.cut |= !keep(&mut self.kept, blank);
        }
        self.chars += self.blank_count;
        self.blanks.clear();
        self.blank_count = 0;
        self.cut |= !keep(&mut self.kept, byte);
        // Count characters by their first byte.
        if byte & 0xC0 != 0x80 {
            self.chars += 1;
        }
    }

    /// Ends the line, at a LF (`by_line_feed`) or at the end of the input. A
    /// CR right before the LF is the CRLF line end; a CR last in the input is
    /// not a line end, so it stays in the text.
    fn finish(&mut self, by_line_feed: bool) {
        if self.after_cr && !by_line_feed {
            self.push_text(b'\r');
        }
        self.after_cr = false;
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
        let mut line = LineBuilder::default();
        let (any_byte, line_ended) = self.read_into(&mut line)?;
        if !any_byte {
            return Ok(None);
        }
        line.finish(line_ended);
        self.lines_read += 1;
        let number = self.lines_read;
        let (mut kept, mut chars, cut) = (line.kept, line.chars, line.cut);
        if number == 1 && kept.starts_with(b"\xEF\xBB\xBF") {
            kept.drain(..3);
            chars -= 1;
        }
        let text = utf8_text(kept, cut, number)?;
        Ok(Some(Line {
            number,
            text,
            chars,
        }))
    }

    /// Hands `line` the bytes up to the next LF (not the LF itself) or the
    /// end of the input. Returns whether there was any byte, LF included,
    /// and whether a LF ended the line.
    fn read_into(&mut self, line: &mut LineBuilder) -> Result<(bool, bool), String> {
        let mut any_byte = false;
        let mut line_ended = false;
        while !line_ended {
            let used = {
                let chunk = match self.input.fill_buf() {
                    Ok(chunk) => chunk,
                    Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(format!("cannot read standard input: {}", e)),
                };
                if chunk.is_empty() {
                    break;
                }
                any_byte = true;
                let (content, used) = match chunk.iter().position(|&b| b == b'\n') {
                    Some(end) => {
                        line_ended = true;
                        (&chunk[..end], end + 1)
                    }
                    None => (chunk, chunk.len()),
                };
                for &byte in content {
                    line.push(byte);
                }
                used
            };
            self.input.consume(used);
        }
        Ok((any_byte, line_ended))
    }

    /// Skips blank lines in bulk, where only their blankness matters (the
    /// end of the input): a whole buffer at a time is searched for a byte
    /// other than a space, a tab, a LF or the CR of a CRLF, and its line ends
    /// are counted, instead of building each line. Returns the line holding
    /// the first such byte, whole and numbered as `next_line` would return
    /// it, or None at the end of the input. (A CR last in a buffer cannot be
    /// told from there; its line is returned, blank or not.)
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
                let other = (0..chunk.len()).find(|&at| match chunk[at] {
                    b'\n' => false,
                    b'\r' => chunk.get(at + 1) != Some(&b'\n'),
                    byte => !is_trailing_blank(byte),
                });
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
                // Only spaces and tabs: a CR here would be followed by its LF.
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
        // A line that is blank after all (its CRLF was split between two
        // buffers) has no text: its leading blanks were trailing ones.
        if leading_count > 0 && !line.text.is_empty() {
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

// ---------------------------------------------------------------------------
// Writing the answer; the program
// ---------------------------------------------------------------------------

/// The answer to the whole input: the moves of both sides together.
fn answer_to<R: BufRead>(input: R) -> Result<String, String> {
    let board = read_board(input)?;
    Ok(format!("{}\n", total_moves(&board)))
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
        eprintln!("checkers_board: {}", message);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board in `text`, read as the program reads standard input.
    fn parse_board(text: &str) -> Result<Board, String> {
        read_board(text.as_bytes())
    }

    /// Whatever the reader's buffer size, so wherever a buffer ends, a CRLF
    /// split between two buffers is a line end, and a CR before another CR
    /// is not.
    #[test]
    fn a_cr_is_told_apart_wherever_a_buffer_ends() {
        let canonical =
            "B.......\n........\n........\n........\n........\n........\n........\n.W......\n"
                .to_string();
        let expected = read_board(canonical.as_bytes()).unwrap();
        let good = format!("{}\r\n \r\n\t\r\n\r\n", canonical);
        let bad = format!("{}\r\n \r\n\r\r\n\r\n", canonical);
        for capacity in 1..bad.len() + 1 {
            let good_input = io::BufReader::with_capacity(capacity, good.as_bytes());
            assert_eq!(
                read_board(good_input),
                Ok(expected),
                "capacity {}",
                capacity
            );
            let bad_input = io::BufReader::with_capacity(capacity, bad.as_bytes());
            let why = read_board(bad_input).unwrap_err();
            assert!(
                why.starts_with("line 11: "),
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
        let canonical =
            "B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
        let expected = parse_board(canonical).unwrap();
        let tolerated = [
            canonical.replace('.', " "),
            canonical.replace('\n', " \t\n"),
            "B\n\n\n\n\n\n\n W\n".to_string(),
            "B\n\n\n\n\n\n\n.W".to_string(),
            format!("{}\n \n\t\r\n", canonical),
            canonical.replace('\n', "\r\n"),
            canonical.replace('\n', " \r\n"),
            canonical.trim_end().to_string(),
            format!("\u{FEFF}{}", canonical),
        ];
        for text in tolerated.iter() {
            assert_eq!(parse_board(text), Ok(expected), "{:?}", text);
        }
        // Missing rows are vacant: an empty input is an empty board.
        assert_eq!(parse_board("B\n"), parse_board("B......."));
        assert_eq!(total_moves(&parse_board("").unwrap()), 0);
        let rejected: Vec<(Vec<u8>, usize)> = vec![
            // Bytes that are not UTF-8.
            (b"B.......\n\xFF\n".to_vec(), 2),
            // A character other than `B`, `W`, `.` and space.
            (b"b\n".to_vec(), 1),
            (b"B\t.\n".to_vec(), 1),
            (b"B\r.\n".to_vec(), 1),
            (b"B\r \n".to_vec(), 1),
            (b"B\r\r\n".to_vec(), 1),
            (b"B\r".to_vec(), 1),
            (b"B\x0C\n".to_vec(), 1),
            ("B\u{A0}\n".as_bytes().to_vec(), 1),
            (b"B\n\xEF\xBB\xBF\n".to_vec(), 2),
            // A row with more than 8 cells.
            (b"B........\n".to_vec(), 1),
            (b"B.......  x\n".to_vec(), 1),
            // A line after row 8 that is not blank.
            ([canonical.as_bytes(), b"x\n"].concat(), 9),
            ([canonical.as_bytes(), b"\n\x0C\n"].concat(), 10),
            ([canonical.as_bytes(), b"\r\r\n"].concat(), 9),
            ([canonical.as_bytes(), b"\r"].concat(), 9),
            // A piece on a light cell.
            (b".B\n".to_vec(), 1),
            // More than 12 pieces of one colour.
            (b"B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n.B\n".to_vec(), 4),
            (b"\n\n\n\nW.W.W.W.\n.W.W.W.W\nW.W.W.W.\n.W\n".to_vec(), 8),
        ];
        for (bytes, line) in rejected.iter() {
            let why = read_board(&bytes[..]).expect_err(&format!("accepted {:?}", bytes));
            assert!(
                why.starts_with(&format!("line {}: expected ", line)),
                "{:?} for {:?}",
                why,
                String::from_utf8_lossy(bytes)
            );
        }
    }

    // --- reading lines ---

    /// Every line of `bytes` as the line reader returns it.
    fn lines_of(bytes: &[u8]) -> Result<Vec<String>, String> {
        let mut reader = LineReader::new(bytes);
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line()? {
            assert_eq!(line.number, lines.len() + 1);
            lines.push(line.text);
        }
        Ok(lines)
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
    fn lines_lose_their_ends_and_trailing_blanks_only() {
        assert_eq!(lines_of(b"").unwrap(), Vec::<String>::new());
        assert_eq!(lines_of(b"\n").unwrap(), vec![""]);
        assert_eq!(
            lines_of(b"a b \t\r\n \tc\r\n\nd").unwrap(),
            vec!["a b", " \tc", "", "d"]
        );
        assert_eq!(lines_of(b"a\rb\r\r\n").unwrap(), vec!["a\rb\r"]);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        assert_eq!(lines_of(b"\xEF\xBB\xBFab\n").unwrap(), vec!["ab"]);
        // Only at the start: elsewhere it is a character like any other.
        assert_eq!(lines_of(b"a\xEF\xBB\xBF\n").unwrap(), vec!["a\u{FEFF}"]);
        assert_eq!(
            lines_of(b"a\n\xEF\xBB\xBFb").unwrap(),
            vec!["a", "\u{FEFF}b"]
        );
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_reported_on_its_line() {
        let why = lines_of(b"ok\nok\nbad\xFF\n").unwrap_err();
        assert_eq!(
            why,
            "line 3: expected UTF-8 text, found the non-UTF-8 byte 0xFF"
        );
        // A character cut short by the end of the input is on its line too.
        let why = lines_of(b"\xEF\xBB\xBFok\n\xC3").unwrap_err();
        assert!(why.starts_with("line 2: "), "{}", why);
    }

    #[test]
    fn a_long_line_is_kept_cut_and_counted_whole() {
        let mut generated = Generated::new(b"", b"xy", 1_000_000);
        let mut reader = LineReader::new(io::BufReader::new(&mut generated));
        let line = reader.next_line().unwrap().unwrap();
        assert_eq!(line.chars, 1_000_000);
        assert_eq!(line.text, "xy".repeat(LINE_CAP / 2));
        assert!(line.text.capacity() <= LINE_CAP, "{}", line.text.capacity());
        assert!(reader.next_line().unwrap().is_none());
        drop(reader);
        assert!(generated.all_served());
    }

    #[test]
    fn a_cut_never_splits_a_character() {
        // 'é' is two bytes, so the cut after LINE_CAP - 1 of them falls inside one.
        let text = "x".repeat(LINE_CAP - 1) + &"é".repeat(10);
        let line = LineReader::new(text.as_bytes())
            .next_line()
            .unwrap()
            .unwrap();
        assert_eq!(line.text, "x".repeat(LINE_CAP - 1));
        assert_eq!(line.chars, LINE_CAP + 9);
    }

    #[test]
    fn blanks_inside_a_line_count_however_many() {
        let text = format!("a{}b   ", " ".repeat(10 * LINE_CAP));
        let line = LineReader::new(text.as_bytes())
            .next_line()
            .unwrap()
            .unwrap();
        assert_eq!(line.chars, 10 * LINE_CAP + 2);
        assert_eq!(line.text, format!("a{}", " ".repeat(LINE_CAP - 1)));
        // Only trailing: a line of nothing but blanks is empty.
        let blank = " \t".repeat(10 * LINE_CAP);
        let line = LineReader::new(blank.as_bytes())
            .next_line()
            .unwrap()
            .unwrap();
        assert_eq!((line.text.as_str(), line.chars), ("", 0));
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

    fn moves(rows: &[&str]) -> usize {
        total_moves(&parse_board(&rows.join("\n")).expect("valid board"))
    }

    fn side_moves(rows: &[&str], side: Side) -> usize {
        moves_of_side(&parse_board(&rows.join("\n")).expect("valid board"), side)
    }

    const EMPTY: &str = "........";

    // ---- rules, one small position each ----

    #[test]
    fn black_slides_down_only() {
        // Black man in the middle: two slides down, none up.
        let rows = [EMPTY, EMPTY, EMPTY, EMPTY, "....B...", EMPTY, EMPTY, EMPTY];
        assert_eq!(side_moves(&rows, Side::Black), 2);
        // Own men block slides. (4,4): both lower squares are Black, so 0 even
        // though both upper squares are free; (5,3): 1; (5,5): 1; (6,2): 2; (6,6): 2.
        let rows = [
            EMPTY, EMPTY, EMPTY, EMPTY, "....B...", "...B.B..", "..B...B.", EMPTY,
        ];
        assert_eq!(side_moves(&rows, Side::Black), 6);
    }

    #[test]
    fn white_slides_up_only() {
        let rows = [EMPTY, EMPTY, EMPTY, "...W....", EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(side_moves(&rows, Side::White), 2);
        // White on the top row has nowhere forward to go.
        let rows = ["W.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(side_moves(&rows, Side::White), 0);
    }

    #[test]
    fn black_on_bottom_row_cannot_move() {
        let rows = [EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".B.B...."];
        assert_eq!(moves(&rows), 0);
    }

    #[test]
    fn slide_at_side_edge_has_one_direction() {
        let rows = [EMPTY, EMPTY, "B.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(moves(&rows), 1);
    }

    #[test]
    fn jump_needs_enemy_and_vacant_landing() {
        // Black jumps the white man below-right of it.
        let rows = [
            EMPTY, EMPTY, "..B.....", "...W....", EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(
            count_jumps(&parse_board(&rows.join("\n")).unwrap(), Side::Black),
            1
        );
        // The landing square is taken: no jump.
        let rows = [
            EMPTY, EMPTY, "..B.....", "...W....", "....W...", EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(
            count_jumps(&parse_board(&rows.join("\n")).unwrap(), Side::Black),
            0
        );
        // Own piece in between: no jump.
        let rows = [
            EMPTY, EMPTY, "..B.....", "...B....", EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(
            count_jumps(&parse_board(&rows.join("\n")).unwrap(), Side::Black),
            0
        );
    }

    #[test]
    fn jump_blocked_by_board_edge() {
        // Black at (5,1), white at (6,0): the landing would be column -1.
        let rows = [
            EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".B......", "W.......", EMPTY,
        ];
        let board = parse_board(&rows.join("\n")).unwrap();
        assert_eq!(count_jumps(&board, Side::Black), 0);
        // So Black only slides to (6,2), while White jumps up-right from (6,0)
        // over (5,1) onto the vacant (4,2).
        assert_eq!(count_slides(&board, Side::Black), 1);
        assert_eq!(count_jumps(&board, Side::White), 1);
        assert_eq!(total_moves(&board), 2);
    }

    #[test]
    fn jumps_only_forward() {
        // Black (4,4) has White (3,3) up-left of it with (2,2) free, but that
        // jump would go backwards; White jumping (4,4) onto (5,5) would go
        // downwards. Neither is a move, so each side has its 2 slides.
        let rows = [
            EMPTY, EMPTY, EMPTY, "...W....", "....B...", EMPTY, EMPTY, EMPTY,
        ];
        let board = parse_board(&rows.join("\n")).unwrap();
        assert_eq!(count_jumps(&board, Side::Black), 0);
        assert_eq!(count_jumps(&board, Side::White), 0);
        assert_eq!(total_moves(&board), 4);
    }

    #[test]
    fn a_jump_forbids_every_slide_of_that_side() {
        // Black (2,2) can jump (3,3); black (0,6) has two slides which no longer count.
        let rows = [
            "......B.", EMPTY, "..B.....", "...W....", EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(side_moves(&rows, Side::Black), 1);
    }

    #[test]
    fn side_with_jumps_next_to_side_without() {
        // Black (1,1) jumps white (2,2) to (3,3). White (2,2): up-left (1,1) is
        // Black, beyond is (0,0) taken by Black: no jump; up-right (1,3) free: slide.
        let rows = [
            "B.......", ".B......", "..W.....", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        let board = parse_board(&rows.join("\n")).unwrap();
        // Black: (1,1) jumps to (3,3) -> jumps exist, so only 1 move.
        assert_eq!(moves_of_side(&board, Side::Black), 1);
        // White: one slide to (1,3).
        assert_eq!(moves_of_side(&board, Side::White), 1);
        assert_eq!(total_moves(&board), 2);
    }

    #[test]
    fn seed_examples() {
        let e0 = [
            "B       ", "        ", "        ", "        ", "        ", "        ", "        ",
            " W      ",
        ];
        assert_eq!(moves(&e0), 3);
        let e1 = [
            "B B     ", " W      ", "        ", "        ", "        ", "        ", "        ",
            "        ",
        ];
        assert_eq!(moves(&e1), 2);
        let e2 = [
            "B B B B ", " B B B B", "B B B B ", "        ", "        ", " W W W W", "W W W W ",
            " W W W W",
        ];
        assert_eq!(moves(&e2), 14);
        let e3 = [
            "B B B B ", " W W W W", "W W W W ", "        ", "        ", "        ", "        ",
            "        ",
        ];
        assert_eq!(moves(&e3), 0);
        let e4 = [
            "    B B ", "   B B W", "    B W ", "     W W", "      W ", "       W", "        ",
            "        ",
        ];
        assert_eq!(moves(&e4), 2);
    }

    // ---- parser ----

    #[test]
    fn parser_accepts_spaces_dots_padding_crlf() {
        let dots =
            "B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
        let spaces =
            "B       \n        \n        \n        \n        \n        \n        \n W      ";
        let stripped = "B\r\n\r\n\r\n\r\n\r\n\r\n\r\n W\r\n";
        let expected = parse_board(dots).unwrap();
        assert_eq!(parse_board(spaces).unwrap(), expected);
        assert_eq!(parse_board(stripped).unwrap(), expected);
        // Trailing spaces after column 8 and blank lines after row 8.
        let trailing = "B.......   \n\n\n\n\n\n\n.W......  \n\n  \n";
        assert_eq!(parse_board(trailing).unwrap(), expected);
        assert_eq!(total_moves(&expected), 3);
    }

    fn error_of(input: &str) -> String {
        parse_board(input).expect_err("input should be rejected")
    }

    /// The example board with a black man top left and a white man at (7, 1).
    fn example() -> Board {
        parse_board(
            "B.......\n........\n........\n........\n........\n........\n........\n.W......\n",
        )
        .unwrap()
    }

    #[test]
    fn trailing_spaces_and_tabs_end_any_line() {
        let tabbed = "B.......\t \n \t\n\t\n\n\n\n\n.W\t\t\r\n \t\r\n\t\n";
        assert_eq!(parse_board(tabbed).unwrap(), example());
    }

    #[test]
    fn a_short_row_is_padded_with_vacant_squares() {
        let short = "B\n\n\n\n\n\n\n.W\n";
        assert_eq!(parse_board(short).unwrap(), example());
        let mut board = [[Cell::Vacant; SIZE]; SIZE];
        board[0][2] = Cell::Black;
        assert_eq!(parse_board("  B\n").unwrap(), board);
    }

    #[test]
    fn rows_missing_at_the_end_are_vacant() {
        // Row 8 blank, its spaces stripped by an editor, no final newline:
        // the file holds 7 lines.
        let full = "B B B B \n W W W W\n\n\n\n\n\n        \n";
        let stripped = "B B B B\n W W W W\n\n\n\n\n\n";
        assert_eq!(parse_board(stripped).unwrap(), parse_board(full).unwrap());
        assert_eq!(
            parse_board("B B B B\n W W W W").unwrap(),
            parse_board(full).unwrap()
        );
        // One line of board, and none at all.
        let mut board = [[Cell::Vacant; SIZE]; SIZE];
        board[0][0] = Cell::Black;
        assert_eq!(parse_board("B").unwrap(), board);
        assert_eq!(parse_board("").unwrap(), [[Cell::Vacant; SIZE]; SIZE]);
        assert_eq!(total_moves(&parse_board("").unwrap()), 0);
    }

    #[test]
    fn lines_after_row_eight_must_be_blank() {
        assert_eq!(
            parse_board(&"\n".repeat(30)).unwrap(),
            [[Cell::Vacant; SIZE]; SIZE]
        );
        assert!(parse_board("\n\n\n\n\n\n\n\n \t \r\n\t\n  ").is_ok());
        let nine = "B\n\n\n\n\n\n\n\n.B\n";
        assert_eq!(
            error_of(nine),
            "line 9: expected nothing after the 8 board rows, found \".B\""
        );
        let eleventh = "B\n\n\n\n\n\n\n\n\n \n.B\n";
        assert_eq!(
            error_of(eleventh),
            "line 11: expected nothing after the 8 board rows, found \".B\""
        );
        let tab_inside = "\n\n\n\n\n\n\n\n \t.\n";
        assert_eq!(
            error_of(tab_inside),
            "line 9: expected nothing after the 8 board rows, found \" \\t.\""
        );
    }

    #[test]
    fn a_tab_inside_a_row_is_an_error() {
        assert_eq!(
            error_of("B\t.\n"),
            "line 1: expected 'B', 'W', '.' or a space, found '\\t' in column 2"
        );
        assert_eq!(
            error_of("\n\tB\n"),
            "line 2: expected 'B', 'W', '.' or a space, found '\\t' in column 1"
        );
        assert_eq!(
            error_of("B.......\tB\n"),
            "line 1: expected at most 8 squares, found '\\t' in column 9"
        );
    }

    #[test]
    fn a_huge_extra_line_is_quoted_cut_short() {
        let input = format!("{}{}\n", "\n".repeat(8), "x".repeat(1_000_000));
        assert_eq!(
            error_of(&input),
            "line 9: expected nothing after the 8 board rows, found \"xxxxxxxxxxxxxxxxxxxx\"..."
        );
    }

    #[test]
    fn a_control_character_is_shown_escaped() {
        assert_eq!(
            error_of("B.......\u{7}\n"),
            "line 1: expected at most 8 squares, found '\\u{7}' in column 9"
        );
        assert_eq!(
            error_of("B..\u{1b}\n\n\n\n\n\n\n\n"),
            "line 1: expected 'B', 'W', '.' or a space, found '\\u{1b}' in column 4"
        );
    }

    #[test]
    fn parser_rejects_unknown_character() {
        let input =
            "B.......\n........\n..x.....\n........\n........\n........\n........\n........\n";
        let err = error_of(input);
        assert!(
            err.starts_with("line 3:") && err.contains("'x'") && err.contains("column 3"),
            "{}",
            err
        );
        // Lower-case piece letters are not pieces here.
        assert!(error_of("b\n\n\n\n\n\n\n\n").starts_with("line 1:"));
        // A tab is not a vacant square.
        assert!(error_of("B\t.\n\n\n\n\n\n\n\n").starts_with("line 1:"));
    }

    #[test]
    fn parser_rejects_piece_on_light_square() {
        let err = error_of(".B\n\n\n\n\n\n\n\n");
        assert!(
            err.starts_with("line 1:") && err.contains("light square"),
            "{}",
            err
        );
        let err = error_of("\n\n\nW\n\n\n\n\n");
        assert!(
            err.starts_with("line 4:") && err.contains("light square"),
            "{}",
            err
        );
    }

    #[test]
    fn parser_rejects_thirteen_of_a_colour() {
        let twelve = "B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n\n\n\n\n\n";
        assert!(parse_board(twelve).is_ok());
        let thirteen = "B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n.B\n\n\n\n\n";
        let err = error_of(thirteen);
        assert!(
            err.starts_with("line 4:") && err.contains("13th"),
            "{}",
            err
        );
        let whites = "\n\n\n\nW.W.W.W.\n.W.W.W.W\nW.W.W.W.\n.W.W.W.W\n";
        assert!(error_of(whites).starts_with("line 8:"));
    }

    #[test]
    fn parser_rejects_long_row() {
        let err = error_of("B.......B\n\n\n\n\n\n\n\n");
        assert_eq!(
            err,
            "line 1: expected at most 8 squares, found 'B' in column 9"
        );
        assert!(parse_board("B....... \n\n\n\n\n\n\n\n").is_ok());
        // Spaces after column 8 are trailing only if nothing follows them.
        let err = error_of("B.......   W\n");
        assert_eq!(
            err,
            "line 1: expected at most 8 squares, found 'W' in column 12"
        );
        let far = format!("B.......{}W\n", " ".repeat(1_000_000));
        assert_eq!(
            error_of(&far),
            "line 1: expected at most 8 squares, found \"B.......            \"... (1000009 characters)"
        );
    }

    #[test]
    fn millions_of_trailing_newlines_are_read_not_kept() {
        let board =
            b"B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut generated = Generated::new(board, filler, 2_000_000);
            let got = read_board(io::BufReader::new(&mut generated)).unwrap();
            assert_eq!(got, example());
            assert!(
                generated.all_served(),
                "the trailing lines were not checked"
            );
        }
    }

    /// Hands out `head`, then `filler_bytes` bytes of `filler` over and over,
    /// then `end`, a whole chunk of `CHUNK` bytes at a time when it can, and
    /// counts how often it is asked for more (`fill_buf`). The filler is one
    /// chunk repeated, so the test holds no more than that.
    struct Chunked {
        head: Vec<u8>,
        chunk: Vec<u8>,
        filler_bytes: usize,
        end: Vec<u8>,
        served: usize,
        fills: usize,
    }

    const CHUNK: usize = 1 << 20;

    impl Chunked {
        fn new(head: &[u8], filler: &[u8], filler_bytes: usize, end: &[u8]) -> Chunked {
            assert_eq!(CHUNK % filler.len(), 0);
            Chunked {
                head: head.to_vec(),
                chunk: filler.repeat(CHUNK / filler.len()),
                filler_bytes,
                end: end.to_vec(),
                served: 0,
                fills: 0,
            }
        }

        fn all_served(&self) -> bool {
            self.served == self.head.len() + self.filler_bytes + self.end.len()
        }
    }

    impl io::Read for Chunked {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = {
                let available = io::BufRead::fill_buf(self)?;
                let n = available.len().min(buf.len());
                buf[..n].copy_from_slice(&available[..n]);
                n
            };
            io::BufRead::consume(self, n);
            Ok(n)
        }
    }

    impl io::BufRead for Chunked {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            self.fills += 1;
            let at = self.served;
            if at < self.head.len() {
                return Ok(&self.head[at..]);
            }
            let at = at - self.head.len();
            if at < self.filler_bytes {
                let start = at % CHUNK;
                let stop = CHUNK.min(start + self.filler_bytes - at);
                return Ok(&self.chunk[start..stop]);
            }
            let at = at - self.filler_bytes;
            Ok(&self.end[at.min(self.end.len())..])
        }

        fn consume(&mut self, amount: usize) {
            self.served += amount;
        }
    }

    #[test]
    fn the_blank_end_is_skipped_a_buffer_at_a_time() {
        let head =
            b"B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut input = Chunked::new(head, filler, 32 * CHUNK, b"");
            assert_eq!(read_board(&mut input).unwrap(), example());
            assert!(input.all_served(), "the blank end was not checked");
            // Line by line asks for more at least once a line: millions of
            // times. A buffer at a time, once a chunk (and for the head).
            assert!(
                input.fills < 32 + 20,
                "{} calls for more input",
                input.fills
            );
        }
        // A byte deep in the blank end: its line is named, shown whole with
        // the blanks before it, even when they began in an earlier chunk.
        let mut input = Chunked::new(head, b"\r\n", 8 * CHUNK, b"\r\n \t x y \r\n\n");
        assert_eq!(
            read_board(&mut input).unwrap_err(),
            format!(
                "line {}: expected nothing after the 8 board rows, found \" \\t x y\"",
                8 + 4 * CHUNK + 2
            )
        );
        let mut input = Chunked::new(head, b" ", 3 * CHUNK, b"z");
        assert_eq!(
            read_board(&mut input).unwrap_err(),
            format!(
                "line {}: expected nothing after the 8 board rows, found \"{}\"...",
                8 + 1,
                " ".repeat(20)
            )
        );
    }

    #[test]
    fn megabytes_of_garbage_are_one_short_error() {
        let mut generated = Generated::new(b"", b"garbage ", 4_000_000);
        let message = read_board(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 1: expected 'B', 'W', '.' or a space, found 'g' in column 1"
        );
        let mut generated = Generated::new(&[b'\n'; 8], b"\n\x00", 4_000_000);
        let message = read_board(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 10: expected nothing after the 8 board rows, found \"\\0\""
        );
    }

    #[test]
    fn empty_board_has_no_moves() {
        assert_eq!(moves(&[EMPTY; 8]), 0);
    }

    // ---- cross-check against a naive implementation ----

    /// splitmix64: a tiny fixed-seed generator for reproducible positions.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A random legal position as text rows: up to 12 men of each colour on
    /// random dark squares.
    fn random_rows(rng: &mut Rng) -> Vec<String> {
        let mut grid = vec![vec!['.'; 8]; 8];
        let black = rng.below(13);
        let white = rng.below(13);
        for &(letter, wanted) in &[('B', black), ('W', white)] {
            let mut placed = 0;
            while placed < wanted {
                let r = rng.below(8);
                let c = rng.below(8);
                if (r + c) % 2 == 0 && grid[r][c] == '.' {
                    grid[r][c] = letter;
                    placed += 1;
                }
            }
        }
        grid.into_iter()
            .map(|row| row.into_iter().collect())
            .collect()
    }

    /// Naive count: try every (from, to) pair of cells and decide from the
    /// definitions alone whether it is a slide or a jump of the piece on `from`.
    fn naive_count(rows: &[String]) -> usize {
        let g: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let mut total = 0;
        for &(me, enemy, down) in &[('B', 'W', 1i32), ('W', 'B', -1i32)] {
            let mut slides = 0;
            let mut jumps = 0;
            for fr in 0..8i32 {
                for fc in 0..8i32 {
                    if g[fr as usize][fc as usize] != me {
                        continue;
                    }
                    for tr in 0..8i32 {
                        for tc in 0..8i32 {
                            if g[tr as usize][tc as usize] != '.' {
                                continue;
                            }
                            let dr = tr - fr;
                            let dc = tc - fc;
                            if dr == down && dc.abs() == 1 {
                                slides += 1;
                            }
                            if dr == 2 * down && dc.abs() == 2 {
                                let mid = g[(fr + dr / 2) as usize][(fc + dc / 2) as usize];
                                if mid == enemy {
                                    jumps += 1;
                                }
                            }
                        }
                    }
                }
            }
            total += if jumps > 0 { jumps } else { slides };
        }
        total
    }

    #[test]
    fn real_matches_naive_on_random_positions() {
        let mut rng = Rng(0x00C0_FFEE_2006);
        let mut with_jumps = 0;
        for _ in 0..20_000 {
            let rows = random_rows(&mut rng);
            let board = parse_board(&rows.join("\n")).expect("generated board is valid");
            let real = total_moves(&board);
            assert_eq!(real, naive_count(&rows), "position:\n{}", rows.join("\n"));
            if count_jumps(&board, Side::Black) + count_jumps(&board, Side::White) > 0 {
                with_jumps += 1;
            }
        }
        // The generator must exercise the compulsory-jump rule, not just slides.
        assert!(
            with_jumps > 5_000,
            "only {} positions had jumps",
            with_jumps
        );
    }
}
