"""The nn.Module front: make_fx of the module's forward (torch 1.13 and 2.x),
every parameter and buffer a graph input, each node tagged with the module
path it ran in."""
import contextlib

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
        with torch.enable_grad(), no_mkldnn:
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
    return Traced(gm, kinds, values, list(rebound))


def accepts(obj):
    """Anything: an nn.Module (what else is traced fails where it is used as one)."""
    return True


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
