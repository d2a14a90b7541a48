// WRONG ANSWER ON PURPOSE: a submission of the problem package that must fail.
// Rule broken: before a simple move the mover must have no jump anywhere; this one does not check.
// A copy of checks_post_facto/src/main.rs without its tests, changed where a
// `BROKEN:` comment says; `.ci/run` checks that the judge rejects it.

//! Checks Post Facto (ICPC World Finals 2019, problem C): find a checkers position from which a
//! given list of moves can be played legally.
//!
//! Rules (English draughts). Pieces stand on the 32 dark squares, numbered 1..32 row by row
//! from the top; the top-left cell is light, so square 1 is the second cell of the top row and
//! square 5 the first cell of the second row. Sides alternate. A man steps one square
//! diagonally forward (Black down the board, White up); a king steps in any of the four
//! diagonal directions. A jump hops over an adjacent enemy piece (in a direction the jumper may
//! move in) onto the empty square behind it and removes that piece at once; the jumping piece
//! goes on hopping as long as it can. Capture is compulsory: a simple move is allowed only if
//! the mover has no jump anywhere, and a jump move may only stop when its piece has no further
//! jump. A man that arrives on its far row is promoted to king and its turn ends there. The
//! starting position may not hold a black man on the bottom row or a white man on the top row.
//!
//! Input: `c n` (`B` or `W` moves first, 1 <= n <= 100), then n moves, `a-b` for a simple move,
//! `axb1xb2...` for a jump move. Output: 8 lines, each the row of the board before the moves, a
//! space, and the same row after them; `-` light cell, `.` empty dark square, `b w` men, `B W`
//! kings. Any valid answer is accepted. A UTF-8 byte-order mark at the start is skipped.
//! Blank lines after the moves, trailing blanks and CRLF line ends are fine.
//! Malformed input (bytes that are not UTF-8, a bad header, a move count that does not match, a
//! move not in the notation, a square outside 1-32 or written with a leading zero such as `05`,
//! a step that is not diagonal) gets one line
//! on stderr, naming the line, what was expected and what was found, and exit status 1. So does
//! a move list that no position can explain: the message names the line of the first move that
//! contradicts the earlier ones, or, when only the search over the untouched squares fails, just
//! says so. An answer that cannot be written (a full disk, a closed pipe, a closed standard
//! output) is reported the same way.
//!
//! Approach. (1) Squares the moves touch are forced: replaying the moves over a board whose
//! squares are all "unknown", the first touch of a square tells what it held from the start (the
//! mover's piece where a move starts, an enemy piece where it jumps, nothing where it steps or
//! lands), and it is tracked from then on. Every piece is taken to be a man unless it must be a
//! king (it moves backwards before promoting, jumps on after reaching its far row, or stands on
//! its far row): a man can do nothing a king cannot, so it never adds a compulsory jump.
//! (2) Every other square is "free": no move touches it, so it holds the same thing all game.
//! At each point where compulsory capture is checked (before each simple move, for the whole
//! side; after each jump move that did not promote, for the jumping piece) every jump that the
//! rules would offer must be broken. With the touched squares known, each such jump becomes a
//! "nogood": up to three facts about free squares (jumper there, victim there, landing empty)
//! that must not all hold. Only the landing fact says "empty".
//! (3) Search. Start with every free square empty. A nogood whose piece facts all hold then
//! forces its landing square to hold a blocker, black or white. A blocker is a piece that can
//! itself be jumped or jump later, so either colour can fail several moves later; always picking
//! one colour is wrong on a few percent of dense games. So it is a depth-first search over the
//! blockers' colours. To stay fast it backjumps: a failure reports which blocker decisions caused
//! it, and a decision that is not among them is not retried with its other colour.
//! Cost: O(n * 32) for parsing and replays; at most n * 128 nogoods (one per checkpoint and jump
//! line); each search node scans them once and the search has at most 32 levels. In practice a
//! 100-move game needs well under a millisecond. The input is read line by line and at most 256
//! bytes of a line are kept, so memory stays flat however large the input is. The blank lines
//! after the moves are skipped a buffer at a time, not line by line: 100 MB of `\n` or of
//! `\r\n` take 0.16 to 0.21 s (1.6 to 2.6 s line by line; measured on a busy machine).

use std::io::{self, BufRead, Write};

/// The two sides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Colour {
    Black,
    White,
}

impl Colour {
    fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// Row step of a man moving forward: Black men go down the board, White men go up.
    fn forward(self) -> i32 {
        match self {
            Colour::Black => 1,
            Colour::White => -1,
        }
    }

    /// The row where a man of this colour is promoted.
    fn far_row(self) -> i32 {
        match self {
            Colour::Black => 7,
            Colour::White => 0,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    colour: Colour,
    king: bool,
}

impl Piece {
    /// Men move and jump only forward; kings in all four diagonal directions.
    fn can_go(self, row_step: i32) -> bool {
        self.king || row_step == self.colour.forward()
    }

    fn symbol(self) -> char {
        match (self.colour, self.king) {
            (Colour::Black, false) => 'b',
            (Colour::Black, true) => 'B',
            (Colour::White, false) => 'w',
            (Colour::White, true) => 'W',
        }
    }
}

/// A dark square's content. `Free` marks a square no move touches; its content is chosen by
/// the search and stays the same for the whole game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Free,
    Empty,
    Piece(Piece),
}

type Board = [Cell; 32];

// ---------------------------------------------------------------------------------------------
// Geometry. Squares are indexed 0..32 (square k of the notation is index k - 1).

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Row (0 = top) and column (0 = left) of a square. Rows 0, 2, 4, 6 start with a light cell.
fn cell_of(square: usize) -> (i32, i32) {
    let row = (square / 4) as i32;
    let col = 2 * (square % 4) as i32 + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The square at a row and column, if that cell is on the board and dark.
fn square_at(row: i32, col: i32) -> Option<usize> {
    if !(0..8).contains(&row) || !(0..8).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 4 + col / 2) as usize)
}

/// The square `distance` diagonal steps away in direction (row_step, col_step).
fn step(square: usize, (row_step, col_step): (i32, i32), distance: i32) -> Option<usize> {
    let (row, col) = cell_of(square);
    square_at(row + row_step * distance, col + col_step * distance)
}

fn row_of(square: usize) -> i32 {
    cell_of(square).0
}

/// The direction leading from one square to another `distance` diagonal steps away.
fn direction(from: usize, to: usize, distance: i32) -> Option<(i32, i32)> {
    DIAGONALS
        .iter()
        .cloned()
        .find(|&d| step(from, d, distance) == Some(to))
}

/// What a piece standing still all game on `square` must be: a man, or a king on its far row.
fn unmoving_piece(colour: Colour, square: usize) -> Piece {
    Piece {
        colour,
        king: row_of(square) == colour.far_row(),
    }
}

// ---------------------------------------------------------------------------------------------
// Input.

// ---------------------------------------------------------------------------------------------
// Reading lines with bounded memory.

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

#[derive(Clone, Debug)]
struct Move {
    /// Start square, then every square it lands on (one for a simple move).
    squares: Vec<usize>,
    jump: bool,
    /// Line of the input holding the move (for messages).
    line: usize,
}

#[derive(Clone, Debug)]
struct Game {
    first: Colour,
    moves: Vec<Move>,
}

/// Reads the header and the moves, one line at a time: blank lines after the
/// moves are allowed, and millions of them cost time but no memory. A count
/// read from the header is trusted only once it is known to be at most 100.
fn read_game<R: BufRead>(input: R) -> Result<Game, String> {
    let mut lines = LineReader::new(input);
    let header = match lines.next_line()? {
        Some(line) => whole_line(&line, HEADER)?.to_string(),
        None => String::new(),
    };
    let (first, count) = parse_header(&header)?;
    let mut moves = Vec::with_capacity(count);
    while moves.len() < count {
        let line = match lines.next_line()? {
            Some(line) => line,
            None => {
                return Err(format!(
                    "line {}: expected move {} of {}, found end of input",
                    lines.lines_read + 1,
                    moves.len() + 1,
                    count
                ))
            }
        };
        moves.push(parse_move(whole_line(&line, MOVE)?, line.number)?);
    }
    // After the moves, blank lines only: skipped in bulk, so that a line is
    // built only where a byte other than a space, tab, CR or LF stands.
    while let Some(line) = lines.next_non_blank_line()? {
        let expected = format!("end of input after {} moves", count);
        let rest = whole_line(&line, &expected)?;
        if rest.is_empty() {
            // Other whitespace (a form feed, a no-break space...) is blank too.
            continue;
        }
        return Err(format!(
            "line {}: expected {}, found {}",
            line.number,
            expected,
            shown(rest)
        ));
    }
    Ok(Game { first, moves })
}

/// What the header should be, for messages.
const HEADER: &str = "`B n` or `W n` with 1 <= n <= 100";
/// What a move should be, for messages.
const MOVE: &str = "a move such as `9-13` or `9x18x25`";

/// The line's text without blanks around it. A line too long to be kept
/// whole (no valid line comes near `LINE_CAP` bytes) is reported as it is.
fn whole_line<'a>(line: &'a Line, expected: &str) -> Result<&'a str, String> {
    if line.text.chars().count() < line.chars {
        return Err(format!(
            "line {}: expected {}, found {} ({} characters)",
            line.number,
            expected,
            shown(&line.text),
            line.chars
        ));
    }
    Ok(line.text.trim())
}

/// `c n`: the side moving first and the number of moves.
fn parse_header(line: &str) -> Result<(Colour, usize), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let bad = || format!("line 1: expected {}, found {}", HEADER, shown(line));
    if fields.len() != 2 {
        return Err(bad());
    }
    let first = match fields[0] {
        "B" => Colour::Black,
        "W" => Colour::White,
        _ => return Err(bad()),
    };
    let all_digits = !fields[1].is_empty() && fields[1].bytes().all(|b| b.is_ascii_digit());
    match fields[1].parse::<usize>() {
        Ok(n) if all_digits && (1..=100).contains(&n) => Ok((first, n)),
        _ => Err(bad()),
    }
}

/// `a-b` (one diagonal step) or `axb1xb2...` (hops of two diagonal steps).
fn parse_move(text: &str, line: usize) -> Result<Move, String> {
    let (separator, distance, jump) = if text.contains('-') {
        ('-', 1, false)
    } else {
        ('x', 2, true)
    };
    let parts: Vec<&str> = text.split(separator).collect();
    if parts.len() < 2 || (!jump && parts.len() != 2) {
        return Err(format!(
            "line {}: expected {}, found {}",
            line,
            MOVE,
            shown(text)
        ));
    }
    let mut squares = Vec::with_capacity(parts.len());
    for part in &parts {
        squares.push(parse_square(part, line, text)?);
    }
    for pair in squares.windows(2) {
        if direction(pair[0], pair[1], distance).is_none() {
            let what = if jump {
                "jump over one square"
            } else {
                "diagonal step"
            };
            return Err(format!(
                "line {}: expected a {}, found {} to {} in {}",
                line,
                what,
                pair[0] + 1,
                pair[1] + 1,
                shown(text)
            ));
        }
    }
    Ok(Move {
        squares,
        jump,
        line,
    })
}

fn parse_square(part: &str, line: usize, text: &str) -> Result<usize, String> {
    if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "line {}: expected {}, found {}",
            line,
            MOVE,
            shown(text)
        ));
    }
    // Rule: standard notation writes a square without leading zeros, so `05`
    // and `005` are not square 5 (the judge's checker agrees).
    let expected = if part.len() > 1 && part.starts_with('0') {
        "a square number 1-32 without leading zeros"
    } else {
        "a square number 1-32"
    };
    match part.parse::<usize>() {
        Ok(k) if (1..=32).contains(&k) && !part.starts_with('0') => Ok(k - 1),
        _ => Err(format!(
            "line {}: expected {}, found {} in {}",
            line,
            expected,
            shown(part),
            shown(text)
        )),
    }
}

/// Black or White, for the move at `index` (sides alternate from the first mover).
fn mover(game: &Game, index: usize) -> Colour {
    if index % 2 == 0 {
        game.first
    } else {
        game.first.other()
    }
}

// ---------------------------------------------------------------------------------------------
// Step 1: the squares the moves force.

/// Follows the moves over a board of unknown squares. The first touch of a square fixes what it
/// held from the start; squares never touched stay `Free`. Pieces are men unless a move needs a
/// king. Fails (with a message) when the moves contradict each other.
fn deduce_touched_squares(game: &Game) -> Result<Board, String> {
    /// A piece of the starting position, followed through the game.
    struct Token {
        origin: usize,
        colour: Colour,
        king_at_start: bool,
        king_now: bool,
    }
    #[derive(Clone, Copy)]
    enum Now {
        Unknown,
        Empty,
        Holds(usize),
    }
    let mut start = [Cell::Free; 32];
    let mut now = [Now::Unknown; 32];
    let mut tokens: Vec<Token> = Vec::new();
    /// A piece first seen on `square`; one standing on its far row at the start is a king.
    fn new_token(tokens: &mut Vec<Token>, square: usize, colour: Colour) -> usize {
        let king = row_of(square) == colour.far_row();
        tokens.push(Token {
            origin: square,
            colour,
            king_at_start: king,
            king_now: king,
        });
        tokens.len() - 1
    }

    for (index, mv) in game.moves.iter().enumerate() {
        let side = mover(game, index);
        let fail =
            |what: String| format!("line {}: no solution: move {} {}", mv.line, index + 1, what);
        let from = mv.squares[0];
        let token = match now[from] {
            Now::Unknown => new_token(&mut tokens, from, side),
            Now::Holds(t) if tokens[t].colour == side => t,
            _ => {
                return Err(fail(format!(
                    "has no {} piece on {}",
                    side.name(),
                    from + 1
                )))
            }
        };
        now[from] = Now::Empty;
        let hops = mv.squares.len() - 1;
        for (hop, pair) in mv.squares.windows(2).enumerate() {
            let (at, to) = (pair[0], pair[1]);
            let distance = if mv.jump { 2 } else { 1 };
            let dir = direction(at, to, distance).expect("checked by the parser");
            // A man never moves backwards: such a piece was a king from the start.
            if !tokens[token].king_now && dir.0 != side.forward() {
                tokens[token].king_at_start = true;
                tokens[token].king_now = true;
            }
            if mv.jump {
                let over = step(at, dir, 1).expect("between two squares");
                match now[over] {
                    Now::Unknown => {
                        new_token(&mut tokens, over, side.other());
                    }
                    Now::Holds(t) if tokens[t].colour != side => {}
                    _ => return Err(fail(format!("finds no piece to capture on {}", over + 1))),
                }
                // Captured pieces leave the board as they are jumped.
                now[over] = Now::Empty;
            }
            match now[to] {
                Now::Unknown | Now::Empty => now[to] = Now::Empty,
                Now::Holds(_) => return Err(fail(format!("lands on occupied square {}", to + 1))),
            }
            // A man reaching the far row is promoted and stops; one that jumps on was a king.
            if row_of(to) == side.far_row() && !tokens[token].king_now {
                if hop + 1 < hops {
                    tokens[token].king_at_start = true;
                }
                tokens[token].king_now = true;
            }
        }
        now[*mv.squares.last().expect("a move has squares")] = Now::Holds(token);
    }

    // A touched square that is not where a piece was first seen was first seen empty.
    for (square, state) in now.iter().enumerate() {
        if let Now::Unknown = *state {
            continue;
        }
        start[square] = Cell::Empty;
    }
    for token in &tokens {
        start[token.origin] = Cell::Piece(Piece {
            colour: token.colour,
            king: token.king_at_start,
        });
    }
    Ok(start)
}

// ---------------------------------------------------------------------------------------------
// Replaying moves (on known squares; free squares are never touched by a move).

/// Plays `mv` on `board`. Returns whether a man was promoted by it (which ends its turn).
fn play_move(board: &mut Board, mv: &Move) -> bool {
    let from = mv.squares[0];
    let mut piece = match board[from] {
        Cell::Piece(p) => p,
        _ => unreachable!("step 1 put a piece on every start square"),
    };
    board[from] = Cell::Empty;
    let mut promoted = false;
    for pair in mv.squares.windows(2) {
        if mv.jump {
            let dir = direction(pair[0], pair[1], 2).expect("checked by the parser");
            let over = step(pair[0], dir, 1).expect("between two squares");
            board[over] = Cell::Empty;
        }
        if !piece.king && row_of(pair[1]) == piece.colour.far_row() {
            piece.king = true;
            promoted = true;
        }
    }
    board[*mv.squares.last().expect("a move has squares")] = Cell::Piece(piece);
    promoted
}

// ---------------------------------------------------------------------------------------------
// Step 2: compulsory capture as nogoods over the free squares.

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const UNUSED: u8 = 255;

fn content_of(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// "Free square `square` holds `content`" (EMPTY, BLACK or WHITE).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Fact {
    square: u8,
    content: u8,
}

/// Facts that must not all hold: together they would offer a jump where the rules forbid one.
/// At most one fact says EMPTY (the landing square); unused slots are `UNUSED`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Nogood {
    facts: [Fact; 3],
}

/// For every jump `side` could make from the `jumpers` squares on `board`, a nogood that rules
/// it out. Fails with the jump's squares if the known squares alone already offer it.
fn forbid_jumps(
    board: &Board,
    side: Colour,
    jumpers: &[usize],
    out: &mut Vec<Nogood>,
) -> Result<(), (usize, usize)> {
    for &from in jumpers {
        for &dir in DIAGONALS.iter() {
            let (over, to) = match (step(from, dir, 1), step(from, dir, 2)) {
                (Some(over), Some(to)) => (over, to),
                _ => continue,
            };
            let mut facts = [Fact {
                square: UNUSED,
                content: UNUSED,
            }; 3];
            let mut count = 0;
            let mut need = |square: usize, content: u8| {
                facts[count] = Fact {
                    square: square as u8,
                    content,
                };
                count += 1;
            };
            // The jumper: one of the mover's pieces allowed to move this way.
            match board[from] {
                Cell::Piece(p) if p.colour == side && p.can_go(dir.0) => {}
                Cell::Free if unmoving_piece(side, from).can_go(dir.0) => {
                    need(from, content_of(side))
                }
                _ => continue,
            }
            // The victim: an enemy piece next to it.
            match board[over] {
                Cell::Piece(p) if p.colour != side => {}
                Cell::Free => need(over, content_of(side.other())),
                _ => continue,
            }
            // The landing square behind it: empty.
            match board[to] {
                Cell::Empty => {}
                Cell::Free => need(to, EMPTY),
                _ => continue,
            }
            if count == 0 {
                return Err((from, over));
            }
            facts.sort();
            out.push(Nogood { facts });
        }
    }
    Ok(())
}

/// Replays the game on the forced squares and lists every jump compulsory capture forbids:
/// before a simple move, any jump of the mover; after a jump move, any further jump of the
/// piece that moved, unless that move promoted it (promotion ends the turn).
fn collect_nogoods(game: &Game, start: &Board) -> Result<Vec<Nogood>, String> {
    let all_squares: Vec<usize> = (0..32).collect();
    let mut board = *start;
    let mut nogoods = Vec::new();
    for (index, mv) in game.moves.iter().enumerate() {
        let side = mover(game, index);
        let fail = |(from, over): (usize, usize), when: &str| {
            format!(
                "line {}: no solution: {} move {}, {} can jump from {} over {}",
                mv.line,
                when,
                index + 1,
                side.name(),
                from + 1,
                over + 1
            )
        };
        // BROKEN: before a simple move the mover must have no jump anywhere; this one does not check
        if false {
            forbid_jumps(&board, side, &all_squares, &mut nogoods)
                .map_err(|j| fail(j, "before"))?;
        }
        let promoted = play_move(&mut board, mv);
        if mv.jump && !promoted {
            let last = [*mv.squares.last().expect("a move has squares")];
            forbid_jumps(&board, side, &last, &mut nogoods).map_err(|j| fail(j, "after"))?;
        }
    }
    nogoods.sort();
    nogoods.dedup();
    Ok(nogoods)
}

// ---------------------------------------------------------------------------------------------
// Step 3: choosing the free squares' contents.

/// Set of free squares as a bit mask (bit s for square index s).
type Blame = u32;

/// A nogood's state under the decisions made so far (undecided squares count as empty).
enum Verdict {
    /// Some fact is false.
    Harmless,
    /// Every fact holds and they are all decided: the decisions in the mask conflict.
    Violated(Blame),
    /// Every fact holds, but the landing square is undecided: it needs a blocker, because
    /// of the decisions in the mask.
    NeedsBlocker(usize, Blame),
}

fn verdict(nogood: &Nogood, content: &[u8; 32]) -> Verdict {
    let mut blame = 0;
    let mut landing = None;
    for fact in nogood.facts.iter() {
        if fact.content == UNUSED {
            continue;
        }
        let square = fact.square as usize;
        if fact.content == EMPTY {
            if content[square] != EMPTY {
                return Verdict::Harmless;
            }
            landing = Some(square);
        } else if content[square] != fact.content {
            return Verdict::Harmless;
        } else {
            blame |= 1 << square;
        }
    }
    match landing {
        Some(square) => Verdict::NeedsBlocker(square, blame),
        None => Verdict::Violated(blame),
    }
}

struct Search<'a> {
    nogoods: &'a [Nogood],
    /// EMPTY for undecided squares, else the colour put there.
    content: [u8; 32],
}

impl<'a> Search<'a> {
    /// Completes the current decisions into a valid choice, or returns the decisions that
    /// together make every completion fail (conflict-directed backjumping).
    fn complete(&mut self) -> Result<(), Blame> {
        let mut wanted = None;
        for nogood in self.nogoods {
            match verdict(nogood, &self.content) {
                Verdict::Harmless => {}
                Verdict::Violated(blame) => return Err(blame),
                Verdict::NeedsBlocker(square, blame) => {
                    if wanted.is_none() {
                        wanted = Some((square, blame));
                    }
                }
            }
        }
        let (square, because) = match wanted {
            None => return Ok(()),
            Some(w) => w,
        };
        // The square must hold a piece: try both colours.
        let bit = 1 << square;
        let mut blame = because;
        for &colour in [BLACK, WHITE].iter() {
            self.content[square] = colour;
            match self.complete() {
                Ok(()) => return Ok(()),
                // The failure does not depend on this square: the other colour fails too.
                Err(cause) if cause & bit == 0 => {
                    self.content[square] = EMPTY;
                    return Err(cause);
                }
                Err(cause) => blame |= cause & !bit,
            }
        }
        self.content[square] = EMPTY;
        Err(blame)
    }
}

/// The starting position: forced squares, and blockers found by the search on free squares.
fn solve(game: &Game) -> Result<Board, String> {
    let mut start = deduce_touched_squares(game)?;
    let nogoods = collect_nogoods(game, &start)?;
    let mut search = Search {
        nogoods: &nogoods,
        content: [EMPTY; 32],
    };
    if search.complete().is_err() {
        return Err(
            "no solution: no choice of the untouched squares makes every move legal".to_string(),
        );
    }
    for (square, cell) in start.iter_mut().enumerate() {
        if *cell == Cell::Free {
            *cell = match search.content[square] {
                BLACK => Cell::Piece(unmoving_piece(Colour::Black, square)),
                WHITE => Cell::Piece(unmoving_piece(Colour::White, square)),
                _ => Cell::Empty,
            };
        }
    }
    Ok(start)
}

// ---------------------------------------------------------------------------------------------
// Output.

fn final_board(game: &Game, start: &Board) -> Board {
    let mut board = *start;
    for mv in &game.moves {
        play_move(&mut board, mv);
    }
    board
}

fn board_row(board: &Board, row: i32) -> String {
    (0..8)
        .map(|col| match square_at(row, col) {
            None => '-',
            Some(square) => match board[square] {
                Cell::Piece(p) => p.symbol(),
                _ => '.',
            },
        })
        .collect()
}

fn render(before: &Board, after: &Board) -> String {
    let mut out = String::new();
    for row in 0..8 {
        out.push_str(&board_row(before, row));
        out.push(' ');
        out.push_str(&board_row(after, row));
        out.push('\n');
    }
    out
}

/// The answer to the whole input: the board before the moves and after them.
fn answer_to<R: BufRead>(input: R) -> Result<String, String> {
    let game = read_game(input)?;
    let before = solve(&game)?;
    let after = final_board(&game, &before);
    Ok(render(&before, &after))
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
        eprintln!("checks_post_facto: {}", message);
        std::process::exit(1);
    }
}
