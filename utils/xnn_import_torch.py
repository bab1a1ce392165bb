#!/usr/bin/python3
"""xnn-import-torch: a PyTorch model as edge MLIR (SPEC section 5).

Traces the model to ATen ops (torch.fx make_fx on Debian's torch 1.13; a
torch.export ExportedProgram or an FX GraphModule of ATen / ExecuTorch edge
ops is taken as is), evaluates what depends on constants only at import time
(ExecuTorch's constant propagation: transposed weights, folded batch norms,
index tables), and writes every remaining op as the edge op of the same
semantics, or as a short decomposition into edge ops where edge has none yet
(listed in DECOMPOSED). Parameters and buffers become edge.constant (large
ones as dense_resource blobs, or elided), user inputs function arguments, and
each op carries the module path and ATen op as its location. An ATen op
without a mapping is an error naming the op and the module path.

Needs Python 3 and torch only (torchvision for `torchvision:<name>`).

  xnn-import-torch SPEC --input-shape 1,3,96,96 [--input-shape ...]
      [--dtype f32|f16|bf16] [--seed N] [--elide-weights] -o OUT.mlir
      [--save-io DIR]

SPEC is `torchvision:<model name>` (random init with the seed; batch norm
statistics randomised too) or `FILE.py:FACTORY` (a function returning
`(module, example_inputs)`). As a function: `import_module(module, inputs)`
returns the MLIR text; `import_graph(graph_module, inputs)` takes a traced
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
    "split": "one slice per piece",
    "norm (2-norm)": "sqrt(sum(x * x))",
    "slice (step > 1)": "view as [size / step, step], two unit-stride slices, view (when step divides the size)",
}


# ATen ops whose result does not depend on their tensor operands' values
# (only on shapes and dtypes): constants at import time.
VALUE_FREE = {"new_zeros", "new_ones", "new_full", "new_empty", "zeros_like", "ones_like", "full_like",
              "zeros", "ones", "full", "arange", "scalar_tensor", "eye", "sym_size", "size"}


class ImportError_(Exception):
    """An unsupported op or form, with the module path where it occurred."""


DTYPES = {}
if torch is not None:
    DTYPES = {
        torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16", torch.float64: "f64",
        torch.int64: "i64", torch.int32: "i32", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
    }
DTYPE_ARG = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}


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


def trace(module, inputs):
    """make_fx of `module` on `inputs`; each node's meta['xnn_path'] is the module path."""
    from torch.fx.experimental.proxy_tensor import make_fx
    import torch.fx.graph as fx_graph
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
        with torch.enable_grad():
            gm = make_fx(lambda *xs: module(*xs))(*inputs)
    finally:
        fx_graph.Graph.create_node = original
        for h in handles:
            h.remove()
    return gm


def name_overload(node):
    """The overload of a call_function node's ATen op ('vec', 'default', ...)."""
    return op_name(node.target)[1]


def op_name(target):
    """'aten.convolution.default' / edge overloads -> ('convolution', 'default')."""
    s = str(target)
    if s.startswith("<built-in function "):
        return s[len("<built-in function "):-1], ""
    for prefix in ("aten.", "aten::", "edge.aten.", "exir_ops.edge.aten.", "dim_order_ops."):
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
    def __init__(self, elide_weights=False):
        self.lines = []
        self.resources = []
        self.counter = 0
        self.elide = elide_weights
        self.loc = 'loc(unknown)'
        self.resource_names = set()

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def op(self, name, operands, attrs, shape, dtype, results=1):
        v = Value(self.fresh(), shape, dtype)
        attr = (" {%s}" % ", ".join("%s = %s" % kv for kv in attrs)) if attrs else ""
        self.lines.append('    %s = "edge.%s"(%s)%s : (%s) -> %s %s' % (
            v.name, name, ", ".join(o.name for o in operands), attr,
            ", ".join(o.type for o in operands), v.type, self.loc))
        return v

    def constant(self, t, hint):
        """edge.constant of tensor `t` (hint: a name for its blob)."""
        v = Value(self.fresh(), t.shape, t.dtype)
        ty = v.type
        n = t.numel()
        if self.elide and n > RESOURCE_MIN_ELEMENTS:
            value = "dense_resource<__elided__> : %s" % ty
        elif n > RESOURCE_MIN_ELEMENTS:
            base = "".join(c if c.isalnum() or c == "_" else "_" for c in hint) or "weight"
            name, k = base, 1
            while name in self.resource_names:
                k += 1
                name = "%s_%d" % (base, k)
            self.resource_names.add(name)
            align = max(t.element_size(), 1)
            self.resources.append((name, struct.pack("<I", align) + raw_bytes(t)))
            value = "dense_resource<%s> : %s" % (name, ty)
        elif n == 0:
            value = "dense<> : %s" % ty
        else:
            value = 'dense<"0x%s"> : %s' % (raw_bytes(t).hex().upper(), ty)
        self.lines.append('    %s = "edge.constant"() {value = %s} : () -> %s %s' % (v.name, value, ty, self.loc))
        return v


def mlir_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Importer:
    """Walks an ATen FX graph with concrete values (one interpretation run)."""

    def __init__(self, gm, inputs, elide_weights=False, func_name="forward"):
        self.gm = gm
        self.inputs = list(inputs)
        self.w = Writer(elide_weights)
        self.func_name = func_name
        self.values = {}      # node -> concrete torch value (tensor / tuple / scalar)
        self.const = {}       # node -> True if it depends on constants only
        self.ssa = {}         # node -> Value or tuple of Value / None
        self.const_ssa = {}   # node -> Value of its emitted constant

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

    def v(self, node, a):
        """The SSA value of argument `a` (a node, or a Python scalar as a rank-0 constant)."""
        if isinstance(a, torch.fx.Node):
            if self.const.get(a):
                if a not in self.const_ssa:
                    # Blob names say where the constant came from: module path, node.
                    hint = "%s_%s" % (a.meta.get("xnn_path", ""), a.target if a.op == "get_attr" else a.name)
                    self.const_ssa[a] = self.w.constant(self.values[a], str(hint))
                return self.const_ssa[a]
            s = self.ssa.get(a)
            if s is None or isinstance(s, tuple):
                self.fail(node, "operand %s has no single tensor value" % a.name)
            return s
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

    # ---- the walk ------------------------------------------------------------
    def run(self):
        g = self.gm.graph
        placeholders = [n for n in g.nodes if n.op == "placeholder"]
        if len(placeholders) != len(self.inputs):
            raise ImportError_("the graph takes %d inputs, %d given" % (len(placeholders), len(self.inputs)))
        interp = torch.fx.Interpreter(self.gm)
        env_values = {}
        original_run_node = interp.run_node

        def run_node(n):
            r = original_run_node(n)
            env_values[n] = r
            return r

        interp.run_node = run_node
        with torch.no_grad():
            outputs = interp.run(*self.inputs)
        self.values = env_values
        self.outputs = outputs
        args = []
        for i, (n, x) in enumerate(zip(placeholders, self.inputs)):
            if not isinstance(x, torch.Tensor):
                raise ImportError_("input %d is not a tensor" % i)
            val = Value("%%arg%d" % i, x.shape, x.dtype)
            self.ssa[n] = val
            self.const[n] = False
            args.append(val)
        results = None
        for n in g.nodes:
            if n.op == "placeholder":
                continue
            self.w.loc = "loc(%s)" % mlir_string("%s: %s" % (n.meta.get("xnn_path", "<root>"),
                                                             str(n.target) if n.op != "output" else "output"))
            if n.op == "get_attr":
                self.const[n] = True
                continue
            if n.op == "output":
                results = self.flatten_output(n, n.args[0])
                continue
            if n.op != "call_function":
                self.fail(n, "FX node kind '%s' is not supported (trace to ATen ops first)" % n.op)
            if not n.users:
                continue  # dead (the unused statistics of an inference batch norm)
            ins = [a for a in n.all_input_nodes]
            if op_name(n.target)[0] in VALUE_FREE or (ins and all(self.const.get(a) for a in ins) and self.foldable(n)):
                self.const[n] = True  # evaluated at import time: its value is known
                continue
            self.const[n] = False
            self.ssa[n] = self.lower(n)
        lines = ["module {"]
        sig = ", ".join("%s: %s" % (a.name, a.type) for a in args)
        rtypes = ", ".join(r.type for r in results)
        lines.append("  func.func @%s(%s) -> (%s) {" % (self.func_name, sig, rtypes))
        lines += self.w.lines
        lines.append("    return %s : %s" % (", ".join(r.name for r in results), rtypes))
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

    def foldable(self, n):
        name, _ = op_name(n.target)
        return name not in ("empty", "empty_like", "rand", "randn", "dropout")

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
        if name.endswith("_") and not name.startswith("_") and name not in ("index_put_",):
            name = name[:-1]  # in-place forms: the graph keeps the result value
        if name.endswith("_copy") and name not in ("_to_copy", "to_copy"):
            name = name[:-len("_copy")]  # ExecuTorch edge's functional copies
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
        shape, dtype = self.out(n)
        attrs = [("alpha", f64(alpha))] if alpha not in (None, 1) else []
        return self.w.op(edge, [self.v(n, a), self.v(n, b)], attrs, shape, dtype)

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
        x = self.values[n.args[0]]
        shape, dtype = self.out(n)
        if dtype == x.dtype:
            return self.alias(n)
        return self.w.op("to_copy", [self.v(n, n.args[0])], [("dtype", DTYPES[dtype])], shape, dtype)

    def op_permute(self, n):
        shape, dtype = self.out(n)
        dims = n.args[1]
        return self.w.op("permute", [self.v(n, n.args[0])], [("dims", arr(dims))], shape, dtype)

    def permute_of(self, n, x, rank, d0, d1):
        dims = list(range(rank))
        dims[d0 % rank], dims[d1 % rank] = dims[d1 % rank], dims[d0 % rank]
        shape = list(x.shape)
        shape[d0 % rank], shape[d1 % rank] = shape[d1 % rank], shape[d0 % rank]
        return self.w.op("permute", [x], [("dims", arr(dims))], shape, x.dtype)

    def op_t(self, n):
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
        if end >= sys.maxsize // 2:
            end = x.shape[dim % len(x.shape)]
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

    op_split_with_sizes = op_split

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

    def op_mean(self, n): return self.reduce(n, "mean")
    def op_sum(self, n): return self.reduce(n, "sum")

    def op_softmax(self, n):
        shape, dtype = self.out(n)
        return self.w.op("softmax", [self.v(n, n.args[0])], [("dim", "%d : i64" % n.args[1])], shape, dtype)

    # GEMMs
    def op_mm(self, n):
        shape, dtype = self.out(n)
        a, b = n.args[0], n.args[1]
        if self.const.get(b):  # x @ W^T of nn.Linear: linear with W, no transpose to fold later
            w = self.w.constant(self.values[b].t().contiguous(), "%s_weight" % n.meta.get("xnn_path", ""))
            return self.w.op("linear", [self.v(n, a), w], [], shape, dtype)
        return self.w.op("mm", [self.v(n, a), self.v(n, b)], [], shape, dtype)

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
        return self.w.op("addmm", [self.v(n, bias), self.v(n, a), self.v(n, b)], attrs, shape, dtype)

    # convolution, pooling, normalisation
    def op_convolution(self, n):
        x, w, b, stride, padding, dilation, transposed, output_padding, groups = n.args[:9]
        shape, dtype = self.out(n)
        if self.values[w].dim() != 4:
            self.fail(n, "only 2-D convolution is supported")
        ops = [self.v(n, x), self.v(n, w)] + ([self.v(n, b)] if b is not None else [])
        if transposed:
            return self.w.op("conv_transpose2d", ops, [
                ("stride", arr(stride)), ("padding", arr(padding)), ("output_padding", arr(output_padding)),
                ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)], shape, dtype)
        return self.w.op("conv2d", ops, [("stride", arr(stride)), ("padding", arr(padding)),
                                         ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)], shape, dtype)

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
        y = self.w.op("max_pool2d", [x], [("kernel_size", arr(k)), ("stride", arr(s)), ("padding", arr(p)),
                                          ("dilation", arr(d)), ("ceil_mode", "true" if ceil else "false")],
                      shape, x.dtype)
        return (y, None) if isinstance(out, tuple) else y

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
        wf = (w.to(f) * scale.reshape(-1, 1, 1, 1)).to(w.dtype)
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


def import_graph(gm, inputs, elide_weights=False, fold_batch_norm=True):
    """MLIR text of an ATen FX GraphModule run on `inputs` (a list of tensors)."""
    if fold_batch_norm:
        gm = fold_conv_bn(gm)
    imp = Importer(gm, inputs, elide_weights)
    text = imp.run()
    return text, imp.outputs


def import_module(module, inputs, elide_weights=False, fold_batch_norm=True):
    """MLIR text and eager outputs of an nn.Module (or a torch.export
    ExportedProgram, or an FX GraphModule of ATen ops) on `inputs`."""
    inputs = list(inputs)
    if hasattr(module, "graph_signature") and hasattr(module, "graph_module"):
        module = module.module() if hasattr(module, "module") else module.graph_module
    if isinstance(module, torch.fx.GraphModule) and all(
            n.op != "call_module" for n in module.graph.nodes) and any(
            str(n.target).startswith(("aten.", "edge.", "<built-in")) for n in module.graph.nodes
            if n.op == "call_function"):
        gm = module
    else:
        module.eval()
        gm = trace(module, inputs)
    return import_graph(gm, inputs, elide_weights, fold_batch_norm)


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
        s.loader.exec_module(mod)
        factory = getattr(mod, fn, None)
        if factory is None:
            raise ImportError_("%s has no function '%s'" % (path, fn))
        got = factory()
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


def write_atomic(path, text):
    if path == "-":
        sys.stdout.write(text)
        return
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isfile(real):
        with open(real, "w") as f:  # devices, FIFOs: written directly
            f.write(text)
        return
    d = os.path.dirname(real) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".xnn-import-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
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
        epilog="Exit status: 0 on success, 1 on error. Batch norm after a convolution (its only user, constant "
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
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"], default="f32",
                    help="floating-point type of the model and its inputs (default f32)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the weights and inputs (default 0)")
    ap.add_argument("--elide-weights", action="store_true",
                    help="write large constants as dense_resource<__elided__> (structure only)")
    ap.add_argument("--no-fold-batch-norm", action="store_true",
                    help="keep batch norms as edge.batch_norm instead of folding them into the convolution before")
    ap.add_argument("-o", dest="output", required=True, help="output .mlir file ('-' for stdout)")
    ap.add_argument("--save-io", metavar="DIR",
                    help="write input_<i>.npy and PyTorch's eager output_<i>.npy there")
    o = ap.parse_args(argv)
    if torch is None:
        print("xnn-import-torch: error: torch is not installed (Debian: apt-get install python3-torch; "
              "run with /usr/bin/python3)", file=sys.stderr)
        return 1
    try:
        module, inputs = load_spec(o.spec, o.input_shape, o.seed)
        dtype = getattr(torch, DTYPE_ARG[o.dtype])
        module = module.to(dtype).eval()
        inputs = [x.to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        text, _ = import_module(module, inputs, o.elide_weights, not o.no_fold_batch_norm)
        header = "// Imported by xnn-import-torch %s\n" % " ".join(
            a if a.replace("-", "").replace(",", "").replace(":", "").replace(".", "").replace("_", "").replace(
                "/", "").isalnum() else repr(a) for a in (argv if argv is not None else sys.argv[1:]))
        write_atomic(o.output, header + text)
        if o.save_io:
            with torch.no_grad():
                eager = module(*inputs)
            save_io(o.save_io, inputs, eager)
    except ImportError_ as e:
        print("xnn-import-torch: error: %s" % e, file=sys.stderr)
        return 1
    except (OSError, RuntimeError, ValueError, TypeError) as e:
        print("xnn-import-torch: error: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
