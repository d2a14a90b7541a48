// Output validator for solitaire_chess (problem package format).
//
//   solitaire_chess input_file answer_file feedback_dir [options] < team_output
//
// Exit status 42: accepted; 43: wrong answer, with the reason in
// feedback_dir/judgemessage.txt; 1: the input or answer file is broken (a
// judge error).
//
// The same acceptance rules as the judge's checker
// (judge/src/problems/solitaire_chess.rs), written from the statement:
// - The answer is one line with no whitespace inside it. Tolerated: CRLF,
//   blanks after the answer, blank lines after it, no final newline.
// - `0` (unsolvable) is right only when the answer file says `0` too, and
//   never for a board with a single piece.
// - Otherwise the answer is a list of moves `[[[x,y],[x,y]],...]`, replayed
//   on the input board: each move goes from a square holding a piece to a
//   square holding another piece, by the mover's own rule, and exactly one
//   piece must be left. `[]` (no move) is right for a single piece only.
// - A valid solution where the answer file says `0` is wrong too (the judge
//   believes its answer file's `0`).
//
// C++17, standard library only: g++ -O2 -std=c++17 solitaire_chess.cpp

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string feedback_dir;

// Writes the reason and exits with the verdict's status.
[[noreturn]] void verdict(int status, const std::string& message) {
    std::ofstream(feedback_dir + "/judgemessage.txt") << message << "\n";
    std::exit(status);
}

[[noreturn]] void accept() { verdict(42, "accepted"); }
[[noreturn]] void wrong(const std::string& why) { verdict(43, why); }

[[noreturn]] void judge_error(const std::string& why) {
    std::cerr << "solitaire_chess validator: " << why << "\n";
    std::exit(1);
}

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) judge_error(std::string("cannot read ") + path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// board[x][y]: x the column from the left, y the row from the bottom; '.' empty.
struct Board {
    char cell[4][4];
    char& at(int x, int y) { return cell[x][y]; }
    int pieces() const {
        int n = 0;
        for (auto& column : cell)
            for (char c : column) n += c != '.';
        return n;
    }
};

std::string square(int x, int y) {
    return "[" + std::to_string(x) + "," + std::to_string(y) + "]";
}

// The input: 16 squares, whitespace ignored, top row first, each row from the
// left. K Q R B N P are pieces; any other visible character is an empty square.
Board read_board(const std::string& text) {
    Board board;
    int i = 0;
    for (char c : text) {
        if (is_space(c)) continue;
        if (i == 16) judge_error("the input holds more than 16 squares");
        bool piece = std::string("KQRBNP").find(c) != std::string::npos;
        board.at(i % 4, 3 - i / 4) = piece ? c : '.';
        i++;
    }
    if (i != 16) judge_error("the input holds fewer than 16 squares");
    return board;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The most bytes of an answer, its coordinates' leading zeros dropped: a
// right one (15 moves at most) holds fewer than 300.
const size_t MOST = 4096;

// The answer line, read from `in` a byte at a time and never kept longer
// than `MOST`: memory stays the same whatever the output (a flood of blanks,
// of zeros or of one line is read through, never kept). Blanks, CRs and
// newlines after the answer go; before anything else, or inside it, they are
// wrong; a coordinate's leading zeros are dropped as they come (the judge
// reads them as the number they lead).
std::string answer_line(std::istream& in) {
    std::string text;
    size_t read = 0, first_blank = 0;
    bool newline = false;
    std::streambuf* buf = in.rdbuf();
    for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
        read++;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (!first_blank) first_blank = read;
            newline = newline || c == '\n';
            continue;
        }
        if (first_blank && newline) wrong("the answer is one line; the output has several");
        if (first_blank)
            wrong("whitespace at character " + std::to_string(first_blank) + ": the answer holds none");
        // Inside the list, a coordinate that is only "0" so far loses it to
        // the digit that follows.
        size_t n = text.size();
        bool lone_zero = n >= 2 && text[0] == '[' && text[n - 1] == '0' && !is_digit(text[n - 2]);
        if (lone_zero && is_digit(static_cast<char>(c))) text.pop_back();
        text += static_cast<char>(c);
        if (text.size() > MOST) wrong("the answer is longer than any list of moves");
    }
    if (text.empty()) wrong("empty output");
    return text;
}

struct Move {
    long long fx, fy, tx, ty;
};

// A reader of `[` move (`,` move)* `]` with move = `[[x,y],[x,y]]`.
// Coordinates are decimal digits (leading zeros allowed, as the judge reads
// them); a huge one is kept as a huge value and is off the board.
class Reader {
  public:
    explicit Reader(const std::string& text) : text_(text) {}

    std::vector<Move> moves() {
        std::vector<Move> list;
        eat('[');
        if (!peek(']')) {
            do list.push_back(move());
            while (take(','));
        }
        eat(']');
        if (pos_ != text_.size()) fail("nothing after the closing ']'");
        return list;
    }

  private:
    const std::string& text_;
    size_t pos_ = 0;

    [[noreturn]] void fail(const std::string& what) {
        wrong("malformed answer: expected " + what + " at character " + std::to_string(pos_ + 1));
    }
    bool peek(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
    bool take(char c) {
        if (!peek(c)) return false;
        pos_++;
        return true;
    }
    void eat(char c) {
        if (!take(c)) fail(std::string("'") + c + "'");
    }
    long long number() {
        const long long huge = 1000000000;
        size_t start = pos_;
        long long value = 0;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
            value = value * 10 + (text_[pos_] - '0');
            if (value > huge) value = huge;
            pos_++;
        }
        if (pos_ == start) fail("a coordinate");
        return value;
    }
    void coordinate(long long& x, long long& y) {
        eat('[');
        x = number();
        eat(',');
        y = number();
        eat(']');
    }
    Move move() {
        Move m;
        eat('[');
        coordinate(m.fx, m.fy);
        eat(',');
        coordinate(m.tx, m.ty);
        eat(']');
        return m;
    }
};

const char* piece_name(char c) {
    switch (c) {
        case 'K': return "king";
        case 'Q': return "queen";
        case 'R': return "rook";
        case 'B': return "bishop";
        case 'N': return "knight";
        default: return "pawn";
    }
}

// Whether `mover` on (fx, fy) may capture on (tx, ty) by its own rule, with
// every square between empty for the sliders; the reason when not.
std::string movement_error(Board& board, char mover, int fx, int fy, int tx, int ty) {
    int dx = tx - fx, dy = ty - fy;
    int ax = std::abs(dx), ay = std::abs(dy);
    bool straight = dx == 0 || dy == 0;
    bool diagonal = ax == ay;
    bool reachable;
    switch (mover) {
        case 'K': reachable = ax <= 1 && ay <= 1; break;
        case 'N': reachable = (ax == 1 && ay == 2) || (ax == 2 && ay == 1); break;
        // The solitaire pawn takes one square diagonally, in all four directions.
        case 'P': reachable = ax == 1 && ay == 1; break;
        case 'R': reachable = straight; break;
        case 'B': reachable = diagonal; break;
        default: reachable = straight || diagonal; break;  // queen
    }
    if (!reachable) return std::string(piece_name(mover)) + " cannot reach " + square(tx, ty);
    if (mover == 'Q' || mover == 'R' || mover == 'B') {
        int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
        for (int x = fx + sx, y = fy + sy; x != tx || y != ty; x += sx, y += sy)
            if (board.at(x, y) != '.')
                return std::string(piece_name(mover)) + "'s path is blocked at " + square(x, y);
    }
    return "";
}

// Plays the moves; the first broken rule, or "" when exactly one piece is left.
std::string replay(Board board, const std::vector<Move>& moves) {
    for (size_t i = 0; i < moves.size(); i++) {
        const Move& m = moves[i];
        std::string label = "move " + std::to_string(i + 1) + ": ";
        for (long long v : {m.fx, m.fy, m.tx, m.ty})
            if (v > 3) return label + "a square is off the board";
        int fx = m.fx, fy = m.fy, tx = m.tx, ty = m.ty;
        char mover = board.at(fx, fy);
        if (mover == '.') return label + "no piece on " + square(fx, fy);
        if (fx == tx && fy == ty) return label + "a piece cannot capture itself";
        // Every move captures: the target holds a piece.
        if (board.at(tx, ty) == '.') return label + square(tx, ty) + " is empty";
        std::string why = movement_error(board, mover, fx, fy, tx, ty);
        if (!why.empty()) return label + why;
        board.at(tx, ty) = mover;
        board.at(fx, fy) = '.';
    }
    int left = board.pieces();
    if (left != 1)
        return "after " + std::to_string(moves.size()) + " moves " + std::to_string(left) +
               " pieces remain; exactly one must";
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) judge_error("usage: solitaire_chess input_file answer_file feedback_dir < team_output");
    feedback_dir = argv[3];
    Board board = read_board(read_file(argv[1]));
    std::string expected;
    for (char c : read_file(argv[2]))
        if (!is_space(c)) expected += c;
    bool expected_unsolvable = expected == "0";
    std::string answer = answer_line(std::cin);
    int pieces = board.pieces();
    if (answer == "0") {
        if (pieces == 1) wrong("output 0, but the board has a single piece: the answer is []");
        if (expected_unsolvable) accept();
        wrong("output 0 (unsolvable), but the board can be solved");
    }
    std::vector<Move> moves = Reader(answer).moves();
    if (moves.empty() && pieces != 1)
        wrong("output [] (no moves) is only right for a single piece; the board has " +
              std::to_string(pieces));
    std::string why = replay(board, moves);
    if (!why.empty()) wrong(why);
    if (expected_unsolvable) wrong("the output is a valid solution, yet the answer file says 0 (unsolvable)");
    accept();
}
