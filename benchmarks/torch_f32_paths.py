#!/usr/bin/python3
"""How far PyTorch's own f32 paths are from each other and from f64 (issue 16):
for each torchvision model (built as xnn-import-torch builds it: random init,
fixed seed, batch norm statistics randomised), runs the model in f32 with
PyTorch's default path, with mkldnn off, and channels-last, and in f64; prints
each f32 path's max |error| against f64 and whether torch.testing.assert_close's
default f32 tolerance holds against f64 and against the default path. Where a
PyTorch path fails assert_close against another, summation order alone breaks
that tolerance, and benchmarks/torch_models.py compares with f64 instead.

Needs Debian's /usr/bin/python3 with python3-torch and python3-torchvision.

  /usr/bin/python3 benchmarks/torch_f32_paths.py [--models resnet50,inception_v3] [--resolution 64] [--seed 0]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "utils"))

import torch  # noqa: E402

import xnn_import_torch as imp  # noqa: E402
from torch_models import MIN_RESOLUTION  # noqa: E402


def first(t):
    return t[0] if isinstance(t, tuple) else t


def close(got, want):
    return bool(((got - want).abs() <= 1e-5 + 1.3e-6 * want.abs()).all())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default="resnet50,inception_v3")
    ap.add_argument("--resolution", type=int, default=64)
    ap.add_argument("--seed", type=int, default=0)
    o = ap.parse_args()
    print("| model | input | max abs output | PyTorch f32 path | max err vs f64 | assert_close vs f64 | "
          "assert_close vs default f32 |")
    print("|---|---|---|---|---|---|---|")
    for name in [m for m in o.models.split(",") if m]:
        res = max(o.resolution, MIN_RESOLUTION.get(name, 0))
        module, inputs = imp.load_spec("torchvision:" + name, [[1, 3, res, res]], o.seed)
        module.eval()
        x = inputs[0]
        with torch.no_grad():
            paths = [("default", first(module(x)))]
            torch.backends.mkldnn.enabled = False
            paths.append(("mkldnn off", first(module(x))))
            torch.backends.mkldnn.enabled = True
            cl = module.to(memory_format=torch.channels_last)
            paths.append(("channels-last", first(cl(x.to(memory_format=torch.channels_last)))))
            truth = first(module.double()(x.double()))
        for label, out in paths:
            print("| %s | %d | %.3g | %s | %.3e | %s | %s |" % (
                name, res, truth.abs().max().item(), label, (out.double() - truth).abs().max().item(),
                "yes" if close(out.double(), truth) else "no", "yes" if close(out, paths[0][1]) else "no"))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
