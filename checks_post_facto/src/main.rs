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
//! blockers' colours.
//! Cost: O(n * 32) for parsing and replays; at most n * 128 nogoods (one per checkpoint and jump
//! line), of which the distinct ones are kept (at most 75 in the games measured). Each search
//! node scans them once; a path places one blocker per level on a distinct free square, so
//! there are at most 2^(k + 1) nodes for k free squares. Measured: at most 23 nodes, and
//! 0.4 ms for a whole game, on the samples and 3 000 random games of the judge's generator.
//!
//! Tested: each rule on its own small game; every answer replayed by an independent referee
//! that shares nothing with the solver; 1 500 random games that a naive second player makes
//! from random positions, each of which must be explained (src/tests.rs); 5 000 more random
//! games and the samples, checked by the judge.
//!
//! Input: `c n` (`B` or `W` moves first, one space, 1 <= n <= 100 without leading zeros), then
//! n moves, `a-b` for a simple move, `axb1xb2...` for a jump move. Output: 8 lines, each the
//! row of the board before the moves, a space, and the same row after them; `-` light cell,
//! `.` empty dark square, `b w` men, `B W` kings. Any valid answer is accepted. At most 1 MiB
//! of input is read; CRLF, blanks at either end of a line, a byte-order mark and blank lines
//! after the moves are fine. Malformed input, or moves that no position explains (the
//! statement, README.md, lists each case), gets one line on stderr naming the line, and exit
//! status 1.

use std::io::{self, Read, Write};

/// The two sides.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
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
// The solution, in the three steps of the header.

/// The starting position: forced squares, and blockers found by the search on free squares.
fn solve(game: &Game) -> Result<Board, String> {
    let mut start = deduce_touched_squares(game)?;
    let nogoods = collect_nogoods(game, &start)?;
    let mut search = Search {
        nogoods: &nogoods,
        blockers: [None; 32],
    };
    if !search.complete() {
        return Err(
            "no solution: no choice of the untouched squares makes every move legal".to_string(),
        );
    }
    for (square, cell) in start.iter_mut().enumerate() {
        if *cell == Cell::Free {
            *cell = match search.blockers[square] {
                Some(colour) => Cell::Piece(unmoving_piece(colour, square)),
                None => Cell::Empty,
            };
        }
    }
    Ok(start)
}

// ---------------------------------------------------------------------------------------------
// Step 1: the squares the moves force.

/// A piece of the starting position, followed through the game by step 1.
struct Token {
    origin: usize,
    colour: Colour,
    king_at_start: bool,
    king_now: bool,
}

/// What step 1 knows of a square at the current point of the game.
#[derive(Clone, Copy)]
enum Now {
    /// No move has touched it yet.
    Unknown,
    Empty,
    /// The piece of this index in the list of tokens.
    Holds(usize),
}

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

/// Follows the moves over a board of unknown squares. The first touch of a square fixes what it
/// held from the start; squares never touched stay `Free`. Pieces are men unless a move needs a
/// king. Fails (with a message) when the moves contradict each other.
fn deduce_touched_squares(game: &Game) -> Result<Board, String> {
    let mut start = [Cell::Free; 32];
    let mut now = [Now::Unknown; 32];
    let mut tokens: Vec<Token> = Vec::new();
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
// Step 2: compulsory capture as nogoods over the free squares.

/// "Free square `square` holds a piece of this colour", or with `None`, "holds nothing".
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Fact {
    square: usize,
    holds: Option<Colour>,
}

/// Facts that must not all hold: together they would offer a jump where the rules forbid one.
/// At most one fact says "holds nothing" (the landing square).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Nogood {
    facts: Vec<Fact>,
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
            let mut facts = Vec::new();
            // The jumper: one of the mover's pieces allowed to move this way.
            match board[from] {
                Cell::Piece(p) if p.colour == side && p.can_go(dir.0) => {}
                Cell::Free if unmoving_piece(side, from).can_go(dir.0) => facts.push(Fact {
                    square: from,
                    holds: Some(side),
                }),
                _ => continue,
            }
            // The victim: an enemy piece next to it.
            match board[over] {
                Cell::Piece(p) if p.colour != side => {}
                Cell::Free => facts.push(Fact {
                    square: over,
                    holds: Some(side.other()),
                }),
                _ => continue,
            }
            // The landing square behind it: empty.
            match board[to] {
                Cell::Empty => {}
                Cell::Free => facts.push(Fact {
                    square: to,
                    holds: None,
                }),
                _ => continue,
            }
            if facts.is_empty() {
                return Err((from, over));
            }
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
    // The same jump is forbidden again at every checkpoint where it stays open (before each
    // simple move the whole side is checked): kept once, the search scans far fewer (the most
    // one game kept was 75 of 2 657). The order also fixes which blocker is decided first.
    nogoods.sort();
    nogoods.dedup();
    Ok(nogoods)
}

// ---------------------------------------------------------------------------------------------
// Step 3: choosing the free squares' contents.

/// A nogood's state under the blockers placed so far (a free square without one is empty).
enum Verdict {
    /// Some fact is false.
    Harmless,
    /// Every fact holds, and none is about an empty square: these blockers conflict.
    Violated,
    /// Every fact holds, and the landing square is still empty: it needs a blocker.
    NeedsBlocker(usize),
}

fn verdict(nogood: &Nogood, blockers: &[Option<Colour>; 32]) -> Verdict {
    let mut landing = None;
    for fact in &nogood.facts {
        if blockers[fact.square] != fact.holds {
            return Verdict::Harmless;
        }
        if fact.holds.is_none() {
            landing = Some(fact.square);
        }
    }
    match landing {
        Some(square) => Verdict::NeedsBlocker(square),
        None => Verdict::Violated,
    }
}

/// The search over the blockers' colours: `blockers[s]` is the colour of the piece put on free
/// square `s`, `None` while it stays empty.
struct Search<'a> {
    nogoods: &'a [Nogood],
    blockers: [Option<Colour>; 32],
}

impl<'a> Search<'a> {
    /// Places blockers until no nogood holds, depth first; false when no choice of colours
    /// works from the blockers placed so far.
    fn complete(&mut self) -> bool {
        let mut wanted = None;
        for nogood in self.nogoods {
            match verdict(nogood, &self.blockers) {
                Verdict::Harmless => {}
                Verdict::Violated => return false,
                Verdict::NeedsBlocker(square) => wanted = wanted.or(Some(square)),
            }
        }
        let square = match wanted {
            None => return true,
            Some(square) => square,
        };
        // The square must hold a piece, and either colour may be the one that works.
        for colour in [Colour::Black, Colour::White] {
            self.blockers[square] = Some(colour);
            if self.complete() {
                return true;
            }
        }
        self.blockers[square] = None;
        false
    }
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
// The answer: the board before the moves and after them.

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
        eprintln!("checks_post_facto: {}", message);
        std::process::exit(1);
    }
}

/// The answer to the whole input: the header, the moves, then blank lines
/// only (blanks may also start a line); the board before the moves and after.
fn answer_to(input: &str) -> Result<String, String> {
    let mut lines = lines(input).map(|(at, line)| (at, line.trim_start_matches([' ', '\t'])));
    let header = lines.next().map_or("", |(_, line)| line);
    // `c n`: one space, then n in decimal without leading zeros or a sign (`parse` takes both).
    let count = header.get(2..).filter(|n| !n.starts_with(['0', '+']));
    let (first, count) = match (header.get(..2), count.map(str::parse::<usize>)) {
        (Some("B "), Some(Ok(n))) if (1..=100).contains(&n) => (Colour::Black, n),
        (Some("W "), Some(Ok(n))) if (1..=100).contains(&n) => (Colour::White, n),
        _ => return parse_error(1, "`B n` or `W n` with 1 <= n <= 100", &shown(header)),
    };
    let moves = (&mut lines).take(count).map(parse_move);
    let moves = moves.collect::<Result<Vec<Move>, String>>()?;
    if moves.len() < count {
        let expected = format!("move {} of {}", moves.len() + 1, count);
        return parse_error(moves.len() + 2, &expected, "end of input");
    }
    if let Some((at, line)) = lines.find(|(_, line)| !line.is_empty()) {
        let expected = format!("end of input after {} moves", count);
        return parse_error(at, &expected, &shown(line));
    }
    let game = Game { first, moves };
    let before = solve(&game)?;
    Ok(render(&before, &final_board(&game, &before)))
}

/// The one-line error for input that is not as the statement says.
fn parse_error<T>(line: usize, expected: &str, found: &str) -> Result<T, String> {
    let message = format!("line {}: expected {}, found {}", line, expected, found);
    Err(message)
}

/// `a-b` (one diagonal step) or `axb1xb2...` (hops of two diagonal steps).
fn parse_move((line, text): (usize, &str)) -> Result<Move, String> {
    let jump = !text.contains('-');
    let parts: Vec<&str> = text.split(if jump { 'x' } else { '-' }).collect();
    let notation = || parse_error(line, "a move such as `9-13` or `9x18x25`", &shown(text));
    if parts.len() < 2 || (!jump && parts.len() != 2) {
        return notation();
    }
    let mut squares = Vec::with_capacity(parts.len());
    for part in parts {
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return notation();
        }
        // Rule: standard notation writes a square without leading zeros, so `05`
        // and `005` are not square 5 (the judge's checker agrees).
        let zeros = part.len() > 1 && part.starts_with('0');
        let square = part.parse::<usize>().unwrap_or(0);
        if !(1..=32).contains(&square) || zeros {
            let rule = if zeros { " without leading zeros" } else { "" };
            let expected = format!("a square number 1-32{}", rule);
            let found = format!("{} in {}", shown(part), shown(text));
            return parse_error(line, &expected, &found);
        }
        squares.push(square - 1);
    }
    for pair in squares.windows(2) {
        if direction(pair[0], pair[1], if jump { 2 } else { 1 }).is_none() {
            let what = ["a diagonal step", "a jump over one square"][jump as usize];
            let found = format!("{} to {} in {}", pair[0] + 1, pair[1] + 1, shown(text));
            return parse_error(line, what, &found);
        }
    }
    Ok(Move {
        squares,
        jump,
        line,
    })
}

#[cfg(test)]
mod tests;
