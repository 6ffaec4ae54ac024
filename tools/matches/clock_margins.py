#!/usr/bin/env python3
"""Clock margins per engine from a match.py PGN.

Replays each side's clock from the per-move times in the PGN comments
({score/depth 0.412s}) and prints, per engine: moves, mean and max time per
move, the smallest clock left after a move, and how many moves ended with
less than 10% of the base time or 100 ms left. The time losses themselves are
in match.py's summary; this shows how close an engine came to one.

Usage: clock_margins.py GAME.pgn [...]
"""
import re
import sys
from collections import defaultdict

import chess.pgn

TIME_RE = re.compile(r"(\d+(?:\.\d+)?)s\b")


def parse_tc(tc):
    """Returns (base_s, inc_s, moves_per_period or None) for a match.py tc."""
    m = re.fullmatch(r"(?:(\d+)/)?([\d.:]+)(?:\+([\d.]+))?", tc)
    if not m:
        raise ValueError(f"unsupported time control {tc!r}")
    per, base, inc = m.groups()
    if ":" in base:
        mins, secs = base.split(":")
        base_s = int(mins) * 60 + float(secs)
    else:
        base_s = float(base)
    return base_s, float(inc or 0), int(per) if per else None


def pgn_tc(headers):
    """match.py writes PGN TimeControl as 40/2 or 10+0.1 (seconds)."""
    tc = headers.get("TimeControl", "")
    return parse_tc(tc)


def main(paths):
    stats = defaultdict(lambda: {"moves": 0, "sum": 0.0, "max": 0.0,
                                 "min_clock": float("inf"), "low10": 0,
                                 "low100ms": 0, "where": None})
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                base, inc, per = pgn_tc(game.headers)
                names = {chess.WHITE: game.headers["White"],
                         chess.BLACK: game.headers["Black"]}
                clock = {chess.WHITE: base, chess.BLACK: base}
                moved = {chess.WHITE: 0, chess.BLACK: 0}
                node = game
                while node.variations:
                    side = node.board().turn
                    node = node.variations[0]
                    m = TIME_RE.search(node.comment or "")
                    if not m:
                        continue  # book move or fault comment without time
                    t = float(m.group(1))
                    clock[side] -= t
                    s = stats[names[side]]
                    s["moves"] += 1
                    s["sum"] += t
                    s["max"] = max(s["max"], t)
                    if clock[side] < s["min_clock"]:
                        s["min_clock"] = clock[side]
                        s["where"] = (path, game.headers["Round"], node.ply())
                    s["low10"] += clock[side] < 0.1 * base
                    s["low100ms"] += clock[side] < 0.1
                    clock[side] += inc
                    moved[side] += 1
                    if per and moved[side] % per == 0:
                        clock[side] += base
    for name, s in sorted(stats.items()):
        mean = s["sum"] / max(s["moves"], 1)
        print(f"{name}: {s['moves']} moves, mean {mean:.3f}s, max {s['max']:.3f}s, "
              f"min clock after a move {s['min_clock'] * 1000:.0f} ms "
              f"(game {s['where'][1]}, ply {s['where'][2]}), "
              f"moves ending below 10% of base {s['low10']}, below 100 ms {s['low100ms']}")


if __name__ == "__main__":
    main(sys.argv[1:])
