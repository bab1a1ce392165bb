"""Writes every finite f16 value as one [1, 63488] .npy input (all_f16.npy)
and, per unary op, an edge module applying it (<op>.mlir). Stdlib only."""
import os
import struct
import sys

out = sys.argv[1]
ops = sys.argv[2:]
values = [b for b in range(65536) if (b >> 10) & 0x1F != 0x1F]  # drop inf / NaN
n = len(values)
header = "{'descr': '<f2', 'fortran_order': False, 'shape': (1, %d), }" % n
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(os.path.join(out, "all_f16.npy"), "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%dH" % n, *values))
for op in ops:
    with open(os.path.join(out, op + ".mlir"), "w") as f:
        f.write('func.func @forward(%%x: tensor<1x%dxf16>) -> tensor<1x%dxf16> {\n'
                '  %%0 = "edge.%s"(%%x) : (tensor<1x%dxf16>) -> tensor<1x%dxf16>\n'
                '  return %%0 : tensor<1x%dxf16>\n}\n' % (n, n, op, n, n, n))
