//! russian_checkers' board as the rules read it: which cells are dark, and the
//! pieces and the side to play of an input.

/// Rank 8 is row 0; a1 (row 7, file 0) is dark.
pub(super) fn is_dark(row: usize, file: usize) -> bool {
    (row + file) % 2 == 1
}

/// Reads a board written by `render` (mod.rs) or any valid input; `None` otherwise.
pub(super) fn read(input: &str) -> Option<([[u8; 8]; 8], bool)> {
    let mut lines = input.lines().map(|line| line.trim_end());
    let mut board = [[b'.'; 8]; 8];
    for row in board.iter_mut() {
        let line = lines.next()?.as_bytes();
        if line.len() != 8 {
            return None;
        }
        row.copy_from_slice(line);
    }
    let white = match lines.next()? {
        "WHITE" => true,
        "BLACK" => false,
        _ => return None,
    };
    Some((board, white))
}
