//! The checker of checks_post_facto: the answer's "before" board, the input's
//! moves replayed on it under the rules of English draughts, and the
//! "after" board required. Written from the statement, independently of
//! the solution and of the game generator.

/// The two players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Side {
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

    pub(super) fn name(self) -> &'static str {
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
pub(super) struct Piece {
    pub(super) side: Side,
    pub(super) king: bool,
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
pub(super) fn describe_square(content: Option<Piece>) -> String {
    match content {
        Some(p) => format!("a {}", p.describe()),
        None => "nothing".to_string(),
    }
}

/// The dark squares 1..=32; index 0 is unused.
pub(super) type Board = [Option<Piece>; 33];

pub(super) const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Row (0 = top) and column (0 = left) of square `sq` (1..=32).
pub(super) fn coords(sq: u8) -> (i32, i32) {
    let k = i32::from(sq) - 1;
    let row = k / 4;
    // Even rows begin with a light cell, so their dark cells are the odd columns.
    let col = 2 * (k % 4) + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The square at (row, col), if that cell is on the board and dark.
pub(super) fn square_at(row: i32, col: i32) -> Option<u8> {
    if !(0..8).contains(&row) || !(0..8).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 4 + col / 2 + 1) as u8)
}

/// A jump the piece on `from` could make right now: (jumped square, landing square).
/// A jump goes over an adjacent enemy piece onto the empty square just beyond it.
pub(super) fn jump_from(board: &Board, from: u8) -> Option<(u8, u8)> {
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
pub(super) fn any_jump(board: &Board, side: Side) -> Option<(u8, u8, u8)> {
    (1..=32u8)
        .filter(|&sq| matches!(board[sq as usize], Some(p) if p.side == side))
        .find_map(|sq| jump_from(board, sq).map(|(over, land)| (sq, over, land)))
}

/// One move of the input: its text and the squares it names.
pub(super) struct Move {
    pub(super) text: String,
    pub(super) squares: Vec<u8>,
    pub(super) jump: bool,
}

/// A square number 1..=32 written in decimal digits.
/// Leading zeros (`05`, `005`) are not standard notation; the solution rejects
/// them too.
pub(super) fn parse_square(s: &str) -> Option<u8> {
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
pub(super) fn parse_move(text: &str) -> Option<Move> {
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
pub(super) fn parse_input(input: &str) -> Result<(Side, Vec<Move>), String> {
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
pub(super) fn parse_answer(output: &str) -> Result<(Board, Board), String> {
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
pub(super) fn check_no_unpromoted_men(board: &Board) -> Result<(), String> {
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
pub(super) fn play(board: &mut Board, side: Side, mv: &Move) -> Result<(), String> {
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
        let over = check_hop(board, side, piece, at, to)?;
        // The jumped piece is captured at once.
        board[over as usize] = None;
        at = to;
        if !piece.king && coords(to).0 == side.far_row() {
            piece.king = true;
            promoted_on = Some(to);
        }
    }
    board[at as usize] = Some(piece);
    // A jump move ends only when the piece has no jump left (or has just been promoted).
    if promoted_on.is_none() {
        if let Some((over, land)) = jump_from(board, at) {
            return Err(format!(
                "after the last hop the piece on {} can still jump: {}x{} (over {})",
                at, at, land, over
            ));
        }
    }
    Ok(())
}

/// One hop of a jump, `at` to `to`, by `piece` of `side`: two diagonal
/// steps (men forward only) over an enemy piece onto an empty square. The
/// square jumped over, or which rule the hop breaks.
fn check_hop(board: &Board, side: Side, piece: Piece, at: u8, to: u8) -> Result<u8, String> {
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
    Ok(over)
}

/// A simple move: one diagonal step (men forward only) onto an empty square, allowed
/// only when the side has no jump anywhere (captures are compulsory).
pub(super) fn play_simple(
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
pub(super) fn draw(board: &Board) -> String {
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
