#!/usr/bin/python3
"""bf16 GEMM-based ops, exact mode: share of output elements equal to the
reference interpreter, one bf16 ulp apart (f32 sums in another order), or
further. Random bf16 weights (seeded), xnn-run's seeded inputs (3 seeds).
Stdlib only.   python3 benchmarks/bf16_gemm_ulps.py [--build build]"""
import argparse
import os
import random
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def bf16_hex(vals):
    out = bytearray()
    for v in vals:
        u = struct.unpack("<I", struct.pack("<f", v))[0]
        out += struct.pack("<H", ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF)
    return out.hex().upper()


def const(rng, name, shape, fan_in):
    n = 1
    for d in shape:
        n *= d
    t = "x".join(map(str, shape)) + "xbf16"
    vals = [rng.uniform(-1, 1) / fan_in ** 0.5 for _ in range(n)]
    return '    %%%s = "edge.constant"() {value = dense<"0x%s"> : tensor<%s>} : () -> tensor<%s>\n' % (
        name, bf16_hex(vals), t, t)


def models(rng):
    conv = ('    %%0 = "edge.conv2d"(%%x, %%w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, '
            'dilation = array<i64: 1, 1>, groups = %d : i64} : (tensor<1x64x16x16xbf16>, tensor<%s>) '
            '-> tensor<1x64x16x16xbf16>\n    return %%0 : tensor<1x64x16x16xbf16>\n}\n')
    return {
        "linear 64x512 * 512x512": 'func.func @forward(%x: tensor<64x512xbf16>) -> tensor<64x512xbf16> {\n' +
        const(rng, "w", (512, 512), 512) +
        '    %0 = "edge.linear"(%x, %w) : (tensor<64x512xbf16>, tensor<512x512xbf16>) -> tensor<64x512xbf16>\n'
        '    return %0 : tensor<64x512xbf16>\n}\n',
        "conv2d 3x3 64->64 16x16": 'func.func @forward(%x: tensor<1x64x16x16xbf16>) -> tensor<1x64x16x16xbf16> {\n' +
        const(rng, "w", (64, 64, 3, 3), 576) + conv % (1, "64x64x3x3xbf16"),
        "depthwise conv2d 3x3 64": 'func.func @forward(%x: tensor<1x64x16x16xbf16>) -> tensor<1x64x16x16xbf16> {\n' +
        const(rng, "w", (64, 1, 3, 3), 9) + conv % (64, "64x1x3x3xbf16"),
        "bmm 4x64x256 * 4x256x64": 'func.func @forward(%a: tensor<4x64x256xbf16>, %b: tensor<4x256x64xbf16>) -> '
        'tensor<4x64x64xbf16> {\n    %0 = "edge.bmm"(%a, %b) : (tensor<4x64x256xbf16>, tensor<4x256x64xbf16>) '
        '-> tensor<4x64x64xbf16>\n    return %0 : tensor<4x64x64xbf16>\n}\n',
    }


def bits(path):
    d = open(path, "rb").read()
    h = struct.unpack("<H", d[8:10])[0]
    return [x for (x,) in struct.iter_unpack("<H", d[10 + h:])]


def ordered(v):
    return -(v & 0x7FFF) if v & 0x8000 else v


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    o = ap.parse_args()
    b = os.path.join(o.build, "bin")
    work = tempfile.mkdtemp(prefix="xnn-gemm-")
    for name, src in models(random.Random(0)).items():
        m = os.path.join(work, "m.mlir")
        d = os.path.join(work, "d.mlir")
        open(m, "w").write(src)
        subprocess.run([os.path.join(b, "xnn-opt"), m, "--xnn-delegate", "-o", d], check=True)
        tot = eq = one = more = 0
        for seed in range(3):
            outs = []
            for f, tag in ((m, "r"), (d, "d")):
                od = os.path.join(work, "%s%d" % (tag, seed))
                subprocess.run([os.path.join(b, "xnn-run"), f, "--seed", str(seed), "--output-dir", od],
                               check=True, stdout=subprocess.DEVNULL)
                outs.append(bits(os.path.join(od, "output_0.npy")))
            for x, y in zip(*outs):
                k = abs(ordered(x) - ordered(y))
                tot += 1
                eq += k == 0
                one += k == 1
                more += k > 1
        print("%-26s %6d elements: %6.2f%% equal, %5.2f%% one ulp, %d further" % (
            name, tot, 100.0 * eq / tot, 100.0 * one / tot, more))


if __name__ == "__main__":
    main()
