"""The nn.Module front: make_fx of the module's forward (torch 1.13 and 2.x),
every parameter and buffer a graph input, each node tagged with the module
path it ran in."""
import contextlib
import math

from ..mlir import ImportError_, torch
from ..state import TENSOR_ATTR_NAMES
from ..tensors import flatten_tensors, storage_key
from . import Traced


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


# ---- Python attributes (issue 45 item 14) -----------------------------------------
# nn.Module's own bookkeeping (training, the parameter/buffer/module registries, hooks): not the model's state.
_MODULE_INTERNALS = frozenset(vars(torch.nn.Module())) | {"training"}
_PLAIN = (bool, int, float, complex, str, bytes, type(None), torch.dtype, torch.device, torch.Size)
_UNSET = object()


def _plain(v, depth=0):
    """A copy of `v` if it is Python data forward could carry between calls (numbers,
    strings, and lists/tuples/dicts/sets of them), else None (tensors, modules, functions)."""
    if isinstance(v, _PLAIN):
        return (v,)
    if depth < 8 and isinstance(v, (list, tuple, set, frozenset)):
        items = [_plain(x, depth + 1) for x in v]
        if all(i is not None for i in items):
            return (type(v)(i[0] for i in items) if not isinstance(v, list) else [i[0] for i in items],)
    if depth < 8 and isinstance(v, dict):
        items = [(_plain(k, depth + 1), _plain(x, depth + 1)) for k, x in v.items()]
        if all(k is not None and x is not None for k, x in items):
            return ({k[0]: x[0] for k, x in items},)
    return None


def _same(a, b):
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def python_attrs(module):
    """{(module path, attribute): (copy of its value,) or _UNSET for objects} of every
    submodule's own attributes that are not nn.Module internals."""
    snap = {}
    for mname, mod in module.named_modules(remove_duplicate=False):
        for attr, v in vars(mod).items():
            if attr in _MODULE_INTERNALS:
                continue
            snap[(mname, attr)] = _plain(v) or _UNSET
    return snap


def _show(v):
    r = "unset" if v is None else repr(v[0]) if v is not _UNSET else "an object"
    return r if len(r) <= 40 else r[:37] + "..."


@contextlib.contextmanager
def python_attrs_kept(module, what):
    """Runs a call of `module`; after it, the submodules' Python attributes are put
    back as they were, and any that forward changed is an error: a traced graph
    cannot carry Python state (the next call would run with the old value baked in)."""
    before = python_attrs(module)
    mods = dict(module.named_modules(remove_duplicate=False))
    values = {k: vars(mods[k[0]])[k[1]] for k in before}
    changed = None
    try:
        yield
    finally:
        after = python_attrs(module)
        for k in list(after) + list(before):
            b, a = before.get(k), after.get(k)
            if changed is None and b is not _UNSET and not (b is not None and a is not None and
                                                              a is not _UNSET and _same(b[0], a[0])):
                if not (b is None and a is _UNSET):  # a new object attribute (a cached module, a function)
                    changed = (k, b, a)
        for (mname, attr), v in values.items():  # the original objects, with their contents as they were
            d, b = vars(mods[mname]), before[(mname, attr)]
            if b is not _UNSET and not (isinstance(after.get((mname, attr)), tuple) and
                                        _same(b[0], after[(mname, attr)][0])):
                if isinstance(v, list):
                    v[:] = b[0]
                elif isinstance(v, (dict, set)):
                    v.clear()
                    v.update(b[0])
                else:
                    v = b[0]
            d[attr] = v
        for k in after:
            if k not in before:
                vars(mods[k[0]]).pop(k[1], None)
    if changed is not None:
        (mname, attr), b, a = changed
        raise ImportError_("%s changes the Python attribute '%s' (%s -> %s): a traced graph cannot carry it; "
                           "keep it in a buffer (register_buffer) or out of forward" %
                           (what, (mname + "." if mname else "") + attr, _show(b), _show(a)))


# ---- .data assignment (issue 45 item 13) ------------------------------------------
def _data_descriptor():
    for cls in torch.Tensor.__mro__:
        if "data" in vars(cls):
            return cls, vars(cls)["data"]
    raise ImportError_("internal error: torch.Tensor has no 'data' attribute")


@contextlib.contextmanager
def data_assignment_traced(uniq, st):
    """During the trace, `t.data = v` (which changes t's storage behind the tracer's
    back: the graph would go on reading t's old value) is written as the in-place
    copy it means for the values, t.copy_(v), which the walk makes state like any
    other write; a parameter is refused (SPEC 5.1: only buffers are state), and so
    are a new shape or dtype and .data of anything else (a view, an intermediate).
    Not followed: the storage t shares with v afterwards (in eager, a later in-place
    write to v reaches t), and views of t taken before (eager keeps their old values)."""
    _, desc = _data_descriptor()
    slot = {id(t): i for i, t in enumerate(st)}

    def get(self):
        return desc.__get__(self, type(self))

    def set_(self, v):
        i = slot.get(id(self))
        if i is not None and uniq[i][2] == "param":
            name = uniq[i][0]
            raise ImportError_("forward assigns parameter '%s' (module '%s') a new value through .data: a "
                               "parameter cannot be state; register it as a buffer (register_buffer) if forward "
                               "changes it" % (name, name.rpartition(".")[0] or "<root>"))
        if i is None:  # eager gives this tensor alone new storage: the graph would go on reading the old value
            raise ImportError_("forward assigns .data of a tensor that is not a parameter or buffer (a view or an "
                               "intermediate value): a traced graph cannot follow it; use a new variable")
        what = "buffer '%s'" % uniq[i][0]
        if not isinstance(v, torch.Tensor) or tuple(v.shape) != tuple(self.shape) or v.dtype != self.dtype:
            raise ImportError_("forward assigns %s through .data a value of another shape or dtype (%s %s -> %s): "
                               "only buffers keeping their shape and dtype can be state" %
                               (what, tuple(self.shape), self.dtype,
                                "%s %s" % (tuple(v.shape), v.dtype) if isinstance(v, torch.Tensor) else type(v)))
        with torch.no_grad():
            self.copy_(v)

    had = "data" in vars(torch.Tensor)
    saved = vars(torch.Tensor).get("data")
    torch.Tensor.data = property(get, set_)
    try:
        yield
    finally:
        if had:
            torch.Tensor.data = saved
        else:
            del torch.Tensor.data


def storage_signature(t):
    """Where a tensor's elements are: another address when .data or set_ gives it another storage
    (an in-place shape change such as unsqueeze_ keeps it: the walk names that op)."""
    return (t.data_ptr(), t.dtype)


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
    Returns a Traced (fronts/__init__.py): graph module, the kind of each placeholder,
    their values, names of buffers forward assigns anew. The graph's output is
    (outputs, new buffers)."""
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
        # Under torch 2 the CPU LSTM / GRU / RNN call oneDNN's fused layer (aten.mkldnn_rnn_layer: gates,
        # cell and loop in one op, no edge counterpart) when oneDNN is enabled; without it they trace to
        # ATen's own cell (addmm, sigmoid, tanh per step), as under torch 1.13, which has no such op.
        no_mkldnn = torch.backends.mkldnn.flags(enabled=False) if int(torch.__version__.split(".")[0]) >= 2 \
            else contextlib.nullcontext()
        st = [t if kind == "param" else t.detach().clone() for _, t, kind in uniq]
        before = [storage_signature(t) for t in st]
        with torch.enable_grad(), no_mkldnn, python_attrs_kept(module, "forward"), data_assignment_traced(uniq, st):
            gm = make_fx_checked(call)(*(st + list(inputs)))
        # Anything else that gave a parameter or buffer another storage (set_ through torch._C) is lost.
        for (name, _, kind), t, b in zip(uniq, st, before):
            if storage_signature(t) != b:
                raise ImportError_("forward gives %s '%s' another storage (set_, or .data = bypassing the tracer): "
                                   "not supported" % ("parameter" if kind == "param" else "buffer", name))
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
    return Traced(gm, kinds, values, list(rebound))


def accepts(obj):
    """An nn.Module."""
    return isinstance(obj, torch.nn.Module)


def initial_state(module, names):
    """The named buffers' tensors now (copies)."""
    buffers = dict(module.named_buffers())
    return [buffers[name].detach().clone() for name in names]


def eager_call(module, inputs, state):
    """One eager call from the module's present state: user outputs, then the
    new value of each named state buffer. The module's buffers are restored."""
    buffers = dict(module.named_buffers())
    snapshot = {name: t.detach().clone() for name, t in buffers.items()}
    try:
        with torch.no_grad(), python_attrs_kept(module, "forward (--save-io's eager call)"):
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
