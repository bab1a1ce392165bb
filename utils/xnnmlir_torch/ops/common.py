"""What the op families share: unary and broadcasting binary ops, operands
taken in a dtype, views, slices, permutes, and the deferred value."""
from ..aten import op_name
from ..mlir import DTYPES, arr, f64, torch


class Deferred:
    """A value emitted only if something reads it: the transpose of a
    dequantized weight, which the quantized linear reads untransposed."""

    def __init__(self, make):
        self.make, self.value = make, None

    def get(self):
        if self.value is None:
            self.value = self.make()
        return self.value


def unary(imp, n, edge, attrs=()):
    shape, dtype = imp.out(n)
    return imp.w.op(edge, [imp.v(n, n.args[0])], list(attrs), shape, dtype)


def binary(imp, n, edge, a, b, alpha=None):
    """A broadcasting binary op in its result's dtype: Python scalars and
    tensors of another dtype are taken in that dtype, as ATen's type
    promotion computes (an i64 tensor minus an int stays i64)."""
    shape, dtype = imp.out(n)
    if dtype == torch.bool and edge in ("mul", "add"):  # ATen's bool product / sum: and / or
        edge = "bitwise_and" if edge == "mul" else "bitwise_or"
    attrs = [("alpha", f64(alpha))] if alpha not in (None, 1) else []
    return imp.w.op(edge, [operand_as(imp, n, a, dtype), operand_as(imp, n, b, dtype)], attrs, shape, dtype)


def operand_as(imp, n, a, dtype):
    """Operand `a` (a node or a Python scalar) as a value of `dtype`:
    scalars become rank-0 constants, tensors of another dtype a to_copy
    (ATen computes comparisons and where in the promoted dtype)."""
    if not isinstance(a, torch.fx.Node):
        return imp.w.constant(torch.tensor(a, dtype=dtype), "scalar")
    v, t = imp.v(n, a), imp.values[a]
    if t.dtype == dtype:
        return v
    return imp.w.op("to_copy", [v], [("dtype", DTYPES[dtype])], tuple(t.shape), dtype)


def view(imp, n, x=None):
    shape, dtype = imp.out(n)
    return imp.w.op("view", [x or imp.v(n, n.args[0])], [], shape, dtype)


def alias(imp, n):
    return imp.v(n, n.args[0])


def permute_of(imp, n, x, rank, d0, d1):
    dims = list(range(rank))
    dims[d0 % rank], dims[d1 % rank] = dims[d1 % rank], dims[d0 % rank]
    shape = list(x.shape)
    shape[d0 % rank], shape[d1 % rank] = shape[d1 % rank], shape[d0 % rank]
    return imp.w.op("permute", [x], [("dims", arr(dims))], shape, x.dtype)


def slice_of(imp, n, x, dim, start, end, step=1):
    shape = list(x.shape)
    dim %= len(shape)
    size = shape[dim]
    start = max(0, min(size, start + size if start < 0 else start))
    end = max(start, min(size, end + size if end < 0 else end))
    count = (end - start + step - 1) // step
    if step > 1 and size % step == 0 and count > 0:
        # XNNPACK slices with unit stride only: view the dim as
        # [size / step, step], take phase start % step, then the rows.
        split = shape[:dim] + [size // step, step] + shape[dim + 1:]
        y = imp.w.op("view", [x], [], split, x.dtype)
        y = slice_of(imp, n, y, dim + 1, start % step, start % step + 1)
        y = slice_of(imp, n, y, dim, start // step, start // step + count)
        shape[dim] = count
        return imp.w.op("view", [y], [], shape, x.dtype)
    shape[dim] = count
    return imp.w.op("slice", [x], [("dim", "%d : i64" % dim), ("start", "%d : i64" % start),
                                    ("end", "%d : i64" % end), ("step", "%d : i64" % step)], shape, x.dtype)


def dequantized_weight_t(imp, b):
    """The dequantize node of b = t(dequantize_per_channel(_group)(W)), else None."""
    if isinstance(b, torch.fx.Node) and b.op == "call_function" and op_name(b.target)[0] in ("t", "permute") \
            and (op_name(b.target)[0] == "t" or list(b.args[1]) == [1, 0]):
        d = b.args[0]
        if isinstance(d, torch.fx.Node) and d.op == "call_function" and \
                op_name(d.target)[0] in ("dequantize_per_channel", "dequantize_per_channel_group",
                                         "dequantize_per_tensor"):
            return d
    return None
