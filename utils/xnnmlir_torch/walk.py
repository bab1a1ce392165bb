"""The graph walk: one interpretation run of an ATen FX graph with concrete
values. Each node is evaluated (folded when it depends on constants only,
constants.py), recorded for aliasing (state.py), and otherwise lowered to
edge ops through the op table (ops/); the writer (writers/) holds the body."""
from .aten import op_name, written_args
from .constants import RANDOM, VALUE_FREE, Constants
from .mlir import NARROW_INTS, WIDENED_TARGETS, ImportError_, Value, torch
from .ops import OPS
from .ops.common import Deferred
from .state import State
from .tensors import same_values
from .writers.body import Writer
from .writers.bytecode import write_bytecode
from .writers.text import module_text, write_text


class Importer(State, Constants):
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

    def v(self, node, a):
        """The SSA value of argument `a` (a node, a Python scalar as a rank-0 constant, or
        a Value a handler made: an AsCall's operand)."""
        if isinstance(a, Value):
            return a
        if isinstance(a, torch.fx.Node):
            kind, val = self.current(a)
            if kind == "const":
                k = self.key.get(a)
                memo = a if k is None or self.defver[a] == self.version[k] else (a, self.version[k])
                if memo not in self.const_ssa:
                    # Blob names say where the constant came from: module path, node.
                    if a.op == "placeholder" and self.kinds[self.placeholders.index(a)][1]:
                        hint = self.kinds[self.placeholders.index(a)][1]  # the parameter's or buffer's name
                    elif "xnn_const_name" in a.meta:  # a folded weight: its original's name
                        hint = a.meta["xnn_const_name"]
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

    def widened_input_dtype(self, n, x):
        """An input's edge element type. int8/uint8/int16 have none (SPEC 3.1):
        such an input is an i32 argument (exact) when every use converts it
        (`.to(dtype)`: to a float or wider integer type), else refused."""
        if x.dtype not in NARROW_INTS:
            return x.dtype
        def converts(u):  # _to_copy(x, dtype=...), or torch.export's default IR's to.dtype(x, dtype, ...)
            name = op_name(u.target)[0] if u.op == "call_function" else None
            if name == "_to_copy" and len(u.args) == 1:
                return u.kwargs.get("dtype") in WIDENED_TARGETS
            if name == "to" and len(u.args) > 1 and isinstance(u.args[1], torch.dtype):
                return u.args[1] in WIDENED_TARGETS
            return False
        bad = [u for u in n.users if not converts(u)]
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
                if n.op == "call_function" and op_name(n.target)[0] == "_native_batch_norm_legit" and \
                        len(n.args) > 5 and n.args[5]:
                    # torch 2's training-mode batch norm (torch 1.13: native_batch_norm, refused in ops/norm.py)
                    self.fail(n, "batch norm in training mode is not supported (call model.eval())")
                if n.op == "call_function" and written_args(n.target):
                    if op_name(n.target)[0].rstrip("_") in RANDOM:  # never folded, nor written as a constant
                        self.fail(n, "random op '%s': importing it would freeze one sample (dropout in training "
                                     "mode, F.scaled_dot_product_attention with dropout_p > 0); not supported"
                                  % n.target)
                    self.write(n, interp)
                    continue
                self.evaluate(n, interp)
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
        # defer_text (set by the writers of a file): no text built here, write_text streams it.
        return None if self.w.bytecode or getattr(self, "defer_text", False) else self.text(args, state_args, results)

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
        return module_text(self.func_name, self.w, args, state_args, results)

    def write_text(self, f, header=""):
        """Writes the module as MLIR text to `f` (text or binary), streaming (writers/text.py)."""
        write_text(f, self.func_name, self.w, self.args, self.state_args, self.results_, header)

    def write_bytecode(self, f, producer):
        """Writes the module as MLIR bytecode to binary file `f` (writers/bytecode.py)."""
        write_bytecode(self, f, producer)

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
        if name.endswith("_copy") and name not in ("_to_copy", "to_copy") and name.lstrip("_") not in OPS:
            name = name[:-len("_copy")]  # ExecuTorch edge's functional copies (view_copy ...)
        handler = OPS.get(name.lstrip("_").replace(".", "_"))
        if handler is None:
            self.fail(n, "unsupported ATen op '%s'" % str(n.target))
        return handler(self, n)
