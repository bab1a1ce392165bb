#!/usr/bin/python3
"""bf16 latency on real torchvision models (issue 15): each model imported by
xnn-import-torch in f32 and in bf16, delegated as f32, bf16 exact and bf16
relaxed, and timed with xnn-run --repeat on one thread in interleaved rounds;
prints medians and the bf16 / f32 ratios measured in the same run.

--batch-norm kept (default) keeps batch norm in both imports: PyTorch's bf16
model rounds the convolution's output and then the batch norm's, two rounding
points per convolution. --batch-norm folded folds it into the convolutions
first (in f32 with torch.fx's fuse, as ExecuTorch's export does;
folded_torchvision.py), so the bf16 model is the folded one cast to bf16: one
rounding point per convolution.

Needs Debian's /usr/bin/python3 with python3-torch and python3-torchvision.

  /usr/bin/python3 benchmarks/bf16_torchvision.py [--build build] [--models a,b]
      [--resolution 96] [--rounds 5] [--repeat 20] [--batch-norm kept|folded] [--keep DIR]
"""
import argparse
import os
import statistics
import sys
import tempfile

from bf16 import latency, run  # the same process runner and xnn-run --repeat timing

HERE = os.path.dirname(os.path.abspath(__file__))
IMPORT = os.path.join(HERE, "..", "utils", "xnn_import_torch.py")
FOLDED = os.path.join(HERE, "folded_torchvision.py")
DEFAULT = ["mobilenet_v2", "shufflenet_v2_x0_5", "efficientnet_b0", "resnet18"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--models", default=",".join(DEFAULT))
    ap.add_argument("--resolution", type=int, default=96)
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median over them)")
    ap.add_argument("--repeat", type=int, default=20, help="xnn-run --repeat per round")
    ap.add_argument("--batch-norm", choices=("kept", "folded"), default="kept")
    ap.add_argument("--keep", help="keep the models in this directory")
    o = ap.parse_args()
    opt = os.path.join(o.build, "bin", "xnn-opt")
    xrun = os.path.join(o.build, "bin", "xnn-run")
    work = o.keep or tempfile.mkdtemp(prefix="xnn-bf16-tv-")
    os.makedirs(work, exist_ok=True)
    print("| model | f32 ms | bf16 exact ms (x f32) | bf16 relaxed ms (x f32) |")
    print("|---|---|---|---|")
    for name in o.models.split(","):
        shape = "1,3,%d,%d" % (o.resolution, o.resolution)
        src = {}
        for dtype in ("f32", "bf16"):
            src[dtype] = os.path.join(work, "%s.%s.mlir" % (name, dtype))
            if o.batch_norm == "kept":
                run([sys.executable, IMPORT, "torchvision:" + name, "--dtype", dtype, "--no-fold-batch-norm",
                     "--input-shape", shape, "-o", src[dtype]])
            else:
                os.environ.update(XNN_TV_MODEL=name, XNN_TV_RESOLUTION=str(o.resolution))
                run([sys.executable, IMPORT, FOLDED + ":model", "--dtype", dtype, "-o", src[dtype]])
        variants = {"f32": (src["f32"], "--xnn-delegate"), "exact": (src["bf16"], "--xnn-delegate"),
                    "relaxed": (src["bf16"], "--xnn-delegate=bf16-rounding=relaxed")}
        lowered = {}
        for v, (path, flag) in variants.items():
            lowered[v] = os.path.join(work, "%s.%s.delegated.mlir" % (name, v))
            run([opt, path, flag, "-o", lowered[v]])
        times = {v: [] for v in variants}
        for _ in range(o.rounds):
            for v in variants:
                times[v].append(latency(xrun, lowered[v], o.repeat))
        med = {v: statistics.median(t) for v, t in times.items()}
        print("| %s | %.2f | %.2f (%.2fx) | %.2f (%.2fx) |" % (
            name, med["f32"], med["exact"], med["exact"] / med["f32"], med["relaxed"], med["relaxed"] / med["f32"]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
