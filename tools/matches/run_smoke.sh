#!/bin/sh
# Smoke test: 10 games against toga2 at 5+0.05 with every line to and from the engines in
# the log, then bogus_final_info.py over it (final info lines taken from an aborted iteration).
set -eu
. "$(dirname "$0")/common.sh"
LOG_ENGINES=true fastchess_match smoke \
  -engine name=tsubame cmd="$ENGINE" \
  -engine name=toga2 cmd=toga2 \
  -each tc=5+0.05 -rounds 5 -concurrency 1
python3 "$HERE/bogus_final_info.py" "$OUT/smoke.log"
tail -n 12 "$OUT/smoke.out"
