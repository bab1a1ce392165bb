#!/usr/bin/python3
"""xnn-import-torch: a PyTorch model as edge MLIR (SPEC section 5).

Traces the model to ATen ops (torch.fx make_fx on Debian's torch 1.13; a
torch.export ExportedProgram or an FX GraphModule of ATen / ExecuTorch edge
ops is taken as is), evaluates what depends on constants only at import time
(ExecuTorch's constant propagation: transposed weights, folded batch norms,
index tables), and writes every remaining op as the edge op of the same
semantics, or as a short decomposition into edge ops where edge has none yet
(listed in DECOMPOSED). Parameters and buffers become edge.constant (large
ones as dense_resource blobs, or elided; a tensor shared by several modules
once), user inputs function arguments, buffers that forward writes state
arguments and results (SPEC 5.1: `xnn.state`), and
each op carries the module path and ATen op as its location. An ATen op
without a mapping is an error naming the op and the module path.

Needs Python 3 and torch only (torchvision for `torchvision:<name>`).

  xnn-import-torch SPEC --input-shape 1,3,96,96 [--input-shape ...]
      [--dtype f32|f16|bf16] [--seed N] [--elide-weights] -o OUT.mlir
      [--save-io DIR]

-o OUT.mlirbc (or --emit-bytecode) writes MLIR bytecode, streaming: blobs
straight from the tensors (xnnmlir_bytecode.py), the command line as its
producer string.

SPEC is `torchvision:<model name>` (random init with the seed; batch norm
statistics randomised too) or `FILE.py:FACTORY` (a function returning
`(module, example_inputs)`). As a function: `import_module(module, inputs)`
returns the MLIR text; `write_module(output, module, inputs, bytecode=None)`
writes it (bytecode for .mlirbc) to a path or binary file without building the
text; `import_graph(graph_module, inputs)` takes a traced
graph; `save_io(dir, inputs, outputs)` writes .npy files as `xnn-run --input`
reads them.
"""
import argparse
import functools
import importlib.util
import math
import operator
import os
import struct
import sys
import tempfile

try:
    import torch
except ImportError:  # reported by main(); the module stays importable
    torch = None

# Constants with more elements than this go to a dense_resource blob.
RESOURCE_MIN_ELEMENTS = 64
# ATen ops written as several edge ops until edge has them (issue 16).
DECOMPOSED = {
    "_adaptive_avg_pool2d (sizes that do not divide the input)": "two linear maps (edge.adaptive_avg_pool2d "
                                                                  "for 1x1 and dividing sizes)",
    "select": "slice + view",
    "unbind": "one slice + view per index",
    "stack": "view (the new dim) + cat",
    "log_softmax": "log(softmax(x)) (-inf where softmax underflows to 0: more than ~87 (f32) below the row's "
                   "largest value)",
    "split": "one slice per piece",
    "norm (2-norm)": "sqrt(sum(x * x))",
    "slice (step > 1)": "view as [size / step, step], two unit-stride slices, view (when step divides the size)",
}


# ATen ops whose result does not depend on their tensor operands' values
# (only on shapes and dtypes): constants at import time.
VALUE_FREE = {"new_zeros", "new_ones", "new_full", "new_empty", "zeros_like", "ones_like", "full_like",
              "empty", "empty_like", "empty_strided",
              "zeros", "ones", "full", "arange", "scalar_tensor", "eye", "sym_size", "size"}


# quantized_decomposed ops (ExecuTorch's quantized exports): imported as the edge
# quantization ops, never folded into float constants.
QUANT_OPS = {"choose_qparams_per_token_asymmetric", "quantize_per_token", "dequantize_per_token",
             "quantize_per_tensor", "dequantize_per_tensor", "dequantize_per_channel",
             "dequantize_per_channel_group"}


class Deferred:
    """A value emitted only if something reads it: the transpose of a
    dequantized weight, which the quantized linear reads untransposed."""

    def __init__(self, make):
        self.make, self.value = make, None

    def get(self):
        if self.value is None:
            self.value = self.make()
        return self.value


class ImportError_(Exception):
    """An unsupported op or form, with the module path where it occurred."""


DTYPES = {}
if torch is not None:
    DTYPES = {
        torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16", torch.float64: "f64",
        torch.int64: "i64", torch.int32: "i32", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
    }
DTYPE_ARG = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}
# Integer input types edge lacks (SPEC 3.1), imported widened to i32 where only converted.
NARROW_INTS = {torch.int8, torch.uint8, torch.int16} if torch is not None else set()
WIDENED_TARGETS = {torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int32,
                   torch.int64} if torch is not None else set()


def tensor_type(shape, dtype):
    if dtype not in DTYPES:
        raise ImportError_("dtype %s has no edge element type" % dtype)
    dims = "x".join(str(int(d)) for d in shape)
    return "tensor<%s%s>" % (dims + "x" if dims else "", DTYPES[dtype])


def raw_bytes(t):
    """Little-endian element bytes of a tensor (bf16/f16 as 16-bit patterns)."""
    t = t.detach().contiguous().cpu()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    if t.dtype == torch.bool:
        t = t.to(torch.uint8)
    data = t.numpy().tobytes() if t.numel() else b""
    if sys.byteorder != "little":
        raise ImportError_("big-endian hosts are not supported")
    return data


def f64(v):
    """An f64 attribute literal (MLIR wants a decimal point or exponent)."""
    if math.isnan(v):
        return "0x7FF8000000000000 : f64"
    if math.isinf(v):
        return ("0x7FF0000000000000" if v > 0 else "0xFFF0000000000000") + " : f64"
    s = repr(float(v))
    if "." not in s:  # MLIR float literals need a fraction: 1e-12 -> 1.0e-12
        s = s.replace("e", ".0e")
    return "%s : f64" % s


def arr(v):
    """A dense i64 array attribute."""
    return "array<i64: %s>" % ", ".join(str(int(x)) for x in v) if len(v) else "array<i64>"


def module_path_hooks(module):
    """Forward hooks that keep the qualified name of the running submodule."""
    stack = ["<root>"]
    handles = []
    for name, sub in module.named_modules():
        if not name:
            continue
        def enter(m, i, n=name):
            stack.append(n)

        def leave(m, i, o):
            stack.pop()  # returns None: the output stays

        handles.append(sub.register_forward_pre_hook(enter))
        handles.append(sub.register_forward_hook(leave))
    return stack, handles


def state_slots(module):
    """The distinct parameters and buffers, [(name, tensor, "param" | "buffer")] in
    named_parameters() then named_buffers() order (a tensor two modules share,
    such as tied weights, once), and every slot holding one:
    [(submodule, "_parameters" | "_buffers", key, index into the first list)]."""
    uniq, index = [], {}
    for kind, items in (("param", module.named_parameters()), ("buffer", module.named_buffers())):
        for name, t in items:
            if id(t) not in index:
                index[id(t)] = len(uniq)
                uniq.append((name, t, kind))
    slots = []
    for _, mod in module.named_modules():
        for dname in ("_parameters", "_buffers"):
            for key, t in getattr(mod, dname).items():
                if t is not None and id(t) in index:
                    slots.append((mod, dname, key, index[id(t)]))
    return uniq, slots


def make_fx_checked(f):
    """make_fx, with torch's error for a tensor value read into Python explained."""
    from torch.fx.experimental.proxy_tensor import make_fx

    def run(*args):
        try:
            return make_fx(f)(*args)
        except RuntimeError as e:
            if "value out of a tracing tensor" in str(e):
                raise ImportError_("forward reads a tensor's value into Python (.item(), int(t), bool(t), a "
                                   "branch on a tensor): the traced graph cannot depend on it; keep it a tensor "
                                   "(index with the tensor, torch.where) (%s)" % str(e).split("\n")[0])
            raise
    return run


def trace(module, inputs):
    """make_fx of `module` on `inputs`, with every parameter and buffer a graph
    input (the state of the call); each node's meta['xnn_path'] is the module path.
    Returns (graph module, the kind of each placeholder, their values, names of
    buffers forward assigns anew). The graph's output is (outputs, new buffers)."""
    from torch.fx.experimental.proxy_tensor import make_fx
    import torch.fx.graph as fx_graph
    uniq, slots = state_slots(module)
    ns = len(uniq)
    rebound = []

    def call(*args):
        st, xs = args[:ns], args[ns:]
        saved = []
        for mod, dname, key, i in slots:
            d = getattr(mod, dname)
            saved.append(d[key])
            d[key] = st[i]
        try:
            out = module(*xs)
            new = []
            del rebound[:]
            for mod, dname, key, i in slots:
                cur = getattr(mod, dname).get(key)
                if cur is st[i]:
                    continue
                name, _, kind = uniq[i]
                if kind != "buffer" or not isinstance(cur, torch.Tensor) or \
                        tuple(cur.shape) != tuple(st[i].shape) or cur.dtype != st[i].dtype:
                    raise ImportError_("forward assigns %s '%s' anew with another %s: only buffers keeping "
                                       "their shape and dtype can be state" %
                                       (kind if kind == "buffer" else "parameter", name,
                                        "value" if kind != "buffer" else "shape, dtype or kind"))
                if name not in rebound:
                    rebound.append(name)
                    new.append(cur)
        finally:
            for (mod, dname, key, _), t in zip(slots, saved):
                getattr(mod, dname)[key] = t
        return out, new

    stack, handles = module_path_hooks(module)
    original = fx_graph.Graph.create_node

    def create_node(self, *args, **kwargs):
        node = original(self, *args, **kwargs)
        node.meta["xnn_path"] = stack[-1]
        return node

    fx_graph.Graph.create_node = create_node
    try:
        # Grad enabled keeps nn.MultiheadAttention off its fused inference path
        # (aten._native_multi_head_attention), so it traces to linear/bmm/softmax.
        # The trace runs on copies of the buffers: the module keeps its state.
        with torch.enable_grad():
            gm = make_fx_checked(call)(*([t if kind == "param" else t.detach().clone() for _, t, kind in uniq] +
                                 list(inputs)))
    finally:
        fx_graph.Graph.create_node = original
        for h in handles:
            h.remove()
    # Plain tensor attributes (not registered): named in errors about writes to them.
    for mname, mod in module.named_modules():
        for attr, t in vars(mod).items():
            if isinstance(t, torch.Tensor) and not attr.startswith("_"):
                TENSOR_ATTR_NAMES[storage_key(t)] = (mname + "." if mname else "") + attr
    kinds = [(kind, name) for name, _, kind in uniq] + [("input", None)] * len(inputs)
    values = [t.detach() for _, t, _ in uniq]
    return gm, kinds, values, list(rebound)


def name_overload(node):
    """The overload of a call_function node's ATen op ('vec', 'default', ...)."""
    return op_name(node.target)[1]


def op_name(target):
    """'aten.convolution.default' / edge overloads -> ('convolution', 'default')."""
    s = str(target)
    if s.startswith("<built-in function "):
        return s[len("<built-in function "):-1], ""
    for prefix in ("aten.", "aten::", "edge.aten.", "exir_ops.edge.aten.", "dim_order_ops.",
                   "quantized_decomposed.", "edge.quantized_decomposed.", "exir_ops.edge.quantized_decomposed."):
        if s.startswith(prefix):
            s = s[len(prefix):]
    parts = s.split(".")
    return parts[0], (parts[1] if len(parts) > 1 else "default")


class Value:
    """An SSA value: its name, shape and dtype."""

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(int(d) for d in shape), dtype

    @property
    def type(self):
        return tensor_type(self.shape, self.dtype)


class Writer:
    """The function body as it is built: text lines, or with `bytecode` the ops
    as records (name, operands, attributes, result, location) and each blob as
    the tensor holding it, for the bytecode writer (nothing held as text)."""

    def __init__(self, elide_weights=False, bytecode=False):
        self.lines = []
        self.resources = []
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
        attr = (" {%s}" % ", ".join("%s = %s" % kv for kv in attrs)) if attrs else ""
        self.lines.append('    %s = "edge.%s"(%s)%s : (%s) -> %s %s' % (
            v.name, name, ", ".join(o.name for o in operands), attr,
            ", ".join(o.type for o in operands), v.type, self.loc))
        return v

    def op_results(self, name, operands, attrs, outs):
        """An op with several results, outs = [(shape, dtype)]: their Values."""
        base = self.fresh()
        vs = [Value("%s#%d" % (base, i), shape, dtype) for i, (shape, dtype) in enumerate(outs)]
        if self.bytecode:
            self.ops.append(("edge." + name, list(operands), list(attrs), vs, self.loc_name))
            return vs
        attr = (" {%s}" % ", ".join("%s = %s" % kv for kv in attrs)) if attrs else ""
        self.lines.append('    %s:%d = "edge.%s"(%s)%s : (%s) -> (%s) %s' % (
            base, len(vs), name, ", ".join(o.name for o in operands), attr,
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
        """Storage k is about to be written in place: blobs of it keep their present values."""
        for name, (t, align) in list(self.blobs.items()):
            if storage_key(t) == k:
                self.blobs[name] = (t.clone(), align)
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
                ident = (storage_key(t), t.storage_offset(), tuple(t.shape), tuple(t.stride()), t.dtype)
                name = self.blob_keys.get(ident)
                if name is None:
                    name = self.blob_keys[ident] = self.blob_name(hint)
                    self.blobs[name] = (t.detach(), align)
                value = (name, t)
            else:
                name = self.blob_name(hint)
                self.resources.append((name, struct.pack("<I", align) + raw_bytes(t)))
                value = "dense_resource<%s> : %s" % (name, ty)
        elif n == 0:
            value = "dense<> : %s" % ty
        else:
            value = 'dense<"0x%s"> : %s' % (raw_bytes(t).hex().upper(), ty)
        if self.bytecode:
            self.ops.append(("edge.constant", [], value, v, self.loc_name))
            return v
        self.lines.append('    %s = "edge.constant"() {value = %s} : () -> %s %s' % (v.name, value, ty, self.loc))
        return v


def blob_buffer(t):
    """A tensor's element bytes as a buffer, without a copy where it is contiguous
    (bf16 as 16-bit patterns, bool as bytes)."""
    t = t.detach()
    if not t.is_contiguous():
        t = t.contiguous()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    elif t.dtype == torch.bool:
        t = t.view(torch.uint8)
    if sys.byteorder != "little":
        raise ImportError_("big-endian hosts are not supported")
    return t.numpy() if t.numel() else b""


def mlir_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---- aliasing and in-place writes ---------------------------------------------
# In-place ops whose new value does not depend on the old values of the tensor they write.
OVERWRITING = {"zero_", "fill_", "copy_"}
# In-place ops that change a tensor's shape, strides or storage rather than its values.
METADATA_MUTATING = {"resize_", "resize_as_", "set_", "as_strided_", "t_", "transpose_", "squeeze_",
                     "unsqueeze_", "swapdims_", "swapaxes_"}


def written_args(target):
    """Indices of the schema arguments an op writes to (Tensor(a!))."""
    schema = getattr(target, "_schema", None)
    if schema is None:
        return []
    return [i for i, a in enumerate(schema.arguments) if a.alias_info is not None and a.alias_info.is_write]


def is_view_op(target):
    """True when an op's first result aliases its first argument without writing it (schema Tensor(a))."""
    schema = getattr(target, "_schema", None)
    if schema is None or not schema.returns or not schema.arguments:
        return False
    r, a = schema.returns[0].alias_info, schema.arguments[0].alias_info
    return r is not None and a is not None and not a.is_write


# Storage key -> "module.path.attr" of plain tensor attributes seen by the last trace.
TENSOR_ATTR_NAMES = {}


def storage_key(t):
    """Identity of a tensor's storage (unique while the tensor lives)."""
    return t.storage()._cdata


def root_placeholder(node):
    """The placeholder a node is a view of, following view ops (schema aliasing) and getitem."""
    while True:
        if not isinstance(node, torch.fx.Node):
            return None
        if node.op == "placeholder":
            return node
        if node.op != "call_function":
            return None
        if node.target is operator.getitem or is_view_op(node.target) or written_args(node.target) == [0]:
            node = node.args[0]
            continue
        return None


def same_values(a, b):
    """Bitwise-equal tensors (NaNs included)."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.is_floating_point():
        return torch.equal(a.view(torch.int16 if a.element_size() == 2 else
                                  torch.int32 if a.element_size() == 4 else torch.int64),
                           b.contiguous().view(torch.int16 if b.element_size() == 2 else
                                               torch.int32 if b.element_size() == 4 else torch.int64))
    return torch.equal(a, b)


class _Restart(Exception):
    """A buffer the walk found written: import again with it as state."""

    def __init__(self, name):
        super().__init__(name)
        self.name = name


class Importer:
    """Walks an ATen FX graph with concrete values (one interpretation run).

    Placeholders are user inputs, parameters or buffers (`kinds`); buffers
    that the graph writes (in place, through any view) are state: an extra
    argument holding the value before the call and an extra result holding
    it after (SPEC 5.1). Writes are made functional as the walk meets them:
    the written view's new value is computed by the op's functional form,
    then carried up its chain of views to the storage it belongs to, and
    every later read of a view of that storage is derived anew."""

    def __init__(self, gm, inputs, elide_weights=False, func_name="forward", kinds=None, rebound=None,
                 state=None, bytecode=False):
        self.gm = gm
        self.inputs = list(inputs)
        self.w = Writer(elide_weights, bytecode)
        self.func_name = func_name
        # kinds[i]: ("input", None) | ("param", name) | ("buffer", name) per placeholder.
        self.kinds = list(kinds) if kinds is not None else [("input", None)] * len(self.inputs)
        self.rebound = list(rebound or [])  # buffer names whose new value is the graph's output 1
        self.state_names = set(state or ())  # buffers lifted to state arguments
        self.widened = set()  # user inputs imported as i32 (widened_input_dtype)
        self.values = {}      # node -> concrete value as of its definition (tensor / tuple / scalar)
        self.const = {}       # node -> True if it depends on constants only (at its definition)
        self.ssa = {}         # node -> Value or tuple of Value / None
        self.const_ssa = {}   # node -> Value of its emitted constant
        self.tensor_consts = {}  # identity of a constant tensor -> Value (tied weights written once)
        # Aliasing: every tensor value belongs to a storage; writes bump its version.
        self.key = {}         # node -> storage key
        self.parent = {}      # node -> (node it is a view of, "view" | "alias")
        self.defver = {}      # node -> version of its storage when it was defined
        self.version = {}     # storage key -> writes so far
        self.root = {}        # storage key -> node that created the storage
        self.state = {}       # storage key -> ("const", tensor) | ("ssa", Value) after the last write
        self.members = {}     # storage key -> nodes aliasing it (snapshotted before a write)
        self.snapped = set()
        self.fresh = {}       # (node, version) -> state of a view read after a write
        self.written_buffers = set()

    # ---- helpers -------------------------------------------------------------
    def fail(self, node, msg):
        path = node.meta.get("xnn_path", "<root>") if node is not None else "<root>"
        raise ImportError_("%s (module '%s', node %s)" % (msg, path, node.name if node is not None else "?"))

    def arg_value(self, a):
        if isinstance(a, torch.fx.Node):
            return self.values[a]
        if isinstance(a, (list, tuple)):
            return type(a)(self.arg_value(x) for x in a)
        return a

    def current(self, a):
        """("const", tensor) or ("ssa", Value) of node `a` now, after the writes so far."""
        k = self.key.get(a)
        if k is None or self.defver[a] == self.version[k]:
            if self.const.get(a):
                return ("const", self.values[a])
            return ("ssa", self.ssa.get(a))
        memo = (a, self.version[k])
        if memo not in self.fresh:
            if self.root[k] is a:
                st = self.state[k]
            else:
                p, how = self.parent[a]
                st = self.current(p) if how == "alias" else self.reread(a, p)
            self.fresh[memo] = st
        return self.fresh[memo]

    def is_const(self, a):
        return isinstance(a, torch.fx.Node) and self.current(a)[0] == "const"

    def const_data(self, a):
        """The value of a constant node now."""
        kind, val = self.current(a)
        assert kind == "const"
        return val

    def const_tensor(self, t, hint):
        """edge.constant of tensor `t`, once per distinct tensor (tied weights share one)."""
        ident = (storage_key(t), t.storage_offset(), tuple(t.shape), tuple(t.stride()), t.dtype) \
            if isinstance(t, torch.Tensor) and t.numel() > RESOURCE_MIN_ELEMENTS else None
        if ident is not None and ident in self.tensor_consts:
            return self.tensor_consts[ident][0]
        v = self.w.constant(t, hint)
        if ident is not None:
            self.tensor_consts[ident] = (v, t)  # keeps t alive: its storage key stays unique
        return v

    def v(self, node, a):
        """The SSA value of argument `a` (a node, or a Python scalar as a rank-0 constant)."""
        if isinstance(a, torch.fx.Node):
            kind, val = self.current(a)
            if kind == "const":
                k = self.key.get(a)
                memo = a if k is None or self.defver[a] == self.version[k] else (a, self.version[k])
                if memo not in self.const_ssa:
                    # Blob names say where the constant came from: module path, node.
                    if a.op == "placeholder" and self.kinds[self.placeholders.index(a)][1]:
                        hint = self.kinds[self.placeholders.index(a)][1]  # the parameter's or buffer's name
                    else:
                        hint = "%s_%s" % (a.meta.get("xnn_path", ""), a.target if a.op == "get_attr" else a.name)
                    self.const_ssa[memo] = self.const_tensor(val, str(hint))
                return self.const_ssa[memo]
            if isinstance(val, Deferred):
                val = val.get()
            if val is None or isinstance(val, tuple):
                self.fail(node, "operand %s has no single tensor value" % a.name)
            return val
        if isinstance(a, (bool, int, float)):
            return self.w.constant(torch.tensor(a, dtype=self.float_dtype(node)), "scalar")
        self.fail(node, "unsupported operand %r" % (a,))

    def float_dtype(self, node):
        out = self.values.get(node)
        if isinstance(out, torch.Tensor) and out.is_floating_point():
            return out.dtype
        return torch.float32

    def out(self, node):
        t = self.values[node]
        return tuple(t.shape), t.dtype

    def scalar_const(self, node, value, dtype=None):
        return self.w.constant(torch.tensor(value, dtype=dtype or self.float_dtype(node)), "scalar")

    # ---- views of written storages -----------------------------------------------
    def tensor_inputs(self, n):
        """Tensor-valued input nodes of `n`, looking through tuple-valued ones (split -> getitem)."""
        out = []
        for a in n.all_input_nodes:
            if isinstance(self.values.get(a), torch.Tensor):
                out.append(a)
            elif isinstance(self.values.get(a), (tuple, list)):
                out.extend(self.tensor_inputs(a))
        return out

    def rerun(self, n, subst):
        """Runs view node `n` concretely with some input nodes' values replaced."""
        if n.target is operator.getitem:
            src, i = n.args
            return self.rerun(src, subst)[i]

        def val(x):
            return subst[x] if x in subst else self.values[x]
        args = torch.fx.node.map_arg(n.args, val)
        kwargs = torch.fx.node.map_arg(n.kwargs, val)
        return n.target(*args, **kwargs)

    def positions(self, n, p):
        """For view `n` of node `p`: the row-major flat index into p of each element of n."""
        pt = self.values[p]
        if op_name(n.target)[0] == "as_strided" and not (pt.is_contiguous() and pt.storage_offset() == 0):
            self.fail(n, "as_strided of a non-contiguous view of a written tensor is not supported")
        marker = torch.arange(pt.numel(), dtype=torch.int64).reshape(pt.shape)
        return self.rerun(n, {p: marker}), marker

    def reread(self, a, p):
        """View `a` of node `p`, derived from p's value after a write."""
        kind, pv = self.current(p)
        if kind == "const":
            return ("const", self.rerun(a, {p: pv}))
        saved = self.w.loc_name
        self.w.loc_name = "%s: %s" % (a.meta.get("xnn_path", "<root>"), a.target)
        try:
            if a.target is operator.getitem:
                vals = self.lower(a.args[0])
                return ("ssa", vals[a.args[1]])
            name = op_name(a.target)[0]
            if getattr(self, "op_" + name.lstrip("_"), None) is not None:
                return ("ssa", self.lower(a))
            # A view op without a handler: gather its elements by their positions.
            pos, _ = self.positions(a, p)
            shape, dtype = self.out(a)
            flat = self.w.op("view", [pv], [], [self.values[p].numel()], dtype)
            idx = self.const_tensor(pos.reshape(-1).contiguous(), "view_positions")
            g = self.w.op("index", [flat, idx], [("indexed_dims", arr([0]))], [pos.numel()], dtype)
            return ("ssa", self.w.op("view", [g], [], shape, dtype))
        finally:
            self.w.loc_name = saved

    def unview(self, m, c, p, new_c):
        """p's new value when its view c becomes `new_c` (SSA values)."""
        pos, marker = self.positions(c, p)
        pshape = tuple(marker.shape)
        dtype = self.values[p].dtype
        pv = self.v(m, p)
        if pos.shape == marker.shape and torch.equal(pos, marker):
            return new_c  # the whole of p, in order
        if pos.numel() == marker.numel() and torch.equal(pos.reshape(-1), marker.reshape(-1)):
            return self.w.op("view", [new_c], [], pshape, dtype)  # a reshape
        if pos.dim() == marker.dim() and pos.numel() == marker.numel():
            # A permutation of p's dims: p = permute(c, inverse).
            for perm in self.permutations_matching(pos, marker):
                inv = [perm.index(i) for i in range(len(perm))]
                return self.w.op("permute", [new_c], [("dims", arr(inv))], pshape, dtype)
        first = [int(i) for i in torch.nonzero(marker == pos.reshape(-1)[0])[0]] if pos.numel() else None
        if first is not None and pos.dim() == marker.dim():
            diff = [d for d in range(marker.dim()) if pos.shape[d] != marker.shape[d]]
            if len(diff) == 1:
                d = diff[0]
                if torch.equal(pos, marker.narrow(d, first[d], pos.shape[d])):
                    return self.splice(m, pv, new_c, d, first[d], first[d] + pos.shape[d], pshape, dtype)
        if first is not None and pos.dim() == marker.dim() - 1:
            for d in range(marker.dim()):
                if torch.equal(pos, marker.select(d, first[d])):
                    shape = list(pshape)
                    shape[d] = 1
                    u = self.w.op("view", [new_c], [], shape, dtype)
                    return self.splice(m, pv, u, d, first[d], first[d] + 1, pshape, dtype)
        # Anything else (strided slices, diagonals, as_strided): write by positions.
        n = marker.numel()
        flat = self.w.op("view", [pv], [], [n], dtype)
        vals = self.w.op("view", [new_c], [], [pos.numel()], dtype)
        idx = self.const_tensor(pos.reshape(-1).contiguous(), "view_positions")
        put = self.w.op("index_put", [flat, vals, idx], [("indexed_dims", arr([0]))], [n], dtype)
        return self.w.op("view", [put], [], pshape, dtype)

    @staticmethod
    def permutations_matching(pos, marker):
        """The dim permutation perm with marker.permute(perm) == pos, if there is one."""
        import itertools
        if marker.dim() > 6:
            return []
        for perm in itertools.permutations(range(marker.dim())):
            if tuple(marker.shape[i] for i in perm) == tuple(pos.shape) and torch.equal(marker.permute(perm), pos):
                return [list(perm)]
        return []

    def splice(self, m, pv, piece, d, start, end, pshape, dtype):
        """p with [start, end) along dim d replaced by `piece`: slices and a cat."""
        parts = []
        size = pshape[d]
        if start > 0:
            parts.append(self.slice_of(m, pv, d, 0, start))
        parts.append(piece)
        if end < size:
            parts.append(self.slice_of(m, pv, d, end, size))
        if len(parts) == 1:
            return self.w.op("view", [piece], [], pshape, dtype) if tuple(piece.shape) != pshape else piece
        return self.w.op("cat", parts, [("dim", "%d : i64" % d)], pshape, dtype)

    def define(self, n, value):
        """Records the storage of a newly computed tensor node (fresh, or a view of an input)."""
        if not isinstance(value, torch.Tensor) or value.layout != torch.strided:
            return
        k = storage_key(value)
        self.members.setdefault(k, []).append(n)
        self.key[n] = k
        if k not in self.root:
            self.root[k], self.version[k], self.state[k] = n, 0, None
            self.defver[n] = 0
            return
        self.defver[n] = self.version[k]
        same = [a for a in self.tensor_inputs(n) if self.key.get(a) == k]
        if same:
            self.parent[n] = (same[0], "view")
        else:  # another handle on a storage seen before (the same attribute read twice)
            self.parent[n] = (self.root[k], "alias")

    def snapshot(self, k):
        """Before a write to storage k: every value aliasing it keeps its present contents."""
        for x in self.members.get(k, []):
            if x not in self.snapped:
                self.snapped.add(x)
                self.values[x] = self.values[x].clone()

    def write(self, m, interp):
        """An in-place op: runs it, then records the written storage's new value."""
        name = op_name(m.target)[0]
        if name in METADATA_MUTATING and self.local_reshape(m):
            return self.plain(m, interp)
        if name in METADATA_MUTATING:
            self.fail(m, "'%s' changes a tensor's shape or storage in place, which is not supported" % m.target)
        idx = written_args(m.target)
        if idx != [0] or not m.args or not isinstance(m.args[0], torch.fx.Node):
            self.fail(m, "'%s' writes to an argument other than its first (an out= variant?): not supported"
                      % m.target)
        a = m.args[0]
        k = self.key.get(a)
        if k is None:
            self.fail(m, "'%s' writes to a value that is not a tensor" % m.target)
        root = self.root[k]
        if root.op == "placeholder":
            kind, bname = self.kinds[self.placeholders.index(root)]
            if kind == "input":
                self.fail(m, "forward writes in place to its input %d ('%s'): not supported (clone it first)"
                          % (self.user_index(root), m.target))
            if kind == "param":
                self.fail(m, "forward writes in place to parameter '%s' ('%s'): only buffers can be state"
                          % (bname, m.target))
            if bname not in self.state_names:
                raise _Restart(bname)
            self.written_buffers.add(bname)
        elif root.op == "get_attr":
            attr = TENSOR_ATTR_NAMES.get(k, root.target)
            self.fail(m, "forward writes in place to tensor attribute '%s' ('%s'), which is not a registered "
                         "buffer: register it (register_buffer) so that it is state" % (attr, m.target))
        self.snapshot(k)
        self.w.before_write(k)
        r = interp.run_node(m)
        interp.env[m] = r
        others = [x for x in self.tensor_inputs(m) if x is not a]
        overwrites = name in OVERWRITING
        new_const = all(self.is_const(x) for x in others) and (overwrites or self.is_const(a))
        self.values[m] = r
        if new_const:
            new_a = ("const", r.clone())
            if self.current(root)[0] == "const":
                new_root = ("const", interp.env[root].clone())
            else:
                new_root = ("ssa", self.carry(m, a, self.const_tensor(new_a[1], "written")))
        else:
            new_a = ("ssa", self.lower(m))
            new_root = ("ssa", self.carry(m, a, new_a[1]))
        self.version[k] += 1
        self.state[k] = new_root
        self.fresh.clear()
        self.key[m], self.parent[m], self.defver[m] = k, (a, "alias"), self.version[k]
        self.members[k].append(m)
        self.values[m] = r
        if new_a[0] == "const":
            self.const[m] = True
            self.values[m] = new_a[1]
            self.snapped.add(m)
        else:
            self.const[m] = False
            self.ssa[m] = new_a[1]
        return r

    def local_reshape(self, m):
        """An in-place shape change (as_strided_ in a decomposition) of an intermediate tensor read
        by nothing after it: the same as its out-of-place form."""
        a = m.args[0] if m.args and isinstance(m.args[0], torch.fx.Node) else None
        k = self.key.get(a) if a is not None else None
        if k is None or self.root[k].op in ("placeholder", "get_attr"):
            return False
        pos = {x: i for i, x in enumerate(m.graph.nodes)}
        return all(pos[u] <= pos[m] for u in a.users if u is not m) and \
            all(pos[u] <= pos[m] for x in self.members.get(k, []) for u in x.users if u is not m)

    def plain(self, n, interp):
        """A node without side effects: run, then folded or lowered."""
        value = interp.run_node(n)
        interp.env[n] = value
        self.values[n] = value
        self.define(n, value)
        ins = list(n.all_input_nodes)
        if ins and all(self.is_const(a) for a in ins) and self.foldable(n):
            self.const[n] = True
        else:
            self.const[n] = False
            self.ssa[n] = self.lower(n)
        return value

    def carry(self, m, c, new_c):
        """The written storage's new root value, given its view c's new value."""
        while True:
            if self.root[self.key[c]] is c:
                return new_c
            p, how = self.parent[c]
            if how != "alias":
                new_c = self.unview(m, c, p, new_c)
            c = p

    def widened_input_dtype(self, n, x):
        """An input's edge element type. int8/uint8/int16 have none (SPEC 3.1):
        such an input is an i32 argument (exact) when every use converts it
        (`.to(dtype)`: to a float or wider integer type), else refused."""
        if x.dtype not in NARROW_INTS:
            return x.dtype
        bad = [u for u in n.users
               if not (u.op == "call_function" and op_name(u.target)[0] == "_to_copy"
                       and len(u.args) == 1 and u.kwargs.get("dtype") in WIDENED_TARGETS)]
        if bad:
            self.fail(bad[0], "input %d is %s, which has no edge element type (SPEC 3.1: f32, f16, bf16, i64, "
                              "i32, i1); it is imported as i32 only when every use converts it (.to(float) ...), "
                              "and %s computes in it" % (self.user_index(n), x.dtype, bad[0].target))
        self.widened.add(self.user_index(n))
        return torch.int32

    def user_index(self, ph):
        return [i for i, (kind, _) in enumerate(self.kinds) if kind == "input"].index(self.placeholders.index(ph))

    # ---- the walk ------------------------------------------------------------
    def run(self):
        g = self.gm.graph
        self.placeholders = placeholders = [n for n in g.nodes if n.op == "placeholder"]
        if len(placeholders) != len(self.inputs):
            raise ImportError_("the graph takes %d inputs, %d given" % (len(placeholders), len(self.inputs)))
        interp = torch.fx.Interpreter(self.gm)
        args, state_args = [], []
        originals, buffer_snapshots = {}, {}
        for i, (n, x, (kind, bname)) in enumerate(zip(placeholders, self.inputs, self.kinds)):
            if not isinstance(x, torch.Tensor):
                raise ImportError_("input %d is not a tensor" % i)
            if kind == "buffer":
                x = x.clone()  # the walk writes to its own copy of the state
                if bname not in self.state_names and x.numel() <= (1 << 24):
                    buffer_snapshots[n] = x.clone()
            elif kind == "input":
                originals[n] = x.clone()
            interp.env[n] = x
            self.values[n] = x
            self.define(n, x)
            if kind == "input" or (kind == "buffer" and bname in self.state_names):
                val = Value("%%arg%d" % len(args), x.shape,
                            self.widened_input_dtype(n, x) if kind == "input" else x.dtype)
                self.ssa[n] = val
                self.const[n] = False
                (args if kind == "input" else state_args).append((val, bname))
            else:
                self.const[n] = True
        # State arguments come after the user inputs (SPEC 5.1), in named_buffers() order.
        order = [name for kind, name in self.kinds if kind == "buffer"]
        state_args.sort(key=lambda vb: order.index(vb[1]))
        for j, (val, _) in enumerate(state_args):
            val.name = "%%arg%d" % (len(args) + j)
        results = None
        with torch.no_grad():
            for n in g.nodes:
                if n.op == "placeholder":
                    continue
                self.w.loc_name = "%s: %s" % (n.meta.get("xnn_path", "<root>"),
                                              str(n.target) if n.op != "output" else "output")
                if n.op == "output":
                    results = self.results(n, n.args[0], interp)
                    continue
                if n.op not in ("call_function", "get_attr"):
                    self.fail(n, "FX node kind '%s' is not supported (trace to ATen ops first)" % n.op)
                if n.op == "call_function" and written_args(n.target):
                    self.write(n, interp)
                    continue
                value = interp.run_node(n)
                interp.env[n] = value
                self.values[n] = value
                self.define(n, value)
                if n.op == "get_attr":
                    self.const[n] = True
                    continue
                if not n.users:
                    continue  # dead (the unused statistics of an inference batch norm)
                ins = [a for a in n.all_input_nodes]
                if op_name(n.target)[0] in VALUE_FREE or (ins and all(self.is_const(a) for a in ins)
                                                          and self.foldable(n)):
                    self.const[n] = True  # evaluated at import time: its value is known
                    continue
                self.const[n] = False
                self.ssa[n] = self.lower(n)
        # A write the walk did not see (an op that changes a tensor without declaring it) would be lost.
        for n, (kind, bname) in zip(placeholders, self.kinds):
            if kind == "buffer" and bname not in self.state_names and n in buffer_snapshots and \
                    not same_values(interp.env[n], buffer_snapshots[n]):
                raise ImportError_("forward changed buffer '%s' through an op that does not declare the write: "
                                   "not supported" % bname)
        for n, x in originals.items():
            if not same_values(interp.env[n], x):
                raise ImportError_("forward changed its input %d in place through an op that does not declare "
                                   "the write: not supported" % self.user_index(n))
        self.args = args
        self.state_args = state_args
        self.results_ = results
        return None if self.w.bytecode else self.text(args, state_args, results)

    def results(self, node, out, interp):
        """User outputs, then the new value of each state buffer (named_buffers() order)."""
        if self.rebound:
            out, rebound_vals = out[0], out[1]
        else:
            rebound_vals = []
        flat = self.flatten_output(node, out)
        new_state = {}
        for name, rv in zip(self.rebound, rebound_vals):
            new_state[name] = self.v(node, rv)
        for i, (kind, name) in enumerate(self.kinds):
            if kind == "buffer" and name in self.state_names and name not in new_state:
                new_state[name] = self.v(node, self.placeholders[i])
        order = [name for kind, name in self.kinds if kind == "buffer" and name in new_state]
        return [(v, None) for v in flat] + [(new_state[name], name) for name in order]

    def text(self, args, state_args, results):
        lines = ["module {"]
        sig = ", ".join(["%s: %s" % (a.name, a.type) for a, _ in args] +
                        ["%s: %s {xnn.state = %s}" % (a.name, a.type, mlir_string(b)) for a, b in state_args])
        rtypes = ", ".join(r.type + (" {xnn.state = %s}" % mlir_string(b) if b else "") for r, b in results)
        lines.append("  func.func @%s(%s) -> (%s) {" % (self.func_name, sig, rtypes))
        lines += self.w.lines
        lines.append("    return %s : %s" % (", ".join(r.name for r, _ in results),
                                             ", ".join(r.type for r, _ in results)))
        lines.append("  }")
        lines.append("}")
        if self.w.resources:
            lines.append("{-#")
            lines.append("  dialect_resources: {")
            lines.append("    builtin: {")
            for i, (name, blob) in enumerate(self.w.resources):
                lines.append('      %s: "0x%s"%s' % (name, blob.hex().upper(), "," if i + 1 < len(self.w.resources) else ""))
            lines.append("    }")
            lines.append("  }")
            lines.append("#-}")
        return "\n".join(lines) + "\n"

    def write_bytecode(self, f, producer):
        """Writes the module as MLIR bytecode to binary file `f`: the blobs straight
        from their tensors' storage, one at a time."""
        import xnnmlir_bytecode as bc
        m = bc.Module(producer)
        args = [(a.type, None) for a, _ in self.args] + \
            [(a.type, {"xnn.state": mlir_string(b)}) for a, b in self.state_args]
        index = {}
        for i, (a, _) in enumerate(self.args + self.state_args):
            index[a.name] = i
        nargs = len(index)
        resources = {}
        for key, (t, align) in self.w.blobs.items():
            resources[key] = m.resource(key, t.numel() * t.element_size(), align,
                                        functools.partial(blob_buffer, t))
        ops = []
        nvals = nargs
        for name, operands, attrs, v, loc in self.w.ops:
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
        results = [(r.type, {"xnn.state": mlir_string(b)} if b else None) for r, b in self.results_]
        func = bc.Func(self.func_name, args, results, ops, [index[r.name] for r, _ in self.results_])
        m.write(f, func)

    def foldable(self, n):
        name, _ = op_name(n.target)
        return name not in ("rand", "randn", "dropout", "native_dropout", "bernoulli",
                            "rand_like", "randn_like", "randint", "normal", "uniform") \
            and name not in QUANT_OPS  # quantized weights stay quantized

    def flatten_output(self, node, out):
        flat = []

        def walk(x):
            if isinstance(x, (list, tuple)):
                for y in x:
                    walk(y)
            elif isinstance(x, torch.fx.Node):
                flat.append(self.v(node, x))
            elif x is None:
                pass
            else:
                self.fail(node, "output %r is not a tensor" % (x,))
        walk(out)
        return flat


    # ---- op mapping ------------------------------------------------------------
    def lower(self, n):
        name, overload = op_name(n.target)
        if name.endswith("_") and not name.startswith("_"):
            name = name[:-1]  # in-place forms: the graph keeps the result value
        if name.endswith("_copy") and name not in ("_to_copy", "to_copy") and \
                getattr(self, "op_" + name.lstrip("_"), None) is None:
            name = name[:-len("_copy")]  # ExecuTorch edge's functional copies (view_copy ...)
        handler = getattr(self, "op_" + name.lstrip("_").replace(".", "_"), None)
        if name == "getitem":
            handler = self.op_getitem
        if handler is None:
            self.fail(n, "unsupported ATen op '%s'" % str(n.target))
        return handler(n)

    def unary(self, n, edge, attrs=()):
        shape, dtype = self.out(n)
        return self.w.op(edge, [self.v(n, n.args[0])], list(attrs), shape, dtype)

    def binary(self, n, edge, a, b, alpha=None):
        """A broadcasting binary op in its result's dtype: Python scalars and
        tensors of another dtype are taken in that dtype, as ATen's type
        promotion computes (an i64 tensor minus an int stays i64)."""
        shape, dtype = self.out(n)
        if dtype == torch.bool and edge in ("mul", "add"):  # ATen's bool product / sum: and / or
            edge = "bitwise_and" if edge == "mul" else "bitwise_or"
        attrs = [("alpha", f64(alpha))] if alpha not in (None, 1) else []
        return self.w.op(edge, [self.operand_as(n, a, dtype), self.operand_as(n, b, dtype)], attrs, shape, dtype)

    # elementwise
    def op_relu(self, n): return self.unary(n, "relu")
    def op_sigmoid(self, n): return self.unary(n, "sigmoid")
    def op_tanh(self, n): return self.unary(n, "tanh")
    def op_exp(self, n): return self.unary(n, "exp")
    def op_log(self, n): return self.unary(n, "log")
    def op_sqrt(self, n): return self.unary(n, "sqrt")
    def op_rsqrt(self, n): return self.unary(n, "rsqrt")
    def op_neg(self, n): return self.unary(n, "neg")
    def op_abs(self, n): return self.unary(n, "abs")

    def op_gelu(self, n):
        approx = n.kwargs.get("approximate", n.args[1] if len(n.args) > 1 else "none")
        return self.unary(n, "gelu", [("approximate", mlir_string(approx))] if approx != "none" else [])

    def op_hardtanh(self, n):
        lo = n.args[1] if len(n.args) > 1 else n.kwargs.get("min_val", -1.0)
        hi = n.args[2] if len(n.args) > 2 else n.kwargs.get("max_val", 1.0)
        return self.unary(n, "hardtanh", [("min_val", f64(lo)), ("max_val", f64(hi))])

    def op_clamp(self, n):
        lo = n.args[1] if len(n.args) > 1 else n.kwargs.get("min")
        hi = n.args[2] if len(n.args) > 2 else n.kwargs.get("max")
        if isinstance(lo, torch.fx.Node) or isinstance(hi, torch.fx.Node):
            self.fail(n, "clamp with tensor bounds is not supported")
        attrs = ([("min", f64(lo))] if lo is not None else []) + ([("max", f64(hi))] if hi is not None else [])
        return self.unary(n, "clamp", attrs)

    def op_clamp_min(self, n):
        return self.unary(n, "clamp", [("min", f64(n.args[1]))])

    def op_clamp_max(self, n):
        return self.unary(n, "clamp", [("max", f64(n.args[1]))])

    def op_norm(self, n):
        """The 2-norm over dims: sqrt(sum(x * x))."""
        x = self.v(n, n.args[0])
        p = n.args[1] if len(n.args) > 1 else n.kwargs.get("p", 2)
        dims = n.args[2] if len(n.args) > 2 else n.kwargs.get("dim", list(range(len(x.shape))))
        keep = n.args[3] if len(n.args) > 3 else n.kwargs.get("keepdim", False)
        if p not in (2, 2.0, None) or n.kwargs.get("dtype") is not None:
            self.fail(n, "norm other than the 2-norm is not supported")
        shape, dtype = self.out(n)
        sq = self.w.op("mul", [x, x], [], x.shape, x.dtype)
        s = self.w.op("sum", [sq], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, dtype)
        return self.w.op("sqrt", [s], [], shape, dtype)

    op_linalg_vector_norm = op_norm

    def op_silu(self, n): return self.unary(n, "silu")
    def op_hardswish(self, n): return self.unary(n, "hardswish")
    def op_hardsigmoid(self, n): return self.unary(n, "hardsigmoid")

    def op_leaky_relu(self, n):
        slope = n.args[1] if len(n.args) > 1 else n.kwargs.get("negative_slope", 0.01)
        return self.unary(n, "leaky_relu", [("negative_slope", f64(slope))])

    def op_prelu(self, n):
        shape, dtype = self.out(n)
        return self.w.op("prelu", [self.v(n, n.args[0]), self.v(n, n.args[1])], [], shape, dtype)

    def op_elu(self, n):
        a = list(n.args) + [None] * 3
        alpha = a[1] if a[1] is not None else n.kwargs.get("alpha", 1.0)
        scale = a[2] if a[2] is not None else n.kwargs.get("scale", 1.0)
        input_scale = a[3] if a[3] is not None else n.kwargs.get("input_scale", 1.0)
        if scale != 1 or input_scale != 1:
            self.fail(n, "elu with scale or input_scale other than 1 (selu, celu) is not supported")
        return self.unary(n, "elu", [("alpha", f64(alpha))])

    def op_add(self, n):
        return self.binary(n, "add", n.args[0], n.args[1], n.kwargs.get("alpha", 1))

    def op_sub(self, n):
        return self.binary(n, "sub", n.args[0], n.args[1], n.kwargs.get("alpha", 1))

    def op_rsub(self, n):
        return self.binary(n, "sub", n.args[1], n.args[0], n.kwargs.get("alpha", 1))

    def op_mul(self, n): return self.binary(n, "mul", n.args[0], n.args[1])

    def op_div(self, n):
        if n.kwargs.get("rounding_mode") is not None:
            self.fail(n, "div with a rounding mode is not supported")
        return self.binary(n, "div", n.args[0], n.args[1])

    # comparisons (.Tensor and .Scalar), selection
    def operand_as(self, n, a, dtype):
        """Operand `a` (a node or a Python scalar) as a value of `dtype`:
        scalars become rank-0 constants, tensors of another dtype a to_copy
        (ATen computes comparisons and where in the promoted dtype)."""
        if not isinstance(a, torch.fx.Node):
            return self.w.constant(torch.tensor(a, dtype=dtype), "scalar")
        v, t = self.v(n, a), self.values[a]
        if t.dtype == dtype:
            return v
        return self.w.op("to_copy", [v], [("dtype", DTYPES[dtype])], tuple(t.shape), dtype)

    def compare(self, n, edge):
        a, b = n.args[0], n.args[1]
        common = torch.result_type(self.values[a] if isinstance(a, torch.fx.Node) else a,
                                   self.values[b] if isinstance(b, torch.fx.Node) else b)
        shape, dtype = self.out(n)
        return self.w.op(edge, [self.operand_as(n, a, common), self.operand_as(n, b, common)], [], shape, dtype)

    def op_eq(self, n): return self.compare(n, "eq")
    def op_ne(self, n): return self.compare(n, "ne")
    def op_lt(self, n): return self.compare(n, "lt")
    def op_le(self, n): return self.compare(n, "le")
    def op_gt(self, n): return self.compare(n, "gt")
    def op_ge(self, n): return self.compare(n, "ge")

    def op_where(self, n):
        if len(n.args) != 3:
            self.fail(n, "where with one argument (nonzero) is not supported")
        cond, a, b = n.args
        if not isinstance(cond, torch.fx.Node) or self.values[cond].dtype != torch.bool:
            self.fail(n, "where with a condition that is not a bool tensor is not supported")
        shape, dtype = self.out(n)
        return self.w.op("where", [self.v(n, cond), self.operand_as(n, a, dtype), self.operand_as(n, b, dtype)], [],
                         shape, dtype)

    def op_masked_fill(self, n):
        x, mask, value = n.args[:3]
        if isinstance(value, torch.fx.Node):  # masked_fill.Tensor: a one-element constant only
            t = self.values[value]
            if not self.const.get(value) or t.numel() != 1:
                self.fail(n, "masked_fill with a fill value that is not a constant scalar is not supported")
            value = t.item()
        if not isinstance(mask, torch.fx.Node) or self.values[mask].dtype != torch.bool:
            self.fail(n, "masked_fill with a mask that is not a bool tensor is not supported")
        shape, dtype = self.out(n)
        return self.w.op("masked_fill", [self.v(n, x), self.v(n, mask)], [("value", f64(float(value)))], shape,
                         dtype)

    def op_maximum(self, n): return self.binary(n, "maximum", n.args[0], n.args[1])
    def op_minimum(self, n): return self.binary(n, "minimum", n.args[0], n.args[1])
    def op_pow(self, n): return self.binary(n, "pow", n.args[0], n.args[1])

    # data movement
    def view(self, n, x=None):
        shape, dtype = self.out(n)
        return self.w.op("view", [x or self.v(n, n.args[0])], [], shape, dtype)

    op_view = op_reshape = op_reshape_alias = op_unsafe_view = op_flatten = view

    def op_unsqueeze(self, n):
        shape, dtype = self.out(n)
        return self.w.op("unsqueeze", [self.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)

    def op_squeeze(self, n):
        shape, dtype = self.out(n)
        attrs = []
        if len(n.args) > 1:
            dims = n.args[1] if isinstance(n.args[1], (list, tuple)) else [n.args[1]]
            attrs = [("dims", arr(dims))]
        return self.w.op("squeeze", [self.v(n, n.args[0])], attrs, shape, dtype)

    def op_as_strided(self, n):
        # Only the contiguous form (a view): size with its row-major strides, offset 0.
        x = self.values[n.args[0]]
        size, stride = list(n.args[1]), list(n.args[2])
        offset = n.args[3] if len(n.args) > 3 and n.args[3] is not None else 0
        expect, acc = [], 1
        for d in reversed(size):
            expect.insert(0, acc)
            acc *= max(int(d), 1)
        if offset or acc != x.numel() or any(s != e for s, d, e in zip(stride, size, expect) if d != 1) \
                or not x.is_contiguous():
            self.fail(n, "as_strided other than a contiguous view is not supported")
        return self.view(n)

    def alias(self, n):
        return self.v(n, n.args[0])

    op_clone = op_alias = op_detach = op_lift_fresh_copy = op_contiguous = op_dropout = alias

    def op_to_copy(self, n):
        # The operand's imported type decides (an f64 mean is imported in f32: reduce_dtype).
        shape, dtype = self.out(n)
        x = self.v(n, n.args[0])
        if dtype == x.dtype:
            return x
        return self.w.op("to_copy", [x], [("dtype", DTYPES[dtype])], shape, dtype)

    def op_permute(self, n):
        shape, dtype = self.out(n)
        dims = n.args[1]
        emit = lambda: self.w.op("permute", [self.v(n, n.args[0])], [("dims", arr(dims))], shape, dtype)
        return Deferred(emit) if self.dequantized_weight_t(n) is not None else emit()

    def permute_of(self, n, x, rank, d0, d1):
        dims = list(range(rank))
        dims[d0 % rank], dims[d1 % rank] = dims[d1 % rank], dims[d0 % rank]
        shape = list(x.shape)
        shape[d0 % rank], shape[d1 % rank] = shape[d1 % rank], shape[d0 % rank]
        return self.w.op("permute", [x], [("dims", arr(dims))], shape, x.dtype)

    def op_t(self, n):
        if self.dequantized_weight_t(n) is not None:
            return Deferred(lambda: self.permute_of(n, self.v(n, n.args[0]), 2, 0, 1))
        x = self.v(n, n.args[0])
        if len(x.shape) < 2:
            return x
        return self.permute_of(n, x, 2, 0, 1)

    def op_transpose(self, n):
        shape, dtype = self.out(n)
        return self.w.op("transpose", [self.v(n, n.args[0])], [("dim0", "%d : i64" % n.args[1]),
                                                               ("dim1", "%d : i64" % n.args[2])], shape, dtype)

    def slice_of(self, n, x, dim, start, end, step=1):
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
            y = self.w.op("view", [x], [], split, x.dtype)
            y = self.slice_of(n, y, dim + 1, start % step, start % step + 1)
            y = self.slice_of(n, y, dim, start // step, start // step + count)
            shape[dim] = count
            return self.w.op("view", [y], [], shape, x.dtype)
        shape[dim] = count
        return self.w.op("slice", [x], [("dim", "%d : i64" % dim), ("start", "%d : i64" % start),
                                        ("end", "%d : i64" % end), ("step", "%d : i64" % step)], shape, x.dtype)

    def op_slice(self, n):
        a = list(n.args) + [None] * 5
        dim = a[1] if a[1] is not None else 0
        start = a[2] if a[2] is not None else 0
        end = a[3] if a[3] is not None else sys.maxsize
        step = a[4] if a[4] is not None else 1
        x = self.v(n, n.args[0])
        size = x.shape[dim % len(x.shape)]
        if end >= sys.maxsize // 2:
            end = size
        if step == 1 and start in (0, -size) and end >= size:
            return x  # the whole dim (x[:, 1:] traces one for dim 0): no op
        return self.slice_of(n, x, dim, start, end, step)

    def op_select(self, n):
        x = self.v(n, n.args[0])
        dim, idx = n.args[1], n.args[2]
        size = x.shape[dim % len(x.shape)]
        idx = idx + size if idx < 0 else idx
        s = self.slice_of(n, x, dim, idx, idx + 1)
        return self.view(n, s)

    def op_split(self, n):
        x = self.v(n, n.args[0])
        sizes = n.args[1]
        dim = n.args[2] if len(n.args) > 2 else n.kwargs.get("dim", 0)
        total = x.shape[dim % len(x.shape)]
        if isinstance(sizes, int):
            sizes = [min(sizes, total - s) for s in range(0, total, sizes)]
        out, start = [], 0
        for s in sizes:
            out.append(self.slice_of(n, x, dim, start, start + s))
            start += s
        return tuple(out)

    op_split_with_sizes = op_unsafe_split = op_unsafe_split_with_sizes = op_split

    def op_getitem(self, n):
        src, i = n.args
        vals = self.ssa.get(src)
        if not isinstance(vals, tuple) or vals[i] is None:
            self.fail(n, "result %d of %s is not supported" % (i, src.target))
        return vals[i]

    def op_cat(self, n):
        shape, dtype = self.out(n)
        dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)
        xs = [self.v(n, a) for a in n.args[0] if tuple(self.values[a].shape) != (0,)]
        if len(xs) == 1:
            return xs[0]
        return self.w.op("cat", xs, [("dim", "%d : i64" % dim)], shape, dtype)

    def op_constant_pad_nd(self, n):
        shape, dtype = self.out(n)
        value = n.args[2] if len(n.args) > 2 else n.kwargs.get("value", 0)
        attrs = [("pad", arr(n.args[1]))] + ([("value", f64(value))] if value else [])
        return self.w.op("constant_pad_nd", [self.v(n, n.args[0])], attrs, shape, dtype)

    def op_roll(self, n):
        shape, dtype = self.out(n)
        shifts = list(n.args[1]) if isinstance(n.args[1], (list, tuple)) else [n.args[1]]
        dims = n.args[2] if len(n.args) > 2 else n.kwargs.get("dims", [])
        dims = list(dims) if isinstance(dims, (list, tuple)) else [dims]
        return self.w.op("roll", [self.v(n, n.args[0])], [("shifts", arr(shifts)), ("dims", arr(dims))],
                         shape, dtype)

    def op_expand(self, n):
        shape, dtype = self.out(n)
        x = self.v(n, n.args[0])
        if tuple(x.shape) == tuple(shape):
            return x
        return self.w.op("expand", [x], [], shape, dtype)

    # reductions, softmax
    def reduce(self, n, edge):
        shape, dtype = self.out(n)
        x = self.v(n, n.args[0])
        dims = n.args[1] if len(n.args) > 1 else list(range(len(x.shape)))
        keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
        return self.w.op(edge, [x], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, dtype)

    def reduce_dtype(self, n, edge):
        """mean / sum with `dtype=`: ATen converts the input to it, then
        reduces. A float dtype edge has is that (to_copy + the reduction). An
        f64 one whose every user converts the result back (to_copy to
        another dtype) is reduced in the input's dtype instead: edge has no
        f64, and the f64 result is only rounded (the difference is the
        input dtype's accumulation error). An f64 result used otherwise
        (an output, an f64 op) is an error."""
        want = n.kwargs.get("dtype")
        x = self.v(n, n.args[0])
        if want is None or want == x.dtype:
            return self.reduce(n, edge)
        shape, _ = self.out(n)
        dims = n.args[1] if len(n.args) > 1 else list(range(len(x.shape)))
        keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
        attrs = [("dims", arr(dims)), ("keepdim", "true" if keep else "false")]
        if want == torch.float64:
            users = list(n.users)
            if not users or not all(u.op == "call_function" and op_name(u.target)[0] in ("_to_copy", "to_copy")
                                    and self.values[u].dtype != torch.float64 for u in users):
                self.fail(n, "%s(..., dtype=torch.float64) whose f64 result is used other than converted to "
                             "another dtype (here: %s) is not supported: edge has no f64" %
                          (edge, ", ".join(u.name for u in users) or "an output"))
            return self.w.op(edge, [x], attrs, shape, x.dtype)
        if want not in (torch.float32, torch.float16, torch.bfloat16):
            self.fail(n, "%s with dtype %s is not supported" % (edge, want))
        xc = self.w.op("to_copy", [x], [("dtype", DTYPES[want])], x.shape, want)
        return self.w.op(edge, [xc], attrs, shape, want)

    def op_mean(self, n): return self.reduce_dtype(n, "mean")
    def op_sum(self, n): return self.reduce_dtype(n, "sum")

    def op_amax(self, n):
        x = self.v(n, n.args[0])
        dims = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", [])
        dims = list(dims) if isinstance(dims, (list, tuple)) else [dims]
        if not dims:
            dims = list(range(len(x.shape)))
        if not dims:
            self.fail(n, "amax of a 0-d tensor is not supported")
        keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
        shape, dtype = self.out(n)
        return self.w.op("amax", [x], [("dims", arr(dims)), ("keepdim", "true" if keep else "false")], shape, dtype)

    def op_argmax(self, n):
        x = self.v(n, n.args[0])
        dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim")
        if dim is None:
            self.fail(n, "argmax over the flattened tensor (dim = None) is not supported")
        keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
        shape, dtype = self.out(n)
        return self.w.op("argmax", [x], [("dim", "%d : i64" % dim), ("keepdim", "true" if keep else "false")],
                         shape, dtype)

    def op_max(self, n):
        """max.other: maximum; max.default: amax over every dim; max.dim: (amax, argmax),
        each emitted only where its getitem is used."""
        overload = name_overload(n)
        if overload == "other":
            return self.binary(n, "maximum", n.args[0], n.args[1])
        x = self.v(n, n.args[0])
        if overload != "dim":
            if not x.shape:
                self.fail(n, "max of a 0-d tensor is not supported")
            shape, dtype = self.out(n)
            return self.w.op("amax", [x], [("dims", arr(list(range(len(x.shape))))), ("keepdim", "false")],
                             shape, dtype)
        dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim")
        keep = n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False)
        used = {u.args[1] for u in n.users if u.target is operator.getitem and u.users}
        vals, idx = self.values[n]
        kd = ("keepdim", "true" if keep else "false")
        v = i = None
        if 0 in used:
            v = self.w.op("amax", [x], [("dims", arr([dim])), kd], tuple(vals.shape), vals.dtype)
        if 1 in used:
            i = self.w.op("argmax", [x], [("dim", "%d : i64" % dim), kd], tuple(idx.shape), idx.dtype)
        return (v, i)

    def op_softmax(self, n):
        shape, dtype = self.out(n)
        return self.w.op("softmax", [self.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)

    def op_log_softmax(self, n):
        if n.args[2] if len(n.args) > 2 else False:
            self.fail(n, "log_softmax computed in another dtype (half_to_float) is not supported")
        shape, dtype = self.out(n)
        sm = self.w.op("softmax", [self.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)
        return self.w.op("log", [sm], [], shape, dtype)

    # GEMMs
    def op_mm(self, n):
        shape, dtype = self.out(n)
        a, b = n.args[0], n.args[1]
        if self.is_const(b):  # x @ W^T of nn.Linear: linear with W, no transpose to fold later
            w = self.const_tensor(self.const_data(b).t().contiguous(), "%s_weight" % n.meta.get("xnn_path", ""))
            return self.w.op("linear", [self.v(n, a), w], [], shape, dtype)
        w = self.dequantized_weight_t(b)
        if w is not None:  # x @ dequantized(W)^T: the quantized linear's form
            return self.w.op("linear", [self.v(n, a), self.v(n, w)], [], shape, dtype)
        return self.w.op("mm", [self.v(n, a), self.v(n, b)], [], shape, dtype)

    def dequantized_weight_t(self, b):
        """The dequantize node of b = t(dequantize_per_channel(_group)(W)), else None."""
        if isinstance(b, torch.fx.Node) and b.op == "call_function" and op_name(b.target)[0] in ("t", "permute") \
                and (op_name(b.target)[0] == "t" or list(b.args[1]) == [1, 0]):
            d = b.args[0]
            if isinstance(d, torch.fx.Node) and d.op == "call_function" and \
                    op_name(d.target)[0] in ("dequantize_per_channel", "dequantize_per_channel_group",
                                             "dequantize_per_tensor"):
                return d
        return None

    # quantized_decomposed (ExecuTorch's 8da4w / 8da8w exports; the edge ops'
    # arithmetic is PyTorch's, docs/passes/xnn-quantize-weights.md)
    def quant_range(self, n, qmin, qmax, dtype):
        if dtype != torch.int8:
            self.fail(n, "%s to %s: only int8 quantized values are supported" % (n.target, dtype))
        return [("quant_min", "%d : i64" % qmin), ("quant_max", "%d : i64" % qmax)]

    def quant_param(self, n, a, dtype):
        """Scales (f32) or zero points (i64) operand: a constant converted exactly,
        or a value of that dtype already."""
        t = self.values[a]
        src = a.args[0] if a.target is operator.getitem else a
        if t.dtype == dtype or op_name(getattr(src, "target", None))[0] == "choose_qparams_per_token_asymmetric":
            return self.v(n, a)  # choose_qparams' f64 scales are our f32 values (exact)
        if self.is_const(a):
            c = self.const_data(a)
            conv = c.to(dtype)
            if torch.equal(conv.to(c.dtype), c):
                return self.const_tensor(conv, "%s_qparams" % n.meta.get("xnn_path", ""))
        self.fail(n, "%s: quantization parameters of dtype %s (must be %s or convert to it exactly)"
                  % (n.target, t.dtype, dtype))

    def op_choose_qparams_per_token_asymmetric(self, n):
        x = self.operand_as(n, n.args[0], torch.float32) if self.values[n.args[0]].dtype != torch.float32 \
            else self.v(n, n.args[0])
        for u in n.users:  # PyTorch returns f64 scales holding f32 values: only q/dq may read them
            for uu in (u.users if u.target is operator.getitem else [u]):
                if op_name(uu.target)[0] not in ("quantize_per_token", "dequantize_per_token"):
                    self.fail(n, "the per-token quantization parameters are read by %s (only quantize_per_token "
                                 "and dequantize_per_token are supported)" % uu.target)
        pshape = tuple(x.shape[:-1]) + (1,)
        s, zp = self.w.op_results("choose_qparams_per_token_asymmetric", [x], [],
                                  [(pshape, torch.float32), (pshape, torch.int64)])
        return (s, zp)

    def op_quantize_per_token(self, n):
        x, s, zp, qmin, qmax, dtype = n.args[:6]
        shape, _ = self.out(n)
        xv = self.operand_as(n, x, torch.float32)  # bf16 -> f32 is exact; the arithmetic is in double
        return self.w.op("quantize_per_token", [xv, self.quant_param(n, s, torch.float32),
                                                self.quant_param(n, zp, torch.int64)],
                         self.quant_range(n, qmin, qmax, dtype), shape, torch.int8)

    def op_dequantize_per_token(self, n):
        q, s, zp, qmin, qmax, dtype = n.args[:6]
        out = n.args[6] if len(n.args) > 6 else n.kwargs.get("output_dtype", torch.float32)
        if out != torch.float32:
            self.fail(n, "dequantize_per_token to %s: only float32 results are supported" % out)
        shape, _ = self.out(n)
        return self.w.op("dequantize_per_token", [self.v(n, q), self.quant_param(n, s, torch.float32),
                                                  self.quant_param(n, zp, torch.int64)],
                         self.quant_range(n, qmin, qmax, dtype), shape, torch.float32)

    def per_tensor_attrs(self, n):
        """quantize / dequantize_per_tensor.default: Python scalars become attributes
        (the .tensor overloads, scale and zero point as tensors, are not supported)."""
        _, scale, zp, qmin, qmax, dtype = n.args[:6]
        if not isinstance(scale, (int, float)) or isinstance(zp, torch.fx.Node) or not isinstance(zp, int):
            self.fail(n, "%s with tensor scale / zero point: only the .default overload (Python scalars) is "
                         "supported" % n.target)
        return [("scale", f64(float(scale))), ("zero_point", "%d : i64" % zp)] + \
            self.quant_range(n, qmin, qmax, dtype)

    def op_quantize_per_tensor(self, n):
        shape, _ = self.out(n)
        attrs = self.per_tensor_attrs(n)
        return self.w.op("quantize_per_tensor", [self.operand_as(n, n.args[0], torch.float32)], attrs, shape,
                         torch.int8)

    def op_dequantize_per_tensor(self, n):
        shape, _ = self.out(n)
        attrs = self.per_tensor_attrs(n)
        out = n.kwargs.get("out_dtype", torch.float32) or torch.float32
        if out != torch.float32:
            self.fail(n, "dequantize_per_tensor to %s: only float32 results are supported" % out)
        return self.w.op("dequantize_per_tensor", [self.v(n, n.args[0])], attrs, shape, torch.float32)

    def op_dequantize_per_channel(self, n):
        q, s, zp, axis, qmin, qmax, dtype = n.args[:7]
        shape, out = self.out(n)
        ops = [self.v(n, q), self.quant_param(n, s, torch.float32)]
        if zp is not None:
            ops.append(self.quant_param(n, zp, torch.int64))
        return self.w.op("dequantize_per_channel", ops, [("axis", "%d : i64" % axis)] +
                         self.quant_range(n, qmin, qmax, dtype), shape, out)

    def op_dequantize_per_channel_group(self, n):
        q, s, zp, qmin, qmax, dtype = n.args[:6]
        group = n.args[6] if len(n.args) > 6 else n.kwargs.get("group_size", 128)
        shape, out = self.out(n)
        if group > shape[-1] and self.values[s].shape[-1] == 1:  # PyTorch's rule: one group spans the row
            group = shape[-1]
        ops = [self.v(n, q), self.quant_param(n, s, torch.float32)]
        if zp is not None:
            ops.append(self.quant_param(n, zp, torch.int64))
        return self.w.op("dequantize_per_channel_group", ops, [("group_size", "%d : i64" % group)] +
                         self.quant_range(n, qmin, qmax, dtype), shape, out)

    # quantized embedding tables (ExecuTorch's embedding_byte / _4bit / _2bit,
    # .dtype overloads too): portable gathers of int8 / packed rows
    def quant_embedding(self, n, op, bits):
        w, scales, zp, qmin, qmax, idx = n.args[:6]
        shape, dtype = self.out(n)
        if not self.is_const(w):
            self.fail(n, "%s: the weight must be a constant (a buffer or parameter)" % n.target)
        t = self.const_data(w)
        if bits == 8 and t.dtype not in (torch.int8, torch.uint8):
            self.fail(n, "%s: weight of dtype %s (must be int8)" % (n.target, t.dtype))
        if bits == 8 and t.dtype == torch.uint8:
            self.fail(n, "%s: uint8 weights: only int8 values are supported" % n.target)
        if bits < 8 and t.dtype != torch.uint8:
            self.fail(n, "%s: packed weight of dtype %s (ExecuTorch packs uint8: %d values a byte)"
                      % (n.target, t.dtype, 8 // bits))
        wv = self.const_tensor(t.contiguous().view(torch.int8), str(w.name))
        sv = self.values[scales]
        if sv.dtype not in (torch.float32, torch.float16, torch.bfloat16):
            self.fail(n, "%s: scales of dtype %s (must be float32, float16 or bfloat16)" % (n.target, sv.dtype))
        ops = [wv, self.v(n, scales), self.v(n, idx)]
        if zp is not None:
            ops.append(self.quant_param(n, zp, torch.int64))
        return self.w.op(op, ops, [("quant_min", "%d : i64" % qmin), ("quant_max", "%d : i64" % qmax)], shape, dtype)

    def op_embedding_byte(self, n): return self.quant_embedding(n, "embedding_byte", 8)
    def op_embedding_4bit(self, n): return self.quant_embedding(n, "embedding_4bit", 4)
    def op_embedding_2bit(self, n): return self.quant_embedding(n, "embedding_2bit", 2)

    def op_bmm(self, n):
        shape, dtype = self.out(n)
        return self.w.op("bmm", [self.v(n, n.args[0]), self.v(n, n.args[1])], [], shape, dtype)

    def op_linear(self, n):
        shape, dtype = self.out(n)
        ops = [self.v(n, a) for a in n.args[:3] if a is not None]
        return self.w.op("linear", ops, [], shape, dtype)

    def op_addmm(self, n):
        shape, dtype = self.out(n)
        bias, a, b = n.args[:3]
        beta, alpha = n.kwargs.get("beta", 1), n.kwargs.get("alpha", 1)
        attrs = ([("beta", f64(beta))] if beta != 1 else []) + ([("alpha", f64(alpha))] if alpha != 1 else [])
        w = self.dequantized_weight_t(b)
        if w is not None and not attrs and isinstance(bias, torch.fx.Node) and \
                tuple(self.values[bias].shape) == (shape[-1],):  # the quantized linear with a bias
            return self.w.op("linear", [self.v(n, a), self.v(n, w), self.v(n, bias)], [], shape, dtype)
        return self.w.op("addmm", [self.v(n, bias), self.v(n, a), self.v(n, b)], attrs, shape, dtype)

    # convolution, pooling, normalisation
    def op_convolution(self, n):
        """2-D convolution and transposed convolution, 3-D convolution (edge.conv3d,
        portable); 1-D (Conv1d) as the 2-D
        one of height 1 ([N, C, L] viewed as [N, C, 1, L], the weight as
        [O, I, 1, K]: reshaped here when constant, an edge.view otherwise), as
        ExecuTorch lowers it. ATen broadcasts a 1-element stride / padding /
        dilation / output_padding over the spatial dims; edge wants one per dim."""
        x, w, b, stride, padding, dilation, transposed, output_padding, groups = n.args[:9]
        shape, dtype = self.out(n)
        rank = self.values[w].dim()
        if rank not in (3, 4, 5) or (rank == 5 and transposed):
            self.fail(n, "%d-D %sconvolution is not supported: edge has 1-D (as 2-D), 2-D and 3-D (not "
                      "transposed) convolution only" % (rank - 2, "transposed " if transposed else ""))
        spatial = rank - 2

        def per_dim(v, what):
            v = list(v)
            if len(v) == 1:
                v = v * spatial
            if len(v) != spatial:
                self.fail(n, "convolution %s %r has neither 1 nor %d elements" % (what, v, spatial))
            return v
        stride, padding, dilation, output_padding = [per_dim(v, k) for v, k in (
            (stride, "stride"), (padding, "padding"), (dilation, "dilation"), (output_padding, "output_padding"))]
        xv, wv = self.v(n, x), self.v(n, w)
        if rank == 3:
            xs, ws = list(xv.shape), list(self.values[w].shape)
            xv = self.w.op("view", [xv], [], xs[:2] + [1] + xs[2:], xv.dtype)
            if self.const.get(w):
                wv = self.w.constant(self.values[w].unsqueeze(2).contiguous(),
                                     "%s_weight2d" % n.meta.get("xnn_path", ""))
            else:
                wv = self.w.op("view", [wv], [], ws[:2] + [1] + ws[2:], wv.dtype)
            stride, padding, dilation, output_padding = ([1] + stride, [0] + padding, [1] + dilation,
                                                         [0] + output_padding)
            out_shape = list(shape[:2]) + [1] + list(shape[2:])
        else:
            out_shape = shape
        ops = [xv, wv] + ([self.v(n, b)] if b is not None else [])
        if rank == 5:  # portable: XNNPACK has no 3-D convolution
            return self.w.op("conv3d", ops, [("stride", arr(stride)), ("padding", arr(padding)),
                                             ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)],
                             shape, dtype)
        if transposed:
            y = self.w.op("conv_transpose2d", ops, [
                ("stride", arr(stride)), ("padding", arr(padding)), ("output_padding", arr(output_padding)),
                ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)], out_shape, dtype)
        else:
            y = self.w.op("conv2d", ops, [("stride", arr(stride)), ("padding", arr(padding)),
                                          ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)],
                          out_shape, dtype)
        return y if rank == 4 else self.w.op("view", [y], [], shape, dtype)

    def upsample_scales(self, n, scales, in_hw, out_hw, nearest, align_corners):
        """edge's upsample ops derive their scales from the sizes (as
        upsample_*2d.vec without scale_factors); explicit scales are taken
        when ATen computes the same indices and weights with them."""
        if scales is None or all(s is None for s in scales):
            return
        f32 = torch.float32
        for axis, (s, i, o) in enumerate(zip(scales, in_hw, out_hw)):
            if s is None or s <= 0 or o == i or (nearest and o == 2 * i) or (not nearest and align_corners):
                continue  # ATen ignores the scale on these paths
            by_scale = torch.tensor(1.0 / s, dtype=f32)
            by_size = torch.tensor(i, dtype=f32) / torch.tensor(o, dtype=f32)
            if nearest:
                dst = torch.arange(o, dtype=f32)
                same = torch.equal(torch.floor(dst * by_scale).clamp(max=i - 1),
                                   torch.floor(dst * by_size).clamp(max=i - 1))
            else:
                same = bool(by_scale == by_size)
            if not same:
                self.fail(n, "upsample with scale factor %r in dim %d, which ATen uses instead of the sizes %d -> %d "
                             "(different %s); edge's upsample ops take the sizes only" %
                          (s, axis + 2, i, o, "indices" if nearest else "weights"))

    def op_upsample_nearest2d(self, n):
        x = self.v(n, n.args[0])
        shape, dtype = self.out(n)
        scales = n.args[2] if name_overload(n) == "vec" else n.args[2:4]
        self.upsample_scales(n, scales, x.shape[2:], shape[2:], True, False)
        return self.w.op("upsample_nearest2d", [x], [("output_size", arr(shape[2:]))], shape, dtype)

    def op_upsample_bilinear2d(self, n):
        x = self.v(n, n.args[0])
        shape, dtype = self.out(n)
        align = bool(n.args[2])
        scales = n.args[3] if name_overload(n) == "vec" else n.args[3:5]
        self.upsample_scales(n, scales, x.shape[2:], shape[2:], False, align)
        return self.w.op("upsample_bilinear2d", [x], [("output_size", arr(shape[2:])),
                                                      ("align_corners", "true" if align else "false")], shape, dtype)

    def pool_size(self, size, k, s, p, d, ceil):
        num = size + 2 * p - d * (k - 1) - 1
        out = (-(-num // s) if ceil else num // s) + 1
        if ceil and (out - 1) * s >= size + p:
            out -= 1
        return out

    def op_upsample_bilinear2d_aa(self, n):
        x = self.v(n, n.args[0])
        shape, dtype = self.out(n)
        align = bool(n.args[2])
        scales = n.args[3] if name_overload(n) == "vec" else n.args[3:5]
        self.upsample_scales(n, scales, x.shape[2:], shape[2:], False, align)
        return self.w.op("upsample_bilinear2d_aa", [x], [("output_size", arr(shape[2:])),
                                                         ("align_corners", "true" if align else "false")],
                         shape, dtype)

    def op_max_pool2d_with_indices(self, n):
        a = list(n.args) + [None] * 6
        x = self.v(n, a[0])
        k = a[1]
        s = a[2] or k
        p = a[3] if a[3] is not None else [0, 0]
        d = a[4] if a[4] is not None else [1, 1]
        ceil = bool(a[5])
        k, s, p, d = [list(v) * (2 if len(v) == 1 else 1) for v in (k, s, p, d)]
        if ceil and all(self.pool_size(x.shape[2 + i], k[i], s[i], p[i], d[i], True) ==
                        self.pool_size(x.shape[2 + i], k[i], s[i], p[i], d[i], False) for i in range(2)):
            ceil = False  # ceil adds no window here
        out = self.values[n]
        shape = tuple((out[0] if isinstance(out, tuple) else out).shape)
        attrs = [("kernel_size", arr(k)), ("stride", arr(s)), ("padding", arr(p)), ("dilation", arr(d)),
                 ("ceil_mode", "true" if ceil else "false")]
        if not isinstance(out, tuple):
            return self.w.op("max_pool2d", [x], attrs, shape, x.dtype)
        # values (delegable) and indices (portable), each only where its getitem is used
        used = {u.args[1] for u in n.users if u.target is operator.getitem and u.users}
        y = self.w.op("max_pool2d", [x], attrs, shape, x.dtype) if 0 in used else None
        i = self.w.op("max_pool2d_indices", [x], attrs, shape, torch.int64) if 1 in used else None
        return (y, i)

    op_max_pool2d = op_max_pool2d_with_indices

    def op_avg_pool2d(self, n):
        a = list(n.args) + [None] * 7
        x = self.v(n, a[0])
        k = list(a[1])
        s = list(a[2]) if a[2] else k
        p = list(a[3]) if a[3] is not None else [0, 0]
        ceil = bool(a[4])
        include_pad = True if a[5] is None else bool(a[5])
        divisor = a[6] if a[6] is not None else n.kwargs.get("divisor_override")
        k, s, p = [v * 2 if len(v) == 1 else v for v in (k, s, p)]
        if ceil and all(self.pool_size(x.shape[2 + i], k[i], s[i], p[i], 1, True) ==
                        self.pool_size(x.shape[2 + i], k[i], s[i], p[i], 1, False) for i in range(2)):
            ceil = False  # ceil adds no window here
        shape, dtype = self.out(n)
        attrs = [("kernel_size", arr(k)), ("stride", arr(s)), ("padding", arr(p))]
        if ceil:
            attrs.append(("ceil_mode", "true"))
        if not include_pad:
            attrs.append(("count_include_pad", "false"))
        if divisor is not None:
            attrs.append(("divisor_override", "%d : i64" % divisor))
        return self.w.op("avg_pool2d", [x], attrs, shape, dtype)

    def op_adaptive_avg_pool2d(self, n):
        x = self.v(n, n.args[0])
        shape, dtype = self.out(n)
        N, C, H, W = x.shape
        OH, OW = shape[2], shape[3]
        if (OH, OW) == (1, 1) or (H % OH == 0 and W % OW == 0):
            return self.w.op("adaptive_avg_pool2d", [x], [("output_size", arr([OH, OW]))], shape, dtype)
        # Other sizes (which xnn-delegate leaves portable): out = P x Q^T per
        # channel, P [OH, H], Q [OW, W] the bin averages, two linear maps.
        def bins(size, osize):
            m = torch.zeros(osize, size, dtype=torch.float64)
            for i in range(osize):
                s = (i * size) // osize
                e = -(-((i + 1) * size) // osize)
                m[i, s:e] = 1.0 / (e - s)
            return m.to(dtype)
        q = self.w.constant(bins(W, OW), "adaptive_w")
        p = self.w.constant(bins(H, OH), "adaptive_h")
        r = self.w.op("view", [x], [], [N * C * H, W], dtype)
        r = self.w.op("linear", [r, q], [], [N * C * H, OW], dtype)
        r = self.w.op("view", [r], [], [N * C, H, OW], dtype)
        r = self.w.op("permute", [r], [("dims", arr([0, 2, 1]))], [N * C, OW, H], dtype)
        r = self.w.op("linear", [r, p], [], [N * C, OW, OH], dtype)
        r = self.w.op("permute", [r], [("dims", arr([0, 2, 1]))], [N * C, OH, OW], dtype)
        return self.w.op("view", [r], [], shape, dtype)

    def op_native_batch_norm(self, n):
        a = list(n.args) + [None] * 8
        x_node, w, b, rm, rv = a[:5]
        legit = op_name(n.target)[0] == "_native_batch_norm_legit_no_training"
        training = False if legit else a[5]
        eps = a[6] if legit else a[7]
        eps = 1e-5 if eps is None else eps
        if training:
            self.fail(n, "batch norm in training mode is not supported (call model.eval())")
        if rm is None or rv is None:
            self.fail(n, "batch norm without running statistics is not supported")
        x = self.v(n, x_node)
        C = x.shape[1]
        # ATen's absent weight / bias: ones / zeros.
        weight = self.v(n, w) if w is not None else self.w.constant(torch.ones(C, dtype=x.dtype), "bn_weight")
        bias = self.v(n, b) if b is not None else self.w.constant(torch.zeros(C, dtype=x.dtype), "bn_bias")
        y = self.w.op("batch_norm", [x, weight, bias, self.v(n, rm), self.v(n, rv)], [("eps", f64(eps))],
                      x.shape, x.dtype)
        return (y, None, None)

    op_native_batch_norm_legit_no_training = op_native_batch_norm

    def op_native_layer_norm(self, n):
        x_node, normalized_shape, w, b, eps = n.args[:5]
        x = self.v(n, x_node)
        params = []
        if w is not None or b is not None:  # edge's bias comes after a weight: an absent one is ones
            params.append(self.v(n, w) if w is not None else
                          self.w.constant(torch.ones(list(normalized_shape), dtype=x.dtype), "ln_weight"))
        if b is not None:
            params.append(self.v(n, b))
        y = self.w.op("layer_norm", [x] + params, [("normalized_shape", arr(normalized_shape)), ("eps", f64(eps))],
                      x.shape, x.dtype)
        return (y, None, None)

    def op_embedding(self, n):
        shape, dtype = self.out(n)
        return self.w.op("embedding", [self.v(n, n.args[0]), self.v(n, n.args[1])], [], shape, dtype)

    # ---- state, indexing and masks: what decoders with a KV cache use ----------
    def op_sin(self, n): return self.unary(n, "sin")
    def op_cos(self, n): return self.unary(n, "cos")

    def op_ceil(self, n):
        return self.unary(n, "ceil") if self.values[n].is_floating_point() else self.alias(n)

    def op_floor(self, n):
        return self.unary(n, "floor") if self.values[n].is_floating_point() else self.alias(n)

    def bitwise(self, n, edge):
        shape, dtype = self.out(n)
        if dtype.is_floating_point:
            self.fail(n, "%s of floating-point tensors is not an ATen op" % edge)
        return self.w.op(edge, [self.operand_as(n, n.args[0], dtype), self.operand_as(n, n.args[1], dtype)], [],
                         shape, dtype)

    def op_bitwise_and(self, n): return self.bitwise(n, "bitwise_and")
    def op_bitwise_or(self, n): return self.bitwise(n, "bitwise_or")
    def op_bitwise_xor(self, n): return self.bitwise(n, "bitwise_xor")
    op_and__ = op_bitwise_and
    op_or__ = op_bitwise_or
    op_xor__ = op_bitwise_xor

    def op_bitwise_not(self, n):
        return self.unary(n, "bitwise_not")

    def as_bool(self, n, a):
        """A tensor operand as i1: bool as is, others x != 0 (ATen's logical ops)."""
        if isinstance(a, torch.fx.Node) and self.values[a].dtype == torch.bool:
            return self.v(n, a)
        if not isinstance(a, torch.fx.Node):
            return self.w.constant(torch.tensor(bool(a)), "scalar")
        t = self.values[a]
        zero = self.w.constant(torch.tensor(0, dtype=t.dtype), "scalar")
        return self.w.op("ne", [self.v(n, a), zero], [], tuple(t.shape), torch.bool)

    def logical(self, n, edge):
        shape, dtype = self.out(n)
        r = self.w.op(edge, [self.as_bool(n, n.args[0]), self.as_bool(n, n.args[1])], [], shape, torch.bool)
        return r if dtype == torch.bool else self.w.op("to_copy", [r], [("dtype", DTYPES[dtype])], shape, dtype)

    def op_logical_and(self, n): return self.logical(n, "bitwise_and")
    def op_logical_or(self, n): return self.logical(n, "bitwise_or")
    def op_logical_xor(self, n): return self.logical(n, "bitwise_xor")

    def op_logical_not(self, n):
        shape, dtype = self.out(n)
        r = self.w.op("bitwise_not", [self.as_bool(n, n.args[0])], [], shape, torch.bool)
        return r if dtype == torch.bool else self.w.op("to_copy", [r], [("dtype", DTYPES[dtype])], shape, dtype)

    def index_operands(self, n, x_node, indices):
        """ATen's optional index list as (index values, indexed dims); boolean
        masks known at import time become their nonzero() positions."""
        x = self.values[x_node]
        ops, dims = [], []
        d = 0
        for ix in indices:
            if ix is None:
                d += 1
                continue
            t = self.values[ix]
            if t.dtype in (torch.bool, torch.uint8):
                if not self.is_const(ix):
                    self.fail(n, "indexing with a boolean mask computed at run time is not supported "
                                 "(its result's shape depends on the values)")
                nz = torch.nonzero(self.const_data(ix).to(torch.bool), as_tuple=True)
                for k, pos in enumerate(nz):
                    ops.append(self.w.constant(pos, "mask_positions"))
                    dims.append(d + k)
                d += t.dim()
                continue
            if t.dtype not in (torch.int64, torch.int32):
                self.fail(n, "index tensors of dtype %s are not supported (i64, i32 or bool)" % t.dtype)
            ops.append(self.v(n, ix))
            dims.append(d)
            d += 1
        if d > x.dim():
            self.fail(n, "too many indices (%d) for a tensor of rank %d" % (d, x.dim()))
        return ops, dims

    def op_index(self, n):
        shape, dtype = self.out(n)
        ops, dims = self.index_operands(n, n.args[0], n.args[1])
        if not ops:
            return self.alias(n)
        return self.w.op("index", [self.v(n, n.args[0])] + ops, [("indexed_dims", arr(dims))], shape, dtype)

    def op_index_select(self, n):
        shape, dtype = self.out(n)
        x, dim, index = n.args[:3]
        dim %= max(self.values[x].dim(), 1)
        idx = self.v(n, index)
        if self.values[index].dim() == 0:
            idx = self.w.op("view", [idx], [], [1], self.values[index].dtype)
        return self.w.op("index", [self.v(n, x), idx], [("indexed_dims", arr([dim]))], shape, dtype)

    def op_index_put(self, n):
        shape, dtype = self.out(n)
        x, indices, values = n.args[:3]
        accumulate = n.args[3] if len(n.args) > 3 else n.kwargs.get("accumulate", False)
        ops, dims = self.index_operands(n, x, indices)
        if not ops:  # x[...] = values: the whole tensor
            return self.copy_into(n, values, shape, dtype, accumulate, x)
        attrs = [("indexed_dims", arr(dims))] + ([("accumulate", "true")] if accumulate else [])
        return self.w.op("index_put", [self.v(n, x), self.operand_as(n, values, dtype)] + ops, attrs, shape, dtype)

    def op_scatter(self, n, accumulate=False):
        """scatter / scatter_add along dim (no reduce): an index_put with every
        dim indexed, the index tensor at dim and broadcast aranges elsewhere."""
        shape, dtype = self.out(n)
        x, dim, index = n.args[:3]
        src = n.args[3] if len(n.args) > 3 else n.kwargs.get("src", n.kwargs.get("value"))
        if n.kwargs.get("reduce") is not None or len(n.args) > 4:
            self.fail(n, "scatter with a reduce argument is not supported")
        it = self.values[index]
        rank = len(shape)
        if it.dim() != rank:
            self.fail(n, "scatter's index must have the rank of the tensor")
        dim %= rank
        if it.numel() == 0:
            return self.v(n, x)
        ops = []
        for k in range(rank):
            if k == dim:
                ops.append(self.v(n, index))
            else:
                view = [1] * rank
                view[k] = it.shape[k]
                ops.append(self.w.constant(torch.arange(it.shape[k], dtype=torch.int64).view(view), "scatter_dim"))
        if isinstance(src, torch.fx.Node):
            vals = self.operand_as(n, src, dtype)
            sshape = tuple(self.values[src].shape)
            for k in range(rank):
                if sshape[k] != it.shape[k]:
                    vals = self.slice_of(n, vals, k, 0, it.shape[k])
        else:
            vals = self.w.constant(torch.tensor(src, dtype=dtype), "scalar")
        attrs = [("indexed_dims", arr(range(rank)))] + ([("accumulate", "true")] if accumulate else [])
        return self.w.op("index_put", [self.v(n, x), vals] + ops, attrs, shape, dtype)

    def op_scatter_add(self, n):
        return self.op_scatter(n, accumulate=True)

    def op_index_copy(self, n):
        shape, dtype = self.out(n)
        x, dim, index, source = n.args[:4]
        dim %= max(len(shape), 1)
        idx = self.v(n, index)
        if self.values[index].dim() == 0:  # a scalar index: source lacks the dim
            idx = self.w.op("view", [idx], [], [1], self.values[index].dtype)
        src = self.operand_as(n, source, dtype)
        if self.values[source].dim() < len(shape):
            sshape = list(self.values[source].shape)
            sshape.insert(dim, 1)
            src = self.w.op("view", [src], [], sshape, dtype)
        return self.w.op("index_put", [self.v(n, x), src, idx], [("indexed_dims", arr([dim]))], shape, dtype)

    def copy_into(self, n, src, shape, dtype, accumulate=False, x=None):
        """src broadcast to `shape` in `dtype` (ATen's copy_); with accumulate, added to x."""
        if not isinstance(src, torch.fx.Node):
            v = self.w.constant(torch.full(tuple(shape), src, dtype=dtype), "fill")
        else:
            v = self.operand_as(n, src, dtype)
            if tuple(self.values[src].shape) != tuple(shape):
                sshape = tuple(self.values[src].shape)
                if len(sshape) < len(shape):
                    sshape = (1,) * (len(shape) - len(sshape)) + sshape
                    v = self.w.op("view", [v], [], sshape, dtype)
                if sshape != tuple(shape):
                    v = self.w.op("expand", [v], [], shape, dtype)
        if accumulate:
            v = self.w.op("add", [self.v(n, x), v], [], shape, dtype)
        return v

    def op_copy(self, n):
        shape, dtype = self.out(n)
        return self.copy_into(n, n.args[1], shape, dtype)

    def op_fill(self, n):
        shape, dtype = self.out(n)
        value = n.args[1]
        if isinstance(value, torch.fx.Node) and self.is_const(value):
            value = self.const_data(value).item()
        return self.copy_into(n, value, shape, dtype)

    def op_zero(self, n):
        shape, dtype = self.out(n)
        return self.w.constant(torch.zeros(shape, dtype=dtype), "zeros")

    def op_slice_scatter(self, n):
        shape, dtype = self.out(n)
        a = list(n.args) + [None] * 6
        x, src = self.v(n, a[0]), self.operand_as(n, a[1], dtype)
        dim = (a[2] if a[2] is not None else n.kwargs.get("dim", 0)) % len(shape)
        start = a[3] if a[3] is not None else n.kwargs.get("start", 0)
        end = a[4] if a[4] is not None else n.kwargs.get("end", shape[dim])
        step = a[5] if a[5] is not None else n.kwargs.get("step", 1)
        size = shape[dim]
        start = max(0, min(size, (start or 0) + size if (start or 0) < 0 else (start or 0)))
        end = size if end is None or end >= sys.maxsize // 2 else end
        end = max(start, min(size, end + size if end < 0 else end))
        if step == 1:
            return self.splice(n, x, src, dim, start, end, tuple(shape), dtype)
        marker = torch.arange(int(torch.tensor(shape).prod()), dtype=torch.int64).reshape(shape)
        pos = marker.narrow(dim, start, end - start)[(slice(None),) * dim + (slice(None, None, step),)]
        flat = self.w.op("view", [x], [], [marker.numel()], dtype)
        vals = self.w.op("view", [src], [], [pos.numel()], dtype)
        idx = self.w.constant(pos.reshape(-1).contiguous(), "scatter_positions")
        put = self.w.op("index_put", [flat, vals, idx], [("indexed_dims", arr([0]))], [marker.numel()], dtype)
        return self.w.op("view", [put], [], shape, dtype)

    def op_select_scatter(self, n):
        shape, dtype = self.out(n)
        x, src, dim, index = n.args[:4]
        dim %= len(shape)
        index = index + shape[dim] if index < 0 else index
        sshape = list(shape)
        sshape[dim] = 1
        u = self.w.op("view", [self.operand_as(n, src, dtype)], [], sshape, dtype)
        return self.splice(n, self.v(n, x), u, dim, index, index + 1, tuple(shape), dtype)

    def op_unbind(self, n):
        x = self.v(n, n.args[0])
        dim = (n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)) % len(x.shape)
        shape = list(x.shape)
        del shape[dim]
        return tuple(self.w.op("view", [self.slice_of(n, x, dim, i, i + 1)], [], shape, x.dtype)
                     for i in range(x.shape[dim]))

    def op_stack(self, n):
        shape, dtype = self.out(n)
        dim = (n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)) % len(shape)
        parts = []
        for a in n.args[0]:
            s = list(self.values[a].shape)
            s.insert(dim, 1)
            parts.append(self.w.op("view", [self.operand_as(n, a, dtype)], [], s, dtype))
        return parts[0] if len(parts) == 1 else self.w.op("cat", parts, [("dim", "%d : i64" % dim)], shape, dtype)

    def op_native_dropout(self, n):
        p, train = n.args[1], n.args[2]
        if train and p > 0:
            self.fail(n, "dropout in training mode is random: call model.eval() before importing")
        return (self.v(n, n.args[0]), None)


def fold_conv_bn(gm):
    """Rewrites convolution -> batch norm (eval, constant parameters, the conv's
    only user) into one convolution with folded f64-computed weights, as
    torch.nn.utils.fuse_conv_bn_eval does. Works on f32 and f16 graphs."""
    import torch.fx as fx
    g = gm.graph
    changed = False
    for bn in list(g.nodes):
        if bn.op != "call_function" or op_name(bn.target)[0] not in ("native_batch_norm",
                                                                     "_native_batch_norm_legit_no_training"):
            continue
        conv = bn.args[0]
        if not isinstance(conv, fx.Node) or conv.op != "call_function" or op_name(conv.target)[0] != "convolution":
            continue
        if len(conv.users) != 1 or conv.args[6]:
            continue
        params = [conv.args[1], conv.args[2]] + list(bn.args[1:5])
        if not all(p is None or (isinstance(p, fx.Node) and p.op == "get_attr") for p in params):
            continue
        if len(bn.args) > 5 and bn.args[5] is True and op_name(bn.target)[0] == "native_batch_norm":
            continue
        def getattr_(p):  # a get_attr node's tensor (parameter or buffer, dotted path)
            return None if p is None else functools.reduce(getattr, p.target.split("."), gm)
        w, b = getattr_(conv.args[1]), getattr_(conv.args[2])
        gamma, beta, rm, rv = [getattr_(p) for p in bn.args[1:5]]
        if w.dtype not in (torch.float32, torch.float16):
            continue
        eps = bn.args[7] if op_name(bn.target)[0] == "native_batch_norm" else bn.args[6]
        f = torch.float64
        C = w.shape[0]
        scale = (gamma.to(f) if gamma is not None else torch.ones(C, dtype=f)) / torch.sqrt(rv.to(f) + eps)
        wf = (w.to(f) * scale.reshape([-1] + [1] * (w.dim() - 1))).to(w.dtype)  # Conv1d/2d/3d
        bf = ((b.to(f) if b is not None else torch.zeros(C, dtype=f)) - rm.to(f)) * scale + \
             (beta.to(f) if beta is not None else torch.zeros(C, dtype=f))
        bf = bf.to(w.dtype)
        base = "_xnn_folded_%s" % conv.name
        gm.register_buffer(base + "_w", wf)
        gm.register_buffer(base + "_b", bf)
        with g.inserting_before(conv):
            wn = g.get_attr(base + "_w")
            bn_ = g.get_attr(base + "_b")
        for k in ("xnn_path",):
            if k in conv.meta:
                wn.meta[k] = bn_.meta[k] = conv.meta[k]
        args = list(conv.args)
        args[1], args[2] = wn, bn_
        conv.args = tuple(args)
        # The batch norm's uses (getitem 0) take the convolution.
        for u in list(bn.users):
            if u.op == "call_function" and u.target is operator.getitem and u.args[1] == 0:
                u.replace_all_uses_with(conv)
        changed = True
    if changed:
        g.eliminate_dead_code()
        gm.recompile()
    return gm


def import_graph(gm, inputs, elide_weights=False, fold_batch_norm=True, kinds=None, rebound=None, bytecode=False):
    """(MLIR text, importer) of an ATen FX GraphModule run on `inputs` (a list of
    tensors). With `kinds` (from trace), buffers the graph writes become state
    (SPEC 5.1). With `bytecode`, no text (None): the importer's write_bytecode(f,
    producer) writes the module."""
    if fold_batch_norm:
        gm = fold_conv_bn(gm)
    state = set(rebound or ())
    if kinds is not None:
        placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
        for n in gm.graph.nodes:
            if n.op == "call_function" and written_args(n.target) == [0]:
                ph = root_placeholder(n.args[0])
                if ph is not None and kinds[placeholders.index(ph)][0] == "buffer":
                    state.add(kinds[placeholders.index(ph)][1])
    while True:
        imp = Importer(gm, inputs, elide_weights, kinds=kinds, rebound=rebound, state=state, bytecode=bytecode)
        try:
            text = imp.run()
        except _Restart as r:  # a write the graph's aliasing did not show: found by the walk
            if r.name in state:
                raise ImportError_("internal error: buffer '%s' written again after a restart" % r.name)
            state.add(r.name)
            continue
        return text, imp


def state_names(imp):
    """Names of the state buffers of an import, in argument order."""
    return [b for _, b in imp.state_args]


def import_module(module, inputs, elide_weights=False, fold_batch_norm=True):
    """MLIR text and eager outputs of an nn.Module (or a torch.export
    ExportedProgram, or an FX GraphModule of ATen ops) on `inputs`. The module
    runs in its own mode (train or eval) and keeps its state: the trace and the
    eager call both start from the state it has now. Eager outputs are the
    user outputs followed by the new value of each state buffer."""
    inputs = list(inputs)
    if hasattr(module, "graph_signature") and hasattr(module, "graph_module"):
        module = module.module() if hasattr(module, "module") else module.graph_module
    if isinstance(module, torch.fx.GraphModule) and all(
            n.op != "call_module" for n in module.graph.nodes) and any(
            str(n.target).startswith(("aten.", "edge.", "<built-in")) for n in module.graph.nodes
            if n.op == "call_function"):
        text, imp = import_graph(module, inputs, elide_weights, fold_batch_norm)
        with torch.no_grad():
            outs = module(*inputs)
        return text, flatten_tensors(outs)
    text, _, outputs = import_module_io(module, inputs, elide_weights, fold_batch_norm)
    return text, outputs


def import_module_io(module, inputs, elide_weights=False, fold_batch_norm=True):
    """(MLIR text, every function argument's value, every result's eager value)
    of an nn.Module: user inputs then initial state, user outputs then new state."""
    text, imp, args = _import_module(module, inputs, elide_weights, fold_batch_norm, False)
    return text, args, eager_call(module, inputs, state_names(imp))


def _import_module(module, inputs, elide_weights, fold_batch_norm, bytecode):
    """(text or None, importer, every function argument's value) of an nn.Module."""
    gm, kinds, values, rebound = trace(module, inputs)
    text, imp = import_graph(gm, values + list(inputs), elide_weights, fold_batch_norm, kinds, rebound, bytecode)
    imp.gm = imp.values = imp.ssa = imp.fresh = imp.members = None  # the walk's tensors: no longer needed
    buffers = dict(module.named_buffers())
    initial = [buffers[name].detach().clone() for name in state_names(imp)]
    args = [x.to(torch.int32) if i in imp.widened else x for i, x in enumerate(inputs)]
    return text, imp, args + initial


def write_module(output, module, inputs, elide_weights=False, fold_batch_norm=True, bytecode=None,
                 producer="xnn-import-torch", eager=True):
    """Imports an nn.Module and writes it to `output` (a path, '-' for stdout, or a
    binary file object) as MLIR bytecode (`bytecode` True, or None and a path ending
    in .mlirbc) or text, streaming: the bytecode is never held whole in memory and
    its blobs are written straight from the tensors. A path is written as the
    command's -o is (a temporary file renamed over it; nothing left on error).
    Returns (every function argument's value, every result's eager value, or None
    without `eager`)."""
    if bytecode is None:
        bytecode = isinstance(output, str) and output.endswith(".mlirbc")
    if isinstance(output, str):
        check_output_dir(output)
    text, imp, args = _import_module(module, inputs, elide_weights, fold_batch_norm, bytecode)
    if bytecode:
        def emit(f):
            imp.write_bytecode(f, producer)
    else:
        def emit(f):
            f.write(text if hasattr(f, "encoding") else text.encode("utf-8"))  # text or binary file
    if isinstance(output, str):
        write_atomic(output, emit if bytecode else text, binary=bytecode)
    else:
        emit(output)
    imp.w = None  # the blobs' tensors
    return args, (eager_call(module, inputs, state_names(imp)) if eager else None)


def flatten_tensors(x):
    flat = []

    def walk(y):
        if isinstance(y, (list, tuple)):
            for z in y:
                walk(z)
        elif isinstance(y, torch.Tensor):
            flat.append(y)
    walk(x)
    return flat


def eager_call(module, inputs, state):
    """One eager call from the module's present state: user outputs, then the
    new value of each named state buffer. The module's buffers are restored."""
    buffers = dict(module.named_buffers())
    snapshot = {name: t.detach().clone() for name, t in buffers.items()}
    try:
        with torch.no_grad():
            outs = flatten_tensors(module(*inputs))
            after = dict(module.named_buffers())
            return [o.detach().clone() for o in outs] + [after[name].detach().clone() for name in state]
    finally:
        with torch.no_grad():
            for name, t in module.named_buffers():
                if name in snapshot:
                    t.copy_(snapshot[name])
        # Buffers forward assigned anew: put the old tensors back.
        for name, t in snapshot.items():
            owner, _, attr = name.rpartition(".")
            mod = module.get_submodule(owner) if owner else module
            if mod._buffers.get(attr) is not buffers[name]:
                mod._buffers[attr] = buffers[name]


# ---- .npy -------------------------------------------------------------------

def npy_bytes(t):
    t = t.detach().contiguous().cpu()
    descr = {torch.float32: "<f4", torch.float16: "<f2", torch.bfloat16: "<u2", torch.float64: "<f8",
             torch.int64: "<i8", torch.int32: "<i4", torch.bool: "|b1", torch.uint8: "|u1", torch.int8: "|i1"}
    if t.dtype not in descr:
        raise ImportError_("cannot write dtype %s as .npy" % t.dtype)
    shape = "(" + "".join("%d, " % d for d in t.shape) + ")" if t.dim() != 1 else "(%d,)" % t.shape[0]
    if t.dim() > 1:
        shape = "(" + ", ".join(str(d) for d in t.shape) + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr[t.dtype], shape)
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1") + raw_bytes(t)


def save_io(directory, inputs, outputs):
    """input_<i>.npy and output_<i>.npy in `directory` (bf16 as raw <u2 bits)."""
    os.makedirs(directory, exist_ok=True)
    flat = []

    def walk(x):
        if isinstance(x, (list, tuple)):
            for y in x:
                walk(y)
        elif isinstance(x, torch.Tensor):
            flat.append(x)
    walk(outputs)
    for prefix, ts in (("input", inputs), ("output", flat)):
        for i, t in enumerate(ts):
            with open(os.path.join(directory, "%s_%d.npy" % (prefix, i)), "wb") as f:
                f.write(npy_bytes(t))


# ---- the command ---------------------------------------------------------------

def randomise_batch_norms(module, gen):
    for m in module.modules():
        if isinstance(m, torch.nn.modules.batchnorm._BatchNorm) and m.track_running_stats:
            c = m.num_features
            with torch.no_grad():
                m.running_mean.copy_(torch.rand(c, generator=gen) * 0.2 - 0.1)
                m.running_var.copy_(torch.rand(c, generator=gen) * 0.5 + 0.75)
                if m.affine:
                    m.weight.copy_(torch.rand(c, generator=gen) * 0.5 + 0.75)
                    m.bias.copy_(torch.rand(c, generator=gen) * 0.2 - 0.1)


def randomise_zero_weights(module, gen):
    """Linear/conv weights torchvision initialises to zero (ViT's head): small
    random values, so the outputs say something."""
    for m in module.modules():
        if isinstance(m, (torch.nn.Linear, torch.nn.Conv2d)) and not m.weight.detach().abs().sum():
            with torch.no_grad():
                m.weight.copy_((torch.rand(m.weight.shape, generator=gen) * 2 - 1) * 0.02)


def user_code_error(e, what):
    """`what` raised `e`: the exception and where it was raised (file:line of the last frame)."""
    import traceback
    frames = traceback.extract_tb(e.__traceback__)
    where = "%s:%d: " % (frames[-1].filename, frames[-1].lineno) if frames else ""
    return "%s%s raised %s: %s" % (where, what, type(e).__name__, e)


def load_spec(spec, shapes, seed):
    """(module, inputs) for SPEC."""
    if spec.startswith("torchvision:"):
        try:
            import torchvision
        except ImportError:
            raise ImportError_("torchvision is not installed (Debian: apt-get install python3-torchvision)")
        name = spec.split(":", 1)[1]
        factory = getattr(torchvision.models, name, None)
        if factory is None or not callable(factory) or name.startswith("_"):
            raise ImportError_("torchvision has no model '%s'" % name)
        torch.manual_seed(seed)
        try:
            module = factory(weights=None)
        except TypeError:
            module = factory(pretrained=False)
        randomise_batch_norms(module, torch.Generator().manual_seed(seed))
        randomise_zero_weights(module, torch.Generator().manual_seed(seed + 1))
        inputs = None
    else:
        path, _, fn = spec.rpartition(":")
        if not path or not fn:
            raise ImportError_("SPEC must be torchvision:<model> or FILE.py:FACTORY, not '%s'" % spec)
        if not os.path.isfile(path):
            raise ImportError_("%s: no such file" % path)
        s = importlib.util.spec_from_file_location("xnn_import_user_model", path)
        mod = importlib.util.module_from_spec(s)
        torch.manual_seed(seed)
        try:
            s.loader.exec_module(mod)
        except Exception as e:  # the user's code: its error, located, not a traceback of ours
            raise ImportError_(user_code_error(e, "loading %s" % path))
        factory = getattr(mod, fn, None)
        if factory is None:
            raise ImportError_("%s has no function '%s'" % (path, fn))
        try:
            got = factory()
        except Exception as e:
            raise ImportError_(user_code_error(e, "%s:%s()" % (path, fn)))
        if not (isinstance(got, tuple) and len(got) == 2):
            raise ImportError_("%s:%s must return (module, example_inputs)" % (path, fn))
        module, inputs = got
        inputs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    if shapes:
        gen = torch.Generator().manual_seed(seed)
        inputs = [torch.rand(s, generator=gen) * 2 - 1 for s in shapes]
    if inputs is None:
        raise ImportError_("torchvision models need --input-shape (for example 1,3,96,96)")
    return module, inputs


def parse_shape(s):
    try:
        dims = [int(d) for d in s.split(",") if d.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("'%s' is not a comma-separated list of sizes" % s)
    if not dims or any(d < 0 for d in dims):
        raise argparse.ArgumentTypeError("'%s' is not a shape" % s)
    return dims


def check_output_dir(path):
    """Fails before any work when `path` cannot be written (its directory is missing or not one)."""
    if path == "-":
        return
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        return
    d = os.path.dirname(real) or "."
    if not os.path.isdir(d):
        raise ImportError_("cannot write '%s': directory '%s' does not exist" % (path, os.path.dirname(path) or "."))
    if not os.access(d, os.W_OK | os.X_OK):
        raise ImportError_("cannot write '%s': directory '%s' is not writable" % (path, os.path.dirname(path) or "."))


def write_atomic(path, text, binary=False):
    """Writes `text` (a str, or a function writing to a file object, binary with
    `binary`) to `path`: '-' is stdout; a device or FIFO is written in place; a
    regular file through a temporary file in its directory renamed over it (its
    mode kept), removed on any error."""
    mode = "wb" if binary else "w"

    def emit(f):
        if callable(text):
            text(f)
        else:
            f.write(text)
    if path == "-":
        emit(sys.stdout.buffer if binary else sys.stdout)
        (sys.stdout.buffer if binary else sys.stdout).flush()
        return
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        with open(real, mode) as f:  # devices, FIFOs: written directly
            emit(f)
        return
    d = os.path.dirname(real) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".xnn-import-")
    try:
        with os.fdopen(fd, mode) as f:
            emit(f)
        if os.path.exists(real):
            os.chmod(tmp, os.stat(real).st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, real)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="xnn-import-torch",
        description="Writes a PyTorch model as edge MLIR (ATen ops traced with torch.fx).",
        epilog="Exit status: 0 on success, 1 on error. Buffers forward writes (in place through any view, "
               "or assigned anew) are state: an extra argument after the user inputs and an extra result after "
               "the user outputs, marked {xnn.state = \"<buffer name>\"}, in named_buffers() order; a write "
               "that cannot be state (to an input, a parameter, an unregistered tensor attribute) is an error. "
               "An int8/uint8/int16 input (edge has no such type) is an i32 argument when every use converts it "
               "(.to(float) ...), else an error. "
               "A FILE.py:FACTORY module is imported in its own mode (train or eval). Batch norm after a convolution (its only user, constant "
               "f32/f16 parameters) is folded into the convolution (in f64, as fuse_conv_bn_eval); other batch "
               "norms are edge.batch_norm, layer norm edge.layer_norm, addmm edge.addmm. Decomposed ATen ops "
               "(edge has no op, or none xnn-delegate runs, for them yet): " +
               "; ".join("%s -> %s" % kv for kv in sorted(DECOMPOSED.items())) + ". Comparisons with a "
               "Python scalar (eq.Scalar ...) take it as a constant of the promoted dtype; upsample_*2d with "
               "explicit scale factors is imported only where ATen computes the same indices or weights as "
               "from the sizes (edge's upsample ops take sizes).")
    ap.add_argument("spec", metavar="SPEC", help="torchvision:<model name> or FILE.py:FACTORY")
    ap.add_argument("--input-shape", action="append", type=parse_shape, default=[],
                    help="shape of one input, comma-separated (repeat per input); inputs are uniform in [-1, 1)")
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"],
                    help="convert the model's floating-point parameters, buffers and inputs to this type "
                         "(default: keep the types they have; torchvision models and --input-shape inputs are f32)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the weights and inputs (default 0)")
    ap.add_argument("--elide-weights", action="store_true",
                    help="write large constants as dense_resource<__elided__> (structure only)")
    ap.add_argument("--no-fold-batch-norm", action="store_true",
                    help="keep batch norms as edge.batch_norm instead of folding them into the convolution before")
    ap.add_argument("-o", dest="output", required=True,
                    help="output file ('-' for stdout): MLIR text, or MLIR bytecode when it ends in .mlirbc")
    ap.add_argument("--emit-bytecode", action="store_true",
                    help="write MLIR bytecode whatever the -o name (as mlir-opt's flag); the command line is its "
                         "producer string (text starts with a '// Imported by' comment instead)")
    ap.add_argument("--save-io", metavar="DIR",
                    help="write input_<i>.npy (every argument: user inputs, then initial state) and PyTorch's eager "
                         "output_<i>.npy (user outputs, then new state) there, from the state the trace started from")
    o = ap.parse_args(argv)
    if torch is None:
        print("xnn-import-torch: error: torch is not installed (Debian: apt-get install python3-torch; "
              "run with /usr/bin/python3)", file=sys.stderr)
        return 1
    import time
    clock = [time.time()]

    def phase(what):  # XNN_IMPORT_TIMING=1: each phase's wall time on stderr (benchmarks/import_llm.py)
        now = time.time()
        if os.environ.get("XNN_IMPORT_TIMING"):
            print("xnn-import-torch: timing: %s %.3f s" % (what, now - clock[0]), file=sys.stderr)
        clock[0] = now
    try:
        check_output_dir(o.output)  # before the model is built: a bad -o fails at once
        module, inputs = load_spec(o.spec, o.input_shape, o.seed)
        if o.dtype:
            dtype = getattr(torch, DTYPE_ARG[o.dtype])
            module = module.to(dtype)
            inputs = [x.to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        if o.spec.startswith("torchvision:"):
            module.eval()  # random init for inference; a factory's module is imported in its own mode
        command = "xnn-import-torch %s" % " ".join(
            a if a.replace("-", "").replace(",", "").replace(":", "").replace(".", "").replace("_", "").replace(
                "/", "").isalnum() else repr(a) for a in (argv if argv is not None else sys.argv[1:]))
        bytecode = o.emit_bytecode or o.output.endswith(".mlirbc")
        phase("model")
        text, imp, all_inputs = _import_module(module, inputs, o.elide_weights, not o.no_fold_batch_norm, bytecode)
        phase("import")
        eager = eager_call(module, inputs, state_names(imp)) if o.save_io else None
        if bytecode:
            write_atomic(o.output, lambda f: imp.write_bytecode(f, command.replace("\0", "")), binary=True)
        else:
            write_atomic(o.output, "// Imported by %s\n" % command + text)
        phase("write")
        text = None
        imp.w = None  # the blobs' tensors
        if o.save_io:
            save_io(o.save_io, all_inputs, eager)
    except ImportError_ as e:
        print("xnn-import-torch: error: %s" % e, file=sys.stderr)
        return 1
    except (OSError, RuntimeError, ValueError, TypeError) as e:
        print("xnn-import-torch: error: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
