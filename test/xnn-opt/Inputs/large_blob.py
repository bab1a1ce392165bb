"""Writes an edge module whose weight is a 4 MB f32 dense_resource blob (a
1024x1024 linear), as text: large enough that the bytecode writer hands the
blob over as one piece (bytecode-large-blobs.test). Usage: large_blob.py OUT"""
import struct
import sys

n = 1024
words = [(i * 2654435761) & 0x3F7FFFFF for i in range(n * n)]  # finite, varied, < 1.0 in magnitude
blob = struct.pack("<I", 4) + struct.pack("<%dI" % len(words), *words)
with open(sys.argv[1], "w") as f:
    f.write('func.func @forward(%%x: tensor<1x%d xf32>) -> tensor<1x%dxf32> {\n'.replace(" x", "x") % (n, n))
    f.write('  %%w = "edge.constant"() {value = dense_resource<w> : tensor<%dx%dxf32>} : () -> tensor<%dx%dxf32>\n'
            % (n, n, n, n))
    f.write('  %%y = "edge.linear"(%%x, %%w) : (tensor<1x%dxf32>, tensor<%dx%dxf32>) -> tensor<1x%dxf32>\n'
            % (n, n, n, n))
    f.write('  return %%y : tensor<1x%dxf32>\n}\n' % n)
    f.write('{-#\n  dialect_resources: {\n    builtin: {\n      w: "0x%s"\n    }\n  }\n#-}\n' % blob.hex().upper())
