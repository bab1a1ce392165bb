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


def op_matmul(imp, n):
    """torch.export's default IR: matmul as ATen's CompositeImplicit form does it.
    [..., M, K] @ [K, N] (a constant weight: linear): one mm on the rows; both
    of rank >= 3 (or one of rank 2 against a batch): batch dims broadcast
    (expand), one bmm over them. 1-D operands are refused."""
    a, b = n.args[:2]
    ta, tb = imp.values[a], imp.values[b]
    shape, dtype = imp.out(n)
    if ta.dim() < 2 or tb.dim() < 2:
        imp.fail(n, "matmul of a 1-D operand is not supported")
    va, vb = imp.v(n, a), imp.v(n, b)
    M, K, N = ta.shape[-2], ta.shape[-1], tb.shape[-1]
    if tb.dim() == 2:
        rows = ta.numel() // K
        x = imp.w.op("view", [va], [], [rows, K], dtype) if ta.dim() != 2 else va
        if imp.is_const(b):  # x @ W: linear with W^T
            w = imp.const_tensor(imp.const_data(b).t().contiguous(), "%s_weight" % n.meta.get("xnn_path", ""))
            y = imp.w.op("linear", [x, w], [], [rows, N], dtype)
        else:
            y = imp.w.op("mm", [x, vb], [], [rows, N], dtype)
        return imp.w.op("view", [y], [], shape, dtype) if ta.dim() != 2 else y
    batch = list(shape[:-2])
    nb = 1
    for d in batch:
        nb *= d

    def batched(v, t, rows, cols):
        full = batch + [rows, cols]
        if list(t.shape) != full:
            v = imp.w.op("expand", [v], [], full, dtype)
        return imp.w.op("view", [v], [], [nb, rows, cols], dtype) if len(full) != 3 else v
    y = imp.w.op("bmm", [batched(va, ta, M, K), batched(vb, tb, K, N)], [], [nb, M, N], dtype)
    return imp.w.op("view", [y], [], shape, dtype) if len(shape) != 3 else y


OPS = {
    "matmul": op_matmul,
    "mm": op_mm,
    "bmm": op_bmm,
    "linear": op_linear,
    "addmm": op_addmm,
}
