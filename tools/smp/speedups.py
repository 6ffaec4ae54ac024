#!/usr/bin/env python3
"""Time-to-depth speedups from `smp-bench` output, against one baseline's one-thread times.

`tools/smp/scaling.sh` runs the variants of the split limits without a one-thread search
(it would be the same search each time); this takes the one-thread times of the first
section that has them and works out every section's speedup per thread count as `smp-bench`
does: per run, the geometric mean over positions of baseline time / time; then the median
over runs. The baseline time of a position is its median over the baseline's runs.

    python3 tools/smp/speedups.py scaling.log [more.log ...]
"""

import argparse
import math
import re
import statistics
import sys

SECTION = re.compile(r"^smp-bench: (.*)$")
LINE = re.compile(r"^run (\d+) position +(\d+):(.*)$")
TIMES = re.compile(r"T(\d+) +([0-9.]+)s +(\d+) nodes")


def sections(paths):
    """(title, {threads: {run: {position: (seconds, nodes)}}}) per smp-bench run."""
    found = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = SECTION.match(line)
                if m:
                    found.append((m.group(1), {}))
                    continue
                m = LINE.match(line)
                if m and found:
                    run, position = int(m.group(1)), int(m.group(2))
                    for t, s, n in TIMES.findall(m.group(3)):
                        by_run = found[-1][1].setdefault(int(t), {})
                        by_run.setdefault(run, {})[position] = (float(s), int(n))
    return found


def main(paths):
    found = sections(paths)
    base = next((runs[1] for _, runs in found if 1 in runs), None)
    if base is None:
        sys.exit("no one-thread searches found")
    positions = sorted(next(iter(base.values())))
    t1 = {p: statistics.median(r[p][0] for r in base.values() if p in r) for p in positions}
    n1 = {p: statistics.median(r[p][1] for r in base.values() if p in r) for p in positions}
    for title, runs in found:
        print(title)
        for threads in sorted(runs):
            speedups, nodes = [], []
            for by_position in runs[threads].values():
                common = [p for p in positions if p in by_position]
                if len(common) < len(positions):
                    continue  # a run cut short
                logs = [math.log(t1[p] / max(by_position[p][0], 1e-9)) for p in common]
                speedups.append(math.exp(sum(logs) / len(logs)))
                nodes.append(sum(by_position[p][1] for p in common) / sum(n1.values()))
            if speedups:
                print(
                    f"  T{threads:<3} speedup {statistics.median(speedups):5.2f}x "
                    f"(runs: {', '.join(f'{s:.2f}' for s in speedups)}), "
                    f"nodes x{statistics.median(nodes):.2f}"
                )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", nargs="+", help="`smp-bench` output (tools/smp/scaling.sh's logs)")
    main(parser.parse_args().log)
