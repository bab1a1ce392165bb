"""Reading ATen FX nodes: op names and overloads, which arguments an op
writes (schema alias info), views, and the placeholder a view chain starts at."""
import operator

from .mlir import torch

# In-place ops whose new value does not depend on the old values of the tensor they write.
OVERWRITING = {"zero_", "fill_", "copy_"}
# In-place ops that change a tensor's shape, strides or storage rather than its values.
METADATA_MUTATING = {"resize_", "resize_as_", "set_", "as_strided_", "t_", "transpose_", "squeeze_",
                     "unsqueeze_", "swapdims_", "swapaxes_"}


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


class AsCall:
    """Node `node` seen as a call with other arguments: torch.export's default IR
    keeps composite ops (conv2d, batch_norm, to.dtype) that a handler of the op
    they decompose to takes with its own arguments. The walk's tables find it
    as `node` (same hash, equal)."""

    def __init__(self, node, args, kwargs=None):
        self.node, self.args, self.kwargs = node, tuple(args), dict(kwargs or {})

    def __getattr__(self, attr):
        return getattr(self.node, attr)

    def __hash__(self):
        return hash(self.node)

    def __eq__(self, other):
        return other is self.node or other is self


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
