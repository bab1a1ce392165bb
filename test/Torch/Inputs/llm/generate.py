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

With --export default|decomposed (torch 2, f32): the importer is given each
call as torch.export's ExportedProgram, exported under no_grad as ExecuTorch
does (its default IR, or after run_decompositions()), from a factory file
(EXPORT_WRAPPER), or with --pt2 as a file torch.export.save wrote.

Usage: generate.py BUILD_BIN WORKDIR MODEL.py [--dtype f32|bf16] [--steps N] [--export IR [--pt2]]"""
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


# Factories returning the model file's prefill / decode calls as ExportedPrograms.
EXPORT_WRAPPER = """import importlib.util
import torch
_s = importlib.util.spec_from_file_location("model", %r)
_m = importlib.util.module_from_spec(_s)
_s.loader.exec_module(_m)


def _export(factory):
    module, inputs = factory()
    with torch.no_grad():
        ep = torch.export.export(module, tuple(inputs))
        if %r == "decomposed":
            ep = ep.run_decompositions()
    return ep, inputs


def prefill():
    return _export(_m.prefill)


def decode():
    return _export(_m.decode)


def save(directory):
    for name in ("prefill", "decode"):
        torch.export.save(globals()[name]()[0], "%%s/%%s.pt2" %% (directory, name))
"""


class Ours:
    """The imported prefill and decode calls, run by xnn-run."""

    def __init__(self, binary, work, path, dtype, export=None, pt2=False):
        self.binary, self.work, self.bf16 = binary, work, dtype == "bf16"
        self.lowered = {}
        if export:
            wrapper = os.path.join(work, "exported.py")
            with open(wrapper, "w") as f:
                f.write(EXPORT_WRAPPER % (path, export))
            path = wrapper
            if pt2:
                run([sys.executable, "-c", "import sys; sys.path.insert(0, %r); import exported; exported.save(%r)"
                     % (work, work)])
        for fac in ("prefill", "decode"):
            model = os.path.join(work, fac + ".mlir")
            spec = os.path.join(work, fac + ".pt2") if pt2 else "%s:%s" % (path, fac)
            run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), spec] +
                ([] if export else ["--dtype", dtype]) +
                ["-o", model, "--save-io", os.path.join(work, fac + "_io")])
            self.lowered[fac] = os.path.join(work, fac + ".lowered.mlir")
            run([os.path.join(binary, "xnn-opt"), model, "--xnn-delegate", "-o", self.lowered[fac]])
        io = os.path.join(work, "prefill_io")
        n = len([f for f in os.listdir(io) if f.startswith("input_")])
        self.initial = [os.path.join(io, "input_%d.npy" % i) for i in range(2, n)]  # initial caches
        self.state = self.initial
        self.calls = 0

    def restart(self):
        self.state = self.initial

    def steps(self, prompt, n):
        """The user path of xnn-run --steps: the prompt prefilled with one module, then n greedy
        decode steps with the other, chained by --state-from; returns all greedy tokens."""
        d = os.path.join(self.work, "steps")
        os.makedirs(d, exist_ok=True)
        for i, t in enumerate((prompt, torch.arange(prompt.shape[-1]))):
            with open(os.path.join(d, "input_%d.npy" % i), "wb") as f:
                f.write(imp.npy_bytes(t))
        inputs = [os.path.join(d, "input_0.npy"), os.path.join(d, "input_1.npy")] + self.initial
        feed = ["--greedy-feed", "0:0", "--position-arg", "1"]
        first = run([os.path.join(self.binary, "xnn-run"), self.lowered["prefill"], "--input=" + ",".join(inputs),
                     "--output-dir", os.path.join(d, "prefill")] + feed)
        rest = run([os.path.join(self.binary, "xnn-run"), self.lowered["decode"], "--state-from",
                    os.path.join(d, "prefill"), "--steps", str(n), "--output-dir", os.path.join(d, "decode")] + feed)
        tokens = []
        for r in (first, rest):
            line = [ln for ln in r.stdout.splitlines() if ln.startswith("tokens:")]
            tokens += [int(t) for t in line[-1].split()[1:]]
        return tokens

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
    ap.add_argument("--export", choices=["default", "decomposed"])
    ap.add_argument("--pt2", action="store_true")
    o = ap.parse_args()
    if o.export and o.dtype != "f32":
        raise SystemExit("--export: f32 only")
    os.makedirs(o.work, exist_ok=True)
    path = os.path.abspath(o.model)
    m = load(path)
    torch.manual_seed(0)
    prompt, _ = m.prefill()[1]
    ours = Ours(o.bin, o.work, path, o.dtype, o.export, o.pt2)

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
        # The same through xnn-run --steps (prefill, then the decode loop in one process).
        stepped = ours.steps(prompt, o.steps)
        if stepped != seq:
            raise SystemExit("xnn-run --steps greedy tokens %s, PyTorch %s" % (stepped, seq))
        # Greedy decoding of a random model soon repeats one token; teacher-forced random tokens
        # write distinct keys and values at every cache position.
        forced, _ = m.inputs(o.steps, seed=7)
        ref, ours_forced = fresh(torch.float32), []
        ours.restart()
        tokens, pos = prompt, torch.arange(PROMPT)
        for step in range(o.steps + 1):
            want = eager_logits(ref, tokens, pos)
            lg = ours.call("prefill" if step == 0 else "decode", tokens, pos)
            err = float((lg - want).abs().max() / want.abs().max())
            worst = max(worst, err)
            if err > 1e-5 or int(lg.argmax()) != int(want.argmax()):
                raise SystemExit("teacher-forced step %d: logits %.3g relative from PyTorch's (limit 1e-5), "
                                 "argmax %d vs %d" % (step, err, int(lg.argmax()), int(want.argmax())))
            ours_forced.append(int(lg.argmax()))
            if step < o.steps:
                tokens, pos = forced[:, step:step + 1], torch.tensor([PROMPT + step])
        print("f32: %d greedy tokens identical to PyTorch eager, per call and with xnn-run --steps; "
              "teacher-forced on %d random tokens: %d distinct argmaxes, all equal; largest relative "
              "logit error %.3g" % (len(seq), o.steps, len(set(ours_forced)), worst))
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
