"""The function body as the walk builds it: edge ops and constants, as text
lines or (for the bytecode writer) as records, and the constants' blobs."""

from ..mlir import Value, mlir_string, torch
from ..tensors import raw_bytes, storage_key, tensor_ident

# Constants with more elements than this go to a dense_resource blob.
RESOURCE_MIN_ELEMENTS = 64


def attr_text(attrs):
    """' {name = value, ...}' of an op's attributes ('' without any)."""
    return (" {%s}" % ", ".join("%s = %s" % kv for kv in attrs)) if attrs else ""


class Writer:
    """The function body as it is built: text lines, or with `bytecode` the ops
    as records (name, operands, attributes, result, location) and each blob as
    the tensor holding it, for the bytecode writer (nothing held as text)."""

    def __init__(self, elide_weights=False, bytecode=False):
        self.lines = []
        self.resources = []    # text: (key, tensor, alignment) of each blob, hex-encoded when written
        self.counter = 0
        self.elide = elide_weights
        self.loc_name = None  # the location's name; None: loc(unknown)
        self.resource_names = set()
        self.bytecode = bytecode
        self.ops = []          # bytecode: ("edge.name", [Value], [(attr, text)] or value, Value, loc name)
        self.blobs = {}        # bytecode: resource key -> (tensor, alignment)
        self.blob_keys = {}    # bytecode: identity of a blob's tensor -> its key (one blob per tensor)

    @property
    def loc(self):
        return "loc(unknown)" if self.loc_name is None else "loc(%s)" % mlir_string(self.loc_name)

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def op(self, name, operands, attrs, shape, dtype, results=1):
        v = Value(self.fresh(), shape, dtype)
        if self.bytecode:
            self.ops.append(("edge." + name, list(operands), list(attrs), v, self.loc_name))
            return v
        self.lines.append('    %s = "edge.%s"(%s)%s : (%s) -> %s %s' % (
            v.name, name, ", ".join(o.name for o in operands), attr_text(attrs),
            ", ".join(o.type for o in operands), v.type, self.loc))
        return v

    def op_results(self, name, operands, attrs, outs):
        """An op with several results, outs = [(shape, dtype)]: their Values."""
        base = self.fresh()
        vs = [Value("%s#%d" % (base, i), shape, dtype) for i, (shape, dtype) in enumerate(outs)]
        if self.bytecode:
            self.ops.append(("edge." + name, list(operands), list(attrs), vs, self.loc_name))
            return vs
        self.lines.append('    %s:%d = "edge.%s"(%s)%s : (%s) -> (%s) %s' % (
            base, len(vs), name, ", ".join(o.name for o in operands), attr_text(attrs),
            ", ".join(o.type for o in operands), ", ".join(v.type for v in vs), self.loc))
        return vs

    def blob_name(self, hint):
        # A blob key is an MLIR bare identifier: ASCII letters, digits and '_' (a module name may hold any).
        base = "".join(c if (c.isascii() and c.isalnum()) or c == "_" else "_" for c in hint) or "weight"
        if base[0].isdigit():  # a blob key is an identifier: nn.Sequential's "0_weight" is not
            base = "_" + base
        name, k = base, 1
        while name in self.resource_names:
            k += 1
            name = "%s_%d" % (base, k)
        self.resource_names.add(name)
        return name

    def before_write(self, k):
        """Storage k is about to be written in place: blobs of it (text or bytecode) keep their present values."""
        for name, (t, align) in list(self.blobs.items()):
            if storage_key(t) == k:
                self.blobs[name] = (t.clone(), align)
        for i, (name, t, align) in enumerate(self.resources):
            if storage_key(t) == k:
                self.resources[i] = (name, t.clone(), align)
        for ident in [i for i in self.blob_keys if i[0] == k]:
            del self.blob_keys[ident]

    def constant(self, t, hint):
        """edge.constant of tensor `t` (hint: a name for its blob)."""
        v = Value(self.fresh(), t.shape, t.dtype)
        ty = v.type
        n = t.numel()
        if self.elide and n > RESOURCE_MIN_ELEMENTS:
            value = "dense_resource<__elided__> : %s" % ty
            if self.bytecode:
                value = ("__elided__", None)
        elif n > RESOURCE_MIN_ELEMENTS:
            align = max(t.element_size(), 1)
            if self.bytecode:
                # One blob per tensor storage: two constants of one tensor share its key.
                ident = tensor_ident(t)
                name = self.blob_keys.get(ident)
                if name is None:
                    name = self.blob_keys[ident] = self.blob_name(hint)
                    self.blobs[name] = (t.detach(), align)
                value = (name, t)
            else:
                name = self.blob_name(hint)
                self.resources.append((name, t.detach(), align))
                value = "dense_resource<%s> : %s" % (name, ty)
        elif n == 0:
            value = "dense<> : %s" % ty
        elif t.dtype == torch.bool and n > 1:
            # MLIR reads i1 hex data bit-packed (element i in bit i % 8 of byte i / 8), not a byte each.
            bits = t.detach().contiguous().reshape(-1).tolist()
            packed = bytes(sum(1 << j for j, b in enumerate(bits[i:i + 8]) if b) for i in range(0, n, 8))
            value = 'dense<"0x%s"> : %s' % (packed.hex().upper(), ty)
        else:
            value = 'dense<"0x%s"> : %s' % (raw_bytes(t).hex().upper(), ty)
        if self.bytecode:
            self.ops.append(("edge.constant", [], value, v, self.loc_name))
            return v
        self.lines.append('    %s = "edge.constant"() {value = %s} : () -> %s %s' % (v.name, value, ty, self.loc))
        return v
