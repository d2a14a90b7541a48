//! A board diagram drawn as SVG: the squares (dark where pieces stand),
//! the names of rows and columns or the numbers of squares as a statement
//! names them, men and kings (a king wears a crown), chess pieces as
//! letters, and arrows for moves. Each problem's `figure.rs` says what goes
//! where; this file only draws.

use crate::svg::{Anchor, Paint, Svg};

/// One square's side, in pixels; everything else is measured from it.
const CELL: f64 = 44.0;
/// Room for the row and column names around a board.
const MARGIN: f64 = 30.0;
/// Room between two boards drawn side by side, and for a board's title.
const GAP: f64 = 36.0;
const TITLE: f64 = 22.0;

const DARK: &str = "#b58863";
const LIGHT: &str = "#f0d9b5";
const INK: &str = "#222222";
const ARROW: &str = "#1a5fb4";
const GOLD: &str = "#e5a50a";

/// Whose a piece is: the drawing's colour of a man or a king.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Colour {
    White,
    Black,
    Red,
}

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece {
    Man(Colour),
    King(Colour),
    /// A chess piece, shown by its letter (`K`, `Q`, `R`, `B`, `N`, `P`).
    Chess(char),
}

/// A move drawn as an arrow through the centres of its squares (row,
/// column; row 0 at the top); `label` is written on its first leg (the
/// move's number in a sequence).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrow {
    pub path: Vec<(usize, usize)>,
    pub label: Option<String>,
}

/// One board: its size, which cells are dark, the names written around it
/// or in its squares, its pieces and its arrows.
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// Dark cells are where the pieces stand (all cells on a chess board).
    pub dark: fn(usize, usize) -> bool,
    /// A chess board: its cells alternate, and all are used.
    pub chequered: bool,
    /// Names of the columns (under the board, or above it with `top`),
    /// of the rows (left of it), and small numbers in squares.
    pub col_names: Vec<String>,
    pub col_names_on_top: bool,
    pub row_names: Vec<String>,
    pub square_numbers: Vec<(usize, usize, String)>,
    pub pieces: Vec<(usize, usize, Piece)>,
    pub arrows: Vec<Arrow>,
    /// Written above the board when boards stand side by side.
    pub title: Option<String>,
}

impl Board {
    /// An empty board of `rows` x `cols` cells, dark where `dark` says.
    pub fn new(rows: usize, cols: usize, dark: fn(usize, usize) -> bool) -> Board {
        Board {
            rows,
            cols,
            dark,
            chequered: false,
            col_names: Vec::new(),
            col_names_on_top: false,
            row_names: Vec::new(),
            square_numbers: Vec::new(),
            pieces: Vec::new(),
            arrows: Vec::new(),
            title: None,
        }
    }

    fn width(&self) -> f64 {
        self.cols as f64 * CELL + 2.0 * MARGIN
    }

    fn height(&self) -> f64 {
        let title = if self.title.is_some() { TITLE } else { 0.0 };
        self.rows as f64 * CELL + 2.0 * MARGIN + title
    }
}

/// The boards side by side, at most `columns` to a row, as one SVG
/// document titled `title`.
pub fn draw(boards: &[Board], columns: usize, title: &str) -> String {
    let rows: Vec<&[Board]> = boards.chunks(columns.max(1)).collect();
    let row_width = |row: &[Board]| {
        row.iter().map(Board::width).sum::<f64>() + GAP * row.len().saturating_sub(1) as f64
    };
    let row_height = |row: &[Board]| row.iter().map(Board::height).fold(0.0, f64::max);
    let width = rows.iter().map(|row| row_width(row)).fold(0.0, f64::max);
    let height = rows.iter().map(|row| row_height(row)).sum::<f64>()
        + GAP * rows.len().saturating_sub(1) as f64;
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, Paint::fill("#ffffff"));
    let mut top = 0.0;
    for row in rows {
        let mut left = 0.0;
        for board in row {
            draw_titled_board(&mut svg, board, (left, top));
            left += board.width() + GAP;
        }
        top += row_height(row) + GAP;
    }
    svg.finish(title)
}

/// A board with its title above it, its margins' top-left corner at `at`.
fn draw_titled_board(svg: &mut Svg, board: &Board, at: (f64, f64)) {
    let mut top = at.1;
    if let Some(title) = &board.title {
        let middle = at.0 + board.width() / 2.0;
        svg.bold_text(middle, top + TITLE - 4.0, 15.0, Anchor::Middle, INK, title);
        top += TITLE;
    }
    draw_board(svg, board, (at.0 + MARGIN, top + MARGIN));
}

/// The centre of cell (row, col) of a board whose top-left corner is `at`.
fn centre(at: (f64, f64), (row, col): (usize, usize)) -> (f64, f64) {
    (
        at.0 + (col as f64 + 0.5) * CELL,
        at.1 + (row as f64 + 0.5) * CELL,
    )
}

fn draw_board(svg: &mut Svg, board: &Board, at: (f64, f64)) {
    draw_cells(svg, board, at);
    for &(row, col, piece) in &board.pieces {
        draw_piece(svg, centre(at, (row, col)), piece);
    }
    let mut labels = Vec::new();
    for arrow in &board.arrows {
        draw_arrow(svg, at, board, arrow);
        if let (Some(label), true) = (&arrow.label, arrow.path.len() >= 2) {
            draw_label(svg, at, board, arrow, label, &mut labels);
        }
    }
    // Last, so that no arrow hides a square's number.
    draw_names(svg, board, at);
}

fn draw_cells(svg: &mut Svg, board: &Board, at: (f64, f64)) {
    let (w, h) = (board.cols as f64 * CELL, board.rows as f64 * CELL);
    svg.rect(at.0, at.1, w, h, Paint::fill(LIGHT));
    for row in 0..board.rows {
        for col in 0..board.cols {
            let dark = if board.chequered {
                (row + col) % 2 == 1
            } else {
                (board.dark)(row, col)
            };
            if dark {
                let (x, y) = (at.0 + col as f64 * CELL, at.1 + row as f64 * CELL);
                svg.rect(x, y, CELL, CELL, Paint::fill(DARK));
            }
        }
    }
    let frame = Paint {
        fill: "none",
        stroke: INK,
        stroke_width: 1.5,
    };
    svg.rect(at.0, at.1, w, h, frame);
}

/// Column names under (or above) the board, row names left of it, square
/// numbers in each square's top-left corner.
fn draw_names(svg: &mut Svg, board: &Board, at: (f64, f64)) {
    let bottom = at.1 + board.rows as f64 * CELL;
    for (col, name) in board.col_names.iter().enumerate() {
        let x = at.0 + (col as f64 + 0.5) * CELL;
        let y = if board.col_names_on_top {
            at.1 - 8.0
        } else {
            bottom + 17.0
        };
        svg.text(x, y, 13.0, Anchor::Middle, INK, name);
    }
    for (row, name) in board.row_names.iter().enumerate() {
        let y = at.1 + (row as f64 + 0.5) * CELL + 5.0;
        svg.text(at.0 - 15.0, y, 13.0, Anchor::Middle, INK, name);
    }
    for (row, col, number) in &board.square_numbers {
        let (x, y) = (at.0 + *col as f64 * CELL, at.1 + *row as f64 * CELL);
        let (dx, dy) = NUMBER_AT;
        svg.text(
            x + dx,
            y + dy,
            NUMBER_SIZE,
            Anchor::Start,
            "#ffffff",
            number,
        );
    }
}

/// A square's number: its size, and where it starts (its baseline) from
/// the square's top-left corner.
const NUMBER_SIZE: f64 = 8.5;
const NUMBER_AT: (f64, f64) = (2.0, 9.5);

/// The box a square's number covers, with a pixel to spare: (left, top,
/// right, bottom). A digit is about 0.64 of the font size wide and 0.73 of
/// it high (DejaVu Sans, the first font asked for).
fn number_box(at: (f64, f64), (row, col): (usize, usize), number: &str) -> [f64; 4] {
    let (x, y) = (
        at.0 + col as f64 * CELL + NUMBER_AT.0,
        at.1 + row as f64 * CELL + NUMBER_AT.1,
    );
    let width = 0.64 * NUMBER_SIZE * number.chars().count() as f64;
    [
        x - 1.0,
        y - 0.73 * NUMBER_SIZE - 1.0,
        x + width + 1.0,
        y + 1.0,
    ]
}

fn draw_piece(svg: &mut Svg, (x, y): (f64, f64), piece: Piece) {
    let (fill, stroke) = match piece {
        Piece::Man(colour) | Piece::King(colour) => match colour {
            Colour::White => ("#fafafa", INK),
            Colour::Black => ("#2b2b2b", "#000000"),
            Colour::Red => ("#c01c28", "#6d0f16"),
        },
        Piece::Chess(_) => ("#fafafa", INK),
    };
    let paint = Paint {
        fill,
        stroke,
        stroke_width: 2.0,
    };
    svg.circle(x, y, PIECE, paint);
    match piece {
        Piece::Man(_) => svg.circle(
            x,
            y,
            PIECE * 0.62,
            Paint {
                fill: "none",
                ..paint
            },
        ),
        Piece::King(_) => draw_crown(svg, (x, y)),
        Piece::Chess(letter) => {
            svg.bold_text(x, y + 6.5, 18.0, Anchor::Middle, INK, &letter.to_string())
        }
    }
}

/// A king's crown: a gold band with three points, on the piece.
fn draw_crown(svg: &mut Svg, (x, y): (f64, f64)) {
    let points = [
        (x - 9.0, y + 6.0),
        (x + 9.0, y + 6.0),
        (x + 10.0, y - 6.0),
        (x + 4.5, y - 1.0),
        (x, y - 9.0),
        (x - 4.5, y - 1.0),
        (x - 10.0, y - 6.0),
    ];
    let paint = Paint {
        fill: GOLD,
        stroke: "#5c3c00",
        stroke_width: 1.0,
    };
    svg.polygon(&points, paint);
}

/// A piece's radius.
const PIECE: f64 = CELL * 0.3;

/// An arrow through its squares' centres, with a dot at each square it
/// lands on before the last. It starts at a dot, or at the edge of the
/// piece standing there, and its head stops short of the last square's
/// centre, at the edge of the piece standing there if one does: the pieces
/// it joins stay readable.
fn draw_arrow(svg: &mut Svg, at: (f64, f64), board: &Board, arrow: &Arrow) {
    let mut points: Vec<(f64, f64)> = arrow.path.iter().map(|&cell| centre(at, cell)).collect();
    let n = points.len();
    if n < 2 {
        return;
    }
    let occupied = |cell: (usize, usize)| board.pieces.iter().any(|&(r, c, _)| (r, c) == cell);
    let dot = Paint::fill(ARROW);
    let stop = if occupied(arrow.path[n - 1]) {
        PIECE + 2.0
    } else {
        8.0
    };
    let (ux, uy) = direction(points[0], points[1]);
    if occupied(arrow.path[0]) {
        // From the piece's edge, unless the leg is too short for that and
        // a head: between neighbours, part of the line crosses the piece.
        let leg = distance(points[0], points[1]);
        let room = if n == 2 { leg - stop - HEAD - 4.0 } else { leg };
        let start = PIECE.min(room.max(0.0));
        points[0] = (points[0].0 + ux * start, points[0].1 + uy * start);
    } else {
        svg.circle(points[0].0, points[0].1, 4.0, dot);
    }
    let (ux, uy) = direction(points[n - 2], points[n - 1]);
    let tip = (points[n - 1].0 - ux * stop, points[n - 1].1 - uy * stop);
    let base = (tip.0 - ux * HEAD, tip.1 - uy * HEAD);
    points[n - 1] = base;
    for &(x, y) in &points[1..n - 1] {
        svg.circle(x, y, 5.0, dot);
    }
    svg.polyline(&points, ARROW, 4.0);
    let head = [
        tip,
        (base.0 - uy * 7.5, base.1 + ux * 7.5),
        (base.0 + uy * 7.5, base.1 - ux * 7.5),
    ];
    svg.polygon(&head, dot);
}

/// A move number's ring: its radius, and its distance from its arrow's line.
const LABEL: f64 = 9.0;
const LABEL_OFF: f64 = 12.0;

/// A move's number in a ring beside its arrow's first leg, where it covers
/// no square's number, no piece and no other move's number: a third of the
/// way along the leg on its left if that is clear, else the first clear
/// place of a few more along it, on either side (else the first place).
/// `placed` holds the rings drawn so far.
fn draw_label(
    svg: &mut Svg,
    at: (f64, f64),
    board: &Board,
    arrow: &Arrow,
    label: &str,
    placed: &mut Vec<(f64, f64)>,
) {
    let (a, b) = (centre(at, arrow.path[0]), centre(at, arrow.path[1]));
    let (ux, uy) = direction(a, b);
    let length = distance(a, b);
    let spot = |fraction: f64, side: f64| {
        let (along, off) = (length * fraction, LABEL_OFF * side);
        (a.0 + ux * along + uy * off, a.1 + uy * along - ux * off)
    };
    // The ring's edge (its stroke) and a pixel to spare.
    let reach = LABEL + 2.0;
    let clear = |(x, y): (f64, f64)| {
        let numbers = board.square_numbers.iter().all(|(row, col, number)| {
            let [left, top, right, bottom] = number_box(at, (*row, *col), number);
            let dx = (left - x).max(x - right).max(0.0);
            let dy = (top - y).max(y - bottom).max(0.0);
            dx * dx + dy * dy >= reach * reach
        });
        let pieces = board
            .pieces
            .iter()
            .all(|&(row, col, _)| distance((x, y), centre(at, (row, col))) >= PIECE + reach);
        let rings = placed
            .iter()
            .all(|&ring| distance((x, y), ring) >= 2.0 * reach);
        numbers && pieces && rings
    };
    let fractions = [1.0 / 3.0, 0.5, 2.0 / 3.0, 0.25, 0.75];
    let spots = fractions
        .iter()
        .flat_map(|&fraction| [spot(fraction, 1.0), spot(fraction, -1.0)]);
    let (mx, my) = spots
        .into_iter()
        .find(|&place| clear(place))
        .unwrap_or_else(|| spot(fractions[0], 1.0));
    placed.push((mx, my));
    let ring = Paint {
        fill: "#ffffff",
        stroke: ARROW,
        stroke_width: 2.0,
    };
    svg.circle(mx, my, LABEL, ring);
    svg.bold_text(mx, my + 4.5, 12.0, Anchor::Middle, ARROW, label);
}

/// An arrow head's length.
const HEAD: f64 = 13.0;

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt()
}

/// The unit vector from `a` towards `b`.
fn direction(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let length = distance(a, b).max(1.0);
    ((b.0 - a.0) / length, (b.1 - a.1) / length)
}

/// Arrows written as paths of square names separated by blanks; within a
/// path the squares are joined by `-`, `:` or `x` (each problem's move
/// notation). `square` reads one name as (row, column), row 0 at the top.
pub fn paths(
    text: &str,
    square: impl Fn(&str) -> Option<(usize, usize)>,
) -> Result<Vec<Arrow>, String> {
    text.split_whitespace()
        .map(|path| {
            let cells = path
                .split(['-', ':', 'x'])
                .map(|name| square(name).ok_or_else(|| format!("{:?} is not a square", name)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|why| format!("arrow {:?}: {}", path, why))?;
            if cells.len() < 2 {
                return Err(format!("arrow {:?}: it needs two squares", path));
            }
            Ok(Arrow {
                path: cells,
                label: None,
            })
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    #[test]
    fn paths_read_squares_with_any_joint() {
        let digit = |name: &str| name.parse::<usize>().ok().map(|n| (n, n));
        let arrows = paths("1-2 3:4x5", digit).unwrap();
        assert_eq!(arrows[0].path, [(1, 1), (2, 2)]);
        assert_eq!(arrows[1].path, [(3, 3), (4, 4), (5, 5)]);
        assert!(paths("1-z", digit)
            .unwrap_err()
            .contains("\"z\" is not a square"));
        assert!(paths("1", digit).unwrap_err().contains("two squares"));
    }

    use super::*;

    fn one_dark(row: usize, col: usize) -> bool {
        (row, col) == (0, 1)
    }

    #[test]
    fn dark_cells_pieces_and_arrows_are_drawn_where_they_belong() {
        let mut board = Board::new(2, 2, one_dark);
        board.pieces.push((0, 1, Piece::King(Colour::Black)));
        board.pieces.push((1, 0, Piece::Chess('N')));
        board.arrows.push(Arrow {
            path: vec![(1, 0), (0, 1)],
            label: Some("1".to_string()),
        });
        let svg = draw(&[board], 1, "t");
        // The one dark cell: column 1 of row 0, right of the margin.
        assert_eq!(svg.matches(&format!("fill=\"{}\"", DARK)).count(), 1);
        assert!(
            svg.contains("<rect x=\"74\" y=\"30\" width=\"44\" height=\"44\" fill=\"#b58863\"/>")
        );
        // The king at the centre of (0, 1) with its crown, the knight's letter.
        assert!(svg.contains("<circle cx=\"96\" cy=\"52\" r=\"13.2\" fill=\"#2b2b2b\""));
        assert_eq!(svg.matches(GOLD).count(), 1);
        assert!(svg.contains(">N</text>"));
        // The arrow: from the knight's edge (its centre is 52,96) towards
        // the king, its head short of the king.
        assert!(svg.contains("<polyline points=\"61.33,86.67 "), "{}", svg);
        assert!(svg.contains(">1</text>"));
    }

    /// The move numbers' rings in `svg` that cover a square's number, as
    /// drawn: (the ring's centre, the number). A number's box is measured
    /// from its text element: as wide as its digits (0.64 of the font size
    /// each), as high as a digit (0.73 of it) above its baseline.
    pub fn rings_over_numbers(svg: &str) -> Vec<((f64, f64), String)> {
        let attribute = |element: &str, name: &str| -> f64 {
            let start = element.find(&format!(" {}=\"", name)).unwrap() + name.len() + 3;
            let value = &element[start..];
            value[..value.find('"').unwrap()].parse().unwrap()
        };
        let elements: Vec<&str> = svg.split('<').collect();
        let rings: Vec<(f64, f64)> = elements
            .iter()
            .filter(|e| e.starts_with("circle ") && attribute(e, "r") == LABEL)
            .map(|e| (attribute(e, "cx"), attribute(e, "cy")))
            .collect();
        let mut covered = Vec::new();
        for text in elements.iter().filter(|e| e.starts_with("text ")) {
            let size = attribute(text, "font-size");
            if size != NUMBER_SIZE {
                continue;
            }
            let number = &text[text.find('>').unwrap() + 1..];
            let (x, y) = (attribute(text, "x"), attribute(text, "y"));
            let right = x + 0.64 * size * number.len() as f64;
            let top = y - 0.73 * size;
            for &(cx, cy) in &rings {
                let dx = (x - cx).max(cx - right).max(0.0);
                let dy = (top - cy).max(cy - y).max(0.0);
                // The ring's stroke is 2 pixels wide.
                if (dx * dx + dy * dy).sqrt() < LABEL + 1.0 {
                    covered.push(((cx, cy), number.to_string()));
                }
            }
        }
        covered
    }

    /// Every first leg a move can have on a numbered 8x8 board (from each
    /// dark square, each way, each length), from a piece or not: its
    /// number's ring covers no square's number.
    #[test]
    fn no_move_number_covers_a_square_number() {
        let dark = |row: usize, col: usize| (row + col) % 2 == 1;
        let mut covered = Vec::new();
        for (row, col) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
            if !dark(row, col) {
                continue;
            }
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                for k in 1..8 {
                    let (r, c) = (row as i32 + dr * k, col as i32 + dc * k);
                    if !(0..8).contains(&r) || !(0..8).contains(&c) {
                        break;
                    }
                    for with_piece in [false, true] {
                        let mut board = Board::new(8, 8, dark);
                        board.square_numbers = (0..64)
                            .filter(|&i| dark(i / 8, i % 8))
                            .map(|i| (i / 8, i % 8, (i / 2 + 1).to_string()))
                            .collect();
                        if with_piece {
                            board.pieces.push((row, col, Piece::Man(Colour::White)));
                        }
                        board.arrows.push(Arrow {
                            path: vec![(row, col), (r as usize, c as usize)],
                            label: Some("12".to_string()),
                        });
                        let svg = draw(&[board], 1, "t");
                        for found in rings_over_numbers(&svg) {
                            covered.push(((row, col), (r, c), with_piece, found));
                        }
                    }
                }
            }
        }
        assert!(
            covered.is_empty(),
            "{} covered: {:?}",
            covered.len(),
            covered
        );
    }

    #[test]
    fn boards_side_by_side_share_one_document() {
        let mut a = Board::new(1, 1, one_dark);
        a.title = Some("Before".to_string());
        let b = Board::new(1, 1, one_dark);
        let svg = draw(&[a, b], 2, "two");
        // Two boards of 1 cell + 2 margins, and the gap between them.
        assert!(svg.contains("width=\"244\""), "{}", svg);
        assert!(svg.contains(">Before</text>"));
        assert_eq!(svg.matches("<svg").count(), 1);
    }
}
