"""Time used per move, read from the move comments of match PGNs.

Two notations are understood:
- the seconds a move took, as fastchess, cutechess-cli and most match runners write after
  every engine move: `{+0.35/12 0.412s}` (fastchess may add `, tl=4.321s`, the clock left);
- the clock left after the move, `{[%clk 0:01:23.4]}`, as lichess and many GUIs write it:
  the time used is the clock before the move, minus this, plus the increment (from the
  TimeControl tag, `base+inc` in seconds).
Book moves (no comment, or fastchess's `{book}`) have no time and are skipped.
"""

import re
from typing import NamedTuple, Optional

import chess.pgn

SECONDS_RE = re.compile(r"(?<![=\w.])(\d+(?:\.\d+)?)s\b")  # 0.412s, but not tl=4.321s
TL_RE = re.compile(r"\btl=(\d+(?:\.\d+)?)s\b")  # fastchess's clock left after the move
CLK_RE = re.compile(r"\[%clk\s+(\d+):(\d+):(\d+(?:\.\d+)?)\]")
TC_RE = re.compile(r"(?:(\d+)/)?([\d.]+)(?:\+([\d.]+))?")


def parse_tc(tc):
    """(base seconds, increment seconds, moves per period or None) of a PGN TimeControl
    such as `10+0.1`, `40/120` or `40/120+1`; None when it is none of these."""
    m = TC_RE.fullmatch(tc or "")
    if not m:
        return None
    per, base, inc = m.groups()
    return float(base), float(inc or 0), int(per) if per else None


def read_games(path):
    """Every game of a PGN file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            yield game


class TimedMove(NamedTuple):
    """One engine move with the time it took."""

    engine: str
    move_number: int
    seconds: float
    forced: bool  # the mover had exactly one legal move
    clock_left: Optional[float]  # seconds on the mover's clock after it, when the PGN says
    ply: int  # the game ply before the move (0: White's first move of a game from move 1)


def moves_with_time(game):
    """Yields a TimedMove for every timed move of a game."""
    names = {chess.WHITE: game.headers.get("White", "?"), chess.BLACK: game.headers.get("Black", "?")}
    tc = parse_tc(game.headers.get("TimeControl"))
    clock = {}  # side -> clock before its next move, from %clk comments
    board = game.board()
    for node in game.mainline():
        side, comment = board.turn, node.comment or ""
        seconds, left = None, None
        found = SECONDS_RE.search(comment)
        if found:
            seconds = float(found.group(1))
            tl = TL_RE.search(comment)
            left = float(tl.group(1)) if tl else None
        else:
            clk = CLK_RE.search(comment)
            if clk:
                left = int(clk.group(1)) * 3600 + int(clk.group(2)) * 60 + float(clk.group(3))
                inc = tc[1] if tc else 0.0
                before = clock.get(side, tc[0] if tc else None)
                if before is not None:
                    seconds = max(0.0, before - left + inc)
                clock[side] = left
        if seconds is not None:
            forced = board.legal_moves.count() == 1
            yield TimedMove(names[side], board.fullmove_number, seconds, forced, left, board.ply())
        board.push(node.move)
