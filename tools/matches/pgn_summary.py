#!/usr/bin/env python3
"""Elo per opponent over one or more match PGNs, so runs split over sessions add up.

Games are paired the way fastchess and cutechess-cli play them with `-games 2 -repeat`
(same opponent, same opening, colours swapped) and the statistics are those of `elo.py`
(pentanomial Elo and normalized Elo, as fastchess prints them for a single run). Also
counts, per side, losses on time and by illegal moves (PGN Termination tags).

Each opponent's line is followed by its pentanomial counts (`pairs 3,40,101,52,4`), the record
to keep of a run whose PGNs are not kept: `elo.py` adds such records up.

With `--sprt ELO0,ELO1` it also prints, per opponent, the LLR of the normalized-Elo SPRT
(alpha = beta = 0.05) over all the pairs, so an SPRT played in several runs can be
decided on their union.
"""

import argparse
import collections

import chess.pgn

import elo


def games_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            yield game.headers


def points(result, engine_is_white):
    score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
    if score is None:
        return None
    return score if engine_is_white else 1.0 - score


def main(engine, paths, sprt):
    results = collections.defaultdict(list)  # opponent -> [score] in play order
    pairs = collections.defaultdict(list)  # opponent -> [pair score]
    faults = collections.defaultdict(collections.Counter)  # opponent -> fault counts
    for path in paths:
        open_pairs = {}  # (opponent, fen) -> first game's score
        for h in games_of(path):
            white, black = h.get("White"), h.get("Black")
            if engine not in (white, black):
                continue
            opponent = black if white == engine else white
            score = points(h.get("Result"), white == engine)
            if score is None:
                continue
            results[opponent].append(score)
            key = (opponent, h.get("FEN", "startpos"))
            if key in open_pairs:
                pairs[opponent].append(open_pairs.pop(key) + score)
            else:
                open_pairs[key] = score
            termination = h.get("Termination", "")
            side = "us" if score == 0.0 else "them" if score == 1.0 else None
            kind = {
                "time forfeit": "time",
                "illegal move": "illegal",  # fastchess
                "rules infraction": "illegal",  # cutechess-cli
            }.get(termination)
            if side and kind:
                faults[opponent][f"{kind} {side}"] += 1
    summarize = elo.summarize
    total = []
    for opponent in sorted(results):
        scores = results[opponent]
        total += scores
        wins, draws = scores.count(1.0), scores.count(0.5)
        losses = len(scores) - wins - draws
        ptnml = [0] * 5
        for pair in pairs[opponent]:
            ptnml[int(pair * 2)] += 1
        s = summarize(wins, draws, losses, ptnml if pairs[opponent] else None)
        f = faults[opponent]
        print(
            f"{engine} vs {opponent}: {wins}-{losses}-{draws} (W-L-D) of {len(scores)}, "
            f"{elo.describe(s)}, "
            f"time losses {f['time us']}/{f['time them']} (us/them), "
            f"illegal moves {f['illegal us']}/{f['illegal them']}"
        )
        if pairs[opponent]:
            # The counts to keep when the PGNs are not kept: elo.py adds such records up.
            print(f"  pairs {','.join(map(str, ptnml))} (pair scores 0, 0.5, 1, 1.5, 2)")
        if sprt is not None:
            print(f"  SPRT {sprt.describe()} over {sum(ptnml)} pairs {ptnml}: "
                  f"{sprt.verdict(ptnml)}")
    ours = sum((faults[o] for o in faults), collections.Counter())
    print(f"{engine}: {len(total)} games, time losses {ours['time us']}, "
          f"illegal moves {ours['illegal us']}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    elo.add_sprt_option(parser)
    parser.add_argument("engine", help="the engine's name in the PGNs")
    parser.add_argument("pgn", nargs="+", help="match PGNs")
    args = parser.parse_args()
    main(args.engine, args.pgn, args.sprt)
