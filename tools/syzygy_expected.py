#!/usr/bin/env python3
"""Writes tablebase answers from python-chess's Syzygy prober, to check Tsubame's probes against.

For every material signature with both a WDL and a DTZ table in TABLES, draws random legal
positions (pieces placed at random, side to move at random, some with an en-passant capture
possible, some with a fifty-move counter) and asks python-chess (an implementation written
independently of Fathom/Pyrrhic) for WDL and DTZ. Each output line is

    FEN;WDL;DTZ;VERDICT50

WDL and DTZ as python-chess gives them (the fifty-move counter taken as zero); VERDICT50 the
value with the FEN's counter applied (-2..2: a win whose zeroing comes after move 100 of the
count is a cursed win, 1). `cargo test -p syzygy` reads `testdata/syzygy-expected.txt`; a
larger file, for tables outside the repository, is read from TSUBAME_SYZYGY_EXPECTED.

    pip install chess
    python3 tools/syzygy_expected.py testdata/syzygy 100 > testdata/syzygy-expected.txt
    python3 tools/syzygy_expected.py /path/to/tables 1000 > /tmp/expected-big.txt
"""

import argparse
import os
import random
import sys

import chess
import chess.syzygy

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
          "N": chess.KNIGHT, "P": chess.PAWN}


def signatures(folder):
    names = {f[:-5] for f in os.listdir(folder) if f.endswith(".rtbw")}
    return sorted(n for n in names if os.path.exists(os.path.join(folder, n + ".rtbz")))


def random_position(rng, signature):
    """A legal position of this material (either colour may hold the stronger side)."""
    strong, weak = signature.split("v")
    if rng.random() < 0.5:
        strong, weak = weak, strong
    while True:
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        ok = True
        # Half the positions with pawns on both sides start with two pawns side by side on
        # the fourth or fifth rank, so that an en-passant capture can be set up.
        placed = {}
        if "P" in strong and "P" in weak and rng.random() < 0.5:
            file = rng.randrange(8)
            other = file + rng.choice((-1, 1)) if 0 < file < 7 else (1 if file == 0 else 6)
            rank = rng.choice((3, 4))
            placed = {chess.WHITE: chess.square(file, rank), chess.BLACK: chess.square(other, rank)}
            for sq in placed.values():
                squares.remove(sq)
        for color, side in ((chess.WHITE, strong), (chess.BLACK, weak)):
            for letter in side:
                sq = placed.pop(color) if letter == "P" and color in placed else squares.pop()
                if letter == "P" and chess.square_rank(sq) in (0, 7):
                    ok = False
                board.set_piece_at(sq, chess.Piece(PIECES[letter], color))
        if not ok:
            continue
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if placed:
            continue
        if board.is_valid():
            return board


def with_en_passant(rng, board):
    """The position with a pawn of the side not to move moved back two squares and pushed
    again, so that an en-passant capture is possible, if some pawn allows it."""
    mover = not board.turn
    for sq in rng.sample(list(board.pieces(chess.PAWN, mover)), len(board.pieces(chess.PAWN, mover))):
        step = 8 if mover == chess.WHITE else -8
        if chess.square_rank(sq) != (3 if mover == chess.WHITE else 4):
            continue
        start, middle = sq - 2 * step, sq - step
        if board.piece_at(start) or board.piece_at(middle):
            continue
        before = board.copy()
        before.remove_piece_at(sq)
        before.set_piece_at(start, chess.Piece(chess.PAWN, mover))
        before.turn = mover
        if not before.is_valid():
            continue
        before.push(chess.Move(start, sq))
        if before.has_legal_en_passant() and before.is_valid():
            return chess.Board(before.fen())
    return None


def verdict50(dtz, halfmove):
    """The value with the fifty-move counter applied, from DTZ (the Syzygy rule)."""
    if dtz > 0:
        return 2 if dtz + halfmove <= 100 else 1
    if dtz < 0:
        return -2 if -dtz + halfmove <= 100 else -1
    return 0


def main(folder, per_signature, seed):
    rng = random.Random(seed)
    counts = {}
    with chess.syzygy.open_tablebase(folder) as tb:
        for signature in signatures(folder):
            n = 0
            attempts = 0
            while n < per_signature and attempts < per_signature * 50:
                attempts += 1
                board = random_position(rng, signature)
                if signature.count("P") >= 2:
                    board = with_en_passant(rng, board) or board
                if board.is_checkmate() or board.is_stalemate():
                    continue
                # A third of the positions carry a fifty-move counter.
                if rng.random() < 0.33 and board.ep_square is None:
                    board.halfmove_clock = rng.randrange(1, 100)
                wdl = tb.probe_wdl(board)
                dtz = tb.probe_dtz(board)
                print(f"{board.fen()};{wdl};{dtz};{verdict50(dtz, board.halfmove_clock)}")
                n += 1
            counts[signature] = n
    for signature, n in counts.items():
        print(f"{signature}: {n} positions", file=sys.stderr)
    print(f"{len(counts)} signatures, {sum(counts.values())} positions", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tables", help="a folder of Syzygy WDL and DTZ files")
    parser.add_argument("per_signature", nargs="?", type=int, default=100,
                        help="positions per material signature (default 100)")
    parser.add_argument("seed", nargs="?", type=int, default=20261123,
                        help="the random generator's seed (default 20261123)")
    args = parser.parse_args()
    main(args.tables, args.per_signature, args.seed)
