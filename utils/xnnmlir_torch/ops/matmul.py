"""GEMMs: mm (linear when the weight is constant or dequantized), bmm,
linear, addmm."""

from ..mlir import f64, torch
from .common import dequantized_weight_t


def op_mm(imp, n):
    shape, dtype = imp.out(n)
    a, b = n.args[0], n.args[1]
    if imp.is_const(b):  # x @ W^T of nn.Linear: linear with W, no transpose to fold later
        w = imp.const_tensor(imp.const_data(b).t().contiguous(), "%s_weight" % n.meta.get("xnn_path", ""))
        return imp.w.op("linear", [imp.v(n, a), w], [], shape, dtype)
    w = dequantized_weight_t(imp, b)
    if w is not None:  # x @ dequantized(W)^T: the quantized linear's form
        return imp.w.op("linear", [imp.v(n, a), imp.v(n, w)], [], shape, dtype)
    return imp.w.op("mm", [imp.v(n, a), imp.v(n, b)], [], shape, dtype)


def op_bmm(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.op("bmm", [imp.v(n, n.args[0]), imp.v(n, n.args[1])], [], shape, dtype)


def op_linear(imp, n):
    shape, dtype = imp.out(n)
    ops = [imp.v(n, a) for a in n.args[:3] if a is not None]
    return imp.w.op("linear", ops, [], shape, dtype)


def op_addmm(imp, n):
    shape, dtype = imp.out(n)
    bias, a, b = n.args[:3]
    beta, alpha = n.kwargs.get("beta", 1), n.kwargs.get("alpha", 1)
    attrs = ([("beta", f64(beta))] if beta != 1 else []) + ([("alpha", f64(alpha))] if alpha != 1 else [])
    w = dequantized_weight_t(imp, b)
    if w is not None and not attrs and isinstance(bias, torch.fx.Node) and \
            tuple(imp.values[bias].shape) == (shape[-1],):  # the quantized linear with a bias
        return imp.w.op("linear", [imp.v(n, a), imp.v(n, w), imp.v(n, bias)], [], shape, dtype)
    return imp.w.op("addmm", [imp.v(n, bias), imp.v(n, a), imp.v(n, b)], attrs, shape, dtype)


OPS = {
    "mm": op_mm,
    "bmm": op_bmm,
    "linear": op_linear,
    "addmm": op_addmm,
}
