"""Batch norm (inference) and layer norm (absent weight / bias: ones / zeros)."""

from ..aten import AsCall, op_name
from ..mlir import arr, f64, torch


def op_native_batch_norm(imp, n):
    a = list(n.args) + [None] * 8
    x_node, w, b, rm, rv = a[:5]
    legit = op_name(n.target)[0] == "_native_batch_norm_legit_no_training"
    training = False if legit else a[5]
    eps = a[6] if legit else a[7]
    eps = 1e-5 if eps is None else eps
    if training:
        imp.fail(n, "batch norm in training mode is not supported (call model.eval())")
    if rm is None or rv is None:
        imp.fail(n, "batch norm without running statistics is not supported")
    x = imp.v(n, x_node)
    C = x.shape[1]
    # ATen's absent weight / bias: ones / zeros.
    weight = imp.v(n, w) if w is not None else imp.w.constant(torch.ones(C, dtype=x.dtype), "bn_weight")
    bias = imp.v(n, b) if b is not None else imp.w.constant(torch.zeros(C, dtype=x.dtype), "bn_bias")
    y = imp.w.op("batch_norm", [x, weight, bias, imp.v(n, rm), imp.v(n, rv)], [("eps", f64(eps))],
                 x.shape, x.dtype)
    return (y, None, None)


def op_native_batch_norm_functional(imp, n):
    """run_decompositions()' batch norm with its running statistics as results (the
    buffers' new values): native_batch_norm's, and the statistics unchanged out of training."""
    y = op_native_batch_norm(imp, n)[0]
    return (y, None, None, imp.v(n, n.args[3]), imp.v(n, n.args[4]))


def op_native_layer_norm(imp, n):
    x_node, normalized_shape, w, b, eps = n.args[:5]
    x = imp.v(n, x_node)
    params = []
    if w is not None or b is not None:  # edge's bias comes after a weight: an absent one is ones
        params.append(imp.v(n, w) if w is not None else
                      imp.w.constant(torch.ones(list(normalized_shape), dtype=x.dtype), "ln_weight"))
    if b is not None:
        params.append(imp.v(n, b))
    y = imp.w.op("layer_norm", [x] + params, [("normalized_shape", arr(normalized_shape)), ("eps", f64(eps))],
                 x.shape, x.dtype)
    return (y, None, None)


def op_batch_norm(imp, n):
    """torch.export's default IR: batch_norm as native_batch_norm (its first result)."""
    a = list(n.args) + [None] * (9 - len(n.args))
    x, w, b, rm, rv, training, momentum, eps = a[:8]
    return op_native_batch_norm(imp, AsCall(n, (x, w, b, rm, rv, training, momentum, eps)))[0]


def op_layer_norm(imp, n):
    """torch.export's default IR: layer_norm as native_layer_norm (its first result)."""
    a = list(n.args) + [None] * (5 - len(n.args))
    x, shape, w, b, eps = a[:5]
    eps = n.kwargs.get("eps", 1e-5) if eps is None else eps
    return op_native_layer_norm(imp, AsCall(n, (x, shape, w, b, eps)))[0]


OPS = {
    "batch_norm": op_batch_norm,
    "layer_norm": op_layer_norm,
    "native_batch_norm": op_native_batch_norm,
    "native_batch_norm_legit_no_training": op_native_batch_norm,
    "native_batch_norm_legit_functional": op_native_batch_norm_functional,
    "native_layer_norm": op_native_layer_norm,
}
