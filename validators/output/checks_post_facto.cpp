// Output validator for checks_post_facto (problem package format).
//
//   checks_post_facto input_file answer_file feedback_dir [options] < team_output
//
// Exit status 42: accepted; 43: wrong answer, with the reason in
// feedback_dir/judgemessage.txt; 1: the input file is broken (a judge error).
//
// The same acceptance rules as the judge's checker
// (judge/src/problems/checks_post_facto.rs), written from the statement. The
// answer file is not used: any valid answer is accepted.
// - The output is 8 lines, each a row of the board before the moves, one
//   space, the same row after them: 17 characters, `-` on light cells, one
//   of `. b w B W` on dark ones. Tolerated: CRLF, spaces and tabs at line
//   ends, blank lines after the 8th, no final newline. Nothing else: no
//   leading blank, no blank line before or among the rows.
// - The "before" board has no black man on the bottom row and no white man on
//   the top row (it would already have been promoted).
// - The moves, replayed on the "before" board under the rules of English
//   draughts, are all legal and lead to the "after" board.
//
// Squares: square k (1 to 32) is on row (k - 1) / 4 from the top; the top-left
// cell is light, so even rows hold their squares in the odd columns. Black's
// men move down the board (to higher rows), White's men up.
//
// C++17, standard library only: g++ -O2 -std=c++17 checks_post_facto.cpp

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string feedback_dir;

[[noreturn]] void verdict(int status, const std::string& message) {
    std::ofstream(feedback_dir + "/judgemessage.txt") << message << "\n";
    std::exit(status);
}

[[noreturn]] void accept() { verdict(42, "accepted"); }
[[noreturn]] void wrong(const std::string& why) { verdict(43, why); }

[[noreturn]] void judge_error(const std::string& why) {
    std::cerr << "checks_post_facto validator: " << why << "\n";
    std::exit(1);
}

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) judge_error(std::string("cannot read ") + path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

enum Side { BLACK, WHITE };

const char* side_name(Side side) { return side == BLACK ? "Black" : "White"; }

// Men step forward only: down the board (+1 row) for Black, up for White.
int forward(Side side) { return side == BLACK ? 1 : -1; }

// The row where a side's men are promoted.
int far_row(Side side) { return side == BLACK ? 7 : 0; }

// A square's content: '.' empty, 'b' 'w' men, 'B' 'W' kings.
bool is_piece(char c) { return c == 'b' || c == 'w' || c == 'B' || c == 'W'; }
bool is_king(char c) { return c == 'B' || c == 'W'; }
Side side_of(char c) { return (c == 'b' || c == 'B') ? BLACK : WHITE; }
char crowned(char c) { return c == 'b' ? 'B' : c == 'w' ? 'W' : c; }

// Men move and jump only forward; kings in all four diagonal directions.
bool may_step(char piece, int row_step) {
    return is_king(piece) || row_step == forward(side_of(piece));
}

int row_of(int sq) { return (sq - 1) / 4; }
int col_of(int sq) {
    int row = row_of(sq);
    return 2 * ((sq - 1) % 4) + (row % 2 == 0 ? 1 : 0);
}

// The square at (row, col), or 0 when the cell is off the board or light.
int square_at(int row, int col) {
    if (row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 == 0) return 0;
    return row * 4 + col / 2 + 1;
}

// board[1..32]; index 0 unused.
struct Board {
    char sq[33];
};

const int DIRECTIONS[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

// Whether the piece on `from` has a jump now: over an adjacent enemy piece onto
// the empty square just beyond it, in a direction the piece may go.
bool can_jump(const Board& board, int from) {
    char piece = board.sq[from];
    for (const auto& d : DIRECTIONS) {
        if (!may_step(piece, d[0])) continue;
        int over = square_at(row_of(from) + d[0], col_of(from) + d[1]);
        int land = square_at(row_of(from) + 2 * d[0], col_of(from) + 2 * d[1]);
        if (over && land && is_piece(board.sq[over]) &&
            side_of(board.sq[over]) != side_of(piece) && board.sq[land] == '.')
            return true;
    }
    return false;
}

bool side_can_jump(const Board& board, Side side) {
    for (int sq = 1; sq <= 32; sq++)
        if (is_piece(board.sq[sq]) && side_of(board.sq[sq]) == side && can_jump(board, sq))
            return true;
    return false;
}

struct Move {
    std::string text;
    std::vector<int> squares;
    bool jump;
};

// The input: `c n`, then n moves `a-b` or `axb1x...xbk`. It has passed the
// input validator; anything else is a judge error.
void read_input(const std::string& text, Side& first, std::vector<Move>& moves) {
    std::istringstream in(text);
    std::string side;
    long n = 0;
    if (!(in >> side >> n) || (side != "B" && side != "W") || n < 1)
        judge_error("the input does not start with `B n` or `W n`");
    first = side == "B" ? BLACK : WHITE;
    for (long i = 0; i < n; i++) {
        Move move;
        if (!(in >> move.text)) judge_error("the input has fewer moves than announced");
        move.jump = move.text.find('-') == std::string::npos;
        char separator = move.jump ? 'x' : '-';
        std::string part;
        std::istringstream parts(move.text);
        while (std::getline(parts, part, separator)) {
            int sq = std::atoi(part.c_str());
            if (sq < 1 || sq > 32) judge_error("a move names a square outside 1 to 32: " + move.text);
            move.squares.push_back(sq);
        }
        if (move.squares.size() < 2 || (!move.jump && move.squares.size() != 2))
            judge_error("a move not in the notation: " + move.text);
        moves.push_back(move);
    }
}

// One line of the output as it is read: what it holds up to its last
// non-blank, kept only while it can still be a row (17 characters), and the
// blanks (spaces, tabs, CRs) after that, held apart: a line end or the end of
// the output drops them, anything else makes them part of the line.
struct Line {
    std::string text;
    std::string blanks;
    bool blanks_over = false;  // more blanks than a row could hold
    bool too_long = false;

    void add(char c) {
        if (too_long) return;
        if (c == ' ' || c == '\t' || c == '\r') {
            if (text.size() + blanks.size() < 18) blanks += c;
            else blanks_over = true;
            return;
        }
        text += blanks;
        text += c;
        blanks.clear();
        if (blanks_over || text.size() > 17) too_long = true;
    }
    bool empty() const { return text.empty() && !too_long; }
};

// The output's 8 rows, each without its line end and trailing blanks, read
// from `in` a byte at a time: memory stays the same whatever the output (a
// flood of one line, of newlines or of blanks is read through, never kept).
// Blank lines after the 8th row are tolerated; a 9th line that is not blank,
// or a blank line among the rows, is wrong.
void read_rows(std::istream& in, std::string rows[8]) {
    int count = 0;      // lines up to and with the current one
    int blank_run = 0;  // blank lines since the last line that was not
    Line line;
    std::streambuf* buf = in.rdbuf();
    bool ended = false;
    while (!ended) {
        int c = buf->sbumpc();
        ended = c == std::char_traits<char>::eof();
        if (!ended && c != '\n') {
            line.add(static_cast<char>(c));
            continue;
        }
        count++;
        if (line.empty()) {
            blank_run++;
        } else {
            int row = count - 1;
            if (blank_run > 0 && row - blank_run < 8)
                wrong("line " + std::to_string(row - blank_run + 1) +
                      ": expected 17 characters (two rows and a space)");
            if (row >= 8) wrong("expected 8 lines, got more");
            if (line.too_long)
                wrong("line " + std::to_string(row + 1) + ": expected 17 characters (two rows and a space)");
            rows[row] = line.text;
            blank_run = 0;
        }
        line = Line();
    }
    int significant = count - blank_run;
    if (significant != 8) wrong("expected 8 lines, got " + std::to_string(significant));
}

// The two boards of the answer.
void read_answer(std::istream& in, Board& before, Board& after) {
    std::string rows[8];
    read_rows(in, rows);
    for (int row = 0; row < 8; row++) {
        const std::string& line = rows[row];
        std::string at = "line " + std::to_string(row + 1) + ": ";
        if (line.size() != 17) wrong(at + "expected 17 characters (two rows and a space)");
        if (line[8] != ' ') wrong(at + "expected a space between the two boards");
        for (int board = 0; board < 2; board++) {
            for (int col = 0; col < 8; col++) {
                char c = line[board * 9 + col];
                int sq = square_at(row, col);
                if (!sq) {
                    if (c != '-') wrong(at + "a light cell must be '-'");
                } else if (c == '.' || is_piece(c)) {
                    (board == 0 ? before : after).sq[sq] = c;
                } else {
                    wrong(at + "a dark cell must be one of . b w B W");
                }
            }
        }
    }
}

// Plays one move of `side`; the rule it breaks, or "" when it is legal.
std::string play(Board& board, Side side, const Move& move) {
    int from = move.squares[0];
    char piece = board.sq[from];
    if (!is_piece(piece) || side_of(piece) != side)
        return std::string(side_name(side)) + " is to move but square " + std::to_string(from) +
               " holds no piece of theirs";
    if (!move.jump) {
        int to = move.squares[1];
        int dr = row_of(to) - row_of(from), dc = col_of(to) - col_of(from);
        if (std::abs(dr) != 1 || std::abs(dc) != 1) return "not a diagonal step";
        if (!may_step(piece, dr)) return "a man cannot move backwards";
        if (board.sq[to] != '.') return "the target square is taken";
        // Capture is compulsory: a simple move only when the side has no jump.
        if (side_can_jump(board, side)) return std::string(side_name(side)) + " must jump";
        board.sq[from] = '.';
        board.sq[to] = row_of(to) == far_row(side) ? crowned(piece) : piece;
        return "";
    }
    // The piece leaves its square at once, so a chain may pass through it again.
    board.sq[from] = '.';
    int at = from;
    bool promoted = false;
    for (size_t i = 1; i < move.squares.size(); i++) {
        int to = move.squares[i];
        // Promotion ends the turn.
        if (promoted) return "the man was promoted, which ends the turn";
        int dr = row_of(to) - row_of(at), dc = col_of(to) - col_of(at);
        if (std::abs(dr) != 2 || std::abs(dc) != 2) return "a hop is not two diagonal steps";
        if (!may_step(piece, dr / 2)) return "a man cannot jump backwards";
        int over = square_at(row_of(at) + dr / 2, col_of(at) + dc / 2);
        if (!is_piece(board.sq[over]) || side_of(board.sq[over]) == side)
            return "the jumped square holds no enemy piece";
        if (board.sq[to] != '.') return "the landing square is taken";
        board.sq[over] = '.';  // captured at once
        at = to;
        if (!is_king(piece) && row_of(to) == far_row(side)) {
            piece = crowned(piece);
            promoted = true;
        }
    }
    board.sq[at] = piece;
    // The chain ends only when the piece has no jump left (or was just promoted).
    if (!promoted && can_jump(board, at))
        return "after the last hop the piece on " + std::to_string(at) + " can still jump";
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) judge_error("usage: checks_post_facto input_file answer_file feedback_dir < team_output");
    feedback_dir = argv[3];
    Side side;
    std::vector<Move> moves;
    read_input(read_file(argv[1]), side, moves);
    Board before, after;
    read_answer(std::cin, before, after);
    for (int sq = 1; sq <= 32; sq++) {
        char c = before.sq[sq];
        // A man on its far row would already have been promoted.
        if ((c == 'b' || c == 'w') && row_of(sq) == far_row(side_of(c)))
            wrong("before board: a man on square " + std::to_string(sq) + ", its far row");
    }
    Board board = before;
    for (size_t i = 0; i < moves.size(); i++) {
        std::string why = play(board, side, moves[i]);
        if (!why.empty()) wrong("move " + std::to_string(i + 1) + " (" + moves[i].text + "): " + why);
        side = side == BLACK ? WHITE : BLACK;
    }
    for (int sq = 1; sq <= 32; sq++)
        if (board.sq[sq] != after.sq[sq])
            wrong("after the moves square " + std::to_string(sq) + " differs from the after board");
    accept();
}
