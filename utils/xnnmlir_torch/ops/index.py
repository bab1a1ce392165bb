"""Indexing, gathers and scatters, copies and fills: what decoders with a KV
cache use (index, index_put, index_copy, scatter, slice/select_scatter)."""
import sys

from ..mlir import arr, torch
from .common import alias, operand_as, slice_of


def op_embedding(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.op("embedding", [imp.v(n, n.args[0]), imp.v(n, n.args[1])], [], shape, dtype)


def index_operands(imp, n, x_node, indices):
    """ATen's optional index list as (index values, indexed dims); boolean
    masks known at import time become their nonzero() positions."""
    x = imp.values[x_node]
    ops, dims = [], []
    d = 0
    for ix in indices:
        if ix is None:
            d += 1
            continue
        t = imp.values[ix]
        if t.dtype in (torch.bool, torch.uint8):
            if not imp.is_const(ix):
                imp.fail(n, "indexing with a boolean mask computed at run time is not supported "
                             "(its result's shape depends on the values)")
            nz = torch.nonzero(imp.const_data(ix).to(torch.bool), as_tuple=True)
            for k, pos in enumerate(nz):
                ops.append(imp.w.constant(pos, "mask_positions"))
                dims.append(d + k)
            d += t.dim()
            continue
        if t.dtype not in (torch.int64, torch.int32):
            imp.fail(n, "index tensors of dtype %s are not supported (i64, i32 or bool)" % t.dtype)
        ops.append(imp.v(n, ix))
        dims.append(d)
        d += 1
    if d > x.dim():
        imp.fail(n, "too many indices (%d) for a tensor of rank %d" % (d, x.dim()))
    return ops, dims


def op_index(imp, n):
    shape, dtype = imp.out(n)
    ops, dims = index_operands(imp, n, n.args[0], n.args[1])
    if not ops:
        return alias(imp, n)
    return imp.w.op("index", [imp.v(n, n.args[0])] + ops, [("indexed_dims", arr(dims))], shape, dtype)


def op_unsafe_index(imp, n):
    """index without bounds checks (torch 2's decompositions: nearest
    upsampling is x[:, :, rows[:, None], cols] with index constants): the
    nearest upsample when the indices are the ones edge.upsample_nearest2d
    computes from the sizes, else an index."""
    y = nearest_upsample(imp, n)
    return y if y is not None else op_index(imp, n)


def nearest_upsample(imp, n):
    x_node, indices = n.args[:2]
    x = imp.values[x_node]
    if x.dim() != 4 or len(indices) != 4 or indices[0] is not None or indices[1] is not None or \
            not all(imp.is_const(i) for i in indices[2:]):
        return None
    rows, cols = (imp.const_data(i) for i in indices[2:])
    shape, dtype = imp.out(n)
    ho, wo = shape[2:]
    if rows.dtype != torch.int64 or cols.dtype != torch.int64 or tuple(rows.shape) != (ho, 1) or \
            tuple(cols.shape) != (wo,):
        return None
    f32 = torch.float32

    def src(i, o):  # upsample_nearest2d from sizes: floor(dst * (in / out)) in f32, clamped
        return torch.floor(torch.arange(o, dtype=f32) * (torch.tensor(i, dtype=f32) / torch.tensor(o, dtype=f32))) \
            .clamp(max=i - 1).to(torch.int64)
    if not torch.equal(rows.reshape(-1), src(x.shape[2], ho)) or not torch.equal(cols, src(x.shape[3], wo)):
        return None
    return imp.w.op("upsample_nearest2d", [imp.v(n, x_node)], [("output_size", arr([ho, wo]))], shape, dtype)


def op_index_select(imp, n):
    shape, dtype = imp.out(n)
    x, dim, index = n.args[:3]
    dim %= max(imp.values[x].dim(), 1)
    idx = imp.v(n, index)
    if imp.values[index].dim() == 0:
        idx = imp.w.op("view", [idx], [], [1], imp.values[index].dtype)
    return imp.w.op("index", [imp.v(n, x), idx], [("indexed_dims", arr([dim]))], shape, dtype)


def op_index_put(imp, n):
    shape, dtype = imp.out(n)
    x, indices, values = n.args[:3]
    accumulate = n.args[3] if len(n.args) > 3 else n.kwargs.get("accumulate", False)
    ops, dims = index_operands(imp, n, x, indices)
    if not ops:  # x[...] = values: the whole tensor
        return copy_into(imp, n, values, shape, dtype, accumulate, x)
    attrs = [("indexed_dims", arr(dims))] + ([("accumulate", "true")] if accumulate else [])
    return imp.w.op("index_put", [imp.v(n, x), operand_as(imp, n, values, dtype)] + ops, attrs, shape, dtype)


def op_scatter(imp, n, accumulate=False):
    """scatter / scatter_add along dim (no reduce): an index_put with every
    dim indexed, the index tensor at dim and broadcast aranges elsewhere."""
    shape, dtype = imp.out(n)
    x, dim, index = n.args[:3]
    src = n.args[3] if len(n.args) > 3 else n.kwargs.get("src", n.kwargs.get("value"))
    if n.kwargs.get("reduce") is not None or len(n.args) > 4:
        imp.fail(n, "scatter with a reduce argument is not supported")
    it = imp.values[index]
    rank = len(shape)
    if it.dim() != rank:
        imp.fail(n, "scatter's index must have the rank of the tensor")
    dim %= rank
    if it.numel() == 0:
        return imp.v(n, x)
    ops = []
    for k in range(rank):
        if k == dim:
            ops.append(imp.v(n, index))
        else:
            view = [1] * rank
            view[k] = it.shape[k]
            ops.append(imp.w.constant(torch.arange(it.shape[k], dtype=torch.int64).view(view), "scatter_dim"))
    if isinstance(src, torch.fx.Node):
        vals = operand_as(imp, n, src, dtype)
        sshape = tuple(imp.values[src].shape)
        for k in range(rank):
            if sshape[k] != it.shape[k]:
                vals = slice_of(imp, n, vals, k, 0, it.shape[k])
    else:
        vals = imp.w.constant(torch.tensor(src, dtype=dtype), "scalar")
    attrs = [("indexed_dims", arr(range(rank)))] + ([("accumulate", "true")] if accumulate else [])
    return imp.w.op("index_put", [imp.v(n, x), vals] + ops, attrs, shape, dtype)


def op_scatter_add(imp, n):
    return op_scatter(imp, n, accumulate=True)


def op_index_copy(imp, n):
    shape, dtype = imp.out(n)
    x, dim, index, source = n.args[:4]
    dim %= max(len(shape), 1)
    idx = imp.v(n, index)
    if imp.values[index].dim() == 0:  # a scalar index: source lacks the dim
        idx = imp.w.op("view", [idx], [], [1], imp.values[index].dtype)
    src = operand_as(imp, n, source, dtype)
    if imp.values[source].dim() < len(shape):
        sshape = list(imp.values[source].shape)
        sshape.insert(dim, 1)
        src = imp.w.op("view", [src], [], sshape, dtype)
    return imp.w.op("index_put", [imp.v(n, x), src, idx], [("indexed_dims", arr([dim]))], shape, dtype)


def copy_into(imp, n, src, shape, dtype, accumulate=False, x=None):
    """src broadcast to `shape` in `dtype` (ATen's copy_); with accumulate, added to x."""
    if not isinstance(src, torch.fx.Node):
        v = imp.w.constant(torch.full(tuple(shape), src, dtype=dtype), "fill")
    else:
        v = operand_as(imp, n, src, dtype)
        if tuple(imp.values[src].shape) != tuple(shape):
            sshape = tuple(imp.values[src].shape)
            if len(sshape) < len(shape):
                sshape = (1,) * (len(shape) - len(sshape)) + sshape
                v = imp.w.op("view", [v], [], sshape, dtype)
            if sshape != tuple(shape):
                v = imp.w.op("expand", [v], [], shape, dtype)
    if accumulate:
        v = imp.w.op("add", [imp.v(n, x), v], [], shape, dtype)
    return v


def op_copy(imp, n):
    shape, dtype = imp.out(n)
    return copy_into(imp, n, n.args[1], shape, dtype)


def op_fill(imp, n):
    shape, dtype = imp.out(n)
    value = n.args[1]
    if isinstance(value, torch.fx.Node) and imp.is_const(value):
        value = imp.const_data(value).item()
    return copy_into(imp, n, value, shape, dtype)


def op_zero(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.constant(torch.zeros(shape, dtype=dtype), "zeros")


def op_slice_scatter(imp, n):
    shape, dtype = imp.out(n)
    a = list(n.args) + [None] * 6
    x, src = imp.v(n, a[0]), operand_as(imp, n, a[1], dtype)
    dim = (a[2] if a[2] is not None else n.kwargs.get("dim", 0)) % len(shape)
    start = a[3] if a[3] is not None else n.kwargs.get("start", 0)
    end = a[4] if a[4] is not None else n.kwargs.get("end", shape[dim])
    step = a[5] if a[5] is not None else n.kwargs.get("step", 1)
    size = shape[dim]
    start = max(0, min(size, (start or 0) + size if (start or 0) < 0 else (start or 0)))
    end = size if end is None or end >= sys.maxsize // 2 else end
    end = max(start, min(size, end + size if end < 0 else end))
    if step == 1:
        return imp.splice(n, x, src, dim, start, end, tuple(shape), dtype)
    marker = torch.arange(int(torch.tensor(shape).prod()), dtype=torch.int64).reshape(shape)
    pos = marker.narrow(dim, start, end - start)[(slice(None),) * dim + (slice(None, None, step),)]
    flat = imp.w.op("view", [x], [], [marker.numel()], dtype)
    vals = imp.w.op("view", [src], [], [pos.numel()], dtype)
    idx = imp.w.constant(pos.reshape(-1).contiguous(), "scatter_positions")
    put = imp.w.op("index_put", [flat, vals, idx], [("indexed_dims", arr([0]))], [marker.numel()], dtype)
    return imp.w.op("view", [put], [], shape, dtype)


def op_select_scatter(imp, n):
    shape, dtype = imp.out(n)
    x, src, dim, index = n.args[:4]
    dim %= len(shape)
    index = index + shape[dim] if index < 0 else index
    sshape = list(shape)
    sshape[dim] = 1
    u = imp.w.op("view", [operand_as(imp, n, src, dtype)], [], sshape, dtype)
    return imp.splice(n, imp.v(n, x), u, dim, index, index + 1, tuple(shape), dtype)


OPS = {
    "embedding": op_embedding,
    "index": op_index,
    "unsafe_index": op_unsafe_index,
    "index_select": op_index_select,
    "index_put": op_index_put,
    "scatter": op_scatter,
    "scatter_add": op_scatter_add,
    "index_copy": op_index_copy,
    "copy": op_copy,
    "fill": op_fill,
    "zero": op_zero,
    "slice_scatter": op_slice_scatter,
    "select_scatter": op_select_scatter,
}
