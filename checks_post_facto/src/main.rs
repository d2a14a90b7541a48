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
//! Input: `c n` (`B` or `W` moves first, one space, 1 <= n <= 100 without leading zeros), then
//! n moves, `a-b` for a simple move, `axb1xb2...` for a jump move. Output: 8 lines, each the row of the board before the moves, a
//! space, and the same row after them; `-` light cell, `.` empty dark square, `b w` men, `B W`
//! kings. Any valid answer is accepted. A UTF-8 byte-order mark at the start is skipped.
//! Blank lines after the moves, blanks (spaces and tabs) at either end of a line and CRLF line
//! ends are fine; a CR not right before a LF, or other whitespace, makes its line malformed.
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
// The game: the moves as read, and who plays each.

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
        if !mv.jump {
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

// ===========================================================================
// Input and output: reading the input as the statement allows it, and
// writing the answer or a one-line error. The algorithm is all above.
// ===========================================================================

// ---------------------------------------------------------------------------------------------
// Reading the game.

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
            // A blank line after all (see `next_non_blank_line`).
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

/// The line's text (its blanks at either end are gone). A line too long to be
/// kept whole (no valid line comes near `LINE_CAP` bytes) is reported as it
/// is.
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
    Ok(&line.text)
}

/// `c n`: the side moving first, one space, and the number of moves, written
/// in decimal without leading zeros.
fn parse_header(line: &str) -> Result<(Colour, usize), String> {
    let bad = || format!("line 1: expected {}, found {}", HEADER, shown(line));
    let mut fields = line.splitn(2, ' ');
    let first = match fields.next() {
        Some("B") => Colour::Black,
        Some("W") => Colour::White,
        _ => return Err(bad()),
    };
    let count = fields.next().unwrap_or("");
    let decimal =
        !count.is_empty() && !count.starts_with('0') && count.bytes().all(|b| b.is_ascii_digit());
    match count.parse::<usize>() {
        Ok(n) if decimal && (1..=100).contains(&n) => Ok((first, n)),
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

// ---------------------------------------------------------------------------------------------
// Reading lines with bounded memory.

/// The most of one line kept in memory. Every valid line is far shorter, so a
/// line that was cut is wrong anyway; its length is still counted in full for
/// the message. This keeps memory flat whatever the input: megabytes of
/// trailing newlines are valid, and megabytes of garbage must be rejected.
const LINE_CAP: usize = 256;

/// Blanks that may start or end a line and do not count: spaces and tabs. A
/// CR is part of the line end only right before a LF (a CRLF line end);
/// anywhere else it is an ordinary character, which no valid line holds.
fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// One line of input, without its line end and the blanks at either end.
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

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

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
/// The blanks before the first other byte are dropped: any number of them may
/// start a line. So is a byte-order mark at the very start of the input.
#[derive(Default)]
struct LineBuilder {
    /// Nothing read yet, so a byte-order mark may come (Windows editors add
    /// one).
    at_input_start: bool,
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
        } else if is_blank(byte) && self.chars == 0 {
            self.at_input_start = false;
        } else if is_blank(byte) {
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
        if self.at_input_start && self.kept.len() == BOM.len() {
            self.at_input_start = false;
            if self.kept == BOM {
                self.kept.clear();
                self.chars = 0;
            }
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
        let mut line = LineBuilder {
            at_input_start: self.lines_read == 0,
            ..LineBuilder::default()
        };
        let (any_byte, line_ended) = self.read_into(&mut line)?;
        if !any_byte {
            return Ok(None);
        }
        line.finish(line_ended);
        self.lines_read += 1;
        let number = self.lines_read;
        let (kept, chars, cut) = (line.kept, line.chars, line.cut);
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
    /// the first such byte, numbered as `next_line` would return it (its
    /// leading blanks are dropped anyway), or None at the end of the input.
    /// (A CR last in a buffer cannot be told from there; its line is
    /// returned, blank or not.)
    fn next_non_blank_line(&mut self) -> Result<Option<Line>, String> {
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
                    byte => !is_blank(byte),
                });
                let blank = &chunk[..other.unwrap_or(chunk.len())];
                self.lines_read += blank.iter().filter(|&&byte| byte == b'\n').count();
                (blank.len(), other.is_some())
            };
            self.input.consume(used);
            if found {
                return self.next_line();
            }
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

#[cfg(test)]
mod tests {
    use super::{answer_to, LineReader, LINE_CAP};
    use std::io;

    /// The answer to `text`, read as the program reads standard input.
    fn answer(text: &str) -> Result<String, String> {
        super::answer_to(text.as_bytes())
    }

    /// Whatever the reader's buffer size, so wherever a buffer ends, a CRLF
    /// split between two buffers is a line end, and a CR before another CR
    /// is not.
    #[test]
    fn a_cr_is_told_apart_wherever_a_buffer_ends() {
        let canonical = "W 3\n21-17\n13x22x31x24\n19x28\n".to_string();
        let expected = answer_to(canonical.as_bytes()).unwrap();
        let good = format!("{}\r\n \r\n\t\r\n\r\n", canonical);
        let bad = format!("{}\r\n \r\n\r\r\n\r\n", canonical);
        for capacity in 1..bad.len() + 1 {
            let good_input = io::BufReader::with_capacity(capacity, good.as_bytes());
            assert_eq!(
                answer_to(good_input),
                Ok(expected.clone()),
                "capacity {}",
                capacity
            );
            let bad_input = io::BufReader::with_capacity(capacity, bad.as_bytes());
            let why = answer_to(bad_input).unwrap_err();
            assert!(
                why.starts_with("line 7: "),
                "capacity {}: {}",
                capacity,
                why
            );
        }
    }

    /// The statement's Input section, case by case: each variant it
    /// tolerates gets the canonical input's answer, each input it rejects
    /// fails on the line it names.
    #[test]
    fn the_statement_input_section_holds() {
        let canonical = "W 3\n21-17\n13x22x31x24\n19x28\n";
        let expected = answer(canonical).unwrap();
        let tolerated = [
            canonical.replace('\n', "\r\n"),
            canonical.trim_end().to_string(),
            canonical.replace('\n', " \t\n"),
            canonical.replace('\n', "\t \r\n"),
            canonical.replace("\n", "\n \t"),
            format!(" \t{}", canonical),
            canonical.replace(
                "\n",
                &format!("{}\n{}", " ".repeat(1000), "\t".repeat(1000)),
            ),
            format!("{}\n \n\t\r\n", canonical),
            format!("\u{FEFF}{}", canonical),
            format!("\u{FEFF} \t{}", canonical),
        ];
        for text in tolerated.iter() {
            assert_eq!(answer(text), Ok(expected.clone()), "{:?}", text);
        }
        let rejected: Vec<(Vec<u8>, usize)> = vec![
            // Bytes that are not UTF-8; a byte-order mark not at the very start.
            (b"W 1\n21-17\n\xFF\n".to_vec(), 3),
            (b" \xEF\xBB\xBFB 1\n18-14\n".to_vec(), 1),
            (b"\xEF\xBB\xBF\xEF\xBB\xBFB 1\n18-14\n".to_vec(), 1),
            // A first line other than `B n` or `W n`, 1 <= n <= 100.
            (b"b 1\n18-14\n".to_vec(), 1),
            (b"B1\n18-14\n".to_vec(), 1),
            (b"B  1\n18-14\n".to_vec(), 1),
            (b"B\t1\n18-14\n".to_vec(), 1),
            (b"B 01\n18-14\n".to_vec(), 1),
            (b"B +1\n18-14\n".to_vec(), 1),
            (b"B 0\n".to_vec(), 1),
            (b"B 101\n".to_vec(), 1),
            (b"B\n18-14\n".to_vec(), 1),
            (b"B 1\x0C\n18-14\n".to_vec(), 1),
            // Fewer than n moves, a blank line among them, a line after them.
            (b"B 2\n18-14\n".to_vec(), 3),
            (b"B 2\n18-14\n\n9-13\n".to_vec(), 3),
            (b"B 1\n18-14\n9-13\n".to_vec(), 3),
            (b"B 1\n18-14\n\n\x0C\n".to_vec(), 4),
            (b"B 1\n18-14\n\r\r\n".to_vec(), 3),
            (b"B 1\n18-14\n\r".to_vec(), 3),
            // A move not in the notation, or a square outside 1 to 32.
            (b"B 1\n18 -14\n".to_vec(), 2),
            (b"B 1\n18-14-10\n".to_vec(), 2),
            (b"B 1\n9x18-27\n".to_vec(), 2),
            (b"B 1\n9X18\n".to_vec(), 2),
            (b"B 1\n05-9\n".to_vec(), 2),
            (b"B 1\n+5-9\n".to_vec(), 2),
            (b"B 1\n33-29\n".to_vec(), 2),
            (b"B 1\n18-14\r \n".to_vec(), 2),
            (b"B 1\n18-14\r".to_vec(), 2),
            (b"B 1\r\r\n18-14\n".to_vec(), 1),
            (b"B 1\n\x0C18-14\n".to_vec(), 2),
            ("B 1\n18-14\u{A0}\n".as_bytes().to_vec(), 2),
            // Steps that are not diagonal.
            (b"B 1\n18-19\n".to_vec(), 2),
            (b"B 1\n18x26\n".to_vec(), 2),
            // A move list that no starting position explains.
            (b"B 2\n18-22\n18-23\n".to_vec(), 3),
        ];
        for (bytes, line) in rejected.iter() {
            let why = answer_to(&bytes[..]).expect_err(&format!("accepted {:?}", bytes));
            assert!(
                why.starts_with(&format!("line {}: ", line)),
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
    fn lines_lose_their_ends_and_the_blanks_at_either_end() {
        assert_eq!(lines_of(b"").unwrap(), Vec::<String>::new());
        assert_eq!(lines_of(b"\n").unwrap(), vec![""]);
        assert_eq!(
            lines_of(b"a b \t\r\n \tc\r\n\nd").unwrap(),
            vec!["a b", "c", "", "d"]
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
        // Leading blanks are dropped, however many.
        let text = format!("{}a b", " \t".repeat(10 * LINE_CAP));
        let line = LineReader::new(text.as_bytes())
            .next_line()
            .unwrap()
            .unwrap();
        assert_eq!((line.text.as_str(), line.chars), ("a b", 3));
        // A line of nothing but blanks is empty.
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

    // ---- An independent referee: replays the moves on the printed "before" board, cell by cell,
    // and compares with the printed "after" board. It shares nothing with the solver.

    type Grid = Vec<Vec<char>>;

    /// The dark cells in reading order: square k is entry k - 1.
    fn dark_cells() -> Vec<(i32, i32)> {
        let mut cells = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                if (r + c) % 2 == 1 {
                    cells.push((r, c));
                }
            }
        }
        cells
    }

    fn is_black(ch: char) -> bool {
        ch == 'b' || ch == 'B'
    }

    fn is_white(ch: char) -> bool {
        ch == 'w' || ch == 'W'
    }

    fn owned_by(ch: char, black: bool) -> bool {
        if black {
            is_black(ch)
        } else {
            is_white(ch)
        }
    }

    fn get(grid: &Grid, r: i32, c: i32) -> Option<char> {
        if (0..8).contains(&r) && (0..8).contains(&c) {
            Some(grid[r as usize][c as usize])
        } else {
            None
        }
    }

    /// Row directions the piece may move in.
    fn row_dirs(ch: char) -> Vec<i32> {
        match ch {
            'b' => vec![1],
            'w' => vec![-1],
            _ => vec![1, -1],
        }
    }

    fn can_capture_from(grid: &Grid, r: i32, c: i32) -> bool {
        let me = grid[r as usize][c as usize];
        for dr in row_dirs(me) {
            for dc in [-1, 1].iter() {
                let victim = get(grid, r + dr, c + dc);
                let landing = get(grid, r + 2 * dr, c + 2 * dc);
                if let (Some(v), Some('.')) = (victim, landing) {
                    if owned_by(v, !is_black(me)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn side_can_capture(grid: &Grid, black: bool) -> bool {
        dark_cells().into_iter().any(|(r, c)| {
            owned_by(grid[r as usize][c as usize], black) && can_capture_from(grid, r, c)
        })
    }

    fn crowned(ch: char, r: i32) -> bool {
        (ch == 'b' && r == 7) || (ch == 'w' && r == 0)
    }

    fn split_boards(output: &str) -> Result<(Grid, Grid), String> {
        let lines: Vec<&str> = output.lines().collect();
        if lines.len() != 8 || !output.ends_with('\n') {
            return Err(format!("expected 8 newline-ended lines, got {:?}", output));
        }
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for (r, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() != 17 || chars[8] != ' ' {
                return Err(format!("row {} is not two boards: {:?}", r, line));
            }
            for (c, &ch) in chars.iter().enumerate() {
                if c == 8 {
                    continue;
                }
                let dark = (r + c % 9) % 2 == 1;
                let ok = if dark {
                    ".bwBW".contains(ch)
                } else {
                    ch == '-'
                };
                if !ok {
                    return Err(format!("row {} cell {}: bad {:?}", r, c, ch));
                }
            }
            before.push(chars[..8].to_vec());
            after.push(chars[9..].to_vec());
        }
        if before[7].contains(&'b') || before[0].contains(&'w') {
            return Err("a man starts on its far row".to_string());
        }
        Ok((before, after))
    }

    fn referee(input: &str, output: &str) -> Result<(), String> {
        let (mut grid, after) = split_boards(output)?;
        let cells = dark_cells();
        let mut lines = input.lines();
        let mut black = lines.next().unwrap().trim().starts_with('B');
        for (i, text) in lines
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .enumerate()
        {
            let jump = text.contains('x');
            let path: Vec<(i32, i32)> = text
                .split(&['x', '-'][..])
                .map(|t| cells[t.parse::<usize>().unwrap() - 1])
                .collect();
            let (r0, c0) = path[0];
            let mut me = grid[r0 as usize][c0 as usize];
            if !owned_by(me, black) {
                return Err(format!("move {}: not the mover's piece", i + 1));
            }
            if !jump && side_can_capture(&grid, black) {
                return Err(format!(
                    "move {}: simple move while a capture exists",
                    i + 1
                ));
            }
            grid[r0 as usize][c0 as usize] = '.';
            let (mut r, mut c) = (r0, c0);
            let mut promoted = false;
            for &(nr, nc) in &path[1..] {
                if promoted {
                    return Err(format!("move {}: goes on after promotion", i + 1));
                }
                let (dr, dc) = (nr - r, nc - c);
                let size = if jump { 2 } else { 1 };
                if dr.abs() != size || dc.abs() != size || !row_dirs(me).contains(&(dr / size)) {
                    return Err(format!("move {}: bad direction or distance", i + 1));
                }
                if get(&grid, nr, nc) != Some('.') {
                    return Err(format!("move {}: lands on a full square", i + 1));
                }
                if jump {
                    let (mr, mc) = (r + dr / 2, c + dc / 2);
                    if !owned_by(grid[mr as usize][mc as usize], !black) {
                        return Err(format!("move {}: nothing to capture", i + 1));
                    }
                    grid[mr as usize][mc as usize] = '.';
                }
                r = nr;
                c = nc;
                if crowned(me, r) {
                    me = me.to_ascii_uppercase();
                    promoted = true;
                }
            }
            grid[r as usize][c as usize] = me;
            if jump && !promoted && can_capture_from(&grid, r, c) {
                return Err(format!("move {}: stops while it can still capture", i + 1));
            }
            black = !black;
        }
        if grid != after {
            return Err("the after board differs from the replay".to_string());
        }
        Ok(())
    }

    /// Solves `input`, insists the referee accepts the answer, and returns the answer.
    fn solved(input: &str) -> String {
        let output = answer(input).unwrap_or_else(|e| panic!("{}\n{}", input, e));
        if let Err(e) = referee(input, &output) {
            panic!("invalid answer for\n{}\n{}\n{}", input, output, e);
        }
        output
    }

    /// The character on square k (1..32) of the before (false) or after (true) board.
    fn on_square(output: &str, after: bool, k: usize) -> char {
        let (r, c) = dark_cells()[k - 1];
        let line: Vec<char> = output.lines().nth(r as usize).unwrap().chars().collect();
        line[c as usize + if after { 9 } else { 0 }]
    }

    // ---- The referee itself must reject bad answers.

    fn boards(before: [&str; 8], after: [&str; 8]) -> String {
        let mut out = String::new();
        for r in 0..8 {
            out.push_str(&format!("{} {}\n", before[r], after[r]));
        }
        out
    }

    const EMPTY_BOARD: [&str; 8] = [
        "-.-.-.-.", ".-.-.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.-.-.",
        ".-.-.-.-",
    ];

    fn with_rows(rows: &[(usize, &'static str)]) -> [&'static str; 8] {
        let mut board = EMPTY_BOARD;
        for &(r, text) in rows {
            board[r] = text;
        }
        board
    }

    #[test]
    fn referee_accepts_a_valid_answer_and_rejects_broken_ones() {
        // White man 22 steps to 18.
        let simple = "W 1\n22-18\n";
        let ok = boards(with_rows(&[(5, ".-w-.-.-")]), with_rows(&[(4, "-.-w-.-.")]));
        assert_eq!(referee(simple, &ok), Ok(()));
        // A black man on 17 with 13 empty: White had to capture instead.
        let capture_pending = boards(
            with_rows(&[(4, "-b-.-.-."), (5, ".-w-.-.-")]),
            with_rows(&[(4, "-b-w-.-.")]),
        );
        assert!(referee(simple, &capture_pending).is_err());
        let wrong_after = boards(with_rows(&[(5, ".-w-.-.-")]), with_rows(&[(4, "-.-.-w-.")]));
        assert!(referee(simple, &wrong_after).is_err());
        let man_on_far_row = boards(
            with_rows(&[(0, "-w-.-.-."), (5, ".-w-.-.-")]),
            with_rows(&[(0, "-w-.-.-."), (4, "-.-w-.-.")]),
        );
        assert!(referee(simple, &man_on_far_row).is_err());
        // White man 22 jumps over 18 to 15.
        let jump = "W 1\n22x15\n";
        let ok = boards(
            with_rows(&[(4, "-.-b-.-."), (5, ".-w-.-.-")]),
            with_rows(&[(3, ".-.-w-.-")]),
        );
        assert_eq!(referee(jump, &ok), Ok(()));
        let nothing_captured = boards(with_rows(&[(5, ".-w-.-.-")]), with_rows(&[(3, ".-.-w-.-")]));
        assert!(referee(jump, &nothing_captured).is_err());
        // A black man on 10 with 6 empty: the jump could not stop on 15.
        let stops_early = boards(
            with_rows(&[(2, "-.-b-.-."), (4, "-.-b-.-."), (5, ".-w-.-.-")]),
            with_rows(&[(2, "-.-b-.-."), (3, ".-.-w-.-")]),
        );
        assert!(referee(jump, &stops_early).is_err());
    }

    // ---- Rules, one small game each.

    #[test]
    fn contest_samples() {
        solved("W 3\n21-17\n13x22x31x24\n19x28\n");
        solved("B 5\n2-7\n9x2\n32-27\n2x11x18\n5-9\n");
    }

    #[test]
    fn square_numbering_and_directions() {
        // Square 1 is the second cell of the top row, square 5 the first of the second row;
        // a black man steps down (1 -> 6), a white man up (32 -> 28).
        let out = solved("B 2\n1-6\n32-28\n");
        assert_eq!(out.lines().next().unwrap(), "-b-.-.-. -.-.-.-.");
        assert_eq!(on_square(&out, true, 6), 'b');
        assert_eq!(on_square(&out, false, 32), 'w');
        assert_eq!(on_square(&out, true, 28), 'w');
        assert_eq!(on_square(&solved("W 1\n5-1\n"), false, 5), 'w');
    }

    #[test]
    fn a_piece_moving_backwards_was_a_king() {
        let out = solved("B 1\n18-14\n");
        assert_eq!(on_square(&out, false, 18), 'B');
        assert_eq!(on_square(&out, true, 14), 'B');
        let out = solved("W 1\n14x23\n");
        assert_eq!(on_square(&out, false, 14), 'W');
        // A piece moving forwards stays a man.
        assert_eq!(on_square(&solved("B 1\n14-18\n"), false, 14), 'b');
    }

    #[test]
    fn a_man_that_jumps_on_from_its_far_row_was_a_king() {
        // 10x3 reaches the top row, then jumps on: a promoted man would have had to stop.
        let out = solved("W 1\n10x3x12\n");
        assert_eq!(on_square(&out, false, 10), 'W');
    }

    #[test]
    fn compulsory_capture_before_a_simple_move_blocks_the_landing_square() {
        // After 23-18 Black's man on 15 could jump 18 and land on 22 unless 22 is occupied,
        // and the move that follows is made by another black man.
        let out = solved("B 3\n10-15\n23-18\n12-16\n");
        assert_ne!(on_square(&out, false, 22), '.');
    }

    #[test]
    fn compulsory_capture_after_a_jump_blocks_the_landing_square() {
        // Black's jump ends on 17 beside White's man on 22; 26 behind it must be occupied.
        let out = solved("W 2\n25-22\n10x17\n");
        assert_ne!(on_square(&out, false, 26), '.');
    }

    #[test]
    fn a_blocker_on_its_far_row_is_a_king_and_may_have_to_be_white() {
        // White's man on 9 faces Black's man on 6, so 2 (top row) needs a blocker. A black one
        // could jump White's man on 7 into the empty 11 before Black's last move: it must be
        // white, and a white piece on the top row is a king.
        let out = solved("W 4\n14-9\n1-6\n11-7\n6-10\n");
        assert_eq!(on_square(&out, false, 2), 'W');
    }

    #[test]
    fn the_same_game_turned_round_needs_a_black_blocker() {
        // The previous game rotated half a turn with the colours swapped: now only a black
        // king on 31 works, so neither colour can be chosen blindly.
        let out = solved("B 4\n19-24\n32-27\n22-26\n27-23\n");
        assert_eq!(on_square(&out, false, 31), 'B');
    }

    #[test]
    fn a_jump_chain_may_pass_its_own_start_square() {
        let out = solved("W 1\n14x7x16x23x14\n");
        assert_eq!(on_square(&out, false, 14), 'W');
        assert_eq!(on_square(&out, true, 14), 'W');
        for &k in [10, 11, 18, 19].iter() {
            assert!(on_square(&out, false, k) == 'b' || on_square(&out, false, k) == 'B');
            assert_eq!(on_square(&out, true, k), '.');
        }
    }

    #[test]
    fn promotion_ends_the_jump() {
        // 11x2 crowns White's man; as a king it could go on over 6 (black) into the empty 9,
        // but promotion ends the turn, so the man needs no blocker and no king status.
        let out = solved("B 4\n9-14\n30x23\n1-6\n11x2\n");
        assert_eq!(on_square(&out, false, 11), 'w');
        assert_eq!(on_square(&out, true, 2), 'W');
        assert_eq!(on_square(&out, true, 6), 'b');
        assert_eq!(on_square(&out, true, 9), '.');
    }

    #[test]
    fn captured_pieces_leave_at_once() {
        // Black steps onto 17 right after White captured the piece there.
        let out = solved("W 2\n21x14\n13-17\n");
        assert_eq!(on_square(&out, true, 17), 'b');
        assert_eq!(on_square(&out, true, 14), 'w');
    }

    #[test]
    fn every_single_move_of_the_notation_is_answered() {
        let cells = dark_cells();
        for first in ["B", "W"].iter() {
            for a in 1..=32usize {
                for b in 1..=32usize {
                    let (ra, ca) = cells[a - 1];
                    let (rb, cb) = cells[b - 1];
                    let (dr, dc) = ((rb - ra).abs(), (cb - ca).abs());
                    if dr == dc && dr == 1 {
                        solved(&format!("{} 1\n{}-{}\n", first, a, b));
                    }
                    if dr == dc && dr == 2 {
                        solved(&format!("{} 1\n{}x{}\n", first, a, b));
                    }
                }
            }
        }
    }

    #[test]
    fn contradictory_moves_are_reported_not_answered() {
        let cases = [
            "W 2\n21-17\n21-17\n", // nothing left on 21 for Black
            "W 2\n22-18\n15-19\n", // Black could capture 18 into the emptied 22
            "W 2\n22-18\n14-18\n", // 18 is occupied
            "B 2\n1-6\n6-10\n",    // the second move is White's, but 6 is black
            "B 1\n9x18x9\n",       // 14 was already captured
            // 2 needs a blocker (9 over 6); a black one could take 7 before 17-21, a white king
            // could take 6 into the emptied 9 before 22-18: only the search finds out.
            "W 7\n14-9\n1-6\n11-7\n17-21\n9-5\n21-25\n22-18\n",
        ];
        for input in cases.iter() {
            let result = answer(input);
            assert!(result.is_err(), "{} gave {:?}", input, result);
            assert!(result.unwrap_err().contains("no solution"));
        }
    }

    #[test]
    fn a_contradictory_move_is_named_with_its_line() {
        assert_eq!(
            answer("W 2\n21-17\n21-17\n").unwrap_err(),
            "line 3: no solution: move 2 has no black piece on 21"
        );
        assert_eq!(
            answer("W 2\n22-18\n15-19\n").unwrap_err(),
            "line 3: no solution: before move 2, black can jump from 15 over 18"
        );
    }

    #[test]
    fn errors_say_what_was_expected_and_quote_what_was_found() {
        assert_eq!(
            answer("W 1\n33-28\n").unwrap_err(),
            "line 2: expected a square number 1-32, found \"33\" in \"33-28\""
        );
        assert_eq!(
            answer("W 1\n22-23\n").unwrap_err(),
            "line 2: expected a diagonal step, found 22 to 23 in \"22-23\""
        );
    }

    #[test]
    fn a_huge_move_is_quoted_cut_short() {
        let input = format!("W 1\n{}\n", "1-".repeat(500_000));
        assert_eq!(
            answer(&input).unwrap_err(),
            "line 2: expected a move such as `9-13` or `9x18x25`, found \"1-1-1-1-1-1-1-1-1-1-\"... (1000000 characters)"
        );
    }

    #[test]
    fn squares_with_leading_zeros_are_not_in_the_notation() {
        assert_eq!(
            answer("W 1\n22-018\n").unwrap_err(),
            "line 2: expected a square number 1-32 without leading zeros, found \"018\" in \"22-018\""
        );
        assert_eq!(
            answer("B 1\n09-13\n").unwrap_err(),
            "line 2: expected a square number 1-32 without leading zeros, found \"09\" in \"09-13\""
        );
        assert_eq!(
            answer("B 1\n9x18x005\n").unwrap_err(),
            "line 2: expected a square number 1-32 without leading zeros, found \"005\" in \"9x18x005\""
        );
        assert_eq!(
            answer("B 1\n0-5\n").unwrap_err(),
            "line 2: expected a square number 1-32, found \"0\" in \"0-5\""
        );
        assert!(answer("B 1\n9-13\n").is_ok());
    }

    #[test]
    fn millions_of_trailing_newlines_are_read_not_kept() {
        let game = b"W 3\n21-17\n13x22x31x24\n19x28\n";
        let want = answer("W 3\n21-17\n13x22x31x24\n19x28\n").unwrap();
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut generated = Generated::new(game, filler, 2_000_000);
            let got = super::answer_to(io::BufReader::new(&mut generated)).unwrap();
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
        let head = b"W 3\n21-17\n13x22x31x24\n19x28\n";
        for filler in [&b"\n"[..], b"\r\n", b" \t\r\n"].iter() {
            let mut input = Chunked::new(head, filler, 32 * CHUNK, b"");
            assert_eq!(
                super::answer_to(&mut input).unwrap(),
                answer("W 3\n21-17\n13x22x31x24\n19x28\n").unwrap()
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
        // A byte deep in the blank end: its line is named, and shown as a
        // move line is (without the blanks at its ends, however many, even
        // when they began in an earlier chunk).
        let mut input = Chunked::new(head, b"\r\n", 8 * CHUNK, b"\r\n \t x y \r\n\n");
        assert_eq!(
            super::answer_to(&mut input).unwrap_err(),
            format!(
                "line {}: expected end of input after 3 moves, found \"x y\"",
                4 + 4 * CHUNK + 2
            )
        );
        let mut input = Chunked::new(head, b" ", 3 * CHUNK, b"z");
        assert_eq!(
            super::answer_to(&mut input).unwrap_err(),
            "line 5: expected end of input after 3 moves, found \"z\""
        );
    }

    #[test]
    fn megabytes_of_garbage_are_one_short_error() {
        let mut generated = Generated::new(b"", b"garbage ", 4_000_000);
        let message = super::answer_to(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 1: expected `B n` or `W n` with 1 <= n <= 100, found \"garbage garbage garb\"... (3999999 characters)"
        );
        let mut generated = Generated::new(b"W 1\n21-17\n", b"\n\x00", 4_000_000);
        let message = super::answer_to(io::BufReader::new(&mut generated)).unwrap_err();
        assert_eq!(
            message,
            "line 4: expected end of input after 1 moves, found \"\\0\""
        );
    }

    #[test]
    fn a_line_too_long_to_keep_is_never_read_as_its_start() {
        // Kept, these would read as a valid header and a valid move.
        let header = format!("W 1{}x\n21-17\n", " ".repeat(LINE_CAP));
        assert!(answer(&header)
            .unwrap_err()
            .starts_with("line 1: expected `B n`"));
        let far = format!("W 1\n21-17{}x\n", " ".repeat(LINE_CAP));
        assert!(answer(&far)
            .unwrap_err()
            .starts_with("line 2: expected a move"));
        let after = format!("W 1\n21-17\n{}x\n", " ".repeat(LINE_CAP));
        assert!(answer(&after)
            .unwrap_err()
            .starts_with("line 3: expected end of input"));
    }

    // ---- Input format.

    #[test]
    fn loose_line_endings_are_accepted() {
        let clean = answer("W 3\n21-17\n13x22x31x24\n19x28\n").unwrap();
        for input in [
            "W 3\r\n21-17\r\n13x22x31x24\r\n19x28\r\n",
            "W 3\n21-17\n13x22x31x24\n19x28",
            "W 3  \n21-17 \n13x22x31x24\t\n19x28\n\n",
        ]
        .iter()
        {
            assert_eq!(answer(input).as_ref(), Ok(&clean));
        }
    }

    #[test]
    fn malformed_input_names_its_line() {
        let cases = [
            ("", "line 1"),
            ("X 1\n1-6\n", "line 1"),
            ("W\n1-6\n", "line 1"),
            ("W 0\n", "line 1"),
            ("W 101\n", "line 1"),
            ("W 1 2\n1-6\n", "line 1"),
            ("W +1\n1-6\n", "line 1"),
            ("W 2\n22-18\n", "line 3"),
            ("W 1\n22-18\n9-13\n", "line 3"),
            ("W 2\n22-18\n\n9-13\n", "line 3"),
            ("W 1\n22--18\n", "line 2"),
            ("W 1\n22-\n", "line 2"),
            ("W 1\n22\n", "line 2"),
            ("W 1\na-b\n", "line 2"),
            ("W 1\n22x\n", "line 2"),
            ("W 1\n22-18x15\n", "line 2"),
            ("W 1\n33-28\n", "line 2"),
            ("W 1\n0-5\n", "line 2"),
            ("W 1\n22-23\n", "line 2"),
            ("W 1\n22-14\n", "line 2"),
            ("W 1\n22x18\n", "line 2"),
            ("W 2\n22-18\n9x9\n", "line 3"),
        ];
        for &(input, line) in cases.iter() {
            match answer(input) {
                Ok(out) => panic!("{:?} was accepted:\n{}", input, out),
                Err(e) => {
                    assert!(e.starts_with(line), "{:?}: {}", input, e);
                    assert!(!e.contains('\n'));
                }
            }
        }
    }
}
