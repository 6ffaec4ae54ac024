"""Match statistics: Elo with a 95% interval, normalized Elo, and the GSPRT's LLR.

From the command line it adds up the records of several runs and prints their Elo, so a
match played over several sessions can be totalled from its recorded counts alone. A record
is either pentanomial counts `P0,P1,P2,P3,P4` (game pairs scoring 0, 0.5, 1, 1.5 and 2, as
`pgn_summary.py` and fastchess print them) or a game count `W-L-D`; when any run is recorded
only as `W-L-D`, every run must be given so and the total is trinomial.

The methods are the ones fastchess, OpenBench and fishtest use, so a run split over several
PGNs adds up to the numbers the runner would have printed for one run:
- Elo from the mean score with the logistic model; its variance from the pentanomial
  distribution of game-pair scores when games come in colour-swapped pairs (pairs share an
  opening, so the two games are not independent), else from the trinomial one (W/D/L).
- Normalized Elo (nElo): the score's distance from 0.5 in standard deviations, scaled as in
  Michel Van den Bergh, "Comments on Normalized Elo"
  (https://www.cantate.be/Fishtest/normalized_elo_practical.pdf).
- The generalized SPRT: the log-likelihood ratio between the two hypotheses' most likely
  outcome distributions (the maximum-likelihood procedure of section 4 of the same note),
  with Wald's bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha).
"""

import argparse
import math
import sys

Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution
NELO_PER_T = 800.0 / math.log(10)  # normalized Elo per unit of per-game t-value


def logistic_elo(score):
    """Elo difference of a mean score in (0, 1); infinite at the ends."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def _finite(x):
    return x if x is not None and math.isfinite(x) else None


def summarize(wins, draws, losses, ptnml=None):
    """Score, Elo and its 95% half-interval, nElo, and the model used.

    `ptnml` counts game pairs by their score 0, 0.5, 1, 1.5, 2; with any pairs the variance
    comes from them, otherwise from the single games. With pairs only (no W/D/L given) the
    games are the pairs' games."""
    pairs = sum(ptnml) if ptnml else 0
    games = wins + draws + losses or 2 * pairs
    out = {"games": games, "score": None, "elo": None, "elo_error": None, "nelo": None,
           "model": None}
    if games == 0:
        return out
    if wins + draws + losses > 0:
        out["score"] = (wins + 0.5 * draws) / games
    else:
        out["score"] = sum(i * c for i, c in enumerate(ptnml)) / (4.0 * pairs)
    if pairs > 0:
        values, probs = [0.0, 0.25, 0.5, 0.75, 1.0], [c / pairs for c in ptnml]
        count, out["model"], nelo_scale = pairs, "pentanomial", NELO_PER_T / math.sqrt(2.0)
    else:
        values, probs = [0.0, 0.5, 1.0], [losses / games, draws / games, wins / games]
        count, out["model"], nelo_scale = games, "trinomial", NELO_PER_T
    mean = sum(p * v for p, v in zip(probs, values))
    var = sum(p * (v - mean) ** 2 for p, v in zip(probs, values))
    se = math.sqrt(var / count)
    low, high = logistic_elo(mean - Z95 * se), logistic_elo(mean + Z95 * se)
    out["elo"] = _finite(logistic_elo(mean))
    if math.isfinite(low) and math.isfinite(high):
        out["elo_error"] = (high - low) / 2.0
    if var > 0:
        out["nelo"] = (mean - 0.5) / math.sqrt(var) * nelo_scale
    return out


def describe(s):
    """`score 0.517, Elo +12.2 +/- 18.6 (pentanomial), nElo +22.3` for a `summarize` result."""
    rating = "n/a" if s["elo"] is None else f"{s['elo']:+.1f}"
    err = "" if s["elo_error"] is None else f" +/- {s['elo_error']:.1f}"
    nelo = "" if s["nelo"] is None else f", nElo {s['nelo']:+.1f}"
    return f"score {s['score']:.3f}, Elo {rating}{err} ({s['model']}){nelo}"


def _secular_root(weights, b):
    """Solves sum w_i b_i / (1 + x b_i) = 0 for x with every 1 + x b_i > 0 by bisection
    (the left side falls monotonically from +inf to -inf on that interval)."""
    lo, hi = -1.0 / max(b), -1.0 / min(b)
    for _ in range(300):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if sum(w * v / (1.0 + mid * v) for w, v in zip(weights, b)) > 0.0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _most_likely_with_t(phat, values, t):
    """The distribution on `values` nearest the observed `phat` (maximum likelihood) whose
    (mean - 0.5) / sd equals t; the constraint is linearised and solved again until stable."""
    p = list(phat)
    for _ in range(200):
        mean = sum(q * v for q, v in zip(p, values))
        sd = math.sqrt(sum(q * (v - mean) ** 2 for q, v in zip(p, values)))
        b = [v - 0.5 - 0.5 * t * sd * (1.0 + ((v - mean) / sd) ** 2) for v in values]
        x = _secular_root(phat, b)
        new = [q / (1.0 + x * v) for q, v in zip(phat, b)]
        done = max(abs(u - w) for u, w in zip(new, p)) < 1e-13
        p = new
        if done:
            break
    return p


class Sprt:
    """The GSPRT with bounds in normalized Elo over pentanomial (or trinomial) counts."""

    def __init__(self, elo0, elo1, alpha=0.05, beta=0.05):
        if elo0 >= elo1 or not (0 < alpha < 1 and 0 < beta < 1):
            raise ValueError("the SPRT needs elo0 < elo1 and 0 < alpha, beta < 1")
        self.elo0, self.elo1, self.alpha, self.beta = elo0, elo1, alpha, beta
        self.lower = math.log(beta / (1.0 - alpha))
        self.upper = math.log((1.0 - beta) / alpha)

    def llr(self, counts):
        """Log-likelihood ratio of H1 (elo1) against H0 (elo0) for these counts."""
        if sum(counts) == 0:
            return 0.0
        k = len(counts)
        values = [i / (k - 1) for i in range(k)]
        regular = [c if c > 0 else 1e-3 for c in counts]  # empty cells would pin p to 0
        n = sum(regular)
        phat = [c / n for c in regular]
        scale = math.sqrt(2.0) if k == 5 else 1.0  # a pair's t-value is sqrt(2) a game's
        p0 = _most_likely_with_t(phat, values, self.elo0 / NELO_PER_T * scale)
        p1 = _most_likely_with_t(phat, values, self.elo1 / NELO_PER_T * scale)
        return n * sum(p * math.log(a / b) for p, a, b in zip(phat, p1, p0))

    def decision(self, llr):
        """'H1', 'H0', or None while the LLR is between the bounds."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def describe(self):
        return f"[{self.elo0:g}, {self.elo1:g}] nElo, alpha {self.alpha:g}, beta {self.beta:g}"

    def verdict(self, counts):
        """`LLR 0.57 (bounds -2.94, 2.94) -> no decision yet` for these counts."""
        llr = self.llr(counts)
        state = self.decision(llr)
        state = f"{state} accepted" if state else "no decision yet"
        return f"LLR {llr:.2f} (bounds {self.lower:.2f}, {self.upper:.2f}) -> {state}"


def sprt_bounds(text):
    """An SPRT from `ELO0,ELO1` (nElo), for `--sprt`."""
    try:
        elo0, elo1 = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not ELO0,ELO1: {text!r}") from None
    return Sprt(elo0, elo1)


def add_sprt_option(parser):
    """`--sprt ELO0,ELO1`, which this script and pgn_summary.py share."""
    parser.add_argument("--sprt", type=sprt_bounds, metavar="ELO0,ELO1",
                        help="also the SPRT's LLR for these nElo bounds (alpha = beta = 0.05)")


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_sprt_option(parser)
    parser.add_argument("record", nargs="+", help="P0,P1,P2,P3,P4 or W-L-D")
    args = parser.parse_args(argv)
    pentanomial = all("," in arg for arg in args.record)
    separator, size = (",", 5) if pentanomial else ("-", 3)
    try:
        records = [[int(x) for x in arg.split(separator)] for arg in args.record]
    except ValueError:
        parser.error("a record is not P0,P1,P2,P3,P4 or W-L-D")
    if any(len(r) != size or min(r) < 0 for r in records):
        parser.error("a record is not P0,P1,P2,P3,P4 or W-L-D of counts")
    counts = [sum(column) for column in zip(*records)]
    if pentanomial:
        s = summarize(0, 0, 0, counts)
        what = f"{sum(counts)} pairs {counts}"
    else:
        wins, losses, draws = counts
        s = summarize(wins, draws, losses)
        what = f"{wins}-{losses}-{draws} (W-L-D)"
        counts = [losses, draws, wins]  # the SPRT's trinomial order: scores 0, 0.5, 1
    if s["games"] == 0:
        sys.exit("no games")
    print(f"{s['games']} games, {what}: {describe(s)}")
    if args.sprt is not None:
        print(f"SPRT {args.sprt.describe()}: {args.sprt.verdict(counts)}")


if __name__ == "__main__":
    main(sys.argv[1:])
