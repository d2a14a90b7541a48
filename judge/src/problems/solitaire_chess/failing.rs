//! The rule mutants of solitaire_chess: its solution, `solitaire_chess/src/main.rs`, with one
//! rule of the statement misread on purpose (or made too slow), each the
//! kind of bug a contestant makes. `--export` writes them into the package's
//! `submissions/` and measures how many secret tests reject each one
//! (`judge/src/mutants.rs`).

use crate::problems::Failing;

/// The package's submissions that must fail (see `Failing`).
pub const FAILING: &[Failing] = &[
    Failing {
        name: "pawn_captures_forwards_only",
        verdict: "wrong_answer",
        why: "a pawn captures diagonally in all four directions; this one only forwards (up)",
        changes: &[(
            "        return rules.reach[kind as usize][from] & occ;",
            "        // BROKEN: a pawn takes only upwards\n        return rules.reach[kind as usize][from]\n            & occ\n            & if kind == PAWN { !((2u32 << from) - 1) as u16 } else { !0 };",
        )],
    },
    Failing {
        name: "sliders_jump_over_pieces",
        verdict: "wrong_answer",
        why: "queens, rooks and bishops stop at the first piece on a line; these jump over pieces",
        changes: &[(
            "        .filter(|&to| rules.between[from][to] & occ == 0)\n",
            "        // BROKEN: nothing between is looked at\n",
        )],
    },
    Failing {
        name: "search_without_memo",
        verdict: "time_limit_exceeded",
        why: "the answers are right, but the search forgets its dead ends and uses none of \
              its cuts, so a hard board takes exponential time",
        changes: &[
            (
                "        self.dead_ends.insert(occ, strengths);",
                "        if false {\n            // BROKEN: no memo\n            self.dead_ends.insert(occ, strengths);\n        }",
            ),
            (
                "        let alive = stuck_squares_have_exits(rules, &zones, &of_kind, occ)\n            \
                 && zones_connect(rules, &zones, occ)\n            \
                 && stuck_squares_have_entries(rules, &zones, &of_kind, occ);",
                "        let _ = zones;\n        let alive = true; // BROKEN: no cuts",
            ),
            (
                "let still_dead = commuting_with(&dead_moves, from, to);",
                "let still_dead = [0; 16]; // BROKEN: no commuting moves",
            ),
        ],
    },
    Failing {
        name: "knight_cannot_jump",
        verdict: "wrong_answer",
        why: "a knight jumps over whatever stands between; this one is stopped by a piece on \
              the first square of its long leg",
        changes: &[(
            "        return rules.reach[kind as usize][from] & occ;",
            "        // BROKEN: a knight cannot pass over a piece on its long leg\n        \
             let mut targets = rules.reach[kind as usize][from] & occ;\n        \
             if kind == KNIGHT {\n            \
             for to in squares_of(targets) {\n                \
             let (x, y) = ((from % 4) as i32, (from / 4) as i32);\n                \
             let (dx, dy) = ((to % 4) as i32 - x, (to / 4) as i32 - y);\n                \
             let (lx, ly) = if dx.abs() == 2 { (dx / 2, 0) } else { (0, dy / 2) };\n                \
             if occ & (1 << square(x + lx, y + ly)) != 0 {\n                    \
             targets &= !(1u16 << to);\n                \
             }\n            \
             }\n        \
             }\n        \
             return targets;",
        )],
    },
    Failing {
        name: "any_dead_end_is_solved",
        verdict: "wrong_answer",
        why: "the goal is a single piece; this one stops at the first position with no capture \
              left, however many pieces stand",
        changes: &[(
            "        if occ & (occ - 1) == 0 {\n            return true; // exactly one piece left: solved",
            "        // BROKEN: no capture left counts as solved\n        \
             let no_capture = (KING..=PAWN).all(|kind| {\n            \
             squares_of(of_kind[kind as usize])\n                \
             .all(|from| capture_targets(&self.rules, kind, from, occ) == 0)\n        \
             });\n        \
             if occ & (occ - 1) == 0 || no_capture {\n            return true;",
        )],
    },
    Failing {
        name: "rows_counted_from_the_top",
        verdict: "wrong_answer",
        why: "`y` counts rows from the bottom; this one counts them from the top, the order the \
              input lists them in",
        changes: &[(
            ".map(|&(from, to)| format!(\"[[{},{}],[{},{}]]\", from % 4, from / 4, to % 4, to / 4))",
            "// BROKEN: y from the top\n                \
             .map(|&(from, to)| format!(\"[[{},{}],[{},{}]]\", from % 4, 3 - from / 4, to % 4, 3 - to / 4))",
        )],
    },
    Failing {
        name: "move_written_target_first",
        verdict: "wrong_answer",
        why: "a move is written `[from,to]`; this one writes the captured piece's square first",
        changes: &[(
            ".map(|&(from, to)| format!(\"[[{},{}],[{},{}]]\", from % 4, from / 4, to % 4, to / 4))",
            "// BROKEN: the target first\n                \
             .map(|&(from, to)| format!(\"[[{},{}],[{},{}]]\", to % 4, to / 4, from % 4, from / 4))",
        )],
    },
    Failing {
        name: "pawn_captures_downwards_only",
        verdict: "wrong_answer",
        why: "a pawn captures diagonally in all four directions; this one only downwards, as a \
              black pawn would",
        changes: &[(
            "        return rules.reach[kind as usize][from] & occ;",
            "        // BROKEN: a pawn takes only downwards\n        return rules.reach[kind as usize][from]\n            & occ\n            & if kind == PAWN { ((1u32 << from) - 1) as u16 } else { !0 };",
        )],
    },
    Failing {
        name: "pawn_captures_like_a_king",
        verdict: "wrong_answer",
        why: "a pawn captures on the four squares diagonally next to it; this one on all eight \
              squares next to it",
        changes: &[(
            "    SHORT_DIAGONAL,                                                  // pawn",
            "    SHORT_DIAGONAL | SHORT_STRAIGHT, // pawn, BROKEN: straight too",
        )],
    },
    Failing {
        name: "pawn_captures_straight",
        verdict: "wrong_answer",
        why: "a pawn captures on the four squares diagonally next to it; this one on the four \
              squares beside, above and below it",
        changes: &[(
            "    SHORT_DIAGONAL,                                                  // pawn",
            "    SHORT_STRAIGHT, // pawn, BROKEN: straight, not diagonally",
        )],
    },
    Failing {
        name: "pawn_captures_at_a_distance",
        verdict: "wrong_answer",
        why: "a pawn captures one square diagonally; this one any distance along a diagonal, \
              as a bishop (the challenge's printed answer did so once)",
        changes: &[(
            "    SHORT_DIAGONAL,                                                  // pawn",
            "    SHORT_DIAGONAL | LONG_DIAGONAL, // pawn, BROKEN: any distance",
        )],
    },
    Failing {
        name: "knight_needs_a_clear_path",
        verdict: "wrong_answer",
        why: "a knight jumps over whatever stands between; this one is stopped by a piece on \
              either square of its long leg",
        changes: &[(
            "        return rules.reach[kind as usize][from] & occ;",
            "        // BROKEN: a knight needs both squares of its long leg empty\n        \
             let mut targets = rules.reach[kind as usize][from] & occ;\n        \
             if kind == KNIGHT {\n            \
             for to in squares_of(targets) {\n                \
             let (x, y) = ((from % 4) as i32, (from / 4) as i32);\n                \
             let (dx, dy) = ((to % 4) as i32 - x, (to / 4) as i32 - y);\n                \
             let (lx, ly) = if dx.abs() == 2 { (dx / 2, 0) } else { (0, dy / 2) };\n                \
             let path = 1u16 << square(x + lx, y + ly) | 1 << square(x + 2 * lx, y + 2 * ly);\n                \
             if occ & path != 0 {\n                    \
             targets &= !(1u16 << to);\n                \
             }\n            \
             }\n        \
             }\n        \
             return targets;",
        )],
    },
    Failing {
        name: "knight_moves_two_along_a_row_only",
        verdict: "wrong_answer",
        why: "a knight goes two squares along a row or a column, then one across; this one only \
              two along a row",
        changes: &[(
            "const KNIGHT_JUMPS: [(i32, i32); 8] = [\n    (1, 2),\n    (2, 1),\n    (2, -1),\n    (1, -2),\n    (-1, -2),\n    (-2, -1),\n    (-2, 1),\n    (-1, 2),\n];",
            "// BROKEN: two along a row only\nconst KNIGHT_JUMPS: [(i32, i32); 4] = [(2, 1), (2, -1), (-2, -1), (-2, 1)];",
        )],
    },
    Failing {
        name: "knight_blocked_at_its_corner",
        verdict: "wrong_answer",
        why: "a knight jumps over whatever stands between; this one is stopped by a piece on \
              the corner of its L, two squares along",
        changes: &[(
            "        return rules.reach[kind as usize][from] & occ;",
            "        // BROKEN: a knight cannot pass over a piece on the corner of its L\n        \
             let mut targets = rules.reach[kind as usize][from] & occ;\n        \
             if kind == KNIGHT {\n            \
             for to in squares_of(targets) {\n                \
             let (x, y) = ((from % 4) as i32, (from / 4) as i32);\n                \
             let (dx, dy) = ((to % 4) as i32 - x, (to / 4) as i32 - y);\n                \
             let (lx, ly) = if dx.abs() == 2 { (dx, 0) } else { (0, dy) };\n                \
             if occ & (1 << square(x + lx, y + ly)) != 0 {\n                    \
             targets &= !(1u16 << to);\n                \
             }\n            \
             }\n        \
             }\n        \
             return targets;",
        )],
    },
    Failing {
        name: "king_steps_straight_only",
        verdict: "wrong_answer",
        why: "a king takes on any of the eight squares around it; this one only on the four \
              that share a side with it",
        changes: &[(
            "    SHORT_DIAGONAL | SHORT_STRAIGHT,                                 // king",
            "    SHORT_STRAIGHT, // king, BROKEN: no diagonal step",
        )],
    },
];
