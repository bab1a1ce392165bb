"""Static int8 (qs8) fully connected test cases; the oracle in NumPy float32.

  qs8_fc.py gen DIR M K N SEED RANK [nobias] [relu] [resource]
      writes DIR/model.mlir (an xnn-dialect delegate: f32 x -> xnn.convert -> qint8 ->
      xnn.fully_connected with "qcint8" weights [N, K] and a "qcint32" bias [N] -> qint8 ->
      xnn.convert -> f32), DIR/x.npy (f32 [M, K], or [2, M, K] with RANK 3) and
      DIR/case.json. "nobias": no bias; "relu": output_min = 0; "resource": the weights and
      the bias as dense_resource blobs.
  qs8_fc.py check DIR OUT.npy [away]
      recomputes the output with XNNPACK's arithmetic as probed (docs/src/
      quantized-xnnpack-probe.md, (d); every step an IEEE float32 operation):
        quantize    q  = clamp(rne(x * fl(1 / sx)) + zx, -128, 127)
        GEMM        acc = bias[c] + sum_k (q - zx) * w[c][k]            (exact, int32)
                    r  = fl(fl(sx * sw[c]) / sy)
                    y  = clamp(rne(fl(float(acc) * r)) + zy, lo, hi)
                    lo = rne(clamp(fl(fl(output_min / sy) + zy), -128, 127)), hi likewise
        dequantize  f  = fl((y - zy) * sy)
      and compares bit for bit. "away": the quantization's ties rounded away from zero
      instead (the check must then fail on cases with ties: odd seeds, sx = 1/16).
"""
import json
import os
import sys

import numpy as np

F = np.float32


AWAY = False  # check ... away: ties of the quantization rounded away from zero (must fail)


def quantize(x, s, zp):
    inv = F(1) / F(s)
    p = np.clip(x.astype(F) * inv, F(-1e9), F(1e9))
    r = np.sign(p) * np.floor(np.abs(p) + F(0.5)) if AWAY else np.rint(p)
    return np.clip(r.astype(np.int64) + zp, -128, 127)


def bound(v, s, zp):
    if np.isinf(v):
        return -128 if v < 0 else 127
    t = F(F(v) / F(s)) + F(zp)
    return int(np.rint(np.clip(t, F(-128), F(127))))


def gen(d, m, k, n, seed, rank, bias=True, relu=False, resource=False):
    rng = np.random.default_rng(seed)
    os.makedirs(d, exist_ok=True)
    sx = F(0.0625) if seed % 2 else F(0.0371)  # a power of two: exact ties of x * (1 / sx)
    zx = int(rng.integers(-20, 21))
    w = rng.integers(-127, 128, size=(n, k)).astype(np.int8)
    sw = rng.uniform(0.002, 0.02, size=n).astype(F)
    bs = (sx * sw).astype(F)  # the bias scale XNNPACK assumes: fl(sx * sw)
    b = rng.integers(-3000, 3001, size=n).astype(np.int32)
    rows = m * (2 if rank == 3 else 1)
    x = np.empty((rows, k), F)
    for i in range(rows):  # row kinds: in range, beyond the range (saturating), on half quanta (ties), small
        kind = i % 4
        if kind == 0:
            x[i] = rng.uniform(-100, 100, k) * sx
        elif kind == 1:
            x[i] = rng.uniform(-200, 200, k) * sx
        elif kind == 2:
            x[i] = (rng.integers(-130, 131, k) + 0.5) * sx
        else:
            x[i] = rng.uniform(-2, 2, k) * sx
    # an output scale that spreads the outputs over the int8 range
    q = quantize(x, sx, zx)
    acc = (q - zx) @ w.astype(np.int64).T + (b if bias else 0)
    sy = F(np.abs(acc * (sx * sw).astype(np.float64)).max() / 100.0)
    zy = int(rng.integers(-10, 11))
    xshape = [m, k] if rank == 2 else [2, m, k]
    np.save(os.path.join(d, "x.npy"), x.reshape(xshape))
    lo = 0.0 if relu else None
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump({"m": rows, "k": k, "n": n, "sx": float(sx), "zx": zx, "sy": float(sy), "zy": zy,
                   "w": w.flatten().tolist(), "sw": sw.tolist(), "b": b.tolist() if bias else None,
                   "lo": lo}, f)

    def tt(shape, elem, enc=""):
        return "tensor<%s%s>" % ("x".join(str(v) for v in shape + [elem]), enc)

    def qenc(s, z):
        return ', {kind = "qint8", scale = 0x%08X : f32, zero_point = %d : i64}' % (F(s).view(np.uint32), z)

    xt = tt(xshape, "f32")
    qt = tt(xshape, "i8", qenc(sx, zx))
    yshape = xshape[:-1] + [n]
    yqt = tt(yshape, "i8", qenc(sy, zy))
    yt = tt(yshape, "f32")
    wt = "tensor<%dx%dxi8>" % (n, k)
    hexs = lambda a: '"0x%s"' % a.tobytes().hex().upper()
    wv = "dense_resource<w0>" if resource else "dense<%s>" % hexs(w)
    bv = "dense_resource<b0>" if resource else "dense<%s>" % hexs(b)
    attrs = " {output_min = 0.0 : f64}" if relu else ""
    lines = [
        "module {",
        "  func.func private @d(%%x: %s) -> %s attributes {xnn.delegate} {" % (xt, yt),
        '    %%w = "xnn.constant"() {value = %s : %s, scale = dense<%s> : tensor<%dxf32>} : () -> tensor<%dx%dxi8, "qcint8">'
        % (wv, wt, hexs(sw), n, n, k),
        '    %%b = "xnn.constant"() {value = %s : tensor<%dxi32>, scale = dense<%s> : tensor<%dxf32>} : () -> tensor<%dxi32, "qcint32">'
        % (bv, n, hexs(bs), n, n),
        '    %%q = "xnn.convert"(%%x) : (%s) -> %s' % (xt, qt),
    ]
    if bias:
        lines.append('    %%y = "xnn.fully_connected"(%%q, %%w, %%b)%s : (%s, tensor<%dx%dxi8, "qcint8">, tensor<%dxi32, "qcint32">) -> %s'
                     % (attrs, qt, n, k, n, yqt))
    else:
        lines.append('    %%y = "xnn.fully_connected"(%%q, %%w)%s : (%s, tensor<%dx%dxi8, "qcint8">) -> %s'
                     % (attrs, qt, n, k, yqt))
    lines += [
        '    %%f = "xnn.convert"(%%y) : (%s) -> %s' % (yqt, yt),
        "    return %%f : %s" % yt,
        "  }",
        "  func.func @forward(%%x: %s) -> %s {" % (xt, yt),
        "    %%y = func.call @d(%%x) : (%s) -> %s" % (xt, yt),
        "    return %%y : %s" % yt,
        "  }",
        "}",
    ]
    if resource:
        lines += ["{-#", "  dialect_resources: {", "    builtin: {",
                  '      w0: "0x01000000%s",' % w.tobytes().hex().upper(),
                  '      b0: "0x04000000%s"' % b.tobytes().hex().upper(), "    }", "  }", "#-}"]
    with open(os.path.join(d, "model.mlir"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


def check(d, out_path):
    with open(os.path.join(d, "case.json")) as f:
        c = json.load(f)
    m, k, n = c["m"], c["k"], c["n"]
    sx, zx, sy, zy = F(c["sx"]), c["zx"], F(c["sy"]), c["zy"]
    w = np.array(c["w"], np.int64).reshape(n, k)
    sw = np.array(c["sw"], F)
    x = np.load(os.path.join(d, "x.npy")).reshape(m, k)
    got = np.load(out_path).reshape(m, n)
    q = quantize(x, sx, zx)
    acc = (q - zx) @ w.T
    if c["b"] is not None:
        acc = acc + np.array(c["b"], np.int64)
    assert np.abs(acc).max() < 2 ** 31
    r = (sx * sw).astype(F) / sy
    lo = bound(c["lo"] if c["lo"] is not None else -np.inf, sy, zy)
    hi = bound(np.inf, sy, zy)
    y = np.clip(np.rint(acc.astype(F) * r).astype(np.int64) + zy, lo, hi)
    want = ((y - zy).astype(F) * sy).astype(F)
    bad = np.argwhere(want.view(np.uint32) != got.view(np.uint32))
    for i, o in bad[:5]:
        print("MISMATCH row %d col %d: got %r want %r" % (i, o, float(got[i, o]), float(want[i, o])))
    sat = int(((y == lo) | (y == hi)).sum())
    print("qs8: %d of %d outputs differ from the model (%d at a bound, %d distinct levels)"
          % (len(bad), m * n, sat, len(np.unique(y))))
    return 1 if len(bad) else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        a = sys.argv[2:]
        flags = a[6:]
        sys.exit(gen(a[0], int(a[1]), int(a[2]), int(a[3]), int(a[4]), int(a[5]), "nobias" not in flags,
                     "relu" in flags, "resource" in flags))
    AWAY = len(sys.argv) > 4 and sys.argv[4] == "away"
    sys.exit(check(sys.argv[2], sys.argv[3]))
