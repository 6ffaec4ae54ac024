#!/bin/sh
# Gauntlet: tsubame against the Debian engines, every engine on one thread
# with Hash 64 (glaurung defaults to Threads=2, which would oversubscribe
# the cores and handicap nobody fairly). Games end by resign adjudication
# (both sides agree on >= 1000 cp for 4 moves each) or draw adjudication
# (both within 10 cp for 8 moves after move 40), as CCRL-style testers do.
# Usage: run_gauntlet.sh [GAMES_PER_OPPONENT] [TC] [CONCURRENCY] [OPPONENT...]
#   OPPONENT is one of fairymax phalanx gnuchess glaurung toga2 ethereal
#   (default: all six).
set -eu
. "$(dirname "$0")/common.sh"
GAMES=${1:-100}
TC=${2:-5+0.05}
CONCURRENCY=${3:-2}
shift 3 2>/dev/null || shift $#
OPPONENTS=${*:-fairymax phalanx gnuchess glaurung toga2 ethereal}

set --
for name in $OPPONENTS; do
  case $name in
    fairymax) set -- "$@" --engine name=fairymax cmd=fairymax proto=xboard ;;
    phalanx) set -- "$@" --engine name=phalanx cmd=phalanx proto=xboard ;;
    gnuchess) set -- "$@" --engine name=gnuchess cmd="gnuchess --uci" option.Hash=64 ;;
    glaurung) set -- "$@" --engine name=glaurung cmd=glaurung option.Hash=64 option.Threads=1 ;;
    toga2) set -- "$@" --engine name=toga2 cmd=toga2 option.Hash=64 ;;
    ethereal) set -- "$@" --engine name=ethereal cmd=ethereal-chess option.Hash=64 option.Threads=1 ;;
    *) echo "unknown opponent: $name" >&2; exit 2 ;;
  esac
done

tag="gauntlet-$(echo "$TC" | tr '/' '-')-$(echo "$OPPONENTS" | tr ' ' '_')"
python3 "$MATCH" \
  --engine name=tsubame cmd="$ENGINE" option.Hash=64 \
  "$@" \
  --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" \
  --openings "$OPENINGS" --openings-order random --seed "$SEED" \
  --resign movecount=4 score=1000 --draw movenumber=40 movecount=8 score=10 \
  --pgn "$OUT/$tag.pgn" --json "$OUT/$tag.json" --quiet \
  > "$OUT/$tag.out" 2> "$OUT/$tag.err"
