#!/usr/bin/env python3
"""Clock margins per engine from match PGNs.

Takes each side's clock after every move from the PGN comments (fastchess's `tl=`, or
`[%clk]`; see pgn_times.py) or, where they have none, replays it from the time per move,
and prints, per engine: moves, mean and max time per move, the smallest clock left after a
move, and how many moves ended with less than 10% of the base time or 100 ms left. The time
losses themselves are counted by pgn_summary.py; this shows how close an engine came to one.
"""
import argparse
from collections import defaultdict

from pgn_times import moves_with_time, parse_tc, read_games


def main(paths):
    stats = defaultdict(lambda: {"moves": 0, "sum": 0.0, "max": 0.0, "min_clock": float("inf"),
                                 "low10": 0, "low100ms": 0, "where": None})
    for path in paths:
        for game in read_games(path):
            tc = parse_tc(game.headers.get("TimeControl"))
            if tc is None:
                continue  # fixed time, depth or nodes: no clock to replay
            base, inc, per = tc
            clock = defaultdict(lambda: base)
            moved = defaultdict(int)
            for engine, move_number, t, _, left, _ in moves_with_time(game):
                clock[engine] = left if left is not None else clock[engine] - t
                s = stats[engine]
                s["moves"] += 1
                s["sum"] += t
                s["max"] = max(s["max"], t)
                if clock[engine] < s["min_clock"]:
                    s["min_clock"] = clock[engine]
                    s["where"] = (path, game.headers.get("Round"), move_number)
                s["low10"] += clock[engine] < 0.1 * base
                s["low100ms"] += clock[engine] < 0.1
                if left is not None:
                    continue  # the next move's comment gives the clock again
                clock[engine] += inc
                moved[engine] += 1
                if per and moved[engine] % per == 0:
                    clock[engine] += base
    for name, s in sorted(stats.items()):
        mean = s["sum"] / max(s["moves"], 1)
        print(f"{name}: {s['moves']} moves, mean {mean:.3f}s, max {s['max']:.3f}s, "
              f"min clock after a move {s['min_clock'] * 1000:.0f} ms "
              f"(round {s['where'][1]}, move {s['where'][2]}), "
              f"moves ending below 10% of base {s['low10']}, below 100 ms {s['low100ms']}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+", help="match PGNs")
    main(parser.parse_args().pgn)
