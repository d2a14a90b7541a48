# A checkers_board solution with one bug, for the --stress session the README
# shows: a jump towards the left edge may land on column -1, which Python reads
# as the last column (board[r][-1]), so it counts a jump off the board. Every
# sample passes.
import sys

board = [line.rstrip("\r\n").rstrip(" \t").replace(" ", ".") for line in sys.stdin]
board = [row.ljust(8, ".") for row in board] + ["." * 8] * (8 - len(board))


def moves(piece, enemy, step):
    """The side's jumps if it has any, else its slides (jumping is compulsory)."""
    slides = jumps = 0
    for r in range(8):
        for c in range(8):
            if board[r][c] != piece:
                continue
            for dc in (-1, 1):
                r1, c1 = r + step, c + dc
                if not (0 <= r1 < 8 and 0 <= c1 < 8):
                    continue
                if board[r1][c1] == ".":
                    slides += 1
                elif board[r1][c1] == enemy:
                    r2, c2 = r1 + step, c1 + dc
                    # The bug: no `0 <= c2`, so c2 == -1 is the last column.
                    if 0 <= r2 < 8 and c2 < 8 and board[r2][c2] == ".":
                        jumps += 1
    return jumps if jumps else slides


print(moves("B", "W", 1) + moves("W", "B", -1))
