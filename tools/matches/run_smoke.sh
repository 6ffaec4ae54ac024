#!/bin/sh
# Smoke test: 10 games against Fair-Max at 5+0.05 with a full protocol log.
set -eu
. "$(dirname "$0")/common.sh"
python3 "$MATCH" \
  --engine name=tsubame cmd="$ENGINE" \
  --engine name=fairymax cmd=fairymax proto=xboard \
  --tc 5+0.05 --games 10 --concurrency 1 \
  --openings "$OPENINGS" --openings-order random --seed "$SEED" \
  --pgn "$OUT/smoke.pgn" --json "$OUT/smoke.json" --log "$OUT/smoke.log"
