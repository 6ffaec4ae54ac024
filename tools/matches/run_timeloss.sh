#!/bin/sh
# Time-loss run: tsubame against one opponent at 1+0.01, 10+0.1 and 40/2 (40 moves in
# 2 seconds, repeating), one game at a time and no adjudication, so every game is played to
# its end and the low-clock endgames are reached. Afterwards, per time control: the losses
# on time (pgn_summary.py), the closest shaves (clock_margins.py), and a picture of the time
# used per move (time_plot.py, needs matplotlib).
# Usage: run_timeloss.sh [OPPONENT_CMD] [GAMES_1 GAMES_10 GAMES_40]
set -eu
. "$(dirname "$0")/common.sh"
OPP=${1:-toga2}
G1=${2:-70}; G10=${3:-66}; G40=${4:-66}
run() { # $1 tag, $2 tc, $3 games
  fastchess_match "timeloss-$1" \
    -engine name=tsubame cmd="$ENGINE" \
    -engine name="$OPP" cmd="$OPP" \
    -each tc="$2" option.Hash=64 \
    -rounds $(($3 / 2)) -concurrency 1
  python3 "$HERE/pgn_summary.py" tsubame "$OUT/timeloss-$1.pgn"
  python3 "$HERE/clock_margins.py" "$OUT/timeloss-$1.pgn"
  python3 "$HERE/time_plot.py" "$OUT/timeloss-$1.png" "$OUT/timeloss-$1.pgn" \
    --title "Time used per move at $2"
}
run 1+0.01 1+0.01 "$G1"
run 10+0.1 10+0.1 "$G10"
run 40-2 40/2 "$G40"
