#!/usr/bin/env python3
"""Time to `bestmove` with cold table files: does reading the tables cost the clock?

For each position, ROUNDS times each: the table files in FOLDER dropped from the page cache
(`posix_fadvise(DONTNEED)`, Linux; it evicts only these files and needs no privilege) and a
fresh engine started with `SyzygyPath` set to FOLDER ("cold"); the same with the files left in
the cache ("warm"); no tables ("none"). Each engine searches the position twice in a row; the
times to the first iteration's `info` line and to `bestmove` are printed (medians and
maxima). Use a private copy of the tables: evicting a shared folder slows whoever reads it.
To see a slow disk, run it in a cgroup whose reads are throttled (cgroup v1:
`blkio.throttle.read_bps_device`).

    python3 tools/syzygy_cold.py target/release/tsubame /tmp/tb-copy --go "movetime 100" --rounds 5
"""

import argparse
import os
import statistics
import subprocess
import time

# Positions of five men (KRPvKR and its promotions) whose tables the test folder holds: the
# root is in the tables, so the search starts by ranking its moves by DTZ.
POSITIONS = [
    "8/8/4k3/8/3PK3/5R2/8/6r1 w - - 0 1",
    "2k5/8/1P6/8/2K5/8/3R4/7r b - - 0 1",
    "8/1r6/8/4k3/8/2P5/2K5/6R1 w - - 3 40",
    "8/6p1/6k1/8/4K2R/8/8/5r2 w - - 6 48",
]


def evict(folder):
    """Drops every file of `folder` from the page cache."""
    for name in os.listdir(folder):
        fd = os.open(os.path.join(folder, name), os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def timed_searches(engine, path, fen, go):
    """In a fresh engine (`path` None: no tables), two searches of `fen` in a row: seconds from
    the first `go` to its first `info depth` line (the first iteration done) and to its
    `bestmove`, and from the second `go` to its `bestmove` (a search still stuck in the tables
    delays the next one)."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait_for(prefix):
        for line in proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"engine ended before {prefix}")

    def search():
        start = time.monotonic()
        send(f"go {go}")
        first_info = None
        for line in proc.stdout:
            if first_info is None and line.startswith("info depth"):
                first_info = time.monotonic() - start
            if line.startswith("bestmove"):
                done = time.monotonic() - start
                # bestmove before any iteration: the watchdog's fallback move.
                return first_info if first_info is not None else float("inf"), done
        raise RuntimeError("engine ended before bestmove")

    send("uci")
    wait_for("uciok")
    if path is not None:
        send(f"setoption name SyzygyPath value {path}")
    send("isready")
    wait_for("readyok")
    send(f"position fen {fen}")
    first_info, first = search()
    _, second = search()
    send("quit")
    proc.stdin.close()
    proc.wait()
    return first_info, first, second


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("folder", help="a private copy of the tables (its cache is dropped)")
    parser.add_argument("--go", default="movetime 100", help="the go command's arguments")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--fen", action="append", help="positions to use instead of the built-in ones")
    args = parser.parse_args()

    print(f"go {args.go}: seconds, medians of {args.rounds} (max in brackets); 'info': to the")
    print("first iteration's line (inf: none before bestmove), 'bestmove': first search,")
    print("'next': a second search right after it; cold: tables just evicted, warm: read before")
    for fen in args.fen or POSITIONS:
        print(fen)
        for label, path, cold in [("cold", args.folder, True), ("warm", args.folder, False),
                                  ("none", None, False)]:
            runs = []
            for _ in range(args.rounds):
                if cold:
                    evict(args.folder)
                runs.append(timed_searches(args.engine, path, fen, args.go))
            cols = []
            for name, values in zip(["info", "bestmove", "next"], zip(*runs)):
                cols.append(f"{name} {statistics.median(values):7.3f} ({max(values):.3f})")
            print(f"  {label:5} " + "  ".join(cols))


if __name__ == "__main__":
    main()
