#!/usr/bin/python3
"""8da4w prefill (issue 45, item 3): one prefill call of --seq tokens (default
32) of the Gemma 3 test decoder at gemma-3-1b's widths (hidden 1152,
intermediate 6912, heads 4 x 256, kv 1 x 256; --layers layers, --vocab
vocabulary), imported in f32, then `xnn-quantize-weights{bits=4 group-size=32},
xnn-delegate` by each build given (--builds NAME=BUILD_DIR,...: e.g. this tree
and main's), all in one run on one import. Prints per build: the linears
lowered as a delegated qbint4 fully connected (of the model's linears), the
rows each runs, the ops left portable, the quantized filters XNNPACK packs
(xnn-run --memory-stats: XNNPACK's packed bytes; the int4 filters packed
once each come to about half a byte a weight plus the bf16 scales), xnn-run's ms per call (median of
--repeat, the first excluded) on --threads threads, and the outputs' largest
difference from PyTorch eager on the same f32 module (relative to max|eager|:
the quantization's error). Prints figures only; never asserts.

Usage: /usr/bin/python3 benchmarks/prefill_quant.py [--builds here=build,main=/work/main/build]
       [--layers 2] [--vocab 8192] [--seq 32] [--repeat 5] [--threads 1] [--workdir DIR]"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LLM = os.path.join(ROOT, "test", "Torch", "Inputs", "llm")

FACTORY = '''import sys
sys.path.insert(0, %(llm)r)
import gemma3_hf as g
c = dict(g.CONFIGS["1b"]); c["layers"] = %(layers)d; c["vocab"] = %(vocab)d
g.CONFIGS["bench"] = c
def make():
    return g.build("bench", %(max_len)d), g.inputs(%(seq)d, 0, vocab=c["vocab"])
'''

PIPELINE = "builtin.module(xnn-quantize-weights{bits=4 group-size=32},xnn-delegate)"


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--builds", default="here=%s,main=/work/main/build" % os.path.join(ROOT, "build"))
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--vocab", type=int, default=8192)
    ap.add_argument("--seq", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--workdir")
    o = ap.parse_args()
    work = o.workdir or tempfile.mkdtemp(prefix="prefill_quant_")
    os.makedirs(work, exist_ok=True)
    factory = os.path.join(work, "factory.py")
    with open(factory, "w") as f:
        f.write(FACTORY % dict(llm=LLM, layers=o.layers, vocab=o.vocab, max_len=max(64, o.seq), seq=o.seq))
    model, io = os.path.join(work, "prefill.mlirbc"), os.path.join(work, "io")
    if not os.path.exists(model):
        r = run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), factory + ":make", "-o", model,
                 "--save-io", io])
        if r.returncode:
            sys.exit("import failed: " + r.stderr[-600:])
    n_in = len([f for f in os.listdir(io) if re.match(r"input_\d+\.npy$", f)])
    ins = ",".join(os.path.join(io, "input_%d.npy" % i) for i in range(n_in))
    linears = 7 * o.layers + 1
    print("Gemma 3 at gemma-3-1b widths, %d layers, vocab %d: prefill of %d tokens, 8da4w (groups of 32), "
          "%d linears (lm_head included), xnn-run --threads %d, median of %d" % (
              o.layers, o.vocab, o.seq, linears, o.threads, o.repeat))
    for spec in o.builds.split(","):
        name, build = spec.split("=", 1)
        binary = os.path.join(build, "bin")
        out = os.path.join(work, "lowered_%s.mlirbc" % name)
        r = run([os.path.join(binary, "xnn-opt"), model, "-p", PIPELINE, "--xnn-stats", "--emit-bytecode", "-o", out])
        if r.returncode:
            print("%s: xnn-opt failed: %s" % (name, r.stderr.strip()[-600:]))
            continue
        portable = sorted(set(re.findall(r"xnn-stats:   (edge\.\w+): \d+ delegated, [1-9]\d* portable", r.stderr)))
        text = run([os.path.join(binary, "xnn-opt"), out, "--mlir-elide-elementsattrs-if-larger=4"]).stdout
        fcs = re.findall(r'"xnn.fully_connected"\(.*\) : \(tensor<(\d+)x\d+xi8, "qdint8">, tensor<\d+x\d+xi8, '
                         r'"qbint4">', text)
        f32_dyn = len(re.findall(r'"xnn.fully_connected"\(%\S+, %arg\d+', text))
        r = run([os.path.join(binary, "xnn-run"), out, "--input", ins, "--repeat", str(o.repeat), "--threads",
                 str(o.threads), "--memory-stats", "--output-dir", os.path.join(work, "out_" + name)])
        if r.returncode:
            print("%s: xnn-run failed: %s" % (name, r.stderr.strip()[-400:]))
            continue
        ms = float(re.search(r"^time: median ([\d.]+) ms", r.stdout, re.M).group(1))
        packed = re.search(r"^create: \d+ delegates: .*packed (\d+) bytes", r.stdout + r.stderr, re.M)
        got = np.load(os.path.join(work, "out_" + name, "output_0.npy")).astype(np.float64)
        want = np.load(os.path.join(io, "output_0.npy")).astype(np.float64)
        err = np.abs(got - want).max() / np.abs(want).max()
        print("%s: qbint4 fully connected %d of %d linears (rows %s), f32 fully connected with a run-time weight %d, "
              "portable %s; %.1f ms per call; packed %s; logits error %.3g of max|eager|" % (
                  name, len(fcs), linears, ",".join(sorted(set(fcs))) or "-", f32_dyn, ",".join(portable) or "none",
                  ms, "%.1f MB" % (int(packed.group(1)) / 1e6) if packed else "?", err))


if __name__ == "__main__":
    main()
