#!/usr/bin/env python3
"""Rating of strength levels from calibration matches, and the `ELO_BY_LEVEL` table they give.

Reads `calibration.csv` beside this file (or the file given): one match a row, `asked`
(the `UCI_Elo` Tsubame was set to), `level` (the level that became), `table_at` (the commit
whose table and engine played), `anchor`, `anchor_elo` (its public rating), the match's
`wins`, `draws`, `losses` from Tsubame's side, and `in_table` (`yes` for the rows the current
table is built from). For each match it prints the level's measured rating (the anchor's
rating plus the match's Elo difference, with a 95% interval from the per-game variance) and
how far that is from the rating asked for. Then the table: the `in_table` rows' levels and
measured ratings, where neighbours whose ratings do not rise with the level (within the
matches' noise) are pooled into one point, their levels and ratings averaged with weights by
precision (pool-adjacent-violators: isotonic regression); `UCI_Elo` is interpolated between
the points. Last, the level each round rating of the `UCI_Elo` range gets from them.

A row whose `asked` is `-` set a `Skill Level` directly (the screening of the lowest levels,
and level 20, full strength): it has a rating but nothing it was asked to be.

With `--check FILE`, it also reads `ELO_BY_LEVEL` from FILE (`crates/search/src/strength.rs`)
and exits with status 1 unless that table is the one printed, to a hundredth of a level and
one Elo.

    python3 tools/strength/fit_levels.py [calibration.csv] [--check crates/search/src/strength.rs]
"""

import argparse
import csv
import math
import os
import re
import sys


def elo_of(score):
    """Elo difference of a score fraction (clamped away from 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def measured(row):
    """(rating, standard error) of the level one match measured."""
    w, d, l = (int(row[k]) for k in ("wins", "draws", "losses"))
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    se_score = math.sqrt(var / n)
    se_elo = 400 / math.log(10) * se_score / max(s * (1 - s), 1e-3)
    return float(row["anchor_elo"]) + elo_of(s), se_elo


def level_for(points, rating):
    """The level the table's points give `rating` (straight lines between them)."""
    if rating <= points[0][1]:
        return points[0][0]
    for (l0, r0), (l1, r1) in zip(points, points[1:]):
        if rating <= r1:
            return l0 + (l1 - l0) * (rating - r0) / (r1 - r0)
    return points[-1][0]


def pooled(points):
    """Isotonic regression of (level, rating, weight) points sorted by level: neighbours
    that do not rise are merged into their weighted mean until every rating rises."""
    blocks = []
    for level, rating, weight in points:
        blocks.append([level * weight, rating * weight, weight])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for i in range(3):
                blocks[-1][i] += last[i]
    return [(lw / w, rw / w) for lw, rw, w in blocks]


def rust_table(path):
    """The (level, rating) pairs of `ELO_BY_LEVEL` in a Rust source file."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    body = re.search(r"ELO_BY_LEVEL: \[\(f64, f64\); \d+\] = \[(.*?)\];", source, re.S)
    if body is None:
        raise SystemExit(f"{path}: no ELO_BY_LEVEL table")
    pairs = re.findall(r"\(\s*([0-9.]+)\s*,\s*([0-9.]+)\s*\)", body.group(1))
    return [(float(level), float(rating)) for level, rating in pairs]


def main(path, check):
    with open(path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    points = []
    print("asked  level  built    anchor                          games  score   measured (95%)   off")
    for row in rows:
        rating, se = measured(row)
        n = sum(int(row[k]) for k in ("wins", "draws", "losses"))
        s = (int(row["wins"]) + int(row["draws"]) / 2) / n
        level = float(row["level"])
        if row["in_table"] == "yes":
            points.append((level, rating, 1 / se**2))
        off = "" if row["asked"] == "-" else f"{rating - float(row['asked']):+5.0f}"
        print(
            f"{row['asked']:>5}  {level:5.2f}  {row['table_at']:<8} {row['anchor']:<30} {n:>6}  "
            f"{100 * s:5.1f}%  {rating:6.0f} ± {1.96 * se:4.0f}   {off}"
        )
    points = pooled(sorted(points))
    print("\ntable (level, measured rating):", ", ".join(f"({lv:.2f}, {r:.0f})" for lv, r in points))
    ratings = [1320, *range(1400, 3200, 200), 3190]
    print("levels:", ", ".join(f"{e} -> {level_for(points, e):.2f}" for e in ratings))
    if check is None:
        return 0
    table = rust_table(check)
    same = len(table) == len(points) and all(
        abs(lv - tl) < 0.005 and abs(r - tr) < 0.5 for (lv, r), (tl, tr) in zip(points, table)
    )
    print(f"{check}: ELO_BY_LEVEL {'is' if same else 'is NOT'} this table")
    return 0 if same else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Strength levels' ratings from calibration matches.")
    default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "calibration.csv")
    parser.add_argument("csv", nargs="?", default=default, help="the matches (default: calibration.csv)")
    parser.add_argument("--check", metavar="FILE", help="Rust source whose ELO_BY_LEVEL must be the table")
    args = parser.parse_args()
    sys.exit(main(args.csv, args.check))
