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
//! Approach: a depth-first search over capture chains from every piece of the
//! side to move. The board stays fixed during the search (the mover is lifted
//! off its start square; captured pieces stay where they are), and a 64-bit
//! mask records which enemies the chain has jumped. A king looks one capture
//! ahead from each landing square to apply the "stop where you can go on"
//! rule. Only if no chain exists are the simple moves listed.
//!
//! Cost: each step of the search scans at most 4 rays (13 squares in all);
//! for a king, each of its at most 12 landing squares costs one more such
//! scan, so a step visits at most a few hundred squares, and the steps are
//! at most (moves x longest chain). The worst positions a search for them
//! found, kept as samples, have 106 moves, or a chain of 10 jumps; the
//! slowest of all samples takes about 20 microseconds (10 000 calls timed on
//! a busy machine), far below the cost of starting the process.
//!
//! Tested: each rule on its own small position, and the whole move list
//! against a deliberately naive second generator on 12 000 random positions
//! and the worst ones (src/tests.rs); the judge's samples, worked out from
//! the rules.
//!
//! Input: 8 lines of 8 characters from `.wWbB` (rank 8 first, file a first),
//! then `WHITE` or `BLACK`. Output: the number of legal moves, then the moves
//! in byte order, one per line, each the squares the piece stands on and lands
//! on: `c3-d4` for a simple move, `c3:e5:c7` for a capture. At most 1 MiB of
//! input is read; CRLF, trailing blanks, a missing final newline, a byte-order
//! mark and blank lines at the end are fine. Malformed input (the statement lists
//! it; note that a `w` on rank 8 or a `b` on rank 1 is refused, as a man there
//! would be a king) gets one line on stderr naming the line, and exit status 1.

use std::io::{self, Read, Write};

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

// ---------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------

/// Every legal move for `side`, sorted in byte order. No move is found twice:
/// the squares of a chain name the pieces it jumps (between two squares of a
/// diagonal a capture passes exactly one enemy), so two different chains
/// write two different texts.
fn legal_moves(board: &Board, side: Side) -> Vec<String> {
    // Rule: capturing is compulsory for the side as a whole.
    let mut moves = capture_moves(board, side);
    if moves.is_empty() {
        moves = simple_moves(board, side);
    }
    moves.sort_unstable();
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

/// The jumps open from one square, as (victim, landing square) pairs.
type Jumps = Vec<(usize, usize)>;

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
        if jumps.is_empty() {
            if self.path.len() > 1 {
                self.moves.push(move_text(&self.path, ':'));
            }
            return;
        }
        for (victim, landing) in jumps {
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
                        jumps.push((victim, landing));
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
            let first_of_ray = jumps.len();
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
                    jumps.truncate(first_of_ray);
                }
                if continues || !any_continues {
                    jumps.push((victim, landing));
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

// ---------------------------------------------------------------------------
// What the search uses: the board's geometry and the moves' notation
// ---------------------------------------------------------------------------

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
        eprintln!("russian_checkers: {}", message);
        std::process::exit(1);
    }
}

/// The answer to the whole input: the number of legal moves, then the moves.
fn answer_to(input: &str) -> Result<String, String> {
    let (board, side) = parse_position(input)?;
    let moves = legal_moves(&board, side);
    let lines = std::iter::once(moves.len().to_string()).chain(moves);
    Ok(lines.map(|line| line + "\n").collect())
}

/// The position in the input: 8 rows of 8 characters from `.wWbB` (rank 8
/// first), then the turn word, then nothing but blank lines.
fn parse_position(input: &str) -> Result<(Board, Side), String> {
    let mut input_lines = lines(input);
    let mut board = [Square::Empty; 64];
    for rank in (0..8).rev() {
        let row = 8 - rank;
        let what = format!("rank {} of the board", rank + 1);
        let (_, line) = input_lines.next().ok_or_else(|| {
            let what = format!("{} (8 characters from .wWbB)", what);
            expected(row, &what, "end of input")
        })?;
        let count = line.chars().count();
        if count != 8 {
            let what = what + " as 8 characters from .wWbB";
            let found = format!("{} ({} characters)", shown(line), count);
            return Err(expected(row, &what, &found));
        }
        for (file, c) in line.chars().enumerate() {
            let square = rank * 8 + file;
            let found = format!("{:?}", c);
            let name = move_text(&[square], '-');
            board[square] = match c {
                '.' => continue,
                'w' => Square::Man(Side::White),
                'W' => Square::King(Side::White),
                'b' => Square::Man(Side::Black),
                'B' => Square::King(Side::Black),
                _ => return Err(expected(row, &format!("one of .wWbB at {}", name), &found)),
            };
            // a1 is dark, so dark squares have an even rank + file.
            if (rank + file) % 2 == 1 {
                let found = format!("{} on the light square {}", found, name);
                return Err(expected(row, "pieces on dark squares only", &found));
            }
            if matches!(board[square], Square::Man(side) if rank == side.crowning_rank()) {
                let what = "no man on its crowning rank (it would be a king)";
                return Err(expected(row, what, &format!("{} on {}", found, name)));
            }
        }
    }
    let side = match input_lines.next() {
        Some((_, "WHITE")) => Side::White,
        Some((_, "BLACK")) => Side::Black,
        Some((_, line)) => return Err(expected(9, "WHITE or BLACK", &shown(line))),
        None => return Err(expected(9, "WHITE or BLACK", "end of input")),
    };
    if let Some((number, line)) = input_lines.find(|&(_, line)| !line.is_empty()) {
        let found = shown(line);
        return Err(expected(number, "nothing after the turn line", &found));
    }
    Ok((board, side))
}

/// The message for input line `number`: what was expected there, what was found.
fn expected(number: usize, what: &str, found: &str) -> String {
    format!("line {}: expected {}, found {}", number, what, found)
}

#[cfg(test)]
mod tests;
