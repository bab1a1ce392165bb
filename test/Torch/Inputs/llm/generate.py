#!/usr/bin/python3
"""Greedy generation through the user path, checked against PyTorch eager.

For a decoder file (gemma3_hf.py, llama_et.py: factories `prefill` and
`decode`): xnn-import-torch writes the prefill call (8 tokens) and the decode
call (1 token) with their KV caches as xnn.state, xnn-opt --xnn-delegate
lowers both, and xnn-run runs the prompt then 16 greedy steps, each call's
state results fed to the next call. PyTorch runs the same module eagerly.

f32: tokens identical to eager f32, every step's logits within 1e-5 of eager
relative to the step's largest |logit|. bf16: every step's logits are
compared with the module run in f64 on the same tokens (eager f32's greedy
sequence); our error must be within 1.5x PyTorch bf16 eager's own, and the
argmax equal wherever PyTorch's top-2 gap exceeds that error.

Usage: generate.py BUILD_BIN WORKDIR MODEL.py [--dtype f32|bf16] [--steps N]"""
import argparse
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

PROMPT = 8


def load(path):
    s = importlib.util.spec_from_file_location("model", path)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    return m


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


def bf16_bits_to_f32(a):
    return torch.from_numpy((a.astype(np.uint32) << 16).view(np.float32))


def read(path, bf16):
    a = np.load(path)
    return bf16_bits_to_f32(a) if bf16 and a.dtype == np.uint16 else torch.from_numpy(a)


def last_logits(t):
    t = t.float()
    return t.reshape(-1, t.shape[-1])[-1]


class Ours:
    """The imported prefill and decode calls, run by xnn-run."""

    def __init__(self, binary, work, path, dtype):
        self.binary, self.work, self.bf16 = binary, work, dtype == "bf16"
        self.lowered = {}
        for fac in ("prefill", "decode"):
            model = os.path.join(work, fac + ".mlir")
            run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), "%s:%s" % (path, fac),
                 "--dtype", dtype, "-o", model, "--save-io", os.path.join(work, fac + "_io")])
            self.lowered[fac] = os.path.join(work, fac + ".lowered.mlir")
            run([os.path.join(binary, "xnn-opt"), model, "--xnn-delegate", "-o", self.lowered[fac]])
        io = os.path.join(work, "prefill_io")
        n = len([f for f in os.listdir(io) if f.startswith("input_")])
        self.state = [os.path.join(io, "input_%d.npy" % i) for i in range(2, n)]  # initial caches
        self.calls = 0

    def call(self, fac, tokens, pos):
        d = os.path.join(self.work, "call%d" % self.calls)
        self.calls += 1
        os.makedirs(d, exist_ok=True)
        for i, t in enumerate((tokens, pos)):
            with open(os.path.join(d, "input_%d.npy" % i), "wb") as f:
                f.write(imp.npy_bytes(t))
        inputs = [os.path.join(d, "input_0.npy"), os.path.join(d, "input_1.npy")] + self.state
        run([os.path.join(self.binary, "xnn-run"), self.lowered[fac], "--input=" + ",".join(inputs),
             "--output-dir", os.path.join(d, "out")])
        self.state = [os.path.join(d, "out", "output_%d.npy" % (1 + i)) for i in range(len(self.state))]
        return last_logits(read(os.path.join(d, "out", "output_0.npy"), self.bf16))


def eager_logits(module, tokens, pos):
    with torch.no_grad():
        return last_logits(module(tokens, pos))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("work")
    ap.add_argument("model")
    ap.add_argument("--dtype", choices=["f32", "bf16"], default="f32")
    ap.add_argument("--steps", type=int, default=16)
    o = ap.parse_args()
    os.makedirs(o.work, exist_ok=True)
    path = os.path.abspath(o.model)
    m = load(path)
    torch.manual_seed(0)
    prompt, _ = m.prefill()[1]
    ours = Ours(o.bin, o.work, path, o.dtype)

    def fresh(dtype):
        torch.manual_seed(0)
        return m.prefill()[0].to(dtype)

    # Eager f32 greedy: the reference token sequence.
    ref = fresh(torch.float32)
    tokens = prompt
    pos = torch.arange(PROMPT)
    seq, ref_logits = [], []
    for step in range(o.steps + 1):
        lg = eager_logits(ref, tokens, pos)
        ref_logits.append(lg)
        nxt = int(lg.argmax())
        seq.append(nxt)
        tokens, pos = torch.tensor([[nxt]]), torch.tensor([PROMPT + step])
    if o.dtype == "f32":
        tokens, pos = prompt, torch.arange(PROMPT)
        worst = 0.0
        for step in range(o.steps + 1):
            lg = ours.call("prefill" if step == 0 else "decode", tokens, pos)
            err = float((lg - ref_logits[step]).abs().max() / ref_logits[step].abs().max())
            worst = max(worst, err)
            nxt = int(lg.argmax())
            if nxt != seq[step]:
                raise SystemExit("step %d: greedy token %d, PyTorch %d" % (step, nxt, seq[step]))
            if err > 1e-5:
                raise SystemExit("step %d: logits %.3g relative from PyTorch's (limit 1e-5)" % (step, err))
            tokens, pos = torch.tensor([[nxt]]), torch.tensor([PROMPT + step])
        print("f32: %d tokens identical to PyTorch eager; largest relative logit error %.3g" % (len(seq), worst))
        return
    # bf16: teacher-forced on the reference sequence; errors against the model in f64.
    f64, tb = fresh(torch.float64), fresh(torch.bfloat16)
    tokens, pos = prompt, torch.arange(PROMPT)
    worst_ratio, ours_max, torch_max, checked, agree = 0.0, 0.0, 0.0, 0, 0
    for step in range(o.steps + 1):
        exact = eager_logits(f64, tokens, pos).double()
        theirs = eager_logits(tb, tokens, pos).double()
        lg = ours.call("prefill" if step == 0 else "decode", tokens, pos).double()
        scale = exact.abs().max()
        e_ours = float((lg - exact).abs().max() / scale)
        e_torch = float((theirs - exact).abs().max() / scale)
        ours_max, torch_max = max(ours_max, e_ours), max(torch_max, e_torch)
        if e_ours > 1.5 * e_torch:
            raise SystemExit("step %d: bf16 error against f64 %.3g, PyTorch bf16's %.3g (limit 1.5x)" %
                             (step, e_ours, e_torch))
        worst_ratio = max(worst_ratio, e_ours / e_torch if e_torch else 0.0)
        top2 = torch.topk(theirs, 2).values
        if float(top2[0] - top2[1]) / float(scale) > e_ours:
            checked += 1
            if int(lg.argmax()) != int(theirs.argmax()):
                raise SystemExit("step %d: argmax %d, PyTorch bf16 %d with a top-2 gap above the error" %
                                 (step, int(lg.argmax()), int(theirs.argmax())))
            agree += 1
        nxt = seq[step]
        tokens, pos = torch.tensor([[nxt]]), torch.tensor([PROMPT + step])
    print("bf16: error against f64 at most %.3g (PyTorch bf16 %.3g; worst step ratio %.2f); argmax equal on "
          "%d of %d steps with a clear top-2 gap" % (ours_max, torch_max, worst_ratio, agree, checked))


if __name__ == "__main__":
    main()
