"""Reductions and softmax: sum / mean (with dtype=), amax / argmax / max,
the 2-norm, softmax / log_softmax."""
import operator

from ..aten import name_overload, op_name
from ..mlir import DTYPES, arr, torch
from .common import binary


def op_norm(imp, n):
    """The 2-norm over dims: sqrt(sum(x * x))."""
    x = imp.v(n, n.args[0])
    p = n.args[1] if len(n.args) > 1 else n.kwargs.get("p", 2)
    dims = n.args[2] if len(n.args) > 2 else n.kwargs.get("dim", list(range(len(x.shape))))
    keep = n.args[3] if len(n.args) > 3 else n.kwargs.get("keepdim", False)
    if p not in (2, 2.0, None) or n.kwargs.get("dtype") is not None:
        imp.fail(n, "norm other than the 2-norm is not supported")
    shape, dtype = imp.out(n)
    sq = imp.w.op("mul", [x, x], [], x.shape, x.dtype)
    s = imp.w.op("sum", [sq], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, dtype)
    return imp.w.op("sqrt", [s], [], shape, dtype)


def reduce(imp, n, edge):
    shape, dtype = imp.out(n)
    x = imp.v(n, n.args[0])
    dims = n.args[1] if len(n.args) > 1 else list(range(len(x.shape)))
    keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
    return imp.w.op(edge, [x], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, dtype)


def reduce_dtype(imp, n, edge):
    """mean / sum with `dtype=`: ATen converts the input to it, then
    reduces. A float dtype edge has is that (to_copy + the reduction). An
    f64 one whose every user converts the result back (to_copy to
    another dtype) is reduced in the input's dtype instead: edge has no
    f64, and the f64 result is only rounded (the difference is the
    input dtype's accumulation error). An f64 result used otherwise
    (an output, an f64 op) is an error."""
    want = n.kwargs.get("dtype")
    x = imp.v(n, n.args[0])
    if want is None or want == x.dtype:
        return reduce(imp, n, edge)
    shape, _ = imp.out(n)
    dims = n.args[1] if len(n.args) > 1 else list(range(len(x.shape)))
    keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
    attrs = [("dims", arr(dims)), ("keepdim", "true" if keep else "false")]
    if want == torch.float64:
        users = list(n.users)
        if not users or not all(u.op == "call_function" and op_name(u.target)[0] in ("_to_copy", "to_copy")
                                and imp.values[u].dtype != torch.float64 for u in users):
            imp.fail(n, "%s(..., dtype=torch.float64) whose f64 result is used other than converted to "
                         "another dtype (here: %s) is not supported: edge has no f64" %
                      (edge, ", ".join(u.name for u in users) or "an output"))
        return imp.w.op(edge, [x], attrs, shape, x.dtype)
    if want not in (torch.float32, torch.float16, torch.bfloat16):
        imp.fail(n, "%s with dtype %s is not supported" % (edge, want))
    xc = imp.w.op("to_copy", [x], [("dtype", DTYPES[want])], x.shape, want)
    return imp.w.op(edge, [xc], attrs, shape, want)


def op_mean(imp, n): return reduce_dtype(imp, n, "mean")
def op_sum(imp, n): return reduce_dtype(imp, n, "sum")


def op_amax(imp, n):
    x = imp.v(n, n.args[0])
    dims = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", [])
    dims = list(dims) if isinstance(dims, (list, tuple)) else [dims]
    if not dims:
        dims = list(range(len(x.shape)))
    if not dims:
        imp.fail(n, "amax of a 0-d tensor is not supported")
    keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
    shape, dtype = imp.out(n)
    return imp.w.op("amax", [x], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, dtype)


def op_argmax(imp, n):
    x = imp.v(n, n.args[0])
    dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim")
    if dim is None:
        imp.fail(n, "argmax over the flattened tensor (dim = None) is not supported")
    keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
    shape, dtype = imp.out(n)
    return imp.w.op("argmax", [x], [("dim", "%d : i64" % dim), ("keepdim", "true" if keep else "false")],
                    shape, dtype)


def op_max(imp, n):
    """max.other: maximum; max.default: amax over every dim; max.dim: (amax, argmax),
    each emitted only where its getitem is used."""
    overload = name_overload(n)
    if overload == "other":
        return binary(imp, n, "maximum", n.args[0], n.args[1])
    x = imp.v(n, n.args[0])
    if overload != "dim":
        if not x.shape:
            imp.fail(n, "max of a 0-d tensor is not supported")
        shape, dtype = imp.out(n)
        return imp.w.op("amax", [x], [("dims", arr(list(range(len(x.shape))))), ("keepdim", "false")],
                        shape, dtype)
    dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim")
    keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
    used = {u.args[1] for u in n.users if u.target is operator.getitem and u.users}
    vals, idx = imp.values[n]
    kd = ("keepdim", "true" if keep else "false")
    v = i = None
    if 0 in used:
        v = imp.w.op("amax", [x], [("dims", arr([dim])), kd], tuple(vals.shape), vals.dtype)
    if 1 in used:
        i = imp.w.op("argmax", [x], [("dim", "%d : i64" % dim), kd], tuple(idx.shape), idx.dtype)
    return (v, i)


def op_softmax(imp, n):
    shape, dtype = imp.out(n)
    return imp.w.op("softmax", [imp.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)


def op_log_softmax(imp, n):
    if n.args[2] if len(n.args) > 2 else False:
        imp.fail(n, "log_softmax computed in another dtype (half_to_float) is not supported")
    shape, dtype = imp.out(n)
    sm = imp.w.op("softmax", [imp.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)
    return imp.w.op("log", [sm], [], shape, dtype)


def op_any(imp, n):
    """any over dims (run_decompositions()' _safe_softmax): x != 0 as f32, amax, > 0."""
    x = imp.v(n, n.args[0])
    t = imp.values[n.args[0]]
    dims = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", list(range(t.dim())))
    dims = [d % t.dim() for d in (list(dims) if isinstance(dims, (list, tuple)) else [dims])]
    keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
    shape, _ = imp.out(n)
    if t.dtype != torch.bool:
        x = imp.w.op("ne", [x, imp.w.constant(torch.tensor(0, dtype=t.dtype), "scalar")], [], t.shape, torch.bool)
    f = imp.w.op("to_copy", [x], [("dtype", DTYPES[torch.float32])], t.shape, torch.float32)
    m = imp.w.op("amax", [f], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, torch.float32)
    return imp.w.op("gt", [m, imp.w.constant(torch.tensor(0.0), "scalar")], [], shape, torch.bool)


OPS = {
    "any": op_any,
    "norm": op_norm,
    "linalg_vector_norm": op_norm,
    "mean": op_mean,
    "sum": op_sum,
    "amax": op_amax,
    "argmax": op_argmax,
    "max": op_max,
    "softmax": op_softmax,
    "log_softmax": op_log_softmax,
}
