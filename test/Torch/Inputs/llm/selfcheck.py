#!/usr/bin/python3
"""Each decoder checked against itself, so that the generation test can fail:
prefilling N tokens then decoding token N+1 must give the logits of
prefilling all N+1 tokens at once, in PyTorch eager and through
xnn-import-torch -> xnn-opt --xnn-delegate -> xnn-run (the decode call
reading the cache the prefill call left, chained by --state-from). A decode
from the empty cache must differ, or the comparison proves nothing.

Usage: selfcheck.py BUILD_BIN WORKDIR MODEL.py   (MODEL.py: factories prefill,
decode, make; make reads <PREFIX>_SEQ for its token count)"""
import importlib.util
import os
import subprocess
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "utils"))
import xnn_import_torch as imp  # noqa: E402

N = 8


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode:
        raise SystemExit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


def rel(a, b):
    a, b = a.double().reshape(-1, a.shape[-1])[-1], b.double().reshape(-1, b.shape[-1])[-1]
    return float((a - b).abs().max() / b.abs().max())


def save(path, t):
    with open(path, "wb") as f:
        f.write(imp.npy_bytes(t))


def main():
    binary, work, model = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
    os.makedirs(work, exist_ok=True)
    spec = importlib.util.spec_from_file_location("model", model)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    tokens, _ = m.inputs(N + 1)

    with torch.no_grad():
        whole = m.build()(tokens, torch.arange(N + 1))
        chained = m.build()
        chained(tokens[:, :N], torch.arange(N))
        step = chained(tokens[:, N:], torch.tensor([N]))
        cold = m.build()(tokens[:, N:], torch.tensor([N]))
    eager_err, eager_cold = rel(step, whole), rel(cold, whole)
    if eager_err > 1e-5 or eager_cold < 1e-3:
        raise SystemExit("eager: prefill %d + decode 1 vs prefill %d: %.3g (limit 1e-5); from an empty cache "
                         "%.3g (must exceed 1e-3)" % (N, N + 1, eager_err, eager_cold))

    # Ours: the N+1-token call (make, <PREFIX>_SEQ), the N-token prefill, the 1-token decode.
    env = dict(os.environ, GEMMA_SEQ=str(N + 1), LLAMA_SEQ=str(N + 1), QWEN_SEQ=str(N + 1))
    lowered = {}
    for fac in ("make", "prefill", "decode"):
        src = os.path.join(work, fac + ".mlir")
        cmd = [sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), "%s:%s" % (model, fac), "-o", src]
        run(cmd + (["--save-io", os.path.join(work, "io")] if fac == "make" else []), env=env)
        lowered[fac] = os.path.join(work, fac + ".lowered.mlir")
        run([os.path.join(binary, "xnn-opt"), src, "--xnn-delegate", "-o", lowered[fac]])
    xnn_run = os.path.join(binary, "xnn-run")
    io = os.path.join(work, "io")
    run([xnn_run, lowered["make"], "--input=" + ",".join(os.path.join(io, "input_%d.npy" % i) for i in (0, 1)),
         "--state-init=zeros", "--output-dir", os.path.join(work, "whole")])
    save(os.path.join(work, "prompt.npy"), tokens[:, :N])
    save(os.path.join(work, "prompt_pos.npy"), torch.arange(N))
    save(os.path.join(work, "next.npy"), tokens[:, N:])
    save(os.path.join(work, "next_pos.npy"), torch.tensor([N]))
    run([xnn_run, lowered["prefill"], "--input=%s,%s" % (os.path.join(work, "prompt.npy"),
                                                        os.path.join(work, "prompt_pos.npy")),
         "--state-init=zeros", "--output-dir", os.path.join(work, "prefill")])
    user = "--input=%s,%s" % (os.path.join(work, "next.npy"), os.path.join(work, "next_pos.npy"))
    run([xnn_run, lowered["decode"], user, "--state-from", os.path.join(work, "prefill"),
         "--output-dir", os.path.join(work, "decode")])
    run([xnn_run, lowered["decode"], user, "--state-init=zeros", "--output-dir", os.path.join(work, "cold")])
    out = {d: torch.from_numpy(np.load(os.path.join(work, d, "output_0.npy"))) for d in ("whole", "decode", "cold")}
    ours_err, ours_cold = rel(out["decode"], out["whole"]), rel(out["cold"], out["whole"])
    vs_eager = rel(out["whole"], whole)
    if ours_err > 1e-5 or ours_cold < 1e-3 or vs_eager > 1e-5:
        raise SystemExit("ours: prefill %d + decode 1 vs prefill %d: %.3g (limit 1e-5); from an empty cache %.3g "
                         "(must exceed 1e-3); prefill %d vs eager %.3g (limit 1e-5)" %
                         (N, N + 1, ours_err, ours_cold, N + 1, vs_eager))
    print("prefill %d + decode 1 equals prefill %d: eager %.3g, ours %.3g (from an empty cache: eager %.3g, "
          "ours %.3g)" % (N, N + 1, eager_err, ours_err, eager_cold, ours_cold))


if __name__ == "__main__":
    main()
