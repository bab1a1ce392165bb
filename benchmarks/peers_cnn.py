#!/usr/bin/env python3
"""torchvision CNNs side by side (issue 42, first cut): xnn-run against ONNX
Runtime 1.21 (CPU execution provider, all graph optimizations) and PyTorch 2.6
eager, same weights (random init, seed 0, batch norm statistics randomised),
same input, same thread count. The outputs are checked to agree before
anything is timed; then `--rounds` alternated rounds of `--runs` runs each,
medians, and each engine's time over ONNX Runtime's.

Runs under the torch 2 root (utils/setup-torch2.sh: python3-torch 2.6,
python3-onnxruntime, python3-onnx):

  utils/torch2-python benchmarks/peers_cnn.py [--models resnet18,mobilenet_v2] [--threads 1]
      [--rounds 3] [--runs 15] [--build build] [--resolution 224]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "utils"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torchvision  # noqa: E402

import xnnmlir_torch as xit  # noqa: E402

DEFAULT = "resnet18,resnet50,mobilenet_v2,mobilenet_v3_large,efficientnet_b0,convnext_tiny,vit_b_16"


def model(name):
    torch.manual_seed(0)
    m = torchvision.models.get_model(name).eval()
    with torch.no_grad():
        for mod in m.modules():
            if isinstance(mod, torch.nn.modules.batchnorm._BatchNorm):
                mod.running_mean.uniform_(-0.5, 0.5)
                mod.running_var.uniform_(0.5, 2.0)
    return m


def xnn_time(build, mod, inp, runs, threads):
    r = subprocess.run([os.path.join(build, "bin", "xnn-run"), mod, "--input", inp, "--repeat=%d" % runs,
                        "--threads=%d" % threads], capture_output=True, text=True, check=True)
    line = next(l for l in (r.stdout + r.stderr).splitlines() if l.startswith("time: median"))
    return float(line.split("median")[1].split("ms")[0])


def median_ms(fn, runs):
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=DEFAULT)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--resolution", type=int, default=224)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    o = ap.parse_args()
    import onnxruntime as ort
    torch.set_num_threads(o.threads)
    work = tempfile.mkdtemp(prefix="peers-")
    print("| model | xnn-run ms | ONNX Runtime ms | torch %s eager ms | xnn-run / ORT | eager / ORT | "
          "max abs diff xnn-run vs ORT, vs eager |" % torch.__version__.split("+")[0])
    print("|---|---|---|---|---|---|---|")
    for name in o.models.split(","):
        m = model(name)
        x = torch.randn(1, 3, o.resolution, o.resolution)
        base = os.path.join(work, name)
        torch.onnx.export(m, (x,), base + ".onnx", opset_version=17, dynamo=False)
        so = ort.SessionOptions()
        so.intra_op_num_threads, so.inter_op_num_threads = o.threads, 1
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        sess = ort.InferenceSession(base + ".onnx", so, providers=["CPUExecutionProvider"])
        feed = {sess.get_inputs()[0].name: x.numpy()}
        text, _ = xit.import_module(m, [x])
        with open(base + ".mlir", "w") as f:
            f.write(text)
        subprocess.run([os.path.join(o.build, "bin", "xnn-opt"), base + ".mlir", "--xnn-delegate", "-o",
                        base + ".d.mlir"], check=True)
        np.save(base + ".in.npy", x.numpy())
        subprocess.run([os.path.join(o.build, "bin", "xnn-run"), base + ".d.mlir", "--input", base + ".in.npy",
                        "--output-dir", base + ".out"], check=True, capture_output=True)
        y = np.load(base + ".out/output_0.npy")
        with torch.no_grad():
            y_eager = m(x).numpy()
        y_ort = sess.run(None, feed)[0]
        d_ort, d_eager = float(np.abs(y - y_ort).max()), float(np.abs(y - y_eager).max())
        if not (np.allclose(y, y_ort, rtol=1e-3, atol=1e-4) and np.allclose(y, y_eager, rtol=1e-3, atol=1e-4)):
            print("| %s | outputs disagree (%.3g vs ORT, %.3g vs eager): not timed |||||| " % (name, d_ort, d_eager))
            continue
        xs, os_, es = [], [], []
        for _ in range(o.rounds):  # alternated: load drifts hit every engine alike
            xs.append(xnn_time(o.build, base + ".d.mlir", base + ".in.npy", o.runs, o.threads))
            os_.append(median_ms(lambda: sess.run(None, feed), o.runs))
            with torch.no_grad():
                es.append(median_ms(lambda: m(x), o.runs))
        xm, om, em = statistics.median(xs), statistics.median(os_), statistics.median(es)
        print("| %s | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.2g, %.2g |" % (name, xm, om, em, xm / om, em / om,
                                                                        d_ort, d_eager), flush=True)


if __name__ == "__main__":
    main()
