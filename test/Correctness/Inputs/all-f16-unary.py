"""Writes every finite f16 value as one [1, 63488] .npy input (all_f16.npy)
and, per unary op, an edge module applying it (<op>.mlir). An op name in
VARIANTS is a label for an op with attributes. Stdlib only."""
import os
import struct
import sys

VARIANTS = {
    "leaky_relu_neg": ("leaky_relu", " {negative_slope = -1.5 : f64}"),
    "elu_alpha": ("elu", " {alpha = 2.5 : f64}"),
    "clamp": ("clamp", " {min = -0.5 : f64, max = 1.0 : f64}"),
    "clamp_min": ("clamp", " {min = 0.0 : f64}"),
}
out = sys.argv[1]
ops = sys.argv[2:]
values = [b for b in range(65536) if (b >> 10) & 0x1F != 0x1F]  # drop inf / NaN
n = len(values)
header = "{'descr': '<f2', 'fortran_order': False, 'shape': (1, %d), }" % n
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(os.path.join(out, "all_f16.npy"), "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%dH" % n, *values))
for label in ops:
    op, attrs = VARIANTS.get(label, (label, ""))
    with open(os.path.join(out, label + ".mlir"), "w") as f:
        f.write('func.func @forward(%%x: tensor<1x%dxf16>) -> tensor<1x%dxf16> {\n'
                '  %%0 = "edge.%s"(%%x)%s : (tensor<1x%dxf16>) -> tensor<1x%dxf16>\n'
                '  return %%0 : tensor<1x%dxf16>\n}\n' % (n, n, op, attrs, n, n, n))
