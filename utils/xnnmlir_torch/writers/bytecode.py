"""The module as MLIR bytecode (writers/mlirbc.py), streaming: each blob
written straight from its tensor's storage, nothing held as text."""
import functools

from . import mlirbc as bc
from ..mlir import mlir_string
from ..tensors import blob_buffer


def write_bytecode(imp, f, producer):
    """Writes the module as MLIR bytecode to binary file `f`: the blobs straight
    from their tensors' storage, one at a time."""
    m = bc.Module(producer)
    args = [(a.type, None) for a, _ in imp.args] + \
        [(a.type, {"xnn.state": mlir_string(b)}) for a, b in imp.state_args]
    index = {}
    for i, (a, _) in enumerate(imp.args + imp.state_args):
        index[a.name] = i
    nargs = len(index)
    resources = {}
    for key, (t, align) in imp.w.blobs.items():
        resources[key] = m.resource(key, t.numel() * t.element_size(), align,
                                    functools.partial(blob_buffer, t))
    ops = []
    nvals = nargs
    for name, operands, attrs, v, loc in imp.w.ops:
        if isinstance(v, list):  # several results: each its own value index
            for r in v:
                index[r.name] = nvals
                nvals += 1
            ty = [m.type(r.type) for r in v]
        else:
            index[v.name] = nvals
            nvals += 1
            ty = m.type(v.type)
        if name == "edge.constant":
            if isinstance(attrs, tuple):  # a blob, or elided
                key, _ = attrs
                r = resources[key] if key in resources else m.resource(key)
                value = m.attr_dense_resource(v.type, r)
            else:
                value = m.attr_asm(attrs)
            d = m.attr_dict([("value", value)])
        else:
            d = m.attr_dict([(k, m.attr_asm(a)) for k, a in attrs]) if attrs else None
        ops.append((name, [index[o.name] for o in operands], d, ty, m.attr_loc(loc)))
    results = [(r.type, {"xnn.state": mlir_string(b)} if b else None) for r, b in imp.results_]
    func = bc.Func(imp.func_name, args, results, ops, [index[r.name] for r, _ in imp.results_])
    m.write(f, func)
