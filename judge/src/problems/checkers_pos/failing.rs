//! The rule mutants of checkers_pos: its solution, `checkers_pos/src/main.rs`, with one
//! rule of the statement misread on purpose (or made too slow), each the
//! kind of bug a contestant makes. `--export` writes them into the package's
//! `submissions/` and measures how many secret tests reject each one
//! (`judge/src/mutants.rs`).

use crate::problems::Failing;

/// The package's submissions that must fail (see `Failing`).
pub const FAILING: &[Failing] = &[
    Failing {
        name: "jump_chain_may_stop_early",
        verdict: "wrong_answer",
        why: "a jump chain goes on while it can; this one may stop after any jump",
        changes: &[(
            "    if next.is_empty() {\n        endings.insert(pos);",
            "    if true {\n        // BROKEN: every jump of a chain ends a move\n        endings.insert(pos);",
        )],
    },
    Failing {
        name: "same_position_counted_twice",
        verdict: "wrong_answer",
        why: "chains that end in the same position are one move; this one counts each chain",
        changes: &[
            (
                "    endings: &mut HashSet<Position>,",
                "    endings: &mut Vec<Position>, // BROKEN: a list, not a set",
            ),
            (
                "    if !expanded.insert((pos, at)) {\n        return;\n    }\n",
                "    let _ = expanded; // BROKEN: every chain searched\n",
            ),
            ("        endings.insert(pos);", "        endings.push(pos);"),
            (
                "fn jump_move_outcomes(pos: &Position, side: Side) -> HashSet<Position> {\n    let mut endings = HashSet::new();",
                "fn jump_move_outcomes(pos: &Position, side: Side) -> Vec<Position> {\n    let mut endings = Vec::new();",
            ),
        ],
    },
    Failing {
        name: "slides_forwards_only",
        verdict: "wrong_answer",
        why: "every piece moves along all four diagonals; this one slides forwards only, as a \
              checkers man does (Black up the board, Red down)",
        changes: &[(
            "        for &dir in &DIAGONALS {\n            if let Some(to) = diagonal_step(from, dir, 1) {",
            "        for &dir in &DIAGONALS {\n            if dir.0 != if side == Side::Black { 1 } else { -1 } {\n                continue; // BROKEN: forwards only\n            }\n            if let Some(to) = diagonal_step(from, dir, 1) {",
        )],
    },
    Failing {
        name: "jumps_forwards_only",
        verdict: "wrong_answer",
        why: "every piece jumps along all four diagonals; this one jumps forwards only, as a \
              checkers man does (Black up the board, Red down)",
        changes: &[(
            "    for &dir in &DIAGONALS {\n        let over = diagonal_step(from, dir, 1);",
            "    for &dir in &DIAGONALS {\n        if dir.0 != if side == Side::Black { 1 } else { -1 } {\n            continue; // BROKEN: forwards only\n        }\n        let over = diagonal_step(from, dir, 1);",
        )],
    },
    Failing {
        name: "jumps_over_own_pieces",
        verdict: "wrong_answer",
        why: "a jump goes over an enemy piece; this one jumps the side's own pieces too",
        changes: &[(
            "if pos.enemies(side) & square_bit(over) != 0 && pos.is_vacant(landing) {",
            "if !pos.is_vacant(over) && pos.is_vacant(landing) {\n                // BROKEN: any piece may be jumped",
        )],
    },
    Failing {
        name: "captured_piece_not_removed",
        verdict: "wrong_answer",
        why: "a captured piece leaves the board at once; this one leaves it there",
        changes: &[(
            "let left = self.enemies(side) & !square_bit(captured);",
            "let left = self.enemies(side); // BROKEN: nothing captured\n        let _ = captured;",
        )],
    },
    Failing {
        name: "jumps_not_compulsory",
        verdict: "wrong_answer",
        why: "a side that can jump may only jump; this one counts its simple moves too",
        changes: &[(
            "    if jumps > 0 {\n        jumps\n    } else {",
            "    if jumps > 0 {\n        jumps + count_slides(pos, side) // BROKEN: slides too\n    } else {",
        )],
    },
    Failing {
        name: "other_sides_jump_stops_slides",
        verdict: "wrong_answer",
        why: "each side is judged on its own; here a side whose enemy can jump loses its simple \
              moves too",
        changes: &[(
            "    let jumps = jump_move_outcomes(pos, side).len();\n    if jumps > 0 {",
            "    let jumps = jump_move_outcomes(pos, side).len();\n    // BROKEN: the enemy's jumps forbid this side's slides\n    let other = if side == Side::Black { Side::Red } else { Side::Black };\n    if jumps > 0 || !jump_move_outcomes(pos, other).is_empty() {",
        )],
    },
    Failing {
        name: "square_one_in_the_corner",
        verdict: "wrong_answer",
        why: "square 1 is the seventh cell of the bottom row; this one puts it in the corner, \
              the eighth",
        changes: &[
            (
                "    let row = index / 4;\n    let rightmost_dark_column = if row % 2 == 0 { 6 } else { 7 };",
                "    let row = index / 4;\n    let rightmost_dark_column = if row % 2 == 0 { 7 } else { 6 }; // BROKEN",
            ),
            (
                "(row + col) % 2 != 0 {\n        return None;\n    }\n    let rightmost_dark_column = if row % 2 == 0 { 6 } else { 7 };",
                "(row + col) % 2 == 0 {\n        return None;\n    }\n    let rightmost_dark_column = if row % 2 == 0 { 7 } else { 6 }; // BROKEN",
            ),
        ],
    },
    Failing {
        name: "same_landing_square_counted_once",
        verdict: "wrong_answer",
        why: "jump moves are the same when they leave the same final position; this one counts \
              jump moves that end on the same square once, whatever they captured",
        changes: &[(
            "    let jumps = jump_move_outcomes(pos, side).len();",
            "    // BROKEN: one move per final square of the jumper\n    \
             let jumps = jump_move_outcomes(pos, side)\n        \
             .iter()\n        \
             .map(|end| end.pieces(side) & !pos.pieces(side))\n        \
             .collect::<HashSet<u32>>()\n        \
             .len();",
        )],
    },
];
