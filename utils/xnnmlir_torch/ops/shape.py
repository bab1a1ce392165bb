"""Shape and view ops: view / reshape, (un)squeeze, permute / transpose,
slice / select / split, cat / stack / unbind, pad, roll, expand, identities."""
import sys

from ..aten import AsCall, name_overload
from ..mlir import arr, f64
from .common import Deferred, alias, dequantized_weight_t, operand_as, permute_of, slice_of, view


def op_unsqueeze(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.op("unsqueeze", [imp.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)


def op_squeeze(imp, n):
    shape, dtype = imp.out(n)
    attrs = []
    if len(n.args) > 1:
        dims = n.args[1] if isinstance(n.args[1], (list, tuple)) else [n.args[1]]
        attrs = [("dims", arr(dims))]
    return imp.w.op("squeeze", [imp.v(n, n.args[0])], attrs, shape, dtype)


def op_as_strided(imp, n):
    # Only the contiguous form (a view): size with its row-major strides, offset 0.
    x = imp.values[n.args[0]]
    size, stride = list(n.args[1]), list(n.args[2])
    offset = n.args[3] if len(n.args) > 3 and n.args[3] is not None else 0
    expect, acc = [], 1
    for d in reversed(size):
        expect.insert(0, acc)
        acc *= max(int(d), 1)
    if offset or acc != x.numel() or any(s != e for s, d, e in zip(stride, size, expect) if d != 1) \
            or not x.is_contiguous():
        imp.fail(n, "as_strided other than a contiguous view is not supported")
    return view(imp, n)


def op_permute(imp, n):
    shape, dtype = imp.out(n)
    dims = n.args[1]
    emit = lambda: imp.w.op("permute", [imp.v(n, n.args[0])], [("dims", arr(dims))], shape, dtype)
    return Deferred(emit) if dequantized_weight_t(imp, n) is not None else emit()


def op_t(imp, n):
    if dequantized_weight_t(imp, n) is not None:
        return Deferred(lambda: permute_of(imp, n, imp.v(n, n.args[0]), 2, 0, 1))
    x = imp.v(n, n.args[0])
    if len(x.shape) < 2:
        return x
    return permute_of(imp, n, x, 2, 0, 1)


def op_transpose(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.op("transpose", [imp.v(n, n.args[0])], [("dim0", "%d : i64" % n.args[1]),
                                                           ("dim1", "%d : i64" % n.args[2])], shape, dtype)


def op_slice(imp, n):
    a = list(n.args) + [None] * 5
    dim = a[1] if a[1] is not None else 0
    start = a[2] if a[2] is not None else 0
    end = a[3] if a[3] is not None else sys.maxsize
    step = a[4] if a[4] is not None else 1
    x = imp.v(n, n.args[0])
    size = x.shape[dim % len(x.shape)]
    if end >= sys.maxsize // 2:
        end = size
    if step == 1 and start in (0, -size) and end >= size:
        return x  # the whole dim (x[:, 1:] traces one for dim 0): no op
    return slice_of(imp, n, x, dim, start, end, step)


def op_select(imp, n):
    x = imp.v(n, n.args[0])
    dim, idx = n.args[1], n.args[2]
    size = x.shape[dim % len(x.shape)]
    idx = idx + size if idx < 0 else idx
    s = slice_of(imp, n, x, dim, idx, idx + 1)
    return view(imp, n, s)


def op_split(imp, n):
    x = imp.v(n, n.args[0])
    sizes = n.args[1]
    dim = n.args[2] if len(n.args) > 2 else n.kwargs.get("dim", 0)
    total = x.shape[dim % len(x.shape)]
    if isinstance(sizes, int):
        sizes = [min(sizes, total - s) for s in range(0, total, sizes)]
    out, start = [], 0
    for s in sizes:
        out.append(slice_of(imp, n, x, dim, start, start + s))
        start += s
    return tuple(out)


def op_getitem(imp, n):
    src, i = n.args
    vals = imp.ssa.get(src)
    if not isinstance(vals, tuple) or vals[i] is None:
        imp.fail(n, "result %d of %s is not supported" % (i, src.target))
    return vals[i]


def op_cat(imp, n):
    shape, dtype = imp.out(n)
    dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)
    xs = [imp.v(n, a) for a in n.args[0] if tuple(imp.values[a].shape) != (0,)]
    if len(xs) == 1:
        return xs[0]
    return imp.w.op("cat", xs, [("dim", "%d : i64" % dim)], shape, dtype)


def op_constant_pad_nd(imp, n):
    shape, dtype = imp.out(n)
    value = n.args[2] if len(n.args) > 2 else n.kwargs.get("value", 0)
    attrs = [("pad", arr(n.args[1]))] + ([("value", f64(value))] if value else [])
    return imp.w.op("constant_pad_nd", [imp.v(n, n.args[0])], attrs, shape, dtype)


def op_pad(imp, n):
    """torch.export's default IR: F.pad as aten.pad(input, pad, mode, value); the
    constant mode is constant_pad_nd."""
    a = list(n.args) + [None] * (4 - len(n.args))
    mode = a[2] or n.kwargs.get("mode", "constant")
    if mode != "constant":
        imp.fail(n, "pad mode '%s' is not supported (constant only)" % mode)
    value = a[3] if a[3] is not None else n.kwargs.get("value")
    return op_constant_pad_nd(imp, AsCall(n, (a[0], a[1], value or 0)))


def op_roll(imp, n):
    shape, dtype = imp.out(n)
    shifts = list(n.args[1]) if isinstance(n.args[1], (list, tuple)) else [n.args[1]]
    dims = n.args[2] if len(n.args) > 2 else n.kwargs.get("dims", [])
    dims = list(dims) if isinstance(dims, (list, tuple)) else [dims]
    return imp.w.op("roll", [imp.v(n, n.args[0])], [("shifts", arr(shifts)), ("dims", arr(dims))],
                    shape, dtype)


def op_expand(imp, n):
    shape, dtype = imp.out(n)
    x = imp.v(n, n.args[0])
    if tuple(x.shape) == tuple(shape):
        return x
    return imp.w.op("expand", [x], [], shape, dtype)


def op_unbind(imp, n):
    x = imp.v(n, n.args[0])
    dim = (n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)) % len(x.shape)
    shape = list(x.shape)
    del shape[dim]
    return tuple(imp.w.op("view", [slice_of(imp, n, x, dim, i, i + 1)], [], shape, x.dtype)
                 for i in range(x.shape[dim]))


def op_stack(imp, n):
    shape, dtype = imp.out(n)
    dim = (n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)) % len(shape)
    parts = []
    for a in n.args[0]:
        s = list(imp.values[a].shape)
        s.insert(dim, 1)
        parts.append(imp.w.op("view", [operand_as(imp, n, a, dtype)], [], s, dtype))
    return parts[0] if len(parts) == 1 else imp.w.op("cat", parts, [("dim", "%d : i64" % dim)], shape, dtype)


def op_native_dropout(imp, n):
    p, train = n.args[1], n.args[2]
    if train and p > 0:
        imp.fail(n, "dropout in training mode is random: call model.eval() before importing")
    return (imp.v(n, n.args[0]), None)


def op_repeat_interleave(imp, n):
    """repeat_interleave.self_int (default IR): each element `repeats` times
    along dim: unsqueeze after dim, expand, view (what its decomposition makes)."""
    if name_overload(n) != "self_int":
        imp.fail(n, "repeat_interleave with a tensor of repeats is not supported")
    x = imp.v(n, n.args[0])
    repeats = n.args[1]
    dim = n.args[2] if len(n.args) > 2 else n.kwargs.get("dim")
    shape, dtype = imp.out(n)
    if dim is None:
        imp.fail(n, "repeat_interleave without a dim (flattening) is not supported")
    dim %= len(x.shape)
    inner = list(x.shape[:dim + 1]) + [1] + list(x.shape[dim + 1:])
    u = imp.w.op("view", [x], [], inner, dtype)
    inner[dim + 1] = repeats
    e = imp.w.op("expand", [u], [], inner, dtype)
    return imp.w.op("view", [e], [], shape, dtype)


OPS = {
    "repeat_interleave": op_repeat_interleave,
    "view": view,
    "reshape": view,
    "reshape_alias": view,
    "unsafe_view": view,
    "flatten": view,
    "clone": alias,
    "alias": alias,
    "detach": alias,
    "lift_fresh_copy": alias,
    "contiguous": alias,
    "dropout": alias,
    "unsqueeze": op_unsqueeze,
    "squeeze": op_squeeze,
    "as_strided": op_as_strided,
    "permute": op_permute,
    "t": op_t,
    "transpose": op_transpose,
    "slice": op_slice,
    "select": op_select,
    "split": op_split,
    "split_with_sizes": op_split,
    "unsafe_split": op_split,
    "unsafe_split_with_sizes": op_split,
    "getitem": op_getitem,
    "cat": op_cat,
    "constant_pad_nd": op_constant_pad_nd,
    "pad": op_pad,
    "roll": op_roll,
    "expand": op_expand,
    "unbind": op_unbind,
    "stack": op_stack,
    "native_dropout": op_native_dropout,
}
