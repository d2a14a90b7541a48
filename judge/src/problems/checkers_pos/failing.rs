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
];
