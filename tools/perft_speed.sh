#!/usr/bin/env bash
# Perft speed, tsubame vs Stockfish's `go perft`, side by side on the same machine.
# Usage: tools/perft_speed.sh [runs] [stockfish] [tsubame ...]   (build first: cargo build --release)
# Each tsubame binary given (default target/release/tsubame) is timed in the same rounds as
# Stockfish, so two builds can be compared in one run. Prints the median wall time of each side
# per position and the speed ratio (>1: tsubame faster).
set -euo pipefail
runs=${1:-5}
sf=${2:-/usr/games/stockfish}
bins=("${@:3}")
[ ${#bins[@]} -gt 0 ] || bins=(target/release/tsubame)
positions=(
  "6|startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "5|kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
for entry in "${positions[@]}"; do
  IFS='|' read -r depth name fen <<<"$entry"
  declare -A ours=()
  theirs=()
  for _ in $(seq "$runs"); do
    for bin in "${bins[@]}"; do
      t0=$(now); "$bin" perft "$depth" $fen >/dev/null; t1=$(now)
      ours[$bin]+="$(echo "$t1 - $t0" | bc -l) "
    done
    t0=$(now)
    printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$sf" >/dev/null
    t1=$(now)
    theirs+=("$(echo "$t1 - $t0" | bc -l)")
  done
  b=$(printf '%s\n' "${theirs[@]}" | median)
  for bin in "${bins[@]}"; do
    a=$(printf '%s\n' ${ours[$bin]} | median)
    printf '%-9s d%s  %s %.3fs  stockfish %.3fs  ratio %.2fx\n' "$name" "$depth" "$bin" "$a" "$b" \
      "$(echo "$b / $a" | bc -l)"
  done
  unset ours
done
