# Shared settings for the match scripts in this folder (sourced, not run).
# FASTCHESS  the runner (default: `fastchess` on PATH; see README.md to build it)
# ENGINE     the Tsubame binary, a copy so rebuilds in target/ cannot change it mid-match
# OUT        where PGNs, logs and reports go
# OPENINGS   an EPD book (default: the 1000 balanced positions in openings/)
# SEED       the opening order's seed: give each run that will be added to an earlier one
#            its own, or it replays the same openings
HERE=$(cd "$(dirname "$0")" && pwd)
FASTCHESS=${FASTCHESS:-fastchess}
ENGINE=${ENGINE:-/tmp/matches/tsubame}
OUT=${OUT:-/tmp/matches}
OPENINGS=${OPENINGS:-$HERE/openings/balanced-8ply.epd}
SEED=${SEED:-20251121}
# Debian installs the reference engines in /usr/games, which is not always on PATH.
export PATH="$PATH:/usr/games"
if ! command -v "$FASTCHESS" >/dev/null; then
  echo "no fastchess: build it (tools/matches/README.md) and put it on PATH, or set FASTCHESS" >&2
  exit 2
fi
if [ ! -x "$ENGINE" ]; then
  echo "no engine at $ENGINE: copy target/release/tsubame there, or set ENGINE" >&2
  exit 2
fi
mkdir -p "$OUT"

# fastchess_match TAG ARGS...: one fastchess run with the common settings. Games are played
# in colour-swapped pairs on one opening (-games 2 -repeat, as OpenBench and fishtest do,
# which pgn_summary.py relies on). $OUT/TAG.pgn gets the games with the time per move and
# the clock left in each move's comment, $OUT/TAG.out the runner's report, $OUT/TAG.log
# its warnings (LOG_ENGINES=true: also every line sent to and read from the engines), and
# $OUT/TAG.json the state fastchess saves as it goes (`fastchess -config file=TAG.json`
# resumes an interrupted run).
fastchess_match() {
  tag=$1
  shift
  "$FASTCHESS" "$@" \
    -games 2 -repeat \
    -openings file="$OPENINGS" format=epd order=random -srand "$SEED" \
    -pgnout file="$OUT/$tag.pgn" timeleft=true append=false \
    -log file="$OUT/$tag.log" level=warn engine="${LOG_ENGINES:-false}" append=false \
    -config outname="$OUT/$tag.json" \
    > "$OUT/$tag.out" 2>&1
}
