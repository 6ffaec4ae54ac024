#!/usr/bin/env python3
"""SPSA tuning of Tsubame's search parameters with fastchess game pairs.

The update rule is OpenBench's (itself Fishtest's; see OpenBench's `OpenBench/utils.py` and
`OpenBench/workloads/get_workload.py`, https://github.com/AndyGrant/OpenBench). Each
parameter starts from its OpenBench input line `name, int, value, min, max, c_end, r_end`
(what `tsubame spsa` prints) and from the run's length in iterations N:

    c = c_end * N^gamma                    a_end = r_end * c_end^2
    a = a_end * (A + N)^alpha              A = A_ratio * N

Iteration k (from 1) perturbs every parameter at once by +-c_k, c_k = c / k^gamma (at least
0.5 for an integer parameter), with a random sign per parameter: the "plus" engine plays
`--pairs` game pairs against the "minus" engine. Then every value moves by

    r_k * c_k * (wins - losses) * sign,    r_k = a / (A + k)^alpha / c_k^2

(wins and losses of the plus engine), clamped to its range. The engines see values rounded
to integers; the state keeps them as floats.

`touch STATE.stop` ends a run between two iterations (the state and its log then agree); a
run killed during an iteration replays that iteration when it resumes.

The state file (JSON) holds the configuration, the iteration reached and every value; it is
rewritten after each iteration, so a run stopped at any point resumes where it was. A log of
one line per iteration goes beside it (`STATE.log`, tab-separated).

    spsa.py init STATE --engine BIN --iterations N [--pairs P] [--nodes N | --tc TC] ...
    spsa.py run STATE --engine BIN --book EPD [--fastchess PATH] [--iterations K]
    spsa.py show STATE [--changed]
    spsa.py apply STATE [--table crates/search/src/params.rs]
    spsa.py selftest

`BIN` is a tuning build (`cargo build --release -p tsubame --features tune`), whose `uci`
reply lists the parameters as spin options.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass

# OpenBench's defaults.
DEFAULT_ALPHA = 0.602
DEFAULT_GAMMA = 0.101
DEFAULT_A_RATIO = 0.1


@dataclass
class Param:
    """One tuned parameter: its OpenBench input line and its current value."""

    name: str
    start: float
    value: float
    min: float
    max: float
    c_end: float
    r_end: float

    @staticmethod
    def from_line(line):
        """A parameter from an OpenBench input line `name, int, value, min, max, c_end, r_end`."""
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            raise ValueError(f"not an OpenBench SPSA input line of an int: {line!r}")
        name = fields[0]
        value, lo, hi, c_end, r_end = (float(f) for f in fields[2:])
        if not lo <= value <= hi or c_end <= 0 or r_end <= 0:
            raise ValueError(f"value out of range or non-positive c, r: {line!r}")
        return Param(name, value, value, lo, hi, c_end, r_end)


def schedule(config, param, k):
    """c_k and r_k of `param` at iteration `k` (from 1), OpenBench's formulas."""
    n, alpha, gamma = config["iterations"], config["alpha"], config["gamma"]
    big_a = config["a_ratio"] * n
    c = param.c_end * n**gamma
    a = param.r_end * param.c_end**2 * (big_a + n) ** alpha
    c_k = max(c / k**gamma, 0.5)
    r_k = a / (big_a + k) ** alpha / c_k**2
    return c_k, r_k


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


def perturb(config, params, k):
    """The plus and minus engines' integer values at iteration `k`, and the signs.

    The signs come from a generator seeded by the run's seed and `k`, so an iteration that
    is repeated (a run killed mid-iteration) plays the same perturbation."""
    rng = random.Random(config["seed"] * 1_000_003 + k)
    plus, minus, signs = {}, {}, {}
    for p in params:
        c_k, _ = schedule(config, p, k)
        sign = 1 if rng.getrandbits(1) else -1
        plus[p.name] = round(clamp(p.value + sign * c_k, p.min, p.max))
        minus[p.name] = round(clamp(p.value - sign * c_k, p.min, p.max))
        signs[p.name] = sign
    return plus, minus, signs


def update(config, params, k, signs, wins, losses):
    """Moves every value after iteration `k`, whose plus engine scored `wins` and `losses`."""
    for p in params:
        c_k, r_k = schedule(config, p, k)
        step = r_k * c_k * (wins - losses) * signs[p.name]
        p.value = clamp(p.value + step, p.min, p.max)


def load(path):
    with open(path) as f:
        state = json.load(f)
    return state, [Param(**p) for p in state["params"]]


def save(path, state, params):
    """Writes the state through a temporary file, so a kill never leaves half a file."""
    state["params"] = [asdict(p) for p in params]
    directory = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=directory, delete=False) as f:
        json.dump(state, f, indent=1)
        f.write("\n")
    os.chmod(f.name, 0o644)
    os.replace(f.name, path)


def engine_lines(engine):
    """The OpenBench input lines the engine prints (`tsubame spsa`)."""
    out = subprocess.run([engine, "spsa"], capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line.count(",") == 6]


def engine_options(engine):
    """The spin options of the engine's `uci` reply: a tuning build lists the parameters."""
    out = subprocess.run(
        [engine], input="uci\nquit\n", capture_output=True, text=True, timeout=30
    ).stdout
    return set(re.findall(r"^option name (\S+) type spin", out, re.M))


RESULT = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")


def play(args, config, plus, minus, k):
    """Plays the iteration's game pairs; returns the plus engine's wins, losses, draws."""
    def engine(name, values):
        return ["-engine", f"cmd={args.engine}", f"name={name}"] + [
            f"option.{n}={v}" for n, v in values.items()
        ]

    limit = [f"nodes={config['nodes']}", "tc=inf"] if config["nodes"] else [f"tc={config['tc']}"]
    command = (
        [args.fastchess]
        + engine("plus", plus)
        + engine("minus", minus)
        + ["-each", "proto=uci", f"option.Hash={config['hash']}"]
        + limit
        + ["-openings", f"file={args.book}", "format=epd", "order=random"]
        + ["-srand", str(config["seed"] * 1_000_003 + k)]
        + ["-rounds", str(config["pairs"]), "-games", "2", "-repeat"]
        + ["-concurrency", str(args.concurrency)]
        + ["-draw", "movenumber=40", "movecount=8", "score=10"]
        + ["-resign", "movecount=4", "score=1000", "twosided=true"]
    )
    out = subprocess.run(command, capture_output=True, text=True).stdout
    found = RESULT.findall(out)
    if not found:
        sys.exit(f"no result from fastchess:\n{out[-2000:]}")
    games, wins, losses, draws = map(int, found[-1])
    if games != 2 * config["pairs"]:
        sys.exit(f"fastchess played {games} games, not {2 * config['pairs']}:\n{out[-2000:]}")
    if "loses on time" in out or "illegal move" in out.lower():
        print(f"iteration {k}: a game ended by time or an illegal move", file=sys.stderr)
    return wins, losses, draws


def cmd_init(args):
    if os.path.exists(args.state):
        sys.exit(f"{args.state} exists: a run resumes with `run`")
    if (args.nodes is None) == (args.tc is None):
        sys.exit("give exactly one of --nodes and --tc")
    lines = engine_lines(args.engine)
    if args.only:
        wanted = set(args.only.split(","))
        lines = [line for line in lines if line.split(",")[0].strip() in wanted]
        missing = wanted - {line.split(",")[0].strip() for line in lines}
        if missing:
            sys.exit(f"no such parameters: {sorted(missing)}")
    params = [Param.from_line(line) for line in lines]
    state = {
        "config": {
            "iterations": args.iterations,
            "pairs": args.pairs,
            "alpha": args.alpha,
            "gamma": args.gamma,
            "a_ratio": args.a_ratio,
            "seed": args.seed,
            "nodes": args.nodes,
            "tc": args.tc,
            "hash": args.hash,
        },
        "iteration": 0,
        "games": 0,
    }
    save(args.state, state, params)
    print(f"{args.state}: {len(params)} parameters, {args.iterations} iterations of "
          f"{args.pairs} pairs ({2 * args.pairs * args.iterations} games)")


def cmd_run(args):
    state, params = load(args.state)
    config = state["config"]
    options = engine_options(args.engine)
    absent = [p.name for p in params if p.name not in options]
    if absent:
        sys.exit(f"{args.engine} has no option {absent[0]} (not a `--features tune` build?)")
    log_path = args.state + ".log"
    todo = config["iterations"] - state["iteration"]
    if args.iterations is not None:
        todo = min(todo, args.iterations)
    stop_file = args.state + ".stop"
    for _ in range(todo):
        if os.path.exists(stop_file):
            os.remove(stop_file)
            print(f"stopped by {stop_file} after iteration {state['iteration']}")
            return
        k = state["iteration"] + 1
        plus, minus, signs = perturb(config, params, k)
        wins, losses, draws = play(args, config, plus, minus, k)
        update(config, params, k, signs, wins, losses)
        state["iteration"] = k
        state["games"] += wins + losses + draws
        save(args.state, state, params)
        fresh = not os.path.exists(log_path)
        with open(log_path, "a") as log:
            if fresh:
                log.write("\t".join(["iteration", "wins", "losses", "draws"]
                                    + [p.name for p in params]) + "\n")
            log.write("\t".join(str(x) for x in [k, wins, losses, draws]
                                + [f"{p.value:.2f}" for p in params]) + "\n")
        print(f"iteration {k}/{config['iterations']}: +{wins} -{losses} ={draws}", flush=True)


def off_start(param):
    """Whether the engine sees a value other than the one the run started from."""
    return round(param.value) != round(param.start)


def cmd_show(args):
    state, params = load(args.state)
    print(f"iteration {state['iteration']} of {state['config']['iterations']}, "
          f"{state['games']} games")
    for p in params:
        c_k, _ = schedule(state["config"], p, max(state["iteration"], 1))
        moved = (p.value - p.start) / c_k
        if args.changed and not off_start(p):
            continue
        print(f"{p.name:24} {p.start:8.0f} -> {p.value:9.2f}  ({moved:+.1f} c)")


# A row of the table in `crates/search/src/params.rs`:
# `field: "Name" = default, min..=max, step s;`.
ROW = re.compile(r'^(\s*\w+: "(\w+)" = )(-?\d+)(, -?\d+\.\.=-?\d+, step \d+;)$', re.M)


def apply_values(table, values):
    """The table's text with each named row's default set to its value (rounded).

    Raises ValueError for a name that has no row, so a renamed parameter is not silently
    left at its old default."""
    seen = set()

    def row(m):
        name = m.group(2)
        if name not in values:
            return m.group(0)
        seen.add(name)
        return f"{m.group(1)}{round(values[name])}{m.group(4)}"

    text = ROW.sub(row, table)
    missing = sorted(set(values) - seen)
    if missing:
        raise ValueError(f"no row in the table for {', '.join(missing)}")
    return text


def cmd_apply(args):
    """Writes the run's values into the table as the defaults of a normal build."""
    state, params = load(args.state)
    with open(args.table) as f:
        table = f.read()
    text = apply_values(table, {p.name: p.value for p in params})
    with open(args.table, "w") as f:
        f.write(text)
    changed = sum(1 for p in params if off_start(p))
    print(f"{args.table}: {len(params)} rows from iteration {state['iteration']}, "
          f"{changed} off their starting values")


def cmd_selftest(_args):
    """Checks the schedule and the update against values worked out by hand."""
    config = {"iterations": 1000, "alpha": 0.602, "gamma": 0.101, "a_ratio": 0.1, "seed": 7}
    p = Param.from_line("X, int, 100, 0, 200, 10, 0.002")
    c_1, r_1 = schedule(config, p, 1)
    # c = 10 * 1000^0.101 = 20.08; at k = 1 c_1 = c.
    assert abs(c_1 - 10 * 1000**0.101) < 1e-9
    # At the last iteration c_N = c_end and r_N = r_end (OpenBench's meaning of the two).
    c_n, r_n = schedule(config, p, 1000)
    assert abs(c_n - 10) < 1e-9 and abs(r_n - 0.002) < 1e-9, (c_n, r_n)
    # r * c^2 (the step per game of difference) shrinks from the first iteration to the last.
    assert r_1 * c_1**2 > r_n * c_n**2
    # The plus engine winning moves the value towards its side, by r_k c_k per game.
    plus, minus, signs = perturb(config, [p], 1)
    assert abs(plus["X"] - minus["X"]) == 40  # 100 + 20.08 and 100 - 20.08, rounded
    before = p.value
    update(config, [p], 1, signs, 3, 1)
    assert abs((p.value - before) - r_1 * c_1 * 2 * signs["X"]) < 1e-9
    assert (p.value > before) == (plus["X"] > minus["X"])
    # Clamped to the range; the same iteration perturbs the same way again.
    q = Param.from_line("Y, int, 200, 0, 200, 10, 0.002")
    assert perturb(config, [q], 5)[0]["Y"] <= 200
    assert perturb(config, [q], 5)[2] == perturb(config, [q], 5)[2]
    update(config, [q], 1, {"Y": 1}, 50, 0)
    assert q.value == 200
    # `apply` rewrites only the named rows' defaults, rounded, and refuses unknown names.
    table = ('    a_b: "AB" = 75, 0..=200, step 10;\n'
             '    /// a_c: "AC" = 1, 0..=2, step 1;\n'
             '    c_d: "CD" = -3, -8..=8, step 1;\n')
    assert apply_values(table, {"AB": 80.6, "CD": -4.2}) == (
        '    a_b: "AB" = 81, 0..=200, step 10;\n'
        '    /// a_c: "AC" = 1, 0..=2, step 1;\n'
        '    c_d: "CD" = -4, -8..=8, step 1;\n')
    try:
        apply_values(table, {"AC": 2})
        raise AssertionError("a doc line was taken for a row")
    except ValueError:
        pass
    try:
        apply_values('    e_f: "EF" = 1, 0xx=2, step 1;\n', {"EF": 2})
        raise AssertionError("a line without `..=` was taken for a row")
    except ValueError:
        pass
    print("selftest passed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    init = sub.add_parser("init", help="start a run: read the parameters from the engine")
    init.add_argument("state")
    init.add_argument("--engine", required=True, help="a tuning build of tsubame")
    init.add_argument("--iterations", type=int, required=True)
    init.add_argument("--pairs", type=int, default=4, help="game pairs per iteration")
    init.add_argument("--nodes", type=int, help="fixed nodes per move")
    init.add_argument("--tc", help="time control, fastchess's form (e.g. 4+0.04)")
    init.add_argument("--hash", type=int, default=16)
    init.add_argument("--alpha", type=float, default=DEFAULT_ALPHA)
    init.add_argument("--gamma", type=float, default=DEFAULT_GAMMA)
    init.add_argument("--a-ratio", type=float, default=DEFAULT_A_RATIO)
    init.add_argument("--seed", type=int, default=1)
    init.add_argument("--only", help="comma-separated names: tune only these")
    init.set_defaults(func=cmd_init)

    run = sub.add_parser("run", help="play iterations and update the state after each")
    run.add_argument("state")
    run.add_argument("--engine", required=True, help="a tuning build of tsubame")
    run.add_argument("--book", required=True, help="EPD openings")
    run.add_argument("--fastchess", default=os.environ.get("FASTCHESS", "fastchess"))
    run.add_argument("--concurrency", type=int, default=2)
    run.add_argument("--iterations", type=int, help="stop after this many (default: all)")
    run.set_defaults(func=cmd_run)

    show = sub.add_parser("show", help="the values reached")
    show.add_argument("state")
    show.add_argument("--changed", action="store_true", help="only those that moved")
    show.set_defaults(func=cmd_show)

    apply = sub.add_parser("apply", help="write the values into the table as its defaults")
    apply.add_argument("state")
    apply.add_argument("--table", default="crates/search/src/params.rs")
    apply.set_defaults(func=cmd_apply)

    selftest = sub.add_parser("selftest", help="check the formulas")
    selftest.set_defaults(func=cmd_selftest)

    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
