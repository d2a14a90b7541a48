//! Solitaire Chess on a 4x4 board (a code-golf puzzle, "Solitaire Chess").
//!
//! The puzzle: a few chess pieces of one colour stand on a 4x4 board. Every move is a
//! capture: a piece moves exactly as it would in chess onto a square holding another piece,
//! which leaves the board. Kings, queens, rooks, bishops and knights move as usual (queens,
//! rooks and bishops need every square between start and target to be empty, knights jump).
//! The pawn is the one change: it captures one square diagonally in any of the four
//! directions. A piece never changes its type. The goal is to end with exactly one piece.
//!
//! Input: the 16 squares, top row first and left to right within a row. Spaces, tabs and
//! line ends (LF or CRLF) are ignored anywhere, so spaced rows, compact rows and a single
//! 16-character line all work. K Q R B N P are pieces, any other character is an empty
//! square: so a lower-case `b` is an empty square too, and only the count of 16 cells is
//! checked, not how they are split into rows. Input with fewer or more than 16 cells, with
//! a byte that is not UTF-8, or with a control character or other whitespace (a CR not
//! right before a LF, a form feed, a no-break space) gets one line on stderr naming the
//! line, and exit status 1; a leading byte-order mark is skipped. The input is read as a stream in 16 KB chunks and
//! never kept, so memory does not grow with it (30 MB of blank lines after the board run
//! in under 2 MB), and reading stops at the first bad byte or 17th square. A closed
//! standard output is reported the same way (exit 1) instead of losing the answer.
//! Output: one line. A solution as [[[x,y],[x,y]],...] (from-square, then the square of the
//! captured piece; x is the column from the left, y the row from the bottom, both 0..3),
//! `[]` when only one piece stands already, `0` when there is no solution (or no piece).
//!
//! Approach: depth-first search over capture sequences that remembers its dead ends. A
//! position is, for each kind of piece, the 16-bit mask of its squares. The key facts
//! behind every cut below: pieces only land on occupied squares, so an empty square stays
//! empty for good; and a solution has one move per piece but one, so every occupied
//! square but the final one is left (departed from) exactly once, and the final square is
//! the target of the last move.
//! - Covering dead ends: a piece is a set of kinds of step (short and long diagonal, short
//!   and long straight, knight jump), so pawn < bishop < queen, pawn < king < queen and
//!   rook < queen. If a position has no solution, neither has any position on the same
//!   squares whose every piece is at most as strong: its solutions would be solutions of
//!   the stronger one. The memo (a list of dead positions for each set of occupied
//!   squares) records dead positions, and a position covered by one of them is not
//!   searched; it is looked up before the recursive call.
//! - Commuting moves: two legal moves on four different squares can be played in either
//!   order and end in the same position. So a move already tried and found dead stays
//!   dead after any move on other squares, and the search carries the tried moves down
//!   and skips them.
//! - Merging: a piece with no occupied square on any of its lines or jumps can never move
//!   again; its kind stops mattering and it is stored as STUCK (the weakest piece).
//! - Zones: each piece is confined to its zone, the occupied squares it can reach by
//!   repeated moves of its kind (blockers ignored, since they can only vanish). Pieces
//!   whose zones never overlap can never interact; if the pieces split into such groups,
//!   each group keeps a survivor. This rejects two bishops on different colours at once.
//! - Stuck squares (entries): a stuck piece's square is emptied only by a visitor that
//!   enters from an occupied square (that square's one departure) and leaves to another.
//!   So the stuck squares need distinct entry squares, and all but the final one an exit
//!   too (checked as a bipartite matching); a slider cannot leave over the squares it
//!   came across, and the visitor must reach its entry without passing the stuck square.
//!   This implies the older pass-through rule (two stuck squares without any exit are
//!   fatal), which is kept as a cheap first test.
//! - Order: stuck and weak pieces are captured first. No single order suits every
//!   solvable board (hill-climbing against each of five orders found solvable boards
//!   costing it 60 000 to 100 000 calls that other orders solve far faster), so `solve`
//!   takes turns with
//!   four orders under a budget of calls (1 000, then four times more each round); all
//!   turns share the memo (a dead end is dead in any order; a search cut short records
//!   nothing), and the first order to finish gives the answer. This costs unsolvable
//!   boards about a tenth more calls.
//!
//! Cost: each position is expanded at most once, for a few mask operations per piece
//! (zones, the entries matching, captures from the reach and between tables) and a probe
//! of the memo per move: about 1 500 instructions per position searched (660 per call),
//! with no single hot spot. What bounds the work is the number of positions neither
//! covered nor cut. The hardest boards are 14 to 16 pieces, bishops, pawns and knights
//! on both colours. The hardest found, by hill-climbing on the search's own count of
//! calls (examples/hardness.rs, `climb` from random boards and `polish` from the known
//! ones), is the unsolvable sample 28, NPPNNN.BB.NBBPBB: 78 105 calls, 34 599 dead ends,
//! 52 million instructions (an empty program that reads its input: 0.3 million), about
//! 2.7 MB, and some 8x to 10x the wall time of an empty program (`hardness ratio`: 31
//! alternating runs, medians; the goal of 1.5x is not reached). The hardest solvable one
//! found, sample 29, takes 66 473 calls and 54 million instructions. Without the entries
//! rule sample 28 needs 105 000 calls, without commuting moves 165 000, without covering
//! 127 000. The seed puzzles take a few dozen calls, within about 1.1x of an empty
//! program.
//!
//! Why the hardest boards are hard: they are unsolvable only because pieces block
//! sliders. With bishops passing over pieces, sample 28 is solvable (`hardness
//! blockers`), and of the 250 000 positions a plain search meets, 14 000 are dead only
//! because of blockers, most of them with 7 to 11 pieces. Every cut above ignores
//! blockers, so at best it refutes the others; the rest needs reasoning about the order
//! in which squares empty. On boards of bishops, pawns and knights only the four centre
//! squares can stand between a bishop and its target; on sample 28 every position the
//! search expands has a piece in the centre, and each of the 3 700 positions of 7 to 9
//! pieces it expands that blockers alone kill comes alive when one of the two centre
//! squares of the diagonal from [3,0] to [0,3] is made transparent: the stuck knight on
//! the corner [0,3] can only be captured along that diagonal.

use std::io::{self, Read, Write};

/// Piece codes, the indices of a `Position`.
const KING: u8 = 1;
const QUEEN: u8 = 2;
const ROOK: u8 = 3;
const BISHOP: u8 = 4;
const KNIGHT: u8 = 5;
const PAWN: u8 = 6;
/// A piece that can never move again (no occupied square lies on any of its lines or
/// jumps, and squares only ever empty). From then on only its square matters, not its
/// kind, so such pieces share one code (see `mark_stuck`).
const STUCK: u8 = 7;

/// The kinds of step a piece may capture with, one bit each. Every piece is a set of
/// them, which also orders the pieces by strength: one piece is at most as strong as
/// another when its steps are a subset of the other's (see `DeadEnds`).
const SHORT_DIAGONAL: u8 = 1; // one square diagonally
const LONG_DIAGONAL: u8 = 2; // two or three squares diagonally, over empty squares
const SHORT_STRAIGHT: u8 = 4; // one square along a row or a column
const LONG_STRAIGHT: u8 = 8; // two or three squares straight, over empty squares
const KNIGHT_JUMP: u8 = 16;
const STEP_KINDS: usize = 5;

/// The steps of every piece code. Rule: the pawn of this puzzle captures one square
/// diagonally in all four directions; a stuck piece has no step left.
const STEPS: [u8; 8] = [
    0,                                                               // empty
    SHORT_DIAGONAL | SHORT_STRAIGHT,                                 // king
    SHORT_DIAGONAL | LONG_DIAGONAL | SHORT_STRAIGHT | LONG_STRAIGHT, // queen
    SHORT_STRAIGHT | LONG_STRAIGHT,                                  // rook
    SHORT_DIAGONAL | LONG_DIAGONAL,                                  // bishop
    KNIGHT_JUMP,                                                     // knight
    SHORT_DIAGONAL,                                                  // pawn
    0,                                                               // stuck
];

/// Square numbering: square = y * 4 + x, with x the column from the left and y the row
/// from the bottom, as in the output coordinates.
fn square(x: i32, y: i32) -> usize {
    (y * 4 + x) as usize
}

fn on_board(x: i32, y: i32) -> bool {
    (0..4).contains(&x) && (0..4).contains(&y)
}

/// The eight lines out of a square: four straight, then four diagonal.
const LINES: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Tables built once from the rules.
struct Rules {
    /// reach[kind][from]: the squares a piece could capture on if nothing stood in the way.
    reach: [[u16; 16]; 8],
    /// spread[kind][half][bits]: `reach` of every square of the lower (half 0) or upper
    /// (half 1) two rows set in the 8-bit mask `bits`, or-ed together; looking half the
    /// board up at once keeps the zones cheap.
    spread: Box<[[[u16; 256]; 2]; 8]>,
    /// between[a][b]: the squares strictly between a and b when they share a line or a
    /// diagonal, else 0.
    between: [[u16; 16]; 16],
}

impl Rules {
    fn new() -> Rules {
        let mut between = [[0u16; 16]; 16];
        // by_step[k][from]: the squares the step kind with bit k leads to from `from`.
        let mut by_step = [[0u16; 16]; STEP_KINDS];
        let bit = |step: u8| step.trailing_zeros() as usize;
        for from in 0..16 {
            let (x, y) = ((from % 4) as i32, (from / 4) as i32);
            for (d, &(dx, dy)) in LINES.iter().enumerate() {
                let (short, long) = if d < 4 {
                    (SHORT_STRAIGHT, LONG_STRAIGHT)
                } else {
                    (SHORT_DIAGONAL, LONG_DIAGONAL)
                };
                // Walking outwards along the line, `passed` holds the squares crossed.
                let mut passed = 0u16;
                let mut distance = 1;
                while on_board(x + distance * dx, y + distance * dy) {
                    let to = square(x + distance * dx, y + distance * dy);
                    between[from][to] = passed;
                    passed |= 1 << to;
                    by_step[bit(if distance == 1 { short } else { long })][from] |= 1 << to;
                    distance += 1;
                }
            }
            for &(dx, dy) in KNIGHT_JUMPS.iter() {
                if on_board(x + dx, y + dy) {
                    by_step[bit(KNIGHT_JUMP)][from] |= 1 << square(x + dx, y + dy);
                }
            }
        }
        let mut reach = [[0u16; 16]; 8];
        for (kind, of_square) in reach.iter_mut().enumerate() {
            for (from, squares) in of_square.iter_mut().enumerate() {
                for (k, steps) in by_step.iter().enumerate() {
                    if STEPS[kind] & (1 << k) != 0 {
                        *squares |= steps[from];
                    }
                }
            }
        }
        let mut spread = Box::new([[[0u16; 256]; 2]; 8]);
        for (table, of_square) in spread.iter_mut().zip(reach.iter()) {
            if of_square.iter().all(|&squares| squares == 0) {
                continue; // no piece, or a stuck one
            }
            for (half, entries) in table.iter_mut().enumerate() {
                // Each entry is an earlier one (its lowest square dropped) plus that square.
                for bits in 1..256 {
                    let lowest = (bits as u32).trailing_zeros() as usize;
                    entries[bits] = entries[bits & (bits - 1)] | of_square[8 * half + lowest];
                }
            }
        }
        Rules {
            reach,
            spread,
            between,
        }
    }
}

/// A position: of_kind[k] is the mask of the squares holding a piece of code k
/// (of_kind[0] stays empty). Moves and dead ends work on whole masks at once.
pub type Position = [u16; 8];

/// The occupied squares.
fn occupancy(of_kind: &Position) -> u16 {
    of_kind.iter().fold(0, |m, &squares| m | squares)
}

/// Iterates over the set bits of a 16-bit mask, lowest first.
fn squares_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(s)
        }
    })
}

/// The squares the piece of `kind` on `from` can capture on in this position.
/// Rule: every move is a capture, so only occupied squares count; queens, rooks and
/// bishops stop at the first piece on each of their lines and may take it, knights jump,
/// kings and pawns take a neighbour.
fn capture_targets(rules: &Rules, kind: u8, from: usize, occ: u16) -> u16 {
    let steps = STEPS[kind as usize];
    if steps & (LONG_DIAGONAL | LONG_STRAIGHT) == 0 {
        return rules.reach[kind as usize][from] & occ;
    }
    // A slider takes the pieces it sees with nothing between.
    squares_of(rules.reach[kind as usize][from] & occ)
        .filter(|&to| rules.between[from][to] & occ == 0)
        .fold(0, |m, to| m | 1 << to)
}

/// Every legal capture in a position, from the same function the search uses.
#[cfg(test)]
fn legal_captures(rules: &Rules, of_kind: &Position) -> Vec<Move> {
    let occ = occupancy(of_kind);
    let mut moves = Vec::new();
    for kind in KING..=PAWN {
        for from in squares_of(of_kind[kind as usize]) {
            for to in squares_of(capture_targets(rules, kind, from, occ)) {
                moves.push((from, to));
            }
        }
    }
    moves.sort();
    moves
}

/// The squares one step of `kind` leads to from any square of `from` (blockers ignored),
/// looked up two rows at a time.
fn spread(rules: &Rules, kind: usize, from: u16) -> u16 {
    let table = &rules.spread[kind];
    let f = from as usize;
    table[0][f & 255] | table[1][f >> 8]
}

/// The squares pieces of `kind` standing on `from` could ever stand on: a piece only ever
/// lands on squares that are occupied now, so it is confined to the occupied squares it
/// can reach by repeated moves of its kind (blockers ignored, since they can only
/// disappear). This is its zone.
fn confinement(rules: &Rules, kind: usize, from: u16, occ: u16) -> u16 {
    let mut seen = from;
    let mut frontier = seen;
    while frontier != 0 {
        frontier = spread(rules, kind, frontier) & occ & !seen;
        seen |= frontier;
    }
    seen
}

/// The zones of each kind, computed once per position: by_kind[k] holds every square some
/// piece of kind k could still stand on (the union of their zones). A stuck piece's zone
/// is its own square, so stuck pieces have none here.
struct Zones {
    by_kind: [u16; 8],
}

fn zones_of(rules: &Rules, of_kind: &Position, occ: u16) -> Zones {
    let mut by_kind = [0u16; 8];
    for kind in KING as usize..=PAWN as usize {
        if of_kind[kind] != 0 {
            by_kind[kind] = confinement(rules, kind, of_kind[kind], occ);
        }
    }
    Zones { by_kind }
}

/// Pruning rule: two pieces can only ever interact if their zones overlap. If the pieces
/// fall into groups that can never touch, every group keeps at least one piece, so more
/// than one piece would remain.
///
/// The groups are found on squares: a square of kind k's zones lies in the zone of one
/// piece of kind k, which is everything its k-steps reach inside by_kind[k]. So growing a
/// set of squares by the k-steps out of its squares in by_kind[k], for every kind,
/// absorbs exactly the zones that overlap it; all pieces meet iff that covers `occ`.
fn pieces_can_all_meet(rules: &Rules, zones: &Zones, occ: u16) -> bool {
    let covered = zones.by_kind.iter().fold(0, |m, &z| m | z);
    if covered != occ {
        return false; // a stuck piece in no zone (or no piece can move at all)
    }
    let mut group = occ & occ.wrapping_neg();
    let mut frontier = group;
    while frontier != 0 {
        let mut next = 0;
        for kind in KING as usize..=PAWN as usize {
            let zone = zones.by_kind[kind];
            if frontier & zone != 0 {
                next |= spread(rules, kind, frontier & zone) & zone;
            }
        }
        frontier = next & !group;
        group |= frontier;
    }
    group == occ
}

/// Pruning rule: every move empties its from-square for good (pieces only land on occupied
/// squares), and a solution has one move per piece but one, so every square but the last
/// piece's is emptied exactly once. A stuck piece never leaves its square; someone must
/// capture it there and then move on, entering from one occupied square and leaving to
/// another, so it needs a kind that can get there with two occupied squares a move away.
/// Squares where no such piece exists can only be the final square: two of them are fatal.
fn stuck_squares_can_clear(rules: &Rules, zones: &Zones, of_kind: &Position, occ: u16) -> bool {
    let stuck = of_kind[STUCK as usize];
    if stuck & stuck.wrapping_sub(1) == 0 {
        return true; // one stuck square can always be the final one
    }
    let mut final_squares = 0;
    for s in squares_of(stuck) {
        let passable = (KING..=PAWN).any(|k| {
            zones.by_kind[k as usize] & (1 << s) != 0
                && (rules.reach[k as usize][s] & occ).count_ones() >= 2
        });
        if !passable {
            final_squares += 1;
            if final_squares == 2 {
                return false;
            }
        }
    }
    true
}

/// Pruning rule (entries): a stuck piece's square is emptied only by a visitor, which
/// enters from an occupied square r (that move is the one departure r ever has, see
/// above) and leaves to another occupied square t. Even the final square, if stuck,
/// needs an entry: with two or more pieces the survivor is the last mover, so the final
/// square is the target of the last move. So every stuck square needs its own entry
/// square (distinct, since a square departs once), and all but one also an exit. An entry
/// r for s by a kind k: k can stand on r (its zones), s is in k's reach from r; an exit t:
/// occupied, in k's reach from s, not r (vacated), and not strictly between s and r (a
/// slider came over those squares, so they are empty). Checked as a bipartite matching
/// of stuck squares to entry squares.
fn stuck_squares_have_entries(rules: &Rules, zones: &Zones, of_kind: &Position, occ: u16) -> bool {
    let stuck = of_kind[STUCK as usize];
    if stuck & stuck.wrapping_sub(1) == 0 {
        // One stuck square at most: it may be the final one, so it needs an entry only,
        // and it has one once it lies in some kind's zone (as the zones test demands):
        // the step by which that kind first reaches it comes from a square reached
        // without passing it.
        return true;
    }
    // any_entry[i], with_exit[i]: the entry squares of the i-th stuck square.
    let mut any_entry = [0u16; 16];
    let mut with_exit = [0u16; 16];
    let mut n = 0;
    for s in squares_of(stuck) {
        let (any, exit) = entries_of(rules, zones, of_kind, occ, s);
        if any == 0 {
            return false;
        }
        any_entry[n] = any;
        with_exit[n] = exit;
        n += 1;
    }
    let mut owner = [usize::MAX; 16];
    let unmatched = match_rows(&with_exit[..n], &mut owner);
    if unmatched == 0 {
        return true;
    }
    if unmatched & (unmatched - 1) != 0 {
        return false; // widening one row's options grows a maximum matching by one at most
    }
    let u = unmatched.trailing_zeros() as usize;
    // One stuck square may be the final one, entered and never left (only a square
    // with an entry but no exit there gains options). The matching found stays valid
    // with that square's options widened, so a perfect one exists iff an augmenting
    // path starts from the one unmatched row (Berge).
    (0..n).any(|f| {
        if any_entry[f] == with_exit[f] {
            return false;
        }
        let mut options = with_exit;
        options[f] = any_entry[f];
        augment(&options[..n], u, &mut owner.clone(), &mut 0)
    })
}

/// The squares a visitor could enter the stuck square `s` from, and those among them
/// from which it could also leave again (see `stuck_squares_have_entries`).
fn entries_of(rules: &Rules, zones: &Zones, of_kind: &Position, occ: u16, s: usize) -> (u16, u16) {
    let (mut any, mut with_exit) = (0, 0);
    // Indexed: an iterator chain here measured 1.5% more instructions in all.
    #[allow(clippy::needless_range_loop)]
    for k in KING as usize..=PAWN as usize {
        if zones.by_kind[k] & (1 << s) == 0 {
            continue;
        }
        let pieces = of_kind[k];
        let reach = rules.reach[k][s] & occ;
        // The visitor reaches r without passing s (that would have been s's one
        // departure already): its zone with s taken out.
        let around = confinement(rules, k, pieces, occ & !(1 << s));
        let entries = reach & around;
        any |= entries;
        for r in squares_of(entries) {
            if reach & !(1 << r) & !rules.between[s][r] != 0 {
                with_exit |= 1 << r;
            }
        }
    }
    (any, with_exit)
}

/// Gives rows their own squares among their options, one row after another (Kuhn's
/// augmenting paths on bit masks), recording the row of each square in `owner`. The
/// rows left unmatched, as a mask, are as few as any matching leaves: a row with no
/// augmenting path when its turn comes never gets one later. It stops at the second
/// unmatched row (the callers need no more).
fn match_rows(options: &[u16], owner: &mut [usize; 16]) -> u16 {
    let mut unmatched = 0u16;
    for row in 0..options.len() {
        if !augment(options, row, owner, &mut 0) {
            if unmatched != 0 {
                return unmatched | 1 << row;
            }
            unmatched = 1 << row;
        }
    }
    unmatched
}

fn augment(options: &[u16], row: usize, owner: &mut [usize; 16], seen: &mut u16) -> bool {
    for sq in squares_of(options[row] & !*seen) {
        *seen |= 1 << sq;
        if owner[sq] == usize::MAX || augment(options, owner[sq], owner, seen) {
            owner[sq] = row;
            return true;
        }
    }
    false
}

/// Merging rule: a piece that can capture on no occupied square, even ignoring blockers,
/// can never move again (squares only ever empty), so from then on its kind no longer
/// matters and it becomes STUCK.
fn mark_stuck(of_kind: &mut Position, stuck: u16) {
    for kind in KING..=PAWN {
        of_kind[kind as usize] &= !stuck;
    }
    of_kind[STUCK as usize] |= stuck;
}

/// The pieces that can capture on no occupied square, even with nothing in the way.
fn pieces_without_sight(rules: &Rules, of_kind: &Position, occ: u16) -> u16 {
    let mut blind = 0;
    for kind in KING..=PAWN {
        for s in squares_of(of_kind[kind as usize]) {
            if rules.reach[kind as usize][s] & occ == 0 {
                blind |= 1 << s;
            }
        }
    }
    blind
}

/// The pieces of a position described by strength alone: bits 16k..16k+15 are the
/// squares whose piece has step kind k (bit k of STEPS). Stuck pieces are in none.
type Strengths = u128;

fn strengths_of(of_kind: &Position) -> Strengths {
    let mut strengths = 0;
    for (kind, &squares) in of_kind.iter().enumerate() {
        strengths |= lanes_of_kind(kind) * squares as u128;
    }
    strengths
}

/// The strengths of one piece of `kind` on square 0 (shift it to its square).
fn lanes_of_kind(kind: usize) -> Strengths {
    // Bit k of the steps goes to bit 16k, the first square of lane k.
    let steps = STEPS[kind] as u128;
    (0..STEP_KINDS).fold(0, |m, k| m | (steps & 1 << k) << (15 * k))
}

/// Every lane of the given squares, to clear them from strengths.
fn all_lanes(squares: u16) -> Strengths {
    const EVERY_LANE: u128 = 1 | 1 << 16 | 1 << 32 | 1 << 48 | 1 << 64;
    EVERY_LANE * squares as u128
}

/// Whether every piece of `weaker` has only steps that the piece on the same square of
/// `stronger` has too (both positions having the same occupied squares).
fn at_most_as_strong(weaker: Strengths, stronger: Strengths) -> bool {
    weaker & !stronger == 0
}

/// The positions known to have no solution, grouped by their occupied squares.
///
/// Dominance: take two positions with the same occupied squares where every piece of the
/// first is at most as strong as the piece on its square in the second (pawn < bishop <
/// queen, pawn < king < queen, rook < queen, stuck < anything). Any solution of the first
/// is a solution of the second: each move of a weaker piece is a move of the stronger
/// one, and after the move the movers stand on the same square, still in that order. So
/// when the second has no solution, neither has the first, and only the strongest dead
/// positions need keeping.
///
/// The memo is indexed by the occupied squares directly (a 16-bit mask, so 65 536 list
/// heads, 256 KB of which only the pages touched are ever mapped): each set of squares
/// has its own short list of dead strengths (about five on the hardest boards), kept in
/// one pool. A lookup hashes nothing and compares only entries on the same squares.
struct DeadEnds {
    /// head[occ]: 1 + the pool index of the newest entry on `occ`, 0 for none.
    head: Vec<u32>,
    /// The entries: their strengths, and 1 + the index of the next entry on the same
    /// squares (0 ends the list).
    strengths: Vec<Strengths>,
    next: Vec<u32>,
}

impl DeadEnds {
    fn new() -> DeadEnds {
        DeadEnds {
            head: vec![0; 1 << 16],
            strengths: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Whether the position is known to be dead: some dead position with the same
    /// occupied squares is at least as strong everywhere.
    /// Without `covering`, only an equal dead position counts.
    fn covers(&self, occ: u16, strengths: Strengths, covering: bool) -> bool {
        let mut i = self.head[occ as usize];
        while i != 0 {
            let dead = self.strengths[i as usize - 1];
            if (covering && at_most_as_strong(strengths, dead)) || strengths == dead {
                return true;
            }
            i = self.next[i as usize - 1];
        }
        false
    }

    /// Records a dead position. It takes the place of the first recorded one with the
    /// same squares that it covers, if any (others it covers stay, harmlessly).
    fn insert(&mut self, occ: u16, strengths: Strengths) {
        let mut i = self.head[occ as usize];
        while i != 0 {
            let slot = i as usize - 1;
            if at_most_as_strong(self.strengths[slot], strengths) {
                self.strengths[slot] = strengths;
                return;
            }
            i = self.next[slot];
        }
        self.strengths.push(strengths);
        self.next.push(self.head[occ as usize]);
        self.head[occ as usize] = self.strengths.len() as u32;
    }

    /// How many recorded dead ends have these squares (for the tests).
    #[cfg(test)]
    fn count_on(&self, occ: u16) -> usize {
        let mut count = 0;
        let mut i = self.head[occ as usize];
        while i != 0 {
            count += 1;
            i = self.next[i as usize - 1];
        }
        count
    }
}

/// A move as (from-square, to-square).
pub type Move = (usize, usize);

/// The cuts of the search, each of which can be switched off (the tests compare the
/// search without one cut against the full search). The real search uses `Cuts::ALL`.
#[derive(Clone, Copy, Debug)]
pub struct Cuts {
    /// Dead ends cover the weaker positions on their squares (else exact matches only).
    pub covering: bool,
    /// Moves found dead stay dead after moves on other squares.
    pub commuting: bool,
    /// Pieces must all be able to meet (zones).
    pub zones: bool,
    /// At most one stuck piece may be unreachable in the pass-through sense.
    pub stuck_squares: bool,
    /// Stuck squares need distinct entry squares (a matching).
    pub entries: bool,
}

/// A function that switches one cut off.
pub type SwitchOff = fn(Cuts) -> Cuts;

impl Cuts {
    pub const ALL: Cuts = Cuts {
        covering: true,
        commuting: true,
        zones: true,
        stuck_squares: true,
        entries: true,
    };

    /// Each cut by name, with a function that switches it off.
    #[allow(dead_code)]
    pub const NAMES: [(&'static str, SwitchOff); 5] = [
        ("covering", |c| Cuts {
            covering: false,
            ..c
        }),
        ("commuting", |c| Cuts {
            commuting: false,
            ..c
        }),
        ("zones", |c| Cuts { zones: false, ..c }),
        ("stuck_squares", |c| Cuts {
            stuck_squares: false,
            ..c
        }),
        ("entries", |c| Cuts {
            entries: false,
            ..c
        }),
    ];
}

/// The search state: capture tables, the positions known to have no solution, and what
/// the search has cost so far.
pub struct Solver {
    rules: Rules,
    dead_ends: DeadEnds,
    cuts: Cuts,
    /// Calls of `search`, the measure of work the benchmarks use, and how many of them
    /// ended in a newly recorded dead end.
    pub calls: u64,
    pub dead: u64,
    /// The moves of the solution found, last move first.
    path: Vec<Move>,
    /// The move order: captures of the kinds in `victim_order` first to last, and for
    /// each victim kind, movers by the kinds in `mover_order`.
    pub victim_order: [u8; 7],
    pub mover_order: [u8; 6],
    /// The move orders `solve` takes turns with (see there); empty for `victim_order`
    /// and `mover_order` alone.
    pub portfolio: Vec<([u8; 7], [u8; 6])>,
    /// The budget of calls of each order in the first round (see `solve`).
    pub first_budget: u64,
    /// The search gives up (sets `aborted`) once `calls` passes `limit`.
    limit: u64,
    aborted: bool,
}

/// The first move order: captures of stuck pieces first, then of the weakest pieces, by
/// the weakest movers first. It keeps strong pieces for later, so the positions met first
/// are the strong ones, which then cover the weaker ones met later: of the 25 orders the
/// benchmark compares (`hardness orders`), its worst case on the hard unsolvable boards
/// is among the lowest, so it gets the first turn.
const VICTIM_ORDER: [u8; 7] = [STUCK, PAWN, KNIGHT, BISHOP, ROOK, KING, QUEEN];
const MOVER_ORDER: [u8; 6] = [PAWN, KNIGHT, BISHOP, ROOK, KING, QUEEN];

/// The orders `solve` takes turns with, (victims, movers). Chosen by the benchmark: on
/// the hard solvable boards each of these is fast where the others are slow (strongest
/// movers first; knights then pawns captured first by pawns then bishops; strongest
/// captured first). Other sets of orders measured did no better.
const PORTFOLIO: [([u8; 7], [u8; 6]); 4] = [
    (VICTIM_ORDER, MOVER_ORDER),
    (VICTIM_ORDER, [QUEEN, KING, ROOK, BISHOP, KNIGHT, PAWN]),
    (
        [STUCK, KNIGHT, PAWN, BISHOP, ROOK, KING, QUEEN],
        [PAWN, BISHOP, KNIGHT, ROOK, KING, QUEEN],
    ),
    (
        [STUCK, QUEEN, KING, ROOK, BISHOP, KNIGHT, PAWN],
        MOVER_ORDER,
    ),
];
/// The calls each order may spend in the first round; the budget grows fourfold each
/// round (budgets from 200 to 2 000 and growth from 2x to 8x measured within a tenth).
const FIRST_BUDGET: u64 = 1000;

/// A set of moves: bit `to` of entry `from` stands for the move from `from` to `to`.
type MoveSet = [u16; 16];

/// The moves of `moves` that share no square with the move `from` -> `to`.
///
/// Commuting moves: two legal moves on four different squares stay legal after each
/// other (a move only empties its from-square, which clears paths, and leaves every other
/// square as it was) and lead to the same position in either order. So if a legal move m
/// leads to a dead position, then after a legal move on other squares m is still legal
/// and still leads to a dead position (a position reached from the first one). Moves
/// already tried in a position are passed down this way, so the search skips them.
fn independent_of(moves: &MoveSet, from: usize, to: usize) -> MoveSet {
    let touched = 1u16 << from | 1 << to;
    let mut kept = *moves;
    for (s, targets) in kept.iter_mut().enumerate() {
        // All ones when s is untouched, else zero (branch-free, so it vectorises).
        let untouched = ((touched >> s) & 1).wrapping_sub(1);
        *targets &= !touched & untouched;
    }
    kept
}

impl Solver {
    /// Depth-first search from a position not known to be dead (the caller checks the
    /// memo first); on success `path` holds the moves in reverse order.
    fn search(
        &mut self,
        of_kind: Position,
        occ: u16,
        strengths: Strengths,
        mut dead_moves: MoveSet,
    ) -> bool {
        if occ & (occ - 1) == 0 {
            return true; // exactly one piece left: solved
        }
        let cuts = self.cuts;
        if !cuts.commuting {
            dead_moves = [0; 16];
        }
        let rules = &self.rules;
        let zones = zones_of(rules, &of_kind, occ);
        // Cheapest first: the pass-through test costs a fraction of the others.
        let alive = (!cuts.stuck_squares || stuck_squares_can_clear(rules, &zones, &of_kind, occ))
            && (!cuts.zones || pieces_can_all_meet(rules, &zones, occ))
            && (!cuts.entries || stuck_squares_have_entries(rules, &zones, &of_kind, occ));
        if alive && self.try_moves(&of_kind, occ, strengths, dead_moves) {
            return true;
        }
        if self.aborted {
            return false; // not searched to the end: nothing learnt about this position
        }
        self.dead_ends.insert(occ, strengths);
        self.dead += 1;
        false
    }

    /// Tries every capture of a position, in the order of `WEAKEST_FIRST`.
    fn try_moves(
        &mut self,
        of_kind: &Position,
        occ: u16,
        strengths: Strengths,
        mut dead_moves: MoveSet,
    ) -> bool {
        // The pieces that can capture now, with their targets, and blinded_by[s]: the
        // pieces that see (could capture on, ignoring blockers) no occupied square but
        // s, and so are stuck once s is vacated.
        let rules = &self.rules;
        let mut movers = [(0u8, 0u8, 0u16); 16];
        let mut count = 0;
        let mut blinded_by = [0u16; 16];
        // The squares some move not yet known dead captures on.
        let mut attacked = 0;
        for &kind in self.mover_order.iter() {
            for from in squares_of(of_kind[kind as usize]) {
                let targets = capture_targets(rules, kind, from, occ) & !dead_moves[from];
                if targets != 0 {
                    movers[count] = (kind, from as u8, targets);
                    count += 1;
                    attacked |= targets;
                }
                let sight = rules.reach[kind as usize][from] & occ;
                if sight != 0 && sight & (sight - 1) == 0 {
                    blinded_by[sight.trailing_zeros() as usize] |= 1 << from;
                }
            }
        }
        let victim_order = self.victim_order;
        for &victim in victim_order.iter() {
            let prey = of_kind[victim as usize] & attacked;
            if prey == 0 {
                continue;
            }
            // (dead_moves only gains the moves tried in this loop, so it is not applied
            // again: each move is met once.)
            for &(kind, from, targets) in &movers[..count] {
                let from = from as usize;
                for to in squares_of(targets & prey) {
                    // The mover keeps its type and takes the captured piece's square;
                    // the position is built only if the memo does not cover it.
                    let occ_after = occ & !(1 << from);
                    let mut stuck = blinded_by[from] & !(1 << to);
                    if self.rules.reach[kind as usize][to] & occ_after == 0 {
                        stuck |= 1 << to;
                    }
                    let next_strengths = (strengths & !all_lanes(1 << from | 1 << to)
                        | lanes_of_kind(kind as usize) << to)
                        & !all_lanes(stuck);
                    self.calls += 1;
                    if !self
                        .dead_ends
                        .covers(occ_after, next_strengths, self.cuts.covering)
                    {
                        let mut next = *of_kind;
                        next[victim as usize] &= !(1 << to);
                        next[kind as usize] ^= 1 << from | 1 << to;
                        if stuck != 0 {
                            mark_stuck(&mut next, stuck);
                        }
                        let still_dead = independent_of(&dead_moves, from, to);
                        if self.calls > self.limit {
                            self.aborted = true;
                            return false;
                        }
                        if self.search(next, occ_after, next_strengths, still_dead) {
                            self.path.push((from, to));
                            return true;
                        }
                        if self.aborted {
                            return false;
                        }
                    }
                    dead_moves[from] |= 1 << to;
                }
            }
        }
        false
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_cuts(Cuts::ALL)
    }

    pub fn with_cuts(cuts: Cuts) -> Solver {
        Solver {
            rules: Rules::new(),
            dead_ends: DeadEnds::new(),
            cuts,
            calls: 0,
            dead: 0,
            path: Vec::new(),
            victim_order: VICTIM_ORDER,
            mover_order: MOVER_ORDER,
            portfolio: PORTFOLIO.to_vec(),
            first_budget: FIRST_BUDGET,
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// A solution from start to end, or None if the board cannot be reduced to one piece
    /// (an empty board has no solution either). The orders of `portfolio` take turns, each
    /// searching until the calls pass its budget; a search that ends without being cut
    /// short decides the answer.
    pub fn solve(&mut self, mut start: Position) -> Option<Vec<Move>> {
        let occ = occupancy(&start);
        if occ == 0 {
            return None;
        }
        let blind = pieces_without_sight(&self.rules, &start, occ);
        mark_stuck(&mut start, blind);
        let strengths = strengths_of(&start);
        let mut budget = self.first_budget;
        loop {
            let orders = if self.portfolio.is_empty() {
                vec![(self.victim_order, self.mover_order)]
            } else {
                self.portfolio.clone()
            };
            let last = orders.len() == 1;
            for (victims, movers) in orders {
                self.victim_order = victims;
                self.mover_order = movers;
                self.limit = if last { u64::MAX } else { self.calls + budget };
                self.aborted = false;
                self.path.clear();
                self.calls += 1;
                if self.search(start, occ, strengths, [0; 16]) {
                    let mut moves = self.path.clone();
                    moves.reverse();
                    return Some(moves);
                }
                if !self.aborted {
                    return None;
                }
            }
            budget *= 4;
        }
    }
}

// ===========================================================================
// Input and output: reading the input as the statement allows it, and
// writing the answer or a one-line error. The algorithm is all above.
// ===========================================================================

/// The letter of a piece in the input, or None for an empty square.
fn piece_from_char(c: char) -> Option<u8> {
    match c {
        'K' => Some(KING),
        'Q' => Some(QUEEN),
        'R' => Some(ROOK),
        'B' => Some(BISHOP),
        'N' => Some(KNIGHT),
        'P' => Some(PAWN),
        _ => None,
    }
}

/// Reads the 16 squares from a byte stream. Whitespace is skipped; every other character
/// is one square. The input is read in fixed-size chunks and never kept, so memory stays
/// bounded whatever follows the board (megabytes of blank lines cost nothing), and a 17th
/// square or a non-UTF-8 byte stops the reading at once. A leading byte-order mark is
/// dropped.
fn read_board<R: Read>(mut input: R) -> Result<Position, String> {
    let mut board = BoardReader::new();
    let mut chunk = [0u8; 1 << 14];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read standard input: {}", e)),
        };
        for &b in &chunk[..n] {
            board.push_byte(b)?;
        }
    }
    board.finish()
}

/// The parser behind `read_board`, fed one byte at a time: it decodes UTF-8 itself (a
/// character is at most four bytes, held in `pending`) and counts lines for the messages.
struct BoardReader {
    of_kind: Position,
    cells: usize,
    line_no: usize,
    /// The bytes of a character not yet complete, and how many it needs in all.
    pending: [u8; 4],
    pending_len: usize,
    needed: usize,
    last_was_newline: bool,
    /// Whether a character came before (a byte-order mark counts only as the first).
    started: bool,
    /// The last character was a CR, which must be followed by a LF.
    after_cr: bool,
}

impl BoardReader {
    fn new() -> BoardReader {
        BoardReader {
            of_kind: [0; 8],
            cells: 0,
            line_no: 1,
            pending: [0; 4],
            pending_len: 0,
            needed: 0,
            last_was_newline: false,
            started: false,
            after_cr: false,
        }
    }

    fn not_utf8(&self, byte: u8) -> String {
        format!(
            "line {}: expected UTF-8 text, found the non-UTF-8 byte 0x{:02X}",
            self.line_no, byte
        )
    }

    /// Takes one byte. A malformed sequence is reported by its first byte, as
    /// `String::from_utf8` would.
    fn push_byte(&mut self, b: u8) -> Result<(), String> {
        if self.pending_len == 0 {
            self.needed = match b {
                0x00..=0x7F => return self.push_char(b as char),
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => return Err(self.not_utf8(b)),
            };
        } else if b & 0xC0 != 0x80 {
            return Err(self.not_utf8(self.pending[0]));
        }
        self.pending[self.pending_len] = b;
        self.pending_len += 1;
        if self.pending_len < self.needed {
            return Ok(());
        }
        self.pending_len = 0;
        // The lengths and continuation bytes are right; from_utf8 catches the rest
        // (overlong forms, surrogates, code points past U+10FFFF).
        match std::str::from_utf8(&self.pending[..self.needed]) {
            Ok(text) => {
                let c = text.chars().next().unwrap_or(' ');
                self.push_char(c)
            }
            Err(_) => Err(self.not_utf8(self.pending[0])),
        }
    }

    fn push_char(&mut self, c: char) -> Result<(), String> {
        let first = !self.started;
        self.started = true;
        if first && c == '\u{FEFF}' {
            return Ok(()); // a byte-order mark
        }
        // Rule: line ends are LF or CRLF; a CR anywhere else is an error.
        if self.after_cr && c != '\n' {
            return Err(self.lone_cr(&format!("{:?}", c)));
        }
        self.after_cr = c == '\r';
        self.last_was_newline = c == '\n';
        if c == '\n' {
            self.line_no += 1;
            return Ok(());
        }
        // Rule: spaces, tabs and line ends are ignored; other whitespace and
        // control characters are not squares and are rejected.
        if c == ' ' || c == '\t' || c == '\r' {
            return Ok(());
        }
        if c.is_whitespace() || c.is_control() {
            return Err(format!(
                "line {}: expected a square, a space, a tab or a line end, found {:?}",
                self.line_no, c
            ));
        }
        if self.cells == 16 {
            return Err(format!(
                "line {}: expected exactly 16 squares, found a 17th ({:?})",
                self.line_no, c
            ));
        }
        // Input is top row first; rows count from the bottom in our coordinates.
        let (x, y) = ((self.cells % 4) as i32, 3 - (self.cells / 4) as i32);
        if let Some(kind) = piece_from_char(c) {
            self.of_kind[kind as usize] |= 1 << square(x, y);
        }
        self.cells += 1;
        Ok(())
    }

    fn lone_cr(&self, found: &str) -> String {
        format!(
            "line {}: expected a line feed after the carriage return (line ends are LF or CRLF), found {}",
            self.line_no, found
        )
    }

    /// The board at the end of the input, or why it is not one.
    fn finish(self) -> Result<Position, String> {
        if self.pending_len != 0 {
            return Err(self.not_utf8(self.pending[0]));
        }
        if self.after_cr {
            return Err(self.lone_cr("the end of input"));
        }
        if self.cells < 16 {
            let last = if self.last_was_newline {
                self.line_no - 1
            } else {
                self.line_no
            };
            return Err(format!(
                "line {}: input ended after {} squares, expected 16 (K Q R B N P or an empty-square mark)",
                last.max(1),
                self.cells
            ));
        }
        Ok(self.of_kind)
    }
}

/// The board in a text (the tests' and the benchmark's way in; the program reads a
/// stream).
#[allow(dead_code)]
pub fn parse_board_text(text: &str) -> Result<Position, String> {
    read_board(text.as_bytes())
}

#[cfg(test)]
fn parse_board(text: &str) -> Result<Position, String> {
    parse_board_text(text)
}

/// The answer line: `0` without a solution, otherwise the list of moves.
fn format_answer(solution: &Option<Vec<Move>>) -> String {
    match *solution {
        None => "0".to_string(),
        Some(ref moves) => {
            let items: Vec<String> = moves
                .iter()
                .map(|&(from, to)| format!("[[{},{}],[{},{}]]", from % 4, from / 4, to % 4, to / 4))
                .collect();
            format!("[{}]", items.join(","))
        }
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
    let answer = if stdout_is_closed() {
        Err("cannot write the answer: standard output is closed".to_string())
    } else {
        read_board(io::stdin().lock())
            .map(|board| format!("{}\n", format_answer(&Solver::new().solve(board))))
    };
    let written = answer.and_then(|answer| {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        write_answer(&mut out, &answer).map_err(|e| format!("cannot write the answer: {}", e))
    });
    if let Err(message) = written {
        eprintln!("solitaire_chess: {}", message);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_decoding_skips_a_bom_and_names_the_line_of_a_bad_byte() {
        let line = "PPPPPPPPPPPPPPPP\n";
        let with_bom = format!("\u{FEFF}{}", line);
        assert_eq!(board(&with_bom), board(line));
        // Only a leading mark is skipped; anywhere else it is a square.
        assert!(parse_board(&format!("P\u{FEFF}{}", &line[2..])).is_ok());
        let why = read_board(&b"ok\nok\nbad\xFF\n"[..]).unwrap_err();
        assert_eq!(
            why,
            "line 3: expected UTF-8 text, found the non-UTF-8 byte 0xFF"
        );
        // A malformed sequence is named by its first byte, wherever it is cut.
        for bad in [&b"..\n\xE2\x82"[..], b"..\n\xE2\x82.", b"..\n\xED\xA0\x80"].iter() {
            assert_eq!(
                read_board(*bad).unwrap_err(),
                "line 2: expected UTF-8 text, found the non-UTF-8 byte 0xE2"
                    .replace("0xE2", &format!("0x{:02X}", bad[3]))
            );
        }
        // Multi-byte characters are squares like any other mark.
        assert_eq!(
            board("\u{e9}\u{20ac}..\n....\n....\n...N"),
            board("...............N")
        );
    }

    /// The statement's Input section, case by case: each variant it tolerates reads as
    /// the canonical input, each input it rejects fails on the line it names.
    #[test]
    fn the_statement_input_section_holds() {
        let canonical = ". . . .\n. B . .\nR P . .\n. . . N\n";
        let expected = board(canonical);
        let tolerated = [
            "....\n.B..\nRP..\n...N\n".to_string(),
            ".....B..RP.....N\n".to_string(),
            "0000\n0B00\nRP00\n000N\n".to_string(),
            "bbbb\nbBbb\nRPbb\nbbbN\n".to_string(),
            format!("\n \t{}\n\n \t \n", canonical.replace(' ', " \t ")),
            canonical.replace('\n', "\r\n"),
            canonical.replace('\n', " \r\n"),
            canonical.trim_end().to_string(),
            format!("\u{FEFF}{}", canonical),
        ];
        for text in tolerated.iter() {
            assert_eq!(parse_board(text), Ok(expected), "{:?}", text);
        }
        let rejected: Vec<(Vec<u8>, usize)> = vec![
            // Bytes that are not UTF-8.
            ([canonical.as_bytes(), b"\xFF"].concat(), 5),
            // Fewer or more than 16 squares.
            (b". . . .\n. B . .\nR P . .\n. . N\n".to_vec(), 4),
            ([canonical.as_bytes(), b"."].concat(), 5),
            (b"".to_vec(), 1),
            // Control characters and other whitespace.
            (canonical.replacen('\n', "\r\r\n", 1).into_bytes(), 1),
            (canonical.replacen('\n', "\r \n", 1).into_bytes(), 1),
            (canonical.replace('\n', "\r").into_bytes(), 1),
            ([canonical.trim_end().as_bytes(), b"\r"].concat(), 4),
            ([canonical.as_bytes(), b"\x0C"].concat(), 5),
            (canonical.replacen(' ', "\x0B", 1).into_bytes(), 1),
            (canonical.replacen(' ', "\u{A0}", 1).into_bytes(), 1),
            (canonical.replacen('.', "\0", 1).into_bytes(), 1),
        ];
        for (bytes, line) in rejected.iter() {
            let why = read_board(&bytes[..]).expect_err(&format!("accepted {:?}", bytes));
            assert!(
                why.starts_with(&format!("line {}: ", line)),
                "{:?} for {:?}",
                why,
                String::from_utf8_lossy(bytes)
            );
        }
    }

    /// A reader that gives a valid board, then `newlines` line ends, and records the
    /// largest buffer it was asked to fill.
    struct BoardThenNewlines {
        board: &'static [u8],
        newlines: usize,
        largest_request: usize,
    }

    impl Read for BoardThenNewlines {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.largest_request = self.largest_request.max(buf.len());
            if !self.board.is_empty() {
                let n = self.board.len().min(buf.len());
                buf[..n].copy_from_slice(&self.board[..n]);
                self.board = &self.board[n..];
                return Ok(n);
            }
            let n = self.newlines.min(buf.len());
            for b in &mut buf[..n] {
                *b = b'\n';
            }
            self.newlines -= n;
            Ok(n)
        }
    }

    #[test]
    fn the_input_is_read_as_a_stream_in_small_chunks() {
        let mut input = BoardThenNewlines {
            board: b"...N\n.....R....B.",
            newlines: 2_000_000,
            largest_request: 0,
        };
        assert_eq!(read_board(&mut input), Ok(board("...N.....R....B.")));
        assert_eq!(input.newlines, 0, "read to the end");
        // Reading everything into memory would ask for a buffer as large as the input.
        assert!(
            input.largest_request <= 1 << 16,
            "{}",
            input.largest_request
        );
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

    fn board(text: &str) -> Position {
        parse_board(text).expect("test board parses")
    }

    /// The squares, as "[x,y]" strings, that the piece on (x, y) may capture on.
    fn targets(text: &str, x: usize, y: usize) -> Vec<String> {
        let rules = Rules::new();
        let mut found: Vec<String> = legal_captures(&rules, &board(text))
            .into_iter()
            .filter(|&(from, _)| from == y * 4 + x)
            .map(|(_, to)| format!("[{},{}]", to % 4, to / 4))
            .collect();
        found.sort();
        found
    }

    fn solve_text(text: &str) -> String {
        format_answer(&Solver::new().solve(board(text)))
    }

    #[test]
    fn king_captures_one_step_in_all_eight_directions() {
        let t = "PPPP\nPKPP\nPPPP\nPPPP";
        assert_eq!(
            targets(t, 1, 2),
            ["[0,1]", "[0,2]", "[0,3]", "[1,1]", "[1,3]", "[2,1]", "[2,2]", "[2,3]"]
        );
        assert!(targets("K.P.\n....\n..P.\n....", 0, 3).is_empty());
    }

    #[test]
    fn queen_slides_along_lines_and_diagonals_until_blocked() {
        // Queen on [0,0]; [0,2] is behind [0,1], [3,3] behind [2,2]; [1,2] is off-line.
        let t = "...P\n.PP.\nN...\nQ..R";
        assert_eq!(targets(t, 0, 0), ["[0,1]", "[2,2]", "[3,0]"]);
    }

    #[test]
    fn rook_slides_straight_only() {
        let t = "R..P\n.P..\n....\nN..B";
        assert_eq!(targets(t, 0, 3), ["[0,0]", "[3,3]"]);
        // Blocked by the knight in between.
        assert_eq!(targets("R...\nN...\n....\nP...", 0, 3), ["[0,2]"]);
    }

    #[test]
    fn bishop_slides_diagonally_only() {
        let t = "B..P\n....\n..N.\nP..R";
        assert_eq!(targets(t, 0, 3), ["[2,1]"]);
        assert_eq!(targets("B...\n....\n....\n...R", 0, 3), ["[3,0]"]);
    }

    #[test]
    fn knight_jumps_over_pieces() {
        // Surrounded, it still reaches [1,3] and [2,2]; the adjacent pieces are not targets.
        let t = ".P..\nQQP.\nNQ..\nQQ..";
        assert_eq!(targets(t, 0, 1), ["[1,3]", "[2,2]"]);
    }

    #[test]
    fn pawn_captures_one_square_diagonally_in_every_direction() {
        let t = "P.P.\n.P..\nPPP.\n...P";
        assert_eq!(targets(t, 1, 2), ["[0,1]", "[0,3]", "[2,1]", "[2,3]"]);
        // Not two squares away, not straight.
        assert!(targets("P...\n....\n..P.\n....", 0, 3).is_empty());
        assert!(targets("P...\nP...\n....\n....", 0, 3).is_empty());
    }

    #[test]
    fn moves_never_go_to_empty_squares() {
        assert!(legal_captures(&Rules::new(), &board("Q...\n....\n....\n....")).is_empty());
    }

    /// The strengths of a position with one piece of `kind` on square 5.
    fn lone(kind: u8) -> Strengths {
        let mut of_kind = [0u16; 8];
        of_kind[kind as usize] = 1 << 5;
        strengths_of(&of_kind)
    }

    #[test]
    fn pieces_are_ordered_by_the_steps_they_have() {
        let weaker = |a: u8, b: u8| at_most_as_strong(lone(a), lone(b));
        for &(a, b) in [
            (PAWN, BISHOP),
            (PAWN, KING),
            (KING, QUEEN),
            (BISHOP, QUEEN),
            (ROOK, QUEEN),
            (STUCK, PAWN),
            (STUCK, KNIGHT),
            (KNIGHT, KNIGHT),
        ]
        .iter()
        {
            assert!(weaker(a, b), "{} should be at most as strong as {}", a, b);
        }
        for &(a, b) in [
            (BISHOP, PAWN),
            (QUEEN, KING),
            (ROOK, KING),
            (KING, ROOK),
            (BISHOP, KING),
            (KNIGHT, QUEEN),
            (PAWN, KNIGHT),
            (PAWN, STUCK),
        ]
        .iter()
        {
            assert!(
                !weaker(a, b),
                "{} should not be at most as strong as {}",
                a,
                b
            );
        }
    }

    #[test]
    fn a_dead_end_covers_the_weaker_positions_on_its_squares_only() {
        let on = |pieces: &[(u8, usize)]| {
            let mut of_kind = [0u16; 8];
            for &(kind, s) in pieces {
                of_kind[kind as usize] |= 1 << s;
            }
            (pieces.iter().fold(0u16, |m, &(_, s)| m | 1 << s), of_kind)
        };
        let mut dead = DeadEnds::new();
        let (occ, bishops) = on(&[(BISHOP, 0), (BISHOP, 6)]);
        dead.insert(occ, strengths_of(&bishops));
        let covered = |dead: &DeadEnds, pieces: &[(u8, usize)]| {
            let (occ, of_kind) = on(pieces);
            dead.covers(occ, strengths_of(&of_kind), true)
        };
        assert!(covered(&dead, &[(BISHOP, 0), (BISHOP, 6)]));
        assert!(covered(&dead, &[(PAWN, 0), (BISHOP, 6)]));
        assert!(covered(&dead, &[(STUCK, 0), (PAWN, 6)]));
        assert!(!covered(&dead, &[(QUEEN, 0), (BISHOP, 6)]));
        assert!(!covered(&dead, &[(BISHOP, 0), (KNIGHT, 6)]));
        assert!(!covered(&dead, &[(PAWN, 0), (PAWN, 5)]), "other squares");
        assert!(!covered(&dead, &[(PAWN, 0)]), "fewer pieces");
        // A stronger dead end replaces the ones it covers.
        let (occ, queens) = on(&[(QUEEN, 0), (QUEEN, 6)]);
        dead.insert(occ, strengths_of(&queens));
        assert!(covered(&dead, &[(ROOK, 0), (KING, 6)]));
        assert_eq!(dead.count_on(occ), 1);
    }

    #[test]
    fn a_tried_move_stays_tried_across_moves_on_other_squares() {
        let mut tried = [0u16; 16];
        tried[0] = 1 << 5;
        tried[2] = 1 << 3;
        tried[7] = 1 << 1;
        // 3 -> 9 shares square 3 with 2 -> 3 only.
        let kept = independent_of(&tried, 3, 9);
        assert_eq!((kept[0], kept[2], kept[7]), (1 << 5, 0, 1 << 1));
        // 7 -> 12 starts where 7 -> 1 starts; 14 -> 1 ends where it ends.
        assert_eq!(independent_of(&tried, 7, 12)[7], 0);
        assert_eq!(independent_of(&tried, 14, 1)[7], 0);
        assert_eq!(independent_of(&tried, 14, 1)[0], 1 << 5);
        assert_eq!(independent_of(&tried, 5, 4)[0], 0);
    }

    #[test]
    fn the_mover_keeps_its_kind() {
        // Pawn takes rook on [1,1]; a rook there could take the knight on [1,3], the
        // pawn cannot. The other first move (rook takes knight) strands the pawn.
        assert_eq!(solve_text(".N..\n....\n.R..\nP..."), "0");
        // With a queen instead of the pawn it works: queen takes rook, then knight.
        assert_eq!(
            solve_text(".N..\n....\n.R..\nQ..."),
            "[[[0,0],[1,1]],[[1,1],[1,3]]]"
        );
    }

    #[test]
    fn one_piece_is_already_solved_and_none_is_unsolvable() {
        assert_eq!(solve_text("....\n..N.\n....\n...."), "[]");
        assert_eq!(solve_text("................"), "0");
    }

    #[test]
    fn bishops_on_different_colours_never_meet() {
        // Side by side, so on different colours: neither can ever take the other.
        assert_eq!(solve_text("BB.............."), "0");
        // On one diagonal they can.
        assert_ne!(solve_text("B....B.........."), "0");
    }

    /// The position of a board with its blind pieces marked stuck, as the search sees it.
    fn searched(text: &str) -> (Rules, Position, u16) {
        let rules = Rules::new();
        let mut of_kind = board(text);
        let occ = occupancy(&of_kind);
        let blind = pieces_without_sight(&rules, &of_kind, occ);
        mark_stuck(&mut of_kind, blind);
        (rules, of_kind, occ)
    }

    #[test]
    fn two_stuck_squares_cannot_share_their_only_entry() {
        // The pawns on [0,3] and [1,0] are stuck. Only the knight on [2,2] can enter
        // either, and it departs [2,2] once. ([1,0] has an exit, so the older pass-through
        // rule lets the position through; [3,1] is no entry for [1,0], since a knight only
        // gets there through [1,0] itself.)
        let text = "P...\n..N.\n...B\n.P..";
        let (rules, of_kind, occ) = searched(text);
        assert_eq!(of_kind[STUCK as usize], 1 << 12 | 1 << 1);
        let zones = zones_of(&rules, &of_kind, occ);
        assert!(stuck_squares_can_clear(&rules, &zones, &of_kind, occ));
        assert!(!stuck_squares_have_entries(&rules, &zones, &of_kind, occ));
        assert_eq!(solve_text(text), "0");
        // With a second knight on [0,1] (an entry for [1,0], leaving to [2,2] or
        // [3,1]) the rule lets it through.
        let (rules, of_kind, occ) = searched("P...\n..N.\nN..B\n.P..");
        let zones = zones_of(&rules, &of_kind, occ);
        assert!(stuck_squares_have_entries(&rules, &zones, &of_kind, occ));
    }

    #[test]
    fn a_slider_cannot_leave_over_the_squares_it_came_across() {
        // The knight on [0,0] is stuck (nothing on [1,2] or [2,1]). A bishop can enter it
        // from [1,1] and leave to [3,3], or enter from [3,3] (over [1,1] and [2,2], once
        // they are empty) but then not leave: [1,1] and [2,2] lie between, [3,3] it left.
        let (rules, of_kind, occ) = searched("...B\n....\n.P..\nN...");
        assert_eq!(of_kind[STUCK as usize], 1);
        let zones = zones_of(&rules, &of_kind, occ);
        let (any, with_exit) = entries_of(&rules, &zones, &of_kind, occ, 0);
        assert_eq!((any, with_exit), (1 << 5 | 1 << 15, 1 << 5));
        assert_eq!(rules.between[0][15], 1 << 5 | 1 << 10);
        assert_eq!(rules.between[15][0], 1 << 5 | 1 << 10);
        assert_eq!(rules.between[0][5], 0, "neighbours");
        assert_eq!(rules.between[0][6], 0, "not on a line");
        assert_eq!(rules.between[3][0], 1 << 1 | 1 << 2);
    }

    /// Why one stuck square needs no entries test: a stuck square in some kind's zone
    /// always has an entry for that kind (checked on random dense boards, where stuck
    /// pieces abound).
    #[test]
    fn a_stuck_square_in_a_zone_has_an_entry() {
        let mut rng = Rng(77);
        let mut checked = 0;
        for _ in 0..3000 {
            let kinds = random_kinds(&mut rng, 4, b"BPNBPNKQR");
            let count = 6 + rng.below(8);
            let (rules, of_kind, occ) = searched(&random_board(&mut rng, &kinds, count));
            let zones = zones_of(&rules, &of_kind, occ);
            let in_a_zone = zones.by_kind.iter().fold(0, |m, &z| m | z);
            for s in squares_of(of_kind[STUCK as usize] & in_a_zone) {
                let (any, _) = entries_of(&rules, &zones, &of_kind, occ, s);
                assert!(any != 0, "no entry to square {} of {:?}", s, of_kind);
                checked += 1;
            }
        }
        assert!(checked > 1000, "only {} stuck squares in zones", checked);
    }

    #[test]
    fn matching_gives_each_row_its_own_square() {
        let unmatched = |options: &[u16]| match_rows(options, &mut [usize::MAX; 16]);
        assert_eq!(unmatched(&[0b011, 0b001]), 0, "the first row moves over");
        assert_eq!(unmatched(&[0b001, 0b001]), 0b10);
        assert_eq!(unmatched(&[0b110, 0b011, 0b101]), 0);
        assert_eq!(unmatched(&[0b011, 0b011, 0b011]), 0b100);
        assert_eq!(
            unmatched(&[0b001, 0b001, 0b001, 0b110]),
            0b110,
            "as few as possible"
        );
        assert_eq!(unmatched(&[]), 0);
    }

    #[test]
    fn stuck_pieces_reachable_only_through_one_square_are_fatal() {
        // The knight can take the pawn on [1,3] or the bishop on [0,0] but then has
        // nowhere to go; the pawn on [1,0] can only take the knight. Nothing else moves.
        assert_eq!(solve_text(".P..\n....\n..N.\nBP.."), "0");
    }

    #[test]
    fn seed_puzzles_are_solved() {
        for text in [
            "...N.....R....B.",
            ".....B..RP.....N",
            ".NR.B...N..B..P.",
            "...N...RRBB.NPP.",
            "P....R..R.R..R..",
            ".P.NK.....B...RQ",
        ]
        .iter()
        {
            let answer = Solver::new().solve(board(text));
            let moves = answer.expect("seed puzzles have solutions");
            assert!(naive::replays(&naive::pieces_of(text), &moves), "{}", text);
        }
    }

    #[test]
    fn the_three_layouts_and_line_ends_read_alike() {
        let spaced = ". . . .\n. B . .\nR P . .\n. . . N\n";
        let rows = "....\r\n.B..\r\nRP..\r\n...N";
        let line = ".....B..RP.....N";
        let other_marks = "0000 0B00 RP00 x-_N  \n\n";
        assert_eq!(board(spaced), board(line));
        assert_eq!(board(rows), board(line));
        assert_eq!(board(other_marks), board(line));
        // Lower-case letters are not pieces.
        assert_eq!(board("k..............."), [0; 8]);
    }

    #[test]
    fn wrong_square_counts_are_reported_with_their_line() {
        assert_eq!(
            parse_board("....\n....\n....\n...").unwrap_err(),
            "line 4: input ended after 15 squares, expected 16 (K Q R B N P or an empty-square mark)"
        );
        assert_eq!(
            parse_board("....\n....\n....\n....\n.\n").unwrap_err(),
            "line 5: expected exactly 16 squares, found a 17th ('.')"
        );
        assert!(parse_board("")
            .unwrap_err()
            .starts_with("line 1: input ended after 0"));
    }

    #[test]
    fn answers_are_printed_without_spaces() {
        assert_eq!(format_answer(&None), "0");
        assert_eq!(format_answer(&Some(vec![])), "[]");
        assert_eq!(
            format_answer(&Some(vec![(3, 5), (5, 6)])),
            "[[[3,0],[1,1]],[[1,1],[2,1]]]"
        );
    }

    /// A deliberately plain second solver: the pieces are a list of (x, y, letter), the
    /// movement rules are geometry on coordinate differences, blocking is checked by
    /// looking for a piece on the segment, and the search tries every capture with no
    /// memo and no pruning. Only usable on small boards.
    mod naive {
        pub type Piece = (i32, i32, char);

        pub fn pieces_of(text: &str) -> Vec<Piece> {
            let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            let mut out = Vec::new();
            for (i, &c) in cells.iter().enumerate() {
                if "KQRBNP".contains(c) {
                    out.push(((i % 4) as i32, 3 - (i / 4) as i32, c));
                }
            }
            out
        }

        fn between(a: Piece, b: Piece, p: Piece) -> bool {
            // p lies strictly inside the segment a-b (a and b share a line or diagonal).
            let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
            let inside_x = (p.0 - a.0) * (p.0 - b.0) <= 0;
            let inside_y = (p.1 - a.1) * (p.1 - b.1) <= 0;
            cross == 0
                && inside_x
                && inside_y
                && (p.0, p.1) != (a.0, a.1)
                && (p.0, p.1) != (b.0, b.1)
        }

        pub fn can_capture(pieces: &[Piece], i: usize, j: usize) -> bool {
            let (a, b) = (pieces[i], pieces[j]);
            let (dx, dy) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
            let line = dx == 0 || dy == 0;
            let diag = dx == dy;
            let clear = || pieces.iter().all(|&p| !between(a, b, p));
            match a.2 {
                'K' => dx.max(dy) == 1,
                'N' => dx * dx + dy * dy == 5,
                'P' => dx == 1 && dy == 1,
                'R' => line && clear(),
                'B' => diag && clear(),
                _ => (line || diag) && clear(),
            }
        }

        /// Every position one capture away.
        fn successors(pieces: &[Piece]) -> Vec<Vec<Piece>> {
            let mut out = Vec::new();
            for i in 0..pieces.len() {
                for j in 0..pieces.len() {
                    if i != j && can_capture(pieces, i, j) {
                        let mut next = pieces.to_vec();
                        next[i] = (pieces[j].0, pieces[j].1, pieces[i].2);
                        next.remove(j);
                        out.push(next);
                    }
                }
            }
            out
        }

        /// Plain exhaustive search: tries every capture sequence.
        pub fn solvable(pieces: &[Piece]) -> bool {
            pieces.len() == 1 || successors(pieces).iter().any(|next| solvable(next))
        }

        /// The same search, remembering the sorted piece lists that failed, so that
        /// boards of 10 or 11 pieces finish too. Nothing else is cut.
        pub fn solvable_remembering(
            pieces: &[Piece],
            failed: &mut std::collections::HashSet<Vec<Piece>>,
        ) -> bool {
            if pieces.len() == 1 {
                return true;
            }
            let mut key = pieces.to_vec();
            key.sort();
            if failed.contains(&key) {
                return false;
            }
            let found = successors(pieces)
                .iter()
                .any(|next| solvable_remembering(next, failed));
            if !found {
                failed.insert(key);
            }
            found
        }

        /// Plays (from, to) square moves (square = 4y + x) and checks each one.
        pub fn replays(start: &[Piece], moves: &[(usize, usize)]) -> bool {
            let mut pieces = start.to_vec();
            for &(from, to) in moves {
                let at = |s: usize| {
                    pieces
                        .iter()
                        .position(|p| (p.0, p.1) == ((s % 4) as i32, (s / 4) as i32))
                };
                let (i, j) = match (at(from), at(to)) {
                    (Some(i), Some(j)) if i != j => (i, j),
                    _ => return false,
                };
                if !can_capture(&pieces, i, j) {
                    return false;
                }
                pieces[i] = (pieces[j].0, pieces[j].1, pieces[i].2);
                pieces.remove(j);
            }
            pieces.len() == 1
        }
    }

    /// splitmix64, for reproducible random boards.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> usize {
            (self.next() % n) as usize
        }
    }

    /// The kinds a random board draws from: all six once in `all_one_in` boards, else two
    /// or three picked from `palette`, which makes unsolvable boards common.
    fn random_kinds(rng: &mut Rng, all_one_in: u64, palette: &[u8]) -> Vec<u8> {
        if rng.below(all_one_in) == 0 {
            b"KQRBNP".to_vec()
        } else {
            (0..2 + rng.below(2))
                .map(|_| palette[rng.below(palette.len() as u64)])
                .collect()
        }
    }

    /// `count` pieces of the given kinds on random squares, in the input's one-line form.
    fn random_board(rng: &mut Rng, kinds: &[u8], count: usize) -> String {
        let mut cells = ['.'; 16];
        let mut placed = 0;
        while placed < count {
            let s = rng.below(16);
            if cells[s] == '.' {
                cells[s] = kinds[rng.below(kinds.len() as u64)] as char;
                placed += 1;
            }
        }
        cells.iter().collect()
    }

    /// Solves every board with the real solver and holds it to `expected` (whether the
    /// board has a solution); every solution printed must also replay. Returns how many
    /// boards were solvable and how many were not.
    fn cross_check<F>(boards: &[String], expected: F) -> (usize, usize)
    where
        F: Fn(&[naive::Piece]) -> bool,
    {
        let (mut solvable, mut unsolvable) = (0, 0);
        for text in boards {
            let pieces = naive::pieces_of(text);
            let expected = !pieces.is_empty() && expected(&pieces);
            match Solver::new().solve(board(text)) {
                Some(moves) => {
                    assert!(expected, "a solution the reference did not find: {}", text);
                    assert!(naive::replays(&pieces, &moves), "bad solution for {}", text);
                    solvable += 1;
                }
                None => {
                    assert!(!expected, "solver missed a solution: {}", text);
                    unsolvable += 1;
                }
            }
        }
        (solvable, unsolvable)
    }

    #[test]
    fn agrees_with_the_naive_solver_on_random_boards() {
        let mut rng = Rng(2024);
        let boards: Vec<String> = (0..5000)
            .map(|_| {
                let kinds = random_kinds(&mut rng, 2, b"KQRBNP");
                let count = rng.below(9);
                random_board(&mut rng, &kinds, count)
            })
            .collect();
        let (solvable, unsolvable) = cross_check(&boards, naive::solvable);
        // Both outcomes must be well represented for the comparison to mean something.
        assert!(
            solvable > 1000 && unsolvable > 1000,
            "{} / {}",
            solvable,
            unsolvable
        );
    }

    /// Every cut on its own: the search without it must agree with the full search on
    /// 2,000 dense boards (10 to 12 pieces, mostly bishops, pawns and knights, where the
    /// cuts fire most), and every solution either prints must replay.
    #[test]
    fn each_cut_alone_changes_no_answer_on_dense_boards() {
        let mut rng = Rng(4242);
        let boards: Vec<String> = (0..2000)
            .map(|_| {
                let kinds = random_kinds(&mut rng, 4, b"BPNBPNBPNKQR");
                let count = 10 + rng.below(3);
                random_board(&mut rng, &kinds, count)
            })
            .collect();
        let mut fired = [0u64; 5];
        let mut turns = 0;
        let (mut solvable, mut unsolvable) = (0, 0);
        for text in &boards {
            let pieces = naive::pieces_of(text);
            let mut full = Solver::new();
            let answer = full.solve(board(text));
            match answer {
                Some(ref moves) => {
                    assert!(naive::replays(&pieces, moves), "bad solution for {}", text);
                    solvable += 1;
                }
                None => unsolvable += 1,
            }
            for (i, (name, off)) in Cuts::NAMES.iter().enumerate() {
                let mut without = Solver::with_cuts(off(Cuts::ALL));
                let other = without.solve(board(text));
                assert_eq!(
                    answer.is_some(),
                    other.is_some(),
                    "without {} the answer differs on {}",
                    name,
                    text
                );
                if let Some(ref moves) = other {
                    assert!(naive::replays(&pieces, moves), "bad solution for {}", text);
                }
                if without.calls != full.calls {
                    fired[i] += 1;
                }
            }
            // Taking turns between orders (searches cut short, the memo shared) must
            // agree with one order searched to the end; a tiny budget makes the turns
            // frequent.
            let mut single = Solver::new();
            single.portfolio.clear();
            let mut hurried = Solver::new();
            hurried.first_budget = 5;
            let moves = hurried.solve(board(text));
            assert_eq!(
                moves.is_some(),
                answer.is_some(),
                "turns differ on {}",
                text
            );
            if let Some(ref moves) = moves {
                assert!(naive::replays(&pieces, moves), "bad solution for {}", text);
            }
            assert_eq!(
                single.solve(board(text)).is_some(),
                answer.is_some(),
                "one order differs on {}",
                text
            );
            if hurried.calls > 5 {
                turns += 1;
            }
        }
        assert!(
            solvable > 300 && unsolvable > 300,
            "{} / {}",
            solvable,
            unsolvable
        );
        assert!(turns > 20, "only {} searches took turns", turns);
        // Each cut must change the search on some of these boards, or the check is empty.
        // The pass-through rule is implied by the entries rule, so it changes nothing
        // while that is on; it is checked on its own in the next test.
        for (i, (name, _)) in Cuts::NAMES.iter().enumerate() {
            if *name != "stuck_squares" {
                assert!(fired[i] > 20, "{} changed only {} searches", name, fired[i]);
            }
        }
    }

    /// The pass-through rule with the entries rule off: the search without both agrees
    /// with the search with the pass-through rule alone on 2,000 dense boards.
    #[test]
    fn the_pass_through_rule_alone_changes_no_answer_on_dense_boards() {
        let mut rng = Rng(5151);
        let no_entries = Cuts {
            entries: false,
            ..Cuts::ALL
        };
        let neither = Cuts {
            stuck_squares: false,
            ..no_entries
        };
        let mut fired = 0;
        for _ in 0..2000 {
            let kinds = random_kinds(&mut rng, 4, b"BPNBPNBPNKQR");
            let count = 10 + rng.below(3);
            let text = random_board(&mut rng, &kinds, count);
            let mut with = Solver::with_cuts(no_entries);
            let mut without = Solver::with_cuts(neither);
            let (a, b) = (with.solve(board(&text)), without.solve(board(&text)));
            assert_eq!(a.is_some(), b.is_some(), "{}", text);
            for moves in a.iter().chain(b.iter()) {
                assert!(naive::replays(&naive::pieces_of(&text), moves), "{}", text);
            }
            if with.calls != without.calls {
                fired += 1;
            }
        }
        assert!(fired > 20, "the rule changed only {} searches", fired);
    }

    /// Dense boards are where the dead-end covering, the commuting moves and the pruning
    /// cut the most, so they are checked against a search with none of them. Bishops,
    /// pawns and knights make the hardest unsolvable boards, so they are drawn most.
    #[test]
    fn agrees_with_a_plain_remembering_search_on_dense_boards() {
        let mut rng = Rng(77);
        let boards: Vec<String> = (0..800)
            .map(|_| {
                let kinds = random_kinds(&mut rng, 4, b"BPNBPNKQRBPN");
                let count = 10 + rng.below(2);
                random_board(&mut rng, &kinds, count)
            })
            .collect();
        let (solvable, unsolvable) = cross_check(&boards, |pieces| {
            naive::solvable_remembering(pieces, &mut Default::default())
        });
        assert!(
            solvable > 100 && unsolvable > 100,
            "{} / {}",
            solvable,
            unsolvable
        );
    }
}
