#!/usr/bin/env python3
"""Writes Inputs/ops/*.mlir: one small edge model per xnn op kind (random
shapes from a fixed seed, broadcast and NHWC cases), for per-op tests,
their f16 versions (Inputs/f16/*.mlir) and bf16 versions of the activation,
sin, cos, ceil and floor models (Inputs/bf16/unary_<op>.mlir). Regenerate with: python3 gen_ops.py
(output is committed)."""
import os, random, re, struct

rng = random.Random(20241108)
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ops")


def T(shape, dt="f32"):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), dt)


def const(name, shape, dt="f32", lo=-0.5, hi=0.5):
    n = 1
    for d in shape:
        n *= d
    vals = [rng.uniform(lo, hi) for _ in range(n)]
    hexs = "".join(struct.pack("<f", v).hex().upper() for v in vals)
    return '    %%%s = "edge.constant"() {value = dense<"0x%s"> : %s} : () -> %s\n' % (name, hexs, T(shape), T(shape))


def model(name, args, body, results, note):
    sig = ", ".join("%%%s: %s" % (a, t) for a, t in args)
    res = ", ".join(t for _, t in results)
    ret = ", ".join("%" + v for v, _ in results)
    text = "// %s\nmodule {\n  func.func @forward(%s) -> (%s) {\n%s    func.return %s : %s\n  }\n}\n" % (
        note, sig, res, body, ret, res)
    with open(os.path.join(HERE, name + ".mlir"), "w") as f:
        f.write(text)


def r(lo, hi):
    return rng.randint(lo, hi)


def binary(op, dt="f32"):
    m, n, k = r(2, 5), r(2, 6), r(1, 4)
    a, b, o = [m, 1, n], [k, 1], [m, k, n]
    model("binary_" + op.split(".")[1] + ("_" + dt if dt != "f32" else ""), [("a", T(a, dt)), ("b", T(b, dt))],
          '    %%y = "%s"(%%a, %%b) : (%s, %s) -> %s\n' % (op, T(a, dt), T(b, dt), T(o, dt)), [("y", T(o, dt))],
          "xnn.binary (%s, broadcast %s x %s)" % (op, a, b))


for op in ["edge.add", "edge.sub", "edge.mul", "edge.div", "edge.maximum", "edge.minimum"]:
    binary(op)
binary("edge.add", "bf16")
binary("edge.mul", "f16")

s = [r(2, 4), r(3, 9)]
model("binary_pow", [("a", T(s))],
      '    %%e = "edge.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>\n'
      '    %%y = "edge.pow"(%%a, %%e) : (%s, tensor<f32>) -> %s\n' % (T(s), T(s)), [("y", T(s))],
      "xnn.binary pow with a scalar constant exponent")

for op, pre in [("relu", ""), ("sigmoid", ""), ("tanh", ""), ("neg", ""), ("abs", ""), ("exp", ""),
                ("gelu", ""), ("rsqrt", "abs"), ("sqrt", "abs"), ("log", "abs")]:
    s = [r(1, 4), r(2, 7), r(2, 5)]
    body, x = "", "%x"
    if pre:
        body += '    %%p = "edge.%s"(%%x) : (%s) -> %s\n' % (pre, T(s), T(s))
        x = "%p"
    attrs = ' {approximate = "none"}' if op == "gelu" else ""
    body += '    %%y = "edge.%s"(%s)%s : (%s) -> %s\n' % (op, x, attrs, T(s), T(s))
    model("unary_" + op, [("x", T(s))], body, [("y", T(s))], "xnn.unary (edge.%s)" % op)

s = [r(2, 5), r(2, 9)]
model("unary_hardtanh", [("x", T(s))],
      '    %%y = "edge.hardtanh"(%%x) {min_val = -0.5 : f64, max_val = 0.25 : f64} : (%s) -> %s\n' % (T(s), T(s)),
      [("y", T(s))], "xnn.unary clamp")

s = [r(2, 4), r(3, 8), r(1, 3)]
model("convert", [("x", T(s)), ("h", T(s, "bf16"))],
      '    %%a = "edge.to_copy"(%%x) {dtype = bf16} : (%s) -> %s\n'
      '    %%b = "edge.to_copy"(%%x) {dtype = f16} : (%s) -> %s\n'
      '    %%c = "edge.to_copy"(%%h) {dtype = f32} : (%s) -> %s\n'
      % (T(s), T(s, "bf16"), T(s), T(s, "f16"), T(s, "bf16"), T(s)),
      [("a", T(s, "bf16")), ("b", T(s, "f16")), ("c", T(s))], "xnn.convert f32->bf16, f32->f16, bf16->f32 (bit-exact)")

s = [r(2, 4), r(2, 5), r(2, 6)]
model("transpose", [("x", T(s))],
      '    %%y = "edge.permute"(%%x) {dims = array<i64: 2, 0, 1>} : (%s) -> %s\n' % (T(s), T([s[2], s[0], s[1]])),
      [("y", T([s[2], s[0], s[1]]))], "xnn.static_transpose")

m, k, n = r(2, 5), r(3, 9), r(2, 6)
model("fully_connected", [("x", T([m, k]))],
      const("w", [n, k]) + const("b", [n]) +
      '    %%y = "edge.linear"(%%x, %%w, %%b) : (%s, %s, %s) -> %s\n' % (T([m, k]), T([n, k]), T([n]), T([m, n])),
      [("y", T([m, n]))], "xnn.fully_connected (linear with bias)")

b, m, k, n = r(1, 3), r(2, 5), r(2, 6), r(2, 5)
model("batch_matrix_multiply", [("a", T([b, m, k])), ("c", T([b, k, n]))],
      '    %%y = "edge.bmm"(%%a, %%c) : (%s, %s) -> %s\n' % (T([b, m, k]), T([b, k, n]), T([b, m, n])),
      [("y", T([b, m, n]))], "xnn.batch_matrix_multiply (bmm)")

ci, co, h, w = r(2, 4), r(2, 5), r(5, 9), r(5, 9)
oh, ow = (h + 2 - 3) // 2 + 1, (w + 2 - 3) // 2 + 1
model("convolution_2d", [("x", T([1, ci, h, w]))],
      const("w", [co, ci, 3, 3]) + const("b", [co]) +
      '    %%y = "edge.conv2d"(%%x, %%w, %%b) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (%s, %s, %s) -> %s\n'
      % (T([1, ci, h, w]), T([co, ci, 3, 3]), T([co]), T([1, co, oh, ow])),
      [("y", T([1, co, oh, ow]))], "xnn.convolution_2d (NCHW at the boundary, NHWC inside)")

c, h, w = r(2, 5), 2 * r(2, 4), 2 * r(2, 4)
model("max_pooling_2d", [("x", T([1, c, h, w]))],
      '    %%y = "edge.max_pool2d"(%%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (%s) -> %s\n'
      % (T([1, c, h, w]), T([1, c, h // 2, w // 2])), [("y", T([1, c, h // 2, w // 2]))], "xnn.max_pooling_2d (NHWC)")

c, h, w = r(2, 5), r(3, 7), r(3, 7)
model("average_pooling_2d", [("x", T([1, c, h, w]))],
      '    %%y = "edge.avg_pool2d"(%%x) {kernel_size = array<i64: 2, 3>, stride = array<i64: 1, 2>, padding = array<i64: 0, 0>} : (%s) -> %s\n'
      % (T([1, c, h, w]), T([1, c, h - 1, (w - 3) // 2 + 1])), [("y", T([1, c, h - 1, (w - 3) // 2 + 1]))],
      "xnn.average_pooling_2d (NHWC, 2x3 window, stride 1x2)")

a, b = r(2, 5), r(3, 9)
model("reduce", [("x", T([a, b]))],
      '    %%m = "edge.mean"(%%x) {dims = array<i64: -1>, keepdim = true} : (%s) -> %s\n'
      '    %%s = "edge.sum"(%%x) {dims = array<i64: 0>, keepdim = false} : (%s) -> %s\n'
      % (T([a, b]), T([a, 1]), T([a, b]), T([b])), [("m", T([a, 1])), ("s", T([b]))],
      "xnn.static_reduce mean (keep_dims) and sum")

a, b = r(2, 4), 2 * r(2, 4)
model("reshape", [("x", T([a, b]))],
      '    %%r = "edge.view"(%%x) : (%s) -> %s\n    %%y = "edge.neg"(%%r) : (%s) -> %s\n'
      % (T([a, b]), T([2, a * b // 2]), T([2, a * b // 2]), T([2, a * b // 2])), [("y", T([2, a * b // 2]))],
      "xnn.static_reshape (view)")

m, n1, n2, n3 = r(2, 4), r(1, 4), r(1, 4), r(1, 4)
model("concatenate", [("a", T([m, n1])), ("b", T([m, n2])), ("c", T([m, n3]))],
      '    %%y = "edge.cat"(%%a, %%b, %%c) {dim = 1 : i64} : (%s, %s, %s) -> %s\n'
      % (T([m, n1]), T([m, n2]), T([m, n3]), T([m, n1 + n2 + n3])), [("y", T([m, n1 + n2 + n3]))],
      "xnn.concatenate3")

m, n = r(2, 4), r(5, 9)
model("slice", [("x", T([m, n]))],
      '    %%y = "edge.slice"(%%x) {dim = 1 : i64, start = 1 : i64, end = 4 : i64, step = 1 : i64} : (%s) -> %s\n'
      % (T([m, n]), T([m, 3])), [("y", T([m, 3]))], "xnn.static_slice")

m, n = r(2, 5), r(3, 9)
model("softmax", [("x", T([m, n]))],
      '    %%y = "edge.softmax"(%%x) {dim = -1 : i64} : (%s) -> %s\n' % (T([m, n]), T([m, n])),
      [("y", T([m, n]))], "xnn.softmax (innermost)")

c, h, w = r(2, 4), r(3, 6), r(3, 6)
s = [1, c, h, w]
model("nhwc_chain", [("x", T(s)), ("b", T([1, c, 1, 1]))],
      const("w", [c, 1, 3, 3]) +
      '    %%cv = "edge.conv2d"(%%x, %%w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = %d : i64} : (%s, %s) -> %s\n'
      '    %%ad = "edge.add"(%%cv, %%b) : (%s, %s) -> %s\n'
      '    %%rl = "edge.relu"(%%ad) : (%s) -> %s\n'
      '    %%mn = "edge.mean"(%%rl) {dims = array<i64: 2, 3>, keepdim = true} : (%s) -> %s\n'
      % (c, T(s), T([c, 1, 3, 3]), T(s), T(s), T([1, c, 1, 1]), T(s), T(s), T(s), T(s), T([1, c, 1, 1])),
      [("mn", T([1, c, 1, 1]))], "depthwise conv -> broadcast add -> relu -> mean over H, W (NHWC inside)")

# Wide variants: XNNPACK picks different (wider) kernels past ~16 output
# channels; the pinned library's f16 fully_connected miscomputes there on CPUs
# with AVX512-FP16 (found by f16-ops.test).
m, k, n = 8, 64, 64
model("fully_connected_wide", [("x", T([m, k]))],
      const("w", [n, k]) + const("b", [n]) +
      '    %%y = "edge.linear"(%%x, %%w, %%b) : (%s, %s, %s) -> %s\n' % (T([m, k]), T([n, k]), T([n]), T([m, n])),
      [("y", T([m, n]))], "xnn.fully_connected, 64 output channels")

b, m, k, n = 2, 8, 64, 64
model("batch_matrix_multiply_wide", [("a", T([b, m, k])), ("c", T([b, k, n]))],
      '    %%y = "edge.bmm"(%%a, %%c) : (%s, %s) -> %s\n' % (T([b, m, k]), T([b, k, n]), T([b, m, n])),
      [("y", T([b, m, n]))], "xnn.batch_matrix_multiply, 64 columns")

ci, co, h, w = 16, 64, 6, 6
model("convolution_2d_wide", [("x", T([1, ci, h, w]))],
      const("w", [co, ci, 3, 3]) + const("b", [co]) +
      '    %%y = "edge.conv2d"(%%x, %%w, %%b) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (%s, %s, %s) -> %s\n'
      % (T([1, ci, h, w]), T([co, ci, 3, 3]), T([co]), T([1, co, h, w])),
      [("y", T([1, co, h, w]))], "xnn.convolution_2d, 64 output channels")


# Activations (SPEC 3.1.1), after every model above so their shapes keep their
# random draws. Inputs are uniform in [-1, 1): hardswish / hardsigmoid get x * 4
# so their clamps act; clamp variants cover one-sided and min > max.
ACTIVATIONS = [
    ("silu", "", 1.0), ("hardswish", "", 4.0), ("hardsigmoid", "", 4.0),
    ("leaky_relu", " {negative_slope = 0.2 : f64}", 1.0), ("elu", "", 1.0),
    ("elu_alpha", " {alpha = 0.5 : f64}", 1.0),
    ("clamp", " {min = -0.5 : f64, max = 0.25 : f64}", 1.0), ("clamp_min", " {min = 0.125 : f64}", 1.0),
    ("clamp_inverted", " {min = 0.5 : f64, max = -0.25 : f64}", 1.0),
]
for label, attrs, scale in ACTIVATIONS:
    s = [r(1, 4), r(2, 7), r(2, 5)]
    body, x = "", "%x"
    if scale != 1.0:
        body += '    %%k = "edge.constant"() {value = dense<%s> : tensor<f32>} : () -> tensor<f32>\n' % repr(scale)
        body += '    %%p = "edge.mul"(%%x, %%k) : (%s, tensor<f32>) -> %s\n' % (T(s), T(s))
        x = "%p"
    op = label.split("_")[0] if label.startswith(("elu_", "clamp_")) else label
    body += '    %%y = "edge.%s"(%s)%s : (%s) -> %s\n' % (op, x, attrs, T(s), T(s))
    model("unary_" + label, [("x", T(s))], body, [("y", T(s))], "edge.%s%s" % (op, attrs))

# sin, cos, ceil, floor (issue 28: rope and position arithmetic of decoders),
# after the activations so every earlier model keeps its random draws. Inputs
# x * 4 in [-4, 4): several periods, several integers for ceil / floor.
TRIG_ROUND = ["sin", "cos", "ceil", "floor"]
for op in TRIG_ROUND:
    s = [r(1, 4), r(2, 7), r(2, 5)]
    body = '    %k = "edge.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>\n'
    body += '    %%p = "edge.mul"(%%x, %%k) : (%s, tensor<f32>) -> %s\n' % (T(s), T(s))
    body += '    %%y = "edge.%s"(%%p) : (%s) -> %s\n' % (op, T(s), T(s))
    model("unary_" + op, [("x", T(s))], body, [("y", T(s))], "xnn.unary (edge.%s)" % op)

# f16 versions of every single-dtype model (Inputs/f16): f32 -> f16 in the
# types, hex constants re-encoded as IEEE half.
def to_f16(text):
    def hexconst(mo):
        raw = bytes.fromhex(mo.group(1))
        vals = struct.unpack("<%df" % (len(raw) // 4), raw)
        return 'dense<"0x%s">' % struct.pack("<%de" % len(vals), *vals).hex().upper()
    return re.sub(r'dense<"0x([0-9A-F]+)">', hexconst, text).replace("xf32>", "xf16>").replace(
        "tensor<f32>", "tensor<f16>")


F16 = os.path.join(os.path.dirname(HERE), "f16")
os.makedirs(F16, exist_ok=True)
for name in sorted(os.listdir(HERE)):
    if name in ("convert.mlir", "binary_add_bf16.mlir", "binary_mul_f16.mlir"):
        continue
    with open(os.path.join(HERE, name)) as f:
        text = f.read()
    with open(os.path.join(F16, name), "w") as f:
        f.write(to_f16(text))


# bf16 versions (Inputs/bf16) of the activation models; the older bf16 models
# there were converted by hand the same way (f32 -> bf16 in the types).
BF16 = os.path.join(os.path.dirname(HERE), "bf16")
os.makedirs(BF16, exist_ok=True)
for label in [a[0] for a in ACTIVATIONS] + TRIG_ROUND:
    with open(os.path.join(HERE, "unary_" + label + ".mlir")) as f:
        text = f.read()
    with open(os.path.join(BF16, "unary_" + label + ".mlir"), "w") as f:
        f.write(text.replace("xf32>", "xbf16>").replace("tensor<f32>", "tensor<bf16>"))
