#!/usr/bin/env python3
"""Time spent against the time manager's plan, per engine, from match PGNs.

For every timed move with the clock left after it in the PGN (fastchess's `tl=` or `[%clk]`,
see pgn_times.py), the clock the move started with is the clock left after the same side's
previous move (the base time for its first), and `tsubame timeplan` gives the optimum Tsubame's
time manager planned from it (default options; moves to go from the TimeControl's period).
Prints per engine: moves, seconds a move spent and planned, spent over planned in total and
its median over moves; and for repeating controls (`40/20`), the mean clock left at the end of
each period, before the refill. With `--by-move`, also spent over planned and seconds a move
for the side's moves 1-10, 11-20, 21-30, 31-40, 41-60, 61-80, 81-120 and past 120, which
shows where in a game (or, at `40/20`, where in a period) the time goes. Moves whose clock
cannot be followed (a PGN without clock comments, a missing comment) are skipped. The opponent
need not be Tsubame, but its "optimum" is then only Tsubame's plan for its clock.
"""
import argparse
import bisect
import statistics
import subprocess
import sys
from collections import defaultdict
from typing import NamedTuple

from pgn_times import moves_with_time, parse_tc, read_games


class ClockMove(NamedTuple):
    """One move whose clock could be followed, in ms."""

    engine: str
    clock: int  # on the mover's clock when the move began
    increment: int
    moves_to_go: int  # in the period, 0 for none (sudden death)
    ply: int
    spent: float
    left: float  # on the mover's clock after the move
    made: int  # moves the side made before this one
    period: int  # moves per period, 0 for none
    base: float


def clock_moves(paths):
    """Every move of the games whose starting clock the PGN lets us follow."""
    for path in paths:
        for game in read_games(path):
            tc = parse_tc(game.headers.get("TimeControl"))
            if tc is None:
                continue
            base, inc, per = tc
            per = per or 0
            clock, made = {}, defaultdict(int)
            for engine, _, seconds, _, left, ply in moves_with_time(game):
                side = ply % 2
                before = clock.get(side, base if made[side] == 0 else None)
                if left is not None and before is not None:
                    to_go = per - made[side] % per if per else 0
                    yield ClockMove(engine, round(before * 1000), round(inc * 1000), to_go, ply,
                                    seconds * 1000, left * 1000, made[side], per, base * 1000)
                clock[side] = left
                made[side] += 1


def plans(tsubame, moves):
    """(optimum ms, maximum ms) per move, from `tsubame timeplan`."""
    text = "".join(f"{m.clock} {m.increment} {m.moves_to_go} {m.ply}\n" for m in moves)
    out = subprocess.run([tsubame, "timeplan"], input=text, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    if len(out) != len(moves) or any(line.startswith("error") for line in out):
        sys.exit("tsubame timeplan refused some lines: " + next(
            (line for line in out if line.startswith("error")), "too few answers"))
    return [tuple(map(int, line.split())) for line in out]


# First move (from 1) of each band `--by-move` reports.
BANDS = [1, 11, 21, 31, 41, 61, 81, 121]


def band_name(i):
    """`11-20` for the second band, `121+` for the last."""
    return f"{BANDS[i]}-{BANDS[i + 1] - 1}" if i + 1 < len(BANDS) else f"{BANDS[i]}+"


def main(tsubame, by_move, paths):
    moves = list(clock_moves(paths))
    spent, planned, ratios = defaultdict(float), defaultdict(float), defaultdict(list)
    period_end = defaultdict(lambda: defaultdict(list))
    # engine -> band -> [moves, ms spent, ms planned]
    bands = defaultdict(lambda: [[0, 0.0, 0.0] for _ in BANDS])
    for m, (optimum, _) in zip(moves, plans(tsubame, moves)):
        band = bands[m.engine][bisect.bisect_right(BANDS, m.made + 1) - 1]
        band[0] += 1
        band[1] += m.spent
        band[2] += optimum
        spent[m.engine] += m.spent
        planned[m.engine] += optimum
        ratios[m.engine].append(m.spent / max(optimum, 1))
        if m.period and (m.made + 1) % m.period == 0:
            period_end[m.engine][m.made + 1].append((m.left - m.base) / 1000)
    for engine in sorted(spent):
        n = len(ratios[engine])
        print(f"{engine}: {n} moves, {spent[engine] / n / 1000:.3f} s a move against an optimum "
              f"of {planned[engine] / n / 1000:.3f} s: spent/optimum {spent[engine] / planned[engine]:.3f} "
              f"in total, median {statistics.median(ratios[engine]):.3f}")
        if period_end[engine]:
            print("  clock left at the end of a period, before the refill (mean s): " + ", ".join(
                f"move {k}: {statistics.fmean(v):.2f} ({len(v)})"
                for k, v in sorted(period_end[engine].items())))
        if by_move:
            print("  by move, spent/optimum (s a move): " + ", ".join(
                f"{band_name(i)}: {ms / max(plan, 1):.2f} ({ms / n / 1000:.2f})"
                for i, (n, ms, plan) in enumerate(bands[engine]) if n))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tsubame", default="tsubame",
                        help="the engine whose `timeplan` gives the optima (default: on PATH)")
    parser.add_argument("--by-move", action="store_true",
                        help="also spent/optimum by the side's move number")
    parser.add_argument("pgn", nargs="+", help="match PGNs")
    args = parser.parse_args()
    main(args.tsubame, args.by_move, args.pgn)
