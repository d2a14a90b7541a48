//! checks_post_facto's board as an SVG figure: the contest's numbering
//! (1 to 32 row by row from the top, the top-left cell light), men and
//! kings; with an answer, its board before the moves, each move a numbered
//! arrow, beside its board after them.

use crate::svg_board::paths;
use crate::svg_board::{self, Arrow, Board, Colour, Piece};

/// The numbered board, with the input's moves as arrows (numbered when
/// there are several) when there is an input; with `answer`, its board
/// before the moves under them, beside its board after them. `arrows`
/// (`18-14`, `10x3x12`) go on the first board.
pub fn draw(input: &str, answer: Option<&str>, arrows: &str) -> Result<String, String> {
    let mut first = numbered_board();
    first.arrows = paths(arrows, |name| super::checker::parse_square(name).map(place))?;
    if input.trim().is_empty() {
        return Ok(svg_board::draw(&[first], 1, "The numbered board"));
    }
    let (side, moves) = super::checker::parse_input(input)?;
    for (number, mv) in moves.iter().enumerate() {
        first.arrows.push(Arrow {
            path: mv.squares.iter().map(|&square| place(square)).collect(),
            // Numbered when there are several, in the order they are played.
            label: (moves.len() > 1).then(|| (number + 1).to_string()),
        });
    }
    let Some(answer) = answer else {
        first.title = Some(format!("{} moves first", side.name()));
        return Ok(svg_board::draw(&[first], 1, "The moves"));
    };
    let (before, after) = super::checker::parse_answer(answer)?;
    first.pieces = pieces(&before);
    first.title = Some(format!("Before: {} moves first", side.name()));
    let mut second = numbered_board();
    second.pieces = pieces(&after);
    second.title = Some("After".to_string());
    Ok(svg_board::draw(
        &[first, second],
        2,
        "Before and after the moves",
    ))
}

fn numbered_board() -> Board {
    let mut board = Board::new(8, 8, |row, col| {
        super::checker::square_at(row as i32, col as i32).is_some()
    });
    board.square_numbers = (1..=32u8)
        .map(|square| {
            let (row, col) = place(square);
            (row, col, square.to_string())
        })
        .collect();
    board
}

/// Square 1–32 as (row, column), row 0 at the top.
fn place(square: u8) -> (usize, usize) {
    let (row, col) = super::checker::coords(square);
    (row as usize, col as usize)
}

fn pieces(board: &super::checker::Board) -> Vec<(usize, usize, Piece)> {
    (1..=32u8)
        .filter_map(|square| {
            let piece = board[usize::from(square)]?;
            let colour = match piece.side {
                super::checker::Side::Black => Colour::Black,
                super::checker::Side::White => Colour::White,
            };
            let (row, col) = place(square);
            let drawn = if piece.king {
                Piece::King(colour)
            } else {
                Piece::Man(colour)
            };
            Some((row, col, drawn))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_from_the_top_left() {
        assert_eq!(place(1), (0, 1));
        assert_eq!(place(5), (1, 0));
        assert_eq!(place(32), (7, 6));
    }

    #[test]
    fn an_answer_draws_before_with_the_moves_and_after() {
        let input = "W 1\n10x3x12\n";
        let answer = "-.-.-.-. -.-.-.-.\n.-.-b-b- .-.-.-.-\n-.-W-.-. -.-.-.-W\n\
                      .-.-.-.- .-.-.-.-\n-.-.-.-. -.-.-.-.\n.-.-.-.- .-.-.-.-\n\
                      -.-.-.-. -.-.-.-.\n.-.-.-.- .-.-.-.-\n";
        let svg = draw(input, Some(answer), "").unwrap();
        assert!(svg.contains(">Before: White moves first</text>"));
        assert!(svg.contains(">After</text>"));
        assert_eq!(svg.matches("<polyline").count(), 1);
        // Two kings (one crown each), two black men.
        assert_eq!(
            svg.matches("<polygon").count(),
            2 + 1,
            "crowns and the arrow's head"
        );
        assert!(draw("W 1\n10x3x12\n", Some("nonsense"), "").is_err());
    }
}
