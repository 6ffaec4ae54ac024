#!/bin/sh
# Gauntlet: tsubame against UCI engines Debian packages, every engine on one thread with
# Hash 64 (glaurung defaults to 2 threads, which would oversubscribe the cores and handicap
# nobody fairly). Games end by resign adjudication (both sides agree on >= 1000 cp for 4
# moves each) or draw adjudication (both within 10 cp for 8 moves after move 40), as
# CCRL-style testers do.
# Usage: run_gauntlet.sh [GAMES_PER_OPPONENT] [TC] [CONCURRENCY] [OPPONENT...]
#   OPPONENT is one of toga2 ethereal glaurung gnuchess stockfish (default: the first four). GAMES is
#   rounded up to an even number (pairs of games on one opening).
set -eu
. "$(dirname "$0")/common.sh"
GAMES=${1:-100}
TC=${2:-5+0.05}
CONCURRENCY=${3:-2}
shift 3 2>/dev/null || shift $#
OPPONENTS=${*:-toga2 ethereal glaurung gnuchess}

set --
for name in $OPPONENTS; do
  case $name in
    toga2) set -- "$@" -engine name=toga2 cmd=toga2 ;;
    ethereal) set -- "$@" -engine name=ethereal cmd=ethereal-chess option.Threads=1 ;;
    glaurung) set -- "$@" -engine name=glaurung cmd=glaurung option.Threads=1 ;;
    gnuchess) set -- "$@" -engine name=gnuchess cmd=gnuchess args=--uci ;;
    stockfish) set -- "$@" -engine name=stockfish cmd=stockfish option.Threads=1 ;;
    *) echo "unknown opponent: $name" >&2; exit 2 ;;
  esac
done

tag="gauntlet-$(echo "$TC" | tr '/' '-')-$(echo "$OPPONENTS" | tr ' ' '_')"
fastchess_match "$tag" \
  -tournament gauntlet -seeds 1 \
  -engine name=tsubame cmd="$ENGINE" \
  "$@" \
  -each tc="$TC" option.Hash=64 \
  -rounds $(((GAMES + 1) / 2)) -concurrency "$CONCURRENCY" \
  -resign movecount=4 score=1000 twosided=true -draw movenumber=40 movecount=8 score=10
tail -n 20 "$OUT/$tag.out"
