"""The torch.export front: an ExportedProgram (torch 2), in its default
(training) IR or after run_decompositions(). Its graph is already ATen with
every parameter, buffer and lifted constant a placeholder; the graph signature
says which is which (placeholder names are not reliable: input_specs[i].target
is the parameter's or buffer's fully qualified name).

State (SPEC 5.1): a buffer the signature lists as mutated (a BUFFER_MUTATION
output: run_decompositions()) is rebound (its new value is that output); a
buffer the default IR writes in place on its placeholder is found by the walk
as for an nn.Module. Both are named by the FQN, in the program's state_dict
order (non-persistent buffers, which are not in the state_dict, after)."""
import re
import sys

from ..mlir import ImportError_, torch
from ..tensors import flatten_tensors
from . import Traced


def is_exported_program(obj):
    ep_type = getattr(getattr(torch, "export", None), "ExportedProgram", None)
    return ep_type is not None and isinstance(obj, ep_type)


def accepts(obj):
    return is_exported_program(obj)


def module_path(node):
    """The innermost module's FQN from node.meta['nn_module_stack'] (torch.export
    spells it L['self'].layers[0].attn or layers.0.attn, by version)."""
    stack = node.meta.get("nn_module_stack")
    if not stack:
        return "<root>"
    path = list(stack.values())[-1][0]
    path = re.sub(r"^L\['[^']*'\]\.?", "", str(path))
    path = re.sub(r"\._modules\['([^']*)'\]", r".\1", path)
    path = re.sub(r"\[(\d+)\]", r".\1", path)
    path = re.sub(r"\['([^']*)'\]", r".\1", path)
    return path.strip(".") or "<root>"


def kind_name(spec):
    return getattr(spec.kind, "name", str(spec.kind))


def tensor_of(ep, target):
    """The tensor of a parameter, buffer or lifted constant named `target`."""
    if target in ep.state_dict:
        return ep.state_dict[target]
    constants = getattr(ep, "constants", None) or getattr(ep, "tensor_constants", None) or {}
    if target in constants:
        return constants[target]
    raise ImportError_("the program's graph signature names '%s', which is neither in its state_dict nor "
                       "its constants" % target)


def state_order(ep):
    """Buffer names in the program's state_dict order, then the others (non-persistent) in signature order."""
    names = [k for k in ep.state_dict]
    for s in ep.graph_signature.input_specs:
        if kind_name(s) == "BUFFER" and s.target not in names:
            names.append(s.target)
    return names


def dynamic_note(ep, user_phs):
    """A one-line note (stderr) when the program has symbolic dims: imported at the example's sizes."""
    dims = []
    ranges = dict(getattr(ep, "range_constraints", None) or {})
    for i, ph in enumerate(user_phs):
        val = ph.meta.get("val")
        for d, size in enumerate(getattr(val, "shape", ())):
            if not isinstance(size, int):
                vr = ranges.get(getattr(getattr(size, "node", None), "expr", None))
                bounds = ", %s..%s" % (vr.lower, vr.upper) if vr is not None else ""
                dims.append("%s (input %d dim %d%s)" % (size, i, d, bounds))
    if dims:
        print("xnn-import-torch: note: the program has dynamic dims %s: imported at the given inputs' sizes (static)"
              % ", ".join(dims), file=sys.stderr)


def positional(node):
    """Arguments a deserialized program (.pt2) passes by name that the op's
    schema takes by position, moved to args (gaps filled with the schema's
    defaults): the op handlers read ATen's positional arguments."""
    schema = getattr(node.target, "_schema", None)
    if schema is None or not node.kwargs:
        return
    args, kwargs = list(node.args), dict(node.kwargs)
    params = [a for a in schema.arguments if not a.kwarg_only]
    last = max([i for i, a in enumerate(params) if a.name in kwargs] + [len(args) - 1])
    for i in range(len(args), last + 1):
        a = params[i]
        if a.name in kwargs:
            args.append(kwargs.pop(a.name))
        elif a.has_default_value():
            args.append(a.default_value)
        else:
            return  # a required argument missing: left as it is (the handler says what it lacks)
    node.args, node.kwargs = tuple(args), kwargs


# Recurrent layers the default IR keeps whole (the layer with its time loop, no edge
# counterpart): decomposed with torch's own decomposition (linear, sigmoid, tanh per step)
# before the walk, as run_decompositions() does; nothing else in the program changes.
RECURRENT = ("aten.lstm.input", "aten.gru.input", "aten.rnn_tanh.input", "aten.rnn_relu.input")


def recurrent_decomposed(ep):
    from torch._decomp import decomposition_table
    ops = {n.target for n in ep.graph_module.graph.nodes
           if n.op == "call_function" and str(n.target) in RECURRENT and n.target in decomposition_table}
    return ep.run_decompositions({op: decomposition_table[op] for op in ops}) if ops else ep


def trace(ep, inputs):
    """The program's graph, its placeholders reordered as the walk wants them
    (parameters and constants, buffers in state order, user inputs), its output
    (user outputs, [new values of the mutated buffers]) when the signature lists mutations."""
    ep = recurrent_decomposed(ep)
    sig = ep.graph_signature
    gm0 = ep.graph_module
    phs = [n for n in gm0.graph.nodes if n.op == "placeholder"]
    specs = list(sig.input_specs)
    if len(specs) != len(phs):
        raise ImportError_("the program's graph signature lists %d inputs, its graph has %d placeholders"
                           % (len(specs), len(phs)))
    consts, buffers, users = [], [], []
    for ph, s in zip(phs, specs):
        k = kind_name(s)
        if k in ("PARAMETER", "CONSTANT_TENSOR"):
            consts.append((ph, ("param", s.target)))
        elif k == "BUFFER":
            buffers.append((ph, ("buffer", s.target)))
        elif k == "USER_INPUT":
            users.append((ph, ("input", None)))
        else:
            raise ImportError_("the program has a %s input ('%s'): not supported (only parameters, buffers, "
                               "lifted constants and user inputs)" % (k, ph.name))
    if len(users) != len(inputs):
        raise ImportError_("the program takes %d user inputs, %d given" % (len(users), len(inputs)))
    for i, (ph, x) in enumerate(zip([p for p, _ in users], inputs)):
        if not isinstance(x, torch.Tensor):
            raise ImportError_("user input %d ('%s') is %s, not a tensor: not supported"
                               % (i, ph.name, type(x).__name__))
    order = state_order(ep)
    buffers.sort(key=lambda pk: order.index(pk[1][1]))
    # Outputs: mutations (by buffer) and user outputs.
    out_node = next(n for n in gm0.graph.nodes if n.op == "output")
    outs = list(out_node.args[0]) if isinstance(out_node.args[0], (list, tuple)) else [out_node.args[0]]
    out_specs = list(sig.output_specs)
    if len(outs) != len(out_specs):
        raise ImportError_("the program's graph signature lists %d outputs, its graph has %d"
                           % (len(out_specs), len(outs)))
    mutated, user_outs = {}, []
    for o, s in zip(outs, out_specs):
        k = kind_name(s)
        if k == "BUFFER_MUTATION":
            mutated[s.target] = o
        elif k == "USER_OUTPUT":
            user_outs.append(o)
        elif k == "USER_INPUT_MUTATION":
            raise ImportError_("the program writes to its user input '%s' in place: not supported (clone it "
                               "first)" % s.target)
        else:
            raise ImportError_("the program has a %s output: not supported (only user outputs and buffer "
                               "mutations)" % k)
    rebound = [name for name in order if name in mutated]
    # A copy of the graph, placeholders in the walk's order; each node's module path for errors.
    g = torch.fx.Graph()
    val_map = {}
    for ph, _ in consts + buffers + users:
        val_map[ph] = g.placeholder(ph.name)
        val_map[ph].meta = dict(ph.meta)
    g.graph_copy(gm0.graph, val_map)

    def mapped(x):
        return torch.fx.node.map_arg(x, lambda n: val_map[n])
    if rebound:
        g.output((tuple(mapped(o) for o in user_outs), [mapped(mutated[name]) for name in rebound]))
    else:
        g.output(tuple(mapped(o) for o in user_outs))
    for n in g.nodes:
        n.meta["xnn_path"] = module_path(n)
        if n.op == "call_function":
            positional(n)
    for n in g.nodes:
        if n.op == "call_module":
            raise ImportError_("the program calls submodule '%s' (control flow: cond, while_loop, map?): not "
                               "supported (module '%s', node %s)" % (n.target, n.meta["xnn_path"], n.name))
    import warnings
    with warnings.catch_warnings():  # lifted constants read by get_attr: torch warns they are no buffers
        warnings.simplefilter("ignore")
        gm = torch.fx.GraphModule(gm0, g)
    dynamic_note(ep, [val_map[p] for p, _ in users])
    kinds = [k for _, k in consts + buffers + users]
    values = [tensor_of(ep, name).detach() for _, (_, name) in consts + buffers]
    return Traced(gm, kinds, values, rebound)


def initial_state(ep, names):
    """The named buffers' tensors now (copies)."""
    return [tensor_of(ep, name).detach().clone() for name in names]


def eager_call(ep, inputs, names):
    """ep.module()(*inputs) from the program's present state: user outputs, then
    the new value of each named state buffer. The program's buffers (which the
    unlifted module shares) are restored."""
    module = ep.module()
    snapshot = {name: t.detach().clone() for name, t in module.named_buffers()}
    try:
        with torch.no_grad():
            outs = flatten_tensors(module(*inputs))
            after = dict(module.named_buffers())
            return [o.detach().clone() for o in outs] + [after[name].detach().clone() for name in names]
    finally:
        with torch.no_grad():
            for name, t in module.named_buffers():
                if name in snapshot:
                    t.copy_(snapshot[name])
