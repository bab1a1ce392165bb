"""gen_quant_mlp.py ROWS DTYPE: an MLP of two linears (64 -> 96 with a bias,
silu, 96 -> 32) with seeded random weights, x [ROWS, 64], in f32 or bf16
(stdlib only; bf16 values are f32 values with 16 zero low bits)."""
import random
import struct
import sys

rows, dtype = int(sys.argv[1]), sys.argv[2]
rng = random.Random(5)


def dense(shape):
    n = 1
    for d in shape:
        n *= d
    vals = [rng.gauss(0.0, 0.1) for _ in range(n)]
    if dtype == "bf16":
        data = b"".join(struct.pack("<I", struct.unpack("<I", struct.pack("<f", v))[0])[2:] for v in vals)
    else:
        data = b"".join(struct.pack("<f", v) for v in vals)
    return 'dense<"0x%s"> : %s' % (data.hex().upper(), ty(shape))


def ty(shape):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), dtype)


print('''func.func @forward(%%x: %(x)s) -> %(y)s {
  %%w1 = "edge.constant"() {value = %(w1)s} : () -> %(w1t)s
  %%b1 = "edge.constant"() {value = %(b1)s} : () -> %(b1t)s
  %%w2 = "edge.constant"() {value = %(w2)s} : () -> %(w2t)s
  %%h = "edge.linear"(%%x, %%w1, %%b1) : (%(x)s, %(w1t)s, %(b1t)s) -> %(h)s
  %%a = "edge.silu"(%%h) : (%(h)s) -> %(h)s
  %%y = "edge.linear"(%%a, %%w2) : (%(h)s, %(w2t)s) -> %(y)s
  return %%y : %(y)s
}''' % dict(x=ty((rows, 64)), y=ty((rows, 32)), h=ty((rows, 96)), w1=dense((96, 64)), w1t=ty((96, 64)),
            b1=dense((96,)), b1t=ty((96,)), w2=dense((32, 96)), w2t=ty((32, 96))))
