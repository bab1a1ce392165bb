"""Quantized fully connected (qd8-f32-qc8w / qc4w / qb4w) test cases, without NumPy.

  qd8_fc.py gen DIR KIND M K N B SEED RANK [resource] [shared] [nobias] [zerobias1|zerobias2]
      writes DIR/model.mlir (an xnn-dialect delegate: f32 x -> xnn.convert -> qdint8 ->
      xnn.fully_connected with KIND = qcint8|qcint4|qbint4 weights, block size B for
      qbint4, a bias), DIR/x.npy (f32 [M, K], or [1, M, K] with RANK 3) and DIR/case.json.
      "resource": the weights as a dense_resource blob; "shared": a second fully connected
      reads the same qdint8 value (and weights), the delegate's second output; "nobias":
      the fully connected nodes have no bias (as an LLM's lm_head); "zerobias1" / "zerobias2"
      (with "shared nobias"): the first / second of them has a bias of zeros after all.
  qd8_fc.py swap DIR NEWDIR
      NEWDIR: DIR's case with the int4 weights' input channels swapped pairwise in the
      model only (what reading the nibbles in the other order computes): check must fail.
  qd8_fc.py check DIR OUT.npy
      recomputes the output independently in exact rational arithmetic, rounding to f32
      where XNNPACK does (docs/src/quantized-xnnpack-probe.md), and compares:
      qcint8 / qcint4 bit for bit; qbint4 (whose kernel accumulates blocks in f32, in an
      order of its own) within 8 units of 2^-24 of |bias| + sx * sum_j (|xq_j| + |zp|) *
      |w_j| * s_w (the probe measured at most 1.81).
"""
import json
import os
import random
import struct
import sys
from fractions import Fraction


def f32(v):
    """v (int, float or Fraction) rounded to the nearest f32, ties to even (normal range)."""
    fr = Fraction(v)
    if fr == 0:
        return 0.0
    sign = -1 if fr < 0 else 1
    a = abs(fr)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, -126)  # 2^e <= a < 2^(e+1); subnormals share the 2^-149 step
    ulp = Fraction(2) ** (e - 23)
    m = round(a / ulp)  # Fraction.__round__: half to even
    return sign * float(m * ulp)


def bf16(v):
    """f32 v rounded to bf16 (RNE), as the emitter does for qbint4 scales."""
    (u,) = struct.unpack("<I", struct.pack("<f", v))
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return struct.unpack("<f", struct.pack("<I", u << 16))[0]


def rne(fr):
    return int(round(Fraction(fr)))


def row_params(row):
    """XNNPACK's per-row dynamic quantization (probe (a)): multiplier, scale, zero point."""
    rmin, rmax = min(0.0, min(row)), max(0.0, max(row))
    m = 1.0 if rmin == rmax else f32(Fraction(255) / Fraction(f32(Fraction(rmax) - Fraction(rmin))))
    dmin, dmax = f32(Fraction(rmin) * Fraction(m)), f32(Fraction(rmax) * Fraction(m))
    a, b = f32(-128 + Fraction(dmin)), f32(127 + Fraction(dmax))
    zp = f32(-128 - Fraction(dmin)) if f32(Fraction(a) + Fraction(b)) > 0 else f32(127 - Fraction(dmax))
    zp = rne(min(max(zp, -128.0), 127.0))
    return m, f32(Fraction(1) / Fraction(m)), zp


def quantize(x, m, zp):
    v = f32(Fraction(x) * Fraction(m))
    v = max(min(v, float(127 - zp)), float(-128 - zp))
    return rne(v) + zp


def write_npy(path, shape, vals):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': %r, }" % (tuple(shape),)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%df" % len(vals), *vals))


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x93NUMPY\x01\x00", path
    (hl,) = struct.unpack("<H", data[8:10])
    header = data[10:10 + hl].decode("latin1")
    assert "'<f4'" in header, header
    body = data[10 + hl:]
    return list(struct.unpack("<%df" % (len(body) // 4), body))


def f32_bits_hex(vals):
    return "0x" + struct.pack("<%df" % len(vals), *vals).hex().upper()


def gen(d, kind, m, k, n, block, seed, rank, resource, shared=False, nobias=False, zerobias=0):
    rnd = random.Random(seed)
    os.makedirs(d, exist_ok=True)
    lo, hi = (-127, 127) if kind == "qcint8" else (-8, 7)
    q = [rnd.randint(lo, hi) for _ in range(n * k)]
    nb = k // block if kind == "qbint4" else 1
    scales = [f32(rnd.uniform(0.001, 0.05)) for _ in range(n * nb)]
    bias = [f32(rnd.uniform(-1, 1)) for _ in range(n)]
    if nobias:
        bias = [0.0] * n
    x = []
    for i in range(m):  # rows of each kind: mixed, positive, negative, zero, tiny, large, ties
        kindr = i % 7
        for _ in range(k):
            v = rnd.uniform(-3, 3)
            v = [v, abs(v) + 0.5, -abs(v) - 0.25, 0.0, v * 1e-6, v * 1e4, rnd.randint(-128, 127) / 8][kindr]
            x.append(f32(v))
    xshape = [m, k] if rank == 2 else [1, m, k]
    write_npy(os.path.join(d, "x.npy"), xshape, x)
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump({"kind": kind, "m": m, "k": k, "n": n, "block": block, "q": q, "scales": scales,
                   "bias": bias}, f)
    xt = "tensor<%s>" % "x".join(str(v) for v in xshape + ["f32"])
    qt = "tensor<%s>" % "x".join(str(v) for v in xshape + ["i8"])
    yt = "tensor<%s>" % "x".join(str(v) for v in xshape[:-1] + [n, "f32"])
    wt = "tensor<%dx%dxi8>" % (n, k)
    st = "tensor<%dxf32>" % n if kind != "qbint4" else "tensor<%dx%dxf32>" % (n, nb)
    wbytes = struct.pack("<%db" % len(q), *q).hex().upper()
    value = "dense_resource<w0>" if resource else 'dense<"0x%s">' % wbytes
    extra = ", block_size = %d : i64" % block if kind == "qbint4" else ""
    b_in, b_t = ("" if nobias else ", %b"), ("" if nobias else ", tensor<%dxf32>" % n)
    lines = [
        "module {",
        "  func.func private @d(%%x: %s) -> %s attributes {xnn.delegate} {" % (xt, yt),
        '    %%w = "xnn.constant"() {value = %s : %s, scale = dense<"%s"> : %s%s} : () -> tensor<%dx%dxi8, "%s">'
        % (value, wt, f32_bits_hex(scales), st, extra, n, k, kind),
        '    %%b = "xnn.constant"() {value = dense<"%s"> : tensor<%dxf32>} : () -> tensor<%dxf32>'
        % (f32_bits_hex(bias), n, n),
        '    %%q = "xnn.convert"(%%x) : (%s) -> %s' % (xt, qt[:-1] + ', "qdint8">'),
        '    %%y = "xnn.fully_connected"(%%q, %%w%s) : (%s, tensor<%dx%dxi8, "%s">%s) -> %s'
        % (b_in, qt[:-1] + ', "qdint8">', n, k, kind, b_t, yt),
    ]
    if nobias:
        del lines[3]
    if zerobias:  # node `zerobias` reads a bias of zeros (the exact model's bias is zeros too)
        lines.insert(3, '    %%z = "xnn.constant"() {value = dense<0.0> : tensor<%dxf32>} : () -> tensor<%dxf32>'
                     % (n, n))
    if shared:
        lines += [
            '    %%y2 = "xnn.fully_connected"(%%q, %%w%s) : (%s, tensor<%dx%dxi8, "%s">%s) -> %s'
            % (b_in, qt[:-1] + ', "qdint8">', n, k, kind, b_t, yt),
            "    return %%y, %%y2 : %s, %s" % (yt, yt),
            "  }",
            "  func.func @forward(%%x: %s) -> (%s, %s) {" % (xt, yt, yt),
            "    %%y:2 = func.call @d(%%x) : (%s) -> (%s, %s)" % (xt, yt, yt),
            "    return %%y#0, %%y#1 : %s, %s" % (yt, yt),
        ]
        lines[1] = "  func.func private @d(%%x: %s) -> (%s, %s) attributes {xnn.delegate} {" % (xt, yt, yt)
    else:
        lines += [
            "    return %y : " + yt,
            "  }",
            "  func.func @forward(%%x: %s) -> %s {" % (xt, yt),
            "    %%y = func.call @d(%%x) : (%s) -> %s" % (xt, yt),
            "    return %y : " + yt,
        ]
    lines += [
        "  }",
        "}",
    ]
    if zerobias:
        at = [i for i, line in enumerate(lines) if "xnn.fully_connected" in line][zerobias - 1]
        lines[at] = lines[at].replace("%w)", "%w, %z)").replace('">) ->', '">, tensor<%dxf32>) ->' % n)
    if resource:
        lines += ["{-#", "  dialect_resources: {", "    builtin: {",
                  '      w0: "0x01000000%s"' % wbytes, "    }", "  }", "#-}"]
    with open(os.path.join(d, "model.mlir"), "w") as f:
        f.write("\n".join(lines) + "\n")


def check(d, out_path):
    with open(os.path.join(d, "case.json")) as f:
        c = json.load(f)
    kind, m, k, n, block = c["kind"], c["m"], c["k"], c["n"], c["block"]
    q, scales, bias = c["q"], c["scales"], c["bias"]
    x = read_npy(os.path.join(d, "x.npy"))
    y = read_npy(out_path)
    assert len(y) == m * n, (len(y), m * n)
    bad = 0
    worst = 0.0
    for i in range(m):
        row = x[i * k:(i + 1) * k]
        mult, sx, zp = row_params(row)
        xq = [quantize(v, mult, zp) for v in row]
        for o in range(n):
            got = y[i * n + o]
            w = q[o * k:(o + 1) * k]
            if kind != "qbint4":
                acc = sum((xq[j] - zp) * w[j] for j in range(k))
                want = f32(Fraction(f32(Fraction(f32(acc)) * Fraction(sx))) * Fraction(scales[o]) + Fraction(bias[o]))
                if struct.pack("<f", want) != struct.pack("<f", got):
                    bad += 1
                    if bad <= 5:
                        print("MISMATCH row %d col %d: got %r want %r" % (i, o, got, want))
                continue
            nb = k // block
            exact = Fraction(bias[o])
            mag = Fraction(abs(bias[o]))
            for b in range(nb):
                ws = Fraction(bf16(scales[o * nb + b]))
                for j in range(b * block, (b + 1) * block):
                    exact += Fraction(sx) * ws * (xq[j] - zp) * w[j]
                    mag += Fraction(sx) * ws * (abs(xq[j]) + abs(zp)) * abs(w[j])
            err = abs(Fraction(got) - exact) / mag * 2 ** 24 if mag else abs(Fraction(got) - exact)
            worst = max(worst, float(err))
            if err > 8:
                bad += 1
                if bad <= 5:
                    print("MISMATCH row %d col %d: got %r exact %r (%.2f units)" % (i, o, got, float(exact),
                                                                                      float(err)))
    if kind == "qbint4":
        print("%s: %d of %d outputs beyond 8 units (max %.2f)" % (kind, bad, m * n, worst))
    else:
        print("%s: %d of %d outputs differ from the exact model" % (kind, bad, m * n))
    return 1 if bad else 0


def swap(d, nd):
    import shutil
    shutil.copytree(d, nd)
    with open(os.path.join(d, "case.json")) as f:
        c = json.load(f)
    q = c["q"]
    sq = [q[i ^ 1] for i in range(len(q))]
    old = struct.pack("<%db" % len(q), *q).hex().upper()
    new = struct.pack("<%db" % len(sq), *sq).hex().upper()
    with open(os.path.join(d, "model.mlir")) as f:
        text = f.read()
    assert text.count(old) == 1
    with open(os.path.join(nd, "model.mlir"), "w") as f:
        f.write(text.replace(old, new))
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "swap":
        sys.exit(swap(sys.argv[2], sys.argv[3]))
    if sys.argv[1] == "gen":
        a = sys.argv[2:]
        sys.exit(gen(a[0], a[1], int(a[2]), int(a[3]), int(a[4]), int(a[5]), int(a[6]), int(a[7]),
                     "resource" in a[8:], "shared" in a[8:], "nobias" in a[8:],
                     1 if "zerobias1" in a[8:] else 2 if "zerobias2" in a[8:] else 0))
    sys.exit(check(sys.argv[2], sys.argv[3]))
