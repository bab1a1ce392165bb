"""quantized_decomposed ops (ExecuTorch's 8da4w / 8da8w exports; the edge ops'
arithmetic is PyTorch's, docs/passes/xnn-quantize-weights.md) and the
quantized embedding tables (embedding_byte / _4bit / _2bit)."""
import operator

from ..aten import op_name
from ..mlir import f64, torch
from .common import operand_as


def quant_range(imp, n, qmin, qmax, dtype):
    if dtype != torch.int8:
        imp.fail(n, "%s to %s: only int8 quantized values are supported" % (n.target, dtype))
    return [("quant_min", "%d : i64" % qmin), ("quant_max", "%d : i64" % qmax)]


def quant_param(imp, n, a, dtype):
    """Scales (f32) or zero points (i64) operand: a constant converted exactly,
    or a value of that dtype already."""
    t = imp.values[a]
    src = a.args[0] if a.target is operator.getitem else a
    if t.dtype == dtype or op_name(getattr(src, "target", None))[0] == "choose_qparams_per_token_asymmetric":
        return imp.v(n, a)  # choose_qparams' f64 scales are our f32 values (exact)
    if imp.is_const(a):
        c = imp.const_data(a)
        conv = c.to(dtype)
        if torch.equal(conv.to(c.dtype), c):
            return imp.const_tensor(conv, "%s_qparams" % n.meta.get("xnn_path", ""))
    imp.fail(n, "%s: quantization parameters of dtype %s (must be %s or convert to it exactly)"
             % (n.target, t.dtype, dtype))


def op_choose_qparams_per_token_asymmetric(imp, n):
    x = operand_as(imp, n, n.args[0], torch.float32) if imp.values[n.args[0]].dtype != torch.float32 \
        else imp.v(n, n.args[0])
    for u in n.users:  # PyTorch returns f64 scales holding f32 values: only q/dq may read them
        for uu in (u.users if u.target is operator.getitem else [u]):
            if op_name(uu.target)[0] not in ("quantize_per_token", "dequantize_per_token"):
                imp.fail(n, "the per-token quantization parameters are read by %s (only quantize_per_token "
                             "and dequantize_per_token are supported)" % uu.target)
    pshape = tuple(x.shape[:-1]) + (1,)
    s, zp = imp.w.op_results("choose_qparams_per_token_asymmetric", [x], [],
                              [(pshape, torch.float32), (pshape, torch.int64)])
    return (s, zp)


def op_quantize_per_token(imp, n):
    x, s, zp, qmin, qmax, dtype = n.args[:6]
    shape, _ = imp.out(n)
    xv = operand_as(imp, n, x, torch.float32)  # bf16 -> f32 is exact; the arithmetic is in double
    return imp.w.op("quantize_per_token", [xv, quant_param(imp, n, s, torch.float32),
                                           quant_param(imp, n, zp, torch.int64)],
                    quant_range(imp, n, qmin, qmax, dtype), shape, torch.int8)


def op_dequantize_per_token(imp, n):
    q, s, zp, qmin, qmax, dtype = n.args[:6]
    out = n.args[6] if len(n.args) > 6 else n.kwargs.get("output_dtype", torch.float32)
    if out != torch.float32:
        imp.fail(n, "dequantize_per_token to %s: only float32 results are supported" % out)
    shape, _ = imp.out(n)
    return imp.w.op("dequantize_per_token", [imp.v(n, q), quant_param(imp, n, s, torch.float32),
                                             quant_param(imp, n, zp, torch.int64)],
                    quant_range(imp, n, qmin, qmax, dtype), shape, torch.float32)


def per_tensor_attrs(imp, n):
    """quantize / dequantize_per_tensor.default: Python scalars become attributes
    (the .tensor overloads, scale and zero point as tensors, are not supported)."""
    _, scale, zp, qmin, qmax, dtype = n.args[:6]
    if not isinstance(scale, (int, float)) or isinstance(zp, torch.fx.Node) or not isinstance(zp, int):
        imp.fail(n, "%s with tensor scale / zero point: only the .default overload (Python scalars) is "
                     "supported" % n.target)
    return [("scale", f64(float(scale))), ("zero_point", "%d : i64" % zp)] + \
        quant_range(imp, n, qmin, qmax, dtype)


def op_quantize_per_tensor(imp, n):
    shape, _ = imp.out(n)
    attrs = per_tensor_attrs(imp, n)
    return imp.w.op("quantize_per_tensor", [operand_as(imp, n, n.args[0], torch.float32)], attrs, shape,
                    torch.int8)


def op_dequantize_per_tensor(imp, n):
    shape, _ = imp.out(n)
    attrs = per_tensor_attrs(imp, n)
    out = n.kwargs.get("out_dtype", torch.float32) or torch.float32
    if out != torch.float32:
        imp.fail(n, "dequantize_per_tensor to %s: only float32 results are supported" % out)
    return imp.w.op("dequantize_per_tensor", [imp.v(n, n.args[0])], attrs, shape, torch.float32)


def dequant_operands(imp, n, q, s, zp):
    """The quantized values, f32 scales and (when given) i64 zero points of a dequantize."""
    ops = [imp.v(n, q), quant_param(imp, n, s, torch.float32)]
    if zp is not None:
        ops.append(quant_param(imp, n, zp, torch.int64))
    return ops


def op_dequantize_per_channel(imp, n):
    q, s, zp, axis, qmin, qmax, dtype = n.args[:7]
    shape, out = imp.out(n)
    ops = dequant_operands(imp, n, q, s, zp)
    return imp.w.op("dequantize_per_channel", ops, [("axis", "%d : i64" % axis)] +
                    quant_range(imp, n, qmin, qmax, dtype), shape, out)


def op_dequantize_per_channel_group(imp, n):
    q, s, zp, qmin, qmax, dtype = n.args[:6]
    group = n.args[6] if len(n.args) > 6 else n.kwargs.get("group_size", 128)
    shape, out = imp.out(n)
    if group > shape[-1] and imp.values[s].shape[-1] == 1:  # PyTorch's rule: one group spans the row
        group = shape[-1]
    ops = dequant_operands(imp, n, q, s, zp)
    return imp.w.op("dequantize_per_channel_group", ops, [("group_size", "%d : i64" % group)] +
                    quant_range(imp, n, qmin, qmax, dtype), shape, out)


# quantized embedding tables (ExecuTorch's embedding_byte / _4bit / _2bit,
# .dtype overloads too): portable gathers of int8 / packed rows
def quant_embedding(imp, n, op, bits):
    w, scales, zp, qmin, qmax, idx = n.args[:6]
    shape, dtype = imp.out(n)
    if not imp.is_const(w):
        imp.fail(n, "%s: the weight must be a constant (a buffer or parameter)" % n.target)
    t = imp.const_data(w)
    if bits == 8 and t.dtype not in (torch.int8, torch.uint8):
        imp.fail(n, "%s: weight of dtype %s (must be int8)" % (n.target, t.dtype))
    if bits == 8 and t.dtype == torch.uint8:
        imp.fail(n, "%s: uint8 weights: only int8 values are supported" % n.target)
    if bits < 8 and t.dtype != torch.uint8:
        imp.fail(n, "%s: packed weight of dtype %s (ExecuTorch packs uint8: %d values a byte)"
                 % (n.target, t.dtype, 8 // bits))
    wv = imp.const_tensor(t.contiguous().view(torch.int8), str(w.name))
    sv = imp.values[scales]
    if sv.dtype not in (torch.float32, torch.float16, torch.bfloat16):
        imp.fail(n, "%s: scales of dtype %s (must be float32, float16 or bfloat16)" % (n.target, sv.dtype))
    ops = [wv, imp.v(n, scales), imp.v(n, idx)]
    if zp is not None:
        ops.append(quant_param(imp, n, zp, torch.int64))
    return imp.w.op(op, ops, [("quant_min", "%d : i64" % qmin), ("quant_max", "%d : i64" % qmax)], shape, dtype)


def op_embedding_byte(imp, n): return quant_embedding(imp, n, "embedding_byte", 8)
def op_embedding_4bit(imp, n): return quant_embedding(imp, n, "embedding_4bit", 4)
def op_embedding_2bit(imp, n): return quant_embedding(imp, n, "embedding_2bit", 2)


OPS = {
    "choose_qparams_per_token_asymmetric": op_choose_qparams_per_token_asymmetric,
    "quantize_per_token": op_quantize_per_token,
    "dequantize_per_token": op_dequantize_per_token,
    "quantize_per_tensor": op_quantize_per_tensor,
    "dequantize_per_tensor": op_dequantize_per_tensor,
    "dequantize_per_channel": op_dequantize_per_channel,
    "dequantize_per_channel_group": op_dequantize_per_channel_group,
    "embedding_byte": op_embedding_byte,
    "embedding_4bit": op_embedding_4bit,
    "embedding_2bit": op_embedding_2bit,
}
