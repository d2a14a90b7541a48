//! One file per problem: everything the judge knows about that problem (its
//! checker and its board picture) lives in `problems/<problem>.rs`, and the
//! table in `main.rs` names those parts.

pub mod checkers_board;
pub mod checkers_pos;
pub mod checks_post_facto;
pub mod russian_checkers;
pub mod solitaire_chess;
