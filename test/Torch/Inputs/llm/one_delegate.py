#!/usr/bin/python3
"""One delegate per decoder call (issue 30), and the same bits as without the
rewrites that make it one.

For a decoder file (factories `prefill`, `decode`) and a dtype: xnn-import-torch
writes each call, xnn-opt --xnn-delegate lowers it as is (the KV-cache writes
moved after the delegate, constant gathers expanded) and with
move-cache-writes=false (each layer's write splits the delegate). Prints each
call's --xnn-stats (segments, portable ops, portable float converts), then runs
both lowerings on the importer's inputs (eager's own call) and on two seeded
random inputs (random caches, positions in [0, 8), repeated ones included) and
counts the outputs that are bitwise equal.

Usage: one_delegate.py BUILD_BIN WORKDIR MODEL.py DTYPE"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


binary, work, model, dtype = sys.argv[1:5]
name = os.path.splitext(os.path.basename(model))[0]
for fac in ("prefill", "decode"):
    d = os.path.join(work, fac)
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, "model.mlir")
    run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), "%s:%s" % (model, fac), "--dtype", dtype,
         "-o", src, "--save-io", os.path.join(d, "io")])
    lowered = {}
    for tag, opt in (("moved", "--xnn-delegate"), ("split", "--xnn-delegate=move-cache-writes=false")):
        lowered[tag] = os.path.join(d, tag + ".mlir")
        r = run([os.path.join(binary, "xnn-opt"), src, opt, "--xnn-stats", "-o", lowered[tag]])
        stats = dict(re.findall(r"xnn-stats: (delegate segments|portable ops|portable float converts): (\d+)",
                                r.stderr))
        print("%s %s %s %s: %s segments, %s portable ops, %s portable float converts" % (
            name, dtype, fac, tag, stats["delegate segments"], stats["portable ops"],
            stats["portable float converts"]))
    io = os.path.join(d, "io")
    n = len([f for f in os.listdir(io) if f.startswith("input_")])
    runs = [["--input=" + ",".join(os.path.join(io, "input_%d.npy" % i) for i in range(n))], ["--seed=1"], ["--seed=2"]]
    equal = total = 0
    for args in runs:
        r = run([os.path.join(binary, "xnn-run"), lowered["moved"], "--compare", lowered["split"]] + args)
        outs = [ln for ln in r.stdout.splitlines() if re.match(r"output \d+: \S+\[", ln)]
        total += len(outs)
        equal += sum("bitwise=equal" in ln for ln in outs)
        for ln in outs:
            if "bitwise=equal" not in ln:
                print("DIFFER (%s): %s" % (" ".join(args), ln))
    print("%s %s %s: %d of %d outputs bitwise equal over %d runs" % (name, dtype, fac, equal, total, len(runs)))
