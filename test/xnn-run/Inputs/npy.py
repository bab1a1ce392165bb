"""Small .npy files for the xnn-run tests, without NumPy (the lit python may lack it).

  npy.py write PATH DTYPE SHAPE VALUES   DTYPE f32|i64|i32, SHAPE like 2x3 (or "" for a scalar),
                                         VALUES comma-separated, C order
  npy.py show PATH...                    prints "[step_<s>/]BASENAME: dtype[shape] = [v, ...]" per file
"""
import ast
import os
import struct
import sys

CODES = {"f32": ("<f4", "f"), "i64": ("<i8", "q"), "i32": ("<i4", "i")}


def write(path, dtype, shape, values):
    descr, code = CODES[dtype]
    dims = tuple(int(d) for d in shape.split("x")) if shape else ()
    vals = [float(v) if dtype == "f32" else int(v) for v in values.split(",")] if values else []
    count = 1
    for d in dims:
        count *= d
    assert len(vals) == count, f"{len(vals)} values for shape {dims}"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (descr, dims)
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * (pad % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (count, code), *vals))


def show(path):
    data = open(path, "rb").read()
    assert data[:6] == b"\x93NUMPY", path
    hlen = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + hlen].decode("latin1"))
    name = {v[0]: k for k, v in CODES.items()}[header["descr"]]
    code = CODES[name][1]
    count = 1
    for d in header["shape"]:
        count *= d
    vals = struct.unpack("<%d%s" % (count, code), data[10 + hlen:10 + hlen + count * struct.calcsize(code)])
    text = ", ".join("%g" % v if name == "f32" else str(v) for v in vals)
    parent = os.path.basename(os.path.dirname(path))
    shown = os.path.join(parent, os.path.basename(path)) if parent.startswith("step_") else os.path.basename(path)
    print("%s: %s[%s] = [%s]" % (shown, name, ", ".join(map(str, header["shape"])), text))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    else:
        for p in sys.argv[2:]:
            show(p)
