//! The rule mutants of checks_post_facto: its solution, `checks_post_facto/src/main.rs`, with one
//! rule of the statement misread on purpose (or made too slow), each the
//! kind of bug a contestant makes. `--export` writes them into the package's
//! `submissions/` and measures how many secret tests reject each one
//! (`judge/src/mutants.rs`).

use crate::problems::Failing;

/// The package's submissions that must fail (see `Failing`).
pub const FAILING: &[Failing] = &[
    Failing {
        name: "backward_mover_stays_a_man",
        verdict: "wrong_answer",
        why: "only a king moves backwards; this one leaves a piece that moves backwards a man",
        changes: &[(
            "if !tokens[token].king_now && dir.0 != side.forward() {",
            "if false { // BROKEN: moving backwards does not make a king",
        )],
    },
    Failing {
        name: "simple_move_ignores_compulsory_capture",
        verdict: "wrong_answer",
        why: "before a simple move the mover must have no jump anywhere; this one does not check",
        changes: &[(
            "        if !mv.jump {",
            "        if false { // BROKEN: no check that the mover had no jump",
        )],
    },
];
