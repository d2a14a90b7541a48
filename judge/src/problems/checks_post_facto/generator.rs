//! Random legal games of English draughts: the generator of the judge's stress tests
//! (`generate`) and of this file's tests.
//!
//! The generator plays real games, so every move list it writes has a valid answer: the
//! position it started from and the one it ended in. It is written independently of the
//! checker (`checker.rs`), with an 8×8 grid of characters, row/column coordinates and a
//! depth-first search for full jump chains, so that the two do not share a mistake.

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
