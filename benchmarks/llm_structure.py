#!/usr/bin/python3
"""Structure of LLM decoders with a KV cache at full size (issue 28): imports
the Gemma 3 decoder (test/Torch/Inputs/llm/gemma3_hf.py, HuggingFace's form)
and ExecuTorch's llama (llama_et.py) at gemma-3-1b's / llama-3.2-1b's shape
with --elide-weights, one decode step (S = 1) and a prefill call, in f32 and
bf16, and prints xnn-opt --xnn-stats for each, with fold-dtype-converts on
and off. Prints figures only; never asserts.

Usage: /usr/bin/python3 benchmarks/llm_structure.py [--build-dir build]
       [--models gemma3,llama] [--max-len 1024] [--prefill 8] [--workdir DIR]"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODELS = {"gemma3": ("gemma3_hf.py", "GEMMA"), "llama": ("llama_et.py", "LLAMA")}
KEYS = ["delegate segments", "delegated ops", "portable ops", "portable dtype converts",
        "portable float converts"]


def stats(xnn_opt, model, fold):
    r = subprocess.run([xnn_opt, model, "--xnn-delegate=fold-dtype-converts=%s" % ("true" if fold else "false"),
                        "--xnn-stats", "-o", os.devnull], capture_output=True, text=True)
    if r.returncode:
        return None, r.stderr.strip().splitlines()[-1:]
    out = {}
    for k in KEYS:
        m = re.search(r"^xnn-stats: %s: (\d+)" % k, r.stderr, re.M)
        out[k] = int(m.group(1)) if m else None
    reasons = re.findall(r"^xnn-stats: (\d+) portable because: (.*)$", r.stderr, re.M)
    return out, reasons


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--models", default="gemma3,llama")
    ap.add_argument("--max-len", type=int, default=1024)
    ap.add_argument("--prefill", type=int, default=8)
    ap.add_argument("--workdir")
    o = ap.parse_args()
    work = o.workdir or tempfile.mkdtemp(prefix="llm-structure-")
    os.makedirs(work, exist_ok=True)
    xnn_opt = os.path.join(o.build_dir, "bin", "xnn-opt")
    rows = []
    for name in o.models.split(","):
        path, env_prefix = MODELS[name]
        for call, seq, start in (("decode", 1, o.prefill), ("prefill", o.prefill, 0)):
            for dtype in ("f32", "bf16"):
                env = dict(os.environ, **{env_prefix + "_CONFIG": "1b", env_prefix + "_MAX_LEN": str(o.max_len),
                                          env_prefix + "_SEQ": str(seq), env_prefix + "_START": str(start)})
                out = os.path.join(work, "%s_%s_%s.mlir" % (name, call, dtype))
                t0 = time.time()
                r = subprocess.run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"),
                                    "%s:make" % os.path.join(ROOT, "test", "Torch", "Inputs", "llm", path),
                                    "--dtype", dtype, "--elide-weights", "-o", out], env=env,
                                   capture_output=True, text=True)
                took = time.time() - t0
                if r.returncode:
                    print("%s %s %s: import failed: %s" % (name, call, dtype, r.stderr.strip()))
                    continue
                for fold in (True, False):
                    s, reasons = stats(xnn_opt, out, fold)
                    rows.append((name, call, dtype, fold, s, took))
                    if fold and s is not None and dtype == "bf16":
                        print("%s %s bf16: portable ops by reason: %s" % (
                            name, call, "; ".join("%s x %s" % (n, why) for n, why in reasons)))
                sys.stdout.flush()
    print()
    print("| model | call | dtype | fold-dtype-converts | segments | delegated ops | portable ops | "
          "portable dtype converts | portable float converts | import s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, call, dtype, fold, s, took in rows:
        if s is None:
            print("| %s | %s | %s | %s | FAILED | | | | | |" % (name, call, dtype, "on" if fold else "off"))
            continue
        print("| %s | %s | %s | %s | %s | %.0f |" % (name, call, dtype, "on" if fold else "off",
                                                   " | ".join(str(s[k]) for k in KEYS), took))


if __name__ == "__main__":
    main()
