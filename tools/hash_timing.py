#!/usr/bin/env python3
"""Times what a GUI waits for with a large hash table: `setoption name Hash` and `ucinewgame`,
each followed by `isready`, until `readyok`; and the engine's resident memory meanwhile.

    python3 tools/hash_timing.py [--engine PATH ...] [--sizes 1024,4096,16384] [--rounds 3]
    python3 tools/hash_timing.py --nps [--sizes 16,4096] [--set "Large Pages=false"] [--movetime 10000]

Defaults: target/release/tsubame and /usr/games/stockfish, in turns (the order alternates
between rounds), so both see the same machine. A row: a fresh engine,
`setoption name Hash value N` timed to `readyok`, then `--repeat` times `ucinewgame` timed to
`readyok`; the engine's resident memory (VmRSS, VmHWM of /proc/PID/status, Linux) is read after
the resize and after the last `ucinewgame`, with the memory on transparent huge pages
(AnonHugePages of /proc/PID/smaps_rollup). Each size starts with one discarded row: on a
virtual machine the first touch of memory the guest has not used before is paid to the host,
many times slower, and would fall on whichever engine comes first. Medians over the rounds are
printed as a Markdown table. A size is run only while MemAvailable holds it plus 3 GiB (the
script waits, then skips), and no engine outlives its row, so it is safe on a shared machine;
the load average is printed beside the figures. Engines that hold two tables at once (older
Tsubame builds at ucinewgame) need twice the size: keep them to small sizes.

--nps: instead, `--repeat` searches from the start position after `ucinewgame` (`go movetime`) per
engine and size, with the `--set` options; prints the last reported nps and the memory on
huge pages.
"""

import argparse
import statistics
import subprocess
import sys
import time

DEFAULT_ENGINES = ["target/release/tsubame", "/usr/games/stockfish"]


def mem_available_mib():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return None


def status_mib(pid, field, file="status"):
    """A kB field of /proc/PID/<file>, in MiB (None where it cannot be read)."""
    try:
        with open(f"/proc/{pid}/{file}") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return None


def load():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.name = path
        self.send("uci")
        for line in self.lines():
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            if line == "uciok":
                break

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def lines(self):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} exited")
            yield line.rstrip("\n")

    def timed(self, command):
        """Seconds from sending `command` + isready to readyok, and the info strings seen."""
        start = time.perf_counter()
        self.send(command)
        self.send("isready")
        notes = []
        for line in self.lines():
            if line == "readyok":
                return time.perf_counter() - start, notes
            if line.startswith("info string"):
                notes.append(line)

    def nps(self, movetime):
        self.send("position startpos")
        self.send(f"go movetime {movetime}")
        last = None
        for line in self.lines():
            words = line.split()
            if "nps" in words:
                last = int(words[words.index("nps") + 1])
            if line.startswith("bestmove"):
                return last

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def wait_for_memory(mib, tries=10, pause=30):
    """True once MemAvailable holds `mib` MiB (never true where it cannot be read)."""
    for attempt in range(tries):
        available = mem_available_mib()
        if available is not None and available >= mib:
            return True
        print(f"  waiting: {available} MiB available, {mib} MiB wanted", file=sys.stderr)
        if attempt + 1 < tries:
            time.sleep(pause)
    return False


def timing_row(path, size, repeat, options):
    engine = Engine(path)
    try:
        for name, value in options:
            engine.timed(f"setoption name {name} value {value}")
        resize, notes = engine.timed(f"setoption name Hash value {size}")
        resident = status_mib(engine.proc.pid, "VmRSS")
        games = [engine.timed("ucinewgame")[0] for _ in range(repeat)]
        peak = status_mib(engine.proc.pid, "VmHWM")
        huge = status_mib(engine.proc.pid, "AnonHugePages", "smaps_rollup")
        return engine.name, resize, games, resident, peak, notes, huge
    finally:
        engine.quit()


def enough_memory(size):
    return wait_for_memory(size + 3072)


def timing_rows(engines, size, args, options):
    if not enough_memory(size):
        print(f"| (skipped) | {size} | not enough memory available | | | | |")
        return
    timing_row(engines[0], size, 1, options)  # warm-up, discarded
    rows = {path: [] for path in engines}
    for round_ in range(args.rounds):
        for path in engines if round_ % 2 == 0 else engines[::-1]:
            if not enough_memory(size):
                print(f"  round {round_} of {path} skipped: memory short", file=sys.stderr)
                continue
            rows[path].append(timing_row(path, size, args.repeat, options))
    for path in engines:
        if not rows[path]:
            continue
        name = rows[path][0][0]
        resizes = [row[1] for row in rows[path]]
        games = [g for row in rows[path] for g in row[2]]
        resident = max((row[3] for row in rows[path] if row[3] is not None), default=None)
        peak = max((row[4] for row in rows[path] if row[4] is not None), default=None)
        huge = min((row[6] for row in rows[path] if row[6] is not None), default=None)
        print(
            f"| {name} | {size} | {statistics.median(resizes):.3f} s "
            f"({', '.join(f'{r:.2f}' for r in resizes)}) | "
            f"{statistics.median(games):.3f} s ({', '.join(f'{g:.2f}' for g in games)}) | "
            f"{resident} MiB | {peak} MiB | {huge} MiB |",
            flush=True,
        )
        for note in sorted({n for row in rows[path] for n in row[5]}):
            print(f"  {note}")


def nps_rows(engines, size, args, options):
    if not enough_memory(size):
        print(f"| (skipped) | {size} | | not enough memory available | |")
        return
    for path in engines:
        rates = []
        huge = []
        name = path
        for _ in range(args.repeat):
            engine = Engine(path)
            try:
                for option, value in options:
                    engine.timed(f"setoption name {option} value {value}")
                engine.timed(f"setoption name Hash value {size}")
                engine.timed("ucinewgame")
                rates.append(engine.nps(args.movetime))
                huge.append(status_mib(engine.proc.pid, "AnonHugePages", "smaps_rollup"))
                name = engine.name
            finally:
                engine.quit()
        shown = ", ".join(str(r) for r in rates)
        print(f"| {name} | {size} | {args.set} | {shown} | {min(huge, default=None)} MiB |",
              flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="append", help="engine path (repeatable)")
    parser.add_argument("--sizes", default="1024,4096,16384", help="Hash sizes in MiB")
    parser.add_argument("--repeat", type=int, default=3, help="ucinewgame per row / nps runs")
    parser.add_argument("--rounds", type=int, default=3, help="rows per engine and size")
    parser.add_argument("--set", action="append", default=[], help='"Name=value" option')
    parser.add_argument("--nps", action="store_true", help="measure the node rate instead")
    parser.add_argument("--movetime", type=int, default=10000, help="ms per --nps search")
    args = parser.parse_args()
    engines = args.engine or DEFAULT_ENGINES
    sizes = [int(s) for s in args.sizes.split(",")]
    options = [tuple(s.split("=", 1)) for s in args.set]

    print(f"load average before: {load()}; MemAvailable {mem_available_mib()} MiB")
    if args.nps:
        print("| engine | Hash MiB | options | nps (each run) | huge pages (least) |")
        print("|---|---|---|---|---|")
    else:
        print("| engine | Hash MiB | setoption Hash -> readyok (median, each) | "
              "ucinewgame -> readyok (median, each) | max RSS after resize | "
              "max peak RSS (VmHWM) | huge pages (least) |")
        print("|---|---|---|---|---|---|---|")
    for size in sizes:
        if args.nps:
            nps_rows(engines, size, args, options)
        else:
            timing_rows(engines, size, args, options)
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
