//! The rule mutants of russian_checkers: its solution, `russian_checkers/src/main.rs`, with one
//! rule of the statement misread on purpose (or made too slow), each the
//! kind of bug a contestant makes. `--export` writes them into the package's
//! `submissions/` and measures how many secret tests reject each one
//! (`judge/src/mutants.rs`).

use crate::problems::Failing;

/// The package's submissions that must fail (see `Failing`).
pub const FAILING: &[Failing] = &[
    Failing {
        name: "king_stops_anywhere",
        verdict: "wrong_answer",
        why: "a king that can go on capturing must land where it can; this one lands anywhere",
        changes: &[(
            "if continues || !any_continues {",
            "if true { // BROKEN: any landing square",
        )],
    },
    Failing {
        name: "men_capture_forwards_only",
        verdict: "wrong_answer",
        why: "men capture backwards too; this one lets a man capture only forwards",
        changes: &[(
            "        let mut jumps = Jumps::new();\n        for &direction in &DIRECTIONS {\n            if let Some(victim) = step(at, direction) {",
            "        let mut jumps = Jumps::new();\n        for &direction in &DIRECTIONS {\n            if direction.0 != self.side.forward() {\n                continue; // BROKEN: forwards only\n            }\n            if let Some(victim) = step(at, direction) {",
        )],
    },
    Failing {
        name: "men_step_backwards",
        verdict: "wrong_answer",
        why: "a man's simple move goes forwards only; this one also steps backwards",
        changes: &[(
            "for &file_step in &[-1, 1] {\n                    if let Some(to) = step(from, (side.forward(), file_step)) {",
            "for &(rank_step, file_step) in &DIRECTIONS {\n                    // BROKEN: backwards too\n                    if let Some(to) = step(from, (rank_step, file_step)) {",
        )],
    },
    Failing {
        name: "king_steps_one_square",
        verdict: "wrong_answer",
        why: "a king's simple move flies over any number of empty squares; this one steps one square",
        changes: &[("at = to;", "let _ = at;\n                        break; // BROKEN: one square only")],
    },
    Failing {
        name: "king_captures_like_a_man",
        verdict: "wrong_answer",
        why: "a king captures at a distance and lands anywhere beyond; this one jumps like a man",
        changes: &[(
            "let jumps = if is_king {",
            "let jumps = if is_king && false { // BROKEN: a king jumps as a man does",
        )],
    },
    Failing {
        name: "king_lands_right_behind_only",
        verdict: "wrong_answer",
        why: "a capturing king may land on any empty square beyond its victim; this one only right behind it",
        changes: &[(
            "                if continues || !any_continues {\n                    jumps.push((victim, landing));\n                }",
            "                if continues || !any_continues {\n                    jumps.push((victim, landing));\n                }\n                break; // BROKEN: only the first square beyond",
        )],
    },
    Failing {
        name: "capture_not_compulsory",
        verdict: "wrong_answer",
        why: "a side that can capture must capture; this one lists its simple moves too",
        changes: &[(
            "    if moves.is_empty() {\n        moves = simple_moves(board, side);\n    }",
            "    moves.extend(simple_moves(board, side)); // BROKEN: captures not compulsory",
        )],
    },
    Failing {
        name: "capture_chain_may_stop",
        verdict: "wrong_answer",
        why: "a capture goes on while the piece can capture; this one may stop after any jump",
        changes: &[(
            "        if jumps.is_empty() {\n            if self.path.len() > 1 {\n                self.moves.push(move_text(&self.path, ':'));\n            }\n            return;\n        }",
            "        // BROKEN: every jump may end the move\n        if self.path.len() > 1 {\n            self.moves.push(move_text(&self.path, ':'));\n        }\n        if jumps.is_empty() {\n            return;\n        }",
        )],
    },
    Failing {
        name: "captured_piece_does_not_block",
        verdict: "wrong_answer",
        why: "a captured piece stays on the board and blocks until the move ends; this one is \
              passed over at once",
        changes: &[(
            "if self.board[next] != Square::Empty {\n                return Some(next);",
            "if self.board[next] != Square::Empty && self.captured & (1 << next) == 0 {\n                // BROKEN: jumped pieces vanish at once\n                return Some(next);",
        )],
    },
    Failing {
        name: "crowned_man_goes_on_as_a_man",
        verdict: "wrong_answer",
        why: "a man reaching the far rank in a capture goes on as a king; this one goes on as a man",
        changes: &[(
            "let crowned = is_king || landing / 8 == self.side.crowning_rank();",
            "let crowned = is_king; // BROKEN: no crowning mid-capture",
        )],
    },
    Failing {
        name: "crowning_ends_the_capture",
        verdict: "wrong_answer",
        why: "a man crowned in a capture goes on capturing as a king; this one stops there",
        changes: &[(
            "self.extend(landing, crowned);",
            "if crowned && !is_king {\n                // BROKEN: the crowning ends the move\n                self.moves.push(move_text(&self.path, ':'));\n            } else {\n                self.extend(landing, crowned);\n            }",
        )],
    },
    Failing {
        name: "start_square_stays_occupied",
        verdict: "wrong_answer",
        why: "the square a piece starts from is empty during its own move; this one blocks it",
        changes: &[(
            "during_move[from] = Square::Empty;",
            "let _ = &mut during_move; // BROKEN: the start square stays occupied",
        )],
    },
    Failing {
        name: "moves_not_sorted",
        verdict: "wrong_answer",
        why: "the moves are listed in byte order; this one lists them as it finds them",
        changes: &[("moves.sort_unstable();", "// BROKEN: not sorted")],
    },
    Failing {
        name: "both_sides_move",
        verdict: "wrong_answer",
        why: "only the side named on the last line moves; this one lists the other side's moves too",
        changes: &[(
            "    let mut moves = capture_moves(board, side);\n    if moves.is_empty() {\n        moves = simple_moves(board, side);\n    }",
            "    let mut moves = capture_moves(board, side);\n    if moves.is_empty() {\n        moves = simple_moves(board, side);\n    }\n    // BROKEN: the other side moves too\n    let other = if side == Side::White { Side::Black } else { Side::White };\n    let theirs = capture_moves(board, other);\n    if theirs.is_empty() {\n        moves.extend(simple_moves(board, other));\n    } else {\n        moves.extend(theirs);\n    }",
        )],
    },
    Failing {
        name: "longest_capture_only",
        verdict: "wrong_answer",
        why: "any capture may be chosen, however many pieces it takes; this one keeps only the \
              captures that take the most, as international draughts does",
        changes: &[(
            "    let mut moves = capture_moves(board, side);\n",
            "    let mut moves = capture_moves(board, side);\n    \
             // BROKEN: only the longest captures\n    \
             let most = moves.iter().map(|m| m.len()).max().unwrap_or(0);\n    \
             moves.retain(|m| m.len() == most);\n",
        )],
    },
    Failing {
        name: "landing_square_used_once",
        verdict: "wrong_answer",
        why: "a capture may land on a square it has already passed or stood on; this one ends \
              the chain rather than land there again",
        changes: &[(
            "        // Rule: a capture goes on while any capture is possible; the move is",
            "        // BROKEN: no square landed on twice\n        \
             let mut jumps = jumps;\n        \
             jumps.retain(|&(_, landing)| !self.path.contains(&landing));\n        \
             // Rule: a capture goes on while any capture is possible; the move is",
        )],
    },
];
