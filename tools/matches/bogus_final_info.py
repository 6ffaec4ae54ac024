#!/usr/bin/env python3
"""Finds searches whose final info line disagrees with the iteration before it.

Reads a fastchess log with the engine traffic (`-log file=LOG level=info engine=true`, as
run_smoke.sh writes it) and, for every go .. bestmove block of the engine named by
--engine (a prefix of its name in the match), flags the block when the
last info line reports a mate score the previous info line did not have (a result taken
from an iteration that was stopped part way), or when the bestmove is not the first PV move
of the last info line (the GUI shows a plan for another move). It also counts the searches
whose last line names another move than the line before it (the last iteration changed its
mind, or an interrupted one proved another move better): not a fault, a measure of how often
the final line matters.

Usage: bogus_final_info.py LOG [--engine tsubame] [--show N]
"""
import argparse
import re

# `[Engine] [time] <thread> name <--- line` (to the engine) or `... name ---> line` (from it).
LINE_RE = re.compile(r"^\[Engine\s*\] \[[^\]]*\] <\s*(\S*)> +(?:<stderr> )?(\S+) (<---|--->) (.*)$")


def score_of(info):
    m = re.search(r"score (cp|mate) (-?\d+)", info)
    return (m.group(1), int(m.group(2))) if m else None


def pv_of(info):
    m = re.search(r" pv (.*)$", info)
    return m.group(1).split() if m else []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--engine", default="tsubame")
    ap.add_argument("--show", type=int, default=3)
    args = ap.parse_args()
    blocks = 0
    new_mate = 0
    changed_move = 0
    not_last_pv = 0
    shown = []
    infos = {}
    for line in open(args.log, errors="replace"):
        m = LINE_RE.match(line.rstrip("\n"))
        if not m or not m.group(2).startswith(args.engine):
            continue
        thread, name, direction, text = m.groups()
        key = (thread, name)  # one engine process per game thread and name
        if direction == "<---" and text.startswith("go"):
            infos[key] = []
        elif direction == "--->" and text.startswith("info") and " pv " in text:
            infos.setdefault(key, []).append(text)
        elif direction == "--->" and text.startswith("bestmove"):
            block = infos.pop(key, [])
            blocks += 1
            if not block:
                continue
            # A search with a single line has no line before it; its last line still counts.
            last, prev = block[-1], block[-2] if len(block) > 1 else ""
            best = text.split()[1]
            s_last, s_prev = score_of(last), score_of(prev)
            last_pv, prev_pv = pv_of(last), pv_of(prev)
            flagged = False
            if prev and s_last and s_last[0] == "mate" and (not s_prev or s_prev[0] != "mate"):
                new_mate += 1
                flagged = True
            if not last_pv or best != last_pv[0]:
                not_last_pv += 1
                flagged = True
            if prev_pv and best != prev_pv[0]:
                changed_move += 1
            if flagged and len(shown) < args.show:
                shown.append((prev, last, text))
    print(f"{args.log}: {blocks} searches; final info with a new mate score: {new_mate}; "
          f"bestmove not the last info line's PV move: {not_last_pv}; "
          f"last line's move differs from the line before's: "
          f"{changed_move}")
    for prev, last, best in shown:
        print("  prev:", prev[:160] or "(none)")
        print("  last:", last[:160])
        print("  ", best)


if __name__ == "__main__":
    main()
