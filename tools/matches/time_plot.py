#!/usr/bin/env python3
"""Plots the time each engine used per move against the move number, from match PGNs.

Usage: time_plot.py OUT.png FILE.pgn [FILE.pgn ...] [--title TEXT]

Every timed move is a faint dot; the line is the median over all games at that move number
(drawn while at least 5 games of the engine reached it), so the shape of each engine's time
management shows: how much it spends in the opening, where it peaks, how it runs down the
clock. The time per move comes from the PGN comments (see pgn_times.py), so PGNs from
fastchess, cutechess-cli, or a GUI that writes `[%clk ...]` all work. Needs matplotlib.
"""

import argparse
import collections
import statistics

import matplotlib

matplotlib.use("Agg")  # files only, no display needed
import matplotlib.pyplot as plt  # noqa: E402

from pgn_times import moves_with_time, read_games  # noqa: E402

MIN_GAMES = 5  # fewer games at a move number make a median that only shows noise


def collect(paths):
    """engine -> move number -> [seconds]."""
    times = collections.defaultdict(lambda: collections.defaultdict(list))
    for path in paths:
        for game in read_games(path):
            for engine, move_number, seconds, _, _, _ in moves_with_time(game):
                times[engine][move_number].append(seconds)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the picture to write (PNG, SVG, ...)")
    parser.add_argument("pgn", nargs="+", help="match PGN files")
    parser.add_argument("--title", default="Time used per move")
    args = parser.parse_args()
    times = collect(args.pgn)
    if not times:
        parser.error("no timed moves in these files")
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for index, engine in enumerate(sorted(times)):
        colour = f"C{index}"
        by_move = times[engine]
        xs = [m for m, ts in by_move.items() for _ in ts]
        ys = [t for ts in by_move.values() for t in ts]
        ax.scatter(xs, ys, s=4, alpha=0.3, color=colour, linewidths=0)
        line = sorted((m, statistics.median(ts)) for m, ts in by_move.items() if len(ts) >= MIN_GAMES)
        games = max(len(ts) for ts in by_move.values())
        ax.plot([m for m, _ in line], [t for _, t in line], color=colour,
                label=f"{engine} (median, {len(ys)} moves, {games} games)")
    ax.set_xlabel("move number")
    ax.set_ylabel("seconds per move")
    ax.set_title(args.title)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
