//! checks_post_facto's wrong outputs, for the output validator's
//! cross-check: right answers with a piece moved, added or taken away, and
//! games changed so that the answer no longer fits them.

use crate::problems::wrong_outputs::{
    no_extra_inputs, text_mutants, whitespace_variants, WrongOutputs,
};
use crate::rng::Rng;

pub const WRONG_OUTPUTS: WrongOutputs = WrongOutputs {
    inputs: 100,
    extra_inputs: no_extra_inputs,
    outputs: post_facto_outputs,
    other_inputs: post_facto_inputs,
};

/// Right and wrong outputs for a checks_post_facto test whose right answer is `answer`.
fn post_facto_outputs(_input: &str, answer: &str, rng: &mut Rng) -> Vec<String> {
    let mut outputs = vec![answer.to_string()];
    outputs.extend(whitespace_variants(answer));
    outputs.extend(text_mutants(answer, rng));
    let rows: Vec<Vec<u8>> = answer.lines().map(|l| l.as_bytes().to_vec()).collect();
    if rows.len() != 8 || rows.iter().any(|r| r.len() != 17) {
        return outputs;
    }
    let render = |rows: &[Vec<u8>]| -> String {
        rows.iter()
            .map(|r| String::from_utf8_lossy(r).into_owned() + "\n")
            .collect()
    };
    let (i, j) = (rng.below(8) as usize, rng.below(8) as usize);
    let mut edits: Vec<Vec<Vec<u8>>> = Vec::new();
    let mut dropped = rows.clone();
    dropped.remove(i);
    edits.push(dropped);
    let mut doubled = rows.clone();
    doubled.insert(i, rows[i].clone());
    edits.push(doubled);
    let mut swapped = rows.clone();
    swapped.swap(i, j);
    edits.push(swapped);
    // A dark cell of the before board, the after board, or both, set at random:
    // often still right when no move touches the square.
    for boards in [&[0][..], &[9], &[0, 9], &[0, 9]] {
        let mut scribbled = rows.clone();
        let row = rng.below(8) as usize;
        let col = 2 * rng.below(4) as usize + (1 - row % 2);
        let piece = rng.pick(b".bwBW");
        for &offset in boards {
            scribbled[row][offset + col] = piece;
        }
        edits.push(scribbled);
    }
    // A man on its far row on both boards: only the promotion rule rejects it
    // (when no move goes near it).
    let mut unpromoted = rows.clone();
    let (row, man) = if rng.chance(50) { (0, b'w') } else { (7, b'b') };
    let col = 2 * rng.below(4) as usize + (1 - row % 2);
    unpromoted[row][col] = man;
    unpromoted[row][9 + col] = man;
    edits.push(unpromoted);
    edits.extend(kings_and_men_exchanged(&rows, rng));
    let mut light = rows.clone();
    light[i][2 * rng.below(4) as usize + i % 2] = b'.';
    edits.push(light);
    let mut glued = rows.clone();
    glued[i][8] = b'-';
    edits.push(glued);
    let mut switched = rows.clone();
    for row in switched.iter_mut() {
        row.rotate_left(9);
        row.rotate_right(1);
    }
    edits.push(switched);
    outputs.extend(edits.iter().map(|rows| render(rows)));
    outputs
}

/// (input, output) pairs for variants of a checks_post_facto input that the
/// input validator still accepts, with `answer` the right answer to `input`:
/// - the other side first, two neighbouring moves swapped, the last move
///   dropped, each with `answer` (usually wrong for them);
/// - the last hop of the last move dropped when it is a multi-hop jump, with
///   `answer`'s after board taken back by that hop in the four ways it can
///   be (the jumper a man or a king, the piece it took a man or a king): the
///   jumper could jump on, so each is wrong.
fn post_facto_inputs(input: &str, answer: &str, rng: &mut Rng) -> Vec<(String, String)> {
    let lines: Vec<&str> = input.lines().collect();
    let moves = &lines[1..];
    let side = &lines[0][..1];
    let render =
        |side: &str, moves: &[&str]| format!("{} {}\n{}\n", side, moves.len(), moves.join("\n"));
    let other = if side == "B" { "W" } else { "B" };
    let mut inputs = vec![render(other, moves)];
    if moves.len() >= 2 {
        let i = rng.below(moves.len() as u64 - 1) as usize;
        let mut swapped = moves.to_vec();
        swapped.swap(i, i + 1);
        inputs.push(render(side, &swapped));
        inputs.push(render(side, &moves[..moves.len() - 1]));
    }
    let mut pairs: Vec<(String, String)> = inputs
        .into_iter()
        .map(|input| (input, answer.to_string()))
        .collect();
    let last = moves[moves.len() - 1];
    let hops: Vec<usize> = last.split('x').filter_map(|sq| sq.parse().ok()).collect();
    if hops.len() >= 3 {
        let shorter = last[..last.rfind('x').unwrap()].to_string();
        let mut fewer = moves.to_vec();
        *fewer.last_mut().unwrap() = &shorter;
        let input = render(side, &fewer);
        for (jumper_king, taken_king) in
            [(false, false), (false, true), (true, false), (true, true)]
        {
            if let Some(output) =
                hop_undone(answer, &hops[hops.len() - 2..], jumper_king, taken_king)
            {
                pairs.push((input.clone(), output));
            }
        }
    }
    pairs
}

/// `answer` with its after board taken back by the hop `from`x`to`: the jumper
/// back on `from` (a king or a man), the piece it took (a king or a man of the
/// other colour) back between. `None` when the answer is not two boards.
fn hop_undone(answer: &str, hop: &[usize], jumper_king: bool, taken_king: bool) -> Option<String> {
    let mut rows: Vec<Vec<u8>> = answer.lines().map(|l| l.as_bytes().to_vec()).collect();
    if rows.len() != 8 || rows.iter().any(|r| r.len() != 17) {
        return None;
    }
    // The after board's cell of a square: row (sq - 1) / 4, light cell first on even rows.
    let cell = |sq: usize| {
        let row = (sq - 1) / 4;
        (row, 9 + 2 * ((sq - 1) % 4) + (1 - row % 2))
    };
    let ((fr, fc), (tr, tc)) = (cell(hop[0]), cell(hop[1]));
    let jumper = rows[tr][tc];
    if jumper == b'.' {
        return None;
    }
    let black = jumper.eq_ignore_ascii_case(&b'b');
    let pick = |king: bool, black: bool| match (king, black) {
        (false, true) => b'b',
        (true, true) => b'B',
        (false, false) => b'w',
        (true, false) => b'W',
    };
    rows[tr][tc] = b'.';
    rows[fr][fc] = pick(jumper_king, black);
    rows[(fr + tr) / 2][(fc + tc) / 2] = pick(taken_king, !black);
    Some(
        rows.iter()
            .map(|r| String::from_utf8_lossy(r).into_owned() + "\n")
            .collect(),
    )
}

/// The answer's boards with kings and men exchanged: a man cannot go
/// backwards, is promoted on the far row and stops there; a king can go on.
fn kings_and_men_exchanged(rows: &[Vec<u8>], rng: &mut Rng) -> Vec<Vec<Vec<u8>>> {
    let mut edits = Vec::new();
    let squares: Vec<(usize, usize)> = (0..8)
        .flat_map(|row| (0..4).map(move |k| (row, 2 * k + (1 - row % 2))))
        .collect();
    let kings: Vec<(usize, usize)> = squares
        .iter()
        .copied()
        .filter(|&(row, col)| rows[row][col].is_ascii_uppercase())
        .collect();
    if !kings.is_empty() {
        let mut demoted = rows.to_vec();
        let (row, col) = kings[rng.below(kings.len() as u64) as usize];
        demoted[row][col] = demoted[row][col].to_ascii_lowercase();
        edits.push(demoted);
    }
    let colour = rng.pick(b"BW");
    let mut all_demoted = rows.to_vec();
    for row in all_demoted.iter_mut() {
        for cell in row.iter_mut().filter(|cell| **cell == colour) {
            *cell = cell.to_ascii_lowercase();
        }
    }
    edits.push(all_demoted);
    let men: Vec<(usize, usize)> = squares
        .iter()
        .copied()
        .filter(|&(row, col)| rows[row][col].is_ascii_lowercase())
        .collect();
    if !men.is_empty() {
        let mut crowned = rows.to_vec();
        let (row, col) = men[rng.below(men.len() as u64) as usize];
        crowned[row][col] = crowned[row][col].to_ascii_uppercase();
        edits.push(crowned);
    }
    edits
}
