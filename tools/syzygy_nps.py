#!/usr/bin/env python3
"""Probe cost: Tsubame's node rate on endgame positions without tables and with each set given.

Each position is searched for MOVETIME ms with every configuration in turn, ROUNDS times
(interleaved, so a change in machine load hits every configuration alike); the median node
rate per configuration and its ratio to the rate without tables are printed, with the tbhits.

    python3 tools/syzygy_nps.py target/release/tsubame testdata/syzygy /path/to/tb345 \
        --movetime 2000 --rounds 3
"""

import argparse
import statistics
import subprocess

# Endgames of 5 to 8 pieces whose searches reach table positions by captures.
POSITIONS = [
    "8/8/3k4/8/3r4/8/3QK3/7R w - - 0 1",
    "8/8/4kp2/8/3PK3/5R2/8/6r1 w - - 0 1",
    "8/5pk1/8/8/2R5/6P1/r5K1/8 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
]


def search(engine, path, fen, movetime):
    """Node rate and tbhits of the last info line of one search."""
    commands = f"uci\nsetoption name SyzygyPath value {path}\nposition fen {fen}\n" \
               f"go movetime {movetime}\n"
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(commands)
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        if line.startswith("info depth"):
            last = line.split()
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    value = lambda key: int(last[last.index(key) + 1])
    return value("nps"), value("tbhits")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("tables", nargs="+", help="one SyzygyPath value per configuration")
    ap.add_argument("--movetime", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    configs = ["<empty>"] + args.tables
    for fen in POSITIONS:
        runs = {c: [] for c in configs}
        for _ in range(args.rounds):
            for c in configs:
                runs[c].append(search(args.engine, c, fen, args.movetime))
        base = statistics.median(n for n, _ in runs["<empty>"])
        print(fen)
        for c in configs:
            nps = statistics.median(n for n, _ in runs[c])
            hits = statistics.median(h for _, h in runs[c])
            print(f"  {c:40} nps {nps:>9.0f}  ratio {nps / base:5.2f}  tbhits {hits:.0f}")


if __name__ == "__main__":
    main()
