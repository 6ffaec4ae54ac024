#!/usr/bin/env python3
"""Fits Tsubame's win-draw-loss model to its own self-play games.

The model is the one Stockfish uses for `UCI_ShowWDL` (its `WDL_model` scripts, and
<https://github.com/official-stockfish/WDL_model>): with `s` the search's score in centipawns
from the point of view of the side to move and `m` the material on the board (pawn 1, knight
and bishop 3, rook 5, queen 9, both sides together, 0 to 78),

    P(win)  = 1 / (1 + exp(-(s - a(m)) / b(m)))
    P(loss) = 1 / (1 + exp(-(-s - a(m)) / b(m)))
    P(draw) = 1 - P(win) - P(loss)

where `a(m)` is the score at which a win is as likely as not and `b(m)` how fast the
probability rises around it; both are cubics in `m / 58`. The fit is done in two steps, as
Stockfish's first scripts did: for each material count, `a` and `b` by maximum likelihood
over the positions with that material; then the cubics by least squares over those values,
weighted by how many positions each had.

Input: `tsubame datagen` game files (`.vf`, the viriformat layout: see crates/datafmt).
Each position's score is the score its search gave when the move was played, its result the
game's. Mate scores and scores past --max-score are left out (they say nothing about the
middle of the curve). Pure Python, no packages: the positions are first counted by
(material, score bin), so the fit itself is small.

    python3 tools/wdl/fit_wdl.py FILE.vf [FILE.vf ...]

prints the per-material fits and the cubic coefficients, and the Rust constants to paste.
"""

import argparse
import math
import struct
import sys
from collections import defaultdict

VALUES = [1, 3, 3, 5, 9, 0, 5]  # pawn knight bishop rook queen king castling-rook
MATERIAL_SCALE = 58.0


def read_games(path):
    """Yields (start board as {square: code}, result, [(move, score)]) per game."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    n = len(data)
    while pos + 32 <= n:
        occ = struct.unpack_from("<Q", data, pos)[0]
        board = {}
        i = 0
        for sq in range(64):
            if occ >> sq & 1:
                byte = data[pos + 8 + i // 2]
                code = byte & 0xF if i % 2 == 0 else byte >> 4
                board[sq] = code
                i += 1
        stm_black = data[pos + 24] & 0x80 != 0
        result = data[pos + 30]
        pos += 32
        moves = []
        while pos + 4 <= n:
            mv, score = struct.unpack_from("<Hh", data, pos)
            pos += 4
            if mv == 0 and score == 0:
                break
            moves.append((mv, score))
        else:
            return  # a game cut short at the end of the file
        yield board, stm_black, result, moves


def material(board):
    return sum(VALUES[code & 7] for code in board.values())


def play(board, mv):
    frm, to, promo, kind = mv & 63, (mv >> 6) & 63, (mv >> 12) & 3, mv >> 14
    piece = board.pop(frm)
    if kind == 2:  # castling, written as king takes rook
        rook = board.pop(to)
        rank = frm & ~7
        king_file, rook_file = (6, 5) if to > frm else (2, 3)
        board[rank | king_file] = piece
        board[rank | rook_file] = (rook & 8) | 3
        return
    if kind == 1:  # en passant: the pawn taken stands beside the mover
        board.pop((frm & ~7) | (to & 7), None)
    if kind == 3:
        piece = (piece & 8) | (promo + 1)
    elif piece & 7 == 6:
        piece = (piece & 8) | 3  # a castling rook that moves is a plain rook
    board[to] = piece


def count(paths, bin_cp, max_score, hold_out):
    """counts[m][s_bin] = [wins, draws, losses] from the side to move's view, for the fitted
    games and for the held-out ones (every `hold_out`-th game)."""
    fitted = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    held = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    positions = 0
    for path in paths:
        for index, (board, black, result, moves) in enumerate(read_games(path)):
            counts = held if hold_out and index % hold_out == 0 else fitted
            white_result = {0: -1, 1: 0, 2: 1}[result]
            for mv, score in moves:
                if abs(score) <= max_score:
                    sign = -1 if black else 1
                    s = score * sign
                    outcome = white_result * sign
                    cell = counts[material(board)][int(round(s / bin_cp))]
                    cell[1 - outcome] += 1
                    positions += 1
                play(board, mv)
                black = not black
    return fitted, held, positions


def sigmoid(x):
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def log_likelihood(cells, bin_cp, a, b):
    total = 0.0
    for s_bin, (w, d, l) in cells.items():
        s = s_bin * bin_cp
        pw = sigmoid((s - a) / b)
        pl = sigmoid((-s - a) / b)
        pd = max(1.0 - pw - pl, 1e-12)
        total += w * math.log(max(pw, 1e-12)) + d * math.log(pd) + l * math.log(max(pl, 1e-12))
    return total


def fit_bucket(cells, bin_cp):
    """Maximum likelihood (a, b) for one material count: coordinate search, then refined."""
    a, b = 150.0, 60.0
    best = log_likelihood(cells, bin_cp, a, b)
    step_a, step_b = 64.0, 32.0
    while step_a > 0.05 or step_b > 0.05:
        improved = False
        for da, db in ((step_a, 0), (-step_a, 0), (0, step_b), (0, -step_b)):
            na, nb = a + da, b + db
            if nb <= 1.0:
                continue
            ll = log_likelihood(cells, bin_cp, na, nb)
            if ll > best:
                a, b, best, improved = na, nb, ll, True
        if not improved:
            step_a /= 2
            step_b /= 2
    return a, b


def fit_cubic(xs, ys, ws):
    """Weighted least squares y = c3 x^3 + c2 x^2 + c1 x + c0 by the normal equations."""
    k = 4
    m = [[0.0] * (k + 1) for _ in range(k)]
    for x, y, w in zip(xs, ys, ws):
        powers = [x**p for p in range(k)]
        for i in range(k):
            for j in range(k):
                m[i][j] += w * powers[i] * powers[j]
            m[i][k] += w * powers[i] * y
    for col in range(k):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(k):
            if r != col:
                f = m[r][col] / m[col][col]
                for c in range(col, k + 1):
                    m[r][c] -= f * m[col][c]
    coeffs = [m[i][k] / m[i][i] for i in range(k)]
    return list(reversed(coeffs))  # c3, c2, c1, c0


def cubic(c, x):
    return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]


def check(held, bin_cp, pa, pb, min_material):
    """The model's mean predicted chances against what the held-out games did, by score band
    (side to move's view), and the log loss of the model against always predicting the
    held-out set's overall frequencies."""
    bands = [(-10000, -300), (-300, -150), (-150, -50), (-50, 50), (50, 150), (150, 300), (300, 10000)]
    rows = {band: [0, 0.0, 0.0, 0.0, 0, 0, 0] for band in bands}
    total = [0, 0, 0]
    model_loss = 0.0
    cells = []
    for m, by_score in held.items():
        x = max(min_material, min(78, m)) / MATERIAL_SCALE
        a, b = cubic(pa, x), cubic(pb, x)
        for s_bin, (w, d, l) in by_score.items():
            s = s_bin * bin_cp
            pw, pl = sigmoid((s - a) / b), sigmoid((-s - a) / b)
            pd = max(1.0 - pw - pl, 1e-12)
            n = w + d + l
            band = next(band for band in bands if band[0] <= s < band[1])
            row = rows[band]
            row[0] += n
            row[1] += n * pw
            row[2] += n * pd
            row[3] += n * pl
            row[4] += w
            row[5] += d
            row[6] += l
            total = [total[0] + w, total[1] + d, total[2] + l]
            model_loss -= w * math.log(max(pw, 1e-12)) + d * math.log(pd) + l * math.log(max(pl, 1e-12))
            cells.append((w, d, l))
    n = sum(total)
    if n == 0:
        return
    freq = [t / n for t in total]
    base_loss = -sum(t * math.log(f) for t, f in zip(total, freq) if t)
    print(f"held-out positions: {n}; log loss per position: model {model_loss / n:.4f}, "
          f"overall frequencies {base_loss / n:.4f}")
    print("score band      positions  predicted W/D/L %     observed W/D/L %")
    for band in bands:
        k, pw, pd, pl, w, d, l = rows[band]
        if k:
            print(f"[{band[0]:6d},{band[1]:6d}) {k:9d}  {100 * pw / k:5.1f} {100 * pd / k:5.1f} {100 * pl / k:5.1f}"
                  f"    {100 * w / k:5.1f} {100 * d / k:5.1f} {100 * l / k:5.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--bin", type=int, default=5, help="score bin in centipawns")
    parser.add_argument("--max-score", type=int, default=1500)
    parser.add_argument("--min-positions", type=int, default=2000,
                        help="fewest positions a material count needs to be fitted")
    parser.add_argument("--hold-out", type=int, default=10,
                        help="every N-th game is kept out of the fit and used to check it (0: none)")
    parser.add_argument("--min-material", type=int, default=10,
                        help="smallest material count fitted (below it, few positions and tablebase territory)")
    args = parser.parse_args()

    counts, held, positions = count(args.files, args.bin, args.max_score, args.hold_out)
    print(f"positions: {positions}")
    xs, a_s, b_s, ws = [], [], [], []
    print("material positions      a      b")
    for m in sorted(counts):
        cells = counts[m]
        n = sum(sum(c) for c in cells.values())
        if n < args.min_positions or m < args.min_material:
            continue
        a, b = fit_bucket(cells, args.bin)
        print(f"{m:8d} {n:9d} {a:6.1f} {b:6.1f}")
        xs.append(m / MATERIAL_SCALE)
        a_s.append(a)
        b_s.append(b)
        ws.append(n)
    pa = fit_cubic(xs, a_s, ws)
    pb = fit_cubic(xs, b_s, ws)
    fmt = lambda cs: ", ".join(f"{c:.3f}" for c in cs)
    print(f"a(x) cubic, x = material / {MATERIAL_SCALE:.0f}, highest power first: [{fmt(pa)}]")
    print(f"b(x) cubic: [{fmt(pb)}]")
    if args.hold_out:
        check(held, args.bin, pa, pb, args.min_material)
    print()
    print(f"const A: [f64; 4] = [{fmt(pa)}];")
    print(f"const B: [f64; 4] = [{fmt(pb)}];")


if __name__ == "__main__":
    sys.exit(main())
