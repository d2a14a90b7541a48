//! checkers_board's board as an SVG figure: TopCoder's row and column
//! numbers from 0 (row 0 at the top, the top-left cell dark), black and
//! white pieces, and arrows for the moves the statement counts.

use crate::svg_board::paths;
use crate::svg_board::{self, Board, Colour, Piece};

/// The board of `input` (the bare board when it is empty) and `arrows`
/// (`0,0-1,1`: row,column to row,column). The answer, a count, draws
/// nothing.
pub fn draw(input: &str, _answer: Option<&str>, arrows: &str) -> Result<String, String> {
    let mut board = Board::new(8, 8, is_dark);
    board.col_names = (0..8).map(|col| col.to_string()).collect();
    board.col_names_on_top = true;
    board.row_names = (0..8).map(|row| row.to_string()).collect();
    let cells = super::input::read(input).ok_or("the input is not a board")?;
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    if let Some(c) = text.chars().find(|c| !"BW. \t\r\n".contains(*c)) {
        return Err(format!(
            "the input is not a board: {c:?} is not B, W, . or a space"
        ));
    }
    for (row, line) in cells.iter().enumerate() {
        for (col, &c) in line.iter().enumerate() {
            let colour = match c {
                b'B' => Colour::Black,
                b'W' => Colour::White,
                _ => continue,
            };
            board.pieces.push((row, col, Piece::Man(colour)));
        }
    }
    board.arrows = paths(arrows, square)?;
    Ok(svg_board::draw(&[board], 1, "A checkers board"))
}

/// Cell (row, column) is dark when row + column is even (the top-left cell
/// is dark); the ASCII picture uses it too.
pub fn is_dark(row: usize, col: usize) -> bool {
    (row + col) % 2 == 0
}

/// `6,0` as (row, column).
fn square(name: &str) -> Option<(usize, usize)> {
    let (row, col) = name.split_once(',')?;
    let (row, col) = (row.parse().ok()?, col.parse().ok()?);
    (row < 8 && col < 8).then_some((row, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_row_then_column() {
        assert_eq!(square("6,0"), Some((6, 0)));
        assert_eq!(square("8,0"), None);
        assert_eq!(square("60"), None);
        assert!(is_dark(0, 0) && !is_dark(0, 1));
    }

    #[test]
    fn pieces_and_arrows_are_drawn() {
        let svg = draw("B.......\n.W\n", None, "0,0-2,2").unwrap();
        // Each man is a disc and a ring; the arrow starts at the man's edge.
        assert_eq!(svg.matches("<circle").count(), 2 * 2, "{}", svg);
        assert_eq!(svg.matches("<polyline").count(), 1);
    }
}
