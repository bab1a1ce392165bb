#!/usr/bin/env python3
"""Compile time of a deep gemma3 graph against the mlir-opt parse+print floor
(issue 29).

Generates gemma3 with many layers (default 260, bf16, weights elided: about
36k ops and 4 MB of text) once, then times, interleaved in every round so
that the shared machine's drift hits all of them alike:

  pipeline  build/bin/xnn-opt IN --xnn-delegate -o OUT
  floor     mlir-opt --irdl-file=build/share/xnnmlir/xnnmlir.irdl.mlir IN -o OUT
  floor B   build/bin/xnn-opt IN -o OUT                (this project's parse+print)

and prints the medians (wall time of the whole process, spawn to exit), the
pipeline / floor ratio (goal <= 1.5x) and the output sizes against the
input's (goal <= 1.5x). Never asserts a timing; exits 1 only if a command
fails. Python 3 standard library only.

    python3 benchmarks/compile_gemma_deep.py                    # 260 layers, 9 rounds
    python3 benchmarks/compile_gemma_deep.py --layers 26 --rounds 5 --dtype f32
    python3 benchmarks/compile_gemma_deep.py --timing          # plus one --mlir-timing split
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
GEN = os.path.join(SRC, "utils", "gen_models.py")


def run_timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = p.communicate()
    t1 = time.perf_counter()
    if p.returncode != 0:
        sys.exit("failed (exit %d): %s\n%s" % (p.returncode, " ".join(cmd), err.decode()[-2000:]))
    return t1 - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.path.join(SRC, "build"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--layers", type=int, default=260)
    ap.add_argument("--dtype", default="bf16", choices=["f32", "f16", "bf16"])
    ap.add_argument("--weights", default="elided", choices=["elided", "zero"])
    ap.add_argument("--rounds", type=int, default=9, help="interleaved rounds (default 9)")
    ap.add_argument("--timing", action="store_true", help="also print one run's --mlir-timing report")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()

    build = os.path.abspath(args.build_dir)
    xnn_opt = os.path.join(build, "bin", "xnn-opt")
    irdl = os.path.join(build, "share", "xnnmlir", "xnnmlir.irdl.mlir")
    for f in (xnn_opt, irdl, args.mlir_opt):
        if not os.path.exists(f):
            sys.exit("missing %s (build first)" % f)
    work = tempfile.mkdtemp(prefix="xnnmlir-deep-")
    try:
        model = os.path.join(work, "model.mlir")
        subprocess.run([sys.executable, GEN, "gemma3", "--layers", str(args.layers), "--dtype", args.dtype,
                        "--weights", args.weights, "-o", model], check=True, stdout=subprocess.DEVNULL)
        outs = {k: os.path.join(work, k + ".mlir") for k in ("pipeline", "floor", "floorB")}
        cmds = {
            "pipeline": [xnn_opt, model, "--xnn-delegate", "-o", outs["pipeline"]],
            "floor": [args.mlir_opt, "--irdl-file=" + irdl, model, "-o", outs["floor"]],
            "floorB": [xnn_opt, model, "-o", outs["floorB"]],
        }
        times = {k: [] for k in cmds}
        for _ in range(args.rounds):
            for k, cmd in cmds.items():
                times[k].append(run_timed(cmd))
        med = {k: statistics.median(v) for k, v in times.items()}
        size_in = os.path.getsize(model)
        print("gemma3 %d layers %s, weights %s: input %.2f MB, %d rounds interleaved (medians, s)"
              % (args.layers, args.dtype, args.weights, size_in / 1e6, args.rounds))
        for k, label in (("pipeline", "xnn-opt --xnn-delegate"), ("floor", "mlir-opt --irdl-file parse+print"),
                         ("floorB", "xnn-opt parse+print")):
            size = os.path.getsize(outs[k])
            print("  %-34s %7.3f s  (min %.3f)  output %6.2f MB (%.2fx input)"
                  % (label, med[k], min(times[k]), size / 1e6, size / size_in))
        print("pipeline / mlir-opt floor: %.2fx (goal <= 1.5x)" % (med["pipeline"] / med["floor"]))
        print("xnn-opt floor / mlir-opt floor: %.2fx" % (med["floorB"] / med["floor"]))
        print("per-round pipeline / floor ratios: %s"
              % " ".join("%.2f" % (a / b) for a, b in zip(times["pipeline"], times["floor"])))
        if args.timing:
            r = subprocess.run([xnn_opt, model, "--xnn-delegate", "--mlir-timing", "-o", os.devnull],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            print(r.stderr)
    finally:
        if args.keep:
            print("kept", work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
