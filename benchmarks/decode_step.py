#!/usr/bin/python3
"""Time of one decode step (issue 30): builds the Gemma 3 test decoder
(test/Torch/Inputs/llm/gemma3_hf.py) at gemma-3-1b's shape (or fewer layers),
imports one decode call (1 token at position --start, KV cache as xnn.state)
with xnn-import-torch, delegates it with xnn-opt --xnn-delegate, and prints per
dtype and thread count: xnn-run's ms per step (median of --repeat calls, the
first call excluded), the sum of its delegates' medians (xnn-run --repeat
--profile), XNNPACK's operator time, PyTorch eager on the same module in this
process, the same call as an emitted C program (xnn-translate --xnn-to-c
--program, examples/run_program.c: created once, --repeat calls on xnn-run's
inputs, cache updated in place; its outputs checked byte for byte against
xnn-run's), the ratios, the delegate segments, and the memory-bandwidth floor
(bytes of weights a step reads / one core's read bandwidth measured in the same
run). Prints figures only; never asserts.

Memory: the import writes bytecode (issue 31): the full-size bf16 import
peaks near 2.4 GB (20 GB as text). Develop with --layers 2 (full vocab and
hidden: the embedding cost stays visible).

Usage: /usr/bin/python3 benchmarks/decode_step.py [--build-dir build]
       [--model gemma3_hf|llama_et|qwen2_hf] [--vocab N] [--layers N | --small] [--dtypes bf16,f32] [--threads 1,2] [--repeat 5]
       [--max-len 1024] [--start 8] [--workdir DIR] [--no-c]"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LLM = os.path.join(ROOT, "test", "Torch", "Inputs", "llm")

# Decoder files of test/Torch/Inputs/llm: the config benchmarked and what it is.
MODELS = {
    "gemma3_hf": ("1b", "Gemma 3 decoder (HuggingFace's form) at gemma-3-1b's shape"),
    "llama_et": ("1b", "ExecuTorch's llama at Llama 3.2 1B's shape"),
    "qwen2_hf": ("0.5b", "Qwen2 decoder (HuggingFace's form) at Qwen2-0.5B's shape"),
}

FACTORY = '''import os, sys
sys.path.insert(0, %(llm)r)
import %(model)s as g
c = dict(g.CONFIGS[%(config)r]); c["layers"] = %(layers)d
if %(vocab)r:
    c["vocab"] = %(vocab)r
g.CONFIGS["bench"] = c
def make():
    return g.build("bench", %(max_len)d), g.inputs(1, %(start)d, vocab=c["vocab"])
'''


def factory_source(layers, max_len, start, model="gemma3_hf", vocab=None):
    """A factory file for xnn-import-torch: `model` with `layers` layers, one token at `start`."""
    return FACTORY % dict(llm=LLM, model=model, config=MODELS[model][0], layers=layers, vocab=vocab,
                          max_len=max_len, start=start)


def build_model(layers, max_len, model="gemma3_hf", vocab=None):
    """(the benchmarked module, its decoder file's module): `model` with `layers` layers."""
    import importlib
    sys.path.insert(0, LLM)
    g = importlib.import_module(model)
    c = dict(g.CONFIGS[MODELS[model][0]])
    c["layers"] = layers
    if vocab:
        c["vocab"] = vocab
    g.CONFIGS["bench"] = c
    return g.build("bench", max_len), g


def eager_ms(layers, max_len, start, dtype, threads, repeat, model="gemma3_hf", vocab=None):
    import torch
    torch.set_num_threads(threads)
    m, g = build_model(layers, max_len, model, vocab)
    m = m.to({"bf16": torch.bfloat16, "f32": torch.float32}[dtype])
    ids, pos = g.inputs(1, start, vocab=g.CONFIGS["bench"]["vocab"])
    times = []
    with torch.no_grad():
        for _ in range(repeat + 1):
            t0 = time.perf_counter()
            m(ids, pos)
            times.append(1e3 * (time.perf_counter() - t0))
    del m
    return statistics.median(times[1:])


def weight_elements(layers, max_len, model="gemma3_hf", vocab=None):
    """Parameters a decode step reads whole: each storage once (a tied embedding / lm_head
    once: lm_head reads it all), an embedding table not tied to a linear layer not at all
    (the gather reads one row)."""
    import torch
    m, _ = build_model(layers, max_len, model, vocab)
    tables = {mod.weight.data_ptr() for mod in m.modules() if isinstance(mod, torch.nn.Embedding)}
    linear = {mod.weight.data_ptr() for mod in m.modules() if isinstance(mod, torch.nn.Linear)}
    seen, n = set(), 0
    for p in m.parameters():
        if p.data_ptr() not in seen and (p.data_ptr() not in tables or p.data_ptr() in linear):
            seen.add(p.data_ptr())
            n += p.numel()
    del m
    return n


def read_bandwidth(gib=1, rounds=5):
    """One core's read bandwidth in bytes/s: the best of `rounds` passes of numpy's max
    (vectorised, memory bound) over a `gib` GiB buffer."""
    import numpy as np
    a = np.ones(gib << 28, dtype=np.float32)
    best = None
    for _ in range(rounds):
        t0 = time.perf_counter()
        a.max()
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return a.nbytes / best


def build_program(o, binary, lowered, work, dtype):
    """The decode call as C (--program) and examples/run_program.c, compiled against
    XNNPACK and the build's libXnnMlir; returns the driver's path."""
    src = os.path.join(work, "decode_%s.c" % dtype)
    driver = os.path.join(work, "driver_%s" % dtype)
    subprocess.run([os.path.join(binary, "xnn-translate"), "--xnn-to-c", "--program", lowered, "-o", src],
                   check=True)
    flags = open(os.path.join(o.build_dir, "share", "xnnmlir", "xnnpack.flags")).read().split()
    lib = os.path.join(o.build_dir, "lib")
    subprocess.run(["cc", "-std=c11", "-O2", "-I" + os.path.join(ROOT, "include"), src,
                    os.path.join(ROOT, "examples", "run_program.c"), "-o", driver] + flags +
                   ["-L" + lib, "-Wl,-rpath,%s:/usr/lib/llvm-22/lib" % lib, "-lXnnMlir"], check=True)
    return driver


def program_ms(driver, io, threads, repeat):
    """ms per step of the compiled program (median of `repeat` calls after the first) and
    whether its outputs equal xnn-run's (in `io`) byte for byte."""
    r = subprocess.run([driver, io, "--expect", io, "--threads", str(threads), "--repeat", str(repeat)],
                       capture_output=True, text=True)
    if r.returncode and "DIFFER" not in r.stdout:
        print("C program failed: %s" % (r.stderr.strip()[-400:]))
        return None, False
    ms = float(re.search(r"^time: median ([\d.]+) ms", r.stdout, re.M).group(1))
    return ms, "DIFFER" not in r.stdout and r.stdout.rstrip().endswith("OK")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--model", choices=sorted(MODELS), default="gemma3_hf",
                    help="decoder of test/Torch/Inputs/llm at its 1B-class config (default gemma3_hf)")
    ap.add_argument("--vocab", type=int, help="vocabulary size (default: the config's)")
    ap.add_argument("--layers", type=int, default=26)
    ap.add_argument("--small", action="store_true", help="--layers 2")
    ap.add_argument("--dtypes", default="bf16,f32")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--max-len", type=int, default=1024)
    ap.add_argument("--start", type=int, default=8)
    ap.add_argument("--no-eager", action="store_true")
    ap.add_argument("--workdir")
    ap.add_argument("--no-c", action="store_true", help="skip the emitted C program")
    o = ap.parse_args()
    layers = 2 if o.small else o.layers
    work = o.workdir or tempfile.mkdtemp(prefix="decode-step-")
    os.makedirs(work, exist_ok=True)
    binary = os.path.join(o.build_dir, "bin")
    factory = os.path.join(work, "factory_%s_%d.py" % (o.model, layers))
    with open(factory, "w") as f:
        f.write(factory_source(layers, o.max_len, o.start, o.model, o.vocab))
    bandwidth = read_bandwidth()
    elements = weight_elements(layers, o.max_len, o.model, o.vocab)
    rows = []
    for dtype in o.dtypes.split(","):
        tag = "" if o.model == "gemma3_hf" else o.model + "_"
        model = os.path.join(work, "decode_%s%d_%s.mlirbc" % (tag, layers, dtype))  # bytecode: a streaming import
        lowered = os.path.join(work, "decode_%s%d_%s.lowered.mlir" % (tag, layers, dtype))
        if not os.path.exists(lowered):
            r = subprocess.run([sys.executable, os.path.join(ROOT, "utils", "xnn-import-torch"), factory + ":make",
                                "--dtype", dtype, "-o", model], capture_output=True, text=True)
            if r.returncode:
                print("%s: import failed: %s" % (dtype, r.stderr.strip()))
                continue
            r = subprocess.run([os.path.join(binary, "xnn-opt"), model, "--xnn-delegate", "--xnn-stats",
                                "-o", lowered], capture_output=True, text=True)
            os.remove(model)
            if r.returncode:
                print("%s: xnn-opt failed: %s" % (dtype, r.stderr.strip()))
                continue
        r = subprocess.run([os.path.join(binary, "xnn-opt"), lowered, "--xnn-stats", "-o", os.devnull],
                           capture_output=True, text=True)
        seg = len(re.findall(r"^\s*func\.func private @\w+\(.*xnn\.delegate", open(lowered).read(), re.M))
        driver = None if o.no_c else build_program(o, binary, lowered, work, dtype)
        for threads in [int(t) for t in o.threads.split(",")]:
            r = subprocess.run([os.path.join(binary, "xnn-run"), lowered, "--repeat", str(o.repeat), "--profile",
                                "--threads", str(threads), "--output-dir", os.path.join(work, "out")],
                               capture_output=True, text=True)
            if r.returncode:
                print("%s %d threads: xnn-run failed: %s" % (dtype, threads, r.stderr.strip()[-400:]))
                continue
            step = float(re.search(r"^time: median ([\d.]+) ms", r.stdout, re.M).group(1))
            dels = [float(x) for x in re.findall(r"^delegate @\S+: median ([\d.]+) ms", r.stdout, re.M)]
            prof = float(re.search(r"^profile: ([\d.]+) ms", r.stdout, re.M).group(1))
            c_ms, c_equal = (None, False) if driver is None else program_ms(driver, os.path.join(work, "out"),
                                                                           threads, o.repeat)
            eager = None if o.no_eager else eager_ms(layers, o.max_len, o.start, dtype, threads, o.repeat,
                                                     o.model, o.vocab)
            rows.append((dtype, threads, step, sum(dels), prof, eager, len(dels) or seg, c_ms, c_equal))
            print(rows[-1])
            sys.stdout.flush()
    print()
    print("%s, %d layers, vocab %s, max_len %d, one token at position %d, median of %d calls" % (
        MODELS[o.model][1], layers, o.vocab or "of the config", o.max_len, o.start, o.repeat))
    print()
    print("| dtype | threads | xnn-run ms/step | emitted C ms/step | C / xnn-run | C outputs = xnn-run's | "
          "delegates sum ms | XNNPACK operators ms | eager ms | step / delegates | eager / step | segments |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for dtype, threads, step, dels, prof, eager, seg, c_ms, c_equal in rows:
        print("| %s | %d | %.1f | %s | %s | %s | %.1f | %.1f | %s | %.2f | %s | %d |" % (
            dtype, threads, step, "-" if c_ms is None else "%.1f" % c_ms,
            "-" if c_ms is None else "%.3f" % (c_ms / step), "-" if c_ms is None else ("yes" if c_equal else "NO"),
            dels, prof, "-" if eager is None else "%.1f" % eager, step / dels,
            "-" if eager is None else "%.2f" % (eager / step), seg))
    print()
    print("Bandwidth floor (1 thread): one core reads %.1f GB/s (numpy max over 1 GiB, best of 5); "
          "a step reads %.0f M parameters (a tied embedding / lm_head once, an untied embedding not)." % (
              bandwidth / 1e9, elements / 1e6))
    print("XNNPACK packs bf16 weights as f32 (no bf16 GEMM in the pinned version): 4 bytes per parameter; "
          "reading bf16 would be 2.")
    print()
    print("| dtype | threads | xnn-run ms/step | floor ms (bytes XNNPACK reads) | step / floor | "
          "floor ms (bytes stored: bf16 2, f32 4) | step / that floor |")
    print("|---|---|---|---|---|---|---|")
    for dtype, threads, step, dels, prof, eager, seg, c_ms, c_equal in rows:
        read = 4 * elements / bandwidth * 1e3
        stored = (2 if dtype == "bf16" else 4) * elements / bandwidth * 1e3
        print("| %s | %d | %.1f | %.1f | %.2f | %.1f | %.2f |" % (dtype, threads, step, read, step / read, stored,
                                                               step / stored))


if __name__ == "__main__":
    main()
