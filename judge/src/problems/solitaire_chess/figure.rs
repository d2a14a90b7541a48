//! solitaire_chess' board as an SVG figure: a 4x4 chess board with `x`
//! from 0 to 3 left to right under it and `y` from 0 to 3 bottom to top
//! left of it, each piece as its letter; a solution is drawn as a strip of
//! boards, the position before each capture with its arrow, then the one
//! piece left.

use crate::svg_board::paths;
use crate::svg_board::{self, Arrow, Board, Piece};

/// The board of `input` (the bare board when it is empty) with `arrows`
/// (`1,1-0,0`: x,y to x,y); with an `answer` that is a sequence of moves,
/// one board per move, then the board after the last.
pub fn draw(input: &str, answer: Option<&str>, arrows: &str) -> Result<String, String> {
    let mut grid = [[None; 4]; 4];
    if !input.trim().is_empty() {
        grid = super::read::read_board(input)?;
    }
    let steps = match answer.map(str::trim) {
        None | Some("0") => Vec::new(),
        Some(answer) => super::read::read_moves(answer)?,
    };
    let mut first = board(&grid);
    first.arrows = paths(arrows, square)?;
    if steps.is_empty() {
        return Ok(svg_board::draw(&[first], 1, "A solitaire chess board"));
    }
    let mut boards = Vec::new();
    for (number, &(from, to)) in steps.iter().enumerate() {
        let (from, to) = (
            place(from.0, from.1).ok_or("a move from off the board")?,
            place(to.0, to.1).ok_or("a move to off the board")?,
        );
        let mut before = board(&grid);
        before.title = Some(format!("Move {}", number + 1));
        before.arrows.push(Arrow {
            path: vec![from, to],
            label: None,
        });
        boards.push(before);
        let (x, y) = (from.1, 3 - from.0);
        let mover = grid[x][y]
            .take()
            .ok_or_else(|| format!("move {} starts on an empty square", number + 1))?;
        grid[to.1][3 - to.0] = Some(mover);
    }
    let mut last = board(&grid);
    last.title = Some("Left".to_string());
    boards.push(last);
    // Rows of at most four boards, as even as they can be.
    let rows = (boards.len() + 3) / 4;
    let columns = (boards.len() + rows - 1) / rows;
    Ok(svg_board::draw(
        &boards,
        columns,
        "A solution, move by move",
    ))
}

/// The board of `grid` (`grid[x][y]`, y from the bottom), with its names.
fn board(grid: &super::read::Grid) -> Board {
    let mut board = Board::new(4, 4, |_, _| true);
    board.chequered = true;
    board.col_names = (0..4).map(|x| format!("x={}", x)).collect();
    board.row_names = (0..4).rev().map(|y| format!("y={}", y)).collect();
    for (x, column) in grid.iter().enumerate() {
        for (y, square) in column.iter().enumerate() {
            if let Some(letter) = square {
                board.pieces.push((3 - y, x, Piece::Chess(*letter)));
            }
        }
    }
    board
}

/// `[x,y]` as (row, column): y = 3 is the top row.
fn place(x: i64, y: i64) -> Option<(usize, usize)> {
    ((0..4).contains(&x) && (0..4).contains(&y)).then(|| ((3 - y) as usize, x as usize))
}

/// `1,2` (x, then y) as (row, column).
fn square(name: &str) -> Option<(usize, usize)> {
    let (x, y) = name.split_once(',')?;
    place(x.parse().ok()?, y.parse().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_x_then_y_from_the_bottom_left() {
        assert_eq!(square("0,0"), Some((3, 0)));
        assert_eq!(square("3,3"), Some((0, 3)));
        assert_eq!(square("1,2"), Some((1, 1)));
        assert_eq!(square("4,0"), None);
    }

    #[test]
    fn a_solution_becomes_a_board_per_move() {
        let input = ". . . .\n. B . .\nR P . .\n. . . N\n";
        let answer = "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]\n";
        let svg = draw(input, Some(answer), "").unwrap();
        assert_eq!(svg.matches("<polyline").count(), 3);
        for title in [">Move 1</text>", ">Move 3</text>", ">Left</text>"] {
            assert!(svg.contains(title), "{}", title);
        }
        // 4 + 3 + 2 + 1 pieces on the four boards.
        assert_eq!(svg.matches("<circle").count(), 10, "{}", svg);
        assert_eq!(
            draw(input, Some("0"), "")
                .unwrap()
                .matches("<polyline")
                .count(),
            0
        );
        assert!(draw(input, Some("[[[9,0],[1,1]]]"), "").is_err());
    }
}
