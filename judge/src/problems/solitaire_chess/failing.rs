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
                "        Solver::with_cuts(Cuts::ALL)",
                "        // BROKEN: no cuts\n        Solver::with_cuts(Cuts {\n            covering: false,\n            commuting: false,\n            zones: false,\n            stuck_squares: false,\n            entries: false,\n        })",
            ),
        ],
    },
];
