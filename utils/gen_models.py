#!/usr/bin/env python3
"""Generate `edge`-dialect MLIR models (SPEC section 3.1) for xnnmlir.

Python 3.11 standard library only. Every model is one `builtin.module` holding
one `func.func @forward(...)`; user inputs are the function arguments, weights
and other lifted constants are `edge.constant` ops, every op is printed in
generic form with static shapes, and result shapes are computed as PyTorch
computes them (the builder re-derives and checks every result type).

Models (subcommands):

  gemma3       gemma-3-1b text decoder, one prefill step (batch 1), as HF
               transformers exports it to Edge ops (eager attention).
  mobilenetv2  torchvision MobileNetV2 with BatchNorm folded into conv biases,
               relu6 = edge.hardtanh(0, 6), mean([2,3], keepdim) + view + linear.
  resnet       ResNet with basic blocks (resnet18 by default), BN folded.
  mixed-cnn    MobileNetV2 / ResNet backbone in f16, to_copy to f32, f32 head.
  scaler       one small block repeated until the module has about --ops ops,
               mixing delegable ops with ones that are not (embedding, i64
               ops, int->float converts, last-axis mean).
  mlp          small mixed-precision MLP for tests.

Weights (--weights):
  zero     every parameter a zero splat dense<0.0> (the default): tiny text
           at any size, structure only, runs.
  elided   every parameter dense_resource<__elided__>, MLIR's own elided form
           (what --mlir-elide-resource-strings-if-larger prints; no
           dialect_resources entry): tiny text at any size, compiles, cannot
           run.
  random   every float parameter dense_resource<KEY> (KEY: the parameter name
           made identifier-safe, e.g. model_layers_0_self_attn_q_proj_weight)
           with a seeded blob in the file's trailing dialect_resources
           section: values in (-s, s) spread about uniformly, s per parameter
           (1/sqrt(fan-in) for linear weights, sqrt(1.5/fan-in) for conv
           weights, 0.1 for biases and norm weights, 1 for the embedding), generated from SHAKE-128 with
           byte tables (see random_tables) and written chunk by chunk, so
           memory stays small at any size: full gemma-3-1b bf16 (1e9
           parameters, 4 GB of text) takes about half a minute.  Above
           DEFAULT_MAX_RANDOM_PARAMS parameters it needs --force.
  Small non-parameter constants (RoPE tables, masks, scalars) are always
  dense<...>.  --emit-bytecode (or -o FILE.mlirbc) converts the text to MLIR
  bytecode with `xnn-opt --emit-bytecode`.

Gemma3 export notes (what the generator reproduces, per layer):
  * RMSNorm (Gemma3RMSNorm): x.float() -> pow(x, 2.0) -> mean(-1, keepdim)
    -> add(eps) -> rsqrt -> mul; weight.float() -> add(1.0) -> mul;
    type_as(x).  `.float()` / `type_as` on a tensor that already has that
    dtype is a no-op that torch.export does not record, so in an f32 model no
    edge.to_copy appears at all.  pow.Tensor_Scalar(2) is expressed as
    edge.pow (Tensor_Tensor) with a rank-0 f32 constant 2.0, scalar adds as
    edge.add with a rank-0 constant (ExecuTorch's ScalarToTensorPass).
  * RoPE: HF computes cos/sin from position_ids (int64 -> f32 to_copy, inv_freq
    matmul, cat, cos, sin, .to(model dtype)).  For a prefill step without KV
    cache position_ids = arange(seq), so everything is constant; edge has no
    cos/sin op, so the generator emits the const-propagated result: one cos
    and one sin table [1, seq, head_dim] of the model dtype per rope type that
    some layer uses (sliding: base 1e4, full: base 1e6), computed in f32
    exactly as HF does and rounded once (RNE).  Per layer they are unsqueezed
    (edge.view to [1,1,S,D]) as apply_rotary_pos_emb does.
  * Causal (and, when seq > --sliding-window, sliding-window) additive masks
    are constants [1,1,S,S] of the model dtype (0 / finfo(dtype).min).
  * repeat_kv (expand + reshape) has no edge op; it is emitted as
    view [1,KV,1,S,D] -> cat (n_rep copies, dim 2) -> view [1,H,S,D].
  * 4-D matmuls decompose as ATen does: view to 3-D, bmm, view back.
  * softmax(dtype=float32) -> to_copy(f32), softmax(-1), to_copy(model dtype).
  * `.contiguous()` after the output transpose is a no-op on the permute_copy
    result and is not emitted; neither is the no-op logits_to_keep slice.
  * rotate_half's second slice has end = INT64_MAX, as torch.export records
    `x[..., n:]`.
  * Tied LM head: edge.linear with the embedding weight constant (one value).
"""

import argparse
import binascii
import hashlib
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from collections import Counter

INT64_MAX = 9223372036854775807
FLOAT_DTYPES = ("f32", "f16", "bf16")
ALL_DTYPES = FLOAT_DTYPES + ("i64", "i32", "i1")
DEFAULT_MAX_RANDOM_PARAMS = 2_000_000
WEIGHTS_CHOICES = ("zero", "elided", "random")
BLOB_CHUNK_BYTES = 4 << 20      # random blobs are generated and written this much at a time


class GenError(Exception):
    """A user-facing error (bad option combination); printed, exit 1."""


# ----------------------------------------------------------------------------
# Scalar encodings

def f32_round(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def bf16_bits_from_f32(v):
    """float -> f32 (RNE) -> bf16 (RNE), as torch .to(bfloat16) on f32."""
    b = f32_bits(v)
    if (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF):
        return 0x7FC0
    b += 0x7FFF + ((b >> 16) & 1)
    return (b >> 16) & 0xFFFF


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def round_to(v, dt):
    """The value v becomes when stored as dt (via f32, RNE)."""
    if dt == "f32":
        return f32_round(v)
    if dt == "bf16":
        return bf16_value(bf16_bits_from_f32(v))
    if dt == "f16":
        return struct.unpack("<e", struct.pack("<e", f32_round(v)))[0]
    if dt in ("i64", "i32"):
        return int(v)
    if dt == "i1":
        return 1 if v else 0
    raise ValueError(dt)


def encode(values, dt):
    """Little-endian raw bytes of values in dtype dt, as hex (MLIR dense hex)."""
    if dt == "f32":
        data = struct.pack("<%df" % len(values), *values)
    elif dt == "f16":
        data = struct.pack("<%de" % len(values), *[f32_round(v) for v in values])
    elif dt == "bf16":
        data = struct.pack("<%dH" % len(values), *[bf16_bits_from_f32(v) for v in values])
    elif dt == "i64":
        data = struct.pack("<%dq" % len(values), *[int(v) for v in values])
    elif dt == "i32":
        data = struct.pack("<%di" % len(values), *[int(v) for v in values])
    elif dt == "i1":
        data = bytes(1 if v else 0 for v in values)
    else:
        raise ValueError(dt)
    return data.hex().upper()


def dtype_min_hex(dt):
    """torch.finfo(dt).min as one element of hex."""
    return {"f32": "FFFF7FFF", "bf16": "7FFF", "f16": "FFFB"}[dt]


def fmt_float(v):
    """A float literal MLIR accepts (needs a '.'), round-tripping v exactly."""
    if math.isinf(v) or math.isnan(v):
        raise ValueError("non-finite literal")
    s = repr(float(v))
    mant, _, exp = s.partition("e")
    if "." not in mant:
        mant += ".0"
    return mant + ("e" + exp if exp else "")


def fmt_scalar(v, dt):
    if dt in FLOAT_DTYPES:
        return fmt_float(round_to(v, dt))
    if dt == "i1":
        return "true" if v else "false"
    return str(int(v))


# ----------------------------------------------------------------------------
# Random parameter blobs (--weights random)
#
# A float parameter is a `dense_resource<KEY>` whose blob (little-endian
# element bytes after a 4-byte alignment header) is written into the file's
# dialect_resources section chunk by chunk, never held whole.  Values come
# from SHAKE-128 of (seed, key, chunk index), shaped with byte tables
# instead of per-element arithmetic (SHAKE runs about twice as fast as
# random.randbytes here and is as deterministic): the top 16 bits of an element (f32: bytes 3
# and 2; bf16 and f16: the whole element) are a word W = sign | exponent |
# top mantissa bits, whose high byte H holds the sign and the top exponent
# bits.  The random H picks a sign (bit 7) and one of 128 levels (bits 6..0);
# each level names a "bin" of W patterns (a fixed H and a fixed prefix of the
# low byte L, within one exponent, so the values of a bin are evenly spaced)
# and the rest of L and all lower bytes stay random.  Bins get levels in
# proportion to the length of their value interval, so |v| is close to
# uniform on [0, scale): bins below about scale/128 get no level, and every
# bin lies below scale (finite, |v| < scale), symmetric in sign.
# new H = TH[H], new L = (L & TM[H]) | TB[H]: three translates and one big-int
# and/or per chunk.

# dtype -> (element bytes, byte index of H, byte index of L, exponent bits in W)
FLOAT_LAYOUT = {"f32": (4, 3, 2, 8), "bf16": (2, 1, 0, 8), "f16": (2, 1, 0, 5)}
_TABLES = {}


def _word_value(dt, x):
    """The value of top word x (sign clear) of a dt element whose lower bits are zero."""
    if dt == "f16":
        return struct.unpack("<e", struct.pack("<H", x))[0]
    return struct.unpack("<f", struct.pack("<I", x << 16))[0]


def random_bins(dt, scale):
    """[(x0, j, length)]: W patterns x0 .. x0 + 2^j - 1 (x0 aligned, j <= 8, one
    exponent), value interval length; together they cover [0, ~scale)."""
    ebits = FLOAT_LAYOUT[dt][3]
    m = 15 - ebits
    v = lambda x: _word_value(dt, x)
    bins = []
    for e in range((1 << ebits) - 1):         # finite exponent fields
        base = e << m
        # c = how many patterns of this exponent lie wholly below scale.
        lo, hi = 0, 1 << m
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if v(base + mid) <= scale:
                lo = mid
            else:
                hi = mid - 1
        c = lo
        off = 0
        while off < c:
            j = 8
            while (1 << j) > c - off or off % (1 << j):
                j -= 1
            x0 = base + off
            bins.append((x0, j, v(x0 + (1 << j)) - v(x0)))
            off += 1 << j
        if c < (1 << m):
            break
    return bins


def random_tables(dt, scale):
    """(TH, TM, TB) byte tables for dtype dt and bound scale (cached)."""
    key = (dt, scale)
    if key in _TABLES:
        return _TABLES[key]
    if not (scale > 0 and math.isfinite(scale)):
        raise ValueError("random parameter scale must be positive and finite, got %r" % scale)
    bins = random_bins(dt, scale)
    if not bins:
        raise ValueError("scale %r is below the smallest %s value" % (scale, dt))
    total = sum(b[2] for b in bins)
    want = [b[2] / total * 128 for b in bins]
    levels = [int(w) for w in want]
    # Largest remainders (ties to the larger magnitude) fill up to 128 levels.
    order = sorted(range(len(bins)), key=lambda i: (want[i] - levels[i], i), reverse=True)
    for i in order[:128 - sum(levels)]:
        levels[i] += 1
    table = []
    for (x0, j, _), n in zip(bins, levels):
        table.extend([(x0 >> 8, (1 << j) - 1, x0 & 0xFF)] * n)
    assert len(table) == 128
    th = bytes((r & 0x80) | table[r & 0x7F][0] for r in range(256))
    tm = bytes(table[r & 0x7F][1] for r in range(256))
    tb = bytes(table[r & 0x7F][2] for r in range(256))
    _TABLES[key] = (th, tm, tb)
    return _TABLES[key]


def random_blob_chunks(dt, count, scale, seed, key, chunk_bytes=BLOB_CHUNK_BYTES):
    """Yield the little-endian bytes of count random dt values in (-scale, scale),
    chunk_bytes at a time; the values depend on seed, key and chunk_bytes only."""
    es, hi, lo, _ = FLOAT_LAYOUT[dt]
    th, tm, tb = random_tables(dt, scale)
    total = count * es
    step = max(es, chunk_bytes // es * es)
    done = index = 0
    while done < total:
        nb = min(step, total - done)
        buf = bytearray(hashlib.shake_128(b"gen_models/%d/%s/%d" % (seed, key.encode(), index)).digest(nb))
        index += 1
        h = buf[hi::es]
        l = buf[lo::es]
        buf[hi::es] = h.translate(th)
        nl = ((int.from_bytes(l, "little") & int.from_bytes(h.translate(tm), "little"))
              | int.from_bytes(h.translate(tb), "little"))
        buf[lo::es] = nl.to_bytes(len(l), "little")
        yield buf
        done += nb


def blob_header_hex(dt):
    """The blob's leading alignment (uint32 LE, the element size) as hex."""
    return struct.pack("<I", FLOAT_LAYOUT[dt][0]).hex().upper()


# ----------------------------------------------------------------------------
# Types, values and the builder

def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def ttype(shape, dt):
    if shape:
        return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), dt)
    return "tensor<%s>" % dt


class Value:
    __slots__ = ("name", "shape", "dt", "op")

    def __init__(self, name, shape, dt, op):
        self.name = name
        self.shape = tuple(shape)
        self.dt = dt
        self.op = op  # defining op name, or None for function arguments

    @property
    def type(self):
        return ttype(self.shape, self.dt)


def norm_dim(d, rank):
    if not -rank <= d < max(rank, 1):
        raise AssertionError("dim %d out of range for rank %d" % (d, rank))
    return d + rank if d < 0 else d


def broadcast(a, b):
    ra, rb = len(a), len(b)
    out = []
    for i in range(max(ra, rb)):
        da = a[ra - 1 - i] if i < ra else 1
        db = b[rb - 1 - i] if i < rb else 1
        if da != db and da != 1 and db != 1:
            raise AssertionError("cannot broadcast %s and %s" % (a, b))
        out.append(db if da == 1 else da)
    return tuple(reversed(out))


def attr_i64(v):
    return "%d : i64" % v


def attr_f64(v):
    return "%s : f64" % fmt_float(v)


def attr_array(vals):
    return "array<i64%s>" % ("".join((": " if i == 0 else ", ") + str(v) for i, v in enumerate(vals)))


def attr_bool(v):
    return "true" if v else "false"


def attr_str(s):
    return '"%s"' % s


def unique_name(base, taken):
    """base, or base_2, base_3, ... : the first not in `taken` (which then holds it)."""
    name, k = base, 1
    while name in taken:
        k += 1
        name = "%s_%d" % (base, k)
    taken.add(name)
    return name


class Builder:
    """Accumulates the body of @forward; checks every op's result type."""

    def __init__(self, weights="zero", seed=0):
        if weights not in WEIGHTS_CHOICES:
            raise ValueError(weights)
        self.lines = []
        self.args = []
        self.next_id = 0
        self.names = set()
        self.hist = Counter()
        self.weights = weights
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = 0
        self.blobs = []          # (key, count, dt, scale) of the random dense_resource parameters
        self.blob_keys = {"__elided__"}
        self.converts = Counter()  # (src, dst, "activation"|"constant")

    # -- naming --------------------------------------------------------------
    def fresh(self, name=None):
        if name is None:
            n = "%d" % self.next_id
            self.next_id += 1
            return n
        return unique_name(name, self.names)

    def arg(self, name, shape, dt):
        v = Value(self.fresh(name), shape, dt, None)
        self.args.append(v)
        return v

    # -- generic emission ----------------------------------------------------
    def emit(self, op, operands, shape, dt, attrs=None, name=None):
        v = Value(self.fresh(name), shape, dt, op)
        a = ""
        if attrs:
            a = " {%s}" % ", ".join("%s = %s" % kv for kv in attrs)
        self.lines.append('    %%%s = "edge.%s"(%s)%s : (%s) -> %s' % (
            v.name, op, ", ".join("%" + o.name for o in operands), a,
            ", ".join(o.type for o in operands), v.type))
        self.hist["edge." + op] += 1
        return v

    # -- constants -------------------------------------------------------------
    def const_raw(self, shape, dt, body, name=None):
        return self.emit("constant", [], shape, dt,
                         [("value", "%s : %s" % (body, ttype(shape, dt)))], name=name)

    def scalar(self, v, dt, shape=()):
        """A (splat) constant: rank-0 by default, as ScalarToTensorPass lifts."""
        return self.const_raw(shape, dt, "dense<%s>" % fmt_scalar(v, dt))

    def const_values(self, shape, dt, values, name=None):
        assert len(values) == numel(shape), (shape, len(values))
        if len(set(values)) == 1:
            return self.const_raw(shape, dt, "dense<%s>" % fmt_scalar(values[0], dt), name)
        return self.const_raw(shape, dt, 'dense<"0x%s">' % encode(values, dt), name)

    def blob_key(self, name):
        """A unique, identifier-safe resource key derived from a parameter name."""
        base = re.sub(r"[^A-Za-z0-9_]", "_", name)
        if not base or not (base[0].isalpha() or base[0] == "_"):
            base = "p_" + base
        return unique_name(base, self.blob_keys)

    def param(self, name, shape, dt, kind="uniform", scale=1.0):
        """A model parameter: zero splat dense<0.0> (zero), dense_resource<__elided__>
        (elided) or seeded random values (random): a dense_resource blob for
        float dtypes, written by write(); inline dense hex for integers."""
        n = numel(shape)
        self.params += n
        if self.weights == "zero":
            return self.const_raw(shape, dt, "dense<%s>" % fmt_scalar(0, dt), name)
        if self.weights == "elided":
            return self.const_raw(shape, dt, "dense_resource<__elided__>", name)
        if kind != "uniform":
            raise ValueError(kind)
        if dt in FLOAT_LAYOUT:
            random_tables(dt, scale)          # checks scale now, not at write time
            key = self.blob_key(name if name is not None else "param")
            self.blobs.append((key, n, dt, scale))
            return self.const_raw(shape, dt, "dense_resource<%s>" % key, name)
        r = self.rng.random
        if kind == "uniform":
            vals = [(2.0 * r() - 1.0) * scale for _ in range(n)]
        else:
            raise ValueError(kind)
        return self.const_values(shape, dt, vals, name)

    # -- ops -----------------------------------------------------------------
    def binary(self, op, a, b, alpha=None):
        assert a.dt == b.dt, (op, a.dt, b.dt)
        attrs = [("alpha", attr_f64(alpha))] if alpha is not None else None
        return self.emit(op, [a, b], broadcast(a.shape, b.shape), a.dt, attrs)

    def add(self, a, b):
        return self.binary("add", a, b)

    def mul(self, a, b):
        return self.binary("mul", a, b)

    def unary(self, op, x, attrs=None):
        return self.emit(op, [x], x.shape, x.dt, attrs)

    def gelu(self, x, approximate=None):
        return self.unary("gelu", x, [("approximate", attr_str(approximate))] if approximate else None)

    def hardtanh(self, x, lo, hi):
        return self.unary("hardtanh", x, [("min_val", attr_f64(lo)), ("max_val", attr_f64(hi))])

    def to_copy(self, x, dt=None, memory_format=None):
        attrs = []
        if dt is not None:
            attrs.append(("dtype", dt))
        if memory_format is not None:
            attrs.append(("memory_format", attr_str(memory_format)))
        out_dt = dt or x.dt
        if out_dt != x.dt:
            self.converts[(x.dt, out_dt, "constant" if x.op == "constant" else "activation")] += 1
        return self.emit("to_copy", [x], x.shape, out_dt, attrs)

    def reduce(self, op, x, dims, keepdim):
        r = len(x.shape)
        nd = {norm_dim(d, r) for d in dims}
        shape = [(1 if i in nd else s) for i, s in enumerate(x.shape) if keepdim or i not in nd]
        return self.emit(op, [x], shape, x.dt, [("dims", attr_array(dims)), ("keepdim", attr_bool(keepdim))])

    def mean(self, x, dims, keepdim=True):
        return self.reduce("mean", x, dims, keepdim)

    def softmax(self, x, dim):
        norm_dim(dim, len(x.shape))
        return self.emit("softmax", [x], x.shape, x.dt, [("dim", attr_i64(dim))])

    def linear(self, x, w, bias=None):
        assert len(w.shape) == 2 and x.shape[-1] == w.shape[1], (x.shape, w.shape)
        assert x.dt == w.dt
        ops = [x, w]
        if bias is not None:
            assert bias.shape == (w.shape[0],) and bias.dt == x.dt
            ops.append(bias)
        return self.emit("linear", ops, x.shape[:-1] + (w.shape[0],), x.dt)

    def bmm(self, a, b):
        assert len(a.shape) == 3 and len(b.shape) == 3
        assert a.shape[0] == b.shape[0] and a.shape[2] == b.shape[1], (a.shape, b.shape)
        assert a.dt == b.dt
        return self.emit("bmm", [a, b], (a.shape[0], a.shape[1], b.shape[2]), a.dt)

    def view(self, x, shape):
        shape = tuple(shape)
        assert numel(shape) == numel(x.shape), (x.shape, shape)
        return self.emit("view", [x], shape, x.dt)

    def permute(self, x, dims):
        r = len(x.shape)
        assert sorted(norm_dim(d, r) for d in dims) == list(range(r))
        return self.emit("permute", [x], [x.shape[norm_dim(d, r)] for d in dims], x.dt,
                         [("dims", attr_array(dims))])

    def cat(self, xs, dim):
        r = len(xs[0].shape)
        d = norm_dim(dim, r)
        for x in xs:
            assert x.dt == xs[0].dt and len(x.shape) == r
            assert all(x.shape[i] == xs[0].shape[i] for i in range(r) if i != d)
        assert all(x.type == xs[1].type for x in xs[1:]), "IRDL: cat tail operands share one type"
        shape = list(xs[0].shape)
        shape[d] = sum(x.shape[d] for x in xs)
        return self.emit("cat", xs, shape, xs[0].dt, [("dim", attr_i64(dim))])

    def slice(self, x, dim, start, end, step=1):
        r = len(x.shape)
        d = norm_dim(dim, r)
        n = x.shape[d]
        s = max(0, min(n, start + n if start < 0 else start))
        e = max(0, min(n, end + n if end < 0 else end))
        length = max(0, (e - s + step - 1) // step)
        shape = list(x.shape)
        shape[d] = length
        return self.emit("slice", [x], shape, x.dt, [("dim", attr_i64(dim)), ("start", attr_i64(start)),
                                                        ("end", attr_i64(end)), ("step", attr_i64(step))])

    def embedding(self, w, idx):
        assert len(w.shape) == 2 and idx.dt in ("i64", "i32")
        return self.emit("embedding", [w, idx], idx.shape + (w.shape[1],), w.dt)

    def conv2d(self, x, w, bias, stride, padding, dilation=(1, 1), groups=1):
        n, c, h, wd = x.shape
        o, cg, kh, kw = w.shape
        assert c == cg * groups and o % groups == 0, (x.shape, w.shape, groups)
        oh = (h + 2 * padding[0] - dilation[0] * (kh - 1) - 1) // stride[0] + 1
        ow = (wd + 2 * padding[1] - dilation[1] * (kw - 1) - 1) // stride[1] + 1
        assert oh > 0 and ow > 0, "conv output would be empty"
        ops = [x, w] + ([bias] if bias is not None else [])
        return self.emit("conv2d", ops, (n, o, oh, ow), x.dt, [
            ("stride", attr_array(stride)), ("padding", attr_array(padding)),
            ("dilation", attr_array(dilation)), ("groups", attr_i64(groups))])

    @staticmethod
    def _pool_out(size, k, s, p, d, ceil_mode):
        num = size + 2 * p - d * (k - 1) - 1
        out = (-(-num // s) if ceil_mode else num // s) + 1
        if ceil_mode and (out - 1) * s >= size + p:
            out -= 1
        return out

    def max_pool2d(self, x, k, s, p, d=(1, 1), ceil_mode=False):
        n, c, h, w = x.shape
        oh = self._pool_out(h, k[0], s[0], p[0], d[0], ceil_mode)
        ow = self._pool_out(w, k[1], s[1], p[1], d[1], ceil_mode)
        assert oh > 0 and ow > 0
        return self.emit("max_pool2d", [x], (n, c, oh, ow), x.dt, [
            ("kernel_size", attr_array(k)), ("stride", attr_array(s)), ("padding", attr_array(p)),
            ("dilation", attr_array(d)), ("ceil_mode", attr_bool(ceil_mode))])

    def avg_pool2d(self, x, k, s, p=(0, 0)):
        n, c, h, w = x.shape
        oh = self._pool_out(h, k[0], s[0], p[0], 1, False)
        ow = self._pool_out(w, k[1], s[1], p[1], 1, False)
        assert oh > 0 and ow > 0
        return self.emit("avg_pool2d", [x], (n, c, oh, ow), x.dt, [
            ("kernel_size", attr_array(k)), ("stride", attr_array(s)), ("padding", attr_array(p))])

    # -- output --------------------------------------------------------------
    def render(self, results, header=()):
        out = ["// " + h for h in header]
        out.append("module {")
        out.append("  func.func @forward(%s) -> %s {" % (
            ", ".join("%%%s: %s" % (a.name, a.type) for a in self.args),
            results[0].type if len(results) == 1 else "(%s)" % ", ".join(r.type for r in results)))
        out.extend(self.lines)
        out.append("    func.return %s : %s" % (", ".join("%" + r.name for r in results),
                                                 ", ".join(r.type for r in results)))
        out.append("  }")
        out.append("}")
        return "\n".join(out) + "\n"

    def write(self, f, results, header=()):
        """Write the module to binary file f: the op text, then (random weights)
        the dialect_resources section, each blob generated and written in
        chunks of BLOB_CHUNK_BYTES."""
        f.write(self.render(results, header).encode())
        if not self.blobs:
            return
        f.write(b"\n{-#\n  dialect_resources: {\n    builtin: {\n")
        for i, (key, n, dt, scale) in enumerate(self.blobs):
            f.write(('      %s: "0x%s' % (key, blob_header_hex(dt))).encode())
            for chunk in random_blob_chunks(dt, n, scale, self.seed, key):
                f.write(binascii.hexlify(chunk))   # lower case: MLIR reads either, this is faster
            f.write(b'",\n' if i + 1 < len(self.blobs) else b'"\n')
        f.write(b"    }\n  }\n#-}\n")

    def summary(self, title):
        total = sum(self.hist.values())
        lines = ["model: %s" % title,
                 "ops: %d" % total,
                 "non-constant ops: %d" % (total - self.hist["edge.constant"]),
                 "params: %d" % self.params]
        for k in sorted(self.hist):
            lines.append("op %s: %d" % (k, self.hist[k]))
        for (s, d, kind) in sorted(self.converts):
            lines.append("convert %s->%s %s: %d" % (s, d, kind, self.converts[(s, d, kind)]))
        lines.append("converts activation: %d" % sum(v for k, v in self.converts.items() if k[2] == "activation"))
        lines.append("converts constant: %d" % sum(v for k, v in self.converts.items() if k[2] == "constant"))
        return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------
# gemma3

def gemma3_layer_types(n, pattern):
    # HF Gemma3TextConfig: sliding unless (i + 1) % pattern == 0.
    return ["sliding" if (i + 1) % pattern else "full" for i in range(n)]


def rope_tables(seq, head_dim, base, dt):
    """cos/sin [1, seq, head_dim] exactly as Gemma3RotaryEmbedding in f32."""
    half = head_dim // 2
    inv = []
    for i in range(half):
        expo = f32_round(f32_round(2 * i) / head_dim)          # arange(0,dim,2).float() / dim
        p = f32_round(f32_round(base) ** expo)                 # base ** (...)
        inv.append(f32_round(1.0 / p))                         # 1.0 / (...)
    cos, sin = [], []
    for pos in range(seq):
        freqs = [f32_round(f * float(pos)) for f in inv]      # inv_freq @ position_ids (K=1)
        emb = freqs + freqs                                    # cat((freqs, freqs), -1)
        cos.extend(round_to(f32_round(math.cos(e)), dt) for e in emb)  # * attention_scaling (1.0)
        sin.extend(round_to(f32_round(math.sin(e)), dt) for e in emb)
    return cos, sin


def mask_hex(seq, dt, window=None):
    zero = encode([0.0], dt)
    mn = dtype_min_hex(dt)
    parts = []
    for q in range(seq):
        for k in range(seq):
            keep = k <= q and (window is None or k > q - window)
            parts.append(zero if keep else mn)
    return "".join(parts)


def build_gemma3(a, b):
    dt = a.dtype
    H, NH, KV, D, M, V, S = a.hidden, a.heads, a.kv_heads, a.head_dim, a.mlp, a.vocab, a.seq
    L = a.layers
    n_rep = NH // KV
    eps = a.eps
    types = gemma3_layer_types(L, a.sliding_pattern)
    lin_scale = lambda fan_in: 1.0 / math.sqrt(fan_in)

    ids = b.arg("input_ids", (1, S), "i64")

    # Embedding (Gemma3TextScaledWordEmbedding): embedding(w, ids) * embed_scale.to(w.dtype)
    emb_w = b.param("model.embed_tokens.weight", (V, H), dt, scale=1.0)
    h = b.embedding(emb_w, ids)
    es = b.scalar(H ** 0.5, "f32")          # f32 buffer
    if dt != "f32":
        es = b.to_copy(es, dt)
    h = b.mul(h, es)

    # Rotary tables (const-propagated rotary_emb / rotary_emb_local), masks.
    rope = {}
    for kind in ("full", "sliding"):
        if kind in types:
            base = a.rope_theta if kind == "full" else a.rope_local_theta
            cos, sin = rope_tables(S, D, base, dt)
            rope[kind] = (b.const_values((1, S, D), dt, cos, name="rope_%s_cos" % kind),
                          b.const_values((1, S, D), dt, sin, name="rope_%s_sin" % kind))
    masks = {}
    causal_hex = mask_hex(S, dt)
    for kind in ("full", "sliding"):
        if kind in types:
            hx = mask_hex(S, dt, a.sliding_window if kind == "sliding" else None)
            if hx == causal_hex and "causal" in masks:
                masks[kind] = masks["causal"]
                continue
            m = b.const_raw((1, 1, S, S), dt, 'dense<"0x%s">' % hx,
                            name="causal_mask" if hx == causal_hex else "sliding_mask")
            masks[kind] = m
            if hx == causal_hex:
                masks["causal"] = m

    def rmsnorm(x, wname, wdim):
        xf = b.to_copy(x, "f32") if x.dt != "f32" else x            # A
        p = b.binary("pow", xf, b.scalar(2.0, "f32"))
        var = b.mean(p, [-1], True)
        var = b.add(var, b.scalar(eps, "f32"))
        r = b.unary("rsqrt", var)
        o = b.mul(xf, r)
        w = b.param(wname, (wdim,), dt, scale=0.1)
        wf = b.to_copy(w, "f32") if dt != "f32" else w               # P
        wf = b.add(wf, b.scalar(1.0, "f32"))
        o = b.mul(o, wf)
        return b.to_copy(o, dt) if dt != "f32" else o                # B

    def rotate_half(x):
        x1 = b.slice(x, 3, 0, D // 2)
        x2 = b.slice(x, 3, D // 2, INT64_MAX)
        return b.cat([b.unary("neg", x2), x1], -1)

    def apply_rope(x, cos_u, sin_u):
        return b.add(b.mul(x, cos_u), b.mul(rotate_half(x), sin_u))

    def repeat_kv(x):
        if n_rep == 1:
            return x
        x5 = b.view(x, (1, KV, 1, S, D))
        xr = b.cat([x5] * n_rep, 2)
        return b.view(xr, (1, NH, S, D))

    scale = a.query_pre_attn_scalar ** -0.5
    for i in range(L):
        p = "model.layers.%d." % i
        kind = types[i]
        residual = h
        x = rmsnorm(h, p + "input_layernorm.weight", H)
        q = b.linear(x, b.param(p + "self_attn.q_proj.weight", (NH * D, H), dt, scale=lin_scale(H)))
        k = b.linear(x, b.param(p + "self_attn.k_proj.weight", (KV * D, H), dt, scale=lin_scale(H)))
        v = b.linear(x, b.param(p + "self_attn.v_proj.weight", (KV * D, H), dt, scale=lin_scale(H)))
        q = b.permute(b.view(q, (1, S, NH, D)), [0, 2, 1, 3])
        k = b.permute(b.view(k, (1, S, KV, D)), [0, 2, 1, 3])
        v = b.permute(b.view(v, (1, S, KV, D)), [0, 2, 1, 3])
        q = rmsnorm(q, p + "self_attn.q_norm.weight", D)
        k = rmsnorm(k, p + "self_attn.k_norm.weight", D)
        cos_t, sin_t = rope[kind]
        cos_u = b.view(cos_t, (1, 1, S, D))
        sin_u = b.view(sin_t, (1, 1, S, D))
        q = apply_rope(q, cos_u, sin_u)
        k = apply_rope(k, cos_u, sin_u)
        k = repeat_kv(k)
        v = repeat_kv(v)
        kt = b.permute(k, [0, 1, 3, 2])
        aw = b.bmm(b.view(q, (NH, S, D)), b.view(kt, (NH, D, S)))
        aw = b.view(aw, (1, NH, S, S))
        aw = b.mul(aw, b.scalar(scale, dt))
        aw = b.add(aw, masks[kind])
        if dt != "f32":
            aw = b.to_copy(aw, "f32")
        aw = b.softmax(aw, -1)
        if dt != "f32":
            aw = b.to_copy(aw, dt)
        ao = b.bmm(b.view(aw, (NH, S, S)), b.view(v, (NH, S, D)))
        ao = b.view(ao, (1, NH, S, D))
        ao = b.view(b.permute(ao, [0, 2, 1, 3]), (1, S, NH * D))
        o = b.linear(ao, b.param(p + "self_attn.o_proj.weight", (H, NH * D), dt, scale=lin_scale(NH * D)))
        x = rmsnorm(o, p + "post_attention_layernorm.weight", H)
        h = b.add(residual, x)
        residual = h
        x = rmsnorm(h, p + "pre_feedforward_layernorm.weight", H)
        g = b.linear(x, b.param(p + "mlp.gate_proj.weight", (M, H), dt, scale=lin_scale(H)))
        g = b.gelu(g, "tanh")
        u = b.linear(x, b.param(p + "mlp.up_proj.weight", (M, H), dt, scale=lin_scale(H)))
        d = b.linear(b.mul(g, u), b.param(p + "mlp.down_proj.weight", (H, M), dt, scale=lin_scale(M)))
        x = rmsnorm(d, p + "post_feedforward_layernorm.weight", H)
        h = b.add(residual, x)

    h = rmsnorm(h, "model.norm.weight", H)
    logits = b.linear(h, emb_w)        # tied lm_head
    return [logits]


# ----------------------------------------------------------------------------
# CNNs

def make_divisible(v, divisor=8, min_value=None):
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


class CNN:
    def __init__(self, b, dt):
        self.b = b
        self.dt = dt
        self.n = 0

    def conv(self, x, cout, k, stride, groups=1, act=None, name=None):
        b = self.b
        cin = x.shape[1]
        name = name or "conv%d" % self.n
        self.n += 1
        fan_in = (cin // groups) * k * k
        w = b.param(name + ".weight", (cout, cin // groups, k, k), self.dt, scale=math.sqrt(6.0 / fan_in) * 0.5)
        bias = b.param(name + ".bias", (cout,), self.dt, scale=0.1)
        y = b.conv2d(x, w, bias, (stride, stride), (k // 2, k // 2), (1, 1), groups)
        if act == "relu6":
            y = b.hardtanh(y, 0.0, 6.0)
        elif act == "relu":
            y = b.unary("relu", y)
        return y


MBV2_CFG = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
            (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]


def mobilenetv2_backbone(c, x, width_mult, blocks, last=None):
    """torchvision MobileNetV2 features; blocks limits the inverted residuals (None = all 17)."""
    inp = make_divisible(32 * width_mult)
    if last is None:
        last = make_divisible(1280 * max(1.0, width_mult))
    x = c.conv(x, inp, 3, 2, act="relu6", name="features.0")
    idx = 1
    for t, ch, n, s in MBV2_CFG:
        out = make_divisible(ch * width_mult)
        for j in range(n):
            if blocks is not None and idx > blocks:
                break
            stride = s if j == 0 else 1
            hidden = int(round(inp * t))
            p = "features.%d." % idx
            y = x
            if t != 1:
                y = c.conv(y, hidden, 1, 1, act="relu6", name=p + "expand")
            y = c.conv(y, hidden, 3, stride, groups=hidden, act="relu6", name=p + "dw")
            y = c.conv(y, out, 1, 1, name=p + "project")
            if stride == 1 and inp == out:
                y = c.b.add(x, y)
            x = y
            inp = out
            idx += 1
    x = c.conv(x, last, 1, 1, act="relu6", name="features.%d" % idx)
    return x


def resnet_backbone(c, x, width_mult, blocks):
    b = c.b
    w0 = max(8, int(64 * width_mult))
    x = c.conv(x, w0, 7, 2, act="relu", name="conv1")
    x = b.max_pool2d(x, (3, 3), (2, 2), (1, 1))
    cin = w0
    for si, nblk in enumerate(blocks):
        planes = max(8, int(64 * (2 ** si) * width_mult))
        for j in range(nblk):
            stride = 2 if (j == 0 and si > 0) else 1
            p = "layer%d.%d." % (si + 1, j)
            y = c.conv(x, planes, 3, stride, act="relu", name=p + "conv1")
            y = c.conv(y, planes, 3, 1, name=p + "conv2")
            ident = x
            if stride != 1 or cin != planes:
                ident = c.conv(x, planes, 1, stride, name=p + "downsample")
            x = b.unary("relu", b.add(y, ident))
            cin = planes
    return x


def cnn_head(c, x, classes, head):
    b = c.b
    if head == "avgpool":
        x = b.avg_pool2d(x, (x.shape[2], x.shape[3]), (x.shape[2], x.shape[3]))
    else:
        x = b.mean(x, [2, 3], True)
    x = b.view(x, (1, x.shape[1]))
    w = b.param("fc.weight", (classes, x.shape[1]), c.dt, scale=1.0 / math.sqrt(x.shape[1]))
    bias = b.param("fc.bias", (classes,), c.dt, scale=0.1)
    return b.linear(x, w, bias)


def parse_blocks(s, what):
    try:
        vals = [int(t) for t in s.split(",")]
    except ValueError:
        raise GenError("--blocks for %s must be a comma-separated list of integers, got %r" % (what, s))
    if not vals or any(v < 1 for v in vals):
        raise GenError("--blocks entries must be >= 1")
    return vals


def backbone(a, c, x):
    if a.arch == "mobilenetv2":
        blocks = None
        if a.blocks is not None:
            try:
                blocks = int(a.blocks)
            except ValueError:
                raise GenError("--blocks for mobilenetv2 is one integer (1..17), got %r" % a.blocks)
            if not 1 <= blocks <= 17:
                raise GenError("--blocks for mobilenetv2 must be in 1..17")
        return mobilenetv2_backbone(c, x, a.width_mult, blocks, a.last_channel)
    return resnet_backbone(c, x, a.width_mult, parse_blocks(a.blocks or "2,2,2,2", "resnet"))


def check_resolution(a):
    if a.resolution < 32:
        raise GenError("--resolution must be >= 32")


def build_cnn(a, b):
    check_resolution(a)
    c = CNN(b, a.dtype)
    x = b.arg("input", (1, 3, a.resolution, a.resolution), a.dtype)
    return [cnn_head(c, backbone(a, c, x), a.classes, a.head)]


def build_mixed_cnn(a, b):
    check_resolution(a)
    c = CNN(b, "f16")
    x = b.arg("input", (1, 3, a.resolution, a.resolution), a.input_dtype)
    if a.input_dtype != "f16":
        x = b.to_copy(x, "f16")
    y = backbone(a, c, x)
    y = b.to_copy(y, "f32")
    c.dt = "f32"
    return [cnn_head(c, y, a.classes, a.head)]


# ----------------------------------------------------------------------------
# scaler

def build_scaler(a, b):
    W, V = a.width, 64
    x = b.arg("x", (1, W), "f32")
    ids = b.arg("ids", (1,), "i64")
    i = 0
    while sum(b.hist.values()) < a.ops:
        # base block: linear -> silu -> bf16 tanh -> f32 -> residual
        w = b.param("w%d" % i, (W, W), "f32", scale=1.0 / math.sqrt(W))
        l = b.linear(x, w)
        m = b.mul(l, b.unary("sigmoid", l))
        t = b.unary("tanh", b.to_copy(m, a.mid_dtype))
        y = b.add(x, b.to_copy(t, "f32"))
        if i % 4 == 3:
            # RMSNorm-like: last-axis mean
            r = b.unary("rsqrt", b.add(b.mean(b.mul(y, y), [-1], True), b.scalar(1e-6, "f32")))
            y = b.mul(y, r)
        if i % 8 == 7:
            # i64 ops (clamp keeps any input in range), embedding, int->float convert
            ii = b.binary("minimum", b.binary("maximum", ids, b.scalar(0, "i64", (1,))), b.scalar(V - 1, "i64", (1,)))
            e = b.embedding(b.param("tbl%d" % i, (V, W), "f32", scale=0.5), ii)
            y = b.add(y, e)
            fi = b.unary("sigmoid", b.to_copy(ii, "f32"))
            y = b.add(y, fi)
        x = y
        i += 1
    return [x]


# ----------------------------------------------------------------------------
# mlp

def build_mlp(a, b):
    dt = a.dtype
    B = a.batch
    x = b.arg("x", (B, a.in_features), dt)
    # layer 0 in the storage dtype
    h = b.linear(x, b.param("fc0.weight", (a.hidden, a.in_features), dt, scale=1.0 / math.sqrt(a.in_features)),
                 b.param("fc0.bias", (a.hidden,), dt, scale=0.1))
    h = b.gelu(h, "tanh")
    if dt != "f32":
        h = b.to_copy(h, "f32")
    # hidden layers in f32
    for i in range(a.depth):
        r = h
        h = b.linear(h, b.param("fc%d.weight" % (i + 1), (a.hidden, a.hidden), "f32", scale=1.0 / math.sqrt(a.hidden)),
                     b.param("fc%d.bias" % (i + 1), (a.hidden,), "f32", scale=0.1))
        h = b.unary("relu", h)
        h = b.add(r, h)
    if dt != "f32":
        h = b.to_copy(h, dt)
    # output layer in the storage dtype, softmax in f32
    o = b.linear(h, b.param("out.weight", (a.out_features, a.hidden), dt, scale=1.0 / math.sqrt(a.hidden)),
                 b.param("out.bias", (a.out_features,), dt, scale=0.1))
    if dt != "f32":
        o = b.to_copy(o, "f32")
    o = b.softmax(o, -1)
    if dt != "f32":
        o = b.to_copy(o, dt)
    return [o]


# ----------------------------------------------------------------------------
# CLI

GEMMA3_EPILOG = """\
edge.to_copy per decoder layer (bf16/f16 model): 20 =
  6 RMSNorms x [A to_copy(x, f32) + P to_copy(weight, f32) + B to_copy(out, dtype)]
  + eager softmax [to_copy(scores, f32), to_copy(probs, dtype)]
  i.e. 13 with f32 results (7 activation + 6 parameter) and 7 with dtype results.
Outside the layers: final norm (A, P, B) + embed_scale.to(dtype) (f32 buffer) = 4.
26 layers: 524 to_copy = 366 activation float converts + 158 constant converts.
f32 model: no to_copy at all (same-dtype .float()/type_as are not exported).
RoPE cos/sin are emitted as const-propagated [1,S,D] tables of the model dtype
(edge has no cos/sin; prefill position_ids = arange(S)). See the module
docstring of utils/gen_models.py for every export detail reproduced."""


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        sys.stderr.write("%s: error: %s\n" % (self.prog, message))
        sys.exit(1)


def _int_at_least(s, least):
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError("invalid integer: %r" % s)
    if v < least:
        raise argparse.ArgumentTypeError("must be >= %d, got %d" % (least, v))
    return v


def positive_int(s):
    return _int_at_least(s, 1)


def nonneg_int(s):
    return _int_at_least(s, 0)


def positive_float(s):
    try:
        v = float(s)
    except ValueError:
        raise argparse.ArgumentTypeError("invalid number: %r" % s)
    if not (v > 0 and math.isfinite(v)):
        raise argparse.ArgumentTypeError("must be a positive number, got %r" % s)
    return v


def add_common(p, dtypes, default_dtype, default_weights="zero"):
    p.add_argument("--dtype", choices=dtypes, default=default_dtype,
                   help="model dtype (default %s)" % default_dtype)
    p.add_argument("--weights", choices=WEIGHTS_CHOICES, default=default_weights,
                   help="zero: parameters are zero splats dense<0.0> (structure only, tiny text, runs); "
                        "elided: dense_resource<__elided__>, MLIR's elided form (structure only, no data: "
                        "compiles but does not run); "
                        "random: seeded random values in (-s, s), s per parameter (e.g. 1/sqrt(fan-in)), "
                        "as dense_resource blobs in the file's dialect_resources section, generated "
                        "and written chunk by chunk (default %s)" % default_weights)
    p.add_argument("--seed", type=nonneg_int, default=0, help="random seed for --weights random (default 0)")
    p.add_argument("--force", action="store_true",
                   help="allow --weights random above %d parameters (--weights zero and elided need "
                        "no --force at any size)" % DEFAULT_MAX_RANDOM_PARAMS)
    p.add_argument("-o", "--output", default="-", help="output file (default stdout); written atomically")
    p.add_argument("--emit-bytecode", action="store_true",
                   help="write MLIR bytecode instead of text, converted by 'xnn-opt --emit-bytecode' "
                        "($XNN_OPT, else <repo>/build/bin/xnn-opt, else xnn-opt on PATH); implied "
                        "by -o FILE.mlirbc")
    p.add_argument("--summary", action="store_true",
                   help="print an op histogram / convert summary to stdout instead of the MLIR "
                        "(the MLIR is still written when -o FILE is given)")


def add_cnn_opts(p, arch_choice=False):
    if arch_choice:
        p.add_argument("--arch", choices=("mobilenetv2", "resnet"), default="mobilenetv2",
                       help="backbone (default mobilenetv2)")
    p.add_argument("--width-mult", type=positive_float, default=1.0, help="channel width multiplier (default 1.0)")
    p.add_argument("--blocks", default=None,
                   help="mobilenetv2: number of inverted-residual blocks to keep (1..17, default 17); "
                        "resnet: basic blocks per stage, comma-separated (default 2,2,2,2 = resnet18)")
    p.add_argument("--resolution", type=positive_int, default=224, help="input H = W (default 224, >= 32)")
    p.add_argument("--classes", type=positive_int, default=1000, help="classifier outputs (default 1000)")
    p.add_argument("--last-channel", type=positive_int, default=None,
                   help="mobilenetv2: channels of the last 1x1 conv (default make_divisible(1280 * max(1, width-mult)))")
    p.add_argument("--head", choices=("mean", "avgpool"), default="mean",
                   help="global pooling: mean(dims=[2,3], keepdim) or avg_pool2d over the whole map (default mean)")


def make_parser():
    p = Parser(prog="gen_models.py",
               description="Generate edge-dialect MLIR models (SPEC 3.1) for xnnmlir. "
                           "Run 'gen_models.py MODEL --help' for a model's options.",
               epilog="Output: one module with func.func @forward; ops in generic form; static shapes. "
                      "Check with: mlir-opt --irdl-file=lib/Dialect/edge.irdl.mlir OUT.mlir")
    sub = p.add_subparsers(dest="model", metavar="MODEL", parser_class=Parser)
    sub.required = True

    g = sub.add_parser("gemma3", help="gemma-3-1b text decoder prefill (HF export, eager attention)",
                       description="gemma-3-1b text decoder, one prefill step, batch 1, as HF transformers "
                                   "exports it to Edge ops. Defaults are the real 1b config.",
                       epilog=GEMMA3_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common(g, FLOAT_DTYPES, "bf16")
    g.add_argument("--layers", type=positive_int, default=26, help="decoder layers (default 26)")
    g.add_argument("--hidden", type=positive_int, default=1152, help="hidden size (default 1152)")
    g.add_argument("--heads", type=positive_int, default=4, help="query heads (default 4)")
    g.add_argument("--kv-heads", type=positive_int, default=1, help="key/value heads (default 1)")
    g.add_argument("--head-dim", type=positive_int, default=256, help="head dim, even (default 256)")
    g.add_argument("--mlp", type=positive_int, default=6912, help="MLP intermediate size (default 6912)")
    g.add_argument("--vocab", type=positive_int, default=262144, help="vocabulary size (default 262144)")
    g.add_argument("--seq", type=positive_int, default=8, help="prefill sequence length (default 8)")
    g.add_argument("--sliding-pattern", type=positive_int, default=6,
                   help="every Nth layer is full attention, the rest sliding (default 6: 5 sliding : 1 full)")
    g.add_argument("--sliding-window", type=positive_int, default=512, help="sliding window (default 512)")
    g.add_argument("--rope-theta", type=positive_float, default=1e6, help="full-attention rope base (default 1e6)")
    g.add_argument("--rope-local-theta", type=positive_float, default=1e4, help="sliding rope base (default 1e4)")
    g.add_argument("--eps", type=positive_float, default=1e-6, help="RMSNorm eps (default 1e-6)")
    g.add_argument("--query-pre-attn-scalar", type=positive_float, default=None,
                   help="attention scale = this ** -0.5 (default: head dim)")
    g.set_defaults(build=build_gemma3)

    for name, arch, hlp in (("mobilenetv2", "mobilenetv2", "torchvision MobileNetV2 (BN folded, relu6 = hardtanh)"),
                            ("resnet", "resnet", "ResNet with basic blocks (BN folded), resnet18 by default")):
        c = sub.add_parser(name, help=hlp, description=hlp + ". Input [1,3,R,R] NCHW.")
        add_common(c, ("f32", "f16"), "f32")
        add_cnn_opts(c)
        c.set_defaults(build=build_cnn, arch=arch)

    m = sub.add_parser("mixed-cnn", help="f16 CNN backbone, to_copy to f32, f32 head",
                       description="f16 backbone (mobilenetv2 or resnet), edge.to_copy(dtype=f32) on the last "
                                   "feature map, f32 mean + view + linear head.")
    add_common(m, ("f16",), "f16")
    add_cnn_opts(m, arch_choice=True)
    m.add_argument("--input-dtype", choices=("f16", "f32"), default="f16",
                   help="input dtype; f32 adds a leading to_copy to f16 (default f16)")
    m.set_defaults(build=build_mixed_cnn)

    s = sub.add_parser("scaler", help="a small block repeated to about --ops ops",
                       description="Repeats a block (linear, silu, bf16 tanh between converts, residual add; every "
                                   "4th block a last-axis mean; every 8th i64 clamp ops, an embedding and an "
                                   "int64->f32 convert) until the module has at least --ops ops (constants "
                                   "included).")
    add_common(s, ("f32",), "f32")
    s.add_argument("--ops", type=positive_int, default=1000, help="target op count (default 1000; 10^3..10^6)")
    s.add_argument("--width", type=positive_int, default=16, help="activation width (default 16)")
    s.add_argument("--mid-dtype", choices=("bf16", "f16"), default="bf16",
                   help="dtype of the converted middle of each block (default bf16)")
    s.set_defaults(build=build_scaler)

    l = sub.add_parser("mlp", help="small mixed-precision MLP",
                       description="x[dtype] -> linear(dtype) -> gelu -> to_copy f32 -> DEPTH x (linear, relu, "
                                   "residual add) in f32 -> to_copy dtype -> linear(dtype) -> to_copy f32 -> "
                                   "softmax -> to_copy dtype. With --dtype f32 no converts appear.")
    add_common(l, FLOAT_DTYPES, "bf16")
    l.add_argument("--batch", type=positive_int, default=2, help="batch (default 2)")
    l.add_argument("--in-features", type=positive_int, default=16, help="input features (default 16)")
    l.add_argument("--hidden", type=positive_int, default=32, help="hidden features (default 32)")
    l.add_argument("--out-features", type=positive_int, default=8, help="output features (default 8)")
    l.add_argument("--depth", type=nonneg_int, default=1, help="f32 hidden layers (default 1)")
    l.set_defaults(build=build_mlp)
    return p


def count_params(a):
    """Parameter count without building (to refuse huge random models early)."""
    if a.model == "gemma3":
        H, NH, KV, D, M = a.hidden, a.heads, a.kv_heads, a.head_dim, a.mlp
        per = (NH * D * H + 2 * KV * D * H + H * NH * D + 3 * M * H + 4 * H + 2 * D)
        return a.vocab * H + a.layers * per + H
    return None


def validate(a):
    if a.model == "gemma3":
        if a.heads % a.kv_heads:
            raise GenError("--heads (%d) must be a multiple of --kv-heads (%d)" % (a.heads, a.kv_heads))
        if a.head_dim % 2:
            raise GenError("--head-dim must be even (rotate_half), got %d" % a.head_dim)
        if a.query_pre_attn_scalar is None:
            a.query_pre_attn_scalar = float(a.head_dim)
    if a.model == "scaler" and a.ops > 10_000_000:
        raise GenError("--ops above 10^7 is not supported")
    check_random_size(a, count_params(a))


def check_random_size(a, n):
    if a.weights == "random" and n is not None and n > DEFAULT_MAX_RANDOM_PARAMS and not a.force:
        raise GenError("--weights random with %d parameters (> %d); use a smaller config, --weights zero "
                       "or elided, or --force" % (n, DEFAULT_MAX_RANDOM_PARAMS))


def describe(a):
    skip = {"build", "output", "summary", "force", "model", "emit_bytecode"}
    return " ".join("--%s %s" % (k.replace("_", "-"), getattr(a, k)) for k in sorted(vars(a)) if k not in skip)


def _unlink(path):
    if path is not None:
        try:
            os.unlink(path)
        except OSError:
            pass


def _mode_from_umask():
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path, write):
    """Call write(binary file) on a temporary file next to path, then rename it to path."""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".gen_models.", suffix=".tmp", dir=d)
    try:
        os.fchmod(fd, _mode_from_umask())
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise


def find_xnn_opt():
    """$XNN_OPT, else <repo>/build/bin/xnn-opt, else xnn-opt on PATH (an absolute path)."""
    env = os.environ.get("XNN_OPT")
    if env:
        if os.sep in env:
            return os.path.abspath(env)
        return shutil.which(env) or env
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    built = os.path.join(repo, "build", "bin", "xnn-opt")
    if os.path.isfile(built) and os.access(built, os.X_OK):
        return built
    on_path = shutil.which("xnn-opt")
    if on_path:
        return os.path.abspath(on_path)
    raise GenError("--emit-bytecode needs xnn-opt: set XNN_OPT, build %s, or put xnn-opt on PATH" % built)


def write_bytecode(path, write, xnn_opt):
    """Write the text into a temporary directory (next to path; for '-' in the
    system's temp directory), convert it with `xnn-opt --emit-bytecode`, and
    rename the result to path (or let xnn-opt write it to stdout).  The
    temporary directory goes whatever happens.  xnn-opt runs in that
    directory on a relative name, <output stem>.mlir: the bytecode records
    the file name in its locations, and this keeps it free of temporary names
    (same options, same output name: the same bytes)."""
    stdout = path == "-"
    d = None if stdout else os.path.dirname(os.path.abspath(path))
    tmpdir = tempfile.mkdtemp(prefix=".gen_models.", dir=d)
    try:
        stem = "gen_models" if stdout else os.path.splitext(os.path.basename(path))[0] or "model"
        text = stem + ".mlir"
        with open(os.path.join(tmpdir, text), "wb") as f:
            write(f)
        out = os.path.join(tmpdir, stem + ".mlirbc")
        cmd = [xnn_opt, "--emit-bytecode", text, "-o", "-" if stdout else out]
        if stdout:
            sys.stdout.flush()
        try:
            rc = subprocess.call(cmd, cwd=tmpdir, stdout=None if stdout else subprocess.DEVNULL)
        except OSError as e:
            raise GenError("cannot run %s: %s" % (xnn_opt, e.strerror or e))
        if rc != 0:
            raise GenError("'%s --emit-bytecode' failed (exit status %d)" % (xnn_opt, rc))
        if not stdout:
            os.chmod(out, _mode_from_umask())
            os.replace(out, path)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def main(argv=None):
    p = make_parser()
    a = p.parse_args(argv)
    try:
        validate(a)
        bytecode = a.emit_bytecode or (a.output != "-" and a.output.endswith(".mlirbc"))
        xnn_opt = find_xnn_opt() if bytecode and (a.output != "-" or not a.summary) else None
        b = Builder(weights=a.weights, seed=a.seed)
        results = a.build(a, b)
        check_random_size(a, b.params)
        title = "%s %s" % (a.model, describe(a))
        header = ["Generated by utils/gen_models.py " + title]
        write = lambda f: b.write(f, results, header)
        if a.output != "-":
            if bytecode:
                write_bytecode(a.output, write, xnn_opt)
            else:
                write_atomic(a.output, write)
        if a.summary:
            sys.stdout.write(b.summary(title))
        elif a.output == "-":
            if bytecode:
                write_bytecode("-", write, xnn_opt)
            else:
                sys.stdout.flush()
                write(sys.stdout.buffer)
                sys.stdout.buffer.flush()
    except GenError as e:
        sys.stderr.write("gen_models.py: error: %s\n" % e)
        return 1
    except BrokenPipeError:
        # The reader of stdout went away (`| head`): stop quietly; keep the
        # interpreter's final flush from failing again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as e:
        sys.stderr.write("gen_models.py: error: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
