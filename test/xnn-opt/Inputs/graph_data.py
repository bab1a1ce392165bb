"""Prints a summary of the data an xnn-opt --xnn-graph HTML page embeds (for
FileCheck), after checking it is consistent: kinds, segments, groups and
edge ends in range."""
import collections
import json
import sys

START, END = "const DATA = ", ";\n// Node and group kinds"

page = open(sys.argv[1], encoding="utf-8").read()
begin = page.index(START) + len(START)
data = json.loads(page[begin:page.index(END, begin)])
segments, groups, nodes, edges = data["segments"], data["groups"], data["nodes"], data["edges"]
for parent, kind, seg, label, path in groups:
    assert -1 <= parent < len(groups) and kind in (0, 1, 2) and -1 <= seg < len(segments), label
for group, kind, seg, label, type_, loc, reason in nodes:
    assert 0 <= group < len(groups) and kind in range(5), label
    assert (seg >= 0) == (kind == 0), label  # only delegated ops have a segment
    assert (reason != "") == (kind == 1), label  # only portable ops have a reason
assert len(edges) % 2 == 0 and all(0 <= e < len(nodes) for e in edges)
kinds = collections.Counter(n[1] for n in nodes)
print("title:", data["title"])
for name, color, ops, edge_ops in segments:
    print("segment: %s %s %d ops: %s" % (name, color, ops, edge_ops))
print("groups: %d (%s)" % (len(groups), ", ".join(g[3] for g in groups)))
print("nodes: %d delegated, %d portable, %d other, %d inputs, %d outputs" % tuple(kinds[k] for k in range(5)))
print("edges: %d" % (len(edges) // 2))
for n in nodes:
    if n[1] == 1:
        print("portable: %s at %s: %s" % (n[3], n[5], n[6]))
