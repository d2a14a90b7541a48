//! solitaire_chess' input and answer as the checker reads them: the 4×4 board
//! and its kinds of piece, and an answer's list of moves.

/// Board contents, `grid[x][y]`: x is the column from the left, y the row from the bottom.
pub(super) type Grid = [[Option<char>; 4]; 4];

/// One move: ((from x, from y), (to x, to y)).
pub(super) type Step = ((i64, i64), (i64, i64));

/// Reads the 16 squares of the input: whitespace is ignored, the first four visible
/// characters are the top row from left to right. K Q R B N P are pieces; anything else
/// visible marks an empty square.
pub(super) fn read_board(input: &str) -> Result<Grid, String> {
    // Counted, not collected: a huge input costs no memory here.
    let cells = || input.chars().filter(|c| !c.is_whitespace());
    let found = cells().count();
    if found != 16 {
        return Err(format!("expected 16 squares, found {}", found));
    }
    let mut grid: Grid = [[None; 4]; 4];
    for (i, c) in cells().enumerate() {
        let (x, y) = (i % 4, 3 - i / 4);
        if "KQRBNP".contains(c) {
            grid[x][y] = Some(c);
        }
    }
    Ok(grid)
}

/// A tiny reader over the answer line: `[`, then moves `[[x,y],[x,y]]` separated
/// by commas, then `]`, and nothing after it.
struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn fail<T>(&self, what: &str) -> Result<T, String> {
        let found = match self.text.get(self.pos) {
            Some(&b) => format!("'{}'", b as char),
            None => "the end of the output".to_string(),
        };
        Err(format!(
            "malformed answer: expected {} at character {}, found {}",
            what,
            self.pos + 1,
            found
        ))
    }

    fn eat(&mut self, byte: u8) -> Result<(), String> {
        if self.text.get(self.pos) == Some(&byte) {
            self.pos += 1;
            Ok(())
        } else {
            self.fail(&format!("'{}'", byte as char))
        }
    }

    fn peek_is(&self, byte: u8) -> bool {
        self.text.get(self.pos) == Some(&byte)
    }

    fn number(&mut self) -> Result<i64, String> {
        let start = self.pos;
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if start == self.pos {
            return self.fail("a coordinate");
        }
        let digits = std::str::from_utf8(&self.text[start..self.pos]).unwrap_or("");
        digits.parse::<i64>().map_err(|_| {
            let digits = crate::text::cut(digits, 20);
            format!("malformed answer: coordinate {} is too large", digits)
        })
    }

    fn coordinate(&mut self) -> Result<(i64, i64), String> {
        self.eat(b'[')?;
        let x = self.number()?;
        self.eat(b',')?;
        let y = self.number()?;
        self.eat(b']')?;
        Ok((x, y))
    }

    fn step(&mut self) -> Result<Step, String> {
        self.eat(b'[')?;
        let from = self.coordinate()?;
        self.eat(b',')?;
        let to = self.coordinate()?;
        self.eat(b']')?;
        Ok((from, to))
    }
}

/// Parses the answer line into moves (coordinates are range-checked during replay).
pub(super) fn read_moves(answer: &str) -> Result<Vec<Step>, String> {
    let mut r = Reader {
        text: answer.as_bytes(),
        pos: 0,
    };
    r.eat(b'[')?;
    let mut moves = Vec::new();
    if !r.peek_is(b']') {
        loop {
            moves.push(r.step()?);
            if r.peek_is(b',') {
                r.pos += 1;
            } else {
                break;
            }
        }
    }
    r.eat(b']')?;
    if r.pos != r.text.len() {
        return r.fail("nothing after the closing ']'");
    }
    Ok(moves)
}

/// The kinds of piece.
pub const KINDS: [char; 6] = ['K', 'Q', 'R', 'B', 'N', 'P'];
