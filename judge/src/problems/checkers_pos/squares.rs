//! checkers_pos' numbering of the 32 dark squares: where each square is on
//! the board, and which square is at a cell.

/// Row (0 = bottom) and column (0 = left) of square 1–32: square 1 is in the
/// bottom row, second column from the right, and the numbers run right to left
/// along a row, then continue one row up.
pub(super) fn cell(square: usize) -> (usize, usize) {
    let k = square - 1;
    let row = k / 4;
    let rightmost = if row % 2 == 0 { 6 } else { 7 };
    (row, rightmost - 2 * (k % 4))
}

/// The square (1-32) at `row`, `col` (0 = bottom, 0 = left), if that cell is
/// on the board and dark.
pub(super) fn square_at(row: i64, col: i64) -> Option<usize> {
    if !(0..8).contains(&row) || !(0..8).contains(&col) {
        return None;
    }
    (1..=32).find(|&square| cell(square) == (row as usize, col as usize))
}
