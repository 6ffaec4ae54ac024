#!/bin/sh
# Self-play comparisons with one binary and different options (issues 4 and 6).
# Usage: run_selfplay.sh EXPERIMENT [GAMES] [TC]
#   threads      Threads=2 against Threads=1, concurrency 1 (the 2-thread side needs
#                both cores while it thinks)
#   timemodel    Time Model Improved (default) against Classic, concurrency 2
#   no-single | no-mated | no-effort | no-falling
#                Improved against Improved with one mechanism switched off, concurrency 2
# With GAMES 0 the timemodel run is an SPRT (elo0 0, elo1 10) up to 4000 games.
# CONCURRENCY overrides the games played at once (on a machine with more free cores).
set -eu
. "$(dirname "$0")/common.sh"
EXPERIMENT=${1:?experiment}
GAMES=${2:-400}
TC=${3:-5+0.05}
PARALLEL=2
NAMES="improved without-mechanism"
case $EXPERIMENT in
  threads) PARALLEL=1; A="option.Threads=2"; B="option.Threads=1"; NAMES="threads-2 threads-1" ;;
  timemodel) A="option.Time Model=Improved"; B="option.Time Model=Classic"; NAMES="improved classic" ;;
  no-single) A="option.TM Single Move=true"; B="option.TM Single Move=false" ;;
  no-mated) A="option.TM Mated Alternatives=true"; B="option.TM Mated Alternatives=false" ;;
  no-effort) A="option.TM Effort Divergence=true"; B="option.TM Effort Divergence=false" ;;
  no-falling) A="option.TM Falling Score=true"; B="option.TM Falling Score=false" ;;
  *) echo "unknown experiment: $EXPERIMENT" >&2; exit 2 ;;
esac
CONCURRENCY=${CONCURRENCY:-$PARALLEL}
NAME_A=${NAMES%% *}
NAME_B=${NAMES#* }
set --
if [ "$GAMES" = 0 ]; then
  GAMES=4000
  set -- --sprt elo0=0 elo1=10
fi
tag="selfplay-$EXPERIMENT-$(echo "$TC" | tr '/' '-')"
python3 "$MATCH" \
  --engine name="$NAME_A" cmd="$ENGINE" option.Hash=64 "$A" \
  --engine name="$NAME_B" cmd="$ENGINE" option.Hash=64 "$B" \
  --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" \
  --openings "$OPENINGS" --openings-order random --seed "$SEED" \
  --resign movecount=4 score=1000 --draw movenumber=40 movecount=8 score=10 \
  --pgn "$OUT/$tag.pgn" --json "$OUT/$tag.json" --quiet "$@" \
  > "$OUT/$tag.out" 2> "$OUT/$tag.err"
