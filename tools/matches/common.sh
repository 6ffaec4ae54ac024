# Shared settings for the match scripts in this folder (sourced, not run).
# The engine binary is a copy, so rebuilds in target/ cannot change it mid-match.
MATCH=${MATCH:-/work/shared/tools/match.py}
ENGINE=${ENGINE:-/tmp/matches/tsubame}
OUT=${OUT:-/tmp/matches}
OPENINGS=${OPENINGS:-/work/shared/openings/balanced-8ply.epd}
SEED=${SEED:-20251121}
mkdir -p "$OUT"
# Debian installs the reference engines in /usr/games, which is not always on PATH.
export PATH="$PATH:/usr/games"
