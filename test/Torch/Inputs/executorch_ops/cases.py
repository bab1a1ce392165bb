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
- `portable`: the edge ops ExecuTorch asserts stay outside the delegate
  (check / check_not on edge ops; a dict by dtype where they differ), [] where
  it asserts the op is gone, None where it asserts nothing. Checked against
  the op types xnn-stats reports portable.
- `delegate_note`: why this project's segment count or portable ops may
  differ from ExecuTorch's (then any count passes and the note is printed).
- `ci`: in the lit test's subset (test/Torch/executorch-ops.test).

KNOWN_REFUSALS: cases this project refuses today (import or xnn-opt error),
with what they wait on. A listed case that passes is reported XPASS and
fails the run: delete its line. KNOWN_REFUSALS_BY_FRONT, DELEGATE_NOTES_BY_FRONT
and EXPORT_FAILS: refusals, delegation differences and export failures of
run.py's torch.export fronts (--front). QUANTIZED: the upstream quantized
tests, not run (out of scope).
"""

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
                           portable=portable[dt] if isinstance(portable, dict) else portable, delegate_note=delegate_note, skip=skip(dt) if callable(skip) else skip,
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
add("test_avgpool2d.py", "avgpool2d_ceil_mode_unsupported", _avg(ceil_mode=True), X10, delegates=0,
    delegate_note="the windows ceil_mode adds are XNNPACK's own padding, which neither XNNPACK nor ATen counts: "
    "delegated here, where ExecuTorch keeps it portable")
add("test_avgpool2d.py", "avgpool2d_count_include_pad_unsupported", _avg(count_include_pad=True), X10, delegates=0,
    delegate_note="XNNPACK's average pooling never counts padding; xnn-delegate runs the counted form as "
                  "constant_pad_nd + avg_pool2d without padding, where ExecuTorch keeps it portable")
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
    delegates=0, portable=["edge.batch_norm"],
    delegate_note="xnn-delegate runs a batch norm of any rank (a per-channel multiply-add), where ExecuTorch "
                  "delegates the 2-D ones only")
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
add("test_ceil.py", "ceil", lambda: Fn(lambda s, x: torch.ceil(x)), fixed(ROUNDING), ("f32", "f16"), ci=True)

# ---- test_clamp.py -------------------------------------------------------------


def _clamp(lo, hi):
    return lambda: Fn(lambda s, x: (lambda z: z + z)(torch.clamp(x, min=lo, max=hi)))


BIG = lambda: (rn(1, 4, 122, 122) * 2,)
add("test_clamp.py", "clamp", _clamp(-0.5, 0.5), BIG, ("f32", "f16"), ci=True)
add("test_clamp.py", "clamp_lower", _clamp(-0.5, None), BIG)
add("test_clamp.py", "clamp_upper", _clamp(None, 0.5), BIG)

# ---- test_cos.py ---------------------------------------------------------------
add("test_cos.py", "cos", lambda: Fn(lambda s, x: torch.cos(x)), fixed(ANGLES), ("f32", "f16"),
    atol={"f32": 1e-4, "f16": 2e-3}, ci=True)

# ---- test_div.py ---------------------------------------------------------------
add("test_div.py", "div", lambda: Fn(lambda s, x, y: x / y), lambda: (rn(1) + 4, rn(1) + 4), ("f32", "f16"), ci=True)
add("test_div.py", "div_single_input", lambda: Fn(lambda s, x: x / x), lambda: (rn(1) + 4,))

# ---- test_elu.py (the upstream fp tests are disabled there: "PyTorch Pin Update Required")
add("test_elu.py", "elu", lambda: nn.ELU(alpha=0.5), lambda: (rn(1, 3, 3),), ("f32", "f16"), ci=True)

# ---- test_exp.py ---------------------------------------------------------------
add("test_exp.py", "exp", lambda: Fn(lambda s, x: torch.exp(x)), lambda: (rn(20),), ("f32", "f16"),
    tol=lambda ref: f16_policy(ref) if ref.dtype == torch.float16 else (ATOL, RTOL), ci=True)

# ---- test_floor.py -------------------------------------------------------------
add("test_floor.py", "floor", lambda: Fn(lambda s, x: torch.floor(x)), fixed(ROUNDING), ("f32", "f16"), ci=True)

# ---- test_gelu.py --------------------------------------------------------------
add("test_gelu.py", "gelu", lambda: nn.GELU(), lambda: (rn(20),), ("f32", "f16"),
    tol=lambda ref: f16_policy(ref) if ref.dtype == torch.float16 else (ATOL, RTOL),
    delegates={"f32": 1, "f16": 0}, portable={"f32": [], "f16": ["edge.gelu"]}, ci=True,
    delegate_note="ExecuTorch keeps f16 GELU portable since its #16680 (Jan 2026): older XNNPACK versions lack "
    "f16 GELU (tracked in its #16679, a TODO to undo it), not a difference of semantics; the pinned XNNPACK "
    "here has f16 unary.gelu and the result is within the test's f16 tolerance: delegated here")

# ---- test_hardswish.py ---------------------------------------------------------
add("test_hardswish.py", "hardswish", lambda: nn.Hardswish(), lambda: (rn(1, 3, 3),), ("f32", "f16"), ci=True)
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
        add("test_cat.py", "cat%d" % _n, _cat(), lambda r=_r: tuple(rn(k, 2, 3) for k in r), (_dt,), ci=_n == 3)
for _n in range(6, 10):
    add("test_cat.py", "cat_gt_5_%d" % _n, _cat(), lambda n=_n: tuple(rn(1, 2, 3) for _ in range(n)), ("f32", "f16"))
add("test_cat.py", "cat_negative_dim", lambda: Fn(lambda s, x, y: torch.cat([x, y], -1)),
    lambda: (rn(3, 2, 3), rn(3, 2, 1)))

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
    delegates=0, ci=True)
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
    lambda: nn.Conv3d(2, 2, (2, 2, 2), stride=(2,)), lambda: (rn(1, 2, 4, 4, 4),), delegates=0,
    portable=["edge.conv3d"], ci=True)
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


# ---- test_leaky_relu.py --------------------------------------------------------
add("test_leaky_relu.py", "leaky_relu", lambda: Fn(lambda s, x: s.act(x + x), act=nn.LeakyReLU(negative_slope=0.2)),
    lambda: (rn(1, 3, 3),), ci=True)
add("test_leaky_relu.py", "leaky_relu_functional", lambda: Fn(lambda s, x: F.leaky_relu(x)), lambda: (rn(1, 3, 3),),
    ("f32", "f16"))

# ---- test_log.py ---------------------------------------------------------------
add("test_log.py", "log", lambda: Fn(lambda s, x: torch.log(torch.abs(x))), lambda: (rn(20),), ("f32", "f16"), ci=True)

# ---- test_lstm.py --------------------------------------------------------------


def _lstm_linear(inp=32, hidden=32, out=10):
    def fwd(s, x):
        y, _ = s.lstm(x)
        return F.log_softmax(s.lin2(s.lin1(y[:, -1, :])), dim=1)
    return Fn(fwd, lstm=nn.LSTM(input_size=inp, hidden_size=hidden, batch_first=True), lin1=nn.Linear(hidden, hidden),
              lin2=nn.Linear(hidden, out))


add("test_lstm.py", "lstm", _lstm_linear, lambda: (torch.rand(1, 32, 32),), delegates=None, ci=True)
add("test_lstm.py", "lstm_with_force_non_static_weights_for_f32_linear", _lstm_linear,
    lambda: (torch.rand(1, 32, 32),), delegates=None,
    skip="an ExecuTorch partitioner option (weights as delegate inputs) with no counterpart here; the module and "
         "inputs are lstm_f32's")

# ---- test_max_dim.py -----------------------------------------------------------


_MAX_DIM = ("edge.amax + edge.argmax here, portable: the pinned XNNPACK's reduce has sum and mean only "
            "(ExecuTorch's newer XNNPACK delegates the values)")


def _max_dim(indices):
    def fwd(s, x):
        v1, i1 = torch.max(x, dim=2, keepdim=True)
        v2, i2 = torch.max(x, dim=3, keepdim=True)
        return (v1, i1, v2, i2) if indices else (v1, v2)
    return lambda: Fn(fwd)


add("test_max_dim.py", "max_dim_with_indices", _max_dim(True), lambda: (rn(16, 3, 12, 12),), ("f32", "f16"),
    delegates=0, portable=["edge.max.dim"], delegate_note=_MAX_DIM)
add("test_max_dim.py", "max_dim_no_indices", _max_dim(False), lambda: (rn(16, 3, 12, 12),), ("f32", "f16"),
    delegate_note=_MAX_DIM, ci=True)

# ---- test_maximum.py -----------------------------------------------------------
add("test_maximum.py", "maximum", lambda: Fn(lambda s, x, y: torch.maximum(x, y)), lambda: (rn(2, 3, 4), rn(2, 3, 4)),
    ("f32", "f16"))
add("test_maximum.py", "maximum_broadcast", lambda: Fn(lambda s, x, y: torch.maximum(x, y)),
    lambda: (rn(2, 3, 4), rn(2, 1, 4)), ci=True)

# ---- test_maxpool2d.py ---------------------------------------------------------
X24 = lambda: (rn(4, 3, 24, 24),)
add("test_maxpool2d.py", "maxpool2d", lambda: nn.MaxPool2d(3, stride=1, padding=0, dilation=1), X24, ("f32", "f16"))
add("test_maxpool2d.py", "maxpool2d_unsupported",
    lambda: Fn(lambda s, x: s.pool(x)[1], pool=nn.MaxPool2d(3, stride=1, padding=0, dilation=1, return_indices=True)),
    X24, delegates=0, portable=["edge.max_pool2d_with_indices"],
    delegate_note="max_pool2d's i64 indices are edge.max_pool2d_indices here, portable as ExecuTorch keeps them")
_n = 0
for _hw in ((17, 32), (32, 37)):
    for _k in (2, 3, 12):
        for _s in (1, 2, 4):
            for _p in (0, 1, 5):
                for _d in (1, 2, 3):
                    if 2 * _p > (_k - 1) * _d + 1 or _s > _k:
                        continue  # padding beyond half the dilated window; a stride past the window
                    if min((sz + 2 * _p - _d * (_k - 1) - 1) // _s + 1 for sz in _hw) <= 0:
                        continue  # no output
                    add("test_maxpool2d.py", "maxpool2d_ceilmode_%dx%d_k%d_s%d_p%d_d%d" % (_hw + (_k, _s, _p, _d)),
                        lambda k=_k, st=_s, p=_p, d=_d: nn.MaxPool2d(k, st, p, d, ceil_mode=True),
                        lambda hw=_hw: (rn(1, 1, *hw),), ci=_n % 10 == 0)
                    _n += 1
add("test_maxpool2d.py", "maxpool2d_unsupported_dynamic_ceilmode", lambda: nn.MaxPool2d(3, 1, 0, 1, ceil_mode=True),
    lambda: (rn(1, 32, 23, 23),), delegates=0,
    skip="dynamic shapes (torch.export Dim): this project's graphs have static shapes")
add("test_maxpool2d.py", "maxpool2d_unsupported_stride", lambda: nn.MaxPool2d(2, stride=3), lambda: (rn(1, 32, 23, 23),),
    delegates=0, portable=["edge.max_pool2d"])
add("test_maxpool2d.py", "maxpool2d_default_stride", lambda: Fn(lambda s, x: F.max_pool2d(x, 2)), X24)
add("test_maxpool2d.py", "maxpool2d_single_element_kernel_size", lambda: nn.MaxPool2d([3], [2]), X24, ci=True)

# ---- test_mean_dim.py ----------------------------------------------------------


def _mean(dims, keepdim=True, dtype=None):
    if dtype is None:
        return lambda: Fn(lambda s, x: torch.mean(x + x, dims, keepdim=keepdim))
    return lambda: Fn(lambda s, x: torch.mean(x + x, dims, keepdim=keepdim, dtype=dtype))


X544 = lambda: (rn(1, 5, 4, 4),)
add("test_mean_dim.py", "mean_dim", _mean((-1, -2)), X544, ("f32", "f16"), ci=True)
add("test_mean_dim.py", "mean_dim_positive_dims", _mean((2, 3)), X544)
_MEAN_ANY = ("XNNPACK's static_reduce takes any dims of any rank, with or without keepdim; ExecuTorch's partitioner "
             "takes a 4-D mean over the last two dims (keepdim) only")
add("test_mean_dim.py", "mean_dim_unsupported", _mean(3), X544, delegates=None, portable=["edge.mean"],
    delegate_note=_MEAN_ANY)
add("test_mean_dim.py", "mean_dim_unsupported_3d", _mean((-1, -2)), lambda: (rn(1, 5, 4),), delegates=None,
    portable=["edge.mean"], delegate_note=_MEAN_ANY)
add("test_mean_dim.py", "mean_dim_unsupported_keepdim_false", _mean((-1, -2), keepdim=False), X544, delegates=None,
    portable=["edge.mean"], delegate_note=_MEAN_ANY)
add("test_mean_dim.py", "mean_dim_unsupported_dtype", _mean((-1, -2), dtype=torch.float64), X544, delegates=None,
    portable=["edge.mean"])


# ---- test_linear.py ------------------------------------------------------------
# _test_linear: three (rows, in, out) sizes, inputs [rows] * batch dims + [in].
_LIN_SIZES = ((3, 4, 4), (4, 37, 17), (4, 17, 37))


def _linear_cases(test, make, dtypes=("f32",), biases=(True, False), batch_dims=(1, 2), atol=ATOL, ci_first=False):
    for b in biases:
        for nb in batch_dims:
            for rows, fin, fout in _LIN_SIZES:
                add("test_linear.py", "%s_%s_b%d_%dx%dx%d" % (test, "bias" if b else "nobias", nb, rows, fin, fout),
                    lambda b=b, fin=fin, fout=fout: make(fin, fout, b),
                    lambda nb=nb, rows=rows, fin=fin: (rn(*([rows] * nb + [fin])),), dtypes, atol=atol,
                    ci=ci_first and b and nb == 2 and rows == 4)


class _AddMM(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.mat = nn.Parameter(rn(fin, fout))
        self.b = nn.Parameter(rn(1, fout))

    def forward(self, x):
        return torch.addmm(self.b, x, self.mat)


_linear_cases("linear", lambda i, o, b: nn.Linear(i, o, bias=b), ("f16",), atol=5e-3)
_linear_cases("linear", lambda i, o, b: nn.Linear(i, o, bias=b), ci_first=True)
_linear_cases("addmm", lambda i, o, b: _AddMM(i, o), biases=(True,), batch_dims=(1,))
_linear_cases("linear_fused_relu", lambda i, o, b: seq(nn.Linear(i, o, bias=b), nn.ReLU()), ci_first=True)
for _b in (True, False):
    add("test_linear.py", "linear_with_force_non_static_weights_false_%s" % ("bias" if _b else "nobias"),
        lambda b=_b: nn.Linear(13, 17, bias=b), lambda: (rn(1, 8, 13),))
    add("test_linear.py", "linear_with_force_non_static_weights_true_%s" % ("bias" if _b else "nobias"),
        lambda b=_b: nn.Linear(13, 17, bias=b), lambda: (rn(1, 8, 13),),
        skip="an ExecuTorch partitioner option (weights as delegate inputs) with no counterpart here")

# ---- test_minimum.py / test_multiply.py / test_negate.py -----------------------
add("test_minimum.py", "minimum", lambda: Fn(lambda s, x, y: torch.minimum(x, y)), lambda: (rn(1, 3, 6), rn(1, 3, 6)),
    ("f32", "f16"), ci=True)
add("test_multiply.py", "mul", lambda: Fn(lambda s, x, y: x * y), lambda: (rn(1, 3), rn(4, 3)), ("f32", "f16"),
    ci=True)
add("test_negate.py", "negate", lambda: Fn(lambda s, x: torch.neg(x)), fixed(ROUNDING), ("f32", "f16"), ci=True)

# ---- test_permute.py -----------------------------------------------------------
add("test_permute.py", "permute", lambda: Fn(lambda s, x: torch.permute(x + x, [0, 2, 3, 1])),
    lambda: (rn(1, 1, 4, 4),), ("f32", "f16"))
add("test_permute.py", "permute_negative_dim", lambda: Fn(lambda s, x: torch.permute(x + x, [0, -2, -1, 1])),
    lambda: (rn(1, 1, 4, 4),), ci=True)
add("test_permute.py", "permute_copy", lambda: Fn(lambda s, x: torch.permute_copy(x + x, [0, 2, 3, 1])
                                                  if hasattr(torch, "permute_copy") else
                                                  torch.permute(x + x, [0, 2, 3, 1]).clone()),
    lambda: (rn(1, 1, 4, 4),))

# ---- test_pow.py ---------------------------------------------------------------
add("test_pow.py", "pow2", lambda: Fn(lambda s, x: torch.pow(x, 2)), lambda: (rn(20),), ("f32", "f16"))
add("test_pow.py", "pow_unsupported", lambda: Fn(lambda s, x: torch.pow(x, 3)), lambda: (rn(5),), delegates=0,
    portable=["edge.pow"], ci=True)

# ---- test_prelu.py -------------------------------------------------------------
_PRELU_W = lambda: (rn(1, 5, 3, 2),)
add("test_prelu.py", "prelu", lambda: nn.PReLU(num_parameters=5, init=0.2), _PRELU_W, ci=True)
add("test_prelu.py", "prelu_f16_disabled_upstream", lambda: nn.PReLU(num_parameters=5, init=0.2), _PRELU_W, ("f16",))
# the file_load tests compare with torch.allclose(atol=1e-5) (rtol its default 1e-5)
add("test_prelu.py", "prelu_file_load", lambda: nn.PReLU(num_parameters=5, init=0.2), _PRELU_W, atol=1e-5,
    rtol=1e-5)


def _const_w_prelu():
    m = Fn(lambda s, x: torch.ops.aten.prelu.default(x, s.w))
    m.register_buffer("w", torch.ones(3))
    return m


add("test_prelu.py", "prelu_constant_weight_empty_decompositions_file_load", _const_w_prelu,
    lambda: (rn(2, 3, 3, 3),), delegates=None, atol=1e-5, rtol=1e-5)

# ---- unary: test_relu.py, test_rsqrt.py, test_sigmoid.py, test_sin.py, test_sqrt.py, test_square.py, test_tanh.py
add("test_relu.py", "relu", lambda: nn.ReLU(), lambda: (rn(8),), ci=True)
add("test_rsqrt.py", "rsqrt", lambda: Fn(lambda s, x: torch.rsqrt(torch.abs(x))), lambda: (rn(20),), ("f32", "f16"), ci=True)
add("test_sigmoid.py", "sigmoid", lambda: nn.Sigmoid(), lambda: (torch.ones(4),), ("f32",), ci=True)
add("test_sigmoid.py", "sigmoid", lambda: nn.Sigmoid(), lambda: (rn(4),), ("f16",))
add("test_sin.py", "sin", lambda: Fn(lambda s, x: torch.sin(x)), fixed(ANGLES), ("f32", "f16"), ci=True)
add("test_sqrt.py", "sqrt", lambda: Fn(lambda s, x: torch.sqrt(torch.abs(x))), lambda: (rn(20),), ("f32", "f16"), ci=True)
add("test_square.py", "square", lambda: Fn(lambda s, x: torch.square(x)), lambda: (rn(20),), ("f32", "f16"), ci=True)
add("test_tanh.py", "tanh", lambda: Fn(lambda s, x: torch.tanh(x)), lambda: (rn(20),), ("f32", "f16"), ci=True)

# ---- test_slice_copy.py --------------------------------------------------------
add("test_slice_copy.py", "slice_copy", lambda: Fn(lambda s, x: x[1:3, -2:, :-1]), lambda: (rn(5, 5, 5),),
    ("f32", "f16"), ci=True)
add("test_slice_copy.py", "slice_copy_memory_format",
    lambda: Fn(lambda s, x: s.conv(x)[:, :, 2:3, -2:], conv=nn.Conv2d(1, 3, (3, 3), padding=1, bias=False)),
    lambda: (rn(1, 1, 3, 3),))
add("test_slice_copy.py", "slice_copy_default_start", lambda: Fn(lambda s, x: torch.ops.aten.slice.Tensor(x, 0, None, 2)),
    lambda: (rn(5, 5),))
add("test_slice_copy.py", "slice_copy_stride_non_1", lambda: Fn(lambda s, x: x[:3:2, :, :]), lambda: (rn(5, 5, 5),),
    delegates=0, portable=["edge.slice"])
add("test_slice_copy.py", "slice_copy_dim_0", lambda: Fn(lambda s, x: x[-1:3, 2:, 3:3]), lambda: (rn(5, 5, 5),),
    delegates=0, portable=["edge.slice"])
add("test_slice_copy.py", "static_slice_with_dynamic_dim", lambda: Fn(lambda s, x: x[1:3, -2:, :-1]),
    lambda: (rn(5, 5, 5),), delegates=0,
    skip="dynamic shapes (torch.export Dim): this project's graphs have static shapes")

# ---- test_softmax.py -----------------------------------------------------------
for _d in (2, -1):  # the upstream's "valid dims": len(x) - 1 (x has 3 rows) and -1, both the last dim
    add("test_softmax.py", "softmax_dim%d" % _d, lambda d=_d: nn.Softmax(dim=d), lambda: (torch.rand(3, 5, 7),),
        ("f32", "f16"), ci=_d == -1)
add("test_softmax.py", "softmax_unsupported", lambda: nn.Softmax(dim=0), lambda: (torch.rand(3, 5, 7),),
    skip="the upstream test loops over range(len(inputs) - 1), empty for its one input: it checks nothing")

# ---- test_static_constant_pad.py -----------------------------------------------


def _pads(s, x, y, z):
    p6, p4, p2 = (1, 2, 3, 4, 5, 6), (1, 2, 3, 4), (1, 2)
    outs = [F.pad(x, p6, mode="constant", value=2.3), F.pad(x, p4, mode="constant", value=1.3),
            F.pad(x, p2, mode="constant", value=2.1), F.pad(y, p6, mode="constant", value=2.7),
            F.pad(y, p4, mode="constant", value=1.9), F.pad(y, p2, mode="constant", value=3.1),
            F.pad(z, p4, mode="constant", value=2.9), F.pad(z, p2, mode="constant", value=1.2)]
    return tuple(o + o for o in outs)


_PAD_IN = lambda: (rn(5, 4, 3, 2), rn(5, 3, 2), rn(4, 3))
add("test_static_constant_pad.py", "static_constant_pad_functional", lambda: Fn(_pads), _PAD_IN, ("f32", "f16"),
    ci=True)
add("test_static_constant_pad.py", "constant_pad_nd",
    lambda: Fn(lambda s, x, y, z: tuple(o + o for o in (torch.constant_pad_nd(x, (1, 2, 3, 4, 5, 6)),
                                                         torch.constant_pad_nd(y, (1, 2, 3, 4)),
                                                         torch.constant_pad_nd(z, (1, 2))))), _PAD_IN)
add("test_static_constant_pad.py", "static_constant_pad_nhwc",
    lambda: Fn(lambda s, x: s.c2(F.pad(s.c1(x), (1, 2, 3, 4, 5, 6), mode="constant", value=3.1)),
               c1=nn.Conv2d(2, 2, 1), c2=nn.Conv2d(13, 13, 1)), lambda: (rn(1, 2, 3, 4),))
add("test_static_constant_pad.py", "negative_pad_model_with_floats", lambda: nn.ConstantPad2d((0, 0, -2, 2), 0.0),
    lambda: (torch.tensor([[4.0], [5.0], [6.0]]),), delegates=None)
add("test_static_constant_pad.py", "negative_pad_model_with_ints", lambda: nn.ConstantPad2d((0, 0, -2, 2), 0.0),
    lambda: (torch.tensor([[4], [5], [6]]),), delegates=None, convert=False)

# ---- test_sub.py ---------------------------------------------------------------
add("test_sub.py", "sub", lambda: Fn(lambda s, x, y: x - y), lambda: (rn(1, 3), rn(4, 3)), ("f32", "f16"))
add("test_sub.py", "sub_with_alpha", lambda: Fn(lambda s, x, y: (torch.sub(x, y, alpha=1), torch.sub(x, y, alpha=2))),
    lambda: (rn(1, 1, 4, 4), rn(1, 1, 4, 4)), portable=["edge.sub"], ci=True)

# ---- test_to_copy.py (no comparison upstream; compared here) -------------------
add("test_to_copy.py", "channel_last_before_linear",
    lambda: Fn(lambda s, x: s.lin(x.to(memory_format=torch.channels_last)), lin=nn.Linear(3, 3)),
    lambda: (rn(1, 3, 3, 3),), delegates=None, portable=[])
add("test_to_copy.py", "contiguous_before_conv",
    lambda: Fn(lambda s, x: s.conv(x.to(memory_format=torch.contiguous_format)), conv=nn.Conv2d(3, 3, 3)),
    lambda: (rn(1, 3, 6, 6),), delegates=None, portable=[])
add("test_to_copy.py", "dtype_and_memory_format_conversion",
    lambda: Fn(lambda s, x: s.conv(x.to(torch.float, memory_format=torch.channels_last)), conv=nn.Conv2d(3, 3, 3)),
    lambda: (torch.randint(0, 10, (1, 3, 6, 6), dtype=torch.int32),), delegates=None, portable=[], ci=True,
    delegate_note="XNNPACK's convert has no int32 input: the i32 -> f32 to_copy runs portable, the conv delegated "
                  "(ExecuTorch asserts no _to_copy is left)")
add("test_to_copy.py", "dtype_and_memory_format_with_linear",
    lambda: Fn(lambda s, x: s.lin(x.to(torch.float, memory_format=torch.channels_last)), lin=nn.Linear(3, 3)),
    lambda: (torch.randint(0, 10, (1, 3, 3, 3), dtype=torch.int16),), delegates=None, portable=[], ci=True,
    delegate_note="int16 has no edge element type: the input is imported as i32 (every use converts it), and "
                  "XNNPACK's convert has no int32 input: the i32 -> f32 to_copy runs portable, the linear delegated "
                  "(ExecuTorch asserts no _to_copy is left)")


# ---- what this project refuses today ---------------------------------------------
_OPS_BRANCH = "%s (waits on branch h-ops29)"
KNOWN_REFUSALS = {
    "mean_dim.mean_dim_unsupported_dtype_f32":
        "mean(dtype=float64) is the model's output: edge has no f64; a clear import error by design "
        "(an f64 mean converted back is imported in the input dtype)",
    "batch_norm.training_bn_not_partitioned_f32":
        "batch norm in training mode: a clear import error by design (edge has no batch-statistics batch norm; "
        "ExecuTorch keeps it portable)",
}
# Refusals of one import front only (run.py --front): its torch.export program has a form
# the module's trace has not.
KNOWN_REFUSALS_BY_FRONT = {
    "export": {},
    "export-decomposed": {},
}


def known_refusals(front):
    """The known refusals of an import front (run.py --front)."""
    d = dict(KNOWN_REFUSALS)
    d.update(KNOWN_REFUSALS_BY_FRONT.get(front, {}))
    return d


# Delegation differences of one import front only (as a case's delegate_note): what
# run_decompositions() writes in core ATen that ExecuTorch's to_edge_transform_and_lower keeps
# whole for the XNNPACK partitioner (its ops_to_not_decompose), and this project runs portable.
_BILINEAR_DECOMPOSED = (
    "run_decompositions() writes upsample_bilinear2d as aten.index gathers by constant indices and lerps: the "
    "pinned XNNPACK has no gather node, the gathers run portable (ExecuTorch keeps the op whole for its "
    "partitioner)")
_ELU_DECOMPOSED = (
    "run_decompositions() writes elu as where(x > 0, x, expm1(x) * alpha): the pinned XNNPACK has no comparison "
    "or select node, those run portable (ExecuTorch keeps the op whole for its partitioner)")
DELEGATE_NOTES_BY_FRONT = {
    "export-decomposed": {
        "bilinear2d.static_resize_bilinear2d_f32": _BILINEAR_DECOMPOSED,
        "bilinear2d.static_resize_bilinear2d_with_align_corners_f32": _BILINEAR_DECOMPOSED,
        "elu.elu_f32": _ELU_DECOMPOSED,
        "elu.elu_f16": _ELU_DECOMPOSED,
    },
}


def delegate_note(case, front):
    """Why this project's delegation of `case` may differ from ExecuTorch's under an import front."""
    return DELEGATE_NOTES_BY_FRONT.get(front, {}).get(case.name, case.delegate_note)


# Cases torch.export.export(module, inputs, strict=True) cannot export (a PyTorch limit, not
# this project's): run.py's export fronts skip them with this reason; an unlisted export
# failure fails the run.
EXPORT_FAILS = {}  # none under torch 2.6

# Known cases that fail by a wrong result rather than a refusal (the reason says why).
KNOWN_WRONG = set()

# ---- quantized upstream tests (not run: out of scope) -------------------------------
# (upstream test methods that quantize: qs8 / qd8 / qc8 / qb4 / dq; helpers excluded)
QUANTIZED = {
    "test_add.py": [
        "test_qs8_add_constant",
        "test_qs8_add",
        "test_qs8_add2",
        "test_qs8_add3",
        "test_qs8_add_relu",
        "test_qs8_add_relu_seq"],
    "test_cat.py": [
        "test_qs8_cat2",
        "test_qs8_cat3",
        "test_qs8_cat4",
        "test_qs8_cat5",
        "test_qs8_cat_gt_5",
        "test_qs8_cat_with_empty_tensor",
        "test_qs8_cat_uses_annotated_transpose_path_qparams",
        "_test_qs8_cat_nhwc",
        "_test_qs8_cat_nhwc2"],
    "test_clamp.py": [
        "test_qs8_clamp"],
    "test_conv1d.py": [
        "test_qs8_conv1d",
        "test_qs8_conv1d_even_kernel_same_padding",
        "test_qs8_conv1d_batchnorm_seq",
        "test_qs8_conv1d_with_floating_point_partitioner"],
    "test_conv2d.py": [
        "test_qs8_conv2d_test",
        "test_qs8_conv2d_per_channel",
        "test_qs8_conv2d_even_kernel_same_padding",
        "test_qs8_conv2d_depthwise_even_kernel_same_padding",
        "test_qs8_even_kernel_same_padding_flatten",
        "test_qs8_conv2d_seq",
        "test_qs8_conv2d_depthwise",
        "test_qs8_conv2d_bn",
        "test_qs8_conv2d_relu",
        "test_qs8_conv2d_dw_relu",
        "test_qs8_conv2d_relu_seq",
        "test_qs8_conv2d_relu_multi_users",
        "test_qs8_conv_transpose_2d_quantize_per_channel_multi_axis",
        "test_qs8_tconv_output_padding",
        "test_dq_conv2d",
        "test_dq_conv2d_seq",
        "test_dq_conv2d_parallel",
        "test_dq_conv2d_transpose",
        "test_dq_conv2d_transpose_seq",
        "test_dq_conv2d_transpose_parallel"],
    "test_elu.py": [
        "_test_qs8_elu",
        "_test_qs8_elu_functional"],
    "test_hardtanh.py": [
        "test_qs8_hardtanh"],
    "test_leaky_relu.py": [
        "_test_qs8_leaky_relu",
        "_test_qs8_leaky_relu_default_slope"],
    "test_linear.py": [
        "test_qd8_f32_per_channel_shared_dq_chain",
        "test_qc8_linear",
        "test_qs8_linear_fused_relu",
        "test_qs8_linear",
        "test_qd8_f16_per_channel_linear",
        "test_qd8_f16_per_tensor_linear",
        "test_qd8_f32_per_channel_linear",
        "test_qd8_f32_per_tensor_linear",
        "test_qd8_per_channel_linear_parallel",
        "test_qd8_per_channel_linear_with_two_batch",
        "test_qd8_per_channel_linear_sequential",
        "test_qd8_per_channel_linear_parallel_and_sequential",
        "test_linear_qd8_f16_per_channel_int4",
        "test_linear_qd8_f32_per_channel_int4",
        "test_linear_qd8_f16_per_token_weight_per_channel_group_int4",
        "test_linear_qd8_f32_per_token_weight_per_channel_group_int4",
        "test_linear_qd8_bf16_per_token_weight_per_channel_group_int4",
        "test_linear_qd8_per_token_groupwise_unsupported_groupsize",
        "test_linear_qs8_as_fp32",
        "test_linear_qc8_as_fp32",
        "test_linear_qd8_as_fp32"],
    "test_check_quant_params.py": [
        "test_in_per_tensor_quant",
        "test_in_per_channel_quant",
        "test_inject_invalid_zp"],
    "test_maxpool2d.py": [
        "test_qs8_maxpool2d"],
    "test_mean_dim.py": [
        "test_qs8_mean_dim"],
    "test_multiply.py": [
        "test_qs8_mul",
        "test_qs8_mul2",
        "test_qs8_mul_functional",
        "test_qs8_mul_relu"],
    "test_permute.py": [
        "test_qs8_permute",
        "test_qs8_permute_copy"],
    "test_quantize_per_tensor.py": [
        "test_qs8_quantize_per_tensor",
        "test_qs8_dequantize_per_tenstor"],
    "test_slice_copy.py": [
        "test_qs8_slice_copy"],
    "test_static_constant_pad.py": [
        "test_qs8_static_constant_pad_functional",
        "test_qs8_static_constant_pad_2d"],
    "test_sub.py": [
        "_test_qs8_sub",
        "_test_qs8_sub2",
        "_test_qs8_sub3",
        "_test_qs8_sub_relu"],
    "test_to_copy.py": [
        "test_quantized_to_copy"],
}
