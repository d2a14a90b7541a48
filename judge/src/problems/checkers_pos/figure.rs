//! checkers_pos' board as an SVG figure: the 32 dark squares numbered as
//! TopCoder numbers them (1 in the bottom row, seventh cell from the left,
//! numbers growing right to left, then a row up), black and red pieces, and
//! arrows for moves.

use crate::svg_board::paths;
use crate::svg_board::{self, Board, Colour, Piece};

/// The board of `input` (the bare board when it is empty) and `arrows`
/// (`18-14`, `10-17-26`). The answer, two counts, draws nothing.
pub fn draw(input: &str, _answer: Option<&str>, arrows: &str) -> Result<String, String> {
    let mut board = Board::new(8, 8, is_dark);
    board.square_numbers = (1..=32)
        .map(|square| {
            let (row, col) = place(square);
            (row, col, square.to_string())
        })
        .collect();
    if !input.trim().is_empty() {
        let (black, red) = super::input::read(input).ok_or("the input is not two square lists")?;
        for (colour, squares) in [(Colour::Black, black), (Colour::Red, red)] {
            for square in squares {
                if !(1..=32).contains(&square) {
                    return Err(format!("no square {}", square));
                }
                let (row, col) = place(square);
                board.pieces.push((row, col, Piece::Man(colour)));
            }
        }
    }
    board.arrows = paths(arrows, |name| {
        let square = name.parse().ok().filter(|n| (1..=32).contains(n))?;
        Some(place(square))
    })?;
    Ok(svg_board::draw(&[board], 1, "A numbered checkers board"))
}

/// Square 1–32 as (row, column), row 0 at the top.
fn place(square: usize) -> (usize, usize) {
    let (from_bottom, col) = super::squares::cell(square);
    (7 - from_bottom, col)
}

/// The cells that hold a numbered square are the dark ones.
fn is_dark(row: usize, col: usize) -> bool {
    (1..=32).any(|square| place(square) == (row, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_stand_where_the_statement_numbers_them() {
        assert_eq!(place(1), (7, 6));
        assert_eq!(place(4), (7, 0));
        assert_eq!(place(5), (6, 7));
        assert_eq!(place(29), (0, 7));
        assert_eq!(place(32), (0, 1));
        assert!((1..=32).all(|square| {
            let (row, col) = place(square);
            is_dark(row, col)
        }));
    }

    #[test]
    fn pieces_numbers_and_arrows_are_drawn() {
        let svg = draw("1 18\n1 4\n", None, "18-14").unwrap();
        assert!(svg.contains(">32</text>") && svg.contains(">1</text>"));
        assert!(svg.contains("#c01c28"), "a red piece");
        assert_eq!(svg.matches("<polyline").count(), 1);
        assert!(draw("1 33\n0\n", None, "").is_err());
        assert!(draw("", None, "0-1").is_err());
    }
}
