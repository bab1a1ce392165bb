"""xnnmlir_torch (xnn-import-torch): a PyTorch model as edge MLIR (SPEC section 5).

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
straight from the tensors (writers/mlirbc.py), the command line as its
producer string.

SPEC is `torchvision:<model name>` (random init with the seed; batch norm
statistics randomised too) or `FILE.py:FACTORY` (a function returning
`(module, example_inputs)`). As a function: `import_module(module, inputs)`
returns the MLIR text; `write_module(output, module, inputs, bytecode=None)`
writes it (bytecode for .mlirbc) to a path or binary file without building the
text; `import_graph(graph_module, inputs)` takes a traced
graph; `save_io(dir, inputs, outputs)` writes .npy files as `xnn-run --input`
reads them.

The package, a room per concern (each module's docstring says more):
  fronts/      what the user holds -> one ATen FX graph (trace.py: nn.Module by make_fx)
  walk.py      the graph walk: evaluate, fold or lower each node
  state.py     aliasing, views and in-place writes made functional (SPEC 5.1 state)
  constants.py constant folding, conv + batch norm folding
  ops/         the ATen op table, one file per op family (ops/__init__.py: how to add an op)
  writers/     the body (body.py), MLIR text, streaming MLIR bytecode, output files
  mlir.py      edge types and attribute spelling; aten.py reading ATen nodes
  api.py       import_module, write_module, import_graph ...; npy.py; cli.py the command
"""
from .api import (_import_module, eager_call, import_graph, import_module, import_module_io, state_names,
                  write_module)
from .aten import (METADATA_MUTATING, OVERWRITING, is_view_op, name_overload, op_name, root_placeholder,
                   written_args)
from .cli import (load_spec, main, parse_shape, randomise_batch_norms, randomise_zero_weights,
                  user_code_error)
from .constants import QUANT_OPS, VALUE_FREE, fold_conv_bn
from .fronts.trace import make_fx_checked, module_path_hooks, state_slots, trace
from .mlir import (DTYPE_ARG, DTYPES, NARROW_INTS, WIDENED_TARGETS, ImportError_, Value, arr, f64, mlir_string,
                   tensor_type, torch)
from .npy import npy_bytes, save_io
from .ops import DECOMPOSED, OPS
from .ops.common import Deferred
from .state import TENSOR_ATTR_NAMES, _Restart
from .tensors import blob_buffer, flatten_tensors, raw_bytes, same_values, storage_key
from .walk import Importer
from .writers.body import RESOURCE_MIN_ELEMENTS, Writer
from .writers.output import check_output_dir, write_atomic

__all__ = [
    "DECOMPOSED", "DTYPES", "DTYPE_ARG", "Deferred", "ImportError_", "Importer", "METADATA_MUTATING",
    "NARROW_INTS", "OPS", "OVERWRITING", "QUANT_OPS", "RESOURCE_MIN_ELEMENTS", "TENSOR_ATTR_NAMES",
    "VALUE_FREE", "Value", "WIDENED_TARGETS", "Writer", "_Restart", "_import_module", "arr", "blob_buffer",
    "check_output_dir", "eager_call", "f64", "flatten_tensors", "fold_conv_bn", "import_graph",
    "import_module", "import_module_io", "is_view_op", "load_spec", "main", "make_fx_checked", "mlir_string",
    "module_path_hooks", "name_overload", "npy_bytes", "op_name", "parse_shape", "randomise_batch_norms",
    "randomise_zero_weights", "raw_bytes", "root_placeholder", "same_values", "save_io", "state_names",
    "state_slots", "storage_key", "tensor_type", "torch", "trace", "user_code_error", "write_atomic",
    "write_module", "written_args",
]
