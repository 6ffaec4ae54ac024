#!/usr/bin/env python3
"""Runs UCI engines on a test suite of EPD positions (`bm` / `am` opcodes) at a fixed time.

For each position every engine gets `position fen ...` and `go movetime MS` (after `ucinewgame`,
so the hash starts empty), or `go nodes N` with `--nodes N`: a fixed-node run gives the same
answers on a loaded machine, which suits comparing two versions of one engine (only engines
that honour `go nodes`: Toga II, for one, does not, and searches on). A position counts as
solved when the engine's final move is one of the `bm` moves (or none of the `am` moves). From the engine's `info ... pv` lines the script
also records when the final answer first appeared and stayed: the solution time.

    pip install chess
    python3 tools/epd_suite.py --suite wac.epd --movetime 200 \\
        --engine tsubame=target/release/tsubame --engine toga=/usr/games/toga2 \\
        [--option tsubame:Hash=64] [--failures] [--jobs 2]

The summary gives per engine the solved count and the median solution time of the solved
positions; `--failures` lists each unsolved position with the engine's move and what it expected,
so a search change can be studied position by position. The engines take turns position by
position (a change of the machine's load touches all alike), one search at a time per job;
`--jobs 2` runs two at once, for a machine with two cores.

The Win at Chess suite (Reinfeld, 1958; 300 positions in EPD) is public, e.g.
https://github.com/cosmobobak/viridithas/blob/master/assets/epds/wac.epd
"""

import argparse
import concurrent.futures
import statistics
import subprocess
import time

import chess


class Engine:
    """One UCI engine process, spoken to line by line."""

    def __init__(self, command, options):
        self.proc = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, token):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited while waiting for {token}")
            if line.split()[:1] == [token]:
                return line

    def search(self, fen, limit):
        """Returns (bestmove, [(elapsed_s, first_pv_move)]); `limit` as in `go`."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen}")
        start = time.monotonic()
        self.send(f"go {limit}")
        trail = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited during a search")
            words = line.split()
            if words[:1] == ["bestmove"]:
                return (words[1] if len(words) > 1 else "0000"), trail
            if words[:1] == ["info"] and "pv" in words:
                pv = words[words.index("pv") + 1:]
                if pv:
                    trail.append((time.monotonic() - start, pv[0]))

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def read_suite(path):
    """Yields (id, board, good_moves or None, bad_moves or None) for each EPD line."""
    with open(path, encoding="utf-8") as suite:
        for number, line in enumerate(suite, 1):
            if not line.strip():
                continue
            board, ops = chess.Board.from_epd(line.strip())
            # python-chess parses the `bm` and `am` operands (SAN) into moves.
            good = {m.uci() for m in ops.get("bm", [])} or None
            bad = {m.uci() for m in ops.get("am", [])} or None
            yield ops.get("id", f"line {number}"), board, good, bad


def is_solution(move, good, bad):
    if good is not None:
        return move in good
    return move not in bad


def solution_point(trail, final, good, bad):
    """When the final answer appeared in the PV and stayed there (seconds), or None."""
    if not is_solution(final, good, bad):
        return None
    point = None
    for elapsed, first in trail:
        if first == final:
            if point is None:
                point = elapsed
        else:
            point = None
    return point


def run_positions(engines, options, positions, limit):
    """Every engine on every position, position by position, so that a change in the
    machine's load during the run touches all engines alike."""
    running = [(name, Engine(command, options[name])) for name, command in engines]
    try:
        results = {name: [] for name, _ in engines}
        for ident, board, good, bad in positions:
            for name, engine in running:
                best, trail = engine.search(board.fen(), limit)
                point = solution_point(trail, best, good, bad)
                results[name].append((ident, board, good, bad, best, point))
        return results
    finally:
        for _, engine in running:
            engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", required=True)
    parser.add_argument("--movetime", type=int, default=200, help="milliseconds a position")
    parser.add_argument("--nodes", type=int, help="nodes a position (instead of --movetime)")
    parser.add_argument("--engine", action="append", required=True, help="NAME=COMMAND")
    parser.add_argument("--option", action="append", default=[], help="NAME:OPTION=VALUE")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--failures", action="store_true")
    args = parser.parse_args()

    positions = list(read_suite(args.suite))
    engines = [spec.split("=", 1) for spec in args.engine]
    options = {name: [] for name, _ in engines}
    for spec in args.option:
        name, setting = spec.split(":", 1)
        options[name].append(setting.split("=", 1))

    limit = f"nodes {args.nodes}" if args.nodes else f"movetime {args.movetime}"
    chunks = [positions[i::args.jobs] for i in range(args.jobs)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_positions, engines, options, chunk, limit) for chunk in chunks]
        per_chunk = [f.result() for f in futures]
    for name, _ in engines:
        results = sorted((r for chunk in per_chunk for r in chunk[name]), key=lambda r: r[0])
        solved = [r for r in results if is_solution(r[4], r[2], r[3])]
        times = [r[5] for r in solved if r[5] is not None]
        median = f"{1000 * statistics.median(times):.0f} ms" if times else "-"
        print(f"{name}: {len(solved)}/{len(results)} solved at {limit.split()[1]} "
              f"{'nodes' if args.nodes else 'ms'} (median solution time {median})")
        if args.failures:
            for ident, board, good, bad, best, _ in results:
                if not is_solution(best, good, bad):
                    want = ("bm " + " ".join(sorted(good))) if good else ("am " + " ".join(sorted(bad)))
                    print(f"  {ident}: played {best}, {want}   {board.fen()}")


if __name__ == "__main__":
    main()
