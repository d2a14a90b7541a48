// WRONG ANSWER ON PURPOSE: a submission of the problem package that must fail.
// Rule broken: a king that can go on capturing must land where it can; this one lands anywhere.
// A copy of russian_checkers/src/main.rs without its tests, changed where a
// `BROKEN:` comment says; `.ci/run` checks that the judge rejects it.

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
//! spaces, a missing final newline and a UTF-8 byte-order mark at the start
//! are fine, and so are any number of blank lines at the end. An answer that
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
                // BROKEN: a king that can go on capturing must land where it can; this one lands anywhere
                if true {
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

// ---------------------------------------------------------------------------
// Program
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
    let answer =
        read_position(stdin.lock()).map(|(board, side)| render_answer(&legal_moves(&board, side)));
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
