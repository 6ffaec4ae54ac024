#!/usr/bin/env python3
"""Circles of files that import each other inside a Rust crate.

For each crate, reads the module tree from its root files (src/lib.rs, src/main.rs,
src/bin/*.rs), then every file's references to other modules of the crate: `use` items
(`crate::`, `super::`, `self::` and child-module paths) and paths written inline in code
(`crate::a::b`, `super::x`). Comments are left out, so doc links do not count; a reference
to an item of a module counts as an import of that module's file. The strongly connected
components of that graph with more than one file are the circles; each is printed.

Exits 1 when a circle has more than --max files (default 1: no circle at all).

    tools/module_cycles.py --workspace         every member of the workspace
    tools/module_cycles.py crates/search       one crate
    tools/module_cycles.py --no-tests ...      leave #[cfg(test)] modules out
"""

import argparse
import os
import re
import sys


def strip_comments_and_strings(text):
    """The source with comments, string and char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + len(hashes) + 2)
            end = n if end < 0 else end + 1 + len(hashes)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}'), not a lifetime ('a).
            m = re.match(r"'(\\.[^']*|[^'\\])'", text[i:i + 12])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(text, open_at):
    """The offset of the `}` that closes the `{` at `open_at` (or the end of the text)."""
    depth, j = 0, open_at
    while j < len(text):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return j


def blank_test_modules(text):
    """Blanks every item under #[cfg(test)] (a module or a function), keeping newlines."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]", text)
        if not m:
            return text
        start = m.start()
        brace = text.find("{", m.end())
        semi = text.find(";", m.end())
        if brace < 0 or (0 <= semi < brace):
            end = semi + 1 if semi >= 0 else len(text)
        else:
            end = matching_brace(text, brace) + 1
        text = text[:start] + "\n" * text.count("\n", start, end) + text[end:]


def expand_use_tree(tree):
    """`a::{b, c::{d, e as f}}` -> [([a, b], None), ([a, c, d], None), ([a, c, e], f)]
    (globs dropped)."""
    tree = re.sub(r"\s+", "", tree)
    paths = []

    def walk(prefix, s):
        # Split s at top-level commas.
        parts, depth, cur = [], 0, ""
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur:
            parts.append(cur)
        for part in parts:
            brace = part.find("{")
            if brace >= 0:
                head = [p for p in part[:brace].split("::") if p]
                walk(prefix + head, part[brace + 1:part.rfind("}")])
            else:
                alias = re.search(r"as(\w+)$", part)
                segs = [p for p in re.sub(r"as\w+$", "", part).split("::") if p and p != "*"]
                if segs == ["self"]:
                    segs = []
                paths.append((prefix + segs, alias.group(1) if alias else None))

    walk([], tree)
    return paths


class Crate:
    def __init__(self, root_dir):
        self.dir = root_dir
        self.modules = {}  # module path (tuple) -> file
        self.files = {}  # file -> module path of the file
        src = os.path.join(root_dir, "src")
        roots = [os.path.join(src, f) for f in ("lib.rs", "main.rs") if os.path.exists(os.path.join(src, f))]
        bins = os.path.join(src, "bin")
        if os.path.isdir(bins):
            roots += [os.path.join(bins, f) for f in sorted(os.listdir(bins)) if f.endswith(".rs")]
        self.roots = roots

    def load(self, root, no_tests):
        """The module tree under `root`: {file: module path}, and the reverse map."""
        modules, files = {}, {}

        def visit(path, modpath, child_dir):
            if path in files or not os.path.exists(path):
                return
            files[path] = modpath
            modules[modpath] = path
            text = strip_comments_and_strings(open(path, encoding="utf-8").read())
            if no_tests:
                text = blank_test_modules(text)
            # Inline modules (`mod tests { ... }`) belong to their file.
            scope_at = inline_scopes(text)
            for m in re.finditer(r"\bmod\s+(\w+)\s*\{", text):
                modules.setdefault(modpath + scope_at(m.start()) + (m.group(1),), path)
            # The file's own imports (not its inline modules'), to follow re-exports.
            names = {}
            for m in re.finditer(r"\buse\s+([^;]+);", text):
                if scope_at(m.start()):
                    continue
                for segs, alias in expand_use_tree(m.group(1)):
                    if segs:
                        names[alias or segs[-1]] = segs
            IMPORTS[path] = (modpath, names)
            for m in re.finditer(r"(?:^|[;{}\]\s])(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text):
                name = m.group(1)
                for candidate in (os.path.join(child_dir, name + ".rs"), os.path.join(child_dir, name, "mod.rs")):
                    if os.path.exists(candidate):
                        base = candidate[:-3] if not candidate.endswith("mod.rs") else os.path.dirname(candidate)
                        visit(candidate, modpath + (name,), base)
                        break

        visit(root, (), os.path.dirname(root))
        return modules, files

    def edges(self, root, no_tests):
        modules, files = self.load(root, no_tests)
        graph = {f: set() for f in files}
        for path, modpath in files.items():
            text = strip_comments_and_strings(open(path, encoding="utf-8").read())
            if no_tests:
                text = blank_test_modules(text)
            for line_no, scope, segs in references(text):
                target = resolve(modules, modpath + scope, segs)
                if target is not None and target != path:
                    graph[path].add(target)
        return graph


def inline_scopes(text):
    """For each offset, the inline module path (`mod name { ... }`) it lies in."""
    scopes = []  # (start, end, name)
    for m in re.finditer(r"\bmod\s+(\w+)\s*\{", text):
        scopes.append((m.end(), matching_brace(text, m.end() - 1), m.group(1)))

    def scope_at(offset):
        return tuple(name for start, end, name in scopes if start <= offset < end)

    return scope_at


def references(text):
    """(line, inline scope, path segments) of every use path and inline module path."""
    scope_at = inline_scopes(text)
    refs = []
    used = []
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        used.append((m.start(), m.end()))
        for segs, _ in expand_use_tree(m.group(1)):
            refs.append((text.count("\n", 0, m.start()) + 1, scope_at(m.start()), segs))
    for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)", text):
        if any(a <= m.start() < b for a, b in used):
            continue
        segs = m.group(1).split("::")
        refs.append((text.count("\n", 0, m.start()) + 1, scope_at(m.start()), segs))
    # Inline paths through a child module: `name::item` where `name` is a module (resolved later).
    for m in re.finditer(r"(?<![\w:])([a-z_][a-z0-9_]*(?:::\w+)+)", text):
        if any(a <= m.start() < b for a, b in used):
            continue
        segs = m.group(1).split("::")
        if segs[0] in ("crate", "super", "self", "std", "core", "alloc"):
            continue
        refs.append((text.count("\n", 0, m.start()) + 1, scope_at(m.start()), ["self"] + segs))
    return refs


# file -> (module path, {name imported there: its use path}), to follow re-exports.
IMPORTS = {}


def resolve(modules, current, segs, hops=0):
    """The file that defines what `segs` names from module `current`, or None: the deepest
    module the path names, or, for an item a module only imports (`pub use`), the file the
    import leads to."""
    if not segs or hops > 8:
        return None
    if segs[0] == "crate":
        base, rest = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = current
        rest = list(segs)
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                base = base[:-1]
            rest = rest[1:]
    elif (current + (segs[0],)) in modules or any(k[: len(current) + 1] == current + (segs[0],) for k in modules):
        base, rest = current, segs
    elif (segs[0],) in modules and current == ():
        base, rest = (), segs
    else:
        return None  # another crate, or an item in scope
    # Walk down while the segments name modules; inline modules map to their file.
    path = base
    walked = 0
    for seg in rest:
        if path + (seg,) in modules or any(k[: len(path) + 1] == path + (seg,) for k in modules):
            path = path + (seg,)
            walked += 1
        else:
            break
    while path not in modules and path:
        path = path[:-1]
    file = modules.get(path)
    if file is not None and walked < len(rest):
        modpath, names = IMPORTS.get(file, ((), {}))
        if rest[walked] in names:
            found = resolve(modules, modpath, names[rest[walked]], hops + 1)
            if found is not None:
                return found
    return file


def strongly_connected(graph):
    """Tarjan's algorithm, iterative."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = [0]
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                result.append(sorted(component))
    return result


def workspace_members(root):
    text = open(os.path.join(root, "Cargo.toml"), encoding="utf-8").read()
    block = re.search(r"members\s*=\s*\[(.*?)\]", text, re.S)
    return [os.path.join(root, m) for m in re.findall(r'"([^"]+)"', block.group(1))] if block else []


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("crates", nargs="*", help="crate directories (with src/)")
    parser.add_argument("--workspace", action="store_true", help="every member of ./Cargo.toml's workspace")
    parser.add_argument("--max", type=int, default=1, help="largest circle allowed (files; 1: none)")
    parser.add_argument("--no-tests", action="store_true", help="leave #[cfg(test)] items out")
    args = parser.parse_args()
    crates = list(args.crates)
    if args.workspace:
        crates += workspace_members(".")
    if not crates:
        parser.error("name crates or pass --workspace")
    worst = 0
    for crate_dir in crates:
        crate = Crate(crate_dir)
        for root in crate.roots:
            graph = crate.edges(root, args.no_tests)
            circles = [c for c in strongly_connected(graph) if len(c) > 1]
            label = os.path.relpath(root)
            if not circles:
                print(f"{label}: {len(graph)} files, no circle")
                continue
            biggest = max(len(c) for c in circles)
            worst = max(worst, biggest)
            print(f"{label}: {len(graph)} files, {len(circles)} circle(s), largest {biggest}")
            for c in sorted(circles, key=len, reverse=True):
                base = os.path.join(crate_dir, "src")
                print("    " + " ".join(os.path.relpath(f, base) for f in c))
    if worst > args.max:
        print(f"a circle of {worst} files: more than {args.max}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
