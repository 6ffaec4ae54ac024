#!/usr/bin/env python3
"""Rating of strength levels from calibration matches, and the `ELO_BY_LEVEL` table they give.

Reads `calibration.csv` beside this file (or the file given): one match a row, `asked`
(the `UCI_Elo` Tsubame was set to), `level` (the level that became), `anchor`, `anchor_elo`
(its public rating), and the match's `wins`, `draws`, `losses` from Tsubame's side. For each
match it prints the level's measured rating (the anchor's rating plus the match's Elo
difference, with a 95% interval from the per-game variance) and how far that is from the
rating asked for; then a straight line through the measured ratings of the levels that search
four lines (up to 16.25), weighted by their precision, and the table at levels 6 to 16 that
the line gives.

    python3 tools/strength/fit_levels.py [calibration.csv]
"""

import csv
import math
import os
import sys


# Levels up to this one search four lines; above it the lines taper and strength rises faster.
FOUR_LINES_UP_TO = 16.25


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


def main(path):
    with open(path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    points = []
    print("asked  level  anchor                          games  score   measured (95%)   off")
    for row in rows:
        rating, se = measured(row)
        n = sum(int(row[k]) for k in ("wins", "draws", "losses"))
        s = (int(row["wins"]) + int(row["draws"]) / 2) / n
        level = float(row["level"])
        if level <= FOUR_LINES_UP_TO:
            points.append((level, rating, se))
        print(
            f"{row['asked']:>5}  {level:5.2f}  {row['anchor']:<30} {n:>6}  {100 * s:5.1f}%  "
            f"{rating:6.0f} ± {1.96 * se:4.0f}   {rating - float(row['asked']):+5.0f}"
        )
    # Weighted least squares: rating = a + b * level.
    weights = [1 / se**2 for _, _, se in points]
    sw = sum(weights)
    mx = sum(w * x for w, (x, _, _) in zip(weights, points)) / sw
    my = sum(w * y for w, (_, y, _) in zip(weights, points)) / sw
    sxx = sum(w * (x - mx) ** 2 for w, (x, _, _) in zip(weights, points))
    sxy = sum(w * (x - mx) * (y - my) for w, (x, y, _) in zip(weights, points))
    b = sxy / sxx
    a = my - b * mx
    print(f"\nfit: rating = {a:.0f} + {b:.1f} x level")
    print("table:", ", ".join(f"({lv}.0, {a + b * lv:.0f}.0)" for lv in range(6, 17, 2)))


if __name__ == "__main__":
    default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "calibration.csv")
    main(sys.argv[1] if len(sys.argv) > 1 else default)
