"""Minimal .npy reader (format 1.0/2.0, little-endian) for the dtypes xnn-run writes.

bf16 arrives as raw bits ('<u2'); the caller says which outputs are bf16.
Values are decoded to Python floats (ints stay ints) for comparison.
"""

import ast
import struct


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError("%s: not an .npy file" % path)
    major = data[6]
    if major == 1:
        hlen = struct.unpack("<H", data[8:10])[0]
        start = 10
    else:
        hlen = struct.unpack("<I", data[8:12])[0]
        start = 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    payload = data[start + hlen:]
    return header["descr"], tuple(header["shape"]), payload


def decode(descr, payload, is_bf16=False):
    if descr == "<f4":
        return list(struct.unpack("<%df" % (len(payload) // 4), payload))
    if descr == "<f2":
        return list(struct.unpack("<%de" % (len(payload) // 2), payload))
    if descr == "<u2":
        bits = struct.unpack("<%dH" % (len(payload) // 2), payload)
        if not is_bf16:
            return list(bits)
        return [struct.unpack("<f", struct.pack("<I", b << 16))[0] for b in bits]
    if descr == "<i8":
        return list(struct.unpack("<%dq" % (len(payload) // 8), payload))
    if descr == "<i4":
        return list(struct.unpack("<%di" % (len(payload) // 4), payload))
    if descr in ("|b1", "|u1", "<b1"):
        return list(payload)
    raise ValueError("unsupported .npy dtype %r" % descr)
