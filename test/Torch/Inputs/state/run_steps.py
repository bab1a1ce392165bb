#!/usr/bin/python3
"""Runs stateful modules for several calls through the user path and checks
every call against PyTorch eager: xnn-import-torch (with --save-io) ->
xnn-opt --xnn-delegate -> xnn-run once per call, each xnn.state result fed
back as the next call's state argument, with fresh inputs per call (not the
example's). Usage: run_steps.py BUILD_BIN WORKDIR FILE.py CASE... [--steps N]
(CASE names a `make_<CASE>` factory in FILE.py whose module defines CASES)."""
import argparse
import importlib.util
import os
import subprocess
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "utils"))
import xnn_import_torch as imp  # noqa: E402


def load(path):
    s = importlib.util.spec_from_file_location("cases", path)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    return m


def npy(path):
    a = np.load(path)
    if a.dtype == np.uint16:  # bf16 as its raw bits
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


def close(a, b, rtol=1e-5, atol=1e-5):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if not a.is_floating_point():
        return torch.equal(a, b)
    return bool(((a - b).abs() <= atol + rtol * b.abs()).all())


def check_case(binary, work, path, cases, name, steps):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    spec = "%s:make_%s" % (path, name)
    model, lowered = os.path.join(d, "m.mlir"), os.path.join(d, "l.mlir")
    run([sys.executable, os.path.join(HERE, "..", "..", "..", "..", "utils", "xnn-import-torch"), spec, "-o", model,
         "--save-io", os.path.join(d, "io")])
    run([os.path.join(binary, "xnn-opt"), model, "--xnn-delegate", "-o", lowered])
    module, example = imp.load_spec(spec, [], 0)  # the same module the CLI built (seed 0)
    _, gens = cases.CASES[name]
    n_user = len(example)
    state = None
    g = torch.Generator().manual_seed(7)
    for step in range(steps):
        io = os.path.join(d, "step%d" % step)
        os.makedirs(io, exist_ok=True)
        if step == 0:  # the example inputs and the initial state, as --save-io wrote them
            files = sorted((f for f in os.listdir(os.path.join(d, "io")) if f.startswith("input_")),
                           key=lambda f: int(f[6:-4]))
            args = [npy(os.path.join(d, "io", f)) for f in files]
            xs = args[:n_user]
            expect = [npy(os.path.join(d, "io", "output_%d.npy" % i))
                      for i in range(len([f for f in os.listdir(os.path.join(d, "io")) if f.startswith("output_")]))]
            eager = imp.flatten_tensors(module(*xs))
            n_out = len(eager)
            for i, (a, b) in enumerate(zip(eager, expect)):
                if not torch.equal(a.detach(), b):
                    raise SystemExit("%s: output_%d.npy is not the eager call from the module's state" % (name, i))
        else:
            xs = [f(g) for f in gens]
            args = xs + state
            with torch.no_grad():
                eager = imp.flatten_tensors(module(*xs))
        for i, t in enumerate(args):
            with open(os.path.join(io, "input_%d.npy" % i), "wb") as f:
                f.write(imp.npy_bytes(t))
        run([os.path.join(binary, "xnn-run"), lowered, "--input=" + ",".join(
            os.path.join(io, "input_%d.npy" % i) for i in range(len(args))), "--output-dir", os.path.join(io, "out")])
        outs = [npy(os.path.join(io, "out", "output_%d.npy" % i)) for i in range(n_out + len(args) - n_user)]
        for i, (a, b) in enumerate(zip(outs[:n_out], eager)):
            if not close(a, b.detach()):
                raise SystemExit("%s: call %d, output %d differs from PyTorch: max |diff| %g" %
                                 (name, step, i, (a.double() - b.double()).abs().max()))
        state = outs[n_out:]
        bufs = dict(module.named_buffers())
        # The state after the call equals the module's buffers after the eager call.
        for sname, s in zip(state_names(lowered), state):
            if not close(s, bufs[sname].detach()):
                raise SystemExit("%s: call %d, state '%s' differs from the module's buffer" % (name, step, sname))
    print("ok: %s (%d calls, %d state)" % (name, steps, len(state)))


def state_names(mlir):
    with open(mlir) as f:
        for line in f:
            if "func.func @forward" in line:
                sig = line.split("->")[0]
                import re
                return re.findall(r'xnn\.state = "([^"]*)"', sig)
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("work")
    ap.add_argument("file")
    ap.add_argument("cases", nargs="+")
    ap.add_argument("--steps", type=int, default=4)
    o = ap.parse_args()
    cases = load(o.file)
    torch.set_grad_enabled(False)
    for name in o.cases:
        check_case(o.bin, o.work, os.path.abspath(o.file), cases, name, o.steps)


if __name__ == "__main__":
    main()
