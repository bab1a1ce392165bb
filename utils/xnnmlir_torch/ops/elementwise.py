"""Elementwise ATen ops: activations, arithmetic (ATen's type promotion),
rounding, dtype conversion, where / masked_fill."""

from ..aten import op_name
from ..mlir import DTYPES, f64, mlir_string, torch
from .common import alias, binary, operand_as, unary


def op_relu(imp, n): return unary(imp, n, "relu")
def op_sigmoid(imp, n): return unary(imp, n, "sigmoid")
def op_tanh(imp, n): return unary(imp, n, "tanh")
def op_exp(imp, n): return unary(imp, n, "exp")
def op_expm1(imp, n):
    """exp(x) - 1 (core ATen's elu): within an ulp of 1 of ATen's expm1 (edge has no expm1)."""
    shape, dtype = imp.out(n)
    e = imp.w.op("exp", [imp.v(n, n.args[0])], [], shape, dtype)
    return imp.w.op("sub", [e, imp.w.constant(torch.tensor(1, dtype=dtype), "scalar")], [], shape, dtype)


def op_log(imp, n): return unary(imp, n, "log")
def op_sqrt(imp, n): return unary(imp, n, "sqrt")
def op_rsqrt(imp, n): return unary(imp, n, "rsqrt")
def op_neg(imp, n): return unary(imp, n, "neg")
def op_abs(imp, n): return unary(imp, n, "abs")


def op_gelu(imp, n):
    approx = n.kwargs.get("approximate", n.args[1] if len(n.args) > 1 else "none")
    return unary(imp, n, "gelu", [("approximate", mlir_string(approx))] if approx != "none" else [])


def op_hardtanh(imp, n):
    lo = n.args[1] if len(n.args) > 1 else n.kwargs.get("min_val", -1.0)
    hi = n.args[2] if len(n.args) > 2 else n.kwargs.get("max_val", 1.0)
    return unary(imp, n, "hardtanh", [("min_val", f64(lo)), ("max_val", f64(hi))])


def op_clamp(imp, n):
    lo = n.args[1] if len(n.args) > 1 else n.kwargs.get("min")
    hi = n.args[2] if len(n.args) > 2 else n.kwargs.get("max")
    if isinstance(lo, torch.fx.Node) or isinstance(hi, torch.fx.Node):
        imp.fail(n, "clamp with tensor bounds is not supported")
    attrs = ([("min", f64(lo))] if lo is not None else []) + ([("max", f64(hi))] if hi is not None else [])
    return unary(imp, n, "clamp", attrs)


def op_clamp_min(imp, n):
    return unary(imp, n, "clamp", [("min", f64(n.args[1]))])


def op_clamp_max(imp, n):
    return unary(imp, n, "clamp", [("max", f64(n.args[1]))])


def op_silu(imp, n): return unary(imp, n, "silu")
def op_hardswish(imp, n): return unary(imp, n, "hardswish")
def op_hardsigmoid(imp, n): return unary(imp, n, "hardsigmoid")


def op_leaky_relu(imp, n):
    slope = n.args[1] if len(n.args) > 1 else n.kwargs.get("negative_slope", 0.01)
    return unary(imp, n, "leaky_relu", [("negative_slope", f64(slope))])


def op_prelu(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.op("prelu", [imp.v(n, n.args[0]), imp.v(n, n.args[1])], [], shape, dtype)


def op_prelu_kernel(imp, n):
    """torch 2's prelu: aten.prelu views the weight to broadcast ([1, C, 1,
    ...] or one element) and calls _prelu_kernel(x, w), elementwise x > 0 ? x
    : w * x. edge.prelu (ATen's prelu) takes that weight as [C] or [1]."""
    shape, dtype = imp.out(n)
    x_node, w_node = n.args[:2]
    x, w = imp.values[x_node], imp.values[w_node]
    if not isinstance(w_node, torch.fx.Node) or w.dim() > x.dim():
        imp.fail(n, "_prelu_kernel with a weight that does not broadcast to the input")
    ws = [1] * (x.dim() - w.dim()) + list(w.shape)
    if w.numel() == 1:
        c = 1
    elif x.dim() >= 2 and ws[1] == x.shape[1] and all(d == 1 for i, d in enumerate(ws) if i != 1):
        c = x.shape[1]
    else:
        imp.fail(n, "_prelu_kernel with a weight of shape %s on an input of shape %s: only one weight or one per "
                    "channel (dim 1) is supported (edge.prelu)" % (list(w.shape), list(x.shape)))
    if imp.is_const(w_node):
        wv = imp.const_tensor(imp.const_data(w_node).reshape(c), "prelu_weight")
    else:
        wv = imp.w.op("view", [imp.v(n, w_node)], [], [c], w.dtype)
    return imp.w.op("prelu", [imp.v(n, x_node), wv], [], shape, dtype)


def op_elu(imp, n):
    a = list(n.args) + [None] * 3
    alpha = a[1] if a[1] is not None else n.kwargs.get("alpha", 1.0)
    scale = a[2] if a[2] is not None else n.kwargs.get("scale", 1.0)
    input_scale = a[3] if a[3] is not None else n.kwargs.get("input_scale", 1.0)
    if scale != 1 or input_scale != 1:
        imp.fail(n, "elu with scale or input_scale other than 1 (selu, celu) is not supported")
    return unary(imp, n, "elu", [("alpha", f64(alpha))])


def op_add(imp, n):
    return binary(imp, n, "add", n.args[0], n.args[1], n.kwargs.get("alpha", 1))


def op_sub(imp, n):
    return binary(imp, n, "sub", n.args[0], n.args[1], n.kwargs.get("alpha", 1))


def op_rsub(imp, n):
    return binary(imp, n, "sub", n.args[1], n.args[0], n.kwargs.get("alpha", 1))


def op_mul(imp, n): return binary(imp, n, "mul", n.args[0], n.args[1])


def op_div(imp, n):
    if n.kwargs.get("rounding_mode") is not None:
        imp.fail(n, "div with a rounding mode is not supported")
    return binary(imp, n, "div", n.args[0], n.args[1])


def op_maximum(imp, n): return binary(imp, n, "maximum", n.args[0], n.args[1])
def op_minimum(imp, n): return binary(imp, n, "minimum", n.args[0], n.args[1])
def op_pow(imp, n): return binary(imp, n, "pow", n.args[0], n.args[1])
def op_square(imp, n): return binary(imp, n, "pow", n.args[0], 2)  # as ATen's composite square is
def op_sin(imp, n): return unary(imp, n, "sin")
def op_cos(imp, n): return unary(imp, n, "cos")


def op_ceil(imp, n):
    return unary(imp, n, "ceil") if imp.values[n].is_floating_point() else alias(imp, n)


def op_floor(imp, n):
    return unary(imp, n, "floor") if imp.values[n].is_floating_point() else alias(imp, n)


def op_to_copy(imp, n):
    # The operand's imported type decides (an f64 mean is imported in f32: reduce_dtype).
    shape, dtype = imp.out(n)
    x = imp.v(n, n.args[0])
    if dtype == x.dtype:
        return x
    return imp.w.op("to_copy", [x], [("dtype", DTYPES[dtype])], shape, dtype)


def op_where(imp, n):
    if len(n.args) != 3:
        imp.fail(n, "where with one argument (nonzero) is not supported")
    cond, a, b = n.args
    if not isinstance(cond, torch.fx.Node) or imp.values[cond].dtype != torch.bool:
        imp.fail(n, "where with a condition that is not a bool tensor is not supported")
    shape, dtype = imp.out(n)
    return imp.w.op("where", [imp.v(n, cond), operand_as(imp, n, a, dtype), operand_as(imp, n, b, dtype)], [],
                    shape, dtype)


def op_masked_fill(imp, n):
    x, mask, value = n.args[:3]
    if isinstance(value, torch.fx.Node):  # masked_fill.Tensor: a one-element constant only
        t = imp.values[value]
        if not imp.const.get(value) or t.numel() != 1:
            imp.fail(n, "masked_fill with a fill value that is not a constant scalar is not supported")
        value = t.item()
    if not isinstance(mask, torch.fx.Node) or imp.values[mask].dtype != torch.bool:
        imp.fail(n, "masked_fill with a mask that is not a bool tensor is not supported")
    shape, dtype = imp.out(n)
    return imp.w.op("masked_fill", [imp.v(n, x), imp.v(n, mask)], [("value", f64(float(value)))], shape,
                    dtype)


def op_triangle(imp, n):
    """triu / tril (default IR): where(mask, x, 0), the mask a constant of the shape."""
    x = imp.values[n.args[0]]
    diagonal = n.args[1] if len(n.args) > 1 else n.kwargs.get("diagonal", 0)
    upper = op_name(n.target)[0].startswith("triu")
    ones = torch.ones(x.shape[-2:], dtype=torch.bool)
    mask = torch.triu(ones, diagonal) if upper else torch.tril(ones, diagonal)
    shape, dtype = imp.out(n)
    return imp.w.op("where", [imp.const_tensor(mask, "triangle_mask"), imp.v(n, n.args[0]),
                              imp.w.constant(torch.tensor(0, dtype=dtype), "scalar")], [], shape, dtype)


OPS = {
    "to": op_to_copy,            # torch.export's default IR: to.dtype (the result's dtype decides)
    "type_as": op_to_copy,
    "triu": op_triangle,
    "tril": op_triangle,
    "relu": op_relu,
    "sigmoid": op_sigmoid,
    "tanh": op_tanh,
    "exp": op_exp,
    "expm1": op_expm1,
    "log": op_log,
    "sqrt": op_sqrt,
    "rsqrt": op_rsqrt,
    "neg": op_neg,
    "abs": op_abs,
    "gelu": op_gelu,
    "hardtanh": op_hardtanh,
    "clamp": op_clamp,
    "clamp_min": op_clamp_min,
    "clamp_max": op_clamp_max,
    "silu": op_silu,
    "hardswish": op_hardswish,
    "hardsigmoid": op_hardsigmoid,
    "leaky_relu": op_leaky_relu,
    "prelu": op_prelu,
    "prelu_kernel": op_prelu_kernel,
    "elu": op_elu,
    "add": op_add,
    "sub": op_sub,
    "rsub": op_rsub,
    "mul": op_mul,
    "div": op_div,
    "maximum": op_maximum,
    "minimum": op_minimum,
    "pow": op_pow,
    "square": op_square,
    "sin": op_sin,
    "cos": op_cos,
    "ceil": op_ceil,
    "floor": op_floor,
    "to_copy": op_to_copy,
    "where": op_where,
    "masked_fill": op_masked_fill,
}
