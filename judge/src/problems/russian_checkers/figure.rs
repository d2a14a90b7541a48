//! russian_checkers' board as an SVG figure: files a–h under the board,
//! ranks 1–8 left of it (a1 dark, White at the bottom), men and kings, and
//! an arrow for each move of an answer (every legal move it lists).

use crate::svg_board::paths;
use crate::svg_board::{self, Board, Colour, Piece};

/// The board of `input` (the bare board when it is empty), the moves of
/// `answer` (under the side to play, named above the board) and `arrows` (`c3-d4`, `c3:e5:c7`) as arrows.
pub fn draw(input: &str, answer: Option<&str>, arrows: &str) -> Result<String, String> {
    let mut board = named_board();
    let mut title = "The board".to_string();
    if !input.trim().is_empty() {
        let (squares, white_to_move) =
            super::board::read(input).ok_or("the input is not a board")?;
        board.pieces = pieces(&squares);
        let side = if white_to_move { "White" } else { "Black" };
        title = format!("A board, {} to play", side);
        // An answer lists the moves of the side to play: say which side.
        if answer.is_some() {
            board.title = Some(format!("{} to play", side));
        }
    }
    if let Some(answer) = answer {
        // The first line counts the moves; each line after it is one move.
        let moves: Vec<&str> = answer.lines().skip(1).collect();
        board.arrows = paths(&moves.join(" "), square)?;
    }
    board.arrows.extend(paths(arrows, square)?);
    Ok(svg_board::draw(&[board], 1, &title))
}

/// An empty board with its files and ranks.
fn named_board() -> Board {
    let mut board = Board::new(8, 8, super::board::is_dark);
    board.col_names = "abcdefgh".chars().map(String::from).collect();
    board.row_names = (1..=8).rev().map(|rank| rank.to_string()).collect();
    board
}

fn pieces(squares: &[[u8; 8]; 8]) -> Vec<(usize, usize, Piece)> {
    let mut pieces = Vec::new();
    for (row, line) in squares.iter().enumerate() {
        for (file, &c) in line.iter().enumerate() {
            let piece = match c {
                b'w' => Piece::Man(Colour::White),
                b'W' => Piece::King(Colour::White),
                b'b' => Piece::Man(Colour::Black),
                b'B' => Piece::King(Colour::Black),
                _ => continue,
            };
            pieces.push((row, file, piece));
        }
    }
    pieces
}

/// `c3` as (row, column): rank 8 is row 0.
fn square(name: &str) -> Option<(usize, usize)> {
    let bytes = name.as_bytes();
    match bytes {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            Some((usize::from(b'8' - rank), usize::from(file - b'a')))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_as_the_statement_names_them() {
        assert_eq!(square("a1"), Some((7, 0)));
        assert_eq!(square("h8"), Some((0, 7)));
        assert_eq!(square("c3"), Some((5, 2)));
        assert_eq!(square("i1"), None);
        assert_eq!(square("a9"), None);
        assert!(super::super::board::is_dark(7, 0), "a1 is dark");
    }

    #[test]
    fn an_answer_becomes_one_arrow_per_move() {
        let input = "........\n........\n...b....\n........\n...b.b..\n..w.....\n........\n........\nWHITE\n";
        let svg = draw(input, Some("2\nc3:e5:c7\nc3:e5:g3\n"), "").unwrap();
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">White to play</text>"));
        // Four men (a disc and a ring each), a dot where each move lands on e5.
        assert_eq!(svg.matches("<circle").count(), 4 * 2 + 2, "{}", svg);
        assert!(draw("nonsense", None, "").is_err());
        assert!(draw("", None, "c3-z9").is_err());
    }
}
