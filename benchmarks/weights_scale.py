#!/usr/bin/python3
"""Real weights at LLM scale (issue 17): gemma-3-1b with seeded random weights
(about 2 GB in bf16) through generate -> xnn-delegate -> emit C + weights file
-> compile -> run, and the elided model through xnn-delegate.

Every step starts after a sync (untimed) with warm caches, so that none pays
for an earlier step's writeback. Prints, as medians of --rounds interleaved rounds:
  - wall time and peak RSS of `xnn-opt --xnn-delegate --emit-bytecode` and of
    `xnn-translate --xnn-to-c` (weights file beside the C), against `cp` of
    the input model and of the weights file measured in the same rounds;
  - the same in one process (`xnn-translate -p 'builtin.module(xnn-delegate)'`);
  - peak RSS against the weight bytes at the size XNNPACK takes them (bf16
    counted as f32, though the pipeline keeps them bf16 and the runtime or
    the compiled program widens them when a delegate is created);
then one forward pass (8 tokens) of delegate 0 (the whole model but the
embedding gather, which is portable) through `xnn-run` and through the
compiled program on the same seeded inputs (bit-equal expected), one of the
whole forward function through xnn-run, and the elided model's statistics in
f32, bf16 and f16 against the zero-splat model's.

  python3 benchmarks/weights_scale.py [--build build] [--workdir DIR] [--rounds 3]
        [--layers 26] [--skip-run] [--keep]

Needs about 3x the weight bytes of free disk in --workdir (default: a new
directory under /tmp) and about 2.5x in memory. Stdlib only.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GEN = os.path.join(ROOT, "utils", "gen_models.py")


LAST_CPU = [0.0, 0.0]  # user and system seconds of the last run()


def settle():
    """Flushes dirty pages left by earlier steps (untimed), so that no step pays for an earlier step's writeback.
    Caches stay warm: every step reads from memory, as cp does."""
    os.sync()


def run(cmd, env=None, capture=True):
    """Runs cmd; returns (seconds, peak RSS in bytes, stdout+stderr text). Exits on failure."""
    settle()
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                         stderr=subprocess.STDOUT, env=env)
    out = p.stdout.read() if capture else b""
    _, status, usage = os.wait4(p.pid, 0)
    secs = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    text = out.decode(errors="replace")
    LAST_CPU[:] = [usage.ru_utime, usage.ru_stime]
    if p.returncode:
        sys.exit("weights_scale.py: %s failed (exit %d):\n%s" % (" ".join(cmd), p.returncode, text[-3000:]))
    return secs, usage.ru_maxrss * 1024, text


def gib(n):
    return "%.2f GB" % (n / 1e9)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--workdir", default=None, help="where the model files go (default: a new /tmp directory)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--layers", type=int, default=26, help="decoder layers (26 = gemma-3-1b)")
    ap.add_argument("--skip-run", action="store_true", help="no compile and run (timing and memory only)")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    a = ap.parse_args()
    bindir = os.path.join(os.path.abspath(a.build), "bin")
    xnn_opt, xnn_translate, xnn_run = (os.path.join(bindir, t) for t in ("xnn-opt", "xnn-translate", "xnn-run"))
    work = a.workdir or tempfile.mkdtemp(prefix="xnnmlir-weights-")
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, XNN_OPT=xnn_opt)
    gemma = ["gemma3", "--layers", str(a.layers)]
    try:
        model = os.path.join(work, "gemma3-bf16.mlirbc")
        secs, rss, _ = run([sys.executable, GEN] + gemma + ["--dtype", "bf16", "--weights", "random", "--force",
                                                          "--seed", "0", "-o", model], env=env)
        model_bytes = os.path.getsize(model)
        print("generated %s: %s of bytecode in %.1f s (gen_models.py + xnn-opt --emit-bytecode)"
              % (os.path.basename(model), gib(model_bytes), secs))

        delegated = os.path.join(work, "delegated.mlirbc")
        source = os.path.join(work, "model.c")
        weights = source + ".weights"
        rows = {k: [] for k in ("cp_in", "delegate", "emit", "cp_weights", "rss_delegate", "rss_emit", "one",
                                "rss_one")}
        one_source = os.path.join(work, "one.c")
        for r in range(a.rounds):
            t, _, _ = run(["cp", model, model + ".copy"])
            os.unlink(model + ".copy")
            rows["cp_in"].append(t)
            t, m, _ = run([xnn_opt, model, "--xnn-delegate", "--emit-bytecode", "-o", delegated])
            rows["delegate"].append(t)
            rows["rss_delegate"].append(m)
            t, m, _ = run([xnn_translate, "--xnn-to-c", delegated, "-o", source])
            rows["emit"].append(t)
            rows["rss_emit"].append(m)
            t, _, _ = run(["cp", weights, weights + ".copy"])
            os.unlink(weights + ".copy")
            rows["cp_weights"].append(t)
            t, m, _ = run([xnn_translate, "--xnn-to-c", "--pass-pipeline=builtin.module(xnn-delegate)", model,
                           "-o", one_source])
            rows["one"].append(t)
            rows["rss_one"].append(m)
            one_cpu = tuple(LAST_CPU)
            os.unlink(one_source + ".weights")
            print("round %d: cp model %.2f s, delegate %.2f s, emit %.2f s, cp weights %.2f s, one process %.2f s"
                  " (user %.2f s, system %.2f s)"
                  % (r + 1, rows["cp_in"][-1], rows["delegate"][-1], rows["emit"][-1], rows["cp_weights"][-1],
                     rows["one"][-1], one_cpu[0], one_cpu[1]))
        med = {k: statistics.median(v) for k, v in rows.items()}
        # The weights at the size XNNPACK takes them (bf16 counted as f32): twice the bf16 model file.
        weight_bytes = 2 * model_bytes
        total = med["delegate"] + med["emit"]
        print()
        print("| step | median | vs cp of the model (%s) | vs cp of the weights file (%s) | peak RSS | RSS / weights at f32 (%s) |"
              % (gib(model_bytes), gib(os.path.getsize(weights)), gib(weight_bytes)))
        print("|---|---|---|---|---|---|")
        print("| cp model | %.2f s | 1.00x | | | |" % med["cp_in"])
        print("| cp weights file | %.2f s | | 1.00x | | |" % med["cp_weights"])
        for name, key, rk in (("xnn-opt --xnn-delegate --emit-bytecode", "delegate", "rss_delegate"),
                              ("xnn-translate --xnn-to-c", "emit", "rss_emit")):
            print("| %s | %.2f s | %.2fx | %.2fx | %s | %.2fx |" % (name, med[key], med[key] / med["cp_in"],
                  med[key] / med["cp_weights"], gib(med[rk]), med[rk] / weight_bytes))
        print("| delegate + emit | %.2f s | %.2fx | %.2fx | | |" % (total, total / med["cp_in"], total / med["cp_weights"]))
        print("| one process: xnn-translate --xnn-to-c -p 'builtin.module(xnn-delegate)' | %.2f s | %.2fx | %.2fx | %s | %.2fx |"
              % (med["one"], med["one"] / med["cp_in"], med["one"] / med["cp_weights"], gib(med["rss_one"]),
                 med["rss_one"] / weight_bytes))
        low = {k: min(v) for k, v in rows.items()}
        print("fastest rounds (the machine's noise only adds time): cp model %.2f s, cp weights file %.2f s, "
              "delegate + emit %.2f s (%.2fx cp of the model), one process %.2f s (%.2fx)"
              % (low["cp_in"], low["cp_weights"], low["delegate"] + low["emit"],
                 (low["delegate"] + low["emit"]) / low["cp_in"], low["one"], low["one"] / low["cp_in"]))
        print("source %d bytes, weights file %s, delegated bytecode %s" % (
            os.path.getsize(source), gib(os.path.getsize(weights)), gib(os.path.getsize(delegated))))

        if not a.skip_run:
            print()
            flags = open(os.path.join(a.build, "share", "xnnmlir", "xnnpack.flags")).read().split()
            program = os.path.join(work, "model")
            cc = os.environ.get("CC", "cc")
            t, m, _ = run([cc, "-std=c11", "-O1", source, os.path.join(ROOT, "examples", "run_delegate.c")] + flags
                          + ["-o", program])
            print("compile (%s -O1): %.1f s, %s" % (cc, t, gib(m)))
            io = os.path.join(work, "io")
            t, m, _ = run([xnn_run, delegated, "--func=xnn_delegate_0", "--seed=1", "--output-dir=" + io])
            print("xnn-run delegate 0 (8 tokens, seeded inputs): %.1f s, peak RSS %s" % (t, gib(m)))
            t, m, out = run([program, io, "0"])
            print("compiled program, same inputs: %.1f s, peak RSS %s: %s" % (t, gib(m), out.strip().replace("\n", "; ")))
            if "bitwise equal" not in out or "FAIL" in out:
                sys.exit("weights_scale.py: the compiled program differs from xnn-run")
            t, m, out = run([xnn_run, delegated, "--seed=1"])
            lines = out.strip().splitlines()
            print("xnn-run forward (token ids in, logits out): %.1f s, peak RSS %s; %s" % (t, gib(m), lines[0][:160] if lines else ""))

        print()
        print("elided vs zero-splat gemma-3-1b (xnn-opt --xnn-delegate --xnn-stats=json):")
        keys = ("delegate_segments", "delegated_ops", "portable_ops", "portable_dtype_converts")
        for dtype in ("f32", "bf16", "f16"):
            stats = {}
            for weights_kind in ("elided", "zero"):
                path = os.path.join(work, "gemma-%s-%s.mlir" % (dtype, weights_kind))
                run([sys.executable, GEN, "gemma3", "--dtype", dtype, "--weights", weights_kind, "-o", path], env=env)
                _, _, out = run([xnn_opt, path, "--xnn-delegate", "--xnn-stats=json", "-o", path + ".out"])
                line = [l for l in out.splitlines() if l.startswith("{")][-1]
                stats[weights_kind] = json.loads(line)
                os.unlink(path + ".out")
            same = all(stats["elided"][k] == stats["zero"][k] for k in keys)
            print("  %-4s elided %s | zero %s | %s" % (dtype, ", ".join("%s %d" % (k, stats["elided"][k]) for k in keys),
                  ", ".join(str(stats["zero"][k]) for k in keys), "same" if same else "DIFFERENT"))
    finally:
        if a.keep:
            print("kept %s" % work)
        elif not a.workdir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
