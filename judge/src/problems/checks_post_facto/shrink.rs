//! Smaller inputs for shrinking a failing checks_post_facto case.

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
    // Last, for short games: one move of each side taken out anywhere (a
    // game keeps at least one move: the input says 1 to 100).
    if (3..=16).contains(&moves.len()) {
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
