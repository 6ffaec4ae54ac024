#!/usr/bin/env python3
"""UCI pass-through that varies the node limit, for self-play data.

Runs ENGINE and forwards every input line, turning `go nodes N` into a node count drawn
uniformly from N*(1-J) ..= N*(1+J). Two copies of a deterministic engine otherwise play each
opening pair of a match as the same game twice. Usage: jitter.py ENGINE J SEED
"""

import random
import re
import subprocess
import sys

GO_NODES = re.compile(r"go nodes (\d+)\s*$")


def main():
    engine, jitter, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    # The engine writes straight to our stdout; only its input passes through here.
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        match = GO_NODES.match(line)
        if match:
            n = int(match.group(1))
            low, high = int(n * (1 - jitter)), int(n * (1 + jitter))
            line = f"go nodes {rng.randint(low, high)}\n"
        proc.stdin.write(line)
        proc.stdin.flush()
        if line.strip() == "quit":
            break
    proc.stdin.close()
    sys.exit(proc.wait())


if __name__ == "__main__":
    main()
