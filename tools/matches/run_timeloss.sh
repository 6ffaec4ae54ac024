#!/bin/sh
# Issue 4's time-loss run (also issue 7's python-chess protocol figure):
# tsubame against phalanx at 1+0.01, 10+0.1 and 40/2, no adjudication,
# so every game is played to its end and the low-clock endgames are reached.
# Usage: run_timeloss.sh [OPPONENT_CMD] [GAMES_1 GAMES_10 GAMES_40]
set -eu
. "$(dirname "$0")/common.sh"
OPP=${1:-phalanx}
PROTO=${PROTO:-xboard}  # phalanx and fairymax speak XBoard only
G1=${2:-70}; G10=${3:-66}; G40=${4:-66}
run() { # $1 tag, $2 tc, $3 games, rest: extra flags
  tag=$1 tc=$2 games=$3; shift 3
  python3 "$MATCH" \
    --engine name=tsubame cmd="$ENGINE" \
    --engine name="$OPP" cmd="$OPP" proto="$PROTO" \
    --tc "$tc" --games "$games" --concurrency 1 \
    --openings "$OPENINGS" --openings-order random --seed "$SEED" \
    --pgn "$OUT/timeloss-$tag.pgn" --json "$OUT/timeloss-$tag.json" \
    --log "$OUT/timeloss-$tag.log" "$@" \
    > "$OUT/timeloss-$tag.out" 2> "$OUT/timeloss-$tag.err"
}
run 1+0.01 1+0.01 "$G1"
run 10+0.1 10+0.1 "$G10" --timeplot "$OUT/timeloss-10+0.1.png"
run 40-2 40/2 "$G40" --timeplot "$OUT/timeloss-40-2.png"
