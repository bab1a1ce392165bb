""".npy files as xnn-run --input reads them (bf16 as raw <u2 bits)."""
import os
import struct

from .mlir import ImportError_, torch
from .tensors import flatten_tensors, raw_bytes


def npy_bytes(t):
    t = t.detach().contiguous().cpu()
    descr = {torch.float32: "<f4", torch.float16: "<f2", torch.bfloat16: "<u2", torch.float64: "<f8",
             torch.int64: "<i8", torch.int32: "<i4", torch.bool: "|b1", torch.uint8: "|u1", torch.int8: "|i1"}
    if t.dtype not in descr:
        raise ImportError_("cannot write dtype %s as .npy" % t.dtype)
    shape = "(" + "".join("%d, " % d for d in t.shape) + ")" if t.dim() != 1 else "(%d,)" % t.shape[0]
    if t.dim() > 1:
        shape = "(" + ", ".join(str(d) for d in t.shape) + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr[t.dtype], shape)
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1") + raw_bytes(t)


def save_io(directory, inputs, outputs):
    """input_<i>.npy and output_<i>.npy in `directory` (bf16 as raw <u2 bits)."""
    os.makedirs(directory, exist_ok=True)
    flat = flatten_tensors(outputs)
    for prefix, ts in (("input", inputs), ("output", flat)):
        for i, t in enumerate(ts):
            with open(os.path.join(directory, "%s_%d.npy" % (prefix, i)), "wb") as f:
                f.write(npy_bytes(t))
