//! The rule mutants of checkers_board: its solution, `checkers_board/src/main.rs`, with one
//! rule of the statement misread on purpose (or made too slow), each the
//! kind of bug a contestant makes. `--export` writes them into the package's
//! `submissions/` and measures how many secret tests reject each one
//! (`judge/src/mutants.rs`).

use crate::problems::Failing;

/// The package's submissions that must fail (see `Failing`).
pub const FAILING: &[Failing] = &[
    Failing {
        name: "jump_onto_occupied_square",
        verdict: "wrong_answer",
        why: "a jump lands on a vacant square; this one lands on an occupied one too",
        changes: &[(
            "if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {",
            "let _ = (lrow, lcol); // BROKEN: the landing square is not looked at\n                \
             if board[orow][ocol] == enemy_cell(side) {",
        )],
    },
    Failing {
        name: "jumps_not_compulsory",
        verdict: "wrong_answer",
        why: "a side with a jump may only jump; this one counts its slides too",
        changes: &[(
            "    if jumps > 0 {\n        jumps\n    } else {",
            "    if jumps > 0 {\n        jumps + count_slides(board, side) // BROKEN: slides too\n    } else {",
        )],
    },
];
