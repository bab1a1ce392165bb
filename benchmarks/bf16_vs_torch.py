#!/usr/bin/python3
"""bf16 per-op agreement with PyTorch itself (Debian's python3-torch, run with
/usr/bin/python3): each op on seeded random bf16 inputs, computed by the
delegated edge module (exact mode, the linked XNNPACK) and by torch on the
CPU two ways: in bf16 eagerly, and in f32 on the same bf16 values rounded
once to bf16 (what newer PyTorch computes for bf16 ops). Bit for bit: share of
elements equal, one bf16 ulp apart, further; plus torch's own bf16 against its
f32-rounded-once, which shows where torch 1.13 rounds inside an op.
   /usr/bin/python3 benchmarks/bf16_vs_torch.py [--build build]"""
import argparse
import os
import subprocess
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))


def ty(shape):
    return "tensor<%sxbf16>" % "x".join(map(str, shape))


def const_attr(t):
    bits = t.contiguous().view(torch.int16).numpy().astype("<i2").tobytes()
    return 'dense<"0x%s"> : %s' % (bits.hex().upper(), ty(t.shape))


def case(name, inputs, body, torch_fn, out_shape, consts=()):
    """body: MLIR lines using %a0.. and %c0..; result %y."""
    args = ", ".join("%%a%d: %s" % (i, ty(x.shape)) for i, x in enumerate(inputs))
    lines = ["func.func @forward(%s) -> %s {" % (args, ty(out_shape))]
    for i, c in enumerate(consts):
        lines.append('  %%c%d = "edge.constant"() {value = %s} : () -> %s' % (i, const_attr(c), ty(c.shape)))
    lines += ["  " + l for l in body]
    lines += ["  return %%y : %s" % ty(out_shape), "}"]
    return name, inputs, "\n".join(lines) + "\n", torch_fn


def cases(g):
    r = lambda *s: (torch.rand(*s, generator=g) * 2 - 1).to(torch.bfloat16)
    a, b = r(8, 64), r(8, 64)
    x4 = r(1, 16, 12, 12)
    w = (r(32, 64) / 8).to(torch.bfloat16)
    cw = (r(16, 16, 3, 3) / 12).to(torch.bfloat16)
    pos = (r(8, 64).abs() + 0.25).to(torch.bfloat16)
    T, S2 = ty((8, 64)), ty((8, 64))
    bin_ = lambda op, fn: case(op, [a, b], ['%%y = "edge.%s"(%%a0, %%a1) : (%s, %s) -> %s' % (op, T, T, T)],
                               lambda x, y: fn(x, y), (8, 64))
    un = lambda op, fn, x=a, attrs="": case(op, [x], ['%%y = "edge.%s"(%%a0)%s : (%s) -> %s' % (op, attrs, T, T)],
                                           fn, (8, 64))
    return [
        bin_("add", torch.add), bin_("sub", torch.sub), bin_("mul", torch.mul),
        case("div", [a, pos], ['%%y = "edge.div"(%%a0, %%a1) : (%s, %s) -> %s' % (T, T, T)], torch.div, (8, 64)),
        un("exp", torch.exp), un("tanh", torch.tanh), un("sigmoid", torch.sigmoid),
        un("gelu", F.gelu), un("log", torch.log, pos), un("sqrt", torch.sqrt, pos), un("rsqrt", torch.rsqrt, pos),
        un("softmax", lambda x: torch.softmax(x, -1), a, " {dim = -1 : i64}"),
        case("mean", [a], ['%%y = "edge.mean"(%%a0) {dims = array<i64: -1>, keepdim = true} : (%s) -> %s' % (T, ty((8, 1)))],
             lambda x: x.mean(-1, keepdim=True), (8, 1)),
        case("linear", [a], ['%%y = "edge.linear"(%%a0, %%c0) : (%s, %s) -> %s' % (T, ty((32, 64)), ty((8, 32)))],
             lambda x: F.linear(x, w.to(x.dtype)), (8, 32), [w]),
        case("conv2d", [x4], ['%%y = "edge.conv2d"(%%a0, %%c0) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, '
                              'dilation = array<i64: 1, 1>, groups = 1 : i64} : (%s, %s) -> %s' % (
                                  ty((1, 16, 12, 12)), ty((16, 16, 3, 3)), ty((1, 16, 12, 12)))],
             lambda x: F.conv2d(x, cw.to(x.dtype), padding=1), (1, 16, 12, 12), [cw]),
        case("avg_pool2d", [x4], ['%%y = "edge.avg_pool2d"(%%a0) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, '
                                  'padding = array<i64: 0, 0>} : (%s) -> %s' % (ty((1, 16, 12, 12)), ty((1, 16, 6, 6)))],
             lambda x: F.avg_pool2d(x, 2), (1, 16, 6, 6)),
    ]


def save_bits(path, t):
    np.save(path, t.contiguous().view(torch.int16).numpy().view(np.uint16))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    o = ap.parse_args()
    b = os.path.join(o.build, "bin")
    work = tempfile.mkdtemp(prefix="xnn-torch-")
    g = torch.Generator().manual_seed(0)
    print("torch %s; bf16 per op, bit for bit: equal / one ulp / further" % torch.__version__)
    print("  op          elems | delegated vs torch f32, rounded once | delegated vs torch bf16 eager | "
          "torch bf16 eager vs f32 rounded once")
    for name, inputs, src, fn in cases(g):
        m, d = os.path.join(work, name + ".mlir"), os.path.join(work, name + ".d.mlir")
        open(m, "w").write(src)
        subprocess.run([os.path.join(b, "xnn-opt"), m, "--xnn-delegate", "-o", d], check=True)
        paths = []
        for i, x in enumerate(inputs):
            p = os.path.join(work, "%s_in%d.npy" % (name, i))
            save_bits(p, x)
            paths.append(p)
        od = os.path.join(work, name + ".out")
        subprocess.run([os.path.join(b, "xnn-run"), d, "--input", ",".join(paths), "--output-dir", od],
                       check=True, stdout=subprocess.DEVNULL)
        got = np.load(os.path.join(od, "output_0.npy")).astype(np.int32).ravel()
        bits = lambda t: t.contiguous().view(torch.int16).numpy().astype(np.uint16).astype(np.int32).ravel()
        eager = bits(fn(*inputs))
        once = bits(fn(*[x.float() for x in inputs]).to(torch.bfloat16))
        order = lambda v: np.where(v & 0x8000, -(v & 0x7FFF), v)

        def share(u, v):
            k = np.abs(order(u) - order(v))
            return "%6.2f%% / %5.2f%% / %d" % (100.0 * (k == 0).sum() / k.size, 100.0 * (k == 1).sum() / k.size,
                                             int((k > 1).sum()))
        print("  %-11s %5d | %s | %s | %s" % (name, got.size, share(got, once), share(got, eager),
                                              share(eager, once)))


if __name__ == "__main__":
    main()
