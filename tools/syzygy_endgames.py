#!/usr/bin/env python3
"""Plays set endgames against Stockfish, with and without tablebases for Tsubame.

Scenarios (positions drawn with a fixed seed from the tables, so every run plays the same):
  KQvK, KRvK, KBNvK, KRPvKR won  -- Tsubame must mate, within the fifty-move rule;
  KRPvKR, KRvKB drawn            -- Tsubame defends and must not lose.
Stockfish defends the wins with the tables (perfect defence) and attacks the draws without
them (with them it sees the draw and trades down at once; without, it plays on for a win,
which is the test of the defence). A game ends at mate,
stalemate, insufficient material, the fifty-move rule (100 plies without a capture or pawn
move), threefold repetition, or 400 plies.

    python3 tools/syzygy_endgames.py --engine target/release/tsubame \
        --tables /path/to/syzygy --stockfish /usr/games/stockfish --per-scenario 2

The tables folder must hold KRPvKR and the tables it converts into (the 3-4 piece set plus
KRPvKR, KQRvKR, KRRvKR, KRBvKR, KRNvKR). Needs python-chess (`pip install chess`).
"""

import argparse
import random

import chess
import chess.engine
import chess.syzygy

# name, Tsubame's material, the defender's, Tsubame to win?, DTZ range of the start (win
# scenarios, from the winner's side) or None (draw scenarios)
SCENARIOS = [
    ("KQvK win", "KQ", "K", True, (10, 30)),
    ("KRvK win", "KR", "K", True, (20, 40)),
    ("KBNvK win", "KBN", "K", True, (40, 70)),
    ("KRPvKR win", "KRP", "KR", True, (10, 40)),
    ("KRPvKR draw", "KR", "KRP", False, None),
    ("KRvKB draw", "KB", "KR", False, None),
]

LETTERS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
           "N": chess.KNIGHT, "P": chess.PAWN}


def place(rng, ours, theirs, us):
    """Random legal position, `us` to move, with the material given."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(ours) + len(theirs))
        ok = True
        for color, side in ((us, ours), (not us, theirs)):
            for letter in side:
                sq = squares.pop()
                if letter == "P" and chess.square_rank(sq) in (0, 7):
                    ok = False
                board.set_piece_at(sq, chess.Piece(LETTERS[letter], color))
        board.turn = us
        if ok and board.is_valid() and not board.is_check():
            return board


def hard_kr_defence(board, us):
    """Against a lone rook: our king on the edge with the other king close, and no piece of
    either side attacked (so the game is not settled by a skewer or fork at once)."""
    ours, theirs = board.king(us), board.king(not us)
    on_edge = chess.square_rank(ours) in (0, 7) or chess.square_file(ours) in (0, 7)
    close = chess.square_distance(ours, theirs) <= 2
    attacked = any(board.is_attacked_by(not board.color_at(sq), sq)
                   for sq in chess.SquareSet(board.occupied) if board.piece_type_at(sq) != chess.KING)
    return on_edge and close and not attacked and not forks_at_once(board)


def forks_at_once(board):
    """Whether the side to move has a check that also attacks a piece (wins it at once)."""
    for move in board.legal_moves:
        board.push(move)
        fork = board.is_check() and any(
            board.is_attacked_by(not board.turn, sq)
            for sq in chess.SquareSet(board.occupied_co[board.turn])
            if board.piece_type_at(sq) != chess.KING)
        board.pop()
        if fork:
            return True
    return False


def start_position(rng, tb, scenario):
    """A start with the scenario's value, where the first move matters."""
    _, ours, theirs, to_win, dtz_range = scenario
    while True:
        us = rng.choice((chess.WHITE, chess.BLACK))
        board = place(rng, ours, theirs, us)
        if any(board.is_capture(m) for m in board.legal_moves):
            continue
        wdl = tb.probe_wdl(board)
        if to_win:
            if wdl == 2 and dtz_range[0] <= tb.probe_dtz(board) <= dtz_range[1]:
                return board
        elif wdl == 0:
            if theirs == "KR" and not hard_kr_defence(board, us):
                continue
            # Drawn, and at least a third of the moves lose: the defence must choose.
            losing = 0
            for m in board.legal_moves:
                board.push(m)
                losing += tb.probe_wdl(board) == 2
                board.pop()
            if losing * 3 >= board.legal_moves.count():
                return board


def play(board, tsubame, stockfish, args):
    """Plays out from `board` (Tsubame to move). Returns (result for Tsubame, plies, reason)."""
    us = board.turn
    plies = 0
    while True:
        if board.is_checkmate():
            return ("loss" if board.turn == us else "win"), plies, "mate"
        if board.is_stalemate() or board.is_insufficient_material():
            return "draw", plies, "stalemate/material"
        if board.halfmove_clock >= 100:
            return "draw", plies, "fifty-move rule"
        if board.is_repetition(3):
            return "draw", plies, "repetition"
        if plies >= 400:
            return "draw", plies, "400 plies"
        player = tsubame if board.turn == us else stockfish
        movetime = args.movetime if board.turn == us else args.sf_movetime
        move = player.play(board, chess.engine.Limit(time=movetime)).move
        board.push(move)
        plies += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tsubame")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--tables", required=True)
    ap.add_argument("--per-scenario", type=int, default=2)
    ap.add_argument("--movetime", type=float, default=0.2, help="Tsubame's seconds per move")
    ap.add_argument("--sf-movetime", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--modes", default="with,without")
    ap.add_argument("--only", default="", help="play only scenarios whose name contains this")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    with chess.syzygy.open_tablebase(args.tables) as tb:
        starts = [(s, [start_position(rng, tb, s) for _ in range(args.per_scenario)])
                  for s in SCENARIOS]
    starts = [(s, boards) for s, boards in starts if args.only in s[0]]
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=120)
    stockfish.configure({"SyzygyPath": args.tables, "Threads": 1, "Hash": 16})
    attacker = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=120)
    attacker.configure({"Threads": 1, "Hash": 16})
    try:
        for mode in args.modes.split(","):
            tsubame = chess.engine.SimpleEngine.popen_uci(args.engine, timeout=120)
            tsubame.configure({"SyzygyPath": args.tables if mode == "with" else "<empty>"})
            for scenario, boards in starts:
                name, _, _, to_win, _ = scenario
                for board in boards:
                    fen = board.fen()
                    tsubame.protocol.send_line("ucinewgame")
                    opponent = stockfish if to_win else attacker
                    result, plies, reason = play(board.copy(), tsubame, opponent, args)
                    ok = result == "win" if to_win else result != "loss"
                    print(f"{mode:7} tables | {name:12} | {'PASS' if ok else 'FAIL'} | {result} "
                          f"in {plies} plies ({reason}) | {fen}", flush=True)
            tsubame.quit()
    finally:
        stockfish.quit()
        attacker.quit()


if __name__ == "__main__":
    main()
