"""Front ends: one per input form / torch version. A front turns what the user
holds into one ATen FX graph and says what each placeholder is; the walk
(walk.py) and everything after it are shared.

A front is a module with four functions:
- accepts(obj): whether it takes `obj` (the first front in FRONTS that does is used);
- trace(obj, inputs) -> Traced, below;
- initial_state(obj, names): the tensors of the named state buffers as the call
  starts (the state arguments' values, --save-io's inputs after the user's);
- eager_call(obj, inputs, names): one eager call, user outputs then the new value
  of each named state buffer, leaving obj's state as it was (--save-io's outputs).

Traced (unpacks as a 4-tuple):
- gm: a torch.fx.GraphModule of ATen (or ExecuTorch edge / quantized_decomposed)
  call_function and get_attr nodes; each node's meta["xnn_path"] is the
  module path it came from (errors and locations name it). Its output is
  `(user outputs, [new value of each rebound buffer])` when `rebound` is not
  empty, else the user outputs.
- kinds: per placeholder, ("param", name) | ("buffer", name) | ("input", None):
  parameters and buffers first (named_parameters() then named_buffers() order,
  a shared tensor once), then the user inputs. A buffer the graph writes
  becomes state (SPEC 5.1) under that name, in this order.
- values: the parameters' and buffers' tensors (the placeholders before the
  user inputs), as the call starts.
- rebound: names of buffers forward assigns anew (module.buf = new tensor).

Fronts today: export.py (torch.export's ExportedProgram, torch 2: a factory's,
a .pt2 file's, import_module's), trace.py (an nn.Module traced by make_fx,
torch 1.13 and 2.x). A new input form is a new file here, listed in FRONTS
before trace."""
import collections

Traced = collections.namedtuple("Traced", "gm kinds values rebound")


def front_for(obj):
    """The front that imports `obj`."""
    from . import export, trace
    fronts = (export, trace)  # FRONTS: the most specific first, trace (any nn.Module) last
    front = next((f for f in fronts if f.accepts(obj)), None)
    if front is None:
        from ..mlir import ImportError_
        raise ImportError_("cannot import a %s: give a torch.nn.Module or a torch.export ExportedProgram"
                           % type(obj).__name__)
    return front
