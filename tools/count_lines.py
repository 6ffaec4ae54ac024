#!/usr/bin/env python3
"""Lines of Rust code outside tests, per file and in total, under a source folder:

    python3 tools/count_lines.py uci-cli/src

Every line counts (blank lines and comments too) except those of test-only files (declared as
`#[cfg(test)] mod x;`) and of `#[cfg(test)] mod tests { ... }` blocks (from the attribute line
to the closing brace at column 0). The measure behind "the binary is thin": uci-cli should stay
under 3,000 lines by it."""
import argparse
import os
import re


def rust_files(root):
    return [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".rs")]


def test_only_files(files):
    """The files that `#[cfg(test)] mod x;` declarations in `files` name."""
    found = set()
    for path in files:
        lines = open(path).read().split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"\s*mod (\w+);", line)
            if m and i > 0 and lines[i - 1].strip() == "#[cfg(test)]":
                base = os.path.dirname(path)
                stem = os.path.splitext(os.path.basename(path))[0]
                sub = base if stem in ("lib", "main", "mod") else os.path.join(base, stem)
                for candidate in (os.path.join(sub, m.group(1) + ".rs"),
                                  os.path.join(sub, m.group(1), "mod.rs")):
                    found.add(os.path.normpath(candidate))
    return found


def code_lines(path):
    """The file's lines less its `#[cfg(test)] mod x { ... }` blocks."""
    lines = open(path).read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    n = i = 0
    while i < len(lines):
        if (lines[i].strip() == "#[cfg(test)]" and i + 1 < len(lines)
                and re.match(r"mod \w+ \{", lines[i + 1])):
            j = i + 1
            while j < len(lines) and lines[j] != "}":
                j += 1
            i = j + 1
            continue
        n += 1
        i += 1
    return n


def main(root):
    files = rust_files(root)
    tests = test_only_files(files)
    total = 0
    for path in sorted(files):
        if os.path.normpath(path) in tests:
            continue
        n = code_lines(path)
        total += n
        print(f"{n:6} {path}")
    excluded = len(tests & set(map(os.path.normpath, files)))
    print(f"{total:6} total (test-only files excluded: {excluded})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", help="a source folder, e.g. uci-cli/src")
    main(parser.parse_args().root)
