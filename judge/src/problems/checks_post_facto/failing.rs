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
    Failing {
        name: "chain_may_stop_with_a_jump_left",
        verdict: "wrong_answer",
        why: "a jump move goes on while the piece can jump; this one lets it stop with a jump left",
        changes: &[(
            "if mv.jump && !promoted {",
            "if false && mv.jump && !promoted { // BROKEN: the end of a chain is not checked",
        )],
    },
    Failing {
        name: "crowned_man_jumps_on",
        verdict: "wrong_answer",
        why: "a man crowned in a jump ends its turn there; this one lets the new king jump on",
        changes: &[(
            "if hop + 1 < hops {",
            "if false && hop + 1 < hops { // BROKEN: a crowned man may go on",
        )],
    },
    Failing {
        name: "only_the_mover_must_capture",
        verdict: "wrong_answer",
        why: "capture is compulsory for the whole side; this one only checks the piece that moves",
        changes: &[(
            "forbid_jumps(&board, side, &all_squares, &mut nogoods)",
            "forbid_jumps(&board, side, &mv.squares[..1], &mut nogoods) // BROKEN: the mover only",
        )],
    },
    Failing {
        name: "kings_jump_forwards_only",
        verdict: "wrong_answer",
        why: "a king may jump along all four diagonals; this one only looks for its forward jumps",
        changes: &[(
            "self.king || row_step == self.colour.forward()",
            "row_step == self.colour.forward() // BROKEN: kings as men",
        )],
    },
    Failing {
        name: "men_move_the_wrong_way",
        verdict: "wrong_answer",
        why: "Black's men head down the board and White's up; this one has them the other way round",
        changes: &[(
            "    fn forward(self) -> i32 {\n        match self {\n            Colour::Black => 1,\n            Colour::White => -1,",
            "    fn forward(self) -> i32 {\n        match self {\n            Colour::Black => -1, // BROKEN: the other way round\n            Colour::White => 1,",
        )],
    },
    Failing {
        name: "man_may_start_on_its_far_row",
        verdict: "wrong_answer",
        why: "a man on its far row would have been crowned; this one leaves men there",
        changes: &[
            (
                "king: row_of(square) == colour.far_row(),",
                "king: false, // BROKEN: men on the far row",
            ),
            (
                "let king = row_of(square) == colour.far_row();",
                "let king = false; // BROKEN: men on the far row",
            ),
        ],
    },
    Failing {
        name: "top_left_cell_drawn_dark",
        verdict: "wrong_answer",
        why: "the board's top-left cell is light; this one draws each row shifted by a cell, so \
              pieces stand on light cells",
        changes: &[(
            "match square_at(row, col) {",
            "match square_at(row, col ^ 1) { // BROKEN: light and dark swapped",
        )],
    },
    Failing {
        name: "men_jump_backwards",
        verdict: "wrong_answer",
        why: "a man jumps only forward; this one lets men jump backwards too (as in Russian \
              draughts), so a backward jump no longer makes the jumper a king",
        changes: &[
            (
                "if !tokens[token].king_now && dir.0 != side.forward() {",
                "if !tokens[token].king_now && dir.0 != side.forward() && !mv.jump {\n                \
                 // BROKEN: a man may jump backwards",
            ),
            (
                "self.king || row_step == self.colour.forward()",
                "self.king || row_step == self.colour.forward() || true // BROKEN: men jump back",
            ),
        ],
    },
];
