#!/usr/bin/env python3
"""Summary of a `tsubame searchlog` file: how often the best move still changes after each
share of the planned (optimum) time.

For every completed iteration the log has the time since the search started (elapsed_ms), the
search's optimum, the iteration's best move and the move finally played. An iteration "still
changes" when its best move is not the one played: more search changed it. Iterations are
bucketed by elapsed / optimum; per bucket the script prints how many iterations ended there,
the share that still changed, and the share whose best move differed at the very next
iteration. It also splits the "still changes" share by the score's trend (the change against
the previous iteration), prints the searches' total time against the optimum and maximum, and
how many best-move changes a search has.
"""
import argparse
import csv
from collections import defaultdict

BUCKETS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.62, 0.75, 1.0, 1.5, 2.0, 3.0, float("inf")]


def bucket_name(i):
    low = 0.0 if i == 0 else BUCKETS[i - 1]
    high = BUCKETS[i]
    return f"{low:.2f}-{high:.2f}" if high != float("inf") else f">{low:.2f}"


def bucket_of(x):
    for i, high in enumerate(BUCKETS):
        if x < high:
            return i
    return len(BUCKETS) - 1


def score_value(text):
    """Centipawns; mates as +/-10000 so a trend into a mate counts as a big change."""
    if text.startswith("M"):
        return 10000 if not text.startswith("M-") else -10000
    return int(text)


def read_searches(paths):
    searches = defaultdict(list)
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                searches[(path, row["game"], row["ply"])].append(row)
    return searches


def main(paths):
    searches = read_searches(paths)
    count = [0] * len(BUCKETS)
    later = [0] * len(BUCKETS)
    nxt = [0] * len(BUCKETS)
    nxt_n = [0] * len(BUCKETS)
    trend = defaultdict(lambda: [0, 0])  # trend class -> [iterations, still changing]
    total_ratio, max_ratio, changes_per_search = [], [], defaultdict(int)
    iterations = 0
    for rows in searches.values():
        rows.sort(key=lambda r: int(r["depth"]))
        optimum = max(int(rows[0]["optimum_ms"]), 1)
        maximum = max(int(rows[0]["maximum_ms"]), 1)
        played = rows[0]["played"]
        total_ratio.append(int(rows[0]["total_ms"]) / optimum)
        max_ratio.append(int(rows[0]["total_ms"]) / maximum)
        changes = sum(1 for a, b in zip(rows, rows[1:]) if a["best"] != b["best"])
        changes_per_search[min(changes, 5)] += 1
        for i, row in enumerate(rows):
            iterations += 1
            b = bucket_of(int(row["elapsed_ms"]) / optimum)
            differs = row["best"] != played
            count[b] += 1
            later[b] += differs
            if i + 1 < len(rows):
                nxt_n[b] += 1
                nxt[b] += rows[i + 1]["best"] != row["best"]
            if i >= 1 and int(row["depth"]) >= 5:
                delta = score_value(row["score"]) - score_value(rows[i - 1]["score"])
                cls = "falling >= 30 cp" if delta <= -30 else "rising >= 30 cp" if delta >= 30 else "within 30 cp"
                trend[cls][0] += 1
                trend[cls][1] += differs
    print(f"{len(searches)} searches, {iterations} iterations, from {len(paths)} file(s)")
    print()
    print("elapsed/optimum  iterations  best move != played  changes at next iteration")
    for i in range(len(BUCKETS)):
        if count[i] == 0:
            continue
        share = later[i] / count[i]
        next_share = f"{nxt[i] / nxt_n[i]:.3f} of {nxt_n[i]}" if nxt_n[i] else "-"
        print(f"{bucket_name(i):>15}  {count[i]:>10}  {share:>19.3f}  {next_share:>25}")
    print()
    print("score trend against the previous iteration (depth >= 5): share whose best move != played")
    for cls in ("falling >= 30 cp", "within 30 cp", "rising >= 30 cp"):
        n, c = trend[cls]
        if n:
            print(f"  {cls:>16}: {c / n:.3f} of {n}")
    print()

    def quantiles(values):
        values = sorted(values)
        pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
        return f"median {pick(0.5):.2f}, 90% {pick(0.9):.2f}, max {values[-1]:.2f}"

    print(f"search time / optimum: {quantiles(total_ratio)}")
    print(f"search time / maximum: {quantiles(max_ratio)}")
    print("best-move changes between iterations per search: " + ", ".join(
        f"{'5+' if k == 5 else k}: {v}" for k, v in sorted(changes_per_search.items())))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", nargs="+", help="`tsubame searchlog` files")
    main(parser.parse_args().log)
