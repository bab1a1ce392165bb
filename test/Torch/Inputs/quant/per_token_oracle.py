"""per_token_oracle.py BIN_DIR WORK_DIR: the per-token activation quantization
of ExecuTorch's 8da8w / 8da4w linears against an oracle written here in NumPy
from PyTorch's definitions of the ops (torch/ao/quantization/fx/_decomposed.py,
the definitions ExecuTorch's exports call; issue 45, item 4), and the
delegate's difference from it, bounded.

The ops mean what _decomposed.py computes (the semantics chosen for every
path of this project; the portable path is the reference kernels):
  choose_qparams_per_token_asymmetric: per row, in f32, lo = min(min(x), 0),
    hi = max(max(x), 0), scale = max((hi - lo) / 255, FLT_EPSILON),
    zp = -128 - lo / scale if (-128 + lo / scale) + (127 + hi / scale) > 0
    else 127 - hi / scale, clamped to [-128, 127] then rounded half to even;
    scale returned as float64 (exact), zp as int64.
  quantize_per_token: x.mul(1.0 / scales).add(zero_points).round().clamp(): in
    float64 (the scales are float64), half to even.
  dequantize_per_token: (q - zp) * scale in float64, then to f32.
Rows: mixed sign, positive, negative, zero, ranges below 255 * FLT_EPSILON
(the eps clamp), and rows built for exact ties of x / scale + zp (a power-of-two
scale and values on the half-quantum grid).

1. The per-token chain alone stays portable (nothing delegates it): its scales,
   zero points, q and dequantized values must equal the oracle's bit for bit.
2. The same chain feeding an int8 linear is XNNPACK's qd8 fully connected,
   which quantizes by its own rule (multiplier 255 / range in f32, zero point by
   lrintf; docs/src/quantized-xnnpack-probe.md (a)): its output may differ from
   the oracle's. Bound: every dequantized activation of either rule is within
   one quantum of x (half a quantum by rounding, plus at most half by the zero
   point's rounding at the clamped end), so for output j of row r
     |y_xnn - y_oracle| <= sum_k |w_jk| * (s_torch + s_xnn) + 2^-20 * sum_k |w_jk * x_k|
   (the last term: f32 accumulation and the scales' ulp). Prints the largest
   ratio of the difference to that bound (must be <= 1) and how many outputs
   differ. Exits 1 on any failure."""
import os
import subprocess
import sys

import numpy as np

BIN, WORK = sys.argv[1:3]
os.makedirs(WORK, exist_ok=True)
F32 = np.float32
EPS = F32(np.finfo(np.float32).eps)


def oracle(x):
    """(scale f32 [R], zp int64 [R], q int8 [R, K], xd f32 [R, K]) by _decomposed.py's formulas."""
    lo = np.minimum(x.min(axis=1), F32(0)).astype(F32)
    hi = np.maximum(x.max(axis=1), F32(0)).astype(F32)
    scale = ((hi - lo) / F32(255)).astype(F32)
    scale = np.maximum(scale, EPS).astype(F32)
    dmin, dmax = (lo / scale).astype(F32), (hi / scale).astype(F32)
    from_min, from_max = (F32(-128) + dmin).astype(F32), (F32(127) + dmax).astype(F32)
    zp = np.where((from_min + from_max).astype(F32) > 0, F32(-128) - dmin, F32(127) - dmax).astype(F32)
    zp = np.round(np.clip(zp, F32(-128), F32(127))).astype(np.int64)
    s64 = scale.astype(np.float64)[:, None]
    v = x.astype(np.float64) * (1.0 / s64)
    v = v + zp[:, None].astype(np.float64)
    q = np.clip(np.round(v), -128, 127).astype(np.int8)
    xd = ((q.astype(np.int64) - zp[:, None]).astype(np.float64) * s64).astype(F32)
    return scale, zp, q, xd


def rows(k, rng):
    out = []
    out.append(rng.uniform(-3, 3, k))                          # mixed sign
    out.append(np.abs(rng.uniform(-3, 3, k)) + 0.5)            # positive
    out.append(-np.abs(rng.uniform(-3, 3, k)) - 0.25)          # negative
    out.append(np.zeros(k))                                    # zero
    out.append(rng.uniform(-1, 1, k) * 1e-6)                   # eps clamp
    out.append(rng.uniform(-1, 1, k) * 1e4)                    # large
    # Exact ties: range 255 / 64 (scale 1/64, zero point 0), values (j + 1/2) / 64.
    t = (rng.integers(-128, 127, k) + 0.5) / 64.0
    t[0], t[1] = -2.0, 127.0 / 64.0
    out.append(t)
    # Ties with a zero point: range 255 / 32 from -1 (zero point -96), values on the half grid.
    t = (rng.integers(-32, 222, k) + 0.5) / 32.0
    t[0], t[1] = -1.0, 227.0 / 32.0
    out.append(t)
    out.append(rng.integers(-128, 127, k) / 8.0)              # on a 1/8 grid
    return np.array(out, dtype=F32)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("command failed (%d): %s\n%s%s" % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


def dense_i8(a):
    return 'dense<"0x%s"> : tensor<%dx%dxi8>' % (a.astype(np.int8).tobytes().hex().upper(), *a.shape)


def dense_f32(a):
    return 'dense<"0x%s"> : tensor<%dxf32>' % (a.astype(F32).tobytes().hex().upper(), a.shape[0])


CHAIN = '''  %%s:2 = "edge.choose_qparams_per_token_asymmetric"(%%x) : (tensor<%(r)dx%(k)dxf32>) -> (tensor<%(r)dx1xf32>, tensor<%(r)dx1xi64>)
  %%q = "edge.quantize_per_token"(%%x, %%s#0, %%s#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<%(r)dx%(k)dxf32>, tensor<%(r)dx1xf32>, tensor<%(r)dx1xi64>) -> tensor<%(r)dx%(k)dxi8>
  %%d = "edge.dequantize_per_token"(%%q, %%s#0, %%s#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<%(r)dx%(k)dxi8>, tensor<%(r)dx1xf32>, tensor<%(r)dx1xi64>) -> tensor<%(r)dx%(k)dxf32>
'''

failures = []
rng = np.random.default_rng(3)
K, N, REPEAT = 64, 48, 40
xs = np.concatenate([rows(K, rng) for _ in range(REPEAT)])
R = xs.shape[0]
np.save(os.path.join(WORK, "x.npy"), xs)
want = oracle(xs)

# 1. The chain alone: portable, the reference kernels.
chain = os.path.join(WORK, "chain.mlir")
with open(chain, "w") as f:
    f.write('func.func @forward(%%x: tensor<%(r)dx%(k)dxf32>) -> (tensor<%(r)dx1xf32>, tensor<%(r)dx1xi64>, '
            'tensor<%(r)dx%(k)dxi8>, tensor<%(r)dx%(k)dxf32>) {\n' % dict(r=R, k=K))
    f.write(CHAIN % dict(r=R, k=K))
    f.write('  return %s#0, %s#1, %q, %d : tensor<%(r)dx1xf32>, tensor<%(r)dx1xi64>, tensor<%(r)dx%(k)dxi8>, '
            'tensor<%(r)dx%(k)dxf32>\n}\n'.replace("%s#", "%%s#").replace("%q,", "%%q,").replace("%d :", "%%d :")
            % dict(r=R, k=K))
lowered = os.path.join(WORK, "chain.d.mlir")
run([os.path.join(BIN, "xnn-opt"), chain, "--xnn-delegate", "-o", lowered])
out = os.path.join(WORK, "chain_out")
run([os.path.join(BIN, "xnn-run"), lowered, "--input", os.path.join(WORK, "x.npy"), "--output-dir", out])
names = ("scales", "zero points", "q", "dequantized")
ties = int(np.sum(np.abs(xs.astype(np.float64) / want[0].astype(np.float64)[:, None] -
                         np.floor(xs.astype(np.float64) / want[0].astype(np.float64)[:, None]) - 0.5) == 0))
for i, name in enumerate(names):
    got = np.load(os.path.join(out, "output_%d.npy" % i)).reshape(want[i].shape)
    bad = int(np.sum(got.view(np.uint8) != want[i].view(np.uint8))) if got.dtype == want[i].dtype else -1
    print("portable %s: %d of %d differ from PyTorch's formulas" % (name, bad, want[i].size))
    if bad:
        failures.append("portable %s differ" % name)
print("rows %d (%d exact ties of x / scale)" % (R, ties))

# 2. The chain into an int8 linear: XNNPACK's qd8 fully connected, bounded.
w = rng.integers(-127, 128, (N, K)).astype(np.int8)
ws = rng.uniform(0.001, 0.02, N).astype(F32)
lin = os.path.join(WORK, "linear.mlir")
with open(lin, "w") as f:
    f.write('func.func @forward(%%x: tensor<%(r)dx%(k)dxf32>) -> tensor<%(r)dx%(n)dxf32> {\n' % dict(r=R, k=K, n=N))
    f.write(CHAIN % dict(r=R, k=K))
    f.write('  %%wq = "edge.constant"() {value = %s} : () -> tensor<%dx%dxi8>\n' % (dense_i8(w), N, K))
    f.write('  %%ws = "edge.constant"() {value = %s} : () -> tensor<%dxf32>\n' % (dense_f32(ws), N))
    f.write('  %%w = "edge.dequantize_per_channel"(%%wq, %%ws) {axis = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<%dx%dxi8>, tensor<%dxf32>) -> tensor<%dx%dxf32>\n' % (N, K, N, N, K))
    f.write('  %%y = "edge.linear"(%%d, %%w) : (tensor<%dx%dxf32>, tensor<%dx%dxf32>) -> tensor<%dx%dxf32>\n' % (R, K, N, K, R, N))
    f.write('  return %%y : tensor<%dx%dxf32>\n}\n' % (R, N))
lowered = os.path.join(WORK, "linear.d.mlir")
run([os.path.join(BIN, "xnn-opt"), lin, "--xnn-delegate", "-o", lowered])
if "qdint8" not in open(lowered).read():
    failures.append("the int8 linear is not delegated as a qd8 fully connected")
for tag, mod in (("delegated (XNNPACK)", lowered), ("reference kernels", lin)):
    out = os.path.join(WORK, "linear_out_" + tag.split()[0])
    run([os.path.join(BIN, "xnn-run"), mod, "--input", os.path.join(WORK, "x.npy"), "--output-dir", out])
    got = np.load(os.path.join(out, "output_0.npy")).astype(np.float64)
    wd = w.astype(np.float64) * ws.astype(np.float64)[:, None]
    y = want[3].astype(np.float64) @ wd.T
    # XNNPACK's scale: 1 / (255 / range) in f32 (the probe's model); either scale bounds the other's within an ulp.
    lo = np.minimum(xs.min(axis=1), F32(0)).astype(F32)
    hi = np.maximum(xs.max(axis=1), F32(0)).astype(F32)
    rng_ = (hi - lo).astype(F32)
    s_xnn = np.where(rng_ > 0, F32(1) / (F32(255) / np.where(rng_ > 0, rng_, F32(1))), F32(1)).astype(np.float64)
    s_t = want[0].astype(np.float64)
    bound = np.abs(wd).sum(axis=1)[None, :] * (s_t + s_xnn)[:, None] + 2.0 ** -20 * (np.abs(xs.astype(np.float64)) @ np.abs(wd).T)
    diff = np.abs(got - y)
    ratio = float((diff / bound).max())
    differ = int(np.sum(diff > 2.0 ** -20 * (np.abs(xs.astype(np.float64)) @ np.abs(wd).T)))
    print("linear, %s: %d of %d outputs differ from the oracle beyond rounding; largest difference %.3g of max|y|, "
          "%.3f of the bound" % (tag, differ, diff.size, diff.max() / np.abs(y).max(), ratio))
    if ratio > 1.0:
        failures.append("%s: difference beyond the bound (%.3f)" % (tag, ratio))
    if tag.startswith("reference") and differ:
        failures.append("reference kernels: %d outputs differ from the oracle" % differ)

for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
