#!/usr/bin/env python3
"""How each engine spent its clock, from the move comments of match PGNs.

The time per move comes from the PGN comments (see pgn_times.py). Per engine this prints
the moves and the mean seconds per move, split into forced moves (exactly one legal
reply: the default time model's `TM Single Move` should answer them at once) and the
rest, and for the rest the spread of the time per move (median, 90th percentile, and the
coefficient of variation): a stopping rule that weighs how settled each move is makes the
time per move vary more from move to move at a similar mean. Book moves are skipped.
"""

import argparse
import collections
import statistics

from pgn_times import moves_with_time, read_games


def percentile(sorted_values, share):
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def main(paths):
    forced = collections.defaultdict(list)
    free = collections.defaultdict(list)
    for path in paths:
        for game in read_games(path):
            for engine, _, seconds, is_forced, _, _ in moves_with_time(game):
                (forced if is_forced else free)[engine].append(seconds)
    for engine in sorted(set(forced) | set(free)):
        f, r = forced[engine], sorted(free[engine])
        f_mean = f"{statistics.fmean(f):.3f}" if f else "n/a"
        line = f"{engine}: {len(f) + len(r)} moves; forced {len(f)}, mean {f_mean} s"
        if len(r) >= 2:
            mean = statistics.fmean(r)
            cv = statistics.stdev(r) / mean if mean > 0 else float("nan")
            line += (
                f"; others {len(r)}, mean {mean:.3f} s, median {percentile(r, 0.5):.3f} s, "
                f"p90 {percentile(r, 0.9):.3f} s, cv {cv:.2f}"
            )
        print(line)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+", help="match PGNs")
    main(parser.parse_args().pgn)
