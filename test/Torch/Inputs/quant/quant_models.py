"""Dynamically quantized linear models in the form ExecuTorch exports them
(torchao's 8da4w / 8da8w linears call torch.ops.quantized_decomposed.*).

This torch has no quantized_decomposed library: it is defined here, written
afresh from the definitions in torch/ao/quantization/fx/_decomposed.py
(per-token parameters in f32 returned as float64 / int64, per-token
(de)quantization in float64, per-channel and per-group dequantization by
integer difference times the scale), only where torch lacks it."""
import torch
import torch.nn.functional as F


def _define():
    try:
        torch.ops.quantized_decomposed.quantize_per_token
        return
    except (AttributeError, RuntimeError):
        pass
    lib = torch.library.Library("quantized_decomposed", "DEF")
    _define.lib = lib  # the registration lives as long as the library object
    lib.define("choose_qparams_per_token_asymmetric(Tensor input, ScalarType dtype) -> (Tensor, Tensor)")
    lib.define("quantize_per_token(Tensor input, Tensor scales, Tensor zero_points, int quant_min, "
               "int quant_max, ScalarType dtype) -> Tensor")
    lib.define("dequantize_per_token(Tensor input, Tensor scales, Tensor zero_points, int quant_min, "
               "int quant_max, ScalarType dtype, ScalarType output_dtype) -> Tensor")
    lib.define("quantize_per_tensor(Tensor input, float scale, int zero_point, int quant_min, int quant_max, "
               "ScalarType dtype) -> Tensor")
    lib.define("dequantize_per_tensor(Tensor input, float scale, int zero_point, int quant_min, int quant_max, "
               "ScalarType dtype, *, ScalarType? out_dtype=None) -> Tensor")
    lib.define("dequantize_per_channel(Tensor input, Tensor scales, Tensor? zero_points, int axis, "
               "int quant_min, int quant_max, ScalarType dtype) -> Tensor")
    lib.define("dequantize_per_channel_group(Tensor input, Tensor scales, Tensor? zero_points, int quant_min, "
               "int quant_max, ScalarType dtype, int group_size, ScalarType output_dtype) -> Tensor")

    def choose(x, dtype):
        qmin, qmax = -128, 127
        lo = torch.min(torch.amin(x, dim=-1, keepdim=True), torch.zeros(1, dtype=x.dtype))
        hi = torch.max(torch.amax(x, dim=-1, keepdim=True), torch.zeros(1, dtype=x.dtype))
        scale = ((hi - lo) / float(qmax - qmin)).clamp(min=torch.finfo(torch.float32).eps)
        dmin, dmax = lo / scale, hi / scale
        zp = torch.where((qmin + dmin) + (qmax + dmax) > 0, qmin - dmin, qmax - dmax)
        return scale.to(torch.float64), torch.clamp(zp, qmin, qmax).round().to(torch.int64)

    def quantize(x, s, zp, qmin, qmax, dtype):
        return x.mul(1.0 / s).add(zp).round().clamp(qmin, qmax).to(dtype)

    def dequantize(q, s, zp, qmin, qmax, dtype, out):
        return ((q - zp) * s).to(out)

    def quantize_tensor(x, scale, zp, qmin, qmax, dtype):
        return torch.clamp(torch.round(x * (1.0 / scale)) + zp, qmin, qmax).to(dtype)

    def dequantize_tensor(q, scale, zp, qmin, qmax, dtype, out_dtype=None):
        return (q.to(out_dtype or torch.float32) - zp) * scale

    def dequantize_channel(q, s, zp, axis, qmin, qmax, dtype):
        shape = [1] * q.dim()
        shape[axis] = -1
        d = q.to(torch.int64) - (zp.view(shape) if zp is not None else 0)
        return (d * s.view(shape)).to(torch.float32)

    def dequantize_group(q, s, zp, qmin, qmax, dtype, group, out):
        g = q.reshape(-1, group)
        zp = zp.reshape(-1, 1) if zp is not None else torch.zeros([], dtype=torch.int32)
        return g.sub(zp).mul(s.reshape(-1, 1)).reshape_as(q).to(out)

    # ExecuTorch's quantized embedding tables (exir/passes/_quant_patterns_and_replacements.py):
    # unpack, dequantize_per_channel_group with the scales' dtype (or `dtype`), then embedding.
    for bits in ("byte", "4bit", "2bit"):
        args = ("Tensor weight, Tensor weight_scales, Tensor? weight_zero_points, int weight_quant_min, "
                "int weight_quant_max, Tensor indices")
        lib.define("embedding_%s(%s) -> Tensor" % (bits, args))
        lib.define("embedding_%s.dtype(%s, *, ScalarType? dtype=None) -> Tensor" % (bits, args))

    def unpack(w, bits):
        if bits == 4:
            u = torch.stack((w.div(16, rounding_mode="trunc"), w.remainder(16)), dim=-1)
            return u.view(w.shape[0], -1).view(torch.int8).add(-8)
        if bits == 2:
            u = torch.stack((w & 3, (w & 12) >> 2, (w & 48) >> 4, (w & 192) >> 6), dim=-1)
            return u.view(w.shape[0], -1).view(torch.int8).add(-2)
        return w

    def embedding_q(bits):
        def fn(w, s, zp, qmin, qmax, idx, dtype=None):
            q = unpack(w, bits)
            group = q.shape[1] // (s.shape[1] if s.dim() == 2 else 1)
            return torch.nn.functional.embedding(idx, dequantize_group(q, s, zp, qmin, qmax, q.dtype, group,
                                                                      dtype or s.dtype))
        return fn

    for bits, b in (("byte", 8), ("4bit", 4), ("2bit", 2)):
        lib.impl("embedding_%s" % bits, embedding_q(b), "CompositeExplicitAutograd")
        lib.impl("embedding_%s.dtype" % bits, embedding_q(b), "CompositeExplicitAutograd")

    for name, fn in (("choose_qparams_per_token_asymmetric", choose), ("quantize_per_token", quantize),
                     ("dequantize_per_token", dequantize), ("quantize_per_tensor", quantize_tensor),
                     ("dequantize_per_tensor", dequantize_tensor), ("dequantize_per_channel", dequantize_channel),
                     ("dequantize_per_channel_group", dequantize_group)):
        lib.impl(name, fn, "CompositeExplicitAutograd")


_define()
Q = torch.ops.quantized_decomposed


class DynQuantLinear(torch.nn.Module):
    """torchao's Int8DynActInt{4,8}WeightLinear forward: int8 per-token
    activations, symmetric int4 / int8 weights per group / per channel."""

    def __init__(self, w, bits, group, bias=None):
        super().__init__()
        qmax = 7 if bits == 4 else 127
        n, k = w.shape
        g = group or k
        wg = w.reshape(n, k // g, g)
        scales = (wg.abs().amax(dim=-1) / qmax).clamp(min=1e-6)
        q = torch.clamp(torch.round(wg / scales.unsqueeze(-1)), -qmax - 1, qmax).to(torch.int8).reshape(n, k)
        self.register_buffer("weight", q)
        self.register_buffer("scales", scales if group else scales.reshape(n))
        self.bits, self.group, self.qmax = bits, group, qmax
        self.bias = None if bias is None else torch.nn.Parameter(bias)

    def forward(self, x):
        s, zp = Q.choose_qparams_per_token_asymmetric(x, torch.int8)
        xq = Q.quantize_per_token(x, s, zp, -128, 127, torch.int8)
        xd = Q.dequantize_per_token(xq, s, zp, -128, 127, torch.int8, torch.float32)
        if self.group:
            w = Q.dequantize_per_channel_group(self.weight, self.scales, None, -self.qmax - 1, self.qmax,
                                               torch.int8, self.group, torch.float32)
        else:
            w = Q.dequantize_per_channel(self.weight, self.scales, None, 0, -self.qmax - 1, self.qmax, torch.int8)
        return F.linear(xd, w, self.bias)


class Mlp(torch.nn.Module):
    def __init__(self, bits, group, dims=(64, 96, 32), bias=True, seed=0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.up = DynQuantLinear(torch.randn(dims[1], dims[0], generator=g) * 0.1, bits, group,
                                 torch.randn(dims[1], generator=g) * 0.1 if bias else None)
        self.down = DynQuantLinear(torch.randn(dims[2], dims[1], generator=g) * 0.1, bits,
                                   group if group and dims[1] % group == 0 else 0)

    def forward(self, x):
        return self.down(F.silu(self.up(x)))


def make_8da8w():
    return Mlp(8, 0), (torch.randn(2, 3, 64, generator=torch.Generator().manual_seed(1)),)


def make_8da4w():
    return Mlp(4, 32), (torch.randn(2, 3, 64, generator=torch.Generator().manual_seed(1)),)


def make_8da4w_channel():
    return Mlp(4, 0, bias=False), (torch.randn(5, 64, generator=torch.Generator().manual_seed(1)),)


class Bf16Dequant(torch.nn.Module):
    def forward(self, x):
        s, zp = Q.choose_qparams_per_token_asymmetric(x, torch.int8)
        xq = Q.quantize_per_token(x, s, zp, -128, 127, torch.int8)
        return Q.dequantize_per_token(xq, s, zp, -128, 127, torch.int8, torch.bfloat16)


def make_bf16_dequant():
    """Refused: a per-token dequantize to bf16 rounds once from float64 in PyTorch."""
    return Bf16Dequant(), (torch.randn(2, 8),)


class QuantEmbeddings(torch.nn.Module):
    """ExecuTorch's QuantizedGroupEmbedding forms (examples/models/llama/source_transformation/
    quantize.py): int8 rows (embedding_byte, f32 scales per row and zero points), int4
    packed two a byte in uint8 (high nibble first; f16 scales in groups of 32, .dtype f32)
    and int2 packed four a byte (bf16 scales in groups of 16, bf16 out), i64 and i32 indices."""

    def __init__(self, v=50, d=64, seed=0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        q8 = torch.randint(-128, 128, (v, d), generator=g, dtype=torch.int8)
        q4 = torch.randint(-8, 8, (v, d), generator=g, dtype=torch.int16)
        q2 = torch.randint(-2, 2, (v, d), generator=g, dtype=torch.int16)
        u4 = (q4 + 8).view(v, d // 2, 2)
        u2 = (q2 + 2).view(v, d // 4, 4)
        self.register_buffer("w8", q8)
        self.register_buffer("s8", torch.rand(v, generator=g) * 0.05 + 0.001)
        self.register_buffer("z8", torch.randint(-3, 4, (v,), generator=g).to(torch.float32))
        self.register_buffer("w4", (u4[..., 0] * 16 + u4[..., 1]).to(torch.uint8))
        self.register_buffer("s4", (torch.rand(v, d // 32, generator=g) * 0.05 + 0.001).to(torch.float16))
        self.register_buffer("w2", (u2[..., 0] + u2[..., 1] * 4 + u2[..., 2] * 16 + u2[..., 3] * 64).to(torch.uint8))
        self.register_buffer("s2", (torch.rand(v, d // 16, generator=g) * 0.5 + 0.01).to(torch.bfloat16))

    def forward(self, ids, ids32):
        a = Q.embedding_byte(self.w8, self.s8, self.z8, -128, 127, ids)
        b = Q.embedding_4bit.dtype(self.w4, self.s4, None, -8, 7, ids, dtype=torch.float32)
        c = Q.embedding_2bit(self.w2, self.s2, None, -2, 1, ids32)
        return a, b, c


def make_quant_embeddings():
    g = torch.Generator().manual_seed(3)
    return QuantEmbeddings(), (torch.randint(0, 50, (2, 5), generator=g),
                               torch.randint(0, 50, (7,), generator=g).to(torch.int32))


class Int8PackedEmbedding(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("w", torch.zeros(4, 8, dtype=torch.int8))
        self.register_buffer("s", torch.ones(4))

    def forward(self, ids):
        return Q.embedding_4bit(self.w, self.s, None, -8, 7, ids)


def make_int8_packed_embedding():
    """Refused: packed 4-bit rows in int8 storage (ExecuTorch packs uint8; trunc division
    of negative bytes unpacks differently)."""
    return Int8PackedEmbedding(), (torch.tensor([1, 2]),)
