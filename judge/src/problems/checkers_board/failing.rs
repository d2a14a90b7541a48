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
    Failing {
        name: "slides_backwards_too",
        verdict: "wrong_answer",
        why: "a piece slides forwards only; this one also slides backwards",
        changes: &[(
            "                if board[r][c] == Cell::Vacant {\n                    slides += 1;\n                }\n            }\n",
            "                if board[r][c] == Cell::Vacant {\n                    slides += 1;\n                }\n            }\n            // BROKEN: backwards too\n            if let Some((r, c)) = forward_cell(row, col, side, sideways, -1) {\n                if board[r][c] == Cell::Vacant {\n                    slides += 1;\n                }\n            }\n",
        )],
    },
    Failing {
        name: "jumps_backwards_too",
        verdict: "wrong_answer",
        why: "a piece jumps forwards only; this one also jumps backwards",
        changes: &[(
            "        for &sideways in &[-1, 1] {\n            let over = forward_cell(row, col, side, sideways, 1);\n            let landing = forward_cell(row, col, side, sideways, 2);",
            "        // BROKEN: backwards too\n        for &(sideways, way) in &[(-1, 1), (1, 1), (-1, -1), (1, -1)] {\n            let over = forward_cell(row, col, side, sideways, way);\n            let landing = forward_cell(row, col, side, sideways, 2 * way);",
        )],
    },
    Failing {
        name: "jumps_over_own_pieces",
        verdict: "wrong_answer",
        why: "a piece jumps an enemy piece only; this one jumps its own side's pieces too",
        changes: &[(
            "if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {",
            "if board[orow][ocol] != Cell::Vacant && board[lrow][lcol] == Cell::Vacant {\n                    // BROKEN: any piece may be jumped",
        )],
    },
    Failing {
        name: "jump_may_leave_the_board",
        verdict: "wrong_answer",
        why: "a jump must land on the board; this one counts a jump off the edge",
        changes: &[(
            "            if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {",
            "            if let (Some((orow, ocol)), None) = (over, landing) {\n                if board[orow][ocol] == enemy_cell(side) {\n                    jumps += 1; // BROKEN: off the board\n                }\n            }\n            if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {",
        )],
    },
    Failing {
        name: "one_sides_jump_stops_both",
        verdict: "wrong_answer",
        why: "each side is judged on its own; here a jump of either side forbids both sides' slides",
        changes: &[(
            "    moves_of_side(board, Side::Black) + moves_of_side(board, Side::White)",
            "    // BROKEN: one rule for both sides\n    let _ = moves_of_side;\n    let jumps = count_jumps(board, Side::Black) + count_jumps(board, Side::White);\n    if jumps > 0 {\n        jumps\n    } else {\n        count_slides(board, Side::Black) + count_slides(board, Side::White)\n    }",
        )],
    },
    Failing {
        name: "sides_move_the_wrong_way",
        verdict: "wrong_answer",
        why: "Black moves down the board and White up; this one has them the other way round",
        changes: &[(
            "        Side::Black => 1,\n        Side::White => -1,",
            "        Side::Black => -1, // BROKEN: the other way round\n        Side::White => 1,",
        )],
    },
    Failing {
        name: "jump_chains_counted",
        verdict: "wrong_answer",
        why: "only single jumps count; this one lets a jump go on and counts every longer chain \
              as a move too",
        changes: &[(
            "board[lrow][lcol] == Cell::Vacant {\n                    jumps += 1;\n",
            "board[lrow][lcol] == Cell::Vacant {\n                    jumps += 1;\n                    \
             // BROKEN: a jump goes on, and each longer chain is a move too\n                    \
             fn chains(board: &Board, side: Side, row: usize, col: usize) -> usize {\n                        \
             let mut found = 0;\n                        \
             for &sideways in &[-1, 1] {\n                            \
             let over = forward_cell(row, col, side, sideways, 1);\n                            \
             let landing = forward_cell(row, col, side, sideways, 2);\n                            \
             if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {\n                                \
             if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {\n                                    \
             let mut after = *board;\n                                    \
             after[row][col] = Cell::Vacant;\n                                    \
             after[orow][ocol] = Cell::Vacant;\n                                    \
             after[lrow][lcol] = own_cell(side);\n                                    \
             found += 1 + chains(&after, side, lrow, lcol);\n                                \
             }\n                            \
             }\n                        \
             }\n                        \
             found\n                    \
             }\n                    \
             let mut after = *board;\n                    \
             after[row][col] = Cell::Vacant;\n                    \
             after[orow][ocol] = Cell::Vacant;\n                    \
             after[lrow][lcol] = own_cell(side);\n                    \
             jumps += chains(&after, side, lrow, lcol);\n",
        )],
    },
    Failing {
        name: "jumps_compulsory_per_piece",
        verdict: "wrong_answer",
        why: "a side with a jump anywhere may only jump; this one lets its pieces without a \
              jump slide",
        changes: &[(
            "    let jumps = count_jumps(board, side);\n    if jumps > 0 {\n        jumps\n    } else {\n        count_slides(board, side)\n    }",
            "    // BROKEN: a jump binds only the piece that has it\n    \
             let _ = (count_jumps, count_slides);\n    \
             let mut moves = 0;\n    \
             for (row, col) in pieces_of(board, side) {\n        \
             let (mut jumps, mut slides) = (0, 0);\n        \
             for &sideways in &[-1, 1] {\n            \
             if let Some((r, c)) = forward_cell(row, col, side, sideways, 1) {\n                \
             if board[r][c] == Cell::Vacant {\n                    \
             slides += 1;\n                \
             } else if board[r][c] == enemy_cell(side) {\n                    \
             if let Some((lr, lc)) = forward_cell(row, col, side, sideways, 2) {\n                        \
             if board[lr][lc] == Cell::Vacant {\n                            \
             jumps += 1;\n                        \
             }\n                    \
             }\n                \
             }\n            \
             }\n        \
             }\n        \
             moves += if jumps > 0 { jumps } else { slides };\n    \
             }\n    \
             moves",
        )],
    },
    Failing {
        name: "only_whole_jump_chains_counted",
        verdict: "wrong_answer",
        why: "a jump never continues; this one goes on jumping while it can and counts each \
              complete chain as one move",
        changes: &[(
            "board[lrow][lcol] == Cell::Vacant {\n                    jumps += 1;\n",
            "board[lrow][lcol] == Cell::Vacant {\n                    \
             // BROKEN: a jump goes on while it can; each complete chain is a move\n                    \
             fn chains(board: &Board, side: Side, row: usize, col: usize) -> usize {\n                        \
             let mut found = 0;\n                        \
             for &sideways in &[-1, 1] {\n                            \
             let over = forward_cell(row, col, side, sideways, 1);\n                            \
             let landing = forward_cell(row, col, side, sideways, 2);\n                            \
             if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {\n                                \
             if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {\n                                    \
             let mut after = *board;\n                                    \
             after[row][col] = Cell::Vacant;\n                                    \
             after[orow][ocol] = Cell::Vacant;\n                                    \
             after[lrow][lcol] = own_cell(side);\n                                    \
             found += chains(&after, side, lrow, lcol);\n                                \
             }\n                            \
             }\n                        \
             }\n                        \
             found.max(1)\n                    \
             }\n                    \
             let mut after = *board;\n                    \
             after[row][col] = Cell::Vacant;\n                    \
             after[orow][ocol] = Cell::Vacant;\n                    \
             after[lrow][lcol] = own_cell(side);\n                    \
             jumps += chains(&after, side, lrow, lcol);\n",
        )],
    },
    Failing {
        name: "jump_lands_anywhere_beyond",
        verdict: "wrong_answer",
        why: "a jump lands on the cell right behind the piece it jumps; this one may land on \
              any vacant cell further along that diagonal",
        changes: &[(
            "board[lrow][lcol] == Cell::Vacant {\n                    jumps += 1;\n",
            "board[lrow][lcol] == Cell::Vacant {\n                    jumps += 1;\n                    \
             // BROKEN: it may fly on over vacant cells\n                    \
             let mut steps = 3;\n                    \
             while let Some((r, c)) = forward_cell(row, col, side, sideways, steps) {\n                        \
             if board[r][c] != Cell::Vacant {\n                            \
             break;\n                        \
             }\n                        \
             jumps += 1;\n                        \
             steps += 1;\n                    \
             }\n",
        )],
    },
    Failing {
        name: "slides_any_distance",
        verdict: "wrong_answer",
        why: "a slide goes one cell; this one may go on over vacant cells, each stop a move",
        changes: &[(
            "            if let Some((r, c)) = forward_cell(row, col, side, sideways, 1) {\n                if board[r][c] == Cell::Vacant {\n                    slides += 1;\n                }\n            }\n",
            "            // BROKEN: any distance\n            \
             let mut steps = 1;\n            \
             while let Some((r, c)) = forward_cell(row, col, side, sideways, steps) {\n                \
             if board[r][c] != Cell::Vacant {\n                    \
             break;\n                \
             }\n                \
             slides += 1;\n                \
             steps += 1;\n            \
             }\n",
        )],
    },
    Failing {
        name: "slides_onto_occupied_cells",
        verdict: "wrong_answer",
        why: "a slide goes onto a vacant cell; this one also slides onto an enemy piece, as a \
              chess piece takes",
        changes: &[(
            "                if board[r][c] == Cell::Vacant {\n                    slides += 1;\n                }\n            }\n",
            "                if board[r][c] != own_cell(side) {\n                    \
             slides += 1; // BROKEN: onto an enemy piece too\n                }\n            }\n",
        )],
    },
    Failing {
        name: "jumps_counted_by_piece_taken",
        verdict: "wrong_answer",
        why: "each jump is a move; this one counts the enemy pieces that can be taken, so two \
              jumps over one piece count once",
        changes: &[(
            "    let jumps = count_jumps(board, side);\n",
            "    // BROKEN: one move per piece that can be taken\n    \
             let _ = count_jumps;\n    \
             let mut taken = [[false; SIZE]; SIZE];\n    \
             for (row, col) in pieces_of(board, side) {\n        \
             for &sideways in &[-1, 1] {\n            \
             let over = forward_cell(row, col, side, sideways, 1);\n            \
             let landing = forward_cell(row, col, side, sideways, 2);\n            \
             if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {\n                \
             if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {\n                    \
             taken[orow][ocol] = true;\n                \
             }\n            \
             }\n        \
             }\n    \
             }\n    \
             let jumps = taken.iter().flatten().filter(|&&t| t).count();\n",
        )],
    },
];
