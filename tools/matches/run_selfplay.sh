#!/bin/sh
# Self-play comparisons: one binary against itself with different options.
# Usage: run_selfplay.sh EXPERIMENT [GAMES] [TC]   (TC as fastchess reads it: 5+0.05, 40/20)
#   threads      Threads=2 against Threads=1, concurrency 1 (the 2-thread side needs
#                both cores while it thinks)
#   threads4     Threads=4 against Threads=1, concurrency 1 (set CONCURRENCY to the free
#                cores divided by five on a larger machine)
#   marginal     Time Model Marginal (the default) against Classic, concurrency 2
#   paced        Marginal with its threshold paced to spend 115% of the optimum
#                (TM Spend Target 115) against Classic, concurrency 2
#   fixed        Marginal with its threshold fixed (TM Spend Target 0) against Classic,
#                concurrency 2
#   no-single | no-mated
#                the default against itself with one forced-reply mechanism switched
#                off, concurrency 2
# With GAMES 0 the run is an SPRT (normalized Elo, elo0 0, elo1 10, alpha = beta = 0.05)
# of at most 4000 games: fastchess stops it when the LLR crosses a bound.
# CONCURRENCY overrides the games played at once (on a machine with more free cores).
set -eu
. "$(dirname "$0")/common.sh"
EXPERIMENT=${1:?experiment}
GAMES=${2:-400}
TC=${3:-5+0.05}
PARALLEL=2
NAMES="with-mechanism without-mechanism"
case $EXPERIMENT in
  threads) PARALLEL=1; A="option.Threads=2"; B="option.Threads=1"; NAMES="threads-2 threads-1" ;;
  threads4) PARALLEL=1; A="option.Threads=4"; B="option.Threads=1"; NAMES="threads-4 threads-1" ;;
  marginal) A="option.Time Model=Marginal"; B="option.Time Model=Classic"; NAMES="marginal classic" ;;
  paced) A="option.TM Spend Target=115"; B="option.Time Model=Classic"; NAMES="paced classic" ;;
  fixed) A="option.TM Spend Target=0"; B="option.Time Model=Classic"; NAMES="fixed classic" ;;
  no-single) A="option.TM Single Move=true"; B="option.TM Single Move=false" ;;
  no-mated) A="option.TM Mated Alternatives=true"; B="option.TM Mated Alternatives=false" ;;
  *) echo "unknown experiment: $EXPERIMENT" >&2; exit 2 ;;
esac
CONCURRENCY=${CONCURRENCY:-$PARALLEL}
NAME_A=${NAMES%% *}
NAME_B=${NAMES#* }
set --
if [ "$GAMES" = 0 ]; then
  GAMES=4000
  set -- -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized
fi
tag="selfplay-$EXPERIMENT-$(echo "$TC" | tr '/' '-')"
fastchess_match "$tag" \
  -engine name="$NAME_A" cmd="$ENGINE" "$A" \
  -engine name="$NAME_B" cmd="$ENGINE" "$B" \
  -each tc="$TC" option.Hash=64 \
  -rounds $((GAMES / 2)) -concurrency "$CONCURRENCY" \
  -resign movecount=4 score=1000 twosided=true -draw movenumber=40 movecount=8 score=10 \
  "$@"
tail -n 20 "$OUT/$tag.out"
