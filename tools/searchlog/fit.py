#!/usr/bin/env python3
"""Fit a stopping rule to `tsubame searchlog` files: a logistic model of the probability that
an iteration's best move is not the move finally played, from a handful of features the time
manager has after every iteration, and a replay of the logged searches under the rule
"stop once that probability per unit of the next iteration's time falls below tau".

Features of an iteration (depth >= MIN_DEPTH, never the search's last iteration, whose best
move is the played one by construction):
  stable    iterations in a row, this one included, with the same best move (capped at 8), / 8
  changes   best-move changes between iterations so far, each older one decayed by 0.8
            (the count Stockfish's 2013 time manager keeps)
  falling   score drop against the previous iteration, pawns, clipped to [0, 3]
  rising    score rise against the previous iteration, pawns, clipped to [0, 3]
  decided   |score| / 10 pawns, clipped to [0, 1] (mates count as decided)
  effort    the fourth power of the share of the search's nodes so far spent under the
            iteration's best move, only with `--effort` (logs with the `best_nodes` column):
            a move that took most of the search's effort is settled (the node-share stop many
            engines use, Stockfish's per-root-move `effort` among them); the share tells most
            near 1, and its fourth power fitted the logs better than the share, its square or
            its logit
  depth     depth / 20, only with `--depth` (the first fit's model): the depth a search reaches
            in a given share of its time grows with the time control and in the endgame, so a
            depth term makes one tau stop earlier the slower the control (see the per-file
            replays), and its fit extrapolates to depths the logs hardly hold

The target is "best != played": whether more search, as much as the logged time manager
gave, changed the move. The logs can only say what happened up to the logged stop, so the
replay can price stopping earlier (time saved, moves that would have differed) but not
searching longer; an extension rule needs logs of searches run past their stop.

The next iteration's time is taken as (growth - 1) * elapsed, growth being the median ratio
of consecutive iterations' elapsed times in the logs (printed).

Replays are printed for all the logs together and for each log file alone (one file per time
control shows whether one tau spends alike at each).

Usage: fit.py [--effort] [--depth] [--model BIAS,W...,GROWTH] LOG.tsv [...]
       fit.py --selftest
"""
import argparse
import math
import random
import sys
from collections import defaultdict

from summary import read_searches, score_value

MIN_DEPTH = 5
FEATURES = ["stable", "changes", "falling", "rising", "decided"]
TAUS = [0.02, 0.04, 0.08, 0.12, 0.16, 0.20, 0.24, 0.30, 0.32, 0.48, 0.64, 1.28]


def sorted_searches(paths):
    """The logged searches as (log file, iterations in increasing depth)."""
    searches = [(path, rows) for (path, _, _), rows in read_searches(paths).items()]
    for _, rows in searches:
        rows.sort(key=lambda r: int(r["depth"]))
    return searches


def stability_steps(rows):
    """(stable, changes) after each of a search's iterations: the run of iterations with the
    same best move, capped at 8, and the best-move changes between iterations, decayed by 0.8."""
    stable, changes = 1, 0.0
    for i, row in enumerate(rows):
        if i > 0:
            changed = row["best"] != rows[i - 1]["best"]
            stable = 1 if changed else min(stable + 1, 8)
            changes = 0.8 * changes + changed
        yield stable, changes


def held_out(rows):
    """Whether a search's game is held out of the fit (every fifth game), so that the printed
    loss is not the training loss."""
    return int(rows[0]["game"]) % 5 == 0


class Extras:
    """Which optional features a model has beyond FEATURES: the best move's share of the
    nodes (`effort`), then the depth."""

    def __init__(self, effort=False, depth=False):
        self.effort, self.depth = effort, depth

    def names(self):
        return FEATURES + ["effort"] * self.effort + ["depth"] * self.depth


def effort_of(row):
    """The share of the search's nodes so far spent under the row's best move."""
    return int(row["best_nodes"]) / max(int(row["nodes"]), 1)


def feature_vector(stable, changes, now, before, depth, effort, extras):
    """The model's inputs, in the order of `extras.names()`; `now` and `before` are the
    iteration's and the previous iteration's scores (score_value)."""
    delta = max(-300, min(300, now - before)) / 100
    return [
        stable / 8,
        changes,
        max(0.0, -delta),
        max(0.0, delta),
        min(abs(now), 1000) / 1000,
    ] + ([effort**4] if extras.effort else []) + ([depth / 20] if extras.depth else [])


def iteration_features(rows, extras):
    """(features, target, row) for each iteration a stopping rule may act after."""
    out = []
    played = rows[0]["played"]
    for i, (row, (stable, changes)) in enumerate(zip(rows, stability_steps(rows))):
        if i == 0 or i + 1 == len(rows) or int(row["depth"]) < MIN_DEPTH:
            continue
        now, before = score_value(row["score"]), score_value(rows[i - 1]["score"])
        effort = effort_of(row) if extras.effort else 0.0
        x = feature_vector(stable, changes, now, before, int(row["depth"]), effort, extras)
        out.append((x, row["best"] != played, row))
    return out


def sigmoid(z):
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit_logistic(samples, ridge=1e-3, steps=25):
    """Newton's method (IRLS) on the mean log loss plus a small L2 term; weights[0] is the bias."""
    n = len(samples[0][0]) + 1
    w = [0.0] * n
    for _ in range(steps):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y, _ in samples:
            v = [1.0] + x
            p = sigmoid(sum(wi * vi for wi, vi in zip(w, v)))
            for i in range(n):
                grad[i] += (p - y) * v[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * v[i] * v[j]
        for i in range(n):
            grad[i] = grad[i] / len(samples) + ridge * w[i] * (i > 0)
            for j in range(n):
                hess[i][j] /= len(samples)
            hess[i][i] += ridge * (i > 0)
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def predict(w, x):
    return sigmoid(w[0] + sum(wi * xi for wi, xi in zip(w[1:], x)))


def log_loss(w, samples):
    total = 0.0
    for x, y, _ in samples:
        p = min(max(predict(w, x), 1e-9), 1 - 1e-9)
        total -= math.log(p) if y else math.log(1 - p)
    return total / len(samples)


def growth_ratio(searches):
    ratios = []
    for rows in searches:
        for a, b in zip(rows, rows[1:]):
            if int(a["depth"]) >= MIN_DEPTH and int(a["elapsed_ms"]) >= 5:
                ratios.append(int(b["elapsed_ms"]) / int(a["elapsed_ms"]))
    ratios.sort()
    return ratios[len(ratios) // 2] if ratios else 2.0


def replay(searches, w, growth, tau, extras):
    """Total stop time / total optimum and the share of searches stopped on another move
    (early stops only), and the total time / optimum when searches also go on past their
    logged stop (see `extrapolate`). `searches` pairs each search's rows with its
    `iteration_features`."""
    spent, extended, planned, differs = 0, 0, 0, 0
    for rows, features in searches:
        optimum = max(int(rows[0]["optimum_ms"]), 1)
        stop_ms, move = int(rows[0]["total_ms"]), rows[0]["played"]
        stopped_early = False
        for x, _, row in features:
            elapsed = max(int(row["elapsed_ms"]), 1)
            next_cost = (growth - 1) * elapsed / optimum
            if predict(w, x) / next_cost < tau:
                stop_ms, move = elapsed, row["best"]
                stopped_early = True
                break
        spent += stop_ms
        extended += stop_ms if stopped_early else extrapolate(rows, w, growth, tau, extras)
        planned += optimum
        differs += move != rows[0]["played"]
    return spent / planned, extended / planned, differs / len(searches)


def extrapolate(rows, w, growth, tau, extras):
    """When a search the rule did not stop early would stop if it went on past its logged
    stop: iterations keep coming, each `growth` times the last one's elapsed time, with the
    best move and the score unchanged (the likeliest outcome; a change would only lengthen
    the search), until the rule stops or the maximum is reached. The best move's share of
    the nodes is held where it was (an unchanged best move's share only grows, so this errs
    towards longer searches)."""
    last = rows[-1]
    if int(last["depth"]) < MIN_DEPTH:
        return int(last["total_ms"])
    optimum = max(int(last["optimum_ms"]), 1)
    maximum = max(int(last["maximum_ms"]), 1)
    *_, (stable, changes) = stability_steps(rows)
    score = score_value(last["score"])
    depth, elapsed = int(last["depth"]), max(int(last["elapsed_ms"]), 1)
    effort = effort_of(last) if extras.effort else 0.0
    while elapsed < maximum:
        x = feature_vector(stable, changes, score, score, depth, effort, extras)
        if predict(w, x) / ((growth - 1) * elapsed / optimum) < tau:
            return elapsed
        stable, changes = min(stable + 1, 8), 0.8 * changes
        depth, elapsed = depth + 1, elapsed * growth
    return maximum


def print_replay(title, featured, w, growth, extras):
    """The logged and the replayed spending of some searches, for each tau."""
    spent = sum(int(rows[0]["total_ms"]) for rows, _ in featured)
    planned = sum(max(int(rows[0]["optimum_ms"]), 1) for rows, _ in featured)
    print(f"{title}: {len(featured)} searches, logged total time / total optimum "
          f"{spent / planned:.2f}")
    print("      tau  early stops  extended  on another move")
    for tau in TAUS:
        t, e, d = replay(featured, w, growth, tau, extras)
        print(f"  {tau:>7.3f}  {t:>11.2f}  {e:>8.2f}  {d:>15.3f}")


def print_replays_by_file(title, featured, paths, w, growth, extras):
    """`print_replay` for each log file's searches alone; `featured` holds (path, rows,
    features) triples."""
    for path in paths:
        own = [(rows, f) for p, rows, f in featured if p == path]
        print_replay(f"{title}{path}", own, w, growth, extras)


def featurize(searches, extras):
    """(path, rows, iteration_features) for each (path, rows) search of `sorted_searches`."""
    return [(path, rows, iteration_features(rows, extras)) for path, rows in searches]


def selftest():
    """Checks the features against the line the engine's own test works by hand
    (`features_follow_the_fitting_script` in crates/timeman/src/marginal.rs), the fit against a
    model it must recover, and the replay against a search worked out by hand."""
    best, scores = ["a", "a", "b", "b"], ["20", "20", "80", "-150"]
    rows = [{"best": m, "score": s} for m, s in zip(best, scores)]
    steps = list(stability_steps(rows))
    assert steps[:3] == [(1, 0.0), (2, 0.0), (1, 1.0)], steps
    assert steps[3][0] == 2 and abs(steps[3][1] - 0.8) < 1e-12, steps
    x = feature_vector(2, 0.8, -150, 80, 4, 0.25, Extras())
    assert [round(v, 12) for v in x] == [0.25, 0.8, 2.3, 0.0, 0.15], x
    # A drop to a mate against us is clipped to 3 pawns and fully decided; the extras follow.
    x = feature_vector(3, 0.64, score_value("M-2"), -150, 5, 0.5, Extras(effort=True, depth=True))
    assert (x[2], x[4], x[5], x[6], len(x)) == (3.0, 1.0, 0.0625, 0.25, len(FEATURES) + 2), x
    assert effort_of({"best_nodes": "300", "nodes": "1200"}) == 0.25

    # Samples drawn from a known model: the fit finds it again.
    rng = random.Random(1)
    truth = [0.3, -2.5, 0.4, 0.5, -0.3, -0.6]
    samples = []
    for _ in range(4000):
        x = [rng.randint(1, 8) / 8, rng.uniform(0, 2), rng.uniform(0, 3), rng.uniform(0, 3),
             rng.uniform(0, 1)]
        samples.append((x, rng.random() < predict(truth, x), None))
    w = fit_logistic(samples)
    assert all(abs(a - b) < 0.4 for a, b in zip(w, truth)), w
    assert log_loss(w, samples) <= log_loss(truth, samples)

    # A search of depths 5-8 (optimum 1 s) under a model that always says p = 0.1, growth 2:
    # after depth 6 (100 ms) the next iteration costs 0.1 optima, p / cost = 1.0; after depth
    # 7 (400 ms) it costs 0.4, p / cost = 0.25. So tau 0.3 stops after depth 7, on its move.
    def row(depth, move, elapsed):
        return {"game": "1", "depth": str(depth), "best": move, "played": "d", "score": "0",
                "elapsed_ms": str(elapsed), "optimum_ms": "1000", "maximum_ms": "5000",
                "total_ms": "900"}
    rows = [row(5, "a", 20), row(6, "a", 100), row(7, "c", 400), row(8, "d", 900)]
    constant = [math.log(0.1 / 0.9)] + [0.0] * len(FEATURES)
    plain = Extras()
    search = [(rows, iteration_features(rows, plain))]
    assert [r["depth"] for _, _, r in search[0][1]] == ["6", "7"]
    spent, _, differs = replay(search, constant, 2.0, 0.3, plain)
    assert abs(spent - 0.4) < 1e-12 and differs == 1.0, (spent, differs)
    # Not stopped early at tau 0.05, it goes on past its logged 900 ms, each iteration twice
    # the last: p / cost is 0.11 after 0.9 s, 0.056 after 1.8 s, 0.028 after 3.6 s.
    spent, extended, differs = replay(search, constant, 2.0, 0.05, plain)
    assert (spent, differs) == (0.9, 0.0), (spent, differs)
    assert abs(extended - 3.6) < 1e-12, extended
    # At tau 0.2 it would have stopped right where it did; at 0.01, only at the maximum.
    assert replay(search, constant, 2.0, 0.2, plain)[1] == 0.9
    assert replay(search, constant, 2.0, 0.01, plain)[1] == 5.0
    print("selftest passed")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="*", metavar="LOG.tsv")
    parser.add_argument("--effort", action="store_true",
                        help="add the best move's share of the nodes (logs with best_nodes)")
    parser.add_argument("--depth", action="store_true",
                        help="add the depth feature (the first fit's model)")
    parser.add_argument("--model", metavar="BIAS,W...,GROWTH",
                        help="also replay this model (the bias, one weight per feature as "
                        "the flags select them, the growth) beside the fit")
    parser.add_argument("--selftest", action="store_true",
                        help="check the features, the fit and the replay, then exit")
    args = parser.parse_args(argv)
    if args.selftest:
        selftest()
        return
    if not args.logs:
        parser.error("no logs given")
    extras = Extras(effort=args.effort, depth=args.depth)
    names = extras.names()
    if args.model and len(args.model.split(",")) != len(names) + 2:
        sys.exit(f"--model takes {len(names) + 2} numbers with these flags")
    searches = sorted_searches(args.logs)
    featured = featurize(searches, extras)
    train, test = [], []
    for _, rows, features in featured:
        (test if held_out(rows) else train).extend(features)
    if not train or not test:
        sys.exit("not enough iterations at depth >= %d in both halves" % MIN_DEPTH)
    w = fit_logistic(train)
    base = sum(y for _, y, _ in train) / len(train)
    base_w = [math.log(base / (1 - base))] + [0.0] * len(names)
    print(f"{len(searches)} searches; {len(train)} iterations to fit, {len(test)} held out")
    print(f"share best != played: {base:.3f}")
    print(f"held-out log loss: model {log_loss(w, test):.4f}, constant {log_loss(base_w, test):.4f}")
    print("coefficients: bias %+.3f, " % w[0] + ", ".join(
        f"{name} {wi:+.3f}" for name, wi in zip(names, w[1:])))
    print()
    print("held-out calibration (predicted probability band: iterations, mean predicted, observed)")
    bands = defaultdict(lambda: [0, 0.0, 0])
    for x, y, _ in test:
        p = predict(w, x)
        band = bands[min(int(p * 10), 9)]
        band[0] += 1
        band[1] += p
        band[2] += y
    for k in sorted(bands):
        n, ps, ys = bands[k]
        print(f"  {k / 10:.1f}-{(k + 1) / 10:.1f}: {n:>6}  {ps / n:.3f}  {ys / n:.3f}")
    growth = growth_ratio([rows for _, rows in searches])
    print()
    print(f"median growth of elapsed time per iteration (depth >= {MIN_DEPTH}): {growth:.2f}")
    print("stop when p / next iteration's time (in optima) < tau: total time / total optimum")
    print("with early stops only, and with searches also extended past their logged stop;")
    print("share of searches stopped early on another move")
    print_replay("all logs", [(rows, f) for _, rows, f in featured], w, growth, extras)
    if len(args.logs) > 1:
        print_replays_by_file("", featured, args.logs, w, growth, extras)
    if args.model:
        values = [float(v) for v in args.model.split(",")]
        given, given_growth = values[:-1], values[-1]
        print()
        print(f"the given model: held-out log loss {log_loss(given, test):.4f}")
        print_replays_by_file("the given model, ", featured, args.logs, given, given_growth,
                              extras)


if __name__ == "__main__":
    main(sys.argv[1:])
