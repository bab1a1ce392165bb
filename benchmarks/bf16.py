#!/usr/bin/python3
"""bf16 cost and accuracy (issue 15): for each model, delegated latency (one
thread, xnn-run --repeat) of f32, bf16 exact (default) and bf16 relaxed
(--xnn-delegate=bf16-rounding=relaxed), as medians of interleaved rounds and
ratios to f32 measured in the same run; and the distance of each bf16 output
from the f32 model's output (max |a - b| / max |f32|) for the reference
interpreter, exact and relaxed, on the same inputs (random weights). Stdlib only.

  python3 benchmarks/bf16.py [--build build] [--rounds 5] [--repeat 20] [--keep DIR]
"""
import argparse
import math
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "utils", "gen_models.py")

# name, generator args, output row length (argmax per row); CNNs come in f32 only and are made bf16 by retyping
# (their generator has no bf16; weights are random, converted with RNE).
MODELS = [
    ("gemma3-mini", ["gemma3", "--layers", "2", "--hidden", "512", "--heads", "8", "--kv-heads", "1",
                     "--head-dim", "64", "--mlp", "2048", "--vocab", "1024", "--seq", "8"], 1024),
    ("mobilenetv2-96", ["mobilenetv2", "--resolution", "96"], 1000),
    ("resnet18-96", ["resnet", "--resolution", "96"], 1000),
]


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kw)
    if p.returncode:
        sys.exit("bf16.py: %s failed:\n%s" % (" ".join(cmd), p.stdout.decode()[-2000:]))
    return p.stdout.decode()


def bf16_hex(h):
    """f32 hex payload (dense<"0x...">) -> bf16 hex, rounding to nearest even."""
    raw = bytes.fromhex(h)
    out = bytearray()
    for (u,) in struct.iter_unpack("<I", raw):
        if (u & 0x7FFFFFFF) > 0x7F800000:
            b = (u >> 16) | 0x40
        else:
            b = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
        out += struct.pack("<H", b & 0xFFFF)
    return out.hex().upper()


def retype_bf16(text):
    """The f32 model in bf16: inline hex payloads and dense_resource blobs (a
    4-byte alignment header, then the data) rounded to nearest even."""
    text = re.sub(r'dense<"0x([0-9A-Fa-f]+)">', lambda m: 'dense<"0x%s">' % bf16_hex(m.group(1)), text)
    body, sep, resources = text.partition("{-#\n  dialect_resources:")
    resources = re.sub(r'(: "0x)([0-9A-Fa-f]{8})([0-9A-Fa-f]*)"',
                       lambda m: '%s%s%s"' % (m.group(1), m.group(2), bf16_hex(m.group(3))), resources)
    return body.replace("xf32>", "xbf16>") + sep + resources


def latency(xnn_run, path, repeat):
    out = run([xnn_run, path, "--repeat", str(repeat)])
    return float(re.search(r"time: median ([0-9.]+) ms", out).group(1))


def outputs(xnn_run, path, d, seed=1):
    shutil.rmtree(d, ignore_errors=True)
    run([xnn_run, path, "--seed", str(seed), "--output-dir", d])
    return d


def read_npy_floats(path):
    data = open(path, "rb").read()
    hlen = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + hlen].decode()
    body = data[10 + hlen:]
    descr = re.search(r"'descr': '([^']+)'", header).group(1)
    if descr == "<f4":
        return list(struct.unpack("<%df" % (len(body) // 4), body))
    if descr == "<u2":
        return [struct.unpack("<f", struct.pack("<I", h << 16))[0]
                for (h,) in struct.iter_unpack("<H", body)]
    sys.exit("bf16.py: unexpected dtype %s in %s" % (descr, path))


def distance(a_dir, truth_dir):
    a = read_npy_floats(os.path.join(a_dir, "output_0.npy"))
    t = read_npy_floats(os.path.join(truth_dir, "output_0.npy"))
    scale = max(abs(x) for x in t) or 1.0
    return max(abs(x - y) for x, y in zip(a, t)) / scale


def argmax_agreement(a_dir, truth_dir, row):
    """Rows whose f32 top-2 gap exceeds one bf16 ulp of the top value, and how
    many of them keep the f32 argmax."""
    a = read_npy_floats(os.path.join(a_dir, "output_0.npy"))
    t = read_npy_floats(os.path.join(truth_dir, "output_0.npy"))
    clear = agree = 0
    for r in range(len(t) // row):
        tr, ar = t[r * row:(r + 1) * row], a[r * row:(r + 1) * row]
        order = sorted(range(row), key=lambda i: -tr[i])
        top, second = tr[order[0]], tr[order[1]]
        ulp = 2.0 ** (max(-126, math.frexp(abs(top))[1] - 1) - 7)  # one bf16 ulp of top
        if top - second <= ulp:
            continue
        clear += 1
        agree += max(range(row), key=lambda i: ar[i]) == order[0]
    return agree, clear


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median over them)")
    ap.add_argument("--repeat", type=int, default=20, help="xnn-run --repeat per round")
    ap.add_argument("--keep", help="keep the models in this directory")
    o = ap.parse_args()
    opt = os.path.join(o.build, "bin", "xnn-opt")
    xrun = os.path.join(o.build, "bin", "xnn-run")
    work = o.keep or tempfile.mkdtemp(prefix="xnn-bf16-")
    os.makedirs(work, exist_ok=True)
    print("| model | f32 ms | bf16 exact ms (x f32) | bf16 relaxed ms (x f32) | error vs f32: reference | exact | relaxed | argmax = f32 (exact, relaxed) |")
    print("|---|---|---|---|---|---|---|---|")
    for name, args, row in MODELS:
        m32 = os.path.join(work, name + ".f32.mlir")
        m16 = os.path.join(work, name + ".bf16.mlir")
        run([sys.executable, GEN] + args + ["--dtype", "f32", "--weights", "random", "--force", "-o", m32])
        if args[0] == "gemma3":
            run([sys.executable, GEN] + args + ["--dtype", "bf16", "--weights", "random", "--force", "-o", m16])
        else:
            open(m16, "w").write(retype_bf16(open(m32).read()))
        variants = {"f32": (m32, []), "exact": (m16, []), "relaxed": (m16, ["--xnn-delegate=bf16-rounding=relaxed"])}
        lowered = {}
        for v, (src, flags) in variants.items():
            lowered[v] = os.path.join(work, "%s.%s.delegated.mlir" % (name, v))
            run([opt, src, flags[0] if flags else "--xnn-delegate", "-o", lowered[v]])
        times = {v: [] for v in variants}
        for _ in range(o.rounds):
            for v in variants:
                times[v].append(latency(xrun, lowered[v], o.repeat))
        med = {v: statistics.median(t) for v, t in times.items()}
        truth = outputs(xrun, m32, os.path.join(work, name + ".truth"))
        ref = outputs(xrun, m16, os.path.join(work, name + ".ref"))
        ex = outputs(xrun, lowered["exact"], os.path.join(work, name + ".exact"))
        rx = outputs(xrun, lowered["relaxed"], os.path.join(work, name + ".relaxed"))
        ea, ec = argmax_agreement(ex, truth, row)
        ra, rc = argmax_agreement(rx, truth, row)
        print("| %s | %.3f | %.3f (%.2fx) | %.3f (%.2fx) | %.4f | %.4f | %.4f | %d/%d, %d/%d |" % (
            name, med["f32"], med["exact"], med["exact"] / med["f32"], med["relaxed"],
            med["relaxed"] / med["f32"], distance(ref, truth), distance(ex, truth), distance(rx, truth),
            ea, ec, ra, rc))
        sys.stdout.flush()
    if not o.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
