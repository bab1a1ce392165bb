#!/usr/bin/python3
"""Seeded, structure-aware generator of valid edge graphs (SPEC section 3.1).

Every op follows its ATen semantics (shapes, attribute legality); numerics are
kept finite by tracking a bound on |x| per value and squashing (tanh) before
ops that could overflow, and by feeding sqrt/rsqrt/log/div/pow positive
operands built as abs(x) + c. NaN/Inf-producing cases are opt-in (--nan).

Usage: gen.py --seed N [-o out.mlir] [--nan] [--avoid CLASS,...] [--ops K]
"""

import argparse
import math
import random
import sys

from graph import FLOAT_TYPES, INT_TYPES, Graph, numel

I64_MAX = 9223372036854775807
MAX_ELEMS = 1536            # per tensor: keeps each graph well under a second
TORCH_LOWEST = ("f32", "f16", "bf16")

# Generator knobs that steer away from a named, already-reported failure class
# (so a long run can look for new ones). The default avoids nothing.
AVOIDABLE = {
    "dead-chain": "no op result left unused (every dead value is returned)",
    "pool-1x1": "no 1x1 max/avg pool kernels",
    "pool-stride-gt-kernel": "no pool stride larger than its kernel",
    "pool-dilation-padding": "no max_pool2d with dilation > 1 together with padding",
    "shared-const-layout": "no constant has more than one user (so none meets two layouts)",
    "hardtanh-excludes-zero": "hardtanh ranges always contain 0",
    "gelu-tanh-rank0": "no gelu(approximate=tanh) on rank-0 tensors",
    "cat-mixed-shapes": "a cat of 3+ inputs has one shape for all inputs after the first",
    "softmax-nhwc": "softmax input is never 4-D",
    "pow-const-exponent": "pow exponent is never a constant",
    "const-copy": "copies never take a constant operand",
    "return-const-or-arg": "function results are never constants or arguments",
    "resource-const": "float constants are never dense_resource blobs",
    "matmul-chain": "no mm/bmm whose operands come through chains of views and permutes",
}


def fmt_f64(x):
    return "%s : f64" % repr(float(x))


def fmt_i64(x):
    return "%d : i64" % x


def fmt_array(xs):
    return "array<i64%s>" % ("".join(", %d" % x if i else ": %d" % x for i, x in enumerate(xs)))


def promote(a, b):
    """ATen's float type promotion: equal stays, f16 with bf16 or anything with f32 is f32."""
    return a if a == b else "f32"


def broadcast_shape(a, b):
    r = max(len(a), len(b))
    a = (1,) * (r - len(a)) + tuple(a)
    b = (1,) * (r - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)   # 1 broadcasts to the other size, also to 0
    return tuple(out)


class Generator:
    def __init__(self, seed, allow_nan=False, avoid=(), num_ops=None, aten_extras=False):
        self.rng = random.Random(seed)
        # Its own stream: which constants are dense_resource blobs (and the
        # run-time linear filters below) leave every other draw as it was.
        self.rng_forms = random.Random(seed * 7919 + 17)
        # And one for the matmul operand chains added after the rest (issue 45).
        self.rng_chain = random.Random(seed * 104729 + 29)
        self.aten_extras = aten_extras
        self.allow_nan = allow_nan
        self.avoid = set(avoid)
        self.g = Graph()
        self.pool = []          # values available as operands
        self.num_ops = num_ops if num_ops is not None else self.rng.randint(3, 14)
        self.conv_filters = set()

    # --- shapes & values ------------------------------------------------------
    def rand_shape(self, rank, budget=MAX_ELEMS, dmax=8):
        dims = []
        for i in range(rank):
            left = budget // max(1, numel(dims))
            hi = max(1, min(dmax, left // max(1, 2 ** (rank - i - 1))))
            dims.append(self.rng.randint(1, hi))
        return tuple(dims)

    def rand_rank(self, lo=0, hi=6):
        weights = [1, 3, 4, 4, 5, 2, 1]
        ranks = list(range(lo, hi + 1))
        return self.rng.choices(ranks, [weights[r] for r in ranks])[0]

    def rand_float_dtype(self):
        return self.rng.choice(FLOAT_TYPES)

    def constant(self, shape, dtype, lo=-1.0, hi=1.0, payload=None):
        if payload is None:
            if dtype in FLOAT_TYPES:
                # Multiples of 1/64 are exact in every float dtype: constants mean the same everywhere.
                payload = [round(self.rng.uniform(lo, hi) * 64) / 64 for _ in range(numel(shape))]
            elif dtype == "i1":
                payload = [self.rng.random() < 0.5 for _ in range(numel(shape))]
            else:
                payload = [self.rng.randint(int(lo), int(hi)) for _ in range(numel(shape))]
        bound = max([abs(float(x)) for x in payload] + [0.0]) if dtype in FLOAT_TYPES else 1.0
        v = self.g.add_op("constant", [], [], shape, dtype, bound, payload=payload)
        if dtype in FLOAT_TYPES and "resource-const" not in self.avoid and self.rng_forms.random() < 0.35:
            v.producer.resource = True   # a dense_resource blob, as torch.export writes weights
        if dtype in FLOAT_TYPES and self.rng.random() < 0.5 and "shared-const-layout" not in self.avoid:
            self.pool.append(v)   # constants are shareable operands of later ops
        return v

    def op(self, name, operands, attrs, shape, dtype, bound, pool=True):
        v = self.g.add_op(name, operands, attrs, shape, dtype, bound)
        if pool:
            self.pool.append(v)
        return v

    def pick(self, pred=lambda v: True, recent_bias=0.6):
        cands = [v for v in self.pool if pred(v)]
        if not cands:
            return None
        if self.rng.random() < recent_bias:
            return cands[-1 - min(len(cands) - 1, int(self.rng.expovariate(0.7)))]
        return self.rng.choice(cands)

    def pick_or_arg(self, pred, make_shape, dtype=None):
        v = self.pick(pred)
        if v is None:
            v = self.g.add_arg(make_shape(), dtype or self.rand_float_dtype())
            self.pool.append(v)
        return v

    def float_value(self, pred=lambda v: True):
        return self.pick_or_arg(lambda v: v.is_float and pred(v), lambda: self.rand_shape(self.rand_rank(0, 4)))

    def nchw_value(self, min_hw=1):
        def ok(v):
            return v.is_float and v.rank == 4 and v.shape[2] >= min_hw and v.shape[3] >= min_hw
        v = self.pick(ok)
        if v is None:
            shape = (self.rng.randint(1, 2), self.rng.choice([1, 2, 3, 4, 5, 6, 8, 12]), self.rng.randint(max(min_hw, 3), 10),
                     self.rng.randint(max(min_hw, 3), 10))
            v = self.g.add_arg(shape, self.rand_float_dtype())
            self.pool.append(v)
        return v

    # --- numeric guards -----------------------------------------------------
    def squash(self, v, limit):
        """tanh(v) when |v| may exceed limit: keeps exp/mul chains finite in f16."""
        if v.bound <= limit:
            return v
        return self.op("tanh", [v], [], v.shape, v.dtype, 1.0)

    def positive(self, v, offset=None):
        """abs(v) + c with c >= 0.25: a safe operand for sqrt/rsqrt/log/div/pow."""
        offset = offset if offset is not None else self.rng.choice([0.25, 0.5, 1.0])
        a = self.op("abs", [v], [], v.shape, v.dtype, v.bound, pool=False)
        c = self.constant((), v.dtype, payload=[offset])
        attrs = []
        alpha = 1.0
        if self.rng.random() < 0.3:
            alpha = self.rng.choice([0.5, 2.0])
            attrs = [("alpha", fmt_f64(alpha))]
        return self.op("add", [a, c], attrs, v.shape, v.dtype, v.bound + alpha * offset, pool=False)

    def to_dtype(self, v, dtype):
        if v.dtype == dtype:
            return v
        if self.rng.random() < 0.5:
            return self.op("to_copy", [v], [("dtype", dtype)], v.shape, dtype, v.bound)
        return self.op("to_dim_order_copy", [v], [("dtype", dtype)], v.shape, dtype, v.bound)

    # --- op generators --------------------------------------------------------
    def gen_unary(self):
        kind = self.rng.choice(["relu", "sigmoid", "tanh", "rsqrt", "sqrt", "neg", "abs", "exp", "log",
                                "gelu", "hardtanh", "silu", "hardswish", "hardsigmoid", "leaky_relu", "elu",
                                "clamp"])
        x = self.float_value()
        if kind == "gelu" and x.rank == 0 and "gelu-tanh-rank0" in self.avoid:
            x = self.float_value(lambda v: v.rank > 0)
        attrs = []
        bound = x.bound
        if kind in ("rsqrt", "sqrt", "log"):
            if not (self.allow_nan and self.rng.random() < 0.3):
                x = self.positive(self.squash(x, 64.0))
            bound = {"rsqrt": 2.0, "sqrt": math.sqrt(x.bound), "log": max(2.0, math.log(x.bound + 1))}[kind]
        elif kind == "exp":
            x = self.squash(x, 4.0)
            bound = math.exp(x.bound)
        elif kind in ("sigmoid", "tanh"):
            bound = 1.0
        elif kind == "gelu":
            r = self.rng.random()
            if r < 0.4:
                attrs = [("approximate", '"tanh"')]
            elif r < 0.6:
                attrs = [("approximate", '"none"')]
        elif kind == "hardtanh":
            lo = self.rng.choice([-1.0, -0.5, 0.0, 0.25, -2.0, -0.75])
            hi = lo + self.rng.choice([0.25, 0.5, 1.0, 6.0])
            if "hardtanh-excludes-zero" in self.avoid and not lo <= 0 <= hi:
                lo, hi = -abs(lo), abs(hi)
            attrs = [("min_val", fmt_f64(lo)), ("max_val", fmt_f64(hi))]
            bound = max(abs(lo), abs(hi))
        elif kind == "silu":
            bound = x.bound
        elif kind == "hardswish":
            bound = max(x.bound, 0.375)
        elif kind == "hardsigmoid":
            bound = 1.0
        elif kind == "leaky_relu":
            slope = 0.01
            if self.rng.random() < 0.6:
                slope = self.rng.choice([0.2, 0.1, -0.5, 1.5, 0.0])
                attrs = [("negative_slope", fmt_f64(slope))]
            bound = x.bound * max(1.0, abs(slope))
        elif kind == "elu":
            alpha = 1.0
            if self.rng.random() < 0.5:
                alpha = self.rng.choice([0.5, 2.0, 1.0])
                attrs = [("alpha", fmt_f64(alpha))]
            bound = max(x.bound, alpha)
        elif kind == "clamp":
            # Either bound alone, both, or min > max (ATen's result: max).
            lo = self.rng.choice([-1.0, -0.5, 0.0, 0.25, -2.0])
            hi = self.rng.choice([lo + 0.5, lo + 1.0, lo + 6.0, lo - 0.25])
            form = self.rng.random()
            if form < 0.25:
                attrs = [("min", fmt_f64(lo))]
                bound = max(x.bound, abs(lo))
            elif form < 0.5:
                attrs = [("max", fmt_f64(hi))]
                bound = max(x.bound, abs(hi))
            else:
                attrs = [("min", fmt_f64(lo)), ("max", fmt_f64(hi))]
                bound = max(abs(lo), abs(hi))
        return self.op(kind, [x], attrs, x.shape, x.dtype, bound)

    def broadcast_partner(self, shape):
        """A shape that broadcasts with `shape` (drops leading dims, sets some to 1, may grow a 1)."""
        r = self.rng.random()
        if r < 0.3:
            return tuple(shape)
        s = list(shape[self.rng.randint(0, len(shape)):]) if shape and self.rng.random() < 0.5 else list(shape)
        s = [1 if self.rng.random() < 0.4 else d for d in s]
        a = list(shape)
        # Broadcasting both ways: a size-1 dim of `shape` meets a larger dim here.
        for i in range(1, len(s) + 1):
            if a[-i] == 1 and self.rng.random() < 0.3:
                s[-i] = self.rng.randint(2, 4)
        if self.rng.random() < 0.15 and len(s) < 6:
            s = [1] * self.rng.randint(1, 2) + s
        if numel(broadcast_shape(shape, s) or shape) > MAX_ELEMS:
            return tuple(shape)
        return tuple(s)

    def gen_binary(self):
        kind = self.rng.choice(["add", "sub", "mul", "div", "maximum", "minimum", "pow"])
        a = self.float_value(lambda v: v.rank <= 6)
        bshape = self.broadcast_partner(a.shape)
        use_const = self.rng.random() < 0.35 or (kind == "pow" and "pow-const-exponent" not in self.avoid
                                                 and self.rng.random() < 0.5)
        if kind == "pow" and "pow-const-exponent" in self.avoid:
            use_const = False
        b = None
        if not use_const:
            b = self.pick(lambda v: v.is_float and v is not a and broadcast_shape(a.shape, v.shape) is not None
                          and numel(broadcast_shape(a.shape, v.shape)) <= MAX_ELEMS and not v.is_constant)
            if b is None or self.rng.random() < 0.3:
                b = self.g.add_arg(bshape, a.dtype)
                self.pool.append(b)
        attrs = []
        if kind == "pow":
            a = self.positive(self.squash(a, 8.0))
            if use_const:
                b = self.constant(bshape, a.dtype, payload=[self.rng.choice([-1.0, -0.5, 0.5, 1.0, 2.0, 1.5, 3.0])
                                                            for _ in range(numel(bshape))])
            else:
                b = self.squash(self.to_dtype(b, a.dtype), 2.0)
        elif use_const:
            b = self.constant(bshape, a.dtype)
        promoted = None
        if self.aten_extras and kind in ("add", "sub", "mul", "maximum", "minimum") and self.rng.random() < 0.3:
            promoted = promote(a.dtype, b.dtype)   # ATen type promotion, no explicit convert
        else:
            b = self.to_dtype(b, a.dtype)
        if kind == "div":
            b = self.positive(self.squash(b, 64.0), 0.5)
            if self.rng.random() < 0.3:
                b = self.op("neg", [b], [], b.shape, b.dtype, b.bound, pool=False)
        if kind in ("mul",):
            a, b = self.squash(a, 30.0), self.squash(b, 30.0)
        if kind in ("add", "sub") and self.rng.random() < 0.4:
            attrs = [("alpha", fmt_f64(self.rng.choice([0.5, 2.0, -1.0, 0.25, 3.0])))]
        if self.rng.random() < 0.3 and kind not in ("div", "pow"):
            a, b = b, a   # the guarded operand (divisor, base) keeps its place
        shape = broadcast_shape(a.shape, b.shape)
        bound = {"add": a.bound + 3 * b.bound, "sub": a.bound + 3 * b.bound, "mul": a.bound * b.bound,
                 "div": a.bound * 2.0 if kind == "div" else 0, "maximum": max(a.bound, b.bound),
                 "minimum": max(a.bound, b.bound)}.get(kind)
        if kind == "div":
            bound = a.bound * 4.0 + b.bound * 4.0
        if kind == "pow":
            bound = max(a.bound, 4.0) ** 3
        return self.op(kind, [a, b], attrs, shape, promoted or a.dtype, bound)

    def gen_nan_minmax(self):
        """maximum/minimum against a NaN constant (only with --nan)."""
        a = self.float_value()
        c = self.constant(a.shape, a.dtype, payload=[float("nan") if self.rng.random() < 0.5 else 0.5
                                                     for _ in range(numel(a.shape))])
        kind = self.rng.choice(["maximum", "minimum"])
        return self.op(kind, [a, c], [], a.shape, a.dtype, a.bound)

    def dims_subset(self, rank, allow_empty=True):
        k = self.rng.randint(0 if allow_empty else 1, rank)
        dims = self.rng.sample(range(rank), k)
        return [d - rank if self.rng.random() < 0.4 else d for d in dims]

    def gen_reduce(self):
        kind = self.rng.choice(["mean", "sum"])
        x = self.float_value()
        if x.rank == 0:
            # ATen reduces a scalar over dim 0 / -1 (or all dims) to a scalar.
            dims = self.rng.choice([[], [0], [-1]])
            return self.op(kind, [x], [("dims", fmt_array(dims)), ("keepdim", self.rng.choice(["true", "false"]))],
                           (), x.dtype, x.bound)
        if x.rank == 4 and self.rng.random() < 0.5:
            dims = self.rng.choice([[2, 3], [-1, -2], [3, 2], [-2, -1]])   # global pooling, NHWC friendly
        else:
            dims = self.dims_subset(x.rank)
        keep = self.rng.random() < 0.5
        norm = sorted({d % x.rank for d in dims}) if dims else list(range(x.rank))
        shape = tuple((1 if i in norm else d) for i, d in enumerate(x.shape) if keep or i not in norm)
        red = numel([x.shape[i] for i in norm])
        bound = x.bound * (red if kind == "sum" else 1)
        return self.op(kind, [x], [("dims", fmt_array(dims)), ("keepdim", "true" if keep else "false")],
                       shape, x.dtype, bound)

    def gen_softmax(self):
        pred = (lambda v: v.rank != 4) if "softmax-nhwc" in self.avoid else (lambda v: True)
        x = self.float_value(pred)
        if not pred(x):
            x = self.op("view", [x], [], (numel(x.shape),), x.dtype, x.bound)
        x = self.squash(x, 30.0)
        d = self.rng.randrange(max(1, x.rank))   # a scalar's softmax takes dim 0 or -1
        if self.rng.random() < 0.5:
            d -= x.rank
        return self.op("softmax", [x], [("dim", fmt_i64(d))], x.shape, x.dtype, 1.0)

    def weight(self, shape, dtype, shareable=True):
        """A constant weight, sometimes a shared one already in the graph."""
        if shareable and "shared-const-layout" not in self.avoid:
            for op in self.g.ops:
                if op.name == "constant" and op.result.shape == tuple(shape) and op.result.dtype == dtype \
                        and self.rng.random() < 0.7:
                    return op.result
        return self.constant(shape, dtype, -0.5, 0.5)

    def gen_linear(self):
        x = self.float_value(lambda v: v.rank >= 1 and v.shape[-1] <= 64)
        if x.rank == 0:
            x = self.op("view", [x], [], (1,), x.dtype, x.bound)
        x = self.squash(x, 30.0)
        k = x.shape[-1]
        n = self.rng.randint(1, 12)
        while numel(x.shape[:-1]) * n > MAX_ELEMS and n > 1:
            n //= 2
        # A run-time filter (a function argument) also with a constant bias:
        # XNNPACK's dynamic fully connected, which reads the bias at every run.
        runtime_filter = self.rng.random() >= 0.8 or self.rng_forms.random() < 0.15
        if not runtime_filter:
            w = self.weight((n, k), x.dtype)
        else:
            w = self.to_dtype(self.g.add_arg((n, k), x.dtype), x.dtype)
            self.pool.append(w)
        ops = [x, w]
        if self.rng.random() < 0.5:
            ops.append(self.constant((n,), x.dtype, -0.5, 0.5))
        return self.op("linear", ops, [], x.shape[:-1] + (n,), x.dtype, x.bound * k * 0.5 + 0.5)

    def gen_mm(self):
        batched = self.rng.random() < 0.5
        a = self.float_value(lambda v: v.rank == (3 if batched else 2))
        if a.rank != (3 if batched else 2):
            a = self.g.add_arg(self.rand_shape(3 if batched else 2), a.dtype)
            self.pool.append(a)
        a = self.squash(a, 30.0)
        k = a.shape[-1]
        n = self.rng.randint(1, 8)
        bshape = (a.shape[0], k, n) if batched else (k, n)
        b = self.pick(lambda v: v.is_float and v.shape == bshape)
        if b is None:
            b = self.constant(bshape, a.dtype) if self.rng.random() < 0.4 else self.g.add_arg(bshape, a.dtype)
            if b.producer is None:
                self.pool.append(b)
        b = self.squash(self.to_dtype(b, a.dtype), 30.0)
        shape = a.shape[:-1] + (n,)
        return self.op("bmm" if batched else "mm", [a, b], [], shape, a.dtype, a.bound * b.bound * k)

    def conv_geometry(self, h, w):
        k = (self.rng.randint(1, min(3, h)), self.rng.randint(1, min(3, w)))
        s = (self.rng.randint(1, 2), self.rng.randint(1, 2))
        d = (1, 1) if self.rng.random() < 0.7 else (self.rng.randint(1, 2), self.rng.randint(1, 2))
        p = (self.rng.randint(0, k[0]), self.rng.randint(0, k[1]))
        return k, s, p, d

    def gen_conv2d(self):
        x = self.squash(self.nchw_value(), 30.0)
        n, c, h, w = x.shape
        groups = self.rng.choice([g for g in range(1, c + 1) if c % g == 0] or [1])
        if self.rng.random() < 0.3:
            groups = c   # depthwise
        for _ in range(20):
            (kh, kw), s, p, d = self.conv_geometry(h, w)
            oh = (h + 2 * p[0] - d[0] * (kh - 1) - 1) // s[0] + 1
            ow = (w + 2 * p[1] - d[1] * (kw - 1) - 1) // s[1] + 1
            if oh >= 1 and ow >= 1:
                break
        else:
            (kh, kw), s, p, d = (1, 1), (1, 1), (0, 0), (1, 1)
            oh, ow = h, w
        o = groups * self.rng.randint(1, max(1, 16 // groups))
        while n * o * oh * ow > MAX_ELEMS and o > groups:
            o -= groups
        share = "shared-const-layout" not in self.avoid
        if self.rng.random() < 0.1:
            wt = self.g.add_arg((o, c // groups, kh, kw), x.dtype)   # a dynamic filter is valid ATen too
        else:
            wt = self.weight((o, c // groups, kh, kw), x.dtype, shareable=share)
        if share and self.rng.random() < 0.5:
            self.pool.append(wt)   # the filter can then also feed view/linear/mean (NCHW users)
        self.conv_filters.add(wt.id)
        ops = [x, wt]
        if self.rng.random() < 0.6:
            ops.append(self.constant((o,), x.dtype, -0.5, 0.5))
        attrs = [("stride", fmt_array(s)), ("padding", fmt_array(p)), ("dilation", fmt_array(d)),
                 ("groups", fmt_i64(groups))]
        bound = x.bound * (c // groups) * kh * kw * 0.5 + 0.5
        if self.unbatched(x):
            ops[0] = self.op("view", [x], [], x.shape[1:], x.dtype, x.bound, pool=False)
            return self.op("conv2d", ops, attrs, (o, oh, ow), x.dtype, bound)
        return self.op("conv2d", ops, attrs, (n, o, oh, ow), x.dtype, bound)

    def unbatched(self, x):
        """--aten-extras: ATen's conv2d/pools also take an unbatched (C, H, W) input."""
        return self.aten_extras and x.shape[0] == 1 and self.rng.random() < 0.3

    def pool_geometry(self, h, w, with_dilation):
        while True:
            k = (self.rng.randint(1, min(3, h)), self.rng.randint(1, min(3, w)))
            if "pool-1x1" in self.avoid and k == (1, 1):
                if h == 1 and w == 1:
                    return None
                continue
            s = (self.rng.randint(1, 3), self.rng.randint(1, 3))
            if "pool-stride-gt-kernel" in self.avoid:
                s = (min(s[0], k[0]), min(s[1], k[1]))
            d = (1, 1)
            if with_dilation and self.rng.random() < 0.3:
                d = (self.rng.randint(1, 2), self.rng.randint(1, 2))
            # ATen: padding at most half the (effective) kernel.
            p = (self.rng.randint(0, k[0] // 2), self.rng.randint(0, k[1] // 2))
            if "pool-dilation-padding" in self.avoid and d != (1, 1):
                p = (0, 0)
            return k, s, p, d

    @staticmethod
    def pool_out(size, k, s, p, d, ceil_mode):
        span = size + 2 * p - d * (k - 1) - 1
        if span < 0:
            return 0
        out = (span + (s - 1 if ceil_mode else 0)) // s + 1
        if ceil_mode and (out - 1) * s >= size + p:
            out -= 1   # the last window must start inside the input or left padding
        return out

    def gen_pool(self):
        kind = self.rng.choice(["max_pool2d", "avg_pool2d"])
        x = self.nchw_value()
        n, c, h, w = x.shape
        for _ in range(20):
            geo = self.pool_geometry(h, w, kind == "max_pool2d")
            if geo is None:
                return None
            k, s, p, d = geo
            ceil = kind == "max_pool2d" and self.rng.random() < 0.3
            oh = self.pool_out(h, k[0], s[0], p[0], d[0], ceil)
            ow = self.pool_out(w, k[1], s[1], p[1], d[1], ceil)
            if oh >= 1 and ow >= 1:
                break
        else:
            return None
        attrs = [("kernel_size", fmt_array(k)), ("stride", fmt_array(s)), ("padding", fmt_array(p))]
        if kind == "max_pool2d":
            attrs += [("dilation", fmt_array(d)), ("ceil_mode", "true" if ceil else "false")]
        if self.unbatched(x):
            x3 = self.op("view", [x], [], x.shape[1:], x.dtype, x.bound, pool=False)
            return self.op(kind, [x3], attrs, (c, oh, ow), x.dtype, x.bound)
        return self.op(kind, [x], attrs, (n, c, oh, ow), x.dtype, x.bound)

    def factorize(self, total, rank):
        """Random shape of `rank` dims with product `total`."""
        if total == 0:   # an empty tensor views to any shape with a 0 in it
            if rank == 0:
                return None
            dims = [self.rng.randint(1, 3) for _ in range(rank)]
            dims[self.rng.randrange(rank)] = 0
            return tuple(dims)
        dims = [1] * rank
        rest = total
        primes = []
        p = 2
        while rest > 1 and p * p <= rest:
            while rest % p == 0:
                primes.append(p)
                rest //= p
            p += 1
        if rest > 1:
            primes.append(rest)
        if rank == 0:
            return () if total == 1 else None
        for f in primes:
            dims[self.rng.randrange(rank)] *= f
        return tuple(dims)

    def gen_view(self):
        x = self.pick_or_arg(lambda v: True, lambda: self.rand_shape(self.rand_rank()))
        total = numel(x.shape)
        rank = self.rand_rank(0 if total == 1 else 1, 6)
        shape = self.factorize(total, rank)
        if shape is None:
            shape = (total,)
        return self.op("view", [x], [], shape, x.dtype, x.bound)

    def gen_permute(self):
        x = self.pick_or_arg(lambda v: v.rank >= 1, lambda: self.rand_shape(self.rand_rank(1, 6)))
        if x.rank == 0:
            x = self.op("view", [x], [], (1,), x.dtype, x.bound)
        perm = list(range(x.rank))
        self.rng.shuffle(perm)
        if x.rank == 4 and self.rng.random() < 0.3:
            perm = self.rng.choice([[0, 2, 3, 1], [0, 3, 1, 2]])
        dims = [q - x.rank if self.rng.random() < 0.3 else q for q in perm]
        return self.op("permute", [x], [("dims", fmt_array(dims))], tuple(x.shape[q] for q in perm),
                       x.dtype, x.bound)

    def gen_cat(self):
        x = self.pick_or_arg(lambda v: v.rank >= 1, lambda: self.rand_shape(self.rand_rank(1, 5)))
        if x.rank == 0:
            x = self.op("view", [x], [], (1,), x.dtype, x.bound)
        d = self.rng.randrange(x.rank)
        count = self.rng.choice([1, 2, 2, 3, 3, 4])
        inputs = [x]
        for _ in range(count - 1):
            same = [v for v in self.pool if v.dtype == x.dtype and v.rank == x.rank
                    and all(v.shape[i] == x.shape[i] for i in range(x.rank) if i != d)]
            if same and self.rng.random() < 0.6:
                v = self.rng.choice(same)
            else:
                sz = self.rng.randint(1, 4)
                if "cat-mixed-shapes" in self.avoid and len(inputs) >= 2:
                    sz = inputs[1].shape[d]
                shape = x.shape[:d] + (sz,) + x.shape[d + 1:]
                if x.is_float and self.rng.random() < 0.3:
                    v = self.constant(shape, x.dtype)
                else:
                    v = self.g.add_arg(shape, x.dtype)
            if "cat-mixed-shapes" in self.avoid and len(inputs) >= 2 and v.shape != inputs[1].shape:
                continue
            inputs.append(v)
        total = sum(v.shape[d] for v in inputs)
        shape = x.shape[:d] + (total,) + x.shape[d + 1:]
        if numel(shape) > 4 * MAX_ELEMS:
            inputs = inputs[:1]
            shape = x.shape
        dim = d - x.rank if self.rng.random() < 0.4 else d
        return self.op("cat", inputs, [("dim", fmt_i64(dim))], shape, x.dtype, max(v.bound for v in inputs))

    def gen_slice(self):
        x = self.pick_or_arg(lambda v: v.rank >= 1, lambda: self.rand_shape(self.rand_rank(1, 6)))
        if x.rank == 0:
            x = self.op("view", [x], [], (1,), x.dtype, x.bound)
        d = self.rng.randrange(x.rank)
        size = x.shape[d]
        for _ in range(20):
            start = self.rng.randint(-size - 2, size)
            end = self.rng.choice([self.rng.randint(-size, size + 3), I64_MAX])
            step = self.rng.choice([1, 1, 2, 3])
            s = max(0, min(size, start + size if start < 0 else start))
            e = max(0, min(size, end + size if end < 0 else end))
            length = max(0, (e - s + step - 1) // step)
            if length >= 1 or (length == 0 and self.rng.random() < 0.05):
                break   # an empty slice is valid ATen too (rarely)
        else:
            start, end, step, length = 0, size, 1, size
        dim = d - x.rank if self.rng.random() < 0.4 else d
        shape = x.shape[:d] + (length,) + x.shape[d + 1:]
        return self.op("slice", [x], [("dim", fmt_i64(dim)), ("start", fmt_i64(start)), ("end", fmt_i64(end)),
                                      ("step", fmt_i64(step))], shape, x.dtype, x.bound)

    def gen_squeeze_family(self):
        """unsqueeze / squeeze (reshapes; views of NCHW values) and transpose."""
        x = self.pick_or_arg(lambda v: v.rank <= 5, lambda: self.rand_shape(self.rand_rank(0, 5)))
        kind = self.rng.choice(["unsqueeze", "squeeze", "squeeze", "transpose", "transpose"])
        if kind == "unsqueeze" and x.rank < 6:
            d = self.rng.randrange(x.rank + 1)
            dim = d - (x.rank + 1) if self.rng.random() < 0.4 else d
            return self.op("unsqueeze", [x], [("dim", fmt_i64(dim))], x.shape[:d] + (1,) + x.shape[d:],
                           x.dtype, x.bound)
        if kind == "squeeze":
            if self.rng.random() < 0.3 or x.rank == 0:
                return self.op("squeeze", [x], [], tuple(n for n in x.shape if n != 1), x.dtype, x.bound)
            dims = self.dims_subset(x.rank, allow_empty=True)
            ds = [q % x.rank for q in dims]
            shape = tuple(n for i, n in enumerate(x.shape) if not (i in ds and n == 1))
            return self.op("squeeze", [x], [("dims", fmt_array(dims))], shape, x.dtype, x.bound)
        if x.rank == 0:   # a scalar's transpose (dims 0 / -1) is a copy
            return self.op("transpose", [x], [("dim0", fmt_i64(0)), ("dim1", fmt_i64(-1))], (), x.dtype, x.bound)
        d0, d1 = self.rng.randrange(x.rank), self.rng.randrange(x.rank)
        shape = list(x.shape)
        shape[d0], shape[d1] = shape[d1], shape[d0]
        a0 = d0 - x.rank if self.rng.random() < 0.3 else d0
        a1 = d1 - x.rank if self.rng.random() < 0.3 else d1
        return self.op("transpose", [x], [("dim0", fmt_i64(a0)), ("dim1", fmt_i64(a1))], tuple(shape),
                       x.dtype, x.bound)

    def gen_expand(self):
        x = self.pick_or_arg(lambda v: v.rank <= 5 and numel(v.shape) <= MAX_ELEMS // 4,
                             lambda: self.rand_shape(self.rand_rank(0, 4), MAX_ELEMS // 4))
        lead = self.rng.choice([0, 0, 1, 2]) if x.rank < 6 else 0
        lead = min(lead, 6 - x.rank)
        shape = tuple(self.rng.randint(1, 3) for _ in range(lead)) + tuple(
            self.rng.randint(1, 5) if n == 1 and self.rng.random() < 0.6 else n for n in x.shape)
        if numel(shape) > MAX_ELEMS:
            shape = (1,) * lead + x.shape
        return self.op("expand", [x], [], shape, x.dtype, x.bound)

    def gen_pad_roll(self):
        x = self.pick_or_arg(lambda v: v.rank >= 1, lambda: self.rand_shape(self.rand_rank(1, 5)))
        if x.rank == 0:
            x = self.op("view", [x], [], (1,), x.dtype, x.bound)
        if self.rng.random() < 0.5:
            k = self.rng.randint(1, min(x.rank, 3))
            pad, shape = [], list(x.shape)
            for i in range(k):
                d = x.rank - 1 - i
                for _ in range(10):
                    a, b = self.rng.randint(-2, 3), self.rng.randint(-2, 3)
                    if shape[d] + a + b >= 1:
                        break
                else:
                    a = b = 0
                pad += [a, b]
                shape[d] += a + b
            if numel(shape) > 4 * MAX_ELEMS:
                return None
            attrs = [("pad", fmt_array(pad))]
            value = 0.0
            if self.rng.random() < 0.6:
                value = self.rng.choice([0.0, -0.0, 1.5, -2.25, 0.1, round(self.rng.uniform(-3, 3), 3)])
                attrs.append(("value", fmt_f64(value)))
            return self.op("constant_pad_nd", [x], attrs, tuple(shape), x.dtype, max(x.bound, abs(value)))
        n = self.rng.randint(1, min(x.rank, 3))
        dims = [self.rng.randrange(x.rank) for _ in range(n)]
        dims = [q - x.rank if self.rng.random() < 0.3 else q for q in dims]
        shifts = [self.rng.randint(-9, 9) for _ in range(n)]
        if self.rng.random() < 0.1:
            dims, shifts = [], shifts[:1]
        return self.op("roll", [x], [("shifts", fmt_array(shifts)), ("dims", fmt_array(dims))], x.shape,
                       x.dtype, x.bound)

    def gen_embedding(self):
        idx = self.pick(lambda v: v.dtype in INT_TYPES)
        if idx is None or self.rng.random() < 0.3:
            if self.rng.random() < 0.7:
                idx = self.g.add_arg(self.rand_shape(self.rng.randint(0, 3), 64), self.rng.choice(INT_TYPES))
            else:
                idx = self.constant(self.rand_shape(self.rng.randint(0, 3), 64), self.rng.choice(INT_TYPES), 0, 7)
            self.pool.append(idx)
        vocab = self.rng.randint(8, 16)   # xnn-run's random integers are in [0, 8)
        dim = self.rng.randint(1, 8)
        dtype = self.rand_float_dtype()
        w = self.weight((vocab, dim), dtype)
        return self.op("embedding", [w, idx], [], idx.shape + (dim,), dtype, w.bound)

    def gen_index_movement(self):
        """view/permute/slice/cat on integer indices (portable data movement of i64/i32)."""
        idx = self.pick(lambda v: v.dtype in INT_TYPES)
        if idx is None:
            return None
        choice = self.rng.choice([self.gen_view, self.gen_permute, self.gen_slice])
        saved = self.pool
        self.pool = [idx]
        try:
            return choice()
        finally:
            out = self.pool[-1]
            self.pool = saved + ([out] if out is not idx else [])

    def gen_sdpa(self):
        q = self.float_value(lambda v: v.rank in (2, 3, 4) and v.shape[-1] <= 16)
        if q.rank not in (2, 3, 4):
            q = self.g.add_arg(self.rand_shape(self.rng.choice([2, 3, 4]), 256), q.dtype)
            self.pool.append(q)
        q = self.squash(q, 4.0)
        lead, L, E = q.shape[:-2], q.shape[-2], q.shape[-1]
        S = self.rng.randint(1, 8)
        Ev = self.rng.randint(1, 8)
        k = self.g.add_arg(lead + (S, E), q.dtype) if self.rng.random() < 0.7 else self.constant(lead + (S, E), q.dtype)
        v = self.g.add_arg(lead + (S, Ev), q.dtype) if self.rng.random() < 0.7 else self.constant(lead + (S, Ev), q.dtype)
        ops = [q, k, v]
        attrs = []
        r = self.rng.random()
        if r < 0.25:
            attrs.append(("is_causal", "true"))
        elif r < 0.3 and self.allow_nan:
            # A random boolean mask argument: a row without True is NaN in ATen.
            ops.append(self.g.add_arg((L, S), "i1"))
        elif r < 0.45:
            # Boolean mask with a True in every row: an all-False row is NaN in ATen.
            payload = [(j == 0) or self.rng.random() < 0.6 for i in range(L) for j in range(S)]
            ops.append(self.constant((L, S), "i1", payload=payload))
        elif r < 0.6:
            ops.append(self.constant((1,) * (len(lead)) + (L, S), q.dtype, -1.0, 0.0))
        elif r < 0.7:
            # A float mask argument: delegated, added to the scores.
            ops.append(self.g.add_arg((L, S), q.dtype))
        if self.rng.random() < 0.4:
            attrs.append(("scale", fmt_f64(self.rng.choice([0.125, 0.5, 1.0]))))
        return self.op("sdpa", ops, attrs, lead + (L, Ev), q.dtype, v.bound)

    def gen_copy(self):
        idx = self.pick(lambda v: v.dtype in INT_TYPES)
        if idx is not None and self.rng.random() < 0.15:
            # Integer -> float _to_copy (portable): indices used as data.
            dtype = self.rand_float_dtype()
            return self.op("to_copy", [idx], [("dtype", dtype)], idx.shape, dtype, 16.0)
        x = self.float_value()
        if "const-copy" in self.avoid and x.is_constant:
            x = self.float_value(lambda v: not v.is_constant)
        if x.rank != 4 and self.rng.random() < 0.5 and numel(x.shape) >= 4:
            x4 = self.factorize(numel(x.shape), 4)
            x = self.op("view", [x], [], x4, x.dtype, x.bound)
        attrs = []
        dtype = x.dtype
        if self.rng.random() < 0.6:
            dtype = self.rng.choice([t for t in FLOAT_TYPES if t != x.dtype])
        use_dim_order = self.rng.random() < 0.5
        if use_dim_order:
            if dtype != x.dtype or self.rng.random() < 0.2:
                attrs.append(("dtype", dtype))
            if x.rank == 4 and self.rng.random() < 0.7:
                attrs.append(("dim_order", fmt_array(self.rng.choice([[0, 2, 3, 1], [0, 1, 2, 3]]))))
            elif self.rng.random() < 0.3:
                attrs.append(("dim_order", fmt_array(list(range(x.rank)))))
            name = "to_dim_order_copy"
        else:
            if dtype != x.dtype or self.rng.random() < 0.2:
                attrs.append(("dtype", dtype))
            if x.rank == 4 and self.rng.random() < 0.7:
                attrs.append(("memory_format", self.rng.choice(['"channels_last"', '"contiguous"', '"preserve"'])))
            elif self.rng.random() < 0.2:
                attrs.append(("memory_format", self.rng.choice(['"contiguous"', '"preserve"'])))
            name = "to_copy"
        return self.op(name, [x], attrs, x.shape, dtype, x.bound)

    def gen_int_arith(self):
        """Integer elementwise ops on index values (portable; exercises i64/i32 kernels)."""
        idx = self.pick(lambda v: v.dtype in INT_TYPES)
        if idx is None:
            return None
        kind = self.rng.choice(["add", "mul", "maximum", "minimum", "abs", "neg", "sub"])
        if kind in ("abs", "neg"):
            return self.op(kind, [idx], [], idx.shape, idx.dtype, 1.0, pool=False)
        return self.op(kind, [idx, idx], [], idx.shape, idx.dtype, 1.0, pool=False)

    def gen_dead_chain(self):
        """Two or three unary ops on a value, nobody uses the last one."""
        x = self.float_value()
        v = x
        for _ in range(self.rng.randint(2, 3)):
            kind = self.rng.choice(["relu", "neg", "abs", "sigmoid", "tanh"])
            v = self.op(kind, [v], [], v.shape, v.dtype, v.bound if kind in ("relu", "neg", "abs") else 1.0,
                        pool=False)
        return v

    # --- SPEC 3.1.1 ops added with the importer -----------------------------------------
    def gen_batch_norm(self):
        x = self.squash(self.nchw_value(), 30.0)
        c = x.shape[1]
        ops = [x, self.constant((c,), x.dtype, 0.5, 1.5), self.constant((c,), x.dtype, -0.5, 0.5),
               self.constant((c,), x.dtype, -0.25, 0.25), self.constant((c,), x.dtype, 0.5, 1.5)]
        if self.rng.random() < 0.2:   # a dynamic scale is valid ATen too (then computed in the delegate)
            ops[1] = self.to_dtype(self.g.add_arg((c,), x.dtype), x.dtype)
        eps = self.rng.choice([1e-5, 1e-3, 0.1])
        bound = (x.bound + 0.25) / math.sqrt(0.5) * max(1.5, ops[1].bound) + 0.5
        return self.op("batch_norm", ops, [("eps", "%.6e : f64" % eps)], x.shape, x.dtype, bound)

    def gen_layer_norm(self):
        x = self.float_value(lambda v: v.rank >= 1 and v.shape[-1] >= 2)
        if x.rank == 0 or x.shape[-1] < 2:
            x = self.g.add_arg(self.rand_shape(self.rng.randint(1, 3)) [:-1] + (self.rng.randint(2, 8),),
                               self.rand_float_dtype())
            self.pool.append(x)
        x = self.squash(x, 30.0)
        k = self.rng.randint(1, min(2, x.rank))
        if numel(x.shape[-k:]) < 2:
            k = 1
        norm = tuple(x.shape[-k:])
        ops = [x]
        if self.rng.random() < 0.7:
            ops.append(self.constant(norm, x.dtype, 0.5, 1.5))
            if self.rng.random() < 0.7:
                ops.append(self.constant(norm, x.dtype, -0.5, 0.5))
        attrs = [("normalized_shape", fmt_array(norm)), ("eps", "%.6e : f64" % self.rng.choice([1e-5, 1e-6, 0.01]))]
        return self.op("layer_norm", ops, attrs, x.shape, x.dtype, 1.5 * math.sqrt(numel(norm)) + 0.5)

    def gen_addmm(self):
        a = self.float_value(lambda v: v.rank == 2 and v.shape[1] <= 32)
        if a.rank != 2:
            a = self.g.add_arg(self.rand_shape(2, 256), self.rand_float_dtype())
            self.pool.append(a)
        a = self.squash(a, 30.0)
        m, k = a.shape
        n = self.rng.randint(1, 8)
        b = self.constant((k, n), a.dtype, -0.5, 0.5) if self.rng.random() < 0.7 else self.g.add_arg((k, n), a.dtype)
        b = self.squash(b, 1.0) if b.producer is None else b
        bias = self.constant(self.rng.choice([(n,), (m, n), (1, n)]), a.dtype, -0.5, 0.5)
        beta = self.rng.choice([1.0, 1.0, 0.5, 2.0, 0.0])
        alpha = self.rng.choice([1.0, 1.0, 0.25, 2.0, 3.0])
        attrs = []
        if beta != 1.0:
            attrs.append(("beta", fmt_f64(beta)))
        if alpha != 1.0:
            attrs.append(("alpha", fmt_f64(alpha)))
        bound = abs(beta) * 0.5 + abs(alpha) * a.bound * k * 1.0
        return self.op("addmm", [bias, a, b], attrs, (m, n), a.dtype, bound)

    # --- matmul operands through views and permutes (issue 45, item 11) --------
    def chain_source(self, shape, dtype):
        """The start of an operand chain: an argument, a constant, tanh of an
        argument (a value the delegate computes: bf16 then runs in f32, as the
        matmul does), or a live value of the same size viewed to `shape`."""
        live = [v for v in self.g.args + [op.result for op in self.g.ops]
                if v.dtype == dtype and v.rank > 0 and numel(v.shape) == numel(shape) and v.bound <= 30.0]
        r = self.rng.random()
        if live and r < 0.25:
            v = self.rng.choice(live)
            return v if v.shape == tuple(shape) else self.op("view", [v], [], shape, dtype, v.bound, pool=False)
        if r < 0.45:
            return self.constant(shape, dtype)
        v = self.g.add_arg(shape, dtype)
        if r < 0.75:
            v = self.op("tanh", [v], [], shape, dtype, 1.0, pool=False)
        return v

    def regroup(self, dims):
        """Another factorization of prod(dims) (0..3 dims when it is 1)."""
        total = numel(dims)
        rank = self.rng.randint(0 if total == 1 else 1, 3)
        return list(self.factorize(total, rank) or (total,))

    def operand_chain(self, shape, dtype, depth):
        """A value of `shape` made by `depth` views / permutes / transposes,
        built backwards from the result: the step's input shape is drawn, then
        the chain below it. Views either keep the last two dims (split or merge
        batch dims: a fold may look through them), reorder them (the matrix
        read as [cols, rows], or refactored), or anything."""
        shape = tuple(shape)
        if depth == 0:
            return self.chain_source(shape, dtype)
        r = len(shape)
        kinds = ["view-keep", "view-reorder", "view-any"] + (["swap-last2", "swap-last2", "permute"] if r >= 2 else [])
        kind = self.rng.choice(kinds)
        if kind == "swap-last2":
            perm = list(range(r))
            perm[-2], perm[-1] = perm[-1], perm[-2]
        elif kind == "permute":
            perm = list(range(r))
            self.rng.shuffle(perm)
        if kind in ("swap-last2", "permute"):
            src = [0] * r
            for i, q in enumerate(perm):
                src[q] = shape[i]
            x = self.operand_chain(src, dtype, depth - 1)
            if kind == "swap-last2" and self.rng.random() < 0.4:
                a0, a1 = (r - 2, r - 1) if self.rng.random() < 0.5 else (-1, -2)
                return self.op("transpose", [x], [("dim0", fmt_i64(a0)), ("dim1", fmt_i64(a1))], shape, dtype,
                               x.bound, pool=False)
            dims = [q - r if self.rng.random() < 0.3 else q for q in perm]
            return self.op("permute", [x], [("dims", fmt_array(dims))], shape, dtype, x.bound, pool=False)
        if kind == "view-keep" and r >= 2:
            src = self.regroup(shape[:-2]) + list(shape[-2:])
        elif kind == "view-reorder" and r >= 2:
            m = [shape[-1], shape[-2]] if self.rng.random() < 0.6 else list(self.factorize(shape[-2] * shape[-1], 2))
            src = list(shape[:-2]) + m if self.rng.random() < 0.7 else self.regroup(shape[:-2]) + m
        else:
            src = self.regroup(shape)
        x = self.operand_chain(src, dtype, depth - 1)
        return self.op("view", [x], [], shape, dtype, x.bound, pool=False)

    def gen_matmul_chain(self):
        """mm / bmm whose operands (one or both) come through operand_chain."""
        dtype = self.rng.choice(FLOAT_TYPES)
        batched = self.rng.random() < 0.5
        m, k, n = (self.rng.randint(1, 7) for _ in range(3))
        if self.rng.random() < 0.5:   # a matrix read as [cols, rows] needs rows != cols to be wrong
            while n == k:
                n = self.rng.randint(1, 8)
        batch = (self.rng.randint(1, 6),) if batched else ()
        which = self.rng.choice(["a", "b", "b", "both"])
        ops = []
        for name, shape in (("a", batch + (m, k)), ("b", batch + (k, n))):
            depth = self.rng.randint(1, 4) if which in (name, "both") else 0
            ops.append(self.operand_chain(shape, dtype, depth))
        a, b = ops
        self.g.notes.append("matmul-chain")
        return self.op("bmm" if batched else "mm", [a, b], [], batch + (m, n), dtype, a.bound * b.bound * k,
                       pool=False)

    def gen_matmul_chains(self):
        """Appended after the rest, from their own random stream: every other
        draw of a seed is as it was before they existed."""
        count = self.rng_chain.choice([0, 0, 1, 1, 1, 2])
        if count == 0:
            return
        rng, self.rng = self.rng, self.rng_chain
        try:
            for _ in range(count):
                self.g.results.append(self.gen_matmul_chain())
        finally:
            self.rng = rng

    def gen_adaptive_pool(self):
        x = self.nchw_value()
        n, c, h, w = x.shape
        oh = self.rng.choice([1, h, max(1, h // 2), self.rng.randint(1, h)])
        ow = self.rng.choice([1, w, max(1, w // 2), self.rng.randint(1, w)])
        return self.op("adaptive_avg_pool2d", [x], [("output_size", fmt_array((oh, ow)))], (n, c, oh, ow), x.dtype,
                       x.bound)

    def gen_conv_transpose(self):
        x = self.squash(self.nchw_value(), 30.0)
        n, c, h, w = x.shape
        groups = self.rng.choice([g for g in range(1, c + 1) if c % g == 0])
        og = self.rng.randint(1, max(1, 8 // groups))
        k = (self.rng.randint(1, 3), self.rng.randint(1, 3))
        s = (self.rng.randint(1, 2), self.rng.randint(1, 2))
        d = (1, 1) if self.rng.random() < 0.8 else (self.rng.randint(1, 2), self.rng.randint(1, 2))
        p = (self.rng.randint(0, k[0] - 1), self.rng.randint(0, k[1] - 1))
        op_ = tuple(self.rng.randint(0, max(s[i], d[i]) - 1) for i in range(2))
        out = [(x.shape[2 + i] - 1) * s[i] - 2 * p[i] + d[i] * (k[i] - 1) + op_[i] + 1 for i in range(2)]
        if min(out) < 1 or n * og * groups * out[0] * out[1] > MAX_ELEMS:
            return None
        ops = [x, self.constant((c, og, k[0], k[1]), x.dtype, -0.5, 0.5)]
        if self.rng.random() < 0.6:
            ops.append(self.constant((og * groups,), x.dtype, -0.5, 0.5))
        attrs = [("stride", fmt_array(s)), ("padding", fmt_array(p)), ("output_padding", fmt_array(op_)),
                 ("dilation", fmt_array(d)), ("groups", fmt_i64(groups))]
        bound = x.bound * (c // groups) * k[0] * k[1] * 0.5 + 0.5
        return self.op("conv_transpose2d", ops, attrs, (n, og * groups, out[0], out[1]), x.dtype, bound)

    def gen_upsample(self):
        x = self.nchw_value()
        n, c, h, w = x.shape
        if self.rng.random() < 0.6:
            f = (self.rng.randint(1, 3), self.rng.randint(1, 3))
            size = (h * f[0], w * f[1])
        else:
            size = (self.rng.randint(1, 2 * h), self.rng.randint(1, 2 * w))
        if n * c * size[0] * size[1] > MAX_ELEMS:
            return None
        if self.rng.random() < 0.5:
            return self.op("upsample_nearest2d", [x], [("output_size", fmt_array(size))], (n, c) + size, x.dtype,
                           x.bound)
        align = self.rng.random() < 0.5
        return self.op("upsample_bilinear2d", [x],
                       [("output_size", fmt_array(size)), ("align_corners", "true" if align else "false")],
                       (n, c) + size, x.dtype, x.bound)

    def gen_compare_select(self):
        a = self.float_value(lambda v: v.rank >= 1)
        b = self.pick(lambda v: v.is_float and v.dtype == a.dtype and broadcast_shape(a.shape, v.shape) == a.shape)
        if b is None:
            b = self.constant(a.shape[-1:], a.dtype)
        kind = self.rng.choice(["eq", "ne", "lt", "le", "gt", "ge"])
        cond = self.op(kind, [a, b], [], a.shape, "i1", 1.0, pool=False)
        if self.rng.random() < 0.5:
            value = self.rng.choice([0.0, -1.0, 0.5, 2.0])
            return self.op("masked_fill", [a, cond], [("value", fmt_f64(value))], a.shape, a.dtype,
                           max(a.bound, abs(value)))
        return self.op("where", [cond, a, b], [], a.shape, a.dtype, max(a.bound, b.bound))

    # --- driver ----------------------------------------------------------------
    def generate(self):
        # Inputs: one to three float activations, sometimes an NCHW image, sometimes indices.
        for _ in range(self.rng.randint(1, 3)):
            if self.rng.random() < 0.4:
                self.nchw_value()
            else:
                self.pool.append(self.g.add_arg(self.rand_shape(self.rand_rank()), self.rand_float_dtype()))
        if self.rng.random() < 0.2:
            self.pool.append(self.g.add_arg(self.rand_shape(self.rng.randint(0, 3), 64), self.rng.choice(INT_TYPES)))
        table = [
            (self.gen_unary, 10), (self.gen_binary, 10), (self.gen_reduce, 4), (self.gen_softmax, 3),
            (self.gen_linear, 4), (self.gen_mm, 3), (self.gen_conv2d, 5), (self.gen_pool, 4),
            (self.gen_view, 5), (self.gen_permute, 4), (self.gen_cat, 4), (self.gen_slice, 4),
            (self.gen_embedding, 2), (self.gen_index_movement, 1), (self.gen_sdpa, 2), (self.gen_copy, 8),
            (self.gen_int_arith, 1), (self.gen_squeeze_family, 3), (self.gen_expand, 2),
            (self.gen_pad_roll, 3), (self.gen_batch_norm, 2), (self.gen_layer_norm, 2), (self.gen_addmm, 2),
            (self.gen_adaptive_pool, 2), (self.gen_conv_transpose, 2), (self.gen_upsample, 2),
            (self.gen_compare_select, 2),
        ]
        if "dead-chain" not in self.avoid:
            table.append((self.gen_dead_chain, 2))
        if self.allow_nan:
            table.append((self.gen_nan_minmax, 2))
        fns, weights = zip(*table)
        made = 0
        attempts = 0
        while made < self.num_ops and attempts < 10 * self.num_ops:
            attempts += 1
            fn = self.rng.choices(fns, weights)[0]
            if fn() is not None:
                made += 1
        self.pick_results()
        if "matmul-chain" not in self.avoid:
            self.gen_matmul_chains()
        return self.g

    def pick_results(self):
        uses = self.g.users()
        leaves = [op.result for op in self.g.ops if op.result.id not in uses and op.name != "constant"]
        results = [v for v in leaves if self.rng.random() < 0.7 or "dead-chain" in self.avoid]
        # Some intermediates as extra results: values with both users and a result use.
        inner = [op.result for op in self.g.ops if op.result.id in uses and op.name != "constant"]
        results += [v for v in inner if self.rng.random() < 0.1]
        if "return-const-or-arg" not in self.avoid and self.rng.random() < 0.05:
            results.append(self.rng.choice(self.g.args + [op.result for op in self.g.ops]))
        if not results:
            results = [self.g.ops[-1].result if self.g.ops else self.g.args[0]]
        if len(results) > 1 and self.rng.random() < 0.05:
            results.append(results[0])   # the same value returned twice
        self.rng.shuffle(results)
        self.g.results = results
        if "dead-chain" in self.avoid:
            self.g.remove_dead()


def generate(seed, allow_nan=False, avoid=(), num_ops=None, aten_extras=False):
    return Generator(seed, allow_nan, avoid, num_ops, aten_extras).generate()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--nan", action="store_true", help="allow NaN/Inf-producing cases (log of negatives, NaN max/min)")
    ap.add_argument("--avoid", default="", help="comma list of failure classes to steer away from: "
                    + ", ".join(sorted(AVOIDABLE)))
    ap.add_argument("--aten-extras", action="store_true",
                    help="also ATen forms the edge verifier rejects today: unbatched conv2d/pool inputs, "
                    "mixed-dtype binary ops (type promotion)")
    ap.add_argument("--ops", type=int, default=None, help="number of op-generation steps (default: 3..14 by seed)")
    args = ap.parse_args()
    avoid = [a for a in args.avoid.split(",") if a]
    for a in avoid:
        if a not in AVOIDABLE:
            ap.error("unknown class %r" % a)
    g = generate(args.seed, args.nan, avoid, args.ops, args.aten_extras)
    text = g.to_mlir("utils/fuzz/gen.py --seed %d%s" % (args.seed, (" --avoid " + ",".join(avoid)) if avoid else ""))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
