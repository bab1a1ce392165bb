"""The float cases of ExecuTorch's XNNPACK op tests (pytorch/executorch,
backends/xnnpack/test/ops/test_*.py, 48 files), written afresh: for every
upstream fp32/fp16 test, a module of the same configuration (layers, their
arguments, the ops in forward), inputs of the same shapes and distribution,
the test's atol/rtol (torch.allclose, default 1e-3 / 1e-3 as ExecuTorch's
Tester) and the number of executorch_call_delegate nodes it asserts
(`delegates`; 0 where it asserts check_not(delegate)).

Conventions:
- One `add(...)` per upstream test and input set; `dtypes` expands it into
  one case per dtype, named <file stem>.<test>_<dtype>. The module and the
  floating inputs are converted to f16 for f16 cases (as the upstream
  tests do) unless convert=False.
- Upstream tests that differ only in lowering API (`legacy_mode`,
  to_edge().partition() vs to_edge_transform_and_lower()) are one case:
  this project has one path.
- Inputs are drawn from a generator seeded by the case name (run.py).
- `portable` is what ExecuTorch asserts stays outside the delegate (shown
  beside ours, not checked: this project may delegate more).
- `delegate_note`: why this project's segment count may differ from
  ExecuTorch's (then any count passes, the note is printed).
- `ci`: in the lit test's subset (test/Torch/executorch-ops.test).

KNOWN_REFUSALS: cases this project refuses today (import or xnn-opt error),
with what they wait on. A listed case that passes is reported XPASS and
fails the run: delete its line. QUANTIZED: the upstream quantized tests, not
run (out of scope).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

ATOL, RTOL = 1e-3, 1e-3


class Case:
    def __init__(self, **kw):
        self.__dict__.update(kw)


_CASES = []


def add(file, test, make, inputs, dtypes=("f32",), atol=ATOL, rtol=RTOL, delegates=1, portable=None,
        delegate_note=None, skip=None, ci=False, convert=True, train=False, tol=None):
    """One upstream test (one input set). `atol`/`rtol` may be dicts by dtype;
    `tol(ref)` -> (atol, rtol) where the upstream test derives them from the
    reference output (the f16 exp/gelu policy)."""
    stem = file[len("test_"):-len(".py")]
    for dt in dtypes:
        a = atol[dt] if isinstance(atol, dict) else atol
        r = rtol[dt] if isinstance(rtol, dict) else rtol
        _CASES.append(Case(file=file, name="%s.%s_%s" % (stem, test, dt), make=make, inputs=inputs, dtype=dt,
                           atol=a, rtol=r, delegates=delegates[dt] if isinstance(delegates, dict) else delegates,
                           portable=portable, delegate_note=delegate_note, skip=skip(dt) if callable(skip) else skip,
                           ci=ci, convert=convert, train=train, tol=tol if callable(tol) else None))


def cases():
    return list(_CASES)


class Fn(nn.Module):
    """A module whose forward is `fn(self, *inputs)` (submodules by keyword)."""

    def __init__(self, fn, **subs):
        super().__init__()
        self.fn = fn
        for k, v in subs.items():
            if isinstance(v, nn.Module):
                self.add_module(k, v)
            else:
                setattr(self, k, v)

    def forward(self, *xs):
        return self.fn(self, *xs)


def seq(*layers):
    return nn.Sequential(*layers)


def rn(*shape):
    return torch.randn(*shape)


def fixed(rows):
    return lambda: (torch.tensor(rows, dtype=torch.float32),)


def randomized_bn(c, dim=2):
    """A batch norm with random statistics and affine parameters."""
    bn = {1: nn.BatchNorm1d, 2: nn.BatchNorm2d, 3: nn.BatchNorm3d}[dim](c)
    with torch.no_grad():
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 1.5)
        if bn.affine:
            bn.weight.uniform_(0.5, 1.5)
            bn.bias.uniform_(-0.5, 0.5)
    return bn


def f16_policy(ref):
    """XNNPACK's f16 policy as the upstream exp/gelu tests use it: atol the
    largest of 2 eps and 6 eps * |ref|, rtol 6 eps (eps = 9.77e-4)."""
    eps = 9.77e-4
    return max(2 * eps, (ref.float().abs() * 6 * eps).max().item()), 6 * eps


ROUNDING = [[0.0, 0.1, 0.5, 0.499], [-0.6, -0.4, 100.1, -1000.1]]
ANGLES = [[0.0, 0.1, 0.5, 0.785398], [-0.5, -0.785398, 1.5708, -1.5708]]

# ---- test_abs.py ---------------------------------------------------------------
add("test_abs.py", "abs", lambda: Fn(lambda s, x: torch.abs(x)), fixed(ROUNDING), ("f32", "f16"), ci=True)

# ---- test_add.py ---------------------------------------------------------------


def _add_chain(s, x, y):
    a = x + y
    a = a + x
    a = a + x
    return a + a


def _add_const():
    c = rn(4, 4, 4)
    m = Fn(lambda s, x: (x + s.plain + torch.ones(1, 1, 1), x + s.buf + s.par))
    m.plain = c
    m.register_buffer("buf", c, persistent=False)
    m.par = nn.Parameter(c)
    return m


add("test_add.py", "add", lambda: Fn(_add_chain), lambda: (rn(1), rn(1)), ("f32", "f16"), ci=True)
add("test_add.py", "add_constant", _add_const, lambda: (rn(4, 4, 4),))
add("test_add.py", "add_relu", lambda: Fn(lambda s, x, y: F.relu(x + y)), lambda: (rn(1, 1, 4, 4), rn(1, 1, 4, 4)))
add("test_add.py", "add_with_alpha", lambda: Fn(lambda s, x, y: (torch.add(x, y, alpha=1), torch.add(x, y, alpha=2))),
    lambda: (rn(1, 1, 4, 4), rn(1, 1, 4, 4)), portable=["edge.add"], ci=True,
    delegate_note="ExecuTorch keeps the alpha=2 add portable; here it may be delegated with the other")

# ---- test_avgpool2d.py ---------------------------------------------------------


def _avg(count_include_pad=False, ceil_mode=False, divisor_override=None):
    return lambda: nn.AvgPool2d((2, 2), stride=(2, 2), padding=(1, 1), count_include_pad=count_include_pad,
                                ceil_mode=ceil_mode, divisor_override=divisor_override)


X10 = lambda: (rn(1, 1, 10, 10),)
add("test_avgpool2d.py", "avgpool2d", _avg(), X10, ("f32", "f16"), ci=True)
add("test_avgpool2d.py", "avgpool2d_ceil_mode_unsupported", _avg(ceil_mode=True), X10, delegates=0)
add("test_avgpool2d.py", "avgpool2d_count_include_pad_unsupported", _avg(count_include_pad=True), X10, delegates=0)
add("test_avgpool2d.py", "avgpool2d_default_args", lambda: nn.AvgPool2d(2), X10)
add("test_avgpool2d.py", "avgpool2d_single_element_kernel_size",
    lambda: nn.AvgPool2d(kernel_size=[3], count_include_pad=False), X10)
add("test_avgpool2d.py", "avgpool2d_single_element_kernel_size_divisor_override",
    lambda: nn.AvgPool2d(kernel_size=[3], count_include_pad=False, divisor_override=5), X10, delegates=0)
add("test_avgpool2d.py", "avgpool2d_divisor_override", _avg(divisor_override=5), X10, delegates=0)

# ---- test_batch_norm.py --------------------------------------------------------
add("test_batch_norm.py", "batch_norm_nc", lambda: randomized_bn(3, 1), lambda: (rn(2, 3),))
add("test_batch_norm.py", "batch_norm_ncl", lambda: randomized_bn(3, 1), lambda: (rn(2, 3, 8),))
add("test_batch_norm.py", "batch_norm_nchw", lambda: randomized_bn(3), lambda: (rn(2, 3, 4, 4),), ("f32", "f16"),
    ci=True)
add("test_batch_norm.py", "batch_norm_nchw_non_affine", lambda: nn.BatchNorm2d(3, affine=False),
    lambda: (rn(2, 3, 4, 4),))
add("test_batch_norm.py", "batch_norm_nchw_channels_last", lambda: randomized_bn(3),
    lambda: (rn(2, 3, 4, 4).to(memory_format=torch.channels_last),))
add("test_batch_norm.py", "batch_norm3d_not_partitioned", lambda: randomized_bn(3, 3), lambda: (rn(2, 3, 4, 4, 4),),
    delegates=0, portable=["edge.batch_norm"])
add("test_batch_norm.py", "conv2d_relu_batch_norm",
    lambda: seq(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), randomized_bn(8)), lambda: (rn(2, 3, 8, 8),), ci=True)
add("test_batch_norm.py", "conv2d_batch_norm_fused", lambda: seq(nn.Conv2d(3, 8, 3, padding=1), randomized_bn(8)),
    lambda: (rn(2, 3, 8, 8),))
add("test_batch_norm.py", "conv2d_batch_norm_fused_channels_last",
    lambda: seq(nn.Conv2d(3, 8, 3, padding=1), randomized_bn(8)),
    lambda: (rn(2, 3, 8, 8).to(memory_format=torch.channels_last),))


def _lin_relu_bn():
    m = Fn(lambda s, x: s.l2(s.bn(F.relu(s.l1(x))) + x), l1=nn.Linear(8, 8), bn=randomized_bn(8, 1),
           l2=nn.Linear(8, 8))
    return m


add("test_batch_norm.py", "linear_relu_batch_norm", _lin_relu_bn, lambda: (rn(2, 8),))
add("test_batch_norm.py", "training_bn_not_partitioned", lambda: nn.BatchNorm2d(3), lambda: (rn(2, 3, 4, 4),),
    delegates=0, train=True)

# ---- test_bmm.py ---------------------------------------------------------------
add("test_bmm.py", "bmm", lambda: Fn(lambda s, x, y: torch.bmm(x, y)), lambda: (rn(2, 3, 4), rn(2, 4, 6)),
    ("f32", "f16"), ci=True)

# ---- test_ceil.py --------------------------------------------------------------
add("test_ceil.py", "ceil", lambda: Fn(lambda s, x: torch.ceil(x)), fixed(ROUNDING), ("f32", "f16"))

# ---- test_clamp.py -------------------------------------------------------------


def _clamp(lo, hi):
    return lambda: Fn(lambda s, x: (lambda z: z + z)(torch.clamp(x, min=lo, max=hi)))


BIG = lambda: (rn(1, 4, 122, 122) * 2,)
add("test_clamp.py", "clamp", _clamp(-0.5, 0.5), BIG, ("f32", "f16"), ci=True)
add("test_clamp.py", "clamp_lower", _clamp(-0.5, None), BIG)
add("test_clamp.py", "clamp_upper", _clamp(None, 0.5), BIG)

# ---- test_cos.py ---------------------------------------------------------------
add("test_cos.py", "cos", lambda: Fn(lambda s, x: torch.cos(x)), fixed(ANGLES), ("f32", "f16"),
    atol={"f32": 1e-4, "f16": 2e-3})

# ---- test_div.py ---------------------------------------------------------------
add("test_div.py", "div", lambda: Fn(lambda s, x, y: x / y), lambda: (rn(1) + 4, rn(1) + 4), ("f32", "f16"))
add("test_div.py", "div_single_input", lambda: Fn(lambda s, x: x / x), lambda: (rn(1) + 4,))

# ---- test_elu.py (the upstream fp tests are disabled there: "PyTorch Pin Update Required")
add("test_elu.py", "elu", lambda: nn.ELU(alpha=0.5), lambda: (rn(1, 3, 3),), ("f32", "f16"))

# ---- test_exp.py ---------------------------------------------------------------
add("test_exp.py", "exp", lambda: Fn(lambda s, x: torch.exp(x)), lambda: (rn(20),), ("f32", "f16"),
    tol=lambda ref: f16_policy(ref) if ref.dtype == torch.float16 else (ATOL, RTOL))

# ---- test_floor.py -------------------------------------------------------------
add("test_floor.py", "floor", lambda: Fn(lambda s, x: torch.floor(x)), fixed(ROUNDING), ("f32", "f16"))

# ---- test_gelu.py --------------------------------------------------------------
add("test_gelu.py", "gelu", lambda: nn.GELU(), lambda: (rn(20),), ("f32", "f16"),
    tol=lambda ref: f16_policy(ref) if ref.dtype == torch.float16 else (ATOL, RTOL),
    delegates={"f32": 1, "f16": 0}, portable=["edge.gelu"],
    delegate_note=None)

# ---- test_hardswish.py ---------------------------------------------------------
add("test_hardswish.py", "hardswish", lambda: nn.Hardswish(), lambda: (rn(1, 3, 3),), ("f32", "f16"))
add("test_hardswish.py", "hardswish_functional", lambda: Fn(lambda s, x: F.hardswish(x)), lambda: (rn(1, 3, 3),))

# ---- test_hardtanh.py ----------------------------------------------------------
for _i, _shape in enumerate([(2, 3, 4), (7, 5, 2), (2, 9)]):
    add("test_hardtanh.py", "hardtanh_%d" % _i, lambda: Fn(lambda s, x: nn.Hardtanh(-1.0, 1.0)(x + x)),
        lambda sh=_shape: (rn(*sh),), ci=_i == 0)
    add("test_hardtanh.py", "hardtanh_bound_%d" % _i, lambda: Fn(lambda s, x: nn.Hardtanh(-2.0, 2.0)(x + x)),
        lambda sh=_shape: (rn(*sh),))


# ---- test_bilinear2d.py --------------------------------------------------------


def _resize(align_first, align_second, aa=False):
    def fwd(s, x):
        a = F.interpolate(x, size=(x.shape[2] * 2, x.shape[3] * 3), mode="bilinear", align_corners=align_first,
                          antialias=aa)
        return F.interpolate(a, scale_factor=3.0, mode="bilinear", align_corners=align_second, antialias=aa)
    return lambda: Fn(fwd)


X2345 = lambda: (rn(2, 3, 4, 5),)
add("test_bilinear2d.py", "static_resize_bilinear2d", _resize(False, False), X2345, ci=True)
add("test_bilinear2d.py", "static_resize_bilinear2d_with_align_corners", _resize(True, True), X2345)
add("test_bilinear2d.py", "static_resize_bilinear2d_antialiased", _resize(True, False, aa=True), X2345, delegates=0,
    portable=["edge.upsample_bilinear2d_aa"])
add("test_bilinear2d.py", "bilinear2d_dynamic_bilinear2d_not_partitioned", _resize(False, False), X2345,
    skip="dynamic output sizes (torch.export Dim): this project's graphs have static shapes")

# ---- test_cat.py ---------------------------------------------------------------


def _cat(dim=0):
    return lambda: Fn(lambda s, *xs: (lambda z: z + z)(torch.cat(list(xs), dim=dim)))


_CAT_ROWS = {2: [1, 3], 3: [1, 3, 2], 4: [1, 3, 2, 5], 5: [1, 3, 2, 5, 5]}
for _n, _rows in _CAT_ROWS.items():
    # fp32 cat5's last input has 1 row, fp16 cat5's 5 rows
    for _dt in ("f32", "f16"):
        _r = _rows if not (_n == 5 and _dt == "f32") else [1, 3, 2, 5, 1]
        add("test_cat.py", "cat%d" % _n, _cat(), lambda r=_r: tuple(rn(k, 2, 3) for k in r), (_dt,), ci=_n == 3,
            delegates=None)
for _n in range(6, 10):
    add("test_cat.py", "cat_gt_5_%d" % _n, _cat(), lambda n=_n: tuple(rn(1, 2, 3) for _ in range(n)), ("f32", "f16"),
        delegates=None)
add("test_cat.py", "cat_negative_dim", lambda: Fn(lambda s, x, y: torch.cat([x, y], -1)),
    lambda: (rn(3, 2, 3), rn(3, 2, 1)), delegates=None)

# ---- test_clone.py -------------------------------------------------------------
_ALIAS = "the importer drops a clone that keeps the layout (an alias of its input): no op is left to delegate"
add("test_clone.py", "clone", lambda: Fn(lambda s, x: torch.clone(x)), lambda: (rn(2, 3, 4, 5),), ("f32", "f16"),
    delegates=None)
add("test_clone.py", "clone_default_partitions_with_skip_dim_order", lambda: Fn(lambda s, x: torch.clone(x)),
    lambda: (rn(2, 3, 4, 5),), delegate_note=_ALIAS)
add("test_clone.py", "clone_2d", lambda: Fn(lambda s, x: torch.clone(x)), lambda: (rn(10, 20),), delegates=None)
add("test_clone.py", "clone_3d", lambda: Fn(lambda s, x: torch.clone(x)), lambda: (rn(2, 3, 4),), delegates=None)
add("test_clone.py", "clone_with_contiguous_format",
    lambda: Fn(lambda s, x: torch.clone(x, memory_format=torch.contiguous_format)), lambda: (rn(1, 3, 4, 4),),
    delegates=None)
add("test_clone.py", "clone_with_channels_last_not_partitioned",
    lambda: Fn(lambda s, x: torch.clone(x, memory_format=torch.channels_last)), lambda: (rn(1, 3, 4, 4),),
    delegates=0)
add("test_clone.py", "clone_channels_last_to_contiguous_not_partitioned",
    lambda: Fn(lambda s, x: torch.clone(x.to(memory_format=torch.channels_last),
                                        memory_format=torch.contiguous_format)), lambda: (rn(1, 3, 4, 4),),
    delegates=0)

# ---- test_conv1d.py ------------------------------------------------------------


def _conv1d_bn_seq():
    def conv():
        return nn.Conv1d(2, 2, (3,), stride=[1], padding=[1], dilation=[1], groups=1, bias=True)
    return Fn(lambda s, x: (lambda y: torch.add(y, s.bn2(s.conv2(y))))(s.bn1(s.conv1(x))),
              conv1=conv(), bn1=randomized_bn(2, 1), conv2=conv(), bn2=randomized_bn(2, 1))


add("test_conv1d.py", "conv1d", lambda: nn.Conv1d(2, 1, (3,), stride=(2,), padding=(1,), dilation=(1,), groups=1),
    lambda: (rn(2, 2, 4),), ("f32", "f16"), ci=True)
add("test_conv1d.py", "conv1d_batchnorm_seq", _conv1d_bn_seq, lambda: (rn(2, 2, 4),), ci=True)


# ---- test_conv2d.py ------------------------------------------------------------


def conv(transpose, *args, **kw):
    return (nn.ConvTranspose2d if transpose else nn.Conv2d)(*args, **kw)


def _conv_cfg(transpose=False, cin=2, cout=1, k=(3, 3), stride=(2, 2), padding=(1, 1), dilation=(1, 1), groups=1,
              bias=True, **kw):
    return lambda: conv(transpose, cin, cout, k, stride=stride, padding=padding, dilation=dilation, groups=groups,
                        bias=bias, **kw)


X8 = lambda: (rn(1, 2, 8, 8),)
TC = {True: "t", False: "c"}
for _t in (True, False):
    for _b in (True, False):
        add("test_conv2d.py", "conv2d_%s_%s" % (TC[_t], "bias" if _b else "nobias"), _conv_cfg(_t, bias=_b), X8,
            ("f32", "f16"), ci=not _b)
    add("test_conv2d.py", "conv2d_single_element_spatial_params_%s" % TC[_t],
        _conv_cfg(_t, stride=(2,), padding=(1,)), X8, ci=True)
add("test_conv2d.py", "conv2d_single_element_dilation", _conv_cfg(stride=(1,), padding=(1,), dilation=(2,)), X8,
    ci=True)
add("test_conv2d.py", "conv3d_single_element_stride_doesnt_partition",
    lambda: nn.Conv3d(2, 2, (2, 2, 2), stride=(2,)), lambda: (rn(1, 2, 4, 4, 4),), delegates=0)
import itertools  # noqa: E402
for _t in (True, False):
    for _i, _perm in enumerate(itertools.permutations(range(4))):
        add("test_conv2d.py", "conv2d_permute_%s_%s" % (TC[_t], "".join(map(str, _perm))),
            lambda t=_t, p=_perm: Fn(lambda s, x: torch.permute(s.conv(x), p),
                                     conv=conv(t, 2, 2, (2, 2), bias=False, padding=[2, 2], stride=[2, 2])),
            lambda: (rn(2, 2, 4, 4),), ci=_i in (0, 9))
add("test_conv2d.py", "even_kernel_same_padding_flatten",
    lambda: Fn(lambda s, x: torch.flatten(s.conv(torch.reshape(x, (1, 1, 256, 1))), 1),
               conv=nn.Conv2d(1, 16, (2, 1), padding="same")), lambda: (rn(1, 1, 256, 1),), ci=True)
for _t in (True, False):
    add("test_conv2d.py", "conv2d_seq_%s" % TC[_t],
        lambda t=_t: seq(conv(t, 1, 3, (3, 3), padding=1, bias=False), conv(t, 3, 2, (3, 3), padding=1, bias=False)),
        lambda: (rn(1, 1, 3, 3),))
add("test_conv2d.py", "conv2d_single_int_params", lambda: nn.Conv2d(2, 1, 3, stride=2, padding="valid", dilation=1),
    X8, ci=True)
for _t in (True, False):
    add("test_conv2d.py", "conv2d_depthwise_%s" % TC[_t], _conv_cfg(_t, cin=2, cout=6, groups=2), X8)
    add("test_conv2d.py", "conv2d_bn_%s" % TC[_t], lambda t=_t: seq(conv(t, 2, 2, (2, 2)), randomized_bn(2)),
        lambda: (rn(2, 2, 4, 4),), ci=True)
    add("test_conv2d.py", "conv2d_bn_hardtanh_mean_sequence_%s" % TC[_t],
        lambda t=_t: Fn(lambda s, x: torch.mean(s.ht(s.bn(s.conv(x))), (-1, -2), keepdim=True),
                        conv=conv(t, 2, 1, (2, 2), padding=[1, 1], stride=[2, 2]), bn=nn.BatchNorm2d(1),
                        ht=nn.Hardtanh(min_val=0, max_val=6)), lambda: (rn(2, 2, 8, 8),))


def _tconv(cin, cout, k, stride, padding, output_padding):
    return lambda: nn.ConvTranspose2d(cin, cout, k, stride=stride, padding=padding, output_padding=output_padding,
                                      dilation=(1, 1), groups=1, bias=True)


for _op in ((0, 1), (1, 1)):
    add("test_conv2d.py", "tconv_output_padding_%d%d" % _op, _tconv(2, 1, (3, 3), (2, 2), (1, 1), _op),
        lambda: (rn(1, 2, 8, 8),), ci=_op == (0, 1))
for _s, _op in (((4, 4), (3, 3)), ((3, 3), (2, 1)), ((4, 3), (3, 2))):
    add("test_conv2d.py", "tconv_output_padding_large_stride_s%d%d_op%d%d" % (_s + _op),
        _tconv(8, 16, (5, 5), _s, (2, 2), _op), lambda: (rn(2, 8, 16, 16),))
for _i, (_cin, _cout, _k, _s, _p, _op, _shape) in enumerate([
        (3, 32, (7, 7), (2, 2), (3, 3), (1, 1), (1, 3, 32, 32)),
        (16, 8, (3, 5), (2, 3), (1, 2), (1, 2), (1, 16, 24, 32)),
        (4, 4, (4, 4), (4, 4), (0, 0), (3, 3), (1, 4, 4, 4)),
        (6, 12, (5, 3), (3, 2), (2, 1), (2, 1), (4, 6, 20, 15))]):
    add("test_conv2d.py", "tconv_output_padding_various_shapes_%d" % _i, _tconv(_cin, _cout, _k, _s, _p, _op),
        lambda sh=_shape: (rn(*sh),))


# ---- what this project refuses today ---------------------------------------------
KNOWN_REFUSALS = {
}
# Known cases that fail by a wrong result rather than a refusal (the reason says why).
KNOWN_WRONG = set()

# ---- quantized upstream tests (not run: out of scope) -------------------------------
QUANTIZED = {
}
