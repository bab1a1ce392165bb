"""In-memory edge graph used by the fuzzer: values, ops, MLIR printing.

The generator builds a Graph, the minimizer edits it, both print it with
Graph.to_mlir(). Keeping the graph structured (instead of editing MLIR text)
is what lets the minimizer drop ops and rewire uses safely.
"""

import struct

FLOAT_TYPES = ("f32", "f16", "bf16")
INT_TYPES = ("i64", "i32")


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def tensor_type(shape, dtype):
    if not shape:
        return "tensor<%s>" % dtype
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), dtype)


def _bf16_bits(x):
    """Round-to-nearest-even f32 -> bf16 (the generator only emits finite values)."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def encode_float_payload(values, dtype):
    """Hex payload for dense<"0x..."> in little-endian storage order."""
    if dtype == "f32":
        raw = struct.pack("<%df" % len(values), *values)
    elif dtype == "f16":
        raw = struct.pack("<%de" % len(values), *values)
    else:
        raw = struct.pack("<%dH" % len(values), *[_bf16_bits(v) for v in values])
    return "0x" + raw.hex().upper()


def _nested_literal(flat, shape, fmt):
    if not shape:
        return fmt(flat[0])
    step = numel(shape[1:])
    return "[" + ", ".join(_nested_literal(flat[i * step:(i + 1) * step], shape[1:], fmt)
                           for i in range(shape[0])) + "]"


class Value:
    __slots__ = ("id", "shape", "dtype", "bound", "producer", "arg_index")

    def __init__(self, vid, shape, dtype, bound=1.0):
        self.id = vid
        self.shape = tuple(shape)
        self.dtype = dtype
        self.bound = bound          # generous upper bound on |x|, keeps numerics finite
        self.producer = None        # Op or None for a function argument
        self.arg_index = None

    @property
    def rank(self):
        return len(self.shape)

    @property
    def type(self):
        return tensor_type(self.shape, self.dtype)

    @property
    def is_float(self):
        return self.dtype in FLOAT_TYPES

    @property
    def is_constant(self):
        return self.producer is not None and self.producer.name == "constant"


class Op:
    __slots__ = ("name", "operands", "attrs", "result", "payload", "resource")

    def __init__(self, name, operands, attrs, result, payload=None, resource=False):
        self.name = name            # edge op name without the dialect prefix
        self.operands = list(operands)
        self.attrs = list(attrs)    # [(key, printed attribute)], printed in this order
        self.result = result
        self.payload = payload      # constants: flat list of python numbers
        self.resource = resource    # float constants: printed as a dense_resource blob

    def attr(self, key):
        for k, v in self.attrs:
            if k == key:
                return v
        return None


class Graph:
    def __init__(self):
        self.args = []
        self.ops = []
        self.results = []
        self._next = 0
        self.notes = []             # features the generator used, for reports

    def _new_value(self, shape, dtype, bound):
        v = Value(self._next, shape, dtype, bound)
        self._next += 1
        return v

    def add_arg(self, shape, dtype, bound=1.0):
        v = self._new_value(shape, dtype, bound)
        v.arg_index = len(self.args)
        self.args.append(v)
        return v

    def add_op(self, name, operands, attrs, shape, dtype, bound, payload=None):
        v = self._new_value(shape, dtype, bound)
        op = Op(name, operands, attrs, v, payload)
        v.producer = op
        self.ops.append(op)
        return v

    def users(self):
        uses = {}
        for op in self.ops:
            for o in op.operands:
                uses.setdefault(o.id, []).append(op)
        return uses

    # --- printing -----------------------------------------------------------
    def _name(self, v):
        return ("%%arg%d" % v.arg_index) if v.arg_index is not None else ("%%v%d" % v.id)

    def _constant_attr(self, op, blobs):
        v = op.result
        if op.resource and v.is_float and op.payload:
            # A dense_resource blob: 4-byte little-endian alignment, then the data.
            key = "blob%d" % len(blobs)
            align = 4 if v.dtype == "f32" else 2
            blobs.append((key, "0x%02X000000%s" % (align, encode_float_payload(op.payload, v.dtype)[2:])))
            return "dense_resource<%s> : %s" % (key, v.type)
        if not op.payload:   # zero elements: MLIR infers [0] from "[]", dense<> takes the type's shape
            return "dense<> : %s" % v.type
        if v.is_float:
            if all(x == op.payload[0] for x in op.payload):
                return "dense<%r> : %s" % (float(op.payload[0]), v.type)
            return 'dense<"%s"> : %s' % (encode_float_payload(op.payload, v.dtype), v.type)
        if v.dtype == "i1":
            fmt = lambda b: "true" if b else "false"
        else:
            fmt = lambda i: str(int(i))
        return "dense<%s> : %s" % (_nested_literal(op.payload, list(v.shape), fmt), v.type)

    def to_mlir(self, header=""):
        lines = []
        if header:
            lines += ["// " + h for h in header.splitlines()]
        params = ", ".join("%s: %s" % (self._name(a), a.type) for a in self.args)
        rtypes = [r.type for r in self.results]
        rsig = rtypes[0] if len(rtypes) == 1 else "(" + ", ".join(rtypes) + ")"
        lines.append("func.func @forward(%s) -> %s {" % (params, rsig))
        blobs = []
        for op in self.ops:
            attrs = list(op.attrs)
            if op.name == "constant":
                attrs = [("value", self._constant_attr(op, blobs))]
            attr_text = (" {" + ", ".join("%s = %s" % kv for kv in attrs) + "}") if attrs else ""
            lines.append('  %s = "edge.%s"(%s)%s : (%s) -> %s' % (
                self._name(op.result), op.name, ", ".join(self._name(o) for o in op.operands),
                attr_text, ", ".join(o.type for o in op.operands), op.result.type))
        lines.append("  return %s : %s" % (", ".join(self._name(r) for r in self.results),
                                           ", ".join(rtypes)))
        lines.append("}")
        if blobs:
            lines.append("{-# dialect_resources: { builtin: {")
            lines.append(",\n".join('  %s: "%s"' % kb for kb in blobs))
            lines.append("} } #-}")
        return "\n".join(lines) + "\n"

    # --- structural edits used by the minimizer ------------------------------
    def clone(self):
        """Deep copy preserving value ids (ids are how edits name values)."""
        g = Graph()
        g._next = self._next
        g.notes = list(self.notes)
        remap = {}
        for a in self.args:
            b = Value(a.id, a.shape, a.dtype, a.bound)
            b.arg_index = a.arg_index
            remap[a.id] = b
            g.args.append(b)
        for op in self.ops:
            r = op.result
            nr = Value(r.id, r.shape, r.dtype, r.bound)
            nop = Op(op.name, [remap[o.id] for o in op.operands], op.attrs, nr, op.payload, op.resource)
            nr.producer = nop
            remap[r.id] = nr
            g.ops.append(nop)
        g.results = [remap[r.id] for r in self.results]
        return g

    def replace_uses(self, old, new):
        for op in self.ops:
            op.operands = [new if o is old else o for o in op.operands]
        self.results = [new if r is old else r for r in self.results]

    def remove_dead(self, keep_ids=()):
        """Erase ops whose result is unused (and arguments nobody uses)."""
        changed = True
        while changed:
            changed = False
            used = {o.id for op in self.ops for o in op.operands} | {r.id for r in self.results}
            kept = [op for op in self.ops if op.result.id in used or op.result.id in keep_ids]
            if len(kept) != len(self.ops):
                self.ops = kept
                changed = True
        self.remove_args_unused()

    def remove_args_unused(self):
        used = {o.id for op in self.ops for o in op.operands} | {r.id for r in self.results}
        self.args = [a for a in self.args if a.id in used]
        for i, a in enumerate(self.args):
            a.arg_index = i
