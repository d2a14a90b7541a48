//! solitaire_chess's wrong outputs, for the output validator's cross-check:
//! right answers reordered or cut, captures no rule allows, and small boards
//! (three pieces on a line) on which every movement rule and blocker shows.

use super::read::KINDS;
use crate::problems::wrong_outputs::{
    no_other_inputs, text_mutants, whitespace_variants, WrongOutputs,
};
use crate::rng::Rng;

pub const WRONG_OUTPUTS: WrongOutputs = WrongOutputs {
    inputs: 60,
    extra_inputs: small_solitaire_boards,
    outputs: solitaire_outputs,
    other_inputs: no_other_inputs,
};

/// The moves of a solitaire answer, `[from x, from y, to x, to y]` each.
fn solitaire_moves(answer: &str) -> Vec<[String; 4]> {
    let numbers: Vec<String> = answer
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    numbers
        .chunks(4)
        .filter(|m| m.len() == 4)
        .map(|m| [m[0].clone(), m[1].clone(), m[2].clone(), m[3].clone()])
        .collect()
}

fn solitaire_answer(moves: &[[String; 4]]) -> String {
    let list: Vec<String> = moves
        .iter()
        .map(|m| format!("[[{},{}],[{},{}]]", m[0], m[1], m[2], m[3]))
        .collect();
    format!("[{}]\n", list.join(","))
}

/// Captures drawn at random until one piece is left, each from a piece to
/// another piece whatever their kinds and whatever stands between: every
/// movement rule gets tried, and some of these answers are right.
fn random_captures(input: &str, rng: &mut Rng) -> String {
    let mut pieces = solitaire_pieces(input);
    let mut moves = Vec::new();
    while pieces.len() > 1 {
        let from = rng.below(pieces.len() as u64) as usize;
        let mut to = rng.below(pieces.len() as u64 - 1) as usize;
        if to >= from {
            to += 1;
        }
        let ((fx, fy), (tx, ty)) = (pieces[from], pieces[to]);
        moves.push([fx, fy, tx, ty].map(|v| v.to_string()));
        pieces[to] = pieces[from];
        pieces.remove(from);
    }
    solitaire_answer(&moves)
}

/// Every order of captures, legal or not, that leaves one piece: for boards
/// of at most three pieces (12 orders for three), so that each movement rule
/// and each blocker is tried.
fn every_capture_order(
    pieces: &[(usize, usize)],
    moves: &mut Vec<[String; 4]>,
    out: &mut Vec<String>,
) {
    if pieces.len() <= 1 {
        out.push(solitaire_answer(moves));
        return;
    }
    for from in 0..pieces.len() {
        for to in 0..pieces.len() {
            if from == to {
                continue;
            }
            let ((fx, fy), (tx, ty)) = (pieces[from], pieces[to]);
            moves.push([fx, fy, tx, ty].map(|v| v.to_string()));
            let mut left = pieces.to_vec();
            left[to] = left[from];
            left.remove(from);
            every_capture_order(&left, moves, out);
            moves.pop();
        }
    }
}

/// Boards of three pieces of random kinds, two or three of them on one line
/// (a row, a column or a diagonal), so that pieces stand two squares apart
/// and block each other often: all their capture orders try every rule.
fn small_solitaire_boards(rng: &mut Rng) -> Vec<String> {
    const LINES: [[(i64, i64); 2]; 4] = [
        [(0, 0), (1, 0)],
        [(0, 0), (0, 1)],
        [(0, 0), (1, 1)],
        [(3, 0), (-1, 1)],
    ];
    (0..70)
        .map(|_| {
            let mut grid = [['.'; 4]; 4]; // grid[y][x]
            let [(x0, y0), (dx, dy)] = rng.pick(&LINES);
            // A start and steps along the line that stay on the board.
            let shift = rng.below(4) as i64;
            let (sx, sy) = if dx == 0 {
                (shift, 0)
            } else if dy == 0 {
                (0, shift)
            } else {
                (0, 0)
            };
            let on_line = 2 + rng.below(2) as usize;
            let mut placed = 0;
            for step in 0..4 {
                let (x, y) = (x0 + sx + dx * step, y0 + sy + dy * step);
                if placed < on_line && rng.chance(70) {
                    grid[y as usize][x as usize] = rng.pick(&KINDS);
                    placed += 1;
                }
            }
            while placed < 3 {
                let (x, y) = (rng.below(4) as usize, rng.below(4) as usize);
                if grid[y][x] == '.' {
                    grid[y][x] = rng.pick(&KINDS);
                    placed += 1;
                }
            }
            let rows: Vec<String> = (0..4)
                .rev()
                .map(|y| {
                    grid[y]
                        .iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            crate::problems::lf_lines(&rows)
        })
        .collect()
}

/// (x, y) of every piece of a solitaire input: square i of the input is
/// column i % 4 of row 3 - i / 4.
fn solitaire_pieces(input: &str) -> Vec<(usize, usize)> {
    let squares: Vec<char> = input.chars().filter(|c| !c.is_whitespace()).collect();
    (0..squares.len())
        .filter(|&i| squares[i] != '.')
        .map(|i| (i % 4, 3 - i / 4))
        .collect()
}

/// Right and wrong outputs for a solitaire board whose right answer is `answer`.
fn solitaire_outputs(input: &str, answer: &str, rng: &mut Rng) -> Vec<String> {
    let mut outputs = vec![answer.to_string(), "0\n".to_string(), "[]\n".to_string()];
    match solitaire_pieces(input).len() {
        0 | 1 => {}
        2 | 3 => every_capture_order(&solitaire_pieces(input), &mut Vec::new(), &mut outputs),
        _ => outputs.extend((0..6).map(|_| random_captures(input, rng))),
    }
    outputs.extend(whitespace_variants(answer));
    outputs.extend(text_mutants(answer, rng));
    let moves = solitaire_moves(answer);
    if moves.is_empty() {
        return outputs;
    }
    let n = moves.len();
    let i = rng.below(n as u64) as usize;
    let j = rng.below(n as u64) as usize;
    let mut edits: Vec<Vec<[String; 4]>> = Vec::new();
    let mut dropped = moves.clone();
    dropped.remove(i);
    edits.push(dropped);
    let mut doubled = moves.clone();
    doubled.insert(i, moves[i].clone());
    edits.push(doubled);
    let mut swapped = moves.clone();
    swapped.swap(i, j);
    edits.push(swapped);
    let mut reversed = moves.clone();
    reversed.reverse();
    edits.push(reversed);
    let mut changed = moves.clone();
    changed[i][rng.below(4) as usize] = rng.below(5).to_string();
    edits.push(changed);
    let mut turned = moves.clone();
    turned[i].swap(0, 2);
    turned[i].swap(1, 3);
    edits.push(turned);
    // A leading zero in a coordinate: the judge reads the number.
    let mut padded = moves.clone();
    padded[i][rng.below(4) as usize].insert(0, '0');
    edits.push(padded);
    outputs.extend(edits.iter().map(|m| solitaire_answer(m)));
    outputs
}
