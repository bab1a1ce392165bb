"""The ATen op table: ATen op name -> function(importer, node) returning the
op's edge value (a Value, a tuple of them for several results, or a Deferred).

One file per op family, each with its functions and one OPS table; this file
merges them. Adding an ATen op: its function in the family file and one row in
that file's OPS. The walk looks a node's op up by its name without the
namespace and overload (`aten.convolution.default` -> "convolution"), without
leading underscores, an in-place form's trailing '_' (`add_` -> "add"), and an
ExecuTorch edge functional copy's "_copy" (`view_copy` -> "view") unless the
name with it has a row (see walk.Importer.lower)."""
from . import attention, conv, elementwise, index, logic, matmul, norm, quant, reduce, resample, shape

FAMILIES = (elementwise, logic, reduce, matmul, quant, conv, resample, norm, shape, index, attention)

OPS = {}
for _family in FAMILIES:
    for _name, _fn in _family.OPS.items():
        assert _name not in OPS, "ATen op %s in two families" % _name
        OPS[_name] = _fn

# ATen ops written as several edge ops until edge has them (issue 16).
DECOMPOSED = {
    "_adaptive_avg_pool2d (sizes that do not divide the input)": "two linear maps (edge.adaptive_avg_pool2d "
                                                                  "for 1x1 and dividing sizes)",
    "select": "slice + view",
    "unbind": "one slice + view per index",
    "stack": "view (the new dim) + cat",
    "expm1": "exp(x) - 1",
    "log_softmax": "log(softmax(x)) (-inf where softmax underflows to 0: more than ~87 (f32) below the row's "
                   "largest value)",
    "split": "one slice per piece",
    "norm (2-norm)": "sqrt(sum(x * x))",
    "lstm / gru / rnn (torch.export's default IR keeps the layer whole)": "torch's own decomposition (linear, "
                                                                          "sigmoid, tanh per step) before the walk",
    "slice (step > 1)": "view as [size / step, step], two unit-stride slices, view (when step divides the size)",
}
