#!/bin/sh
# Gauntlet at 5+0.05: tsubame (Hash 64) against the Debian engines
# (phalanx is left out: run_timeloss.sh plays it).
# Usage: run_gauntlet.sh [GAMES_PER_OPPONENT] [TC]
set -eu
. "$(dirname "$0")/common.sh"
GAMES=${1:-40}
TC=${2:-5+0.05}
tag="gauntlet-$(echo "$TC" | tr '/' '-')"
python3 "$MATCH" \
  --engine name=tsubame cmd="$ENGINE" option.Hash=64 \
  --engine name=fairymax cmd=fairymax proto=xboard \
  --engine name=gnuchess cmd="gnuchess --uci" \
  --engine name=glaurung cmd=glaurung \
  --engine name=toga2 cmd=toga2 \
  --engine name=ethereal cmd=ethereal-chess \
  --tc "$TC" --games "$GAMES" --concurrency 1 \
  --openings "$OPENINGS" --openings-order random --seed "$SEED" \
  --pgn "$OUT/$tag.pgn" --json "$OUT/$tag.json" \
  > "$OUT/$tag.out" 2> "$OUT/$tag.err"
