"""Writes a module whose @forward returns input + sum(w) and w itself, where w
is a dense_resource blob of N f32 values i mod 1000 (resource-blobs.test)."""
import struct
import sys

n = int(sys.argv[1])
blob = b"".join(struct.pack("<f", float(i % 1000)) for i in range(n)).hex()
t = f"tensor<{n}xf32>"
print(f"func.func @forward(%a: tensor<1xf32>) -> (tensor<1xf32>, {t}) {{")
print(f'  %w = "edge.constant"() {{value = dense_resource<w> : {t}}} : () -> {t}')
print(f'  %s = "edge.sum"(%w) {{dims = array<i64: 0>, keepdim = true}} : ({t}) -> tensor<1xf32>')
print('  %0 = "edge.add"(%a, %s) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>')
print(f"  return %0, %w : tensor<1xf32>, {t}")
print("}")
print('{-#\n  dialect_resources: { builtin: { w: "0x04000000' + blob + '" } }\n#-}')
