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
];
