"""The quantization ops' reference kernels against PyTorch itself.

Expected values are computed with torch ops following the definitions of
torch.ao.quantization.fx._decomposed (quantized_decomposed.*): the per-token
parameters in f32 returned as float64 / int64, per-token (de)quantization in
float64, per-channel and per-group dequantization through integer differences
times f32 scales. The module runs on xnn-run's reference kernels; every
output must equal torch bit for bit.
usage: quant_vs_torch.py BIN_DIR WORK_DIR"""
import os
import subprocess
import sys

import numpy as np
import torch

bin_dir, work = sys.argv[1], sys.argv[2]
R, K, N, G = 8, 64, 6, 32
gen = torch.Generator().manual_seed(7)

x = torch.randn(R, K, generator=gen) * 3
x[0] = 0                                       # all zero: scale clamps to eps
x[1] = x[1].abs() + 0.5                        # all positive: min bound is 0
x[2] = -(x[2].abs() + 0.5)                     # all negative: max bound is 0
x[3] = x[3] * 1e-9                             # tiny: scale clamped to eps
x[4] = torch.linspace(-127.5, 127.5, K)        # halves: ties to even
x[5] = x[5] * 1e4
x[6, ::2] = 1.0                                # repeated values
x[7] = torch.arange(K) * 0.5 - 16              # halves: ties of the per-tensor quantize
wq = torch.randint(-128, 128, (N, K), generator=gen, dtype=torch.int8)
ws = torch.rand(N, generator=gen) * 0.1
wzp = torch.randint(-3, 4, (N,), generator=gen, dtype=torch.int64)
gs = torch.rand(N, K // G, generator=gen) * 0.1
gzp = torch.randint(-3, 4, (N, K // G), generator=gen, dtype=torch.int64)
w4 = torch.randint(-8, 8, (N, K), generator=gen, dtype=torch.int8)


def choose_qparams(x):
    qmin, qmax = -128, 127
    lo = torch.min(torch.amin(x, dim=-1, keepdim=True), torch.zeros(1))
    hi = torch.max(torch.amax(x, dim=-1, keepdim=True), torch.zeros(1))
    scale = ((hi - lo) / float(qmax - qmin)).clamp(min=torch.finfo(torch.float32).eps)
    dmin, dmax = lo / scale, hi / scale
    zp = torch.where((qmin + dmin) + (qmax + dmax) > 0, qmin - dmin, qmax - dmax)
    zp = torch.clamp(zp, qmin, qmax).round()
    return scale.to(torch.float64), zp.to(torch.int64)


s64, zp = choose_qparams(x)
q = x.mul(1.0 / s64).add(zp).round().clamp(-128, 127).to(torch.int8)
xd = ((q - zp) * s64).to(torch.float32)
wd = ((wq - wzp.view(N, 1)) * ws.view(N, 1)).to(torch.float32)
wd_bf16 = (wq * ws.view(N, 1)).to(torch.bfloat16)
wg = (w4.reshape(-1, G).sub(gzp.reshape(-1, 1)).mul(gs.reshape(-1, 1))).reshape_as(w4).to(torch.float32)
# per tensor, with Python-float parameters: round(x * (1 / scale)) in f32, then
# + zero point (a tie at .5 rounds to even before an odd zero point moves it).
qt1 = torch.clamp(torch.round(x * (1.0 / 1.0)) + 3, -128, 127).to(torch.int8)
qt2 = torch.clamp(torch.round(x * (1.0 / 0.1)) + -5, -128, 127).to(torch.int8)
dt2 = (qt2.to(torch.float32) - -5) * 0.1
expected = [s64.to(torch.float32), zp, q, xd, wd, wd_bf16, wg, qt1, qt2, dt2]
assert torch.equal(expected[0].to(torch.float64), s64), "scales are not f32 values"

T = lambda shape, e: "tensor<%sx%s>" % ("x".join(map(str, shape)), e)
xt, st, zt = T((R, K), "f32"), T((R, 1), "f32"), T((R, 1), "i64")
wt, wst, wzt = T((N, K), "i8"), T((N,), "f32"), T((N,), "i64")
gst, gzt = T((N, K // G), "f32"), T((N, K // G), "i64")
rng = "{quant_min = -128 : i64, quant_max = 127 : i64}"
rng4 = "{group_size = %d : i64, quant_min = -8 : i64, quant_max = 7 : i64}" % G
module = f"""
func.func @forward(%x: {xt}, %wq: {wt}, %ws: {wst}, %wzp: {wzt}, %gs: {gst}, %gzp: {gzt}, %w4: {wt})
    -> ({st}, {zt}, {T((R, K), "i8")}, {xt}, {T((N, K), "f32")}, {T((N, K), "bf16")}, {T((N, K), "f32")},
        {T((R, K), "i8")}, {T((R, K), "i8")}, {xt}) {{
  %s, %zp = "edge.choose_qparams_per_token_asymmetric"(%x) : ({xt}) -> ({st}, {zt})
  %q = "edge.quantize_per_token"(%x, %s, %zp) {rng} : ({xt}, {st}, {zt}) -> {T((R, K), "i8")}
  %xd = "edge.dequantize_per_token"(%q, %s, %zp) {rng} : ({T((R, K), "i8")}, {st}, {zt}) -> {xt}
  %wd = "edge.dequantize_per_channel"(%wq, %ws, %wzp) {{axis = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64}} : ({wt}, {wst}, {wzt}) -> {T((N, K), "f32")}
  %wb = "edge.dequantize_per_channel"(%wq, %ws) {{axis = -2 : i64, quant_min = -128 : i64, quant_max = 127 : i64}} : ({wt}, {wst}) -> {T((N, K), "bf16")}
  %wg = "edge.dequantize_per_channel_group"(%w4, %gs, %gzp) {rng4} : ({wt}, {gst}, {gzt}) -> {T((N, K), "f32")}
  %qt1 = "edge.quantize_per_tensor"(%x) {{scale = 1.0 : f64, zero_point = 3 : i64, quant_min = -128 : i64, quant_max = 127 : i64}} : ({xt}) -> {T((R, K), "i8")}
  %qt2 = "edge.quantize_per_tensor"(%x) {{scale = 0.1 : f64, zero_point = -5 : i64, quant_min = -128 : i64, quant_max = 127 : i64}} : ({xt}) -> {T((R, K), "i8")}
  %dt2 = "edge.dequantize_per_tensor"(%qt2) {{scale = 0.1 : f64, zero_point = -5 : i64, quant_min = -128 : i64, quant_max = 127 : i64}} : ({T((R, K), "i8")}) -> {xt}
  return %s, %zp, %q, %xd, %wd, %wb, %wg, %qt1, %qt2, %dt2 : {st}, {zt}, {T((R, K), "i8")}, {xt}, {T((N, K), "f32")}, {T((N, K), "bf16")}, {T((N, K), "f32")}, {T((R, K), "i8")}, {T((R, K), "i8")}, {xt}
}}
"""
os.makedirs(work, exist_ok=True)
path = os.path.join(work, "quant.mlir")
with open(path, "w") as f:
    f.write(module)
inputs = []
for i, t in enumerate([x, wq, ws, wzp, gs, gzp, w4]):
    p = os.path.join(work, "in_%d.npy" % i)
    np.save(p, t.numpy())
    inputs.append(p)
out_dir = os.path.join(work, "out")
subprocess.run([os.path.join(bin_dir, "xnn-run"), path, "--input=" + ",".join(inputs), "--output-dir=" + out_dir],
               check=True)
names = ["scales", "zero_points", "quantized", "dequantized", "per_channel", "per_channel_bf16", "per_group",
         "per_tensor_tie", "per_tensor", "per_tensor_dequantized"]
bad = 0
for i, (name, want) in enumerate(zip(names, expected)):
    got = np.load(os.path.join(out_dir, "output_%d.npy" % i))
    want = want.view(torch.int16).numpy().view(np.uint16) if want.dtype == torch.bfloat16 else want.numpy()
    same = got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()
    print("%s: %s %s" % (name, got.dtype, "bit-exact" if same else "DIFFERS"))
    if not same:
        bad += 1
        diff = np.nonzero(got.reshape(-1) != want.reshape(-1))[0][:5]
        print("  first differences at", diff, got.reshape(-1)[diff], want.reshape(-1)[diff])
print("tie row quantized:", q[4, :6].tolist(), "zero point", int(zp[4]))
print("per-tensor ties (x, q):", list(zip(x[7, 33:38].tolist(), qt1[7, 33:38].tolist())))
sys.exit(1 if bad else 0)
