#!/usr/bin/env bash
# Perft speed, tsubame vs Stockfish's `go perft`, side by side on the same machine.
# Usage: tools/perft_speed.sh [runs] [stockfish]   (build first: cargo build --release)
# Prints the median wall time of each side per position and the speed ratio (>1: tsubame faster).
set -euo pipefail
runs=${1:-5}
sf=${2:-/usr/games/stockfish}
bin=target/release/tsubame
positions=(
  "6|startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "5|kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
for entry in "${positions[@]}"; do
  IFS='|' read -r depth name fen <<<"$entry"
  ours=(); theirs=()
  for _ in $(seq "$runs"); do
    t0=$(now); "$bin" perft "$depth" $fen >/dev/null; t1=$(now)
    ours+=("$(echo "$t1 - $t0" | bc -l)")
    t0=$(now)
    printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$sf" >/dev/null
    t1=$(now)
    theirs+=("$(echo "$t1 - $t0" | bc -l)")
  done
  a=$(printf '%s\n' "${ours[@]}" | median)
  b=$(printf '%s\n' "${theirs[@]}" | median)
  printf '%-9s d%s  tsubame %.3fs  stockfish %.3fs  ratio %.2fx\n' "$name" "$depth" "$a" "$b" "$(echo "$b / $a" | bc -l)"
done
