#!/usr/bin/env python3
"""Regenerate perft-data/{standard,tricky,chess960}.epd.

Positions: hand-picked ones (well-known perft positions and small constructed cases), plus
positions taken from seeded random playouts (from the start position, from
tools/matches/openings/balanced-8ply.epd and from Chess960 starts) and from seeded random
placements, kept only when python-chess finds a wanted feature in them (en passant pinned
horizontally, double check, castling through an attacked square, ...). Every count comes from
Stockfish `go perft`; D1..D3 are recounted with python-chess as a second oracle.

Depth rule: add depths while the last count is below 1M nodes (at most D7); a depth whose count
exceeds 50M is dropped again. Mated and stalemated positions get D1 0 ;D2 0. standard.epd keeps
the well-known depths of the chessprogramming-wiki "Perft Results" page instead.

Usage (from the repository root; needs python-chess and Stockfish, about a minute on 2 cores):
    python3 tools/gen_perft_suites.py [--stockfish PATH] [--seed N]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import random
import sys
import time

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_perft_data import StockfishPool, pychess_counts  # noqa: E402

OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "matches", "openings", "balanced-8ply.epd")
MIN_NODES, DROP_NODES, MAX_DEPTH = 1_000_000, 50_000_000, 7

# Quotas: how many generated positions to keep per feature (first feature still short wins).
TRICKY_QUOTAS = {
    "ep_pin_horizontal": 8, "ep_pin_diagonal": 5, "ep_pin_vertical": 2,
    "ep_evasion": 8, "ep_not_evading": 4, "ep_gives_check": 5, "ep_legal": 10,
    "promo_capture": 8, "promo_in_check": 6, "underpromo_check": 6, "promo_check": 4,
    "castle_attacked_transit": 8, "castle_in_check": 6, "castle_b_attacked": 5,
    "castle_legal": 4, "double_check": 8, "mate": 6, "stalemate": 6, "many_pins": 6,
}
CHESS960_QUOTAS = {
    "rook_on_king_dest": 8, "king_on_dest": 6, "rook_in_king_path": 6, "king_rook_adjacent": 8,
    "king_bg": 8, "castle_shield": 3, "castle_attacked": 8, "castle_in_check": 5,
    "castle_legal_a": 8, "castle_legal_h": 8, "partial_rights": 10, "castle_blocked": 4,
}

# Well-known positions; a depth fixes the deepest count (the published depth), None applies
# the usual depth rule.
STANDARD = [
    ("chessprogramming-wiki \"Perft Results\" positions 1-6 (position 4 also mirrored)", [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
        ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5),
    ]),
    ("other often-quoted positions", [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", None),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", None),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", None),
        ("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", None),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", None),
        ("rnbqkb1r/pp1p1ppp/2p5/4P3/2B5/8/PPP1NnPP/RNBQK2R w KQkq - 0 6", None),
        ("r3k2r/8/8/8/3pPp2/8/8/R3K1RR b KQkq e3 0 1", None),
        ("8/7p/p5pb/4k3/P1pPn3/8/P5PP/1rB2RK1 b - d3 0 28", None),
        ("1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", None),
    ]),
]

# Hand-made special cases for tricky.epd; each group is also written with colours mirrored.
TRICKY_HAND = [
    ("en passant: illegal because both pawns leave the rank (horizontal pin), or the capturing "
     "pawn is pinned", [
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
        "4K3/8/8/8/R3pP1k/8/8/8 b - f3 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
        "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
        "7b/8/8/3pP3/8/8/1K6/7k w - d6 0 1",
        "7b/8/8/4Pp2/8/8/1K6/7k w - f6 0 1",
        "4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    ]),
    ("en passant: evasion of a pawn check, check that ep cannot answer, ep giving check", [
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "8/8/8/8/2pPk3/8/8/4K3 b - d3 0 1",
        "2b4k/8/8/3pP3/8/7K/8/8 w - d6 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "8/8/8/6k1/3Pp3/8/8/2B1K3 b - d3 0 1",
    ]),
    ("promotions and under-promotions: out of check, giving check, with capture", [
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
        "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
        "1r2k2r/P7/8/8/8/8/8/4K3 w k - 0 1",
        "3r1r2/4P3/8/8/8/8/8/k3K3 w - - 0 1",
        "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
    ]),
    ("castling: gives check, transit attacked, out of check, rook attacked, b-file attacked", [
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1",
        "r3k2r/8/8/8/4R3/8/8/R3K3 b Qkq - 0 1",
        "r3k2r/8/8/8/4b3/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/6n1/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
        "rn2k2r/8/8/8/8/8/8/R3K1NR w Kkq - 0 1",
    ]),
    ("double check (only king moves), discovered check", [
        "4r1k1/8/8/8/1b6/8/8/4K3 w - - 0 1",
        "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
        "k4r2/8/8/8/8/6n1/8/4RK2 w - - 0 1",
    ]),
    ("checkmate and stalemate (perft 1 = 0), and positions full of them", [
        "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
        "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
        "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
        "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",
        "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
    ]),
    ("many pinned pieces (on ranks, files and diagonals)", [
        "q3r1k1/7b/4N3/3B1P2/r2PKR1r/3NR3/8/1b2q3 w - - 0 1",
        "k3r3/8/b7/8/4P1b1/3N1B2/4K1Rr/8 w - - 0 1",
    ]),
]


def castle_rights_of(board: chess.Board, color: chess.Color):
    """(rook square, h-side?, path clear?, legal now?) for each castling right of `color`."""
    king = board.king(color)
    back = chess.BB_RANK_1 if color == chess.WHITE else chess.BB_RANK_8
    rights = board.clean_castling_rights() & back
    castles = list(board.generate_castling_moves()) if color == board.turn else []
    out = []
    for rook in chess.scan_forward(rights):
        h_side = chess.square_file(rook) > chess.square_file(king)
        rank = chess.square_rank(king)
        kdest = chess.square(6 if h_side else 2, rank)
        rdest = chess.square(5 if h_side else 3, rank)
        path = (chess.between(king, kdest) | chess.BB_SQUARES[kdest]
                | chess.between(rook, rdest) | chess.BB_SQUARES[rdest])
        path &= ~(chess.BB_SQUARES[king] | chess.BB_SQUARES[rook])
        legal = any(board.is_kingside_castling(m) == h_side for m in castles)
        out.append((rook, king, kdest, h_side, not path & board.occupied, legal))
    return out


def features_std(board: chess.Board) -> set[str]:
    """Names of the special cases present in a standard-chess position."""
    feats: set[str] = set()
    us, them = board.turn, not board.turn
    legal = list(board.legal_moves)
    if not legal:
        feats.add("mate" if board.is_check() else "stalemate")
    if len(board.checkers()) >= 2:
        feats.add("double_check")
    if board.ep_square is not None:
        pushed = board.ep_square + (-8 if us == chess.WHITE else 8)
        for move in board.generate_pseudo_legal_ep():
            if move in legal:
                feats.add("ep_legal")
                if board.is_check() and pushed in board.checkers():
                    feats.add("ep_evasion")
                if board.gives_check(move):
                    feats.add("ep_gives_check")
                if board.is_pinned(us, move.from_square):
                    feats.add("ep_pin_diagonal")
            elif board.is_check():
                feats.add("ep_not_evading")
            elif board.is_pinned(us, move.from_square):
                king = board.king(us)
                if chess.square_file(king) == chess.square_file(move.from_square):
                    feats.add("ep_pin_vertical")
                elif chess.square_rank(king) == chess.square_rank(move.from_square):
                    feats.add("ep_pin_horizontal")
                else:
                    feats.add("ep_pin_diagonal")
            elif chess.square_rank(board.king(us)) == chess.square_rank(pushed):
                feats.add("ep_pin_horizontal")
    promos = [m for m in legal if m.promotion]
    if promos:
        if any(board.is_capture(m) for m in promos):
            feats.add("promo_capture")
        if board.is_check():
            feats.add("promo_in_check")
        checking = [m for m in promos if board.gives_check(m)]
        if any(m.promotion != chess.QUEEN for m in checking):
            feats.add("underpromo_check")
        if checking:
            feats.add("promo_check")
    b_square = chess.B1 if us == chess.WHITE else chess.B8
    for _rook, _k, _kd, h_side, clear, ok in castle_rights_of(board, us):
        if ok:
            feats.add("castle_legal")
            if not h_side and board.is_attacked_by(them, b_square):
                feats.add("castle_b_attacked")
        elif clear:
            feats.add("castle_in_check" if board.is_check() else "castle_attacked_transit")
    pinned = sum(1 for sq in chess.scan_forward(board.occupied_co[us])
                 if sq != board.king(us) and board.is_pinned(us, sq))
    if pinned >= 3:
        feats.add("many_pins")
    return feats


def features_960(board: chess.Board) -> set[str]:
    """Names of the Chess960 castling cases present in a position."""
    feats: set[str] = set()
    n_rights = chess.popcount(board.clean_castling_rights())
    if 0 < n_rights < 4:
        feats.add("partial_rights")
    for color in (chess.WHITE, chess.BLACK):
        for rook, king, kdest, h_side, clear, ok in castle_rights_of(board, color):
            if abs(chess.square_file(rook) - chess.square_file(king)) == 1:
                feats.add("king_rook_adjacent")
            if chess.square_file(king) in (1, 6):
                feats.add("king_bg")
            if rook == kdest:
                feats.add("rook_on_king_dest")
            if king == kdest:
                feats.add("king_on_dest")
            if chess.between(king, kdest) & chess.BB_SQUARES[rook]:
                feats.add("rook_in_king_path")
            if color != board.turn:
                continue
            if ok:
                feats.add("castle_legal_h" if h_side else "castle_legal_a")
            elif not clear:
                feats.add("castle_blocked")
            elif board.is_check():
                feats.add("castle_in_check")
            else:
                walk = chess.between(king, kdest) | chess.BB_SQUARES[kdest]
                if any(board.is_attacked_by(not color, sq) for sq in chess.scan_forward(walk)):
                    feats.add("castle_attacked")
                else:
                    feats.add("castle_shield")
    return feats


# Hand-made Chess960 castling cases (Shredder-FEN); also written with colours mirrored.
CHESS960_HAND = [
    "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1",
    "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
    "4k3/8/8/8/8/8/8/6KR w H - 0 1",
    "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
    "4k3/8/8/8/8/8/8/1K1R4 w D - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w BGbg - 0 1",
    "7k/8/8/8/8/8/8/R1K5 w A - 0 1",
    "4k3/8/8/8/8/8/8/RK1n4 w A - 0 1",
    "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
    "7k/8/8/8/8/8/8/4RK2 w E - 0 1",
    "7k/8/8/8/8/8/8/RK4r1 w A - 0 1",
    "2r1k3/8/8/8/8/8/8/1RK4R w BH - 0 1",
    "4k3/8/8/8/8/8/8/1b1RKR2 w DF - 0 1",
]


def fen_of(board: chess.Board, chess960: bool = False, ep: str = "xfen") -> str:
    if chess960:
        return board.fen(shredder=True, en_passant=ep)
    return board.fen(en_passant=ep)


def valid(board: chess.Board) -> bool:
    """python-chess validity plus material that promotions can explain."""
    if not board.is_valid():
        return False
    for color in (chess.WHITE, chess.BLACK):
        extra = len(board.pieces(chess.PAWN, color))
        for kind, usual in ((chess.QUEEN, 1), (chess.ROOK, 2), (chess.BISHOP, 2),
                            (chess.KNIGHT, 2)):
            extra += max(0, len(board.pieces(kind, color)) - usual)
        if extra > 8:
            return False
    return True


def weighted_move(board: chess.Board, rng: random.Random, style: str) -> chess.Move:
    """A random legal move; `style` biases it towards captures/checks or a clear back rank."""
    moves = list(board.legal_moves)
    if style == "uniform":
        return rng.choice(moves)
    weights = []
    for move in moves:
        piece = board.piece_type_at(move.from_square)
        w = 1.0
        if board.is_capture(move):
            w *= 3.0
        if move.promotion:
            w *= 4.0
        if style == "sharp" and board.gives_check(move):
            w *= 2.0
        if style == "960":
            back = chess.square_rank(move.from_square) in (0, 7)
            if piece == chess.KING:
                w *= 0.6 if board.is_castling(move) else 0.1
            elif piece == chess.ROOK:
                w *= 0.25
            elif back:
                w *= 4.0
        if piece == chess.PAWN and style == "sharp":
            w *= 1.5
        weights.append(w)
    return rng.choices(moves, weights)[0]


def playouts(rng: random.Random, starts: list[chess.Board], count: int, plies: tuple[int, int],
             style: str):
    """Yield every position along `count` seeded playouts from random starts."""
    for _ in range(count):
        board = rng.choice(starts).copy(stack=False)
        for _ in range(rng.randint(*plies)):
            if board.is_game_over(claim_draw=False):
                break
            board.push(weighted_move(board, rng, style))
            yield board


DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def random_placement(rng: random.Random, template: str) -> chess.Board | None:
    """A random sparse position built around `template` (ep, promo, castle, free)."""
    board = chess.Board(None)
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    us, them = board.turn, not board.turn
    reserved: set[int] = set()
    if template == "ep":
        file = rng.randrange(8)
        rank5 = 4 if us == chess.WHITE else 3  # the rank the double-pushed pawn stands on
        pushed = chess.square(file, rank5)
        board.set_piece_at(pushed, chess.Piece(chess.PAWN, them))
        board.ep_square = chess.square(file, 5 if us == chess.WHITE else 2)
        reserved |= {board.ep_square, chess.square(file, 6 if us == chess.WHITE else 1)}
        for df in rng.sample([-1, 1], rng.randint(1, 2)):
            if 0 <= file + df < 8:
                board.set_piece_at(chess.square(file + df, rank5), chess.Piece(chess.PAWN, us))
        if rng.random() < 0.6:  # put our king on that rank to invite the horizontal pin
            free = [chess.square(f, rank5) for f in range(8) if not board.piece_at(chess.square(f, rank5))]
            board.set_piece_at(rng.choice(free), chess.Piece(chess.KING, us))
    elif template == "promo":
        rank7 = 6 if us == chess.WHITE else 1
        for file in rng.sample(range(8), rng.randint(1, 3)):
            board.set_piece_at(chess.square(file, rank7), chess.Piece(chess.PAWN, us))
    elif template == "castle":
        back = 0 if us == chess.WHITE else 7
        board.set_piece_at(chess.square(4, back), chess.Piece(chess.KING, us))
        sides = rng.choice([[0], [7], [0, 7], [0, 7]])
        for file in sides:
            board.set_piece_at(chess.square(file, back), chess.Piece(chess.ROOK, us))
            board.castling_rights |= chess.BB_SQUARES[chess.square(file, back)]
    elif template == "pins":
        # Our king with several of our pieces on lines to enemy sliders behind them.
        king = rng.choice(chess.SQUARES)
        board.set_piece_at(king, chess.Piece(chess.KING, us))
        for df, dr in rng.sample(DIRECTIONS, rng.randint(3, 5)):
            line = []
            f, r = chess.square_file(king) + df, chess.square_rank(king) + dr
            while 0 <= f < 8 and 0 <= r < 8:
                line.append(chess.square(f, r))
                f, r = f + df, r + dr
            if len(line) < 2 or any(board.piece_at(sq) for sq in line):
                continue
            i = rng.randrange(len(line) - 1)
            j = rng.randrange(i + 1, len(line))
            ours = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
            if ours == chess.PAWN and chess.square_rank(line[i]) in (0, 7):
                ours = chess.KNIGHT
            slider = chess.ROOK if df == 0 or dr == 0 else chess.BISHOP
            board.set_piece_at(line[i], chess.Piece(ours, us))
            board.set_piece_at(line[j], chess.Piece(rng.choice([slider, chess.QUEEN]), them))
    kinds = [chess.PAWN] * 4 + [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN] * 2
    for color in (chess.WHITE, chess.BLACK):
        if board.king(color) is None:
            empty = [s for s in chess.SQUARES if not board.piece_at(s) and s not in reserved]
            board.set_piece_at(rng.choice(empty), chess.Piece(chess.KING, color))
    for _ in range(rng.randint(0 if template == "pins" else 2, 7)):
        kind = rng.choice(kinds)
        color = rng.choice([us, them, them])
        empty = [s for s in chess.SQUARES if not board.piece_at(s) and s not in reserved
                 and not (kind == chess.PAWN and chess.square_rank(s) in (0, 7))]
        board.set_piece_at(rng.choice(empty), chess.Piece(kind, color))
    return board if valid(board) else None


def pick(candidates, quotas: dict[str, int], feature_fn, chosen: dict[str, tuple[str, str]],
         fen_fn) -> None:
    """Keep candidates that fill a still-short quota; `chosen` maps FEN key -> (group, fen)."""
    for board in candidates:
        if all(n <= 0 for n in quotas.values()):
            return
        if not valid(board):
            continue
        feats = feature_fn(board)
        for name in quotas:
            if name in feats and quotas[name] > 0:
                fen = fen_fn(board)
                key = " ".join(fen.split()[:4])
                if key not in chosen:
                    chosen[key] = (name, fen)
                    quotas[name] -= 1
                break


def depths_for(pool: StockfishPool, fen: str, fixed: int | None) -> list[tuple[int, int]]:
    """(depth, count) pairs by the depth rule, or D1..`fixed` when a depth is given."""
    engine = pool.get()
    counts = []
    for depth in range(1, (fixed or MAX_DEPTH) + 1):
        n = engine.perft(fen, depth)
        if fixed is None and n > DROP_NODES and depth > 2:
            break
        counts.append((depth, n))
        if fixed is None and (n == 0 and depth >= 2 or n >= MIN_NODES):
            break
    return counts


HEADER = """# Tsubame perft suite: {title}
# Format: FEN ;D1 n ;D2 n ... (leaf counts of perft at each depth); '#' starts a comment line.
# {mode}
# Counts from Stockfish 15.1 `go perft`{sf960}; D1..D3 recounted with python-chess 1.11.
# Re-check:   python3 tools/check_perft_data.py perft-data/{name} [--max-nodes N]
# Regenerate: python3 tools/gen_perft_suites.py
"""


def write_suite(path: str, title: str, chess960: bool, groups: list[tuple[str, list[str]]],
                counts: dict[str, list[tuple[int, int]]]) -> int:
    mode = ("Chess960: castling rights in Shredder-FEN (rook files, HAha); run with UCI_Chess960."
            if chess960 else "Standard chess; castling rights in KQkq form.")
    lines = [HEADER.format(title=title, mode=mode, name=os.path.basename(path),
                           sf960=" with UCI_Chess960 true" if chess960 else "")]
    total = 0
    for comment, fens in groups:
        if not fens:
            continue
        lines.append(f"\n# {comment}\n")
        for fen in fens:
            lines.append(fen + "".join(f" ;D{d} {n}" for d, n in counts[fen]) + "\n")
            total += 1
    with open(path, "w", encoding="utf-8") as handle:
        handle.writelines(lines)
    return total


def build_tricky(rng: random.Random) -> list[tuple[str, list[str]]]:
    """(comment, FENs) groups of tricky.epd: hand-made, playouts, then feature search."""
    groups: list[tuple[str, list[str]]] = []
    seen: set[str] = set()

    def add(comment: str, fens: list[str]) -> None:
        kept = []
        for fen in fens:
            key = " ".join(fen.split()[:4])
            if key not in seen:
                seen.add(key)
                kept.append(fen)
        groups.append((comment, kept))

    for comment, fens in TRICKY_HAND:
        boards = [chess.Board(f) for f in fens]
        for b, f in zip(boards, fens):
            if not valid(b):
                raise SystemExit(f"hand-written FEN invalid: {f} ({b.status()!r})")
        add(comment, [fen_of(b, ep="fen") for b in boards])
        add(comment + " (colours mirrored)", [fen_of(b.mirror(), ep="fen") for b in boards])

    start = [chess.Board()]
    with open(OPENINGS, encoding="utf-8") as handle:
        openings = [chess.Board(line.strip()) for line in handle if line.strip()]
    plain = []
    for board in playouts(rng, start, 200, (10, 70), "uniform"):
        if rng.random() < 0.02 and len(plain) < 20 and not board.is_game_over():
            plain.append(fen_of(board))
    add("uniform random playouts from the start position", plain)
    plain = []
    for board in playouts(rng, openings, 200, (4, 50), "sharp"):
        if rng.random() < 0.02 and len(plain) < 20 and not board.is_game_over():
            plain.append(fen_of(board))
    add("semi-random playouts (captures, checks, pawn pushes preferred) from balanced-8ply",
        plain)
    fen_ep = []
    for board in playouts(rng, openings, 100, (1, 30), "uniform"):
        if board.ep_square is not None and len(fen_ep) < 6 and rng.random() < 0.3:
            fen_ep.append(fen_of(board, ep="fen"))
    add("en passant square written after a double push even where no pawn can capture", fen_ep)

    quotas = dict(TRICKY_QUOTAS)
    chosen: dict[str, tuple[str, str]] = {k: ("", "") for k in seen}
    pick(playouts(rng, openings + start, 3000, (4, 90), "sharp"), quotas, features_std, chosen,
         fen_of)
    templates = ["ep", "ep", "ep", "promo", "castle", "pins", "free"]
    synthetic = (b for b in (random_placement(rng, rng.choice(templates)) for _ in range(400_000))
                 if b is not None)
    pick(synthetic, quotas, features_std, chosen, fen_of)
    short = {k: v for k, v in quotas.items() if v > 0}
    if short:
        print(f"tricky: quotas left unfilled: {short}", file=sys.stderr)
    by_feature: dict[str, list[str]] = {}
    for name, fen in chosen.values():
        if name:
            by_feature.setdefault(name, []).append(fen)
    for name in TRICKY_QUOTAS:
        add(f"found by feature search (playouts, then random placements): {name}",
            by_feature.get(name, []))
    return groups


def build_960(rng: random.Random) -> list[tuple[str, list[str]]]:
    """(comment, FENs) groups of chess960.epd: numbered starts, hand-made, feature search."""
    numbers = sorted(set(range(0, 960, 24)) | {518, 959, 1, 2, 3})
    starts = [chess.Board.from_chess960_pos(n) for n in numbers]
    groups = [("Chess960 start positions, numbers " + " ".join(map(str, numbers)),
               [fen_of(b, True) for b in starts])]
    hand = [chess.Board(f, chess960=True) for f in CHESS960_HAND]
    for board, fen in zip(hand, CHESS960_HAND):
        if not valid(board):
            raise SystemExit(f"hand-written FEN invalid: {fen} ({board.status()!r})")
    groups.append(("hand-made castling cases: rook shields the king's target, king and rook "
                   "adjacent or swapping, king already on its target, rook in the king's path",
                   [fen_of(b, True) for b in hand]))
    groups.append(("the same, colours mirrored", [fen_of(b.mirror(), True) for b in hand]))
    all_starts = [chess.Board.from_chess960_pos(n) for n in range(960)]
    quotas = dict(CHESS960_QUOTAS)
    chosen: dict[str, tuple[str, str]] = {}
    pick(playouts(rng, all_starts, 6000, (4, 40), "960"), quotas, features_960, chosen,
         lambda b: fen_of(b, True))
    short = {k: v for k, v in quotas.items() if v > 0}
    if short:
        print(f"chess960: quotas left unfilled: {short}", file=sys.stderr)
    by_feature: dict[str, list[str]] = {}
    for name, fen in chosen.values():
        by_feature.setdefault(name, []).append(fen)
    for name in CHESS960_QUOTAS:
        groups.append((f"after random moves from Chess960 starts: {name}",
                       by_feature.get(name, [])))
    return groups


def count_all(stockfish: str, path: str, chess960: bool, groups, fixed: dict[str, int],
              jobs: int) -> dict[str, list[tuple[int, int]]]:
    """Stockfish counts for every FEN of `groups`, D1..D3 confirmed by python-chess."""
    fens = [fen for _, fs in groups for fen in fs]
    pool = StockfishPool(stockfish, chess960)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as executor:
            results = list(executor.map(lambda f: depths_for(pool, f, fixed.get(f)), fens))
    finally:
        pool.close()
    counts = dict(zip(fens, results))
    work = [(f, chess960, [(d, n) for d, n in counts[f] if d <= 3]) for f in fens]
    with multiprocessing.Pool(jobs) as mp:
        for fen, res in zip(fens, mp.map(pychess_counts, work)):
            for depth, sf, pc in res:
                if sf != pc:
                    raise SystemExit(f"{path}: {fen} D{depth}: stockfish {sf}, python-chess {pc}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="perft-data")
    args = parser.parse_args()
    started = time.monotonic()

    std_groups = [(c, [fen for fen, _ in items]) for c, items in STANDARD]
    fixed = {fen: d for _, items in STANDARD for fen, d in items if d}
    suites = [
        ("standard.epd", "well-known perft positions", False, std_groups, fixed),
        ("tricky.epd", "special cases and positions from random playouts", False,
         build_tricky(random.Random(args.seed)), {}),
        ("chess960.epd", "Chess960 starts and positions after random moves", True,
         build_960(random.Random(args.seed + 1)), {}),
    ]
    print(f"positions built in {time.monotonic() - started:.1f}s")
    for name, title, chess960, groups, fixed_depths in suites:
        path = os.path.join(args.out, name)
        counts = count_all(args.stockfish, path, chess960, groups, fixed_depths, args.jobs)
        n = write_suite(path, title, chess960, groups, counts)
        print(f"{path}: {n} positions ({time.monotonic() - started:.1f}s)")


if __name__ == "__main__":
    main()
