//! Solitaire Chess on a 4x4 board (a code-golf puzzle, "Solitaire Chess").
//!
//! The puzzle: a few chess pieces of one colour stand on a 4x4 board. Every move is a
//! capture: a piece moves exactly as it would in chess onto a square holding another piece,
//! which leaves the board. Kings, queens, rooks, bishops and knights move as usual (queens,
//! rooks and bishops need every square between start and target to be empty, knights jump).
//! The pawn is the one change: it captures one square diagonally in any of the four
//! directions. A piece never changes its type. The goal is to end with exactly one piece.
//! Output: a solution as [[[x,y],[x,y]],...] (the mover's square, then the captured
//! piece's; x the column from the left, y the row from the bottom), `[]` when one piece
//! stands already, `0` when there is no solution (or no piece).
//!
//! Approach: a depth-first search over capture sequences that remembers its dead ends
//! (`Solver::search`, right after the board). A position is, for each kind of piece, the
//! 16-bit mask of its squares. A plain search that remembers its dead ends and nothing
//! else (`plain` in examples/hardness.rs) is right too, but takes 32x the instructions on
//! sample 28 (1.6 G against 51 M). The rest of this file buys speed: six cuts, each a
//! section below. Behind them: pieces only land on occupied squares, so an empty square
//! stays empty for good; and a solution has one move per piece but one, so every occupied
//! square but the final one is left (departed from) exactly once. In brackets, the worst
//! of the 19 known hard boards (hard_boards.txt) without the cut, in instructions,
//! against 53 M with all six.
//! - Covering: a piece is a set of kinds of step, so pawn < bishop < queen, pawn < king <
//!   queen and rook < queen. A dead position covers every position on the same squares
//!   whose every piece is at most as strong: those are dead too, and not searched. (103 M)
//! - Commuting moves: a move found dead stays dead after a move on two other squares; the
//!   search carries the tried moves down and skips them. (78 M)
//! - Stuck pieces: a piece with no occupied square on any of its lines or jumps can never
//!   move again; its kind stops mattering and it is stored as STUCK, the weakest. (104 M,
//!   entries off too, as they look at stuck pieces)
//! - Zones: a piece stays within the occupied squares it can reach by repeated moves of
//!   its kind; if the pieces split into groups whose zones never overlap, each group keeps
//!   a piece. (55 M; on a full board of pawns, 34 M against 0.4 M)
//! - Entries: a stuck piece's square is emptied only by a visitor that enters from an
//!   occupied square (that square's one departure) and leaves to another, so the stuck
//!   squares need distinct entry squares, and all but the final one an exit. (65 M; its
//!   quick form, two stuck squares without an exit, run first, saves 1 to 3 % more)
//! - Orders: four move orders take turns under a budget, sharing the memo, since no single
//!   order suits every solvable board. (71 M)
//!
//! Cost: exponential in the worst case. A turn searches a position once at most, so the
//! searches are at most the positions reachable from the start (sets of its squares, each
//! piece of its kind or stuck), plus the 15 at most each turn cut short was inside. A
//! search is a few mask operations per piece and a memo lookup per move. The worst
//! measured, the unsolvable sample 28 (NPPNNN.BB.NBBPBB), meets 78 105 positions, searches
//! 34 663 (47 of them twice or more, in turns cut short), 16 350 past the cuts: 51 M
//! instructions (sample 29 takes 53 M), about 12 ms and 2.8 MB, 9x the wall time of a
//! program that only reads its input (examples/hardness.rs `known`, `ratio`).
//! Measurements: docs/solitaire_chess-notes.md.
//!
//! Tested: src/tests.rs compares the answers with a naive search on 5 000 random boards
//! of up to 8 pieces, with a plain remembering one on 800 boards of 10 or 11, and with
//! one order searched to the end on 2 000, and replays every solution; the 61 samples
//! include the challenge's six seed puzzles (one printed answer breaks the pawn rule) and
//! the hardest boards found, judged by a checker that replays every move.
//!
//! Input (README.md states it in full): the 16 squares, top row first, K Q R B N P a
//! piece, any other character empty; spaces, tabs, LF or CRLF line ends and a leading
//! byte-order mark are ignored, and only the count of 16 is checked. Anything else (not
//! UTF-8, over 1 MiB, a control character) gets one line on stderr naming the line, and
//! exit status 1.

use std::io::{self, Read, Write};

// ---- The board

/// Piece codes, the indices of a `Position`.
const KING: u8 = 1;
const QUEEN: u8 = 2;
const ROOK: u8 = 3;
const BISHOP: u8 = 4;
const KNIGHT: u8 = 5;
const PAWN: u8 = 6;
/// A piece that can never move again, whatever its kind (see "Stuck pieces").
const STUCK: u8 = 7;

/// A position: of_kind[k] is the mask of the squares holding a piece of code k
/// (of_kind[0] stays empty). Square = y * 4 + x, with x the column from the left and y
/// the row from the bottom, as in the output coordinates.
type Position = [u16; 8];

/// A move as (from-square, to-square).
type Move = (usize, usize);

/// The kinds of step a piece may capture with, one bit each. A piece is a set of them: it
/// is at most as strong as another when its steps are a subset of the other's.
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

/// Tables built once from the rules (`Rules::new`, under "What the search uses").
struct Rules {
    /// reach[kind][from]: the squares a piece could capture on if nothing stood in the way.
    reach: [[u16; 16]; 8],
    /// between[a][b]: the squares strictly between a and b when they share a line or a
    /// diagonal, else 0.
    between: [[u16; 16]; 16],
    /// spread[kind][half][bits]: `reach` of every square of the 8-bit mask `bits` of the
    /// lower (half 0) or upper (half 1) two rows, or-ed together (for cheap zones).
    spread: Box<[[[u16; 256]; 2]; 8]>,
}

/// The squares the piece of `kind` on `from` can capture on. Rule: every move is a
/// capture, so only occupied squares count; queens, rooks and bishops stop at the first
/// piece on each of their lines and may take it, knights jump, kings and pawns take a
/// neighbour.
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

// ---- The search

/// The search state: the tables, the dead ends, the move order of the turn.
pub(crate) struct Solver {
    rules: Rules,
    dead_ends: DeadEnds,
    /// The positions met: each turn's start and the position after each move tried
    /// (looked up in the memo, then searched unless covered). A turn is cut short once
    /// they pass `limit`; the hardness benchmark reads them too.
    pub(crate) positions_met: u64,
    limit: u64,
    /// Whether the turn was cut short.
    aborted: bool,
    /// The moves of the solution found, last move first.
    path: Vec<Move>,
    order: Order,
}

/// How a turn of `Solver::turn` ended.
enum Turn {
    Solution(Vec<Move>),
    NoSolution,
    CutShort,
}

impl Solver {
    pub(crate) fn new() -> Solver {
        Solver {
            rules: Rules::new(),
            dead_ends: DeadEnds::new(),
            positions_met: 0,
            limit: u64::MAX,
            aborted: false,
            path: Vec::new(),
            order: ORDERS[0],
        }
    }

    /// A solution from start to end, or None (an empty board has none either). The
    /// `ORDERS` take turns, each searching until the positions met pass its budget, which
    /// grows fourfold each round; the first turn not cut short decides (see "Orders").
    pub(crate) fn solve(&mut self, start: Position) -> Option<Vec<Move>> {
        let mut budget = FIRST_BUDGET;
        loop {
            for order in ORDERS.iter() {
                let limit = self.positions_met + budget;
                match self.turn(start, order, limit) {
                    Turn::Solution(moves) => return Some(moves),
                    Turn::NoSolution => return None,
                    Turn::CutShort => {}
                }
            }
            budget *= 4;
        }
    }

    /// One turn: the search from `start` in `order`, cut short once the positions met
    /// pass `limit`. A turn cut short keeps the dead ends it finished, as they are dead
    /// in any order, and records nothing about the positions it was still inside.
    fn turn(&mut self, mut start: Position, order: &Order, limit: u64) -> Turn {
        let occ = occupancy(&start);
        if occ == 0 {
            return Turn::NoSolution;
        }
        let blind = pieces_without_sight(&self.rules, &start, occ);
        mark_stuck(&mut start, blind);
        self.order = *order;
        self.limit = limit;
        self.aborted = false;
        self.path.clear();
        self.positions_met += 1;
        if self.search(start, occ, strengths_of(&start), [0; 16]) {
            let mut moves = self.path.clone();
            moves.reverse();
            Turn::Solution(moves)
        } else if self.aborted {
            Turn::CutShort
        } else {
            Turn::NoSolution
        }
    }

    /// Depth-first search from a position not known to be dead (the caller checks the
    /// memo first); on success `path` holds the moves in reverse order. `dead_moves`: the
    /// moves known dead here (see "Commuting moves").
    fn search(
        &mut self,
        of_kind: Position,
        occ: u16,
        strengths: Strengths,
        dead_moves: MoveSet,
    ) -> bool {
        if occ & (occ - 1) == 0 {
            return true; // exactly one piece left: solved
        }
        let rules = &self.rules;
        let zones = zones_of(rules, &of_kind, occ);
        // The quick form of the entries test first: it is the cheapest.
        let alive = stuck_squares_have_exits(rules, &zones, &of_kind, occ)
            && zones_connect(rules, &zones, occ)
            && stuck_squares_have_entries(rules, &zones, &of_kind, occ);
        if alive && self.try_moves(&of_kind, occ, strengths, dead_moves) {
            return true;
        }
        if self.aborted {
            return false; // not searched to the end: nothing learnt about this position
        }
        self.dead_ends.insert(occ, strengths);
        false
    }

    /// Tries every capture of a position, in the move order of the turn.
    fn try_moves(
        &mut self,
        of_kind: &Position,
        occ: u16,
        strengths: Strengths,
        mut dead_moves: MoveSet,
    ) -> bool {
        // The pieces that can capture now, with their targets, and blinded_by[s]: the
        // pieces that see (ignoring blockers) no occupied square but s, stuck once s is
        // vacated.
        let rules = &self.rules;
        let (victim_order, mover_order) = self.order;
        let mut movers = [(0u8, 0u8, 0u16); 16];
        let mut count = 0;
        let mut blinded_by = [0u16; 16];
        // The squares some move not yet known dead captures on.
        let mut attacked = 0;
        for &kind in mover_order.iter() {
            for from in squares_of(of_kind[kind as usize]) {
                let targets = capture_targets(rules, kind, from, occ) & !dead_moves[from];
                if targets != 0 {
                    movers[count] = (kind, from as u8, targets);
                    count += 1;
                    attacked |= targets;
                }
                let sight = rules.reach[kind as usize][from] & occ;
                // One square in sight: clearing the lowest set bit leaves none.
                if sight != 0 && sight & (sight - 1) == 0 {
                    blinded_by[sight.trailing_zeros() as usize] |= 1 << from;
                }
            }
        }
        for &victim in victim_order.iter() {
            let prey = of_kind[victim as usize] & attacked;
            if prey == 0 {
                continue;
            }
            // (dead_moves gains only the moves tried here: not applied again.)
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
                    // The strengths after the move: the lanes of `from` and `to` cleared,
                    // the mover's steps set on `to` (its lanes on square 0, shifted), and
                    // the pieces now stuck cleared from every lane (no step left).
                    let next_strengths = (strengths & !all_lanes(1 << from | 1 << to)
                        | lanes_of_kind(kind as usize) << to)
                        & !all_lanes(stuck);
                    self.positions_met += 1;
                    if !self.dead_ends.covers(occ_after, next_strengths) {
                        let mut next = *of_kind;
                        next[victim as usize] &= !(1 << to);
                        next[kind as usize] ^= 1 << from | 1 << to;
                        if stuck != 0 {
                            mark_stuck(&mut next, stuck);
                        }
                        let still_dead = commuting_with(&dead_moves, from, to);
                        if self.positions_met > self.limit {
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

// ---- Cut 1: covering

/// The pieces of a position described by strength alone: bits 16k..16k+15 (lane k) are
/// the squares whose piece has step kind k (bit k of STEPS). Stuck pieces are in none.
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

/// Whether a position of strengths `weaker` is covered by one of `stronger` on the same
/// squares: every piece has only steps that the piece on its square in `stronger` has.
fn covered_by(weaker: Strengths, stronger: Strengths) -> bool {
    weaker & !stronger == 0
}

/// The positions known to have no solution, by their occupied squares. Covering: if every
/// piece of a position is at most as strong as the piece on its square in another (stuck <
/// anything), a move of a weaker piece is one of the stronger, after which the movers share
/// a square, still in that order; so any solution of the first is one of the second, the
/// second dead makes the first dead, and only the strongest are kept. The memo is indexed
/// by the squares (65 536 list heads, only the pages touched mapped), each with a list of
/// dead strengths (at most 49 long on the known boards) in one pool: a lookup hashes
/// nothing.
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

    /// Whether the position is covered by a dead one with the same occupied squares.
    fn covers(&self, occ: u16, strengths: Strengths) -> bool {
        let mut i = self.head[occ as usize];
        while i != 0 {
            let dead = self.strengths[i as usize - 1];
            if covered_by(strengths, dead) {
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
            if covered_by(self.strengths[slot], strengths) {
                self.strengths[slot] = strengths;
                return;
            }
            i = self.next[slot];
        }
        self.strengths.push(strengths);
        self.next.push(self.head[occ as usize]);
        self.head[occ as usize] = self.strengths.len() as u32;
    }
}

// ---- Cut 2: commuting moves

/// A set of moves: bit `to` of entry `from` stands for the move from `from` to `to`.
type MoveSet = [u16; 16];

/// The moves of `moves` that share no square with the move `from` -> `to`. Commuting
/// moves: two legal moves on four different squares stay legal after each other (a move
/// only empties its from-square) and lead to the same position in either order, so a move
/// found dead stays dead after a move on other squares. The moves tried in a position are
/// passed down this way, and the search skips them.
fn commuting_with(moves: &MoveSet, from: usize, to: usize) -> MoveSet {
    let touched = 1u16 << from | 1 << to;
    let mut kept = *moves;
    for (s, targets) in kept.iter_mut().enumerate() {
        // All ones when s is untouched (0 - 1 wraps), else zero: no branch.
        let untouched = ((touched >> s) & 1).wrapping_sub(1);
        *targets &= !touched & untouched;
    }
    kept
}

// ---- Cut 3: stuck pieces

/// Stuck pieces: a piece that can capture on no occupied square, even ignoring blockers,
/// can never move again (squares only ever empty): its kind no longer matters.
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

// ---- Cut 4: zones

/// The zones of each kind, once per position: by_kind[k] is the union of the zones of
/// the pieces of kind k (a stuck piece's zone is its own square: none here).
struct Zones {
    by_kind: [u16; 8],
}

fn zones_of(rules: &Rules, of_kind: &Position, occ: u16) -> Zones {
    let mut by_kind = [0u16; 8];
    for kind in KING as usize..=PAWN as usize {
        if of_kind[kind] != 0 {
            by_kind[kind] = zone(rules, kind, of_kind[kind], occ);
        }
    }
    Zones { by_kind }
}

/// The zone of the pieces of `kind` on `from`: a piece only lands on squares occupied now,
/// so it stays within the occupied squares it can reach by repeated moves of its kind
/// (blockers ignored, since they can only disappear).
fn zone(rules: &Rules, kind: usize, from: u16, occ: u16) -> u16 {
    let mut seen = from;
    let mut frontier = seen;
    while frontier != 0 {
        frontier = spread(rules, kind, frontier) & occ & !seen;
        seen |= frontier;
    }
    seen
}

/// The squares one step of `kind` leads to from any square of `from` (blockers ignored),
/// looked up two rows at a time.
fn spread(rules: &Rules, kind: usize, from: u16) -> u16 {
    let table = &rules.spread[kind];
    let f = from as usize;
    table[0][f & 255] | table[1][f >> 8]
}

/// Zones: two pieces only ever interact if their zones overlap; if the pieces fall into
/// groups that never touch, each keeps a piece. Growing a set of squares by the k-steps
/// out of its squares in by_kind[k], for every kind k, absorbs exactly the zones that
/// overlap it (a zone is all its k-steps reach inside by_kind[k]).
fn zones_connect(rules: &Rules, zones: &Zones, occ: u16) -> bool {
    let covered = zones.by_kind.iter().fold(0, |m, &z| m | z);
    if covered != occ {
        return false; // a stuck piece in no zone (or no piece can move at all)
    }
    // The group starts from the lowest occupied square (x & -x keeps the lowest set bit).
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

// ---- Cut 5: entries

/// Entries: a stuck square s is emptied only by a visitor entering from an occupied square
/// r (r's one departure) and leaving to another occupied square t. Even a stuck final
/// square needs an entry: it is the target of the last move. So each stuck square needs
/// its own entry square, and all but one also an exit: a bipartite matching. An entry r
/// for s by a kind k: k can stand on r (its zones), s is in k's reach from r. An exit t:
/// occupied, in k's reach from s, not r (vacated), not strictly between s and r (a slider
/// came over those squares, so they are empty).
fn stuck_squares_have_entries(rules: &Rules, zones: &Zones, of_kind: &Position, occ: u16) -> bool {
    let stuck = of_kind[STUCK as usize];
    // At most one stuck square (clearing the lowest set bit leaves none): it may be the
    // final one, so it needs an entry only, and it has one once it lies in some kind's
    // zone (as the zones test demands).
    if stuck & stuck.wrapping_sub(1) == 0 {
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
    // One stuck square f may be the final one, entered and never left: the matching
    // stays valid with f's options widened, and becomes perfect iff an augmenting path
    // starts from the one unmatched row (Berge).
    (0..n).any(|f| {
        if any_entry[f] == with_exit[f] {
            return false;
        }
        let mut options = with_exit;
        options[f] = any_entry[f];
        augment(&options[..n], u, &mut owner.clone(), &mut 0)
    })
}

/// Entries, the quick form: a stuck square whose visitors could not both enter and leave
/// (no kind in whose zones it lies reaches two occupied squares from it) can only be the
/// final one, so two such are fatal. `stuck_squares_have_entries` finds them too, but this
/// costs less, and run ahead of the zones it saves 1 to 3 % of the instructions.
fn stuck_squares_have_exits(rules: &Rules, zones: &Zones, of_kind: &Position, occ: u16) -> bool {
    let stuck = of_kind[STUCK as usize];
    let mut final_squares = 0;
    for s in squares_of(stuck) {
        let exit = (KING..=PAWN).any(|k| {
            zones.by_kind[k as usize] & (1 << s) != 0
                && (rules.reach[k as usize][s] & occ).count_ones() >= 2
        });
        if !exit {
            final_squares += 1;
            if final_squares == 2 {
                return false;
            }
        }
    }
    true
}

/// The squares a visitor could enter the stuck square `s` from, and those among them
/// from which it could also leave again (see `stuck_squares_have_entries`).
fn entries_of(rules: &Rules, zones: &Zones, of_kind: &Position, occ: u16, s: usize) -> (u16, u16) {
    let (mut any, mut with_exit) = (0, 0);
    // Indexed: faster here than an iterator chain (docs/solitaire_chess-notes.md).
    #[allow(clippy::needless_range_loop)]
    for k in KING as usize..=PAWN as usize {
        if zones.by_kind[k] & (1 << s) == 0 {
            continue;
        }
        let pieces = of_kind[k];
        let reach = rules.reach[k][s] & occ;
        // The visitor reaches r without passing s: its zone with s taken out.
        let around = zone(rules, k, pieces, occ & !(1 << s));
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

/// Gives rows their own squares among their options (Kuhn's augmenting paths on bit
/// masks), recording the row of each square in `owner`. Returns the rows left unmatched,
/// as few as any matching leaves, stopping at the second (the callers need no more).
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

// ---- Cut 6: orders

/// A move order: (victim kinds, mover kinds), each first to last: captures of the first
/// victim kind first, and for each victim kind, movers by the mover kinds.
type Order = ([u8; 7], [u8; 6]);

/// The first move order: stuck pieces captured first, then the weakest, by the weakest
/// movers first, so the strong positions met first cover the weaker ones met later (of
/// the orders measured, its worst case on the hard unsolvable boards is among the lowest).
const VICTIM_ORDER: [u8; 7] = [STUCK, PAWN, KNIGHT, BISHOP, ROOK, KING, QUEEN];
const MOVER_ORDER: [u8; 6] = [PAWN, KNIGHT, BISHOP, ROOK, KING, QUEEN];

/// Orders: the orders `solve` takes turns with, since on the hard solvable boards each is
/// fast where the others are slow; they share the memo, as a dead end is dead in any order.
const ORDERS: [Order; 4] = [
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

/// The positions each order may meet in its first turn; the budget grows fourfold each
/// round.
const FIRST_BUDGET: u64 = 1000;

// ---- What the search uses: the squares, the occupied squares, the tables

/// Square numbering: square = y * 4 + x (see `Position`).
fn square(x: i32, y: i32) -> usize {
    (y * 4 + x) as usize
}

fn on_board(x: i32, y: i32) -> bool {
    (0..4).contains(&x) && (0..4).contains(&y)
}

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
            mask &= mask - 1; // clears the lowest set bit
            Some(s)
        }
    })
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
            between,
            spread,
        }
    }
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

/// The answer for the whole input, one line: a solution's moves, [[[x,y],[x,y]],...]
/// (`[]` when one piece stands already), or `0` when there is none.
fn answer_to(input: &str) -> Result<String, String> {
    let answer = match Solver::new().solve(read_board(input)?) {
        None => "0".to_string(),
        Some(moves) => {
            let items: Vec<String> = moves
                .iter()
                .map(|&(from, to)| format!("[[{},{}],[{},{}]]", from % 4, from / 4, to % 4, to / 4))
                .collect();
            format!("[{}]", items.join(","))
        }
    };
    Ok(answer + "\n")
}

/// The board, top row first: K Q R B N P are pieces (codes 1 to 6, in that order), any other
/// character but spaces, tabs and line ends an empty square (a miscount names a U+FEFF one).
pub(crate) fn read_board(text: &str) -> Result<Position, String> {
    let mut of_kind = [0u16; 8];
    let mut cells = 0;
    let bom = match lines(text).find(|(_, line)| line.contains('\u{feff}')) {
        Some((at, _)) => format!(" (line {at} holds a U+FEFF square)"),
        None => String::new(),
    };
    for (line_no, line) in lines(text) {
        for c in line.chars() {
            // Rule: spaces, tabs and line ends are ignored; other whitespace and control
            // characters are not squares and are rejected.
            let why = match c {
                ' ' | '\t' => continue,
                // Rule: line ends are LF or CRLF; `lines` leaves any other CR in its line.
                '\r' => {
                    let found = text
                        .match_indices('\r')
                        .map(|(at, _)| &text[at + 1..])
                        .find(|rest| !rest.starts_with('\n'))
                        .and_then(|rest| rest.chars().next())
                        .map_or("the end of input".to_string(), |c| format!("{:?}", c));
                    let expected =
                        "a line feed after the carriage return (line ends are LF or CRLF)";
                    format!("expected {}, found {}", expected, found)
                }
                _ if c.is_whitespace() || c.is_control() => format!(
                    "expected a square, a space, a tab or a line end, found {:?} in {}",
                    c,
                    shown(line)
                ),
                _ if cells == 16 => {
                    format!("expected exactly 16 squares, found a 17th ({:?})", c) + &bom
                }
                _ => {
                    // Input is top row first; rows count from the bottom in our coordinates.
                    if let Some(at) = "KQRBNP".find(c) {
                        of_kind[at + 1] |= 1 << square(cells % 4, 3 - cells / 4);
                    }
                    cells += 1;
                    continue;
                }
            };
            return Err(format!("line {}: {}", line_no, why));
        }
    }
    if cells == 16 {
        return Ok(of_kind);
    }
    Err(format!(
        "line {}: input ended after {} squares, expected 16 (K Q R B N P or an empty-square mark)",
        lines(text).count().max(1),
        cells
    ) + &bom)
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
        eprintln!("solitaire_chess: {}", message);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests;
