"""The Python API: import an nn.Module, a torch.export ExportedProgram (or an
ATen GraphModule) to MLIR text or write it as text / bytecode;
the eager call whose outputs --save-io writes."""
from .aten import root_placeholder, written_args
from .constants import fold_conv_bn
from .fronts import front_for
from .mlir import ImportError_, torch
from .state import _Restart
from .tensors import flatten_tensors
from .walk import Importer
from .writers.output import check_output_dir, write_atomic


def lifted_constant(gm, inputs, kinds, state):
    """(tensor, name) of a placeholder that is a constant (a parameter or lifted
    constant, a buffer that is no state), else None: what fold_conv_bn may fold."""
    if kinds is None:
        return None
    index = {n: i for i, n in enumerate(n for n in gm.graph.nodes if n.op == "placeholder")}

    def constant(ph):
        i = index.get(ph)
        if i is None or i >= len(inputs):
            return None
        kind, name = kinds[i]
        return (inputs[i], name) if kind == "param" or (kind == "buffer" and name not in state) else None
    return constant


def import_graph(gm, inputs, elide_weights=False, fold_batch_norm=True, kinds=None, rebound=None, bytecode=False,
                 defer_text=False):
    """(MLIR text, importer) of an ATen FX GraphModule run on `inputs` (a list of
    tensors). With `kinds` (from trace), buffers the graph writes become state
    (SPEC 5.1). With `bytecode`, no text (None): the importer's write_bytecode(f,
    producer) writes the module; with `defer_text`, no text either: its
    write_text(f) streams it."""
    state = set(rebound or ())
    if kinds is not None:
        placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
        for n in gm.graph.nodes:
            if n.op == "call_function" and written_args(n.target) == [0]:
                ph = root_placeholder(n.args[0])
                if ph is not None and kinds[placeholders.index(ph)][0] == "buffer":
                    state.add(kinds[placeholders.index(ph)][1])
    if fold_batch_norm:
        gm = fold_conv_bn(gm, lifted_constant(gm, inputs, kinds, state))
    while True:
        imp = Importer(gm, inputs, elide_weights, kinds=kinds, rebound=rebound, state=state, bytecode=bytecode)
        imp.defer_text = defer_text
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


def _import_module(module, inputs, elide_weights, fold_batch_norm, bytecode, defer_text=False):
    """(text or None, importer, every function argument's value) of an nn.Module
    (None with `bytecode` or `defer_text`: the importer writes the file)."""
    front = front_for(module)
    gm, kinds, values, rebound = front.trace(module, inputs)
    text, imp = import_graph(gm, values + list(inputs), elide_weights, fold_batch_norm, kinds, rebound, bytecode,
                             defer_text)
    imp.gm = imp.values = imp.ssa = imp.fresh = imp.members = None  # the walk's tensors: no longer needed
    initial = front.initial_state(module, state_names(imp))
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
    _, imp, args = _import_module(module, inputs, elide_weights, fold_batch_norm, bytecode, defer_text=True)
    if bytecode:
        def emit(f):
            imp.write_bytecode(f, producer)
    else:
        def emit(f):
            imp.write_text(f)  # text or binary file, streaming
    if isinstance(output, str):
        write_atomic(output, emit, binary=bytecode)
    else:
        emit(output)
    imp.w = None  # the blobs' tensors
    return args, (eager_call(module, inputs, state_names(imp)) if eager else None)


def eager_call(module, inputs, state):
    """One eager call from the module's present state: user outputs, then the
    new value of each named state buffer (its front's eager_call)."""
    return front_for(module).eager_call(module, inputs, state)
