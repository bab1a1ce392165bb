"""MLIR spelling of edge types and attributes: element types, tensor types,
f64 and i64-array attribute literals, strings; the SSA value record."""
import math

try:
    import torch
except ImportError:  # reported by main(); the package stays importable
    torch = None


class ImportError_(Exception):
    """An unsupported op or form, with the module path where it occurred."""


DTYPES = {}
if torch is not None:
    DTYPES = {
        torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16", torch.float64: "f64",
        torch.int64: "i64", torch.int32: "i32", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
    }
DTYPE_ARG = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}
# Integer input types edge lacks (SPEC 3.1), imported widened to i32 where only converted.
NARROW_INTS = {torch.int8, torch.uint8, torch.int16} if torch is not None else set()
WIDENED_TARGETS = {torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int32,
                   torch.int64} if torch is not None else set()


def tensor_type(shape, dtype):
    if dtype not in DTYPES:
        raise ImportError_("dtype %s has no edge element type" % dtype)
    dims = "x".join(str(int(d)) for d in shape)
    return "tensor<%s%s>" % (dims + "x" if dims else "", DTYPES[dtype])


def f64(v):
    """An f64 attribute literal (MLIR wants a decimal point or exponent)."""
    if math.isnan(v):
        return "0x7FF8000000000000 : f64"
    if math.isinf(v):
        return ("0x7FF0000000000000" if v > 0 else "0xFFF0000000000000") + " : f64"
    s = repr(float(v))
    if "." not in s:  # MLIR float literals need a fraction: 1e-12 -> 1.0e-12
        s = s.replace("e", ".0e")
    return "%s : f64" % s


def arr(v):
    """A dense i64 array attribute."""
    return "array<i64: %s>" % ", ".join(str(int(x)) for x in v) if len(v) else "array<i64>"


def mlir_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Value:
    """An SSA value: its name, shape and dtype."""

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(int(d) for d in shape), dtype

    @property
    def type(self):
        return tensor_type(self.shape, self.dtype)
