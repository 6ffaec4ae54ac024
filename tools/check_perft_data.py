#!/usr/bin/env python3
"""Re-check every perft count in the perft-data/ EPD suites against Stockfish.

Each suite line is `FEN ;D1 n ;D2 n ...`; lines starting with '#' are comments.
A file whose name contains "960" is run with UCI_Chess960 on (Shredder-FEN castling).

Usage (from the repository root):
    python3 tools/check_perft_data.py                      # all three suites, every count
    python3 tools/check_perft_data.py --max-nodes 5000000  # skip counts above 5M nodes
    python3 tools/check_perft_data.py perft-data/tricky.epd --stockfish /path/to/stockfish
    python3 tools/check_perft_data.py --pychess-depth 3    # also recount D1..D3 with python-chess

Only the Python standard library and a Stockfish binary are needed; when python-chess is
installed every FEN is also checked for validity. Exit code: 0 all counts match, 1 a count
mismatches or a FEN is invalid, 2 usage or Stockfish error.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

DEFAULT_FILES = ["perft-data/standard.epd", "perft-data/tricky.epd", "perft-data/chess960.epd"]


class StockfishError(RuntimeError):
    """Stockfish died, or answered something we could not read."""


class Stockfish:
    """One Stockfish process driven over UCI, answering `go perft` queries."""

    def __init__(self, path: str, chess960: bool) -> None:
        try:
            self.proc = subprocess.Popen(
                [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as err:
            raise StockfishError(f"cannot start {path}: {err}") from err
        self._send("uci")
        self._read_until("uciok")
        self._send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        self._send("isready")
        self._read_until("readyok")

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as err:
            raise StockfishError(f"stockfish pipe closed while sending {line!r}") from err

    def _read_until(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise StockfishError(f"stockfish exited while waiting for {prefix!r}")
            if line.startswith(prefix):
                return line.strip()

    def perft(self, fen: str, depth: int) -> int:
        """Leaf count of `go perft depth` from `fen`."""
        self._send(f"position fen {fen}")
        self._send(f"go perft {depth}")
        line = self._read_until("Nodes searched:")
        try:
            return int(line.split(":")[1])
        except (IndexError, ValueError) as err:
            raise StockfishError(f"unreadable perft answer {line!r}") from err

    def close(self) -> None:
        try:
            self._send("quit")
            self.proc.wait(timeout=5)
        except (StockfishError, subprocess.TimeoutExpired):
            self.proc.kill()


class StockfishPool:
    """Per-thread Stockfish processes, so `jobs` threads can query in parallel."""

    def __init__(self, path: str, chess960: bool) -> None:
        self.path, self.chess960 = path, chess960
        self.local = threading.local()
        self.all: list[Stockfish] = []
        self.lock = threading.Lock()

    def get(self) -> Stockfish:
        engine = getattr(self.local, "engine", None)
        if engine is None:
            engine = Stockfish(self.path, self.chess960)
            self.local.engine = engine
            with self.lock:
                self.all.append(engine)
        return engine

    def close(self) -> None:
        for engine in self.all:
            engine.close()


@dataclass
class Entry:
    """One suite line: where it is, its FEN and its (depth, count) pairs."""

    file: str
    line_no: int
    fen: str
    counts: list[tuple[int, int]] = field(default_factory=list)


def parse_epd(path: str) -> list[Entry]:
    """Read a suite file; raises ValueError naming the line on a malformed count."""
    entries = []
    with open(path, encoding="utf-8") as handle:
        for line_no, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split(";")]
            entry = Entry(path, line_no, parts[0])
            for op in parts[1:]:
                words = op.split()
                if len(words) != 2 or not words[0].startswith("D"):
                    raise ValueError(f"{path}:{line_no}: bad operation {op!r}")
                entry.counts.append((int(words[0][1:]), int(words[1])))
            if not entry.counts:
                raise ValueError(f"{path}:{line_no}: no counts")
            entries.append(entry)
    return entries


def is_chess960_file(path: str) -> bool:
    return "960" in os.path.basename(path)


def fen_problem(fen: str, chess960: bool) -> str | None:
    """Why python-chess rejects the FEN, or None (also None when python-chess is absent)."""
    try:
        import chess
    except ImportError:
        return None
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError as err:
        return f"unparsable: {err}"
    if not board.is_valid():
        return f"invalid position: {board.status()!r}"
    return None


def pychess_perft(board, depth: int) -> int:
    """Bulk-counting perft with python-chess, as an independent second oracle."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += pychess_perft(board, depth - 1)
        board.pop()
    return total


def pychess_counts(job: tuple[str, bool, list[tuple[int, int]]]) -> list[tuple[int, int, int]]:
    """(depth, expected, python-chess count) for the given counts; runs in a worker process."""
    import chess
    fen, chess960, counts = job
    board = chess.Board(fen, chess960=chess960)
    return [(d, n, pychess_perft(board, d)) for d, n in counts]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", default=DEFAULT_FILES)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--max-nodes", type=int, default=0,
                        help="skip counts above this many nodes (0: check all)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel Stockfish processes")
    parser.add_argument("--pychess-depth", type=int, default=0,
                        help="also recount depths up to N with python-chess (0: off)")
    args = parser.parse_args()

    start = time.monotonic()
    positions = checked = skipped = nodes = 0
    failures: list[str] = []
    for path in args.files:
        try:
            entries = parse_epd(path)
        except (OSError, ValueError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        chess960 = is_chess960_file(path)
        positions += len(entries)
        file_start, file_checked = time.monotonic(), 0
        jobs = []
        for entry in entries:
            problem = fen_problem(entry.fen, chess960)
            if problem:
                failures.append(f"{path}:{entry.line_no}: {entry.fen}: {problem}")
                continue
            for depth, expected in entry.counts:
                if args.max_nodes and expected > args.max_nodes:
                    skipped += 1
                else:
                    jobs.append((entry, depth, expected))
        pool = StockfishPool(args.stockfish, chess960)

        def run(job):
            entry, depth, expected = job
            return job, pool.get().perft(entry.fen, depth)

        try:
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as executor:
                for (entry, depth, expected), got in executor.map(run, jobs):
                    checked += 1
                    file_checked += 1
                    nodes += got
                    if got != expected:
                        failures.append(f"{entry.file}:{entry.line_no}: {entry.fen} D{depth}: "
                                        f"suite {expected}, stockfish {got}")
        except StockfishError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        finally:
            pool.close()
        if args.pychess_depth:
            import multiprocessing
            work = [(e.fen, chess960, [(d, n) for d, n in e.counts if d <= args.pychess_depth])
                    for e in entries]
            with multiprocessing.Pool(args.jobs) as mp:
                for entry, results in zip(entries, mp.map(pychess_counts, work)):
                    for depth, expected, got in results:
                        if got != expected:
                            failures.append(f"{path}:{entry.line_no}: {entry.fen} D{depth}: "
                                            f"suite {expected}, python-chess {got}")
        print(f"{path}: {len(entries)} positions, {file_checked} counts checked "
              f"({time.monotonic() - file_start:.1f}s)")

    elapsed = time.monotonic() - start
    for failure in failures:
        print(f"MISMATCH {failure}")
    print(f"summary: {positions} positions, {checked} counts checked, {skipped} skipped "
          f"(> --max-nodes), {nodes} nodes, {len(failures)} failures, {elapsed:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
