#!/usr/bin/env python3
"""Lines of Rust code outside tests, per file and in total, under a source folder:

    python3 tools/count_lines.py uci-cli/src

Every line counts (blank lines and comments too) except those of test-only files (declared as
`#[cfg(test)] mod x;`) and of `#[cfg(test)] mod tests { ... }` blocks (from the attribute line
to the closing brace at column 0). The measure behind "the binary is thin": uci-cli should stay
under 3,000 lines by it."""
import os, re, sys
root = sys.argv[1]
files = []
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.rs'):
            files.append(os.path.join(d, f))
test_files = set()
for p in files:
    lines = open(p).read().split('\n')
    for i, l in enumerate(lines):
        m = re.match(r'\s*mod (\w+);', l)
        if m and i > 0 and lines[i-1].strip() == '#[cfg(test)]':
            base = os.path.dirname(p)
            stem = os.path.splitext(os.path.basename(p))[0]
            sub = base if stem in ('lib', 'main', 'mod') else os.path.join(base, stem)
            for c in (os.path.join(sub, m.group(1) + '.rs'), os.path.join(sub, m.group(1), 'mod.rs')):
                test_files.add(os.path.normpath(c))
total = 0
for p in sorted(files):
    if os.path.normpath(p) in test_files:
        continue
    lines = open(p).read().split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    n = 0
    i = 0
    while i < len(lines):
        if lines[i].strip() == '#[cfg(test)]' and i + 1 < len(lines) and re.match(r'mod \w+ \{', lines[i+1]):
            j = i + 1
            while j < len(lines) and lines[j] != '}':
                j += 1
            i = j + 1
            continue
        n += 1
        i += 1
    total += n
    print(f"{n:6} {p}")
print(f"{total:6} total (test-only files excluded: {len(test_files & set(map(os.path.normpath, files)))})")
