#!/usr/bin/python3
"""Quantized decode (issue 32): one decode step of the Gemma 3 test decoder at
gemma-3-1b's shape (benchmarks/decode_step.py's model and import) in f32,
bf16, 8da8w and 8da4w. The quantized variants are the f32 import through
`xnn-quantize-weights{bits=8}` / `{bits=4 group-size=32}` then `xnn-delegate`.
Prints per variant: xnn-run's ms per step on one thread (median of --repeat,
the first call excluded) and tokens/s, its ratio to bf16, the bandwidth floor
(bytes XNNPACK reads per step / one core's read bandwidth measured in the same
run) and the step's ratio to it, xnn-run's peak RSS against the bytes of the
weights it holds, and, over --tokens greedy tokens fed from the variant's own
argmax, the agreement of its logits with the f32 model's on the same tokens
(xnn-run --steps --compare: argmax agreement, max relative error), and a
decode loop's figures: xnn-run --steps --loop-steps greedy steps from
position --start, the state handed from step to step (updated in place),
median ms of the steps after the first and the loop's peak RSS. With
--c-program, for the quantized variants, the same loop as the emitted C
program (xnn-translate --xnn-to-c --program, weights file beside it,
examples/run_program.c at -O2): its median ms per call (--repeat calls after
the loop), peak RSS (the child's ru_maxrss) and whether its outputs equal
xnn-run's bit for bit at every step.
Prints figures only; never asserts.

Usage: /usr/bin/python3 benchmarks/decode_quant.py [--build-dir build]
       [--layers N | --small] [--variants f32,bf16,8da8w,8da4w] [--repeat 5]
       [--tokens 64] [--loop-steps 16] [--c-program] [--workdir DIR]"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import decode_step as ds  # noqa: E402  (its model, factory and bandwidth probe)

PIPELINES = {
    "f32": ("f32", "builtin.module(xnn-delegate)"),
    "bf16": ("bf16", "builtin.module(xnn-delegate)"),
    "8da8w": ("f32", "builtin.module(xnn-quantize-weights{bits=8},xnn-delegate)"),
    "8da4w": ("f32", "builtin.module(xnn-quantize-weights{bits=4 group-size=32},xnn-delegate)"),
}


def linear_elements(layers, max_len):
    """(elements of the linear weights a step reads, each once: the tied lm_head
    included; of the embedding table; of every other parameter). Run in a child
    process: the model must not stay in this one (its resident set would be
    every child's starting point)."""
    import torch
    m, _ = ds.build_model(layers, max_len)
    seen, lin, other = set(), 0, 0
    for mod in m.modules():
        if isinstance(mod, torch.nn.Linear) and mod.weight.data_ptr() not in seen:
            seen.add(mod.weight.data_ptr())
            lin += mod.weight.numel()
    emb = m.embed_tokens.weight.numel()
    for p in m.parameters():
        if p.data_ptr() not in seen:
            seen.add(p.data_ptr())
            other += p.numel()
    return lin, emb, other


def xnnpack_bandwidth(binary):
    """The fastest weight stream the linked XNNPACK reaches on one core: the best
    cold GB/s of its f32 fully connected in xnn-probe-qd8 speed (bytes/s)."""
    r = subprocess.run([os.path.join(binary, "xnn-probe-qd8"), "speed", "3"], capture_output=True, text=True)
    rates = [float(x) for x in re.findall(r"^speed: f32 .*cold \(.*?\): best +[\d.]+ ms +([\d.]+) GB/s",
                                          r.stdout, re.M)]
    return max(rates) * 1e9 if rates else None


def read_bytes(variant, lin):
    """Bytes of linear weights XNNPACK reads per step: f32 and bf16 packed as f32
    (the pinned XNNPACK has no bf16 GEMM); int8 + an f32 scale per row; int4 + a
    bf16 scale per 32."""
    return {"f32": 4.0, "bf16": 4.0, "8da8w": 1.0, "8da4w": 0.5 + 2.0 / 32}[variant] * lin


def stored_bytes(variant, lin, emb, other):
    """Bytes of the weights in the form the step uses them: f32 and bf16 as
    stored (bf16 2 bytes; XNNPACK's packed f32 copy is its own business),
    quantized linears packed (int8 + an f32 scale per row; int4 two a byte +
    a bf16 scale per 32), other parameters in f32. The embedding table is left
    out of the quantized rows: it is not quantized here (the gather reads one
    f32 row of the mapped table)."""
    if variant in ("f32", "bf16"):
        return (4.0 if variant == "f32" else 2.0) * (lin + other)
    return read_bytes(variant, lin) + 4.0 * other


def peak_rss(stdout):
    """Peak resident set in bytes from xnn-run --memory-stats' last line."""
    m = re.findall(r"^memory: at exit: .*peak ([\d.]+) MB", stdout, re.M)
    return float(m[-1]) * 1e6 if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ds.ROOT, "build"))
    ap.add_argument("--layers", type=int, default=26)
    ap.add_argument("--small", action="store_true", help="--layers 2")
    ap.add_argument("--variants", default="f32,bf16,8da8w,8da4w")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--loop-steps", type=int, default=16)
    ap.add_argument("--c-program", action="store_true", help="also run the loop as the emitted C program")
    ap.add_argument("--max-len", type=int, default=1024)
    ap.add_argument("--start", type=int, default=8)
    ap.add_argument("--workdir")
    o = ap.parse_args()
    layers = 2 if o.small else o.layers
    work = o.workdir or tempfile.mkdtemp(prefix="decode-quant-")
    os.makedirs(work, exist_ok=True)
    binary = os.path.join(o.build_dir, "bin")
    factory = os.path.join(work, "factory_%d.py" % layers)
    with open(factory, "w") as f:
        f.write(ds.factory_source(layers, o.max_len, o.start))
    bandwidth = ds.read_bandwidth()
    xnn_bw = xnnpack_bandwidth(binary)
    r = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, %r); import decode_quant as q; "
                        "print(*q.linear_elements(%d, %d))" % (HERE, layers, o.max_len)],
                       capture_output=True, text=True, check=True)
    lin, emb, other = (int(x) for x in r.stdout.split())
    floor_bw = max(bandwidth, xnn_bw or 0)
    lowered, rows = {}, []
    for variant in o.variants.split(","):
        dtype, pipeline = PIPELINES[variant]
        model = os.path.join(work, "decode_%d_%s.mlirbc" % (layers, dtype))
        io = os.path.join(work, "io_%s" % dtype)
        if not os.path.exists(model):
            r = subprocess.run([sys.executable, os.path.join(ds.ROOT, "utils", "xnn-import-torch"), factory + ":make",
                                "--dtype", dtype, "-o", model, "--save-io", io], capture_output=True, text=True)
            if r.returncode:
                print("%s: import failed: %s" % (variant, r.stderr.strip()[-400:]))
                continue
        out = lowered[variant] = os.path.join(work, "decode_%d_%s.lowered.mlirbc" % (layers, variant))
        if not os.path.exists(out):
            r = subprocess.run([os.path.join(binary, "xnn-opt"), model, "-p", pipeline, "--emit-bytecode", "-o", out],
                               capture_output=True, text=True)
            if r.returncode:
                print("%s: xnn-opt failed: %s" % (variant, r.stderr.strip()[-600:]))
                continue
        r = subprocess.run([os.path.join(binary, "xnn-run"), out, "--repeat", str(o.repeat), "--threads", "1",
                            "--memory-stats", "--output-dir", os.path.join(work, "out_" + variant)],
                           capture_output=True, text=True)
        if r.returncode:
            print("%s: xnn-run failed: %s" % (variant, r.stderr.strip()[-400:]))
            continue
        step = float(re.search(r"^time: median ([\d.]+) ms", r.stdout, re.M).group(1))
        rss = peak_rss(r.stdout + r.stderr)
        ids, pos = [os.path.join(io, "input_%d.npy" % i) for i in (0, 1)]
        r = subprocess.run([os.path.join(binary, "xnn-run"), out, "--input", ids + "," + pos, "--state-init", "zeros",
                            "--steps", str(o.loop_steps), "--greedy-feed", "0:0", "--position-arg", "1",
                            "--threads", "1", "--memory-stats", "--output-dir", os.path.join(work, "loop_" + variant)],
                           capture_output=True, text=True)
        times = [float(t) for t in re.findall(r"^step \d+: time ([\d.]+) ms", r.stdout, re.M)][1:]
        loop = sorted(times)[len(times) // 2] if times else None
        loop_rss = peak_rss(r.stdout + r.stderr)
        if r.returncode or loop is None:
            print("%s: decode loop failed: %s" % (variant, (r.stdout + r.stderr).strip()[-400:]))
        quantized = variant not in ("f32", "bf16")  # the C program of f32/bf16: benchmarks/decode_step.py
        prog = c_program(o, binary, out, work, variant) if o.c_program and quantized and loop is not None else None
        agree = rel = None
        if variant not in ("f32", "bf16") and "f32" in lowered and os.path.exists(lowered["f32"]):
            r = subprocess.run([os.path.join(binary, "xnn-run"), out, "--compare", lowered["f32"], "--input",
                                ids + "," + pos, "--state-init", "zeros", "--steps", str(o.tokens),
                                "--greedy-feed", "0:0", "--position-arg", "1", "--rtol", "1e9", "--atol", "1e9"],
                               capture_output=True, text=True)
            found = re.findall(r"^step \d+: output 0: .*max_abs=(\S+) .*argmax equal in (\d+) of (\d+) rows",
                               r.stdout, re.M)
            rows_ok = [(int(a), int(b)) for _, a, b in found]
            # error relative to the f32 logits' largest magnitude (per-element relative
            # errors of logits near 0 say nothing)
            import numpy as np
            scale = float(np.abs(np.load(os.path.join(work, "out_f32", "output_0.npy"))).max())
            rels = [float(x) / scale for x, _, _ in found]
            if rows_ok:
                agree = sum(a for a, _ in rows_ok) / sum(b for _, b in rows_ok)
                rel = max(rels) if rels else None
            else:
                print("%s: compare gave no per-step rows: %s" % (variant, (r.stdout + r.stderr).strip()[-400:]))
        rows.append((variant, step, rss, agree, rel, loop, loop_rss, prog))
        print(rows[-1])
        sys.stdout.flush()
    print()
    print("Gemma 3 decoder, %d layers, vocab 262144, hidden 1152, one token at position %d, 1 thread, "
          "median of %d calls; linear weights %.0f M elements (tied lm_head once), embedding %.0f M, other %.0f M"
          % (layers, o.start, o.repeat, lin / 1e6, emb / 1e6, other / 1e6))
    print("Floor bandwidth %.1f GB/s: the faster of numpy's max over 1 GiB (%.1f GB/s) and XNNPACK's f32 fully "
          "connected streaming cold weights (xnn-probe-qd8 speed: %s)" % (
              floor_bw / 1e9, bandwidth / 1e9, "-" if xnn_bw is None else "%.1f GB/s" % (xnn_bw / 1e9)))
    print()
    print("| variant | ms/step | tokens/s | / bf16 | floor ms | step / floor | peak RSS GB | weights GB (quantized: packed, embedding apart) | "
          "RSS / weights | argmax agreement vs f32 (%d tokens) | max logit error / max f32 logit | "
          "decode loop ms/step (%d steps) | loop / floor | loop peak RSS GB | loop RSS / weights |" % (o.tokens, o.loop_steps))
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    bf16 = next((s for v, s, *_ in rows if v == "bf16"), None)
    for variant, step, rss, agree, rel, loop, loop_rss, _ in rows:
        floor = read_bytes(variant, lin) / floor_bw * 1e3
        weights = stored_bytes(variant, lin, emb, other)
        print("| %s | %.1f | %.2f | %s | %.1f | %.2f | %s | %.2f | %s | %s | %s | %s | %s | %s | %s |" % (
            variant, step, 1e3 / step, "-" if bf16 is None else "%.2fx" % (bf16 / step), floor, step / floor,
            "-" if rss is None else "%.2f" % (rss / 1e9), weights / 1e9,
            "-" if rss is None else "%.2f" % (rss / weights),
            "-" if agree is None else "%.3f" % agree, "-" if rel is None else "%.3g" % rel,
            "-" if loop is None else "%.1f" % loop, "-" if loop is None else "%.2f" % (loop / floor),
            "-" if loop_rss is None else "%.2f" % (loop_rss / 1e9),
            "-" if loop_rss is None else "%.2f" % (loop_rss / weights)))

    if o.c_program:
        print()
        print("Emitted C program (--program, -O2), the same %d-step greedy loop, then %d calls:" % (o.loop_steps, o.repeat))
        print()
        print("| variant | ms/call | / floor | peak RSS GB | RSS / weights | bit-equal to xnn-run at every step |")
        print("|---|---|---|---|---|---|")
        for variant, *_, prog in rows:
            if prog is None:
                continue
            ms, peak, equal = prog
            floor = read_bytes(variant, lin) / floor_bw * 1e3
            weights = stored_bytes(variant, lin, emb, other)
            print("| %s | %s | %s | %.2f | %.2f | %s |" % (variant, "-" if ms is None else "%.1f" % ms,
                                                         "-" if ms is None else "%.2f" % (ms / floor),
                                                         peak / 1e9, peak / weights, "yes" if equal else "NO"))


def c_program(o, binary, lowered, work, variant):
    """(median ms per call, peak RSS bytes, bit-equal) of the emitted program running the
    decode loop xnn-run ran into work/loop_<variant>, or None if it failed."""
    try:  # decode_step's build: --program, examples/run_program.c, -O2
        driver = ds.build_program(o, binary, lowered, work, variant)
    except subprocess.CalledProcessError as e:
        print("%s: C program not built: %s" % (variant, e))
        return None
    loop = os.path.join(work, "loop_" + variant)
    cmd = [driver, loop, "--steps", str(o.loop_steps), "--greedy-feed", "0:0", "--position-arg", "1",
           "--threads", "1", "--expect", loop, "--repeat", str(o.repeat)]
    # A child forked from this process starts with its resident set (1 GB after the
    # bandwidth probe), and ru_maxrss keeps it across exec: /usr/bin/time forks the
    # program from a small process and reports the program's own peak.
    timed = os.path.exists("/usr/bin/time")
    with tempfile.TemporaryFile("w+") as so:
        p = subprocess.Popen((["/usr/bin/time", "-f", "maxrss_kb %M"] if timed else []) + cmd,
                             stdout=so, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
        so.seek(0)
        text = so.read()
    m = re.search(r"^time: median ([\d.]+) ms", text, re.M)
    if os.waitstatus_to_exitcode(status) and "DIFFER" not in text:
        print("%s: C program failed: %s" % (variant, text.strip()[-400:]))
        return None
    peak = re.search(r"^maxrss_kb (\d+)", text, re.M)
    if not peak:
        print("%s: /usr/bin/time missing: the C program's peak RSS includes this script's at fork" % variant)
    return (float(m.group(1)) if m else None, (int(peak.group(1)) if peak else ru.ru_maxrss) * 1024,
            "DIFFER" not in text and "\nOK" in text)


if __name__ == "__main__":
    main()
