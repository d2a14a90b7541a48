//! Russian draughts: list every legal move of the side to play.
//!
//! The game is played on the 32 dark squares of an 8x8 board (a1 is dark;
//! files a-h run left to right, ranks 1-8 bottom to top). White men move up
//! the board, Black men down. The rules this program implements:
//!
//! * A man steps one square diagonally forward onto an empty square. A king
//!   "flies": it slides any distance along a diagonal over empty squares.
//! * A capture jumps an enemy piece. A man jumps an adjacent enemy and lands
//!   right behind it, in any of the four directions (backwards too). A king
//!   slides over empty squares, jumps exactly one enemy, and lands on any
//!   empty square beyond it; but if from some of those squares another
//!   capture is possible, it must stop on one of those.
//! * Capturing is compulsory for the side as a whole: if any piece can
//!   capture, no simple move is legal. A capture goes on while the capturing
//!   piece can capture again; the whole chain is one move.
//! * Captured pieces leave the board only when the move is over: until then
//!   they block the way and may not be jumped a second time. The square the
//!   moving piece started from is empty during its move.
//! * A man that lands on the far rank during a capture is crowned at once
//!   and carries on capturing as a king.
//!
//! Input: 8 lines of 8 characters from `.wWbB` (rank 8 first, file a first),
//! then `WHITE` or `BLACK`. Output: the number of legal moves, then the moves
//! in byte order, one per line, each the squares the piece stands on and lands
//! on: `c3-d4` for a simple move, `c3:e5:c7` for a capture.
//!
//! Malformed input is rejected with one line on stderr, naming the line, what
//! was expected and what was found, and exit status 1: bytes that are not
//! UTF-8, a wrong number of rows, a row that is not 8 characters from
//! `.wWbB`, a piece on a light square, a turn word other than `WHITE` or
//! `BLACK`, or text after it. A `w` on rank 8 or a `b` on rank 1 is rejected
//! too, which may surprise: the original statement's constraints rule them
//! out, since such a man would already be a king. CRLF line ends, trailing
//! spaces and tabs, a missing final newline and a UTF-8 byte-order mark at
//! the start are fine, and so are any number of blank lines at the end. A CR
//! not right before a LF is a character like any other, so it is rejected. An answer that
//! cannot be written (a full disk, a closed pipe, a closed standard output)
//! is also reported on stderr, with exit status 1.
//!
//! Approach: a depth-first search over capture chains from every piece of the
//! side to move. The board stays fixed during the search (the mover is lifted
//! off its start square; captured pieces stay where they are), and a 64-bit
//! mask records which enemies the chain has jumped. A king looks one capture
//! ahead from each landing square to apply the "stop where you can go on"
//! rule. Only if no chain exists are the simple moves listed.
//!
//! Cost: each step of the search scans at most 4 rays (13 squares in all);
//! for a king, each of its at most 12 landing squares costs one more such
//! scan, so a step visits at most a few hundred squares. The number of steps
//! is at most (moves x longest chain); the worst positions found have 106
//! moves or a 10-jump chain, so any input takes microseconds, far below the
//! cost of starting the process. The input is read line by line and at most
//! 256 bytes of a line are kept, so memory stays flat (a few hundred KB in
//! all) however large the input is. The blank lines after the turn are
//! skipped a buffer at a time, not line by line: 100 MB of `\n` or of `\r\n`
//! take 0.10 to 0.14 s (1.7 to 2.6 s line by line; measured on a busy
//! machine).

use std::io::{self, BufRead, Write};

/// The two armies; also whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    White,
    Black,
}

impl Side {
    /// Rank index (0 = rank 1) on which this side's men are crowned.
    fn crowning_rank(self) -> usize {
        match self {
            Side::White => 7,
            Side::Black => 0,
        }
    }

    /// Rank step of a man's simple move: White goes up the board, Black down.
    fn forward(self) -> isize {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
}

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Square {
    Empty,
    Man(Side),
    King(Side),
}

/// The board, indexed by `rank * 8 + file`, both counted from 0 (a1 = 0, h8 = 63).
type Board = [Square; 64];

/// The four diagonal directions as (rank step, file step).
const DIRECTIONS: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square one diagonal step from `square` in `direction`, if still on the board.
fn step(square: usize, direction: (isize, isize)) -> Option<usize> {
    let rank = (square / 8) as isize + direction.0;
    let file = (square % 8) as isize + direction.1;
    if (0..8).contains(&rank) && (0..8).contains(&file) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// Appends the square's name, e.g. `c3`, to `out`.
fn push_square_name(out: &mut String, square: usize) {
    out.push((b'a' + (square % 8) as u8) as char);
    out.push((b'1' + (square / 8) as u8) as char);
}

/// Writes a move as its squares joined by `separator` (`-` simple, `:` capture).
fn move_text(squares: &[usize], separator: char) -> String {
    let mut text = String::with_capacity(squares.len() * 3);
    for (i, &square) in squares.iter().enumerate() {
        if i > 0 {
            text.push(separator);
        }
        push_square_name(&mut text, square);
    }
    text
}

// ---------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------

/// Every legal move for `side`, sorted in byte order, without duplicates.
fn legal_moves(board: &Board, side: Side) -> Vec<String> {
    // Rule: capturing is compulsory for the side as a whole.
    let mut moves = capture_moves(board, side);
    if moves.is_empty() {
        moves = simple_moves(board, side);
    }
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// Simple (non-capturing) moves: men one step forward, kings any distance.
fn simple_moves(board: &Board, side: Side) -> Vec<String> {
    let mut moves = Vec::new();
    for from in 0..64 {
        match board[from] {
            // Rule: a man steps diagonally forward onto an adjacent empty square.
            Square::Man(owner) if owner == side => {
                for &file_step in &[-1, 1] {
                    if let Some(to) = step(from, (side.forward(), file_step)) {
                        if board[to] == Square::Empty {
                            moves.push(move_text(&[from, to], '-'));
                        }
                    }
                }
            }
            // Rule: a king flies along any diagonal while the squares are empty.
            Square::King(owner) if owner == side => {
                for &direction in &DIRECTIONS {
                    let mut at = from;
                    while let Some(to) = step(at, direction) {
                        if board[to] != Square::Empty {
                            break;
                        }
                        moves.push(move_text(&[from, to], '-'));
                        at = to;
                    }
                }
            }
            _ => {}
        }
    }
    moves
}

/// Every complete capture chain of every piece of `side`.
fn capture_moves(board: &Board, side: Side) -> Vec<String> {
    let mut moves = Vec::new();
    for from in 0..64 {
        let is_king = match board[from] {
            Square::Man(owner) if owner == side => false,
            Square::King(owner) if owner == side => true,
            _ => continue,
        };
        // Rule: the moving piece's own start square is empty during its move.
        let mut during_move = *board;
        during_move[from] = Square::Empty;
        let mut chase = Chase {
            board: &during_move,
            side,
            captured: 0,
            path: vec![from],
            moves: &mut moves,
        };
        chase.extend(from, is_king);
    }
    moves
}

/// At most this many jumps are open from one square: the four rays from a
/// square hold at most 13 squares, and each ray needs one for the victim.
const MAX_JUMPS: usize = 16;

/// The jumps open from one square, as (victim, landing square) pairs.
struct Jumps {
    list: [(usize, usize); MAX_JUMPS],
    len: usize,
}

impl Jumps {
    fn new() -> Jumps {
        Jumps {
            list: [(0, 0); MAX_JUMPS],
            len: 0,
        }
    }

    fn push(&mut self, victim: usize, landing: usize) {
        self.list[self.len] = (victim, landing);
        self.len += 1;
    }
}

/// The state of one capture chain being followed.
struct Chase<'a> {
    /// The board with the mover lifted off; captured pieces are still on it.
    board: &'a Board,
    side: Side,
    /// Bit `s` is set when the piece on square `s` was jumped in this move.
    captured: u64,
    /// Squares the mover has stood on so far, starting with its origin.
    path: Vec<usize>,
    moves: &'a mut Vec<String>,
}

impl<'a> Chase<'a> {
    /// Follows every continuation from `at`; records the chain when none is left.
    fn extend(&mut self, at: usize, is_king: bool) {
        let jumps = if is_king {
            self.king_jumps(at)
        } else {
            self.man_jumps(at)
        };
        // Rule: a capture goes on while any capture is possible; the move is
        // the full chain, so it is recorded only where the chain ends.
        if jumps.len == 0 {
            if self.path.len() > 1 {
                self.moves.push(move_text(&self.path, ':'));
            }
            return;
        }
        for &(victim, landing) in &jumps.list[..jumps.len] {
            self.captured |= 1 << victim;
            self.path.push(landing);
            // Rule: a man landing on its far rank is crowned at once and goes
            // on capturing as a king within the same move.
            let crowned = is_king || landing / 8 == self.side.crowning_rank();
            self.extend(landing, crowned);
            self.path.pop();
            self.captured &= !(1 << victim);
        }
    }

    /// Whether the piece on `square` may be jumped now: an enemy piece that
    /// this move has not jumped yet (a jumped piece may not be jumped again).
    fn is_capturable(&self, square: usize, captured: u64) -> bool {
        let enemy = match self.board[square] {
            Square::Man(owner) | Square::King(owner) => owner != self.side,
            Square::Empty => false,
        };
        enemy && captured & (1 << square) == 0
    }

    /// Rule: a man jumps an adjacent enemy in any of the four directions,
    /// landing on the empty square right behind it.
    fn man_jumps(&self, at: usize) -> Jumps {
        let mut jumps = Jumps::new();
        for &direction in &DIRECTIONS {
            if let Some(victim) = step(at, direction) {
                if let Some(landing) = step(victim, direction) {
                    if self.is_capturable(victim, self.captured)
                        && self.board[landing] == Square::Empty
                    {
                        jumps.push(victim, landing);
                    }
                }
            }
        }
        jumps
    }

    /// Rule: a king slides over empty squares, jumps one enemy, and lands on
    /// any empty square beyond; if some of those landing squares allow a
    /// further capture, only those are allowed.
    fn king_jumps(&self, at: usize) -> Jumps {
        let mut jumps = Jumps::new();
        for &direction in &DIRECTIONS {
            let victim = match self.first_piece_along(at, direction) {
                Some(square) if self.is_capturable(square, self.captured) => square,
                // Own pieces and already-jumped pieces block the ray.
                _ => continue,
            };
            let after = self.captured | (1 << victim);
            let first_of_ray = jumps.len;
            let mut any_continues = false;
            let mut landing = victim;
            while let Some(next) = step(landing, direction) {
                if self.board[next] != Square::Empty {
                    break;
                }
                landing = next;
                let continues = self.king_can_capture_from(landing, after);
                if continues && !any_continues {
                    // The first landing that continues: drop the dead ends so far.
                    any_continues = true;
                    jumps.len = first_of_ray;
                }
                if continues || !any_continues {
                    jumps.push(victim, landing);
                }
            }
        }
        jumps
    }

    /// The first occupied square met going from `at` in `direction`, if any.
    fn first_piece_along(&self, at: usize, direction: (isize, isize)) -> Option<usize> {
        let mut square = at;
        while let Some(next) = step(square, direction) {
            if self.board[next] != Square::Empty {
                return Some(next);
            }
            square = next;
        }
        None
    }

    /// Whether a king standing on `at` could capture, given the pieces in
    /// `captured` have already been jumped in this move.
    fn king_can_capture_from(&self, at: usize, captured: u64) -> bool {
        DIRECTIONS.iter().any(|&direction| {
            match self.first_piece_along(at, direction) {
                Some(victim) if self.is_capturable(victim, captured) => {
                    matches!(step(victim, direction), Some(beyond) if self.board[beyond] == Square::Empty)
                }
                _ => false,
            }
        })
    }
}

// ===========================================================================
// Input and output: reading the input as the statement allows it, and
// writing the answer or a one-line error. The algorithm is all above.
// ===========================================================================

// ---------------------------------------------------------------------------
// Reading the position
// ---------------------------------------------------------------------------

/// Reads the whole input: 8 board rows (rank 8 first) and the turn word, then
/// nothing but blank lines. Accepts CRLF line ends, trailing blanks and a
/// missing final newline. Reads line by line, so trailing newlines by the
/// million cost time but no memory.
fn read_position<R: BufRead>(input: R) -> Result<(Board, Side), String> {
    let mut lines = LineReader::new(input);
    let mut board = [Square::Empty; 64];
    for row in 0..8 {
        let rank = 7 - row;
        match lines.next_line()? {
            Some(line) => parse_board_row(&line, rank, &mut board)?,
            None => {
                return Err(format!(
                    "line {}: expected rank {} of the board (8 characters from .wWbB), found end of input",
                    row + 1,
                    rank + 1
                ))
            }
        }
    }

    let side = match lines.next_line()? {
        None => return Err("line 9: expected WHITE or BLACK, found end of input".to_string()),
        Some(line) => match line.text.as_str() {
            "WHITE" => Side::White,
            "BLACK" => Side::Black,
            other => {
                return Err(format!(
                    "line 9: expected WHITE or BLACK, found {}",
                    shown(other)
                ))
            }
        },
    };
    // Blank lines after the turn are just trailing newlines (skipped in bulk).
    while let Some(line) = lines.next_non_blank_line()? {
        if !line.text.is_empty() {
            return Err(format!(
                "line {}: expected nothing after the turn line, found {}",
                line.number,
                shown(&line.text)
            ));
        }
    }
    Ok((board, side))
}

/// Reads one board row into `board`, checking the alphabet, the length, that
/// pieces stand on dark squares, and that no man stands on its crowning rank.
fn parse_board_row(line: &Line, rank: usize, board: &mut Board) -> Result<(), String> {
    let line_number = line.number;
    if line.chars != 8 {
        return Err(format!(
            "line {}: expected rank {} of the board as 8 characters from .wWbB, found {} ({} characters)",
            line_number,
            rank + 1,
            shown(&line.text),
            line.chars
        ));
    }
    for (file, c) in line.text.chars().enumerate() {
        let square = rank * 8 + file;
        let mut name = String::new();
        push_square_name(&mut name, square);
        let content = match c {
            '.' => Square::Empty,
            'w' => Square::Man(Side::White),
            'W' => Square::King(Side::White),
            'b' => Square::Man(Side::Black),
            'B' => Square::King(Side::Black),
            _ => {
                return Err(format!(
                    "line {}: expected one of .wWbB at {}, found {:?}",
                    line_number, name, c
                ))
            }
        };
        if content == Square::Empty {
            continue;
        }
        // a1 is dark, so dark squares have an even rank + file.
        if (rank + file) % 2 == 1 {
            return Err(format!(
                "line {}: expected pieces on dark squares only, found {:?} on the light square {}",
                line_number, c, name
            ));
        }
        if let Square::Man(side) = content {
            if rank == side.crowning_rank() {
                return Err(format!(
                    "line {}: expected no man on its crowning rank (it would be a king), found {:?} on {}",
                    line_number, c, name
                ));
            }
        }
        board[square] = content;
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

/// Formats the answer: the count, then one move per line.
fn render_answer(moves: &[String]) -> String {
    let mut out = String::with_capacity(16 + moves.iter().map(|m| m.len() + 1).sum::<usize>());
    out.push_str(&moves.len().to_string());
    out.push('\n');
    for m in moves {
        out.push_str(m);
        out.push('\n');
    }
    out
}

/// The answer to the whole input: the legal moves, counted and listed.
fn answer_to<R: BufRead>(input: R) -> Result<String, String> {
    let (board, side) = read_position(input)?;
    Ok(render_answer(&legal_moves(&board, side)))
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
        eprintln!("russian_checkers: {}", message);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position in `text`, read as the program reads standard input.
    fn parse_position(text: &str) -> Result<(Board, Side), String> {
        read_position(text.as_bytes())
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

    /// Builds the input text of a position from a list like "Wa1 bd4" (piece
    /// letter, then square), plus the turn word.
    fn position_text(pieces: &str, turn: &str) -> String {
        let mut rows = vec![vec![b'.'; 8]; 8];
        for token in pieces.split_whitespace() {
            let t = token.as_bytes();
            let file = (t[1] - b'a') as usize;
            let rank = (t[2] - b'1') as usize;
            rows[7 - rank][file] = t[0];
        }
        let mut text = String::new();
        for row in rows {
            text.push_str(std::str::from_utf8(&row).unwrap());
            text.push('\n');
        }
        text.push_str(turn);
        text.push('\n');
        text
    }

    /// The legal moves of the position described as in `position_text`.
    fn moves_of(pieces: &str, turn: &str) -> Vec<String> {
        let (board, side) = parse_position(&position_text(pieces, turn)).unwrap();
        legal_moves(&board, side)
    }

    fn assert_moves(pieces: &str, turn: &str, expected: &[&str]) {
        let got = moves_of(pieces, turn);
        assert_eq!(got, expected, "position {} {}", pieces, turn);
    }

    // --- one small position per rule, answers worked out by hand ---

    #[test]
    fn empty_board_has_no_moves() {
        assert_moves("", "WHITE", &[]);
        assert_moves("", "BLACK", &[]);
    }

    #[test]
    fn white_men_step_forward_only() {
        assert_moves("we3 wa3", "WHITE", &["a3-b4", "e3-d4", "e3-f4"]);
    }

    #[test]
    fn black_men_step_down_the_board() {
        assert_moves("bd6 bh6", "BLACK", &["d6-c5", "d6-e5", "h6-g5"]);
    }

    #[test]
    fn only_the_side_to_move_moves() {
        // White could take b4 (a3:c5), but it is Black's turn, and b4 can't
        // jump a3 (the board ends behind it).
        assert_moves("wa3 bb4", "BLACK", &["b4-c3"]);
        assert_moves("wa3 bb4", "WHITE", &["a3:c5"]);
    }

    #[test]
    fn blocked_men_have_no_moves() {
        // a7 is blocked by b8 with no room behind it; h4 faces g5 backed by f6.
        assert_moves("wa7 bb8 wh4 bg5 bf6", "WHITE", &[]);
    }

    #[test]
    fn men_capture_backwards() {
        assert_moves("wd4 bc3", "WHITE", &["d4:b2"]);
        assert_moves("bd4 we5", "BLACK", &["d4:f6"]);
    }

    #[test]
    fn capture_is_compulsory_for_the_whole_side() {
        // The king on h6 and the man on g3 could move, but c3 can capture.
        assert_moves("Wh6 wg3 wc3 bd4", "WHITE", &["c3:e5"]);
    }

    #[test]
    fn capture_chain_goes_on_while_possible() {
        assert_moves(
            "wa1 bb2 bd4 bd6 bf6",
            "WHITE",
            &["a1:c3:e5:c7", "a1:c3:e5:g7"],
        );
    }

    #[test]
    fn captured_piece_cannot_be_jumped_twice() {
        // The original statement's c3:e5:g3:e5:c7 would jump f4 twice.
        assert_moves("wc3 bd4 bf4 bd6", "WHITE", &["c3:e5:c7", "c3:e5:g3"]);
        // Example 4: after d4:h8 the king faces the jumped g7 again.
        assert_moves("Wd4 bg7 bb2", "WHITE", &["d4:a1", "d4:h8"]);
    }

    #[test]
    fn captured_piece_blocks_the_kings_path() {
        // After c5:a7 the ray back down the diagonal meets the jumped b6,
        // which still stands there, so f2 is out of reach (and vice versa).
        assert_moves("Wc5 bb6 bf2", "WHITE", &["c5:a7", "c5:g1"]);
    }

    #[test]
    fn man_may_land_on_its_own_start_square() {
        assert_moves(
            "wd2 bc3 be3 bc5 be5",
            "WHITE",
            &["d2:b4:d6:f4:d2", "d2:f4:d6:b4:d2"],
        );
    }

    #[test]
    fn king_may_pass_over_its_own_start_square() {
        assert_moves("Wc3 bb2 bb4 bb6 bd6", "WHITE", &["c3:a1", "c3:a5:c7:e5:a1"]);
    }

    #[test]
    fn king_may_land_on_its_own_start_square() {
        assert_moves(
            "Wh4 bc7 bg5 bg3 bd2",
            "WHITE",
            &["h4:d8:a5:e1:h4", "h4:e1:a5:d8:h4"],
        );
    }

    #[test]
    fn man_crowned_mid_capture_goes_on_as_king() {
        assert_moves("wb6 bc7 Bg5", "WHITE", &["b6:d8:h4"]);
        assert_moves("bg3 wf2 Wb4", "BLACK", &["g3:e1:a5"]);
    }

    #[test]
    fn man_crowned_with_nothing_left_stops() {
        assert_moves("wb6 bc7", "WHITE", &["b6:d8"]);
    }

    #[test]
    fn crowned_man_obeys_the_kings_stopping_rule() {
        // After b6:d8 the new king jumps f6 and must stop on g5 (not h4),
        // since only from g5 can it take d2.
        assert_moves("wb6 bc7 bf6 bd2", "WHITE", &["b6:d8:g5:c1"]);
    }

    #[test]
    fn kings_fly_on_simple_moves() {
        let moves = moves_of("Wd4", "WHITE");
        assert_eq!(moves.len(), 13);
        assert!(moves.contains(&"d4-h8".to_string()));
        assert!(moves.contains(&"d4-a1".to_string()));
        assert!(moves.contains(&"d4-g1".to_string()));
        assert!(moves.contains(&"d4-a7".to_string()));
    }

    #[test]
    fn king_simple_moves_stop_at_any_piece() {
        assert_moves(
            "Wd4 wf6 bb2 Ba1 bf2 Bg1",
            "WHITE",
            &[
                "d4-a7", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "f6-e7", "f6-g7",
            ],
        );
    }

    #[test]
    fn king_captures_at_a_distance_and_lands_anywhere_beyond() {
        assert_moves("Wa1 bd4", "WHITE", &["a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    }

    #[test]
    fn king_must_stop_where_another_capture_is_possible() {
        assert_moves("Wb8 bc7 bb2", "WHITE", &["b8:e5:a1"]);
        // The original statement's king picture: several stopping squares continue.
        assert_moves(
            "Wa1 bd4 bd6 be7",
            "WHITE",
            &["a1:e5:b8", "a1:e5:c7", "a1:f6:d8"],
        );
    }

    #[test]
    fn king_cannot_jump_two_pieces_in_a_row() {
        assert_moves("Wa1 bc3 bd4", "WHITE", &["a1-b2"]);
    }

    #[test]
    fn king_cannot_jump_its_own_piece() {
        assert_moves("Wa1 wc3 be5", "WHITE", &["a1-b2", "c3-b4", "c3-d4"]);
    }

    #[test]
    fn black_king_must_go_on_capturing() {
        // Example 1 of the statement.
        assert_moves("Bh8 wg7 Wh4 Wd2 Wf2", "BLACK", &["h8:c3:e1:g3", "h8:d4:g1"]);
    }

    #[test]
    fn answer_is_rendered_with_count_first() {
        assert_eq!(render_answer(&[]), "0\n");
        let moves = vec!["a3-b4".to_string(), "c3-b4".to_string()];
        assert_eq!(render_answer(&moves), "2\na3-b4\nc3-b4\n");
    }

    // --- input handling ---

    fn example_text() -> String {
        position_text("wc3 bd4 bf4 bd6", "WHITE")
    }

    #[test]
    fn accepts_crlf_trailing_spaces_and_no_final_newline() {
        let plain = parse_position(&example_text()).unwrap();
        let crlf = example_text().replace('\n', "\r\n");
        assert_eq!(parse_position(&crlf).unwrap(), plain);
        let spaced = example_text().replace('\n', "  \n");
        assert_eq!(parse_position(&spaced).unwrap(), plain);
        let unterminated = example_text().trim_end().to_string();
        assert_eq!(parse_position(&unterminated).unwrap(), plain);
        let extra_blank = example_text() + "\n\n";
        assert_eq!(parse_position(&extra_blank).unwrap(), plain);
    }

    /// Whatever the reader's buffer size, so wherever a buffer ends, a CRLF
    /// split between two buffers is a line end, and a CR before another CR
    /// is not.
    #[test]
    fn a_cr_is_told_apart_wherever_a_buffer_ends() {
        let canonical = example_text();
        let expected = read_position(canonical.as_bytes()).unwrap();
        let good = format!("{}\r\n \r\n\t\r\n\r\n", canonical);
        let bad = format!("{}\r\n \r\n\r\r\n\r\n", canonical);
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
                why.starts_with("line 12: "),
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
        let canonical = example_text();
        let plain = parse_position(&canonical).unwrap();
        let tolerated = [
            canonical.replace('\n', "\r\n"),
            canonical.trim_end().to_string(),
            canonical.replace('\n', " \t\n"),
            canonical.replace('\n', "\t \r\n"),
            canonical.clone() + "\n \n\t\r\n",
            format!("\u{FEFF}{}", canonical),
        ];
        for text in tolerated.iter() {
            assert_eq!(parse_position(text), Ok(plain), "{:?}", text);
        }
        let board_line = "........";
        let rejected: Vec<(Vec<u8>, usize)> = vec![
            // Bytes that are not UTF-8.
            ([canonical.as_bytes(), &b"\xFF\n"[..]].concat(), 10),
            (
                [
                    &canonical.as_bytes()[..30],
                    b"\xC3",
                    &canonical.as_bytes()[31..],
                ]
                .concat(),
                4,
            ),
            // Fewer than 8 board lines, or no turn line.
            (
                format!("{}\nWHITE\n", [board_line; 7].join("\n")).into_bytes(),
                8,
            ),
            (
                canonical
                    .lines()
                    .take(8)
                    .collect::<Vec<_>>()
                    .join("\n")
                    .into_bytes(),
                9,
            ),
            // A board line not exactly 8 characters from `.wWbB`.
            (with_line(0, ".......").into_bytes(), 1),
            (with_line(0, " ........").into_bytes(), 1),
            (with_line(0, ".......x").into_bytes(), 1),
            (with_line(0, "........\r ").into_bytes(), 1),
            (with_line(0, "........\x0C").into_bytes(), 1),
            (with_line(1, "\u{FEFF}........").into_bytes(), 2),
            (canonical.replacen('\n', "\r\r\n", 1).into_bytes(), 1),
            // A piece on a light square; a man on its crowning rank.
            (with_line(0, "w.......").into_bytes(), 1),
            (with_line(0, ".w......").into_bytes(), 1),
            (with_line(7, "b.......").into_bytes(), 8),
            // A turn line other than WHITE or BLACK.
            (with_line(8, "white").into_bytes(), 9),
            (with_line(8, " WHITE").into_bytes(), 9),
            (with_line(8, "WHITE\r\t").into_bytes(), 9),
            ((canonical.trim_end().to_string() + "\r").into_bytes(), 9),
            (with_line(8, board_line).into_bytes(), 9),
            // Anything but blank lines after the turn line.
            ((canonical.clone() + "\nx\n").into_bytes(), 11),
            ((canonical.clone() + "\x0C\n").into_bytes(), 10),
            ((canonical.clone() + "\r\r\n").into_bytes(), 10),
            ((canonical.clone() + "\r").into_bytes(), 10),
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

    /// Replaces line `index` (0-based) of the example input.
    fn with_line(index: usize, replacement: &str) -> String {
        let mut lines: Vec<String> = example_text().lines().map(String::from).collect();
        lines[index] = replacement.to_string();
        lines.join("\n") + "\n"
    }

    fn assert_error_names_line(text: &str, line: usize) {
        match parse_position(text) {
            Ok(_) => panic!("accepted malformed input {:?}", text),
            Err(message) => {
                let prefix = format!("line {}:", line);
                assert!(message.starts_with(&prefix), "{:?} for {:?}", message, text);
                assert!(!message.contains('\n'));
            }
        }
    }

    #[test]
    fn rejects_a_missing_row() {
        // Seven rows: the turn word arrives on line 8, where a row belongs.
        let text = position_text("", "WHITE");
        let seven_rows: Vec<&str> = text.lines().skip(1).collect();
        assert_error_names_line(&(seven_rows.join("\n") + "\n"), 8);
    }

    #[test]
    fn rejects_an_extra_row() {
        // Nine rows: line 9 holds a row where the turn word belongs.
        let text = String::from("........\n") + &position_text("", "WHITE");
        assert_error_names_line(&text, 9);
    }

    #[test]
    fn rejects_rows_of_the_wrong_length() {
        assert_error_names_line(&with_line(2, "......."), 3);
        assert_error_names_line(&with_line(4, "........."), 5);
        assert_error_names_line(&with_line(0, ""), 1);
    }

    #[test]
    fn a_huge_row_is_quoted_cut_short() {
        let message = parse_position(&with_line(1, &"x".repeat(1_000_000))).unwrap_err();
        assert_eq!(
            message,
            "line 2: expected rank 7 of the board as 8 characters from .wWbB, \
             found \"xxxxxxxxxxxxxxxxxxxx\"... (1000000 characters)"
        );
    }

    #[test]
    fn a_bad_character_is_shown_escaped() {
        let message = parse_position(&with_line(3, "...\u{7}....")).unwrap_err();
        assert_eq!(
            message,
            "line 4: expected one of .wWbB at d5, found '\\u{7}'"
        );
    }

    #[test]
    fn rejects_unknown_characters() {
        assert_error_names_line(&with_line(1, "...x...."), 2);
        assert_error_names_line(&with_line(7, "o......."), 8);
        assert_error_names_line(&with_line(3, "é......."), 4);
    }

    #[test]
    fn rejects_a_piece_on_a_light_square() {
        // a8 is light (rank 8 + file a = odd).
        assert_error_names_line(&with_line(0, "b......."), 1);
        assert_error_names_line(&with_line(7, ".W......"), 8);
    }

    #[test]
    fn rejects_men_on_their_crowning_rank() {
        assert_error_names_line(&with_line(0, ".w......"), 1);
        assert_error_names_line(&with_line(7, "b......."), 8);
        // Kings there are fine, and so are men on the opposite edge.
        assert!(parse_position(&with_line(0, ".W.b....")).is_ok());
        assert!(parse_position(&with_line(7, "B.w.....")).is_ok());
    }

    #[test]
    fn rejects_a_bad_turn_word() {
        assert_error_names_line(&with_line(8, "white"), 9);
        assert_error_names_line(&with_line(8, "RED"), 9);
        assert_error_names_line(&with_line(8, ""), 9);
        let text = example_text();
        let no_turn: Vec<&str> = text.lines().take(8).collect();
        assert_error_names_line(&no_turn.join("\n"), 9);
    }

    #[test]
    fn rejects_text_after_the_turn() {
        assert_error_names_line(&(example_text() + "\nWHITE\n"), 11);
    }

    #[test]
    fn rejects_bytes_that_are_not_text() {
        let bytes = with_line(1, "b.......").into_bytes();
        let mut broken = bytes.clone();
        broken[10] = 0xFF;
        let message = read_position(&broken[..]).unwrap_err();
        assert_eq!(
            message,
            "line 2: expected UTF-8 text, found the non-UTF-8 byte 0xFF"
        );
        assert!(read_position(&bytes[..]).is_ok());
    }

    #[test]
    fn millions_of_trailing_newlines_are_read_not_kept() {
        let board = example_text().into_bytes();
        let want = parse_position(&example_text()).unwrap();
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut generated = Generated::new(&board, filler, 2_000_000);
            let got = read_position(io::BufReader::new(&mut generated)).unwrap();
            assert_eq!(got, want);
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
        let head = &example_text().into_bytes();
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut input = Chunked::new(head, filler, 32 * CHUNK, b"");
            assert_eq!(
                read_position(&mut input).unwrap(),
                parse_position(&example_text()).unwrap()
            );
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
            read_position(&mut input).unwrap_err(),
            format!(
                "line {}: expected nothing after the turn line, found \" \\t x y\"",
                9 + 4 * CHUNK + 2
            )
        );
        let mut input = Chunked::new(head, b" ", 3 * CHUNK, b"z");
        assert_eq!(
            read_position(&mut input).unwrap_err(),
            format!(
                "line {}: expected nothing after the turn line, found \"{}\"...",
                9 + 1,
                " ".repeat(20)
            )
        );
    }

    #[test]
    fn megabytes_of_garbage_are_one_short_error() {
        let mut generated = Generated::new(b"", b"garbage ", 4_000_000);
        let message = read_position(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 1: expected rank 8 of the board as 8 characters from .wWbB, \
             found \"garbage garbage garb\"... (3999999 characters)"
        );
        let mut generated = Generated::new(&example_text().into_bytes(), b"\n\x00", 4_000_000);
        let message = read_position(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 11: expected nothing after the turn line, found \"\\0\""
        );
    }

    #[test]
    fn rejects_empty_input() {
        assert_error_names_line("", 1);
    }

    // --- a naive second implementation, for the cross-check ---
    //
    // It works on the text rows themselves (row 0 = rank 8), physically moves
    // the piece on a fresh copy of the grid for every jump, and marks each
    // jumped piece with 'x' (which is neither empty nor an enemy). Whether a
    // king's landing square "allows a further capture" is read off the full
    // recursion from that square, not from a separate look-ahead.

    type Grid = Vec<Vec<u8>>;

    fn naive_is_enemy(cell: u8, white: bool) -> bool {
        if white {
            cell == b'b' || cell == b'B'
        } else {
            cell == b'w' || cell == b'W'
        }
    }

    fn naive_is_mine(cell: u8, white: bool) -> bool {
        if white {
            cell == b'w' || cell == b'W'
        } else {
            cell == b'b' || cell == b'B'
        }
    }

    fn naive_on_board(r: i32, c: i32) -> bool {
        (0..8).contains(&r) && (0..8).contains(&c)
    }

    fn naive_name(r: i32, c: i32) -> String {
        format!("{}{}", (b'a' + c as u8) as char, 8 - r)
    }

    /// All ways to continue capturing with the piece on (r, c); each is the
    /// list of further landing squares. `vec![vec![]]` means "must stop".
    fn naive_continuations(g: &Grid, r: i32, c: i32, white: bool) -> Vec<Vec<(i32, i32)>> {
        let piece = g[r as usize][c as usize];
        let king = piece == b'W' || piece == b'B';
        let mut all = Vec::new();
        for &(dr, dc) in &[(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            if king {
                let mut k = 1;
                while naive_on_board(r + k * dr, c + k * dc)
                    && g[(r + k * dr) as usize][(c + k * dc) as usize] == b'.'
                {
                    k += 1;
                }
                let (vr, vc) = (r + k * dr, c + k * dc);
                if !naive_on_board(vr, vc) || !naive_is_enemy(g[vr as usize][vc as usize], white) {
                    continue;
                }
                let mut options = Vec::new();
                let mut j = 1;
                while naive_on_board(vr + j * dr, vc + j * dc)
                    && g[(vr + j * dr) as usize][(vc + j * dc) as usize] == b'.'
                {
                    let (lr, lc) = (vr + j * dr, vc + j * dc);
                    let mut g2 = g.clone();
                    g2[r as usize][c as usize] = b'.';
                    g2[vr as usize][vc as usize] = b'x';
                    g2[lr as usize][lc as usize] = piece;
                    options.push(((lr, lc), naive_continuations(&g2, lr, lc, white)));
                    j += 1;
                }
                let goes_on = |tails: &Vec<Vec<(i32, i32)>>| tails.iter().any(|t| !t.is_empty());
                let some_go_on = options.iter().any(|o| goes_on(&o.1));
                for (landing, tails) in options {
                    if some_go_on && !goes_on(&tails) {
                        continue;
                    }
                    for tail in tails {
                        let mut chain = vec![landing];
                        chain.extend(tail);
                        all.push(chain);
                    }
                }
            } else {
                let (vr, vc, lr, lc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                if !naive_on_board(lr, lc)
                    || !naive_is_enemy(g[vr as usize][vc as usize], white)
                    || g[lr as usize][lc as usize] != b'.'
                {
                    continue;
                }
                let mut g2 = g.clone();
                g2[r as usize][c as usize] = b'.';
                g2[vr as usize][vc as usize] = b'x';
                let far_row = if white { 0 } else { 7 };
                g2[lr as usize][lc as usize] = if lr == far_row {
                    piece.to_ascii_uppercase()
                } else {
                    piece
                };
                for tail in naive_continuations(&g2, lr, lc, white) {
                    let mut chain = vec![(lr, lc)];
                    chain.extend(tail);
                    all.push(chain);
                }
            }
        }
        if all.is_empty() {
            all.push(Vec::new());
        }
        all
    }

    fn naive_moves(rows: &[String], turn: &str) -> Vec<String> {
        let g: Grid = rows.iter().map(|r| r.as_bytes().to_vec()).collect();
        let white = turn == "WHITE";
        let mut captures = Vec::new();
        let mut simple = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                let piece = g[r as usize][c as usize];
                if !naive_is_mine(piece, white) {
                    continue;
                }
                for chain in naive_continuations(&g, r, c, white) {
                    if chain.is_empty() {
                        continue;
                    }
                    let mut text = naive_name(r, c);
                    for (lr, lc) in chain {
                        text.push(':');
                        text.push_str(&naive_name(lr, lc));
                    }
                    captures.push(text);
                }
                let king = piece == b'W' || piece == b'B';
                let forward = if white { -1 } else { 1 };
                for &(dr, dc) in &[(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    if !king && dr != forward {
                        continue;
                    }
                    let reach = if king { 7 } else { 1 };
                    for k in 1..=reach {
                        let (tr, tc) = (r + k * dr, c + k * dc);
                        if !naive_on_board(tr, tc) || g[tr as usize][tc as usize] != b'.' {
                            break;
                        }
                        simple.push(format!("{}-{}", naive_name(r, c), naive_name(tr, tc)));
                    }
                }
            }
        }
        let mut answer = if captures.is_empty() {
            simple
        } else {
            captures
        };
        answer.sort();
        answer.dedup();
        answer
    }

    // --- random positions from a fixed seed ---

    struct SplitMix(u64);

    impl SplitMix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        /// A number in 0..n.
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// A random legal-looking position: density from sparse to crowded,
    /// sometimes mostly kings, and extra men one step from being crowned.
    fn random_rows(rng: &mut SplitMix) -> Vec<String> {
        let density = 2 + rng.below(80); // percent of dark squares occupied
        let king_share = [0, 10, 30, 60, 90][rng.below(5) as usize];
        let white_share = 20 + rng.below(61);
        let near_crowning = rng.below(3) == 0;
        let mut rows = vec![vec![b'.'; 8]; 8];
        for (row, cells) in rows.iter_mut().enumerate() {
            let rank = 7 - row; // 0 = rank 1
            for (file, cell) in cells.iter_mut().enumerate() {
                if (rank + file) % 2 == 1 {
                    continue;
                }
                let white_near = near_crowning && rank == 6;
                let black_near = near_crowning && rank == 1;
                let boost = if white_near || black_near { 40 } else { 0 };
                if rng.below(100) >= density + boost {
                    continue;
                }
                let white = if white_near {
                    rng.below(4) != 0
                } else if black_near {
                    rng.below(4) == 0
                } else {
                    rng.below(100) < white_share
                };
                let mut king = rng.below(100) < king_share;
                if (white && rank == 7) || (!white && rank == 0) {
                    king = true; // a man cannot stand on its crowning rank
                }
                *cell = match (white, king) {
                    (true, false) => b'w',
                    (true, true) => b'W',
                    (false, false) => b'b',
                    (false, true) => b'B',
                };
            }
        }
        rows.into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect()
    }

    fn real_moves(rows: &[String], turn: &str) -> Vec<String> {
        let text = rows.join("\n") + "\n" + turn + "\n";
        let (board, side) = parse_position(&text).unwrap();
        legal_moves(&board, side)
    }

    #[test]
    fn real_and_naive_agree_on_random_positions() {
        let mut rng = SplitMix(0x5EED_0000_2024);
        let mut captures_seen = 0;
        let mut long_chains = 0;
        let mut crowned_mid_capture = 0;
        for _ in 0..12_000 {
            let rows = random_rows(&mut rng);
            let turn = if rng.below(2) == 0 { "WHITE" } else { "BLACK" };
            let real = real_moves(&rows, turn);
            let naive = naive_moves(&rows, turn);
            assert_eq!(real, naive, "position {:?} {}", rows, turn);
            // The answer is strictly increasing: sorted and free of duplicates.
            assert!(real.windows(2).all(|w| w[0] < w[1]));
            if real.iter().any(|m| m.contains(':')) {
                captures_seen += 1;
            }
            if real.iter().any(|m| m.len() >= 11) {
                long_chains += 1;
            }
            let far = if turn == "WHITE" { '8' } else { '1' };
            if real.iter().any(|m| {
                let landings: Vec<char> = m
                    .split(':')
                    .skip(1)
                    .map(|s| s.as_bytes()[1] as char)
                    .collect();
                landings.len() > 1 && landings[..landings.len() - 1].contains(&far)
            }) {
                crowned_mid_capture += 1;
            }
        }
        // The generator must actually reach the interesting cases.
        assert!(captures_seen > 3_000, "captures in {}", captures_seen);
        assert!(long_chains > 300, "chains of 3+ jumps in {}", long_chains);
        assert!(
            crowned_mid_capture > 20,
            "crowned mid-capture in {}",
            crowned_mid_capture
        );
        println!(
            "positions with captures {}, with 3+ jumps {}, crowned mid-capture {}",
            captures_seen, long_chains, crowned_mid_capture
        );
    }

    /// The position seen from the other side: turned half a circle, colours
    /// swapped. Its moves must be the original moves, square by square.
    fn turned_around(rows: &[String]) -> Vec<String> {
        rows.iter()
            .rev()
            .map(|row| {
                row.chars()
                    .rev()
                    .map(|c| match c {
                        'w' => 'b',
                        'W' => 'B',
                        'b' => 'w',
                        'B' => 'W',
                        other => other,
                    })
                    .collect()
            })
            .collect()
    }

    fn turned_move(m: &str) -> String {
        m.chars()
            .map(|c| match c {
                'a'..='h' => (b'a' + b'h' - c as u8) as char,
                '1'..='8' => (b'1' + b'8' - c as u8) as char,
                other => other,
            })
            .collect()
    }

    #[test]
    fn both_colours_play_by_the_same_rules() {
        let mut rng = SplitMix(0xC0_10_55);
        for _ in 0..3_000 {
            let rows = random_rows(&mut rng);
            let (turn, other) = if rng.below(2) == 0 {
                ("WHITE", "BLACK")
            } else {
                ("BLACK", "WHITE")
            };
            let mut expected: Vec<String> = real_moves(&rows, turn)
                .iter()
                .map(|m| turned_move(m))
                .collect();
            expected.sort();
            assert_eq!(
                real_moves(&turned_around(&rows), other),
                expected,
                "position {:?} {}",
                rows,
                turn
            );
        }
    }

    #[test]
    fn real_and_naive_agree_on_extreme_positions() {
        // The worst cases kept as samples: most moves, longest chains, most
        // simple moves, a crowded board.
        let positions: &[(&[&str], &str)] = &[
            (
                &[
                    ".....B..", "....B.b.", ".B.b...B", "......b.", ".b.B.B..", "B.W.b...",
                    ".b.b.B..", "........",
                ],
                "WHITE",
            ),
            (
                &[
                    ".W.W....", "W.b.b.b.", "........", "......b.", ".b.B...W", "......B.",
                    ".B.b...W", "......W.",
                ],
                "WHITE",
            ),
            (
                &[
                    "........", "W.b.b.b.", ".b......", "b...b.b.", ".b.b...b", "......b.",
                    ".b.b.b..", "........",
                ],
                "WHITE",
            ),
            (
                &[
                    ".W.W.W.W", "W.......", ".......W", "W.......", ".......W", "W.......",
                    ".......W", "W.W.W.W.",
                ],
                "WHITE",
            ),
            (
                &[
                    ".b...b.W", "W.B.B.b.", "...W...W", "..B.b.B.", ".b...B..", "W...B.B.",
                    ".b.B...W", "W.B.W.W.",
                ],
                "WHITE",
            ),
            (
                &[
                    ".B......", "B...w.W.", ".W......", "B...W.w.", ".w......", "........",
                    ".w.w.w.B", "....B.B.",
                ],
                "BLACK",
            ),
        ];
        for &(rows, turn) in positions {
            let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
            let real = real_moves(&rows, turn);
            assert!(
                real.len() >= 49,
                "an extreme position should have many moves"
            );
            assert_eq!(
                real,
                naive_moves(&rows, turn),
                "position {:?} {}",
                rows,
                turn
            );
        }
    }
}
