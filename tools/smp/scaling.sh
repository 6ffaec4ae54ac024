#!/usr/bin/env bash
# The parallel search on a many-core machine, in one run that fits a time budget:
#   1. the machine (lscpu), and how it runs 1, 8 and 16 independent one-thread benches at
#      once (the node rate the hardware allows, before any parallel search);
#   2. `smp-bench` at 1, 2, 4, 8 and 16 threads with the default split limits;
#   3. a soak at 16 threads: the parallel-search stress tests (random stops, up to 64
#      threads) and the UCI soak test with Threads 16;
#   4. if BASELINE names an older build, its smp-bench (at 1, 8 and 16 threads unless
#      BASELINE_THREADS says otherwise), for a before-and-after on the same machine;
#   5. variants of the split limits at 4, 8 and 16 threads (their speedups are worked out
#      against step 2's one-thread times by tools/smp/speedups.py);
#   6. if MATCH_S is set, Threads 4 against Threads 1 at 5+0.05 for that many seconds, a
#      game per five cores at a time (`run_selfplay.sh threads4`, FASTCHESS the runner), into
#      $OUT_DIR/match with '+' spelt 'p' in the file names (a lent machine's file transfer
#      refuses them); summarize the PGN elsewhere (`tools/matches/pgn_summary.py`: it needs
#      python-chess).
# Each step starts only if the budget left covers its estimate, and is cut at the budget's
# end, so what ran is complete. Everything goes to $OUT_DIR/scaling.log (steps' output) and
# $OUT_DIR/summary.txt (the summary lines).
#
# Environment: TSUBAME (the engine), SMP_TEST and SOAK_TEST (the test binaries, from
# `cargo test --profile quick --no-run -p search --test search` and `-p tsubame --test binary`;
# only their `smp::` and `uci_soak::` tests run; skipped if unset), BASELINE (an older engine;
# skipped if unset), BASELINE_THREADS (1,8,16), BASELINE_RUNS (VARIANT_RUNS), OUT_DIR,
# SOAK_ROUNDS (400), DEPTH (17), POSITIONS (20), RUNS (3), VARIANT_RUNS (2), VARIANTS (0 leaves
# them out; a comma-separated list of the names below runs just those), INDEPENDENT (0 leaves
# step 1's benches out), BUDGET_S (540).
set -u
bin=${TSUBAME:-target/release/tsubame}
out=${OUT_DIR:-scaling-out}
depth=${DEPTH:-17}
positions=${POSITIONS:-20}
runs=${RUNS:-3}
variant_runs=${VARIANT_RUNS:-2}
budget=${BUDGET_S:-540}
mkdir -p "$out"
log=$out/scaling.log
summary=$out/summary.txt
start=$(date +%s)
left() { echo $((budget - ($(date +%s) - start))); }

summarize() {
    grep -E '^(== |Threads |smp-bench:|test result|soak seed|[0-9]+ nodes)' "$log" >"$summary"
}

# step NAME ESTIMATE_S COMMAND...: runs COMMAND if ESTIMATE_S fit in the budget left.
step() {
    local name=$1 need=$2
    shift 2
    if [ "$(left)" -lt "$need" ]; then
        echo "== $name skipped: $(left) s left, about $need s needed" >>"$log"
    else
        echo "== $name: $*" >>"$log"
        timeout "$(left)" "$@" >>"$log" 2>&1
        echo "== $name exit $? after $(($(date +%s) - start)) s" >>"$log"
    fi
    summarize
}

{
    echo "== machine"
    nproc
    lscpu
    free -g
} >>"$log" 2>&1

# independent N: N one-thread benches at once; prints each one's nodes per second.
independent() {
    local n=$1
    echo "== independent $n"
    for _ in $(seq "$n"); do "$bin" bench 12 2>&1 | tail -1 & done | sort -n
    wait
}
export -f independent
export bin
if [ "${INDEPENDENT:-1}" != 0 ]; then
    for n in 1 8 16; do
        step "independent-$n" 30 bash -c "independent $n"
    done
fi

step main 200 "$bin" smp-bench "$depth" 1,2,4,8,16 --positions "$positions" --runs "$runs"

if [ -n "${SMP_TEST:-}" ]; then
    step smp-stress 20 "$SMP_TEST" smp:: --test-threads 1
fi
if [ -n "${SOAK_TEST:-}" ]; then
    step uci-soak-16 30 env TSUBAME_SOAK_THREADS=16 TSUBAME_SOAK_ROUNDS="${SOAK_ROUNDS:-400}" \
        "$SOAK_TEST" uci_soak:: --nocapture
fi

if [ -n "${BASELINE:-}" ]; then
    step baseline 90 "$BASELINE" smp-bench "$depth" "${BASELINE_THREADS:-1,8,16}" \
        --positions "$positions" --runs "${BASELINE_RUNS:-$variant_runs}"
fi

wanted() { [ "${VARIANTS:-all}" = all ] || [[ ",$VARIANTS," == *",$1,"* ]]; }
variant() {
    local name=$1
    shift
    if wanted "$name"; then
        step "$name" 35 "$bin" smp-bench "$depth" 4,8,16 --positions "$positions" \
            --runs "$variant_runs" "$@"
    fi
}
if [ "${VARIANTS:-all}" != 0 ]; then
    variant idle-park-1000 --idle-park-micros 1000
    variant owner-helps-below --owner-helps-below
    variant no-cut-node-splits --no-cut-node-splits
    variant min-split-depth-4 --min-split-depth 4
    variant no-late-join --no-late-join
    variant max-helpers-4 --max-helpers 4
    variant max-helpers-16 --max-helpers 16
    variant min-split-depth-8 --min-split-depth 8
fi
if [ -n "${MATCH_S:-}" ]; then
    {
        echo "== match threads4 for $MATCH_S s"
        mkdir -p "$out/match"
        here=$(cd "$(dirname "$0")" && pwd)
        games=$(($(nproc) / 5))
        ENGINE=$bin OUT=$out/match CONCURRENCY=$((games > 0 ? games : 1)) SEED=${SEED:-4101} \
            timeout "$MATCH_S" sh "$here/../matches/run_selfplay.sh" threads4 300
        # fastchess's engines, if the timeout left any (matched by process name, so this
        # shell, whose command line names the binary, is not among them).
        pkill -x "$(basename "$bin")"
        for f in "$out"/match/*+*; do
            [ -e "$f" ] && mv "$f" "${f//+/p}"
        done
        grep -c '^\[Result' "$out"/match/*.pgn
    } >>"$log" 2>&1
fi
echo "== done after $(($(date +%s) - start)) s" >>"$log"
summarize
cat "$summary"
