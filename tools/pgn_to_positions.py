#!/usr/bin/env python3
"""Turns engine games (PGN) into Texel-tuning positions: one line `FEN | result` per position,
result 1.0 / 0.5 / 0.0 from White's point of view.

Skipped, because their static evaluation says little about the game's result:
  * the first --skip-plies plies after the start position or the game's FEN (book moves);
  * positions with the side to move in check (the evaluation assumes a quiet position);
  * positions where the engine's comment on the move played from them reports a mate score
    (the game is decided by search, not by the evaluation's terms);
  * with --quiet (the default): positions reached by a capture, a promotion or a check, whose
    value depends on the exchange still running.
Games without a decisive or drawn result (`*`) are skipped. Positions are written in game order,
so that a tuner can hold out the file's tail as whole games.

With --scores, a third field gives the engine's search score of the position in centipawns from
White's point of view (`FEN | result | score`), read from the comment on the move played from it;
the tuner can blend it into its targets (`--lambda`). Positions without a score comment keep
two fields.

Needs python-chess. Usage:
    python3 tools/pgn_to_positions.py games.pgn [more.pgn ...] -o positions.txt
"""

import argparse
import re
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}
# fastchess and cutechess-cli write `{+M5/13 0.012s}` or `{-M3/24 ...}` for mate scores.
MATE_COMMENT = re.compile(r"^\s*[+-]?M\d+")
# ... and `{+0.35/12 0.412s}` for a score in pawns, from the mover's point of view.
SCORE_COMMENT = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)/\d+")


def white_score(comment, turn):
    """The centipawn score in a move comment, turned to White's view; None if absent."""
    match = SCORE_COMMENT.match(comment or "")
    if match is None:
        return None
    cp = round(float(match.group(1)) * 100)
    return cp if turn == chess.WHITE else -cp


def positions_of(game, skip_plies, quiet_only):
    """Yields (FEN, White's search score or None) for one game's usable positions."""
    board = game.board()
    ply = 0
    last_move_noisy = False
    for node in game.mainline():
        move = node.move
        usable = (
            ply >= skip_plies
            and not board.is_check()
            and not MATE_COMMENT.match(node.comment or "")
            and not (quiet_only and last_move_noisy)
        )
        if usable:
            yield board.fen(), white_score(node.comment, board.turn)
        last_move_noisy = (
            board.is_capture(move) or move.promotion is not None or board.gives_check(move)
        )
        board.push(move)
        ply += 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+", help="PGN files to read")
    parser.add_argument("-o", "--out", required=True, help="output file (`FEN | result` lines)")
    parser.add_argument("--skip-plies", type=int, default=8, help="plies skipped at the start")
    parser.add_argument(
        "--all", dest="quiet", action="store_false",
        help="keep positions reached by captures, promotions and checks",
    )
    parser.add_argument(
        "--scores", action="store_true",
        help="add the engine's search score (cp, White's view) as a third field",
    )
    args = parser.parse_args(argv)

    games = kept = positions = 0
    with open(args.out, "w", encoding="ascii") as out:
        for path in args.pgn:
            with open(path, encoding="utf-8", errors="replace") as pgn:
                while (game := chess.pgn.read_game(pgn)) is not None:
                    result = RESULTS.get(game.headers.get("Result", "*"))
                    games += 1
                    if result is None or game.errors:
                        continue
                    kept += 1
                    for fen, score in positions_of(game, args.skip_plies, args.quiet):
                        if args.scores and score is not None:
                            out.write(f"{fen} | {result} | {score}\n")
                        else:
                            out.write(f"{fen} | {result}\n")
                        positions += 1
    print(f"{games} games read, {kept} used, {positions} positions written", file=sys.stderr)


if __name__ == "__main__":
    main()
