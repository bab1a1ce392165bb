"""decoder_ops_vs_torch.py BIN_DIR WORK_DIR: the ops a decoder with a KV cache
needs (issue 28) against PyTorch itself, element by element:

- sin, cos, ceil, floor in f32 / f16 / bf16 (the reference kernels and the
  delegated module, XNNPACK's unary sine / cosine / ceiling / floor);
- bitwise_and / or / xor / not on i1, i32, i64 (broadcasting, extreme values);
- index (index.Tensor) and index_put (accumulate or not): consecutive and
  non-consecutive indexed dims, broadcasting index tensors, negative and
  repeated indices, rank-0 indices, i32 indices, i1 / integer / 16-bit data;
- integer arithmetic: add, sub, mul, neg, abs, maximum, minimum, where, the
  comparisons and to_copy on i32 / i64 / i1 at the wrap-around edges.

Each config is an edge module run by xnn-run as written (reference kernels)
and after xnn-opt --xnn-delegate; one line per config with its delegate
segment count, whether the reference equals torch bit for bit and the errors
(max |got - want| / max(1, |want|)). Exits 1 past the tolerances."""
import os
import subprocess
import sys

import numpy as np
import torch

BIN, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
torch.manual_seed(28)
MLIR = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16", torch.bool: "i1",
        torch.int32: "i32", torch.int64: "i64"}
FLOATS = (torch.float32, torch.float16, torch.bfloat16)


def ttype(t):
    dims = "".join("%dx" % d for d in t.shape)
    return "tensor<%s%s>" % (dims, MLIR[t.dtype])


def to_npy(t, path):
    a = t.view(torch.int16).numpy().view(np.uint16) if t.dtype == torch.bfloat16 else t.numpy()
    np.save(path, a)


def from_npy(path, dtype):
    a = np.load(path)
    if dtype == torch.bfloat16:
        return torch.from_numpy(a.astype(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a).to(dtype)


def err(got, want):
    if not want.dtype.is_floating_point:
        return float((got.to(torch.int64) != want.to(torch.int64)).sum())
    g, w = got.float(), want.float()
    same = (g == w) | (torch.isnan(g) & torch.isnan(w))
    d = torch.where(same, torch.zeros_like(g), (g - w).abs() / w.abs().clamp(min=1.0))
    return d.max().item() if d.numel() else 0.0


def bits(t):
    if t.dtype == torch.float32:
        return t.view(torch.int32)
    if t.dtype in (torch.float16, torch.bfloat16):
        return t.view(torch.int16)
    return t


def run(name, body, args, want):
    """body: MLIR ops on %arg0.. ending in %r; args: inputs; want: torch's result."""
    sig = ", ".join("%%arg%d: %s" % (i, ttype(a)) for i, a in enumerate(args))
    text = "func.func @forward(%s) -> %s {\n%s\n  return %%r : %s\n}\n" % (sig, ttype(want), body, ttype(want))
    src = os.path.join(WORK, name + ".mlir")
    with open(src, "w") as f:
        f.write(text)
    ins = []
    for i, a in enumerate(args):
        ins.append(os.path.join(WORK, "%s_in%d.npy" % (name, i)))
        to_npy(a, ins[-1])
    dele = os.path.join(WORK, name + ".delegated.mlir")
    stats = subprocess.run([os.path.join(BIN, "xnn-opt"), src, "--xnn-delegate", "--xnn-stats", "-o", dele],
                           check=True, capture_output=True, text=True).stderr
    segs = [l.split(":")[-1].strip() for l in stats.splitlines() if "delegate segments" in l][0]
    outs = []
    # With no segment the delegated module runs the same reference kernels.
    for tag, mod in (("ref", src), ("xnn", dele)) if segs != "0" else (("ref", src),):
        d = os.path.join(WORK, name + "." + tag)
        cmd = [os.path.join(BIN, "xnn-run"), mod, "--output-dir", d]
        if ins:
            cmd += ["--input", ",".join(ins)]
        subprocess.run(cmd, check=True, capture_output=True)
        outs.append(from_npy(os.path.join(d, "output_0.npy"), want.dtype))
    ref, xnn = outs if len(outs) == 2 else (outs[0], outs[0])
    exact = bool(torch.equal(bits(ref), bits(want))) if want.dtype.is_floating_point else bool(torch.equal(ref, want))
    e_ref, e_xnn = err(ref, want), err(xnn, want)
    print("%s: segments %s, reference err %.3g (bit-exact %s), delegated err %.3g" %
          (name, segs, e_ref, "yes" if exact else "no", e_xnn))
    return e_ref, e_xnn, exact


failures = []


def need(cond, what):
    if not cond:
        failures.append(what)


def ulp(dt):
    return {torch.float32: 2.0 ** -23, torch.float16: 2.0 ** -10, torch.bfloat16: 2.0 ** -7}[dt]


# ---- sin, cos, ceil, floor -------------------------------------------------
# Normal values only (XNNPACK flushes subnormal inputs: docs/correctness.md, known
# deviations): ties for ceil / floor, signed zeros, rope-sized angles.
special = torch.tensor([0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.0, -2.0, 0.1, -0.1, 3.14159265, -3.14159265,
                        100.25, -100.75, 1000.0, 4095.5, -4096.5, 65504.0, -65504.0])
for dt in FLOATS:
    x = torch.cat([special, torch.randn(200) * 4, torch.rand(100) * 2048 - 1024]).to(dt).view(1, -1)
    for op in ("sin", "cos", "ceil", "floor"):
        want = getattr(torch, op)(x.float()).to(dt) if dt != torch.float32 else getattr(torch, op)(x)
        body = '  %%r = "edge.%s"(%%arg0) : (%s) -> %s' % (op, ttype(x), ttype(want))
        e_ref, e_xnn, exact = run("%s_%s" % (op, MLIR[dt]), body, [x], want)
        if op in ("ceil", "floor"):
            need(exact and e_xnn == 0, "%s %s not exact" % (op, MLIR[dt]))
        else:
            # ATen's f32 sin / cos are Sleef's (1 ulp), the reference is libm's
            # sinf / cosf: an f32 ulp; f16 / bf16 round either once (an ulp of
            # the storage type at a double rounding).
            tol = 1.01 * ulp(dt) if dt != torch.float32 else 2 * ulp(dt)
            need(e_ref <= tol and e_xnn <= tol, "%s %s: %g %g > %g" % (op, MLIR[dt], e_ref, e_xnn, tol))

# ---- bitwise ---------------------------------------------------------------
INTS = {torch.int32: [0, 1, -1, 2 ** 31 - 1, -2 ** 31, 0x55555555, -0x55555556, 12345],
        torch.int64: [0, 1, -1, 2 ** 63 - 1, -2 ** 63, 0x5555555555555555, -2 ** 40 - 3, 12345]}
for dt in (torch.bool, torch.int32, torch.int64):
    if dt == torch.bool:
        a = torch.tensor([False, True]).view(2, 1)
        b = torch.tensor([False, True, True]).view(1, 3)
    else:
        a = torch.tensor(INTS[dt], dtype=dt).view(8, 1)
        b = torch.tensor(INTS[dt], dtype=dt).flip(0).view(1, 1, 8)
    for op in ("and", "or", "xor"):
        want = getattr(torch, "bitwise_" + op)(a, b)
        body = '  %%r = "edge.bitwise_%s"(%%arg0, %%arg1) : (%s, %s) -> %s' % (op, ttype(a), ttype(b), ttype(want))
        e_ref, e_xnn, exact = run("bitwise_%s_%s" % (op, MLIR[dt]), body, [a, b], want)
        need(exact and e_xnn == 0, "bitwise_%s %s differs" % (op, MLIR[dt]))
    want = torch.bitwise_not(a)
    body = '  %%r = "edge.bitwise_not"(%%arg0) : (%s) -> %s' % (ttype(a), ttype(want))
    e_ref, e_xnn, exact = run("bitwise_not_%s" % MLIR[dt], body, [a], want)
    need(exact and e_xnn == 0, "bitwise_not %s differs" % MLIR[dt])


# ---- index and index_put -----------------------------------------------------
def aten_indices(rank, dims, idx):
    """ATen's list: the index tensors at their dims, None elsewhere (as long)."""
    out = [None] * (max(dims) + 1)
    for d, t in zip(dims, idx):
        out[d] = t.long()
    return out


def index_body(op, x, idx, dims, want, values=None, accumulate=None):
    operands = ["%arg0"] + (["%arg1"] if values is not None else [])
    first = len(operands)
    operands += ["%%arg%d" % (first + j) for j in range(len(idx))]
    types = [ttype(x)] + ([ttype(values)] if values is not None else []) + [ttype(t) for t in idx]
    attrs = "indexed_dims = array<i64: %s>" % ", ".join(str(d) for d in dims)
    if accumulate is not None:
        attrs += ", accumulate = %s" % ("true" if accumulate else "false")
    return '  %%r = "edge.%s"(%s) {%s} : (%s) -> %s' % (op, ", ".join(operands), attrs, ", ".join(types), ttype(want))


def data(shape, dt):
    if dt == torch.bool:
        return torch.rand(shape) > 0.5
    if dt in (torch.int32, torch.int64):
        return torch.randint(-1000, 1000, shape, dtype=dt)
    return torch.randn(shape).to(dt)


L = torch.tensor
INDEX = [
    # name, x shape, indexed dims, index tensors
    ("rows", (5, 3), [0], [L([4, 0, -1, 2, 2])]),
    ("kv_pos", (1, 8, 4), [1], [L([3])]),
    ("rank0", (6, 4), [0], [L(-2)]),
    ("rank0_mid", (2, 6, 3), [1], [L(5)]),
    ("two_consecutive", (3, 4, 5), [1, 2], [L([[0, -1]]), L([1, -1])]),
    ("non_consecutive", (3, 4, 5), [0, 2], [L([[0, -1]]), L([1, -1])]),
    ("broadcast_3", (4, 3, 5, 2), [0, 1, 3], [L([[1], [3], [-4]]), L([0, 2]), L(1)]),
    ("non_consecutive_bcast", (4, 3, 5, 2), [0, 2], [L([[1, 2, 3]]), L([[0], [4]])]),
    ("i32_index", (7, 3), [0], [L([[6, -7], [0, 3]], dtype=torch.int32)]),
    ("mixed_index_types", (4, 5), [0, 1], [L([1, 2, 3], dtype=torch.int32), L([[4], [-5]])]),
    ("rope_table", (16, 8), [0], [L([[5, 6, 7]])]),
    ("last_dim", (2, 3, 4), [2], [L([[3, 3], [0, -4]])]),
]
for name, shape, dims, idx in INDEX:
    for dt in (torch.float32, torch.bfloat16, torch.bool, torch.int64):
        if dt != torch.float32 and name not in ("rows", "two_consecutive", "non_consecutive", "broadcast_3"):
            continue
        x = data(shape, dt)
        want = torch.ops.aten.index.Tensor(x, aten_indices(len(shape), dims, idx))
        e_ref, e_xnn, exact = run("index_%s_%s" % (name, MLIR[dt]), index_body("index", x, idx, dims, want), [x] + idx,
                                  want)
        need(exact and e_xnn == 0, "index %s %s differs" % (name, MLIR[dt]))

PUT = [
    # name, x shape, dims, index tensors, values shape (None = the indexing shape), accumulate
    ("kv_write", (1, 8, 4), [1], [L([3])], (1, 1, 4), None),
    ("kv_write_chunk", (1, 8, 4), [1], [L([2, 3, 4])], (1, 3, 4), False),
    ("repeated_last_wins", (6, 3), [0], [L([1, 4, 1, -5, 1])], None, False),
    ("repeated_accumulate", (6, 3), [0], [L([1, 4, 1, -5, 1])], None, True),
    ("scalar_value", (4, 5), [0, 1], [L([0, 3, -1]), L([[1], [4]])], (), False),
    ("bcast_values", (3, 4, 5), [1, 2], [L([[0, -1]]), L([1, -1])], (1, 2), True),
    ("non_consecutive", (3, 4, 5), [0, 2], [L([[0, -1, 0]]), L([1, -1, 1])], (1, 3, 4), True),
    ("non_consecutive_set", (3, 4, 5), [0, 2], [L([[0, -1, 0]]), L([1, -1, 1])], (3, 1), False),
    ("rank0_index", (5, 2), [0], [L(-1)], (2,), False),
    ("i32_index", (5, 2), [0], [L([0, 0, 4], dtype=torch.int32)], None, True),
]
for name, shape, dims, idx, vshape, acc in PUT:
    for dt in (torch.float32, torch.float16, torch.bfloat16, torch.bool, torch.int32, torch.int64):
        if dt not in (torch.float32, torch.bool) and not name.startswith("repeated") and name != "bcast_values":
            continue
        x = data(shape, dt)
        ishape = torch.ops.aten.index.Tensor(x, aten_indices(len(shape), dims, idx)).shape
        values = data(ishape if vshape is None else vshape, dt)
        if dt in (torch.float16, torch.bfloat16) and acc:
            # sums that round at every step: large first term, small repeats.
            values = (torch.rand(values.shape) * 0.01 + 0.001).to(dt)
            x = torch.full(shape, 1.0).to(dt)
        if dt == torch.int32 and acc:
            x = torch.full(shape, 2 ** 31 - 5, dtype=dt)
            values = torch.full(values.shape, 3, dtype=dt)
        want = torch.ops.aten.index_put(x, aten_indices(len(shape), dims, idx), values, bool(acc))
        if dt in (torch.float16, torch.bfloat16) and acc and name == "repeated_accumulate":
            # The config must tell ATen's rounding at every step from one
            # rounding of the f32 sum, or it checks nothing.
            once = torch.ops.aten.index_put(x.float(), aten_indices(len(shape), dims, idx), values.float(), True)
            need(not torch.equal(once.to(dt).float(), want.float()), "accumulate %s does not discriminate" % MLIR[dt])
        run_name = "index_put_%s_%s" % (name, MLIR[dt])
        e_ref, e_xnn, exact = run(run_name, index_body("index_put", x, idx, dims, want, values, acc),
                                  [x, values] + idx, want)
        need(exact and e_xnn == 0, "index_put %s %s differs" % (name, MLIR[dt]))

# ---- integer arithmetic ---------------------------------------------------------
for dt in (torch.int32, torch.int64):
    v = torch.tensor(INTS[dt], dtype=dt)
    a, b = v.view(8, 1), v.flip(0).view(1, 8)
    for op, fn in (("add", torch.add), ("sub", torch.sub), ("mul", torch.mul), ("maximum", torch.maximum),
                   ("minimum", torch.minimum), ("eq", torch.eq), ("lt", torch.lt), ("ge", torch.ge)):
        want = fn(a, b)
        body = '  %%r = "edge.%s"(%%arg0, %%arg1) : (%s, %s) -> %s' % (op, ttype(a), ttype(b), ttype(want))
        e_ref, e_xnn, exact = run("%s_%s" % (op, MLIR[dt]), body, [a, b], want)
        need(exact and e_xnn == 0, "%s %s differs" % (op, MLIR[dt]))
    want = torch.add(a, b, alpha=3)
    body = '  %%r = "edge.add"(%%arg0, %%arg1) {alpha = 3.0 : f64} : (%s, %s) -> %s' % (ttype(a), ttype(b), ttype(want))
    e_ref, e_xnn, exact = run("add_alpha3_%s" % MLIR[dt], body, [a, b], want)
    need(exact and e_xnn == 0, "add alpha %s differs" % MLIR[dt])
    for op in ("neg", "abs"):
        want = getattr(torch, op)(v)
        body = '  %%r = "edge.%s"(%%arg0) : (%s) -> %s' % (op, ttype(v), ttype(want))
        e_ref, e_xnn, exact = run("%s_%s" % (op, MLIR[dt]), body, [v], want)
        need(exact and e_xnn == 0, "%s %s differs" % (op, MLIR[dt]))
    cond = torch.rand(8, 8) > 0.5
    want = torch.where(cond, a, b)
    body = '  %%r = "edge.where"(%%arg0, %%arg1, %%arg2) : (%s, %s, %s) -> %s' % (ttype(cond), ttype(a), ttype(b),
                                                                             ttype(want))
    e_ref, e_xnn, exact = run("where_%s" % MLIR[dt], body, [cond, a, b], want)
    need(exact and e_xnn == 0, "where %s differs" % MLIR[dt])
    for to in (torch.int32, torch.int64, torch.bool, torch.float32, torch.bfloat16):
        if to == dt:
            continue
        want = v.to(to)
        body = '  %%r = "edge.to_copy"(%%arg0) {dtype = %s} : (%s) -> %s' % (MLIR[to], ttype(v), ttype(want))
        e_ref, e_xnn, exact = run("to_copy_%s_%s" % (MLIR[dt], MLIR[to]), body, [v], want)
        need(exact and e_xnn == 0, "to_copy %s -> %s differs" % (MLIR[dt], MLIR[to]))
a, b = torch.tensor([False, True]).view(2, 1), torch.tensor([False, True]).view(1, 2)
for op, fn in (("add", torch.add), ("mul", torch.mul), ("maximum", torch.maximum), ("minimum", torch.minimum),
               ("eq", torch.eq), ("lt", torch.lt)):
    want = fn(a, b)
    body = '  %%r = "edge.%s"(%%arg0, %%arg1) : (%s, %s) -> %s' % (op, ttype(a), ttype(b), ttype(want))
    e_ref, e_xnn, exact = run("%s_i1" % op, body, [a, b], want)
    need(exact and e_xnn == 0, "%s i1 differs" % op)
cond = torch.tensor([[True, False], [False, True]])
want = torch.where(cond, a, b)
body = '  %%r = "edge.where"(%%arg0, %%arg1, %%arg2) : (%s, %s, %s) -> %s' % (ttype(cond), ttype(a), ttype(b), ttype(want))
e_ref, e_xnn, exact = run("where_i1", body, [cond, a, b], want)
need(exact and e_xnn == 0, "where i1 differs")
for to in (torch.int32, torch.int64, torch.float32):
    want = a.to(to)
    body = '  %%r = "edge.to_copy"(%%arg0) {dtype = %s} : (%s) -> %s' % (MLIR[to], ttype(a), ttype(want))
    e_ref, e_xnn, exact = run("to_copy_i1_%s" % MLIR[to], body, [a], want)
    need(exact and e_xnn == 0, "to_copy i1 -> %s differs" % MLIR[to])

failures = [f for f in failures if f]
if failures:
    print("FAILED:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("all configs within tolerance")
