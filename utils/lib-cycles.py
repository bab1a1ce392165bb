#!/usr/bin/python3
"""Lists file-level circles in lib/: files that call each other (issue 43).

A file depends on another when its object file uses a symbol (a function, or
with --data also a global such as a pass registry entry) that the other one
defines, read from `nm` of the object files the build left under BUILD/lib.
Static functions are private to their file and so never count. A circle is a
strongly connected component of that graph with two or more files; for each
one the script prints the symbols of every edge inside it, so the reader sees
what to move. Exit status: 1 when there is a circle, 0 when there is none.

    utils/lib-cycles.py [--build build] [--data] [--graph]

--graph also prints every dependency (file -> file: symbols), not only circles.
Needs a configured and built tree (ninja -C build).
"""

import argparse
import os
import subprocess
import sys
from collections import defaultdict

FUNCTION_TYPES = set("Tt")          # text: a function
DATA_TYPES = set("DdBbRrVvGgSs")    # initialised / zero / read-only / weak data


def source_of(obj, build_lib):
    """build/lib/CMakeFiles/XnnMlir.dir/Pass/Pipeline.c.o -> lib/Pass/Pipeline.c
    (generated sources at the target's top level keep their build path)."""
    rel = os.path.relpath(obj, build_lib)
    parts = rel.split(os.sep)
    # [<subdir>...,] CMakeFiles, <target>.dir, <path...>.o
    i = parts.index("CMakeFiles")
    inner = parts[i + 2:]
    name = os.path.join(*inner)[:-len(".o")]
    if name.startswith("__" + os.sep):   # a source outside the target's directory
        name = name[3:]
    prefix = os.path.join("lib", *parts[:i])
    src = os.path.join(prefix, name)
    return src if os.path.exists(os.path.join(ROOT, src)) else os.path.join("build", "lib", name)


def objects(build_lib):
    for d, _, files in os.walk(build_lib):
        if "CMakeFiles" not in d.split(os.sep):
            continue
        for f in files:
            if f.endswith(".o"):
                yield os.path.join(d, f)


def symbols(obj):
    """(defined {name: type}, undefined {name}) of one object file."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = {}, set()
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        name, kind = f[0], f[1]
        if kind == "U":
            undefined.add(name)
        elif kind.isupper() or kind in "vw":   # global (or weak) definitions only
            defined[name] = kind
    return defined, undefined


def strongly_connected(nodes, edges):
    """Tarjan's algorithm, iterative; components in discovery order."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                elif nxt in on:
                    low[v] = min(low[v], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="build directory (default: build)")
    ap.add_argument("--data", action="store_true",
                    help="also count uses of global data (e.g. a pass's registry entry), not only calls")
    ap.add_argument("--graph", action="store_true", help="print every file dependency too")
    args = ap.parse_args()
    build_lib = os.path.join(args.build, "lib")
    objs = sorted(objects(build_lib))
    if not objs:
        sys.exit("lib-cycles: no object files under %s (build first: ninja -C %s)" % (build_lib, args.build))
    kinds = FUNCTION_TYPES | (DATA_TYPES if args.data else set())
    definer, uses = {}, {}
    for o in objs:
        src = source_of(o, build_lib)
        defined, undefined = symbols(o)
        uses[src] = undefined
        for name, kind in defined.items():
            if kind in kinds or kind.upper() in kinds:
                definer.setdefault(name, src)
    edges = defaultdict(lambda: defaultdict(list))
    for src, undefined in uses.items():
        for name in sorted(undefined):
            to = definer.get(name)
            if to and to != src:
                edges[src][to].append(name)
    if args.graph:
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print("%s -> %s: %s" % (a, b, ", ".join(edges[a][b])))
        print()
    circles = [c for c in strongly_connected(set(uses), edges) if len(c) > 1]
    what = "calls and data uses" if args.data else "calls"
    print("lib-cycles: %d object files, %d file dependencies (%s), %d circle(s)"
          % (len(objs), sum(len(v) for v in edges.values()), what, len(circles)))
    for n, comp in enumerate(circles, 1):
        print("circle %d: %s" % (n, " <-> ".join(comp)))
        pairs = ["%s <-> %s" % (a, b) for i, a in enumerate(comp) for b in comp[i + 1:]
                 if b in edges.get(a, {}) and a in edges.get(b, {})]
        print("  files calling each other directly: %s" % ("; ".join(pairs) if pairs else "none (a longer loop)"))
        for a in comp:
            for b in comp:
                if b in edges.get(a, {}):
                    print("  %s -> %s: %s" % (a, b, ", ".join(edges[a][b])))
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
