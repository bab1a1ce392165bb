"""torchao_weights_oracle.py XNN_OPT TMPDIR: xnn-quantize-weights (its default
scheme) against torchao's weight quantization, written again here from
torchao's source (not from this project's):

  torchao/quantization/quant_primitives.py, _choose_qparams_affine with
  MappingType.SYMMETRIC (the mapping of Int8DynamicActivationIntxWeightConfig,
  which ExecuTorch's export_llama uses for 8da4w / 8da8w):
      max_val_pos = max(-min(min_val, 0), max(max_val, 0))
      scale = max_val_pos / (float(quant_max - quant_min) / 2)
      scale = clamp(scale, min=torch.finfo(input.dtype).smallest_normal)
      zero_point = (quant_max + quant_min + 1) // 2 = 0
  _quantize_affine_no_dtype_cast:
      q = clamp(round(input * (1.0 / scale)) + zero_point, quant_min, quant_max)
  with quant_min / quant_max from _DTYPE_TO_QVALUE_BOUNDS: int4 [-8, 7],
  int8 [-128, 127]; all in the weight's dtype, with PyTorch's own arithmetic.

  ExecuTorch, backends/xnnpack/operators/node_visitor.py, get_quant_params:
  per-channel-group scales are serialized as scale.to(torch.bfloat16)
  (round to nearest even); per-channel scales stay f32.

Weights: random rows plus rows built for exact ties (w * (1 / scale) = k + 0.5
exactly), the minimum (-8 / -128: w = -max|w|), the clamped maximum (+max|w|
gives 7.5 -> 8 -> 7), all-zero rows and groups, and subnormal rows (the scale
clamps to the smallest normal). Each configuration runs xnn-opt on an
edge.linear holding the weights, reads the quantized weight and scales back
from its output, and counts the integers and scale bits that differ."""
import re
import struct
import subprocess
import sys

import torch

xnn_opt, tmp = sys.argv[1], sys.argv[2]


def torchao(w, bits, group):
    """(q int8 [N, K], scales [N, K / group]) by torchao's formulas, in w's dtype."""
    qmin, qmax = (-8, 7) if bits == 4 else (-128, 127)
    n, k = w.shape
    blocks = w.reshape(n, k // group, group)
    min_val, max_val = blocks.amin(-1), blocks.amax(-1)
    min_val_neg = torch.min(min_val, torch.zeros_like(min_val))
    max_val_pos = torch.max(max_val, torch.zeros_like(max_val))
    max_val_pos = torch.max(-min_val_neg, max_val_pos)
    scale = max_val_pos / (float(qmax - qmin) / 2)
    scale = torch.clamp(scale, min=torch.finfo(w.dtype).smallest_normal)
    q = torch.clamp(torch.round(blocks * (1.0 / scale.unsqueeze(-1))), qmin, qmax)
    return q.reshape(n, k).to(torch.int8), scale


def weights(bits, k, dtype, seed):
    """Rows of special cases, then random rows; returns (w, #ties)."""
    g = torch.Generator().manual_seed(seed)
    half = 7.5 if bits == 4 else 127.5  # max|w| giving scale 1 exactly
    rows = []
    # ties at scale 1 (w * 1 = k + 0.5) with +-max|w| in every group of 32
    t = torch.arange(k, dtype=torch.float32) % (2 * half + 1) - half
    t[0::32], t[1::32] = -half, half
    rows.append(t)
    # ties at scale 0.5 (max|w| = half / 2): w * 2 = odd integer / 1
    rows.append(t / 2)
    # only the minimum side: every group's max|w| is -max (-> -8 / -128)
    rows.append(-torch.rand(k, generator=g) * 3 - 0.25)
    rows.append(torch.zeros(k))  # all zero
    z = torch.randn(k, generator=g)
    z[32:64] = 0  # one zero group
    rows.append(z)
    rows.append(torch.randn(k, generator=g) * 2e-38)  # max|w| / 7.5 below the smallest normal: clamped
    rows.append(torch.randn(k, generator=g) * 1e-40)  # subnormal weights
    while len(rows) < 24:
        rows.append(torch.randn(k, generator=g) * 0.05)
    w = torch.stack(rows).to(dtype)
    return w


def mlir(w, dtype_name):
    n, k = w.shape
    raw = w.contiguous().view(torch.int16 if w.dtype != torch.float32 else torch.int32).numpy().tobytes()
    align = 4 if w.dtype == torch.float32 else 2
    blob = (struct.pack("<I", align) + raw).hex().upper()
    t = "tensor<%dx%dx%s>" % (n, k, dtype_name)
    return ('''func.func @forward(%%x: tensor<1x%(k)dx%(d)s>) -> tensor<1x%(n)dx%(d)s> {
  %%w = "edge.constant"() {value = dense_resource<w> : %(t)s} : () -> %(t)s
  %%y = "edge.linear"(%%x, %%w) : (tensor<1x%(k)dx%(d)s>, %(t)s) -> tensor<1x%(n)dx%(d)s>
  return %%y : tensor<1x%(n)dx%(d)s>
}
{-#
  dialect_resources: { builtin: { w: "0x%(blob)s" } }
#-}
''' % dict(k=k, n=n, d=dtype_name, t=t, blob=blob))


def blobs(text):
    out = {}
    for name, hexdata in re.findall(r'^\s*([A-Za-z0-9_.]+): "0x([0-9A-Fa-f]+)"', text, re.M):
        out[name] = bytes.fromhex(hexdata)[4:]
    return out


def run(label, bits, group, dtype, dtype_name, options, seed):
    k = 128
    w = weights(bits, k, dtype, seed)
    path = "%s/%s.mlir" % (tmp, label)
    with open(path, "w") as f:
        f.write(mlir(w, dtype_name))
    out = subprocess.run([xnn_opt, path, "-p", "builtin.module(xnn-quantize-weights{%s})" % options],
                         check=True, capture_output=True, text=True).stdout
    res = blobs(out)
    qname = re.search(r"dense_resource<([^>]+)> : tensor<\d+x\d+xi8>", out).group(1)
    sname = re.search(r"dense_resource<([^>]+)> : tensor<\d+(?:x\d+)?xf32>", out).group(1)
    q = torch.frombuffer(bytearray(res[qname]), dtype=torch.int8).reshape(w.shape)
    s = torch.frombuffer(bytearray(res[sname]), dtype=torch.float32).reshape(w.shape[0], -1)
    q_ref, s_ref = torchao(w, bits, group if group else k)
    if group:  # ExecuTorch's serialization of group scales
        s_ref = s_ref.to(torch.bfloat16)
    s_ref = s_ref.float().reshape(s.shape)
    ties = int(((w.float() * (1.0 / torchao(w, bits, group if group else k)[1].float().repeat_interleave(
        group if group else k, dim=1))).frac().abs() == 0.5).sum())
    bad_q = int((q != q_ref).sum())
    bad_s = int((s.view(torch.int32) != s_ref.view(torch.int32)).sum())
    mins = int((q_ref == (-8 if bits == 4 else -128)).sum())
    print("%s: %d x %d: integers %d of %d differ, scales %d of %d differ (exact ties %d, at the minimum %d)" %
          (label, w.shape[0], k, bad_q, q.numel(), bad_s, s.numel(), ties, mins))
    return bad_q + bad_s


bad = 0
# The other scheme differs from torchao's (the oracle can tell them apart).
run("restricted int4 group 32 f32", 4, 32, torch.float32, "f32", "bits=4 group-size=32 scheme=restricted", 2)
run("restricted int8 per channel f32", 8, 0, torch.float32, "f32", "bits=8 scheme=restricted", 1)
bad += run("int8 per channel f32", 8, 0, torch.float32, "f32", "bits=8", 1)
bad += run("int4 group 32 f32", 4, 32, torch.float32, "f32", "bits=4 group-size=32", 2)
bad += run("int4 per channel f32", 4, 0, torch.float32, "f32", "bits=4", 3)
bad += run("int4 group 32 bf16", 4, 32, torch.bfloat16, "bf16", "bits=4 group-size=32", 4)
bad += run("int8 per channel bf16", 8, 0, torch.bfloat16, "bf16", "bits=8", 5)
print("oracle: %s" % ("all equal" if bad == 0 else "%d differ" % bad))
sys.exit(1 if bad else 0)
