//! Checker for checks_post_facto (ICPC World Finals 2019 C, English draughts).
//!
//! The input is a list of moves (`c n`, then `n` moves `a-b` or `axb1x…xbk`, squares
//! 1–32). An answer is 8 lines, each holding a row of the board before the moves and the
//! same row after them, separated by one space. Many answers are valid, so the reference
//! answer is not compared with: the checker replays the moves on the answer's "before"
//! board under the rules of English draughts and requires the answer's "after" board.
//!
//! Geometry: square k is on row (k−1)/4 counted from the top; the top-left cell is light,
//! so square 1 is the second cell of the top row and square 5 the first of the second.
//! Black's men move down the board (to higher square numbers), White's men up.

/// The two players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Black,
    White,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// Row step of this side's men: Black's men go down the board, White's go up.
    fn forward(self) -> i32 {
        match self {
            Side::Black => 1,
            Side::White => -1,
        }
    }

    /// The row on which this side's men are promoted (the opponent's back row).
    fn far_row(self) -> i32 {
        match self {
            Side::Black => 7,
            Side::White => 0,
        }
    }
}

/// A man or a king of one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    side: Side,
    king: bool,
}

impl Piece {
    fn from_char(c: char) -> Option<Piece> {
        let (side, king) = match c {
            'b' => (Side::Black, false),
            'B' => (Side::Black, true),
            'w' => (Side::White, false),
            'W' => (Side::White, true),
            _ => return None,
        };
        Some(Piece { side, king })
    }

    fn describe(self) -> String {
        let colour = match self.side {
            Side::Black => "black",
            Side::White => "white",
        };
        format!("{} {}", colour, if self.king { "king" } else { "man" })
    }

    /// Men move and jump only forward; kings in all four diagonal directions.
    fn may_step(self, row_step: i32) -> bool {
        self.king || row_step == self.side.forward()
    }
}

/// What is on a square, in words (for messages).
fn describe_square(content: Option<Piece>) -> String {
    match content {
        Some(p) => format!("a {}", p.describe()),
        None => "nothing".to_string(),
    }
}

/// The dark squares 1..=32; index 0 is unused.
type Board = [Option<Piece>; 33];

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Row (0 = top) and column (0 = left) of square `sq` (1..=32).
fn coords(sq: u8) -> (i32, i32) {
    let k = i32::from(sq) - 1;
    let row = k / 4;
    // Even rows begin with a light cell, so their dark cells are the odd columns.
    let col = 2 * (k % 4) + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The square at (row, col), if that cell is on the board and dark.
fn square_at(row: i32, col: i32) -> Option<u8> {
    if !(0..8).contains(&row) || !(0..8).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 4 + col / 2 + 1) as u8)
}

/// A jump the piece on `from` could make right now: (jumped square, landing square).
/// A jump goes over an adjacent enemy piece onto the empty square just beyond it.
fn jump_from(board: &Board, from: u8) -> Option<(u8, u8)> {
    let piece = board[from as usize]?;
    let (row, col) = coords(from);
    for &(dr, dc) in DIAGONALS.iter() {
        if !piece.may_step(dr) {
            continue;
        }
        let over = square_at(row + dr, col + dc);
        let land = square_at(row + 2 * dr, col + 2 * dc);
        if let (Some(over), Some(land)) = (over, land) {
            let enemy = matches!(board[over as usize], Some(p) if p.side != piece.side);
            if enemy && board[land as usize].is_none() {
                return Some((over, land));
            }
        }
    }
    None
}

/// Some jump `side` could make: (from, jumped square, landing square).
fn any_jump(board: &Board, side: Side) -> Option<(u8, u8, u8)> {
    (1..=32u8)
        .filter(|&sq| matches!(board[sq as usize], Some(p) if p.side == side))
        .find_map(|sq| jump_from(board, sq).map(|(over, land)| (sq, over, land)))
}

/// One move of the input: its text and the squares it names.
struct Move {
    text: String,
    squares: Vec<u8>,
    jump: bool,
}

/// A square number 1..=32 written in decimal digits.
/// Leading zeros (`05`, `005`) are not standard notation; the solution rejects
/// them too.
fn parse_square(s: &str) -> Option<u8> {
    if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) || s.starts_with('0') {
        return None;
    }
    let v: u8 = s.parse().ok()?;
    if (1..=32).contains(&v) {
        Some(v)
    } else {
        None
    }
}

/// `a-b` (simple move) or `axb1x…xbk` (jump move, k ≥ 1).
fn parse_move(text: &str) -> Option<Move> {
    let jump = !text.contains('-');
    let parts: Vec<&str> = if jump {
        text.split('x').collect()
    } else {
        text.split('-').collect()
    };
    if parts.len() < 2 || (!jump && parts.len() != 2) {
        return None;
    }
    let squares = parts
        .iter()
        .map(|p| parse_square(p))
        .collect::<Option<Vec<u8>>>()?;
    Some(Move {
        text: text.to_string(),
        squares,
        jump,
    })
}

/// The side to move first and the moves.
fn parse_input(input: &str) -> Result<(Side, Vec<Move>), String> {
    let mut tokens = input.split_whitespace();
    let side = match tokens.next() {
        Some("B") => Side::Black,
        Some("W") => Side::White,
        other => return Err(format!("expected B or W first, got {:?}", other)),
    };
    let n: usize = match tokens.next().map(|t| t.parse()) {
        Some(Ok(n)) if n >= 1 => n,
        _ => return Err("expected the number of moves (at least 1) after the side".to_string()),
    };
    // Never reserve by the count read: `B 55555555523` would ask for terabytes.
    let mut moves = Vec::new();
    for i in 1..=n {
        let token = tokens
            .next()
            .ok_or_else(|| format!("expected {} moves, found {}", n, i - 1))?;
        let mv = parse_move(token)
            .ok_or_else(|| format!("move {} {:?} is not in the notation a-b or axbx…", i, token))?;
        moves.push(mv);
    }
    if let Some(extra) = tokens.next() {
        return Err(format!("unexpected {:?} after the {} moves", extra, n));
    }
    Ok((side, moves))
}

/// The answer's two boards. Exactly 8 lines of 17 characters: a board row, one space,
/// a board row. As in the judge's line comparison, CRLF line ends, spaces at line ends,
/// a missing final newline and trailing empty lines are tolerated; nothing else is.
fn parse_answer(output: &str) -> Result<(Board, Board), String> {
    // Counted and walked, never collected: an output of millions of lines costs nothing.
    let count = crate::lines::significant_len(output);
    if count != 8 {
        return Err(format!("expected 8 lines, got {}", count));
    }
    let mut before: Board = [None; 33];
    let mut after: Board = [None; 33];
    for (row, line) in crate::lines::lines(output).take(8).enumerate() {
        let line_no = row + 1;
        let length = line.chars().count();
        if length != 17 {
            return Err(format!(
                "line {}: expected 17 characters (two 8-cell boards and one space), got {}: {}",
                line_no,
                length,
                crate::lines::quoted(line)
            ));
        }
        let chars: Vec<char> = line.chars().collect();
        if chars[8] != ' ' {
            return Err(format!(
                "line {}: expected a space between the two boards, got {:?}",
                line_no, chars[8]
            ));
        }
        for (board_name, offset, board) in [("before", 0, &mut before), ("after", 9, &mut after)] {
            for col in 0..8 {
                let c = chars[offset + col];
                match square_at(row as i32, col as i32) {
                    None if c != '-' => {
                        return Err(format!(
                            "line {}, {} board, cell {}: a light cell must be '-', got {:?}",
                            line_no,
                            board_name,
                            col + 1,
                            c
                        ));
                    }
                    None => {}
                    Some(sq) => {
                        board[sq as usize] = match c {
                            '.' => None,
                            _ => Some(Piece::from_char(c).ok_or_else(|| {
                                format!(
                                    "line {}, {} board, cell {} (square {}): a dark cell must be \
                                     one of . b w B W, got {:?}",
                                    line_no,
                                    board_name,
                                    col + 1,
                                    sq,
                                    c
                                )
                            })?),
                        };
                    }
                }
            }
        }
    }
    Ok((before, after))
}

/// No black man on the bottom row, no white man on the top row: it would have been
/// promoted already.
fn check_no_unpromoted_men(board: &Board) -> Result<(), String> {
    for sq in 1..=32u8 {
        if let Some(p) = board[sq as usize] {
            if !p.king && coords(sq).0 == p.side.far_row() {
                return Err(format!(
                    "before board: a {} on square {} (its far row) would already have been \
                     promoted",
                    p.describe(),
                    sq
                ));
            }
        }
    }
    Ok(())
}

/// Plays one move of `side` on `board`, or says which rule it breaks.
fn play(board: &mut Board, side: Side, mv: &Move) -> Result<(), String> {
    let from = mv.squares[0];
    let mut piece = match board[from as usize] {
        Some(p) if p.side == side => p,
        other => {
            return Err(format!(
                "{} is to move but square {} holds {}",
                side.name(),
                from,
                describe_square(other)
            ))
        }
    };
    if !mv.jump {
        return play_simple(board, side, piece, from, mv.squares[1]);
    }
    // The piece leaves its square at once, so a chain may pass through it again.
    board[from as usize] = None;
    let mut at = from;
    let mut promoted_on: Option<u8> = None;
    for &to in &mv.squares[1..] {
        if let Some(sq) = promoted_on {
            return Err(format!(
                "the man was promoted on {}, which ends the turn; it cannot jump on to {}",
                sq, to
            ));
        }
        let (r0, c0) = coords(at);
        let (r1, c1) = coords(to);
        let (dr, dc) = (r1 - r0, c1 - c0);
        if dr.abs() != 2 || dc.abs() != 2 {
            return Err(format!("{}x{} is not a jump (two diagonal steps)", at, to));
        }
        if !piece.may_step(dr / 2) {
            return Err(format!(
                "{}x{}: a {} cannot jump backwards",
                at,
                to,
                piece.describe()
            ));
        }
        let over = square_at(r0 + dr / 2, c0 + dc / 2).expect("midpoint of two dark squares");
        match board[over as usize] {
            Some(p) if p.side != side => {}
            other => {
                return Err(format!(
                    "{}x{}: the jumped square {} holds {}, not an enemy piece",
                    at,
                    to,
                    over,
                    describe_square(other)
                ))
            }
        }
        if let Some(p) = board[to as usize] {
            return Err(format!(
                "{}x{}: the landing square {} holds a {}",
                at,
                to,
                to,
                p.describe()
            ));
        }
        // The jumped piece is captured at once.
        board[over as usize] = None;
        at = to;
        if !piece.king && r1 == side.far_row() {
            piece.king = true;
            promoted_on = Some(to);
        }
    }
    board[at as usize] = Some(piece);
    // A jump move ends only when the piece has no jump left (or has just been promoted).
    if promoted_on.is_none() {
        if let Some((over, land)) = jump_from(board, at) {
            return Err(format!(
                "after the last hop the piece on {} can still jump {} (over {})",
                at, land, over
            ));
        }
    }
    Ok(())
}

/// A simple move: one diagonal step (men forward only) onto an empty square, allowed
/// only when the side has no jump anywhere (captures are compulsory).
fn play_simple(
    board: &mut Board,
    side: Side,
    piece: Piece,
    from: u8,
    to: u8,
) -> Result<(), String> {
    let (r0, c0) = coords(from);
    let (r1, c1) = coords(to);
    let (dr, dc) = (r1 - r0, c1 - c0);
    if dr.abs() != 1 || dc.abs() != 1 {
        return Err(format!("{} and {} are not diagonal neighbours", from, to));
    }
    if !piece.may_step(dr) {
        return Err(format!("a {} cannot move backwards", piece.describe()));
    }
    if let Some(p) = board[to as usize] {
        return Err(format!("the target square {} holds a {}", to, p.describe()));
    }
    if let Some((a, over, land)) = any_jump(board, side) {
        return Err(format!(
            "{} must jump (e.g. {}x{} over {}), a simple move is not allowed",
            side.name(),
            a,
            land,
            over
        ));
    }
    let mut moved = piece;
    if r1 == side.far_row() {
        moved.king = true;
    }
    board[from as usize] = None;
    board[to as usize] = Some(moved);
    Ok(())
}

/// Accepts `output` as an answer to `input`, or says why not.
/// `expected` is the sample's reference answer (one valid answer among many); it is not
/// used, because every valid answer is accepted.
pub fn check(input: &str, _expected: &str, output: &str) -> Result<(), String> {
    let (first, moves) = parse_input(input).map_err(|e| format!("bad input: {}", e))?;
    let (before, after) = parse_answer(output)?;
    check_no_unpromoted_men(&before)?;
    let mut board = before;
    let mut side = first;
    for (i, mv) in moves.iter().enumerate() {
        let before_move = board;
        if let Err(e) = play(&mut board, side, mv) {
            return Err(format!(
                "move {} ({}): {}\nthe board before that move, {} to play:\n{}",
                i + 1,
                mv.text,
                e,
                side.name(),
                draw(&before_move)
            ));
        }
        side = side.other();
    }
    for sq in 1..=32u8 {
        if board[sq as usize] != after[sq as usize] {
            return Err(format!(
                "after the moves square {} holds {}, but the after board shows {}",
                sq,
                describe_square(board[sq as usize]),
                describe_square(after[sq as usize])
            ));
        }
    }
    Ok(())
}

/// A board as in the answer (`-` light, `.` empty, `b w B W`), each row
/// followed by the numbers of its squares.
fn draw(board: &Board) -> String {
    let mut text = String::new();
    for row in 0..8 {
        text.push_str("  ");
        for col in 0..8 {
            text.push(match square_at(row, col) {
                None => '-',
                Some(sq) => match board[usize::from(sq)] {
                    None => '.',
                    Some(p) => match (p.side, p.king) {
                        (Side::Black, false) => 'b',
                        (Side::Black, true) => 'B',
                        (Side::White, false) => 'w',
                        (Side::White, true) => 'W',
                    },
                },
            });
        }
        text += &format!("   {:>2}-{}\n", row * 4 + 1, row * 4 + 4);
    }
    text
}

/// The input in the canonical form of the problem package (what
/// `validators/src/bin/checks_post_facto.rs` accepts): `c n` with one space,
/// one move a line without blanks around it, LF line ends, no byte-order
/// mark, no blank lines at the end. A tolerated variant of a valid input
/// becomes valid; an invalid one stays invalid.
#[cfg_attr(not(test), allow(dead_code))] // for the problem package export
pub fn canonical(input: &str) -> String {
    let lines: Vec<String> = super::tidy_lines(input)
        .iter()
        .enumerate()
        .map(|(i, line)| match i {
            0 => line.split_whitespace().collect::<Vec<_>>().join(" "),
            _ => line.trim_start_matches([' ', '\t']).to_string(),
        })
        .collect();
    super::lf_lines(&lines)
}

/// The board of the contest's figure with every square numbered, the squares
/// the input's moves go through in brackets and light cells as `-`; `None`
/// when the input is not a move list.
pub fn picture(input: &str) -> Option<String> {
    let (_, moves) = parse_input(input).ok()?;
    let mut used = [false; 33];
    for mv in &moves {
        for &sq in &mv.squares {
            used[usize::from(sq)] = true;
        }
    }
    let mut text = String::new();
    for row in 0..8 {
        for col in 0..8 {
            text += &match square_at(row, col) {
                None => "  - ".to_string(),
                Some(sq) if used[usize::from(sq)] => format!("[{:>2}]", sq),
                Some(sq) => format!(" {:>2} ", sq),
            };
        }
        text = text.trim_end().to_string() + "\n";
    }
    text += "(squares the moves use are in brackets; Black starts at the top)\n";
    Some(text)
}

/// Random legal games of English draughts: the generator of the judge's stress tests
/// (`generate`) and of this file's tests.
///
/// The generator plays real games, so every move list it writes has a valid answer: the
/// position it started from and the one it ended in. It is written independently of the
/// checker above (an 8×8 grid of characters, row/column coordinates, a depth-first search
/// for full jump chains), so that the two do not share a mistake.
mod generator {
    use crate::rng::Rng;

    pub type Grid = [[u8; 8]; 8];

    pub fn dark(r: usize, c: usize) -> bool {
        (r + c) % 2 == 1
    }

    pub fn number(r: usize, c: usize) -> usize {
        r * 4 + c / 2 + 1
    }

    pub fn is_black(x: u8) -> bool {
        x == b'b' || x == b'B'
    }

    pub fn enemies(a: u8, b: u8) -> bool {
        b != b'.' && a != b'.' && is_black(a) != is_black(b)
    }

    /// Row steps allowed for a piece: black men down (+1), white men up (−1), kings both.
    pub fn row_steps(x: u8) -> &'static [i32] {
        match x {
            b'b' => &[1],
            b'w' => &[-1],
            _ => &[-1, 1],
        }
    }

    pub fn reaches_far_row(x: u8, r: usize) -> bool {
        (x == b'b' && r == 7) || (x == b'w' && r == 0)
    }

    pub fn crown(x: u8) -> u8 {
        x.to_ascii_uppercase()
    }

    pub fn cell(r: i32, c: i32) -> Option<(usize, usize)> {
        if (0..8).contains(&r) && (0..8).contains(&c) {
            Some((r as usize, c as usize))
        } else {
            None
        }
    }

    /// A move in the game: the visited cells (origin first) and whether it jumps.
    #[derive(Clone)]
    pub struct GMove {
        pub path: Vec<(usize, usize)>,
        pub jump: bool,
    }

    impl GMove {
        pub fn notation(&self) -> String {
            let sep = if self.jump { "x" } else { "-" };
            self.path
                .iter()
                .map(|&(r, c)| number(r, c).to_string())
                .collect::<Vec<_>>()
                .join(sep)
        }
    }

    /// Extends the chain in `path` (the piece `x` stands on its last cell, not on the
    /// grid) with every continuation; completed chains go to `out`.
    pub fn extend_chain(g: &mut Grid, x: u8, path: &mut Vec<(usize, usize)>, out: &mut Vec<GMove>) {
        let (r, c) = *path.last().unwrap();
        let mut extended = false;
        for &dr in row_steps(x) {
            for dc in [-1i32, 1] {
                let mid = cell(r as i32 + dr, c as i32 + dc);
                let land = cell(r as i32 + 2 * dr, c as i32 + 2 * dc);
                let (Some((mr, mc)), Some((lr, lc))) = (mid, land) else {
                    continue;
                };
                if !enemies(x, g[mr][mc]) || g[lr][lc] != b'.' {
                    continue;
                }
                extended = true;
                let taken = g[mr][mc];
                g[mr][mc] = b'.';
                path.push((lr, lc));
                if reaches_far_row(x, lr) {
                    // Promotion ends the move.
                    out.push(GMove {
                        path: path.clone(),
                        jump: true,
                    });
                } else {
                    extend_chain(g, x, path, out);
                }
                path.pop();
                g[mr][mc] = taken;
            }
        }
        if !extended && path.len() > 1 {
            out.push(GMove {
                path: path.clone(),
                jump: true,
            });
        }
    }

    /// Every legal move of the side (`black` or not): the jump moves if there is any,
    /// else the simple moves.
    pub fn legal_moves(g: &Grid, black: bool) -> Vec<GMove> {
        let mut jumps = Vec::new();
        let mut simples = Vec::new();
        let mut work = *g;
        for r in 0..8 {
            for c in 0..8 {
                let x = g[r][c];
                if x == b'.' || !dark(r, c) || is_black(x) != black {
                    continue;
                }
                work[r][c] = b'.';
                extend_chain(&mut work, x, &mut vec![(r, c)], &mut jumps);
                work[r][c] = x;
                for &dr in row_steps(x) {
                    for dc in [-1i32, 1] {
                        if let Some((tr, tc)) = cell(r as i32 + dr, c as i32 + dc) {
                            if g[tr][tc] == b'.' {
                                simples.push(GMove {
                                    path: vec![(r, c), (tr, tc)],
                                    jump: false,
                                });
                            }
                        }
                    }
                }
            }
        }
        if jumps.is_empty() {
            simples
        } else {
            jumps
        }
    }

    /// Whether the side has any move at all, and whether it has a jump (cheaper than
    /// listing the moves).
    pub fn options(g: &Grid, black: bool) -> (bool, bool) {
        let mut can_move = false;
        for r in 0..8 {
            for c in 0..8 {
                let x = g[r][c];
                if x == b'.' || !dark(r, c) || is_black(x) != black {
                    continue;
                }
                for &dr in row_steps(x) {
                    for dc in [-1i32, 1] {
                        let Some((tr, tc)) = cell(r as i32 + dr, c as i32 + dc) else {
                            continue;
                        };
                        if g[tr][tc] == b'.' {
                            can_move = true;
                        } else if enemies(x, g[tr][tc]) {
                            let beyond = cell(r as i32 + 2 * dr, c as i32 + 2 * dc);
                            if matches!(beyond, Some((lr, lc)) if g[lr][lc] == b'.') {
                                return (true, true);
                            }
                        }
                    }
                }
            }
        }
        (can_move, false)
    }

    /// The grid after `m`; returns also the number of pieces captured.
    pub fn apply(g: &Grid, m: &GMove) -> (Grid, usize) {
        let mut n = *g;
        let (r0, c0) = m.path[0];
        let x = n[r0][c0];
        n[r0][c0] = b'.';
        let mut captured = 0;
        if m.jump {
            for w in m.path.windows(2) {
                n[(w[0].0 + w[1].0) / 2][(w[0].1 + w[1].1) / 2] = b'.';
                captured += 1;
            }
        }
        let (r1, c1) = *m.path.last().unwrap();
        n[r1][c1] = if reaches_far_row(x, r1) { crown(x) } else { x };
        (n, captured)
    }

    /// A random legal game: the input text, the true start and end, some statistics.
    #[derive(Clone)]
    #[cfg_attr(not(test), allow(dead_code))] // the statistics and true positions serve the tests
    pub struct Game {
        pub input: String,
        pub start: Grid,
        pub end: Grid,
        pub moves: usize,
        pub captures: usize,
        pub multi_jumps: usize,
    }

    pub fn random_position(rng: &mut Rng) -> Grid {
        let fill = match rng.below(10) {
            0..=2 => 8 + rng.below(20),  // sparse
            3..=5 => 30 + rng.below(25), // medium
            _ => 55 + rng.below(40),     // dense
        };
        let kings = [0, 10, 30, 60][rng.below(4) as usize];
        let black_share = 30 + rng.below(41);
        let mut g = [[b'-'; 8]; 8];
        for (r, row) in g.iter_mut().enumerate() {
            for (c, x) in row.iter_mut().enumerate() {
                if !dark(r, c) {
                    continue;
                }
                *x = b'.';
                if rng.chance(fill) {
                    let man = if rng.chance(black_share) { b'b' } else { b'w' };
                    // A man on its far row would have been promoted.
                    *x = if rng.chance(kings) || reaches_far_row(man, r) {
                        crown(man)
                    } else {
                        man
                    };
                }
            }
        }
        g
    }

    /// A random legal game, as the judge's own tests want them: mostly 100 moves long.
    #[cfg(test)]
    pub fn random_game(rng: &mut Rng) -> Game {
        loop {
            let start = random_position(rng);
            let first_black = rng.chance(50);
            let target = if rng.chance(70) {
                100
            } else {
                1 + rng.below(100) as usize
            };
            if let Some(game) = play_game(rng, start, first_black, target) {
                return game;
            }
        }
    }

    /// A random valid input for a stress test: a legal game of 1 to 100 moves, mostly
    /// short, so that a failure found is usually small already.
    pub fn generate(rng: &mut Rng) -> String {
        loop {
            let start = random_position(rng);
            let first_black = rng.chance(50);
            let target = match rng.below(10) {
                0..=3 => rng.between(1, 6),
                4..=6 => rng.between(1, 30),
                _ => rng.between(1, 100),
            } as usize;
            if let Some(game) = play_game(rng, start, first_black, target) {
                return game.input;
            }
        }
    }

    /// Plays up to `target` random legal moves from `start`; `None` when the first side
    /// to move has no move at all.
    fn play_game(rng: &mut Rng, start: Grid, first_black: bool, target: usize) -> Option<Game> {
        // Capture-hungry games often prefer simple moves that offer the opponent a
        // jump; cautious ones (negative hunger) often avoid them, and last longer.
        let hunger: i32 = [-80, -40, 0, 40, 80][rng.below(5) as usize];
        let mut g = start;
        let mut black = first_black;
        let mut notation = Vec::new();
        let (mut captures, mut multi_jumps) = (0, 0);
        while notation.len() < target {
            let moves = legal_moves(&g, black);
            if moves.is_empty() {
                break;
            }
            let replies = |m: &GMove| options(&apply(&g, m).0, !black);
            let mut pool: Vec<&GMove> = moves.iter().collect();
            if !moves[0].jump && rng.chance(u64::from(hunger.unsigned_abs())) {
                let offers: Vec<&GMove> = pool
                    .iter()
                    .copied()
                    .filter(|m| replies(m).1 == (hunger > 0))
                    .collect();
                if !offers.is_empty() {
                    pool = offers;
                }
            }
            // Mostly keep the game going: avoid leaving the opponent without a move.
            if rng.chance(90) {
                let going: Vec<&GMove> = pool.iter().copied().filter(|m| replies(m).0).collect();
                if !going.is_empty() {
                    pool = going;
                }
            }
            let pick = pool[rng.below(pool.len() as u64) as usize].clone();
            let (next, taken) = apply(&g, &pick);
            captures += taken;
            if taken > 1 {
                multi_jumps += 1;
            }
            notation.push(pick.notation());
            g = next;
            black = !black;
        }
        if notation.is_empty() {
            return None;
        }
        let input = format!(
            "{} {}\n{}\n",
            if first_black { 'B' } else { 'W' },
            notation.len(),
            notation.join("\n")
        );
        Some(Game {
            input,
            start,
            end: g,
            moves: notation.len(),
            captures,
            multi_jumps,
        })
    }
}

/// One case in this many is a hard game (see [`HARD_GAMES`]).
const HARD_ONE_IN: u64 = 20;

/// The games that need the most search known: samples 13 (a hundred moves,
/// the most positions searched) and 14 and 15 (the deepest searches for
/// blockers).
const HARD_GAMES: [&str; 3] = [
    include_str!("../../../samples/checks_post_facto/13-hundred-moves-most-search.in"),
    include_str!("../../../samples/checks_post_facto/14-deepest-blocker-search.in"),
    include_str!("../../../samples/checks_post_facto/15-deepest-blocker-search-2.in"),
];

/// A random valid input (a legal game of 1 to 100 moves) for the stress
/// test. One in [`HARD_ONE_IN`] is one of the hard games, as it is or turned
/// (see [`turned`]), so that a program too slow for the hardest samples gets
/// TLE here too.
pub fn generate(rng: &mut crate::rng::Rng) -> String {
    if rng.below(HARD_ONE_IN) == 0 {
        let game = rng.pick(&HARD_GAMES);
        return match rng.chance(50) {
            true => game.to_string(),
            false => turned(game),
        };
    }
    generator::generate(rng)
}

/// The game on the board turned half round with the colours swapped: square
/// `s` becomes `33 - s`, and the other side moves first. Each side's men then
/// head the way the other's did, so the rules see the same game: legal from
/// the turned positions, and as hard to search.
fn turned(game: &str) -> String {
    let mut text = String::with_capacity(game.len());
    let mut number = String::new();
    let flush = |number: &mut String, text: &mut String| {
        if let Ok(square) = number.parse::<u8>() {
            text.push_str(&(33 - square).to_string());
        }
        number.clear();
    };
    for (i, line) in game.lines().enumerate() {
        if i == 0 {
            // `W 100` becomes `B 100`: the header holds no square.
            let swapped = match line.chars().next() {
                Some('W') => 'B',
                _ => 'W',
            };
            text.push(swapped);
            text.push_str(line.get(1..).unwrap_or(""));
            text.push('\n');
            continue;
        }
        for c in line.chars() {
            if c.is_ascii_digit() {
                number.push(c);
            } else {
                flush(&mut number, &mut text);
                text.push(c);
            }
        }
        flush(&mut number, &mut text);
        text.push('\n');
    }
    text
}

/// Smaller inputs for the shrinker. First contiguous runs of the moves, each a legal game
/// from the position before its first move: halves, quarters, ... down to one move are cut
/// from either end, the biggest cuts first. Then the games with an even run of moves taken
/// out of the middle (as many of each side, so the turns still alternate), long runs
/// first: such a game may be legal from no position at all, so the stress test keeps one
/// only when our solution finds a position for it that the checker accepts. For games of
/// at most 16 moves, last, any two moves of different sides taken out.
pub fn shrink(input: &str) -> Vec<String> {
    let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next().and_then(|header| header.chars().next()) else {
        return Vec::new();
    };
    let moves: Vec<&str> = lines.collect();
    let mut cuts = Vec::new();
    let mut cut = moves.len() / 2;
    while cut > 0 {
        cuts.push(cut);
        cut /= 2;
    }
    if moves.len() > 1 && !cuts.contains(&1) {
        cuts.push(1);
    }
    let other = if first == 'B' { 'W' } else { 'B' };
    let mut smaller = Vec::new();
    for cut in cuts {
        // Cutting from the front: the side to move first changes with an odd cut.
        let mover = if cut % 2 == 0 { first } else { other };
        smaller.push(render(mover, &moves[cut..]));
        smaller.push(render(first, &moves[..moves.len() - cut]));
    }
    let mut run = moves.len().saturating_sub(2) / 2 * 2;
    while run >= 2 {
        for i in 1..moves.len().saturating_sub(run) {
            let mut fewer = moves.clone();
            fewer.drain(i..i + run);
            smaller.push(render(first, &fewer));
        }
        run = if run > 2 { (run / 2).max(2) / 2 * 2 } else { 0 };
    }
    // Last, for short games: one move of each side taken out anywhere.
    if moves.len() <= 16 {
        for i in 0..moves.len() {
            for j in (i + 1..moves.len()).step_by(2) {
                let fewer: Vec<&str> = (0..moves.len())
                    .filter(|&k| k != i && k != j)
                    .map(|k| moves[k])
                    .collect();
                let mover = if i == 0 { other } else { first };
                smaller.push(render(mover, &fewer));
            }
        }
    }
    smaller
}

fn render(first: char, moves: &[&str]) -> String {
    let mut text = format!("{} {}\n", first, moves.len());
    for mv in moves {
        text += mv;
        text.push('\n');
    }
    text
}

/// How big an input is: its number of moves.
pub fn size(input: &str) -> (usize, &'static str) {
    let moves = input
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    (moves, "moves")
}

mod failing;
pub use failing::FAILING;

#[cfg(test)]
mod tests {
    use super::generator::*;
    use super::{check, picture};
    use super::{generate, turned, HARD_GAMES};
    use crate::rng::Rng;

    /// An answer (two boards side by side) turned as [`turned`] turns a game:
    /// rows and cells in reverse order, colours swapped.
    fn turned_answer(answer: &str) -> String {
        let swap = |c: char| match c {
            'w' => 'b',
            'b' => 'w',
            'W' => 'B',
            'B' => 'W',
            c => c,
        };
        let mut rows: Vec<String> = answer
            .lines()
            .map(|row| {
                let boards: Vec<String> = row
                    .split(' ')
                    .map(|board| board.chars().rev().map(swap).collect())
                    .collect();
                boards.join(" ")
            })
            .collect();
        rows.reverse();
        rows.join("\n") + "\n"
    }

    #[test]
    fn a_turned_hard_game_is_as_legal_as_the_game() {
        let answers = [
            include_str!("../../../samples/checks_post_facto/13-hundred-moves-most-search.out"),
            include_str!("../../../samples/checks_post_facto/14-deepest-blocker-search.out"),
            include_str!("../../../samples/checks_post_facto/15-deepest-blocker-search-2.out"),
        ];
        for (game, answer) in HARD_GAMES.iter().zip(answers) {
            assert_eq!(check(game, answer, answer), Ok(()));
            let (game_turned, answer_turned) = (turned(game), turned_answer(answer));
            assert_ne!(&game_turned, game);
            assert_eq!(
                check(&game_turned, "", &answer_turned),
                Ok(()),
                "{}",
                game_turned
            );
            // The sample's answer itself does not fit the turned game.
            assert!(check(&game_turned, "", answer).is_err());
            assert_eq!(&turned(&game_turned), game);
        }
        assert_eq!(turned("B 2\n1-5\n30x23x14\n"), "W 2\n32-28\n3x10x19\n");
    }

    #[test]
    fn about_one_case_in_twenty_is_a_hard_game() {
        let hard: Vec<String> = HARD_GAMES
            .iter()
            .flat_map(|game| [game.to_string(), turned(game)])
            .collect();
        let drawn = (0..1000)
            .filter(|&case| hard.contains(&generate(&mut Rng::for_case(3, case))))
            .count();
        assert!((25..=80).contains(&drawn), "{} hard games of 1000", drawn);
    }

    const SAMPLE1_IN: &str = "W 3\n21-17\n13x22x31x24\n19x28\n";
    const SAMPLE1_OUT: &str = "\
-b-.-.-. -b-.-.-.
.-.-.-.- .-.-.-.-
-.-.-.-. -.-.-.-.
B-.-w-.- .-.-w-.-
-.-.-W-. -.-.-.-.
w-.-.-.- .-.-.-.-
-.-w-w-. -.-.-.-W
.-.-.-.- .-.-.-.-
";
    const SAMPLE2_IN: &str = "B 5\n2-7\n9x2\n32-27\n2x11x18\n5-9\n";
    const SAMPLE2_OUT: &str = "\
-.-b-.-W -.-.-.-W
b-b-.-.- .-.-.-.-
-w-.-.-. -b-.-.-.
B-w-b-.- B-w-.-.-
-.-.-.-. -.-W-.-.
.-.-.-.- .-.-.-.-
-.-.-.-. -.-.-B-.
.-.-.-B- .-.-.-.-
";

    /// An empty answer (both boards empty dark cells).
    fn empty_answer() -> String {
        let mut s = String::new();
        for row in 0..8 {
            let half: String = (0..8)
                .map(|col| if (row + col) % 2 == 0 { '-' } else { '.' })
                .collect();
            s.push_str(&format!("{} {}\n", half, half));
        }
        s
    }

    /// `answer` with square `sq` of the before board (`after == false`) or the after
    /// board set to `c`. Written with its own square arithmetic on purpose.
    fn with_square(answer: &str, after: bool, sq: usize, c: char) -> String {
        let row = (sq - 1) / 4;
        let col = 2 * ((sq - 1) % 4) + (1 - row % 2);
        let mut lines: Vec<Vec<char>> = answer.lines().map(|l| l.chars().collect()).collect();
        assert!(lines[row][col + if after { 9 } else { 0 }] != '-');
        lines[row][col + if after { 9 } else { 0 }] = c;
        let mut s = String::new();
        for l in lines {
            s.extend(l);
            s.push('\n');
        }
        s
    }

    /// Sets squares on both boards.
    fn with_both(answer: &str, sq: usize, c: char) -> String {
        with_square(&with_square(answer, false, sq, c), true, sq, c)
    }

    fn rejects(input: &str, output: &str, needles: &[&str]) {
        match check(input, "", output) {
            Ok(()) => panic!("accepted but should not be:\n{}\n{}", input, output),
            Err(e) => {
                for n in needles {
                    assert!(e.contains(n), "message {:?} lacks {:?}", e, n);
                }
            }
        }
    }

    #[test]
    fn a_rejected_move_comes_with_the_board_before_it() {
        // Sample 1's answer with the white man on 21 gone: move 1 (21-17) fails.
        let answer = with_square(SAMPLE1_OUT, false, 21, '.');
        let why = check(SAMPLE1_IN, "", &answer).unwrap_err();
        let lines: Vec<&str> = why.lines().collect();
        assert!(lines[0].starts_with("move 1 (21-17): "), "{}", why);
        assert_eq!(lines[1], "the board before that move, White to play:");
        assert_eq!(lines[2], "  -b-.-.-.    1-4");
        assert_eq!(lines[5], "  B-.-w-.-   13-16");
        assert_eq!(lines[7], "  .-.-.-.-   21-24");
        assert_eq!(lines.len(), 10, "{}", why);
    }

    #[test]
    fn picture_numbers_the_squares_and_brackets_the_moves() {
        let board = picture(SAMPLE1_IN).unwrap();
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "  -   1   -   2   -   3   -   4");
        assert_eq!(lines[3], "[13]  -  14   -  15   -  16   -");
        assert_eq!(lines[4], "  - [17]  -  18   - [19]  -  20");
        assert_eq!(lines[5], "[21]  - [22]  -  23   - [24]  -");
        assert!(picture("W 2\n1-5\n").is_none(), "one move short");
    }

    #[test]
    fn contest_samples_accepted() {
        assert_eq!(check(SAMPLE1_IN, SAMPLE1_OUT, SAMPLE1_OUT), Ok(()));
        assert_eq!(check(SAMPLE2_IN, SAMPLE2_OUT, SAMPLE2_OUT), Ok(()));
    }

    #[test]
    fn a_huge_move_count_is_not_trusted() {
        // Reserving room for this many moves asked for terabytes and aborted.
        let why = check("B 55555555523\n9-13\n", "", SAMPLE1_OUT).unwrap_err();
        assert_eq!(why, "bad input: expected 55555555523 moves, found 1");
        assert!(check("W 18446744073709551615\n", "", SAMPLE1_OUT).is_err());
    }

    #[test]
    fn squares_with_leading_zeros_are_not_in_the_notation() {
        // The solution rejects these inputs too, so both agree.
        for input in [
            "B 1\n09-13\n",
            "B 1\n9-013\n",
            "W 1\n021-17\n",
            "B 1\n9-005\n",
        ] {
            let why = check(input, "", SAMPLE1_OUT).unwrap_err();
            assert!(why.contains("not in the notation"), "{}: {}", input, why);
        }
        assert!(super::parse_square("9").is_some() && super::parse_square("32").is_some());
        assert!(super::parse_square("0").is_none() && super::parse_square("05").is_none());
    }

    #[test]
    fn millions_of_trailing_blank_lines_are_walked_not_collected() {
        let padded = format!("{}{}", SAMPLE1_OUT, "\r\n".repeat(2_000_000));
        assert_eq!(check(SAMPLE1_IN, "", &padded), Ok(()));
        let long_line = format!("{}{}\n", SAMPLE1_OUT, "x".repeat(1_000_000));
        rejects(SAMPLE1_IN, &long_line, &["expected 8 lines, got 9"]);
        let wide = SAMPLE1_OUT.replacen('\n', &format!("{}\n", "-".repeat(1_000_000)), 1);
        let why = check(SAMPLE1_IN, "", &wide).unwrap_err();
        assert!(why.starts_with("line 1: expected 17 characters"), "{}", why);
        assert!(why.len() < 300, "{}", why.len());
    }

    #[test]
    fn tolerated_line_ends() {
        let crlf = SAMPLE1_OUT.replace('\n', "\r\n");
        assert_eq!(check(SAMPLE1_IN, "", &crlf), Ok(()));
        assert_eq!(check(SAMPLE1_IN, "", SAMPLE1_OUT.trim_end()), Ok(()));
        assert_eq!(
            check(SAMPLE1_IN, "", &format!("{}\n\n", SAMPLE1_OUT)),
            Ok(())
        );
        assert_eq!(check(SAMPLE1_IN, "", &format!("{}\r\n\r\n", crlf)), Ok(()));
        let crlf_in = SAMPLE1_IN.replace('\n', "\r\n");
        assert_eq!(check(&crlf_in, "", SAMPLE1_OUT), Ok(()));
        assert_eq!(check(SAMPLE1_IN.trim_end(), "", SAMPLE1_OUT), Ok(()));
        let trailing_blanks = SAMPLE1_OUT.replace('\n', " \t\n") + "  \n";
        assert_eq!(check(SAMPLE1_IN, "", &trailing_blanks), Ok(()));
    }

    #[test]
    fn extra_piece_forcing_a_jump_before_a_simple_move() {
        // A black man on 10 lets the white man on 15 jump 15x6, so 21-17 is illegal.
        let out = with_both(SAMPLE1_OUT, 10, 'b');
        rejects(
            SAMPLE1_IN,
            &out,
            &["move 1 (21-17)", "White must jump", "15x6"],
        );
    }

    #[test]
    fn missing_captured_piece() {
        // Without the white man on 26 the hop 22x31 jumps over nothing.
        let out = with_both(SAMPLE1_OUT, 26, '.');
        rejects(
            SAMPLE1_IN,
            &out,
            &["move 2 (13x22x31x24)", "22x31", "jumped square 26"],
        );
    }

    #[test]
    fn man_on_its_far_row() {
        let black = with_both(SAMPLE1_OUT, 30, 'b');
        rejects(SAMPLE1_IN, &black, &["black man on square 30", "promoted"]);
        let white = with_both(SAMPLE1_OUT, 3, 'w');
        rejects(SAMPLE1_IN, &white, &["white man on square 3", "promoted"]);
        // Kings there are fine.
        let kings = with_both(&with_both(SAMPLE1_OUT, 30, 'B'), 3, 'W');
        assert_eq!(check(SAMPLE1_IN, "", &kings), Ok(()));
    }

    #[test]
    fn wrong_after_board() {
        let out = with_square(SAMPLE1_OUT, true, 28, 'w');
        rejects(
            SAMPLE1_IN,
            &out,
            &["square 28 holds a white king", "shows a white man"],
        );
        let out = with_square(SAMPLE2_OUT, true, 1, 'b');
        rejects(
            SAMPLE2_IN,
            &out,
            &["square 1 holds nothing", "shows a black man"],
        );
        // The captured piece left on the after board.
        let out = with_square(SAMPLE1_OUT, true, 24, 'B');
        rejects(SAMPLE1_IN, &out, &["square 24 holds nothing"]);
    }

    #[test]
    fn wrong_colour_mover() {
        let input = SAMPLE1_IN.replacen('W', "B", 1);
        rejects(
            &input,
            SAMPLE1_OUT,
            &["move 1 (21-17)", "Black is to move", "white man"],
        );
        // The moves alternate: a second move by the same side is refused.
        rejects(
            "W 2\n21-17\n17-14\n",
            &empty_answer(),
            &["move 1 (21-17)", "holds nothing"],
        );
        let start = with_square(&empty_answer(), false, 21, 'w');
        let end = with_square(&start, true, 14, 'w');
        rejects(
            "W 2\n21-17\n17-14\n",
            &end,
            &["move 2 (17-14)", "Black is to move"],
        );
    }

    #[test]
    fn jump_not_taken_to_completion() {
        // With 15 empty, the black king landing on 24 could go on over 19 to 15.
        let out = with_both(SAMPLE1_OUT, 15, '.');
        rejects(
            SAMPLE1_IN,
            &out,
            &["move 2 (13x22x31x24)", "piece on 24 can still jump 15"],
        );
    }

    #[test]
    fn promotion_ends_the_turn() {
        // Black man on 22 jumps 26 and lands on 31, the bottom row: promoted, turn over,
        // although as a king it could jump 27 next.
        let start = with_both(&with_both(&empty_answer(), 26, 'w'), 27, 'w');
        let before = with_square(&start, false, 22, 'b');
        let done = with_square(&with_square(&before, true, 26, '.'), true, 31, 'B');
        assert_eq!(check("B 1\n22x31\n", "", &done), Ok(()));
        // Going on after the promotion is illegal.
        let more = with_square(&with_square(&done, true, 31, '.'), true, 27, '.');
        let more = with_square(&more, true, 24, 'B');
        rejects(
            "B 1\n22x31x24\n",
            &more,
            &["promoted on 31", "ends the turn"],
        );
        // A man reaching the far row by a simple move becomes a king.
        let simple = with_square(&with_square(&empty_answer(), false, 6, 'w'), true, 2, 'W');
        assert_eq!(check("W 1\n6-2\n", "", &simple), Ok(()));
        let unpromoted = with_square(&simple, true, 2, 'w');
        rejects("W 1\n6-2\n", &unpromoted, &["square 2 holds a white king"]);
    }

    #[test]
    fn men_go_forward_only() {
        let back = with_square(&with_square(&empty_answer(), false, 17, 'w'), true, 21, 'w');
        rejects(
            "W 1\n17-21\n",
            &back,
            &["move 1 (17-21)", "white man cannot move backwards"],
        );
        let king = with_square(&with_square(&empty_answer(), false, 17, 'W'), true, 21, 'W');
        assert_eq!(check("W 1\n17-21\n", "", &king), Ok(()));
        // A black man jumping up the board.
        let out = with_square(
            &with_square(&empty_answer(), false, 22, 'b'),
            false,
            18,
            'w',
        );
        let out = with_square(&out, true, 15, 'b');
        rejects("B 1\n22x15\n", &out, &["black man cannot jump backwards"]);
    }

    #[test]
    fn simple_and_jump_geometry() {
        let start = with_square(&empty_answer(), false, 21, 'W');
        // Not neighbours.
        rejects(
            "W 1\n21-14\n",
            &with_square(&start, true, 14, 'W'),
            &["not diagonal neighbours"],
        );
        // Target occupied.
        let blocked = with_both(&start, 17, 'b');
        rejects(
            "W 1\n21-17\n",
            &blocked,
            &["target square 17 holds a black man"],
        );
        // A jump of one step.
        rejects(
            "W 1\n21x17\n",
            &with_square(&start, true, 17, 'W'),
            &["21x17 is not a jump"],
        );
        // Jumping an own piece.
        let own = with_both(&start, 17, 'w');
        rejects(
            "W 1\n21x14\n",
            &with_square(&own, true, 14, 'W'),
            &["holds a white man, not an enemy"],
        );
        // Landing occupied.
        let land = with_both(&with_both(&start, 17, 'b'), 14, 'b');
        rejects(
            "W 1\n21x14\n",
            &land,
            &["landing square 14 holds a black man"],
        );
    }

    #[test]
    fn chain_through_its_own_start_square() {
        // White king on 14 circles over 18, 19, 11, 10 back to 14.
        let mut out = with_square(&empty_answer(), false, 14, 'W');
        for sq in [18, 19, 11, 10] {
            out = with_square(&out, false, sq, 'b');
        }
        out = with_square(&out, true, 14, 'W');
        assert_eq!(check("W 1\n14x23x16x7x14\n", "", &out), Ok(()));
    }

    #[test]
    fn malformed_board_lines() {
        let lines: Vec<&str> = SAMPLE1_OUT.lines().collect();
        let rebuild = |i: usize, new: &str| -> String {
            let mut v: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            v[i] = new.to_string();
            v.join("\n") + "\n"
        };
        let cases: Vec<(String, &str)> = vec![
            (
                rebuild(2, "-.-.-.-.-.-.-.-."),
                "line 3: expected 17 characters",
            ),
            (
                rebuild(2, "-.-.-.-.  -.-.-.-."),
                "line 3: expected 17 characters",
            ),
            (rebuild(2, "-.-.-.-.\t-.-.-.-."), "line 3: expected a space"),
            (
                rebuild(2, " -.-.-.-. -.-.-.-."),
                "line 3: expected 17 characters",
            ),
            (
                rebuild(2, "-.-.-.-. -.-.-.-x"),
                "line 3, after board, cell 8",
            ),
            (
                rebuild(2, "-.-.-x-. -.-.-.-."),
                "line 3, before board, cell 6 (square 11)",
            ),
            (
                rebuild(2, "..-.-.-. -.-.-.-."),
                "line 3, before board, cell 1: a light cell",
            ),
            (
                rebuild(2, "-.-.-.-. -.-.-.-é"),
                "line 3, after board, cell 8",
            ),
            (rebuild(2, "-.-.-.-.é-.-.-.-."), "line 3: expected a space"),
            (format!("\n{}", SAMPLE1_OUT), "expected 8 lines, got 9"),
            (lines[..7].join("\n"), "expected 8 lines, got 7"),
            (format!("{}x\n", SAMPLE1_OUT), "expected 8 lines, got 9"),
            (String::new(), "expected 8 lines, got 0"),
            ("\n\n\n".to_string(), "expected 8 lines, got 0"),
            ("\r".to_string(), "expected 8 lines, got 0"),
        ];
        for (out, needle) in cases {
            rejects(SAMPLE1_IN, &out, &[needle]);
        }
    }

    #[test]
    fn garbage_never_panics() {
        let mut rng = Rng(7);
        let alphabet: Vec<char> = "-.bwBW \n\r\txé0".chars().collect();
        for _ in 0..3000 {
            let len = rng.below(200) as usize;
            let mut s: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
                .collect();
            if rng.below(2) == 0 {
                // Mostly-valid: perturb a real answer.
                let mut chars: Vec<char> = SAMPLE2_OUT.chars().collect();
                for _ in 0..1 + rng.below(3) {
                    let i = rng.below(chars.len() as u64) as usize;
                    chars[i] = alphabet[rng.below(alphabet.len() as u64) as usize];
                }
                s = chars.into_iter().collect();
            }
            let _ = check(SAMPLE2_IN, "", &s);
            let _ = check(&s, "", SAMPLE2_OUT);
        }
        for bad_input in [
            "",
            "W",
            "W 0",
            "X 1\n1-5",
            "W 2\n21-17",
            "W 1\n21-17\n5-9",
            "W 1\n33-28",
            "W 1\n0-5",
            "W 1\n21-",
            "W 1\n21x",
            "W 1\n21-17-14",
            "W 1\n21x17-14",
            "W 1\n+1-5",
            "W 1\n21",
            "W 1\n021-17",
            "W -1\n1-5",
        ] {
            match check(bad_input, "", SAMPLE1_OUT) {
                Err(e) => assert!(e.starts_with("bad input: "), "{:?} -> {}", bad_input, e),
                Ok(()) => panic!("accepted bad input {:?}", bad_input),
            }
        }
    }

    /// Every reference answer in `samples/checks_post_facto/` must itself pass.
    #[test]
    fn sample_answers_pass_checker() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("samples")
            .join("checks_post_facto");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).expect("samples directory") {
            let path = entry.unwrap().path();
            if path.extension().map_or(true, |e| e != "in") {
                continue;
            }
            let input = std::fs::read_to_string(&path).unwrap();
            let answer = std::fs::read_to_string(path.with_extension("out"))
                .unwrap_or_else(|_| panic!("{} has no .out", path.display()));
            if let Err(e) = check(&input, &answer, &answer) {
                panic!("{}: its .out is rejected: {}", path.display(), e);
            }
            seen += 1;
        }
        println!("{} sample answers accepted", seen);
    }

    /// The answer made of the game's true start and end.
    fn true_answer(game: &Game) -> String {
        let mut s = String::new();
        for r in 0..8 {
            s.push_str(std::str::from_utf8(&game.start[r]).unwrap());
            s.push(' ');
            s.push_str(std::str::from_utf8(&game.end[r]).unwrap());
            s.push('\n');
        }
        s
    }

    #[test]
    fn generated_games_true_positions_accepted() {
        let mut rng = Rng(0x5EED_C0DE);
        let (mut moves, mut captures, mut multi, mut full) = (0, 0, 0, 0);
        let games = 4000;
        for _ in 0..games {
            let game = random_game(&mut rng);
            let answer = true_answer(&game);
            if let Err(e) = check(&game.input, "", &answer) {
                panic!("true positions rejected: {}\n{}\n{}", e, game.input, answer);
            }
            moves += game.moves;
            captures += game.captures;
            multi += game.multi_jumps;
            if game.moves == 100 {
                full += 1;
            }
        }
        println!(
            "{} games, {} moves ({} games of 100 moves), {} captures, {} multi-jump moves",
            games, moves, full, captures, multi
        );
    }

    // ---- The checker against a second, naive judge ----------------------------------------
    //
    // The naive judge replays a move list with the generator's own move generation: each
    // move must be one of the side's legal moves (all full jump chains when a jump exists,
    // else the simple moves), found by its notation. It shares nothing with the checker.

    fn naive_accepts(input: &str, start: &Grid, end: &Grid) -> bool {
        for (r, row) in start.iter().enumerate() {
            for (c, &x) in row.iter().enumerate() {
                // A man on its far row would have been promoted already.
                if dark(r, c) && reaches_far_row(x, r) {
                    return false;
                }
            }
        }
        let mut lines = input.lines();
        let mut black = lines.next().unwrap().starts_with('B');
        let mut g = *start;
        for text in lines {
            let moves = legal_moves(&g, black);
            match moves.iter().find(|m| m.notation() == text) {
                Some(m) => g = apply(&g, m).0,
                None => return false,
            }
            black = !black;
        }
        g == *end
    }

    /// Sets a random dark cell of `g` to a random dark-cell symbol; returns the cell.
    fn scribble(rng: &mut Rng, g: &mut Grid) -> (usize, usize) {
        let r = rng.below(8) as usize;
        let c = 2 * rng.below(4) as usize + (1 - r % 2);
        g[r][c] = b".bwBW"[rng.below(5) as usize];
        (r, c)
    }

    #[test]
    fn checker_agrees_with_naive_judge_on_mutated_answers() {
        let mut rng = Rng(0xA6EE);
        let (mut valid, mut invalid) = (0, 0);
        for _ in 0..2000 {
            let game = random_game(&mut rng);
            for _ in 0..4 {
                let mut m = game.clone();
                for _ in 0..1 + rng.below(3) {
                    match rng.below(4) {
                        0 => {
                            scribble(&mut rng, &mut m.start);
                        }
                        1 => {
                            scribble(&mut rng, &mut m.end);
                        }
                        // The same change on both boards: valid exactly when no move
                        // touches the square and it creates or breaks no compulsory jump.
                        _ => {
                            let (r, c) = scribble(&mut rng, &mut m.start);
                            m.end[r][c] = m.start[r][c];
                        }
                    }
                }
                let answer = true_answer(&m);
                let naive = naive_accepts(&m.input, &m.start, &m.end);
                let verdict = check(&m.input, "", &answer);
                assert_eq!(
                    verdict.is_ok(),
                    naive,
                    "checker says {:?}, naive judge says {}\n{}\n{}",
                    verdict,
                    naive,
                    m.input,
                    answer
                );
                if naive {
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
        }
        println!(
            "mutated answers: {} valid, {} invalid, all agreed",
            valid, invalid
        );
        assert!(valid > 500 && invalid > 500);
    }

    // ---- The solver against the checker ------------------------------------------------

    use std::io::{Read, Write};
    use std::path::{Path, PathBuf};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    /// Compiles `checks_post_facto/src/main.rs` (or the file named by `CPF_SOLVER_SRC`)
    /// with plain `rustc -O`, as a judge would.
    fn build_solver(dir: &Path) -> PathBuf {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let src = match std::env::var("CPF_SOLVER_SRC") {
            Ok(path) => PathBuf::from(path),
            Err(_) => root.join("checks_post_facto").join("src").join("main.rs"),
        };
        std::fs::create_dir_all(dir).expect("create the temporary directory");
        let exe = dir.join("checks_post_facto");
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        let out = Command::new(rustc)
            .arg("-O")
            .arg("-o")
            .arg(&exe)
            .arg(&src)
            .output()
            .expect("run rustc");
        assert!(
            out.status.success(),
            "rustc -O {} failed:\n{}",
            src.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        exe
    }

    /// Runs the solver on `input` with a time limit: its standard output and wall time,
    /// or what went wrong.
    fn run_solver(exe: &Path, input: &str) -> Result<(String, Duration), String> {
        const LIMIT: Duration = Duration::from_secs(10);
        let started = Instant::now();
        let mut child = Command::new(exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the solver: {}", e))?;
        let mut stdin = child.stdin.take().unwrap();
        // The input is small; a solver that exits without reading it is not our concern.
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let reader = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut v = Vec::new();
                let _ = (&mut pipe).take(1 << 20).read_to_end(&mut v);
                v
            })
        };
        let out = reader(Box::new(child.stdout.take().unwrap()));
        let err = reader(Box::new(child.stderr.take().unwrap()));
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if started.elapsed() > LIMIT => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!("no answer within {:?}", LIMIT));
                }
                Ok(None) => std::thread::sleep(Duration::from_micros(50)),
                Err(e) => return Err(format!("waiting for the solver: {}", e)),
            }
        };
        let elapsed = started.elapsed();
        let stdout = String::from_utf8_lossy(&out.join().unwrap()).into_owned();
        let stderr = String::from_utf8_lossy(&err.join().unwrap()).into_owned();
        if !status.success() {
            return Err(format!(
                "the solver failed ({}): {}",
                status,
                stderr.trim_end()
            ));
        }
        Ok((stdout, elapsed))
    }

    /// The solver's answer to `game` must pass the checker.
    fn judge_game(exe: &Path, game: &Game) -> Result<Duration, String> {
        let (answer, time) = run_solver(exe, &game.input)?;
        check(&game.input, "", &answer)
            .map_err(|e| format!("{}\n--- the solver's answer ---\n{}", e, answer))?;
        Ok(time)
    }

    /// Writes `game` as a judge sample `<dir>/<name>.in` with a valid answer in `.out`.
    fn write_sample(dir: &Path, name: &str, game: &Game) {
        std::fs::write(dir.join(format!("{}.in", name)), &game.input).unwrap();
        std::fs::write(dir.join(format!("{}.out", name)), true_answer(game)).unwrap();
    }

    const SOLVER_SEED: u64 = 0xC4EC_5F0C;
    const SOLVER_GAMES: usize = 5000;

    /// Not a test: writes the games of the solver proof as `<CPF_DUMP_DIR>/game-NNNN.in`
    /// with their true answers in `.out`, for studying the solver outside the test (run
    /// with `--ignored`). The `gen-*` samples were picked from these games: the ones on
    /// which the solver's blocker search backtracked most, ones on which filling every
    /// blocker with one colour fails (for either colour), the 100-move game with the most
    /// captures and the one with the most compulsory-capture constraints.
    #[test]
    #[ignore]
    fn dump_solver_games() {
        let dir = std::env::var("CPF_DUMP_DIR").expect("set CPF_DUMP_DIR");
        let dir = Path::new(&dir);
        std::fs::create_dir_all(dir).unwrap();
        let mut rng = Rng(SOLVER_SEED);
        for i in 0..SOLVER_GAMES {
            write_sample(dir, &format!("game-{:04}", i), &random_game(&mut rng));
        }
    }

    /// The proof of the solver: 5000 random legal games, every answer checked; prints the
    /// first failures in full, and the slowest runs (wall time, mostly process start-up).
    /// `CPF_SOLVER_SRC=<file>` tests another solver source instead of the workspace's.
    #[test]
    fn solver_answers_pass_checker() {
        let dir = std::env::temp_dir().join(format!("cpfc-solver-{}", std::process::id()));
        let exe = build_solver(&dir);
        let mut rng = Rng(SOLVER_SEED);
        let games = SOLVER_GAMES;
        let (mut played, mut failures, mut moves, mut captures) = (0, 0, 0, 0);
        let mut total = Duration::ZERO;
        // The slowest games so far, slowest first.
        let mut slowest: Vec<(Duration, Game)> = Vec::new();
        for i in 0..games {
            let game = random_game(&mut rng);
            played += 1;
            moves += game.moves;
            captures += game.captures;
            match judge_game(&exe, &game) {
                Ok(time) => {
                    total += time;
                    slowest.push((time, game));
                    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
                    slowest.truncate(5);
                }
                Err(e) => {
                    failures += 1;
                    if failures <= 5 {
                        eprintln!(
                            "=== game {} FAILED: {}\n--- input ---\n{}--- a valid answer (the \
                             game's true start and end) ---\n{}",
                            i,
                            e,
                            game.input,
                            true_answer(&game)
                        );
                    }
                    if failures >= 25 {
                        eprintln!("stopping after {} failures", failures);
                        break;
                    }
                }
            }
        }
        println!(
            "{} games ({} moves, {} captures), {} failures; solver time {:?} in all",
            played, moves, captures, failures, total
        );
        for (time, game) in &slowest {
            println!(
                "slow: {:?} for {} moves, {} captures",
                time, game.moves, game.captures
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            failures, 0,
            "the solver failed on {} of {} games (the first ones are printed above)",
            failures, played
        );
    }
}
