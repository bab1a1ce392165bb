"""Comparisons, bitwise and logical ops (bool results; logical ops read any
dtype as x != 0)."""

from ..mlir import DTYPES, torch
from .common import operand_as, unary


def compare(imp, n, edge):
    a, b = n.args[0], n.args[1]
    common = torch.result_type(imp.values[a] if isinstance(a, torch.fx.Node) else a,
                               imp.values[b] if isinstance(b, torch.fx.Node) else b)
    shape, dtype = imp.out(n)
    return imp.w.op(edge, [operand_as(imp, n, a, common), operand_as(imp, n, b, common)], [], shape, dtype)


def op_eq(imp, n): return compare(imp, n, "eq")
def op_ne(imp, n): return compare(imp, n, "ne")
def op_lt(imp, n): return compare(imp, n, "lt")
def op_le(imp, n): return compare(imp, n, "le")
def op_gt(imp, n): return compare(imp, n, "gt")
def op_ge(imp, n): return compare(imp, n, "ge")


def bitwise(imp, n, edge):
    shape, dtype = imp.out(n)
    if dtype.is_floating_point:
        imp.fail(n, "%s of floating-point tensors is not an ATen op" % edge)
    return imp.w.op(edge, [operand_as(imp, n, n.args[0], dtype), operand_as(imp, n, n.args[1], dtype)], [],
                    shape, dtype)


def op_bitwise_and(imp, n): return bitwise(imp, n, "bitwise_and")
def op_bitwise_or(imp, n): return bitwise(imp, n, "bitwise_or")
def op_bitwise_xor(imp, n): return bitwise(imp, n, "bitwise_xor")


def op_bitwise_not(imp, n):
    return unary(imp, n, "bitwise_not")


def as_bool(imp, n, a):
    """A tensor operand as i1: bool as is, others x != 0 (ATen's logical ops)."""
    if isinstance(a, torch.fx.Node) and imp.values[a].dtype == torch.bool:
        return imp.v(n, a)
    if not isinstance(a, torch.fx.Node):
        return imp.w.constant(torch.tensor(bool(a)), "scalar")
    t = imp.values[a]
    zero = imp.w.constant(torch.tensor(0, dtype=t.dtype), "scalar")
    return imp.w.op("ne", [imp.v(n, a), zero], [], tuple(t.shape), torch.bool)


def logical(imp, n, edge):
    shape, dtype = imp.out(n)
    r = imp.w.op(edge, [as_bool(imp, n, n.args[0]), as_bool(imp, n, n.args[1])], [], shape, torch.bool)
    return r if dtype == torch.bool else imp.w.op("to_copy", [r], [("dtype", DTYPES[dtype])], shape, dtype)


def op_logical_and(imp, n): return logical(imp, n, "bitwise_and")
def op_logical_or(imp, n): return logical(imp, n, "bitwise_or")
def op_logical_xor(imp, n): return logical(imp, n, "bitwise_xor")


def op_logical_not(imp, n):
    shape, dtype = imp.out(n)
    r = imp.w.op("bitwise_not", [as_bool(imp, n, n.args[0])], [], shape, torch.bool)
    return r if dtype == torch.bool else imp.w.op("to_copy", [r], [("dtype", DTYPES[dtype])], shape, dtype)


OPS = {
    "eq": op_eq,
    "ne": op_ne,
    "lt": op_lt,
    "le": op_le,
    "gt": op_gt,
    "ge": op_ge,
    "bitwise_and": op_bitwise_and,
    "and__": op_bitwise_and,
    "bitwise_or": op_bitwise_or,
    "or__": op_bitwise_or,
    "bitwise_xor": op_bitwise_xor,
    "xor__": op_bitwise_xor,
    "bitwise_not": op_bitwise_not,
    "logical_and": op_logical_and,
    "logical_or": op_logical_or,
    "logical_xor": op_logical_xor,
    "logical_not": op_logical_not,
}
