"""Convolution (1-D as 2-D, 2-D, transposed 2-D, 3-D) and pooling (max with
indices, average, adaptive average)."""
import operator

from ..aten import AsCall
from ..mlir import arr, torch


def op_convolution(imp, n):
    """2-D convolution and transposed convolution, 3-D convolution (edge.conv3d,
    portable); 1-D (Conv1d) as the 2-D
    one of height 1 ([N, C, L] viewed as [N, C, 1, L], the weight as
    [O, I, 1, K]: reshaped here when constant, an edge.view otherwise), as
    ExecuTorch lowers it. ATen broadcasts a 1-element stride / padding /
    dilation / output_padding over the spatial dims; edge wants one per dim."""
    x, w, b, stride, padding, dilation, transposed, output_padding, groups = n.args[:9]
    shape, dtype = imp.out(n)
    rank = imp.values[w].dim()
    if rank not in (3, 4, 5) or (rank == 5 and transposed):
        imp.fail(n, "%d-D %sconvolution is not supported: edge has 1-D (as 2-D), 2-D and 3-D (not "
                 "transposed) convolution only" % (rank - 2, "transposed " if transposed else ""))
    spatial = rank - 2

    def per_dim(v, what):
        v = list(v)
        if len(v) == 1:
            v = v * spatial
        if len(v) != spatial:
            imp.fail(n, "convolution %s %r has neither 1 nor %d elements" % (what, v, spatial))
        return v
    stride, padding, dilation, output_padding = [per_dim(v, k) for v, k in (
        (stride, "stride"), (padding, "padding"), (dilation, "dilation"), (output_padding, "output_padding"))]
    xv, wv = imp.v(n, x), imp.v(n, w)
    if rank == 3:
        xs, ws = list(xv.shape), list(imp.values[w].shape)
        xv = imp.w.op("view", [xv], [], xs[:2] + [1] + xs[2:], xv.dtype)
        if imp.const.get(w):
            wv = imp.w.constant(imp.values[w].unsqueeze(2).contiguous(),
                                "%s_weight2d" % n.meta.get("xnn_path", ""))
        else:
            wv = imp.w.op("view", [wv], [], ws[:2] + [1] + ws[2:], wv.dtype)
        stride, padding, dilation, output_padding = ([1] + stride, [0] + padding, [1] + dilation,
                                                     [0] + output_padding)
        out_shape = list(shape[:2]) + [1] + list(shape[2:])
    else:
        out_shape = shape
    ops = [xv, wv] + ([imp.v(n, b)] if b is not None else [])
    if rank == 5:  # portable: XNNPACK has no 3-D convolution
        return imp.w.op("conv3d", ops, [("stride", arr(stride)), ("padding", arr(padding)),
                                         ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)],
                        shape, dtype)
    if transposed:
        y = imp.w.op("conv_transpose2d", ops, [
            ("stride", arr(stride)), ("padding", arr(padding)), ("output_padding", arr(output_padding)),
            ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)], out_shape, dtype)
    else:
        y = imp.w.op("conv2d", ops, [("stride", arr(stride)), ("padding", arr(padding)),
                                      ("dilation", arr(dilation)), ("groups", "%d : i64" % groups)],
                     out_shape, dtype)
    return y if rank == 4 else imp.w.op("view", [y], [], shape, dtype)


def pool_size(size, k, s, p, d, ceil):
    num = size + 2 * p - d * (k - 1) - 1
    out = (-(-num // s) if ceil else num // s) + 1
    if ceil and (out - 1) * s >= size + p:
        out -= 1
    return out


def ceil_adds_window(hw, k, s, p, d):
    """Whether ceil_mode gives a 2-D pool more windows than floor (else it is dropped)."""
    return not all(pool_size(hw[i], k[i], s[i], p[i], d[i], True) == pool_size(hw[i], k[i], s[i], p[i], d[i], False)
                   for i in range(2))


def op_max_pool2d_with_indices(imp, n):
    a = list(n.args) + [None] * 6
    x = imp.v(n, a[0])
    k = a[1]
    s = a[2] or k
    p = a[3] if a[3] is not None else [0, 0]
    d = a[4] if a[4] is not None else [1, 1]
    ceil = bool(a[5])
    k, s, p, d = [list(v) * (2 if len(v) == 1 else 1) for v in (k, s, p, d)]
    ceil = ceil and ceil_adds_window(x.shape[2:], k, s, p, d)
    out = imp.values[n]
    shape = tuple((out[0] if isinstance(out, tuple) else out).shape)
    attrs = [("kernel_size", arr(k)), ("stride", arr(s)), ("padding", arr(p)), ("dilation", arr(d)),
             ("ceil_mode", "true" if ceil else "false")]
    if not isinstance(out, tuple):
        return imp.w.op("max_pool2d", [x], attrs, shape, x.dtype)
    # values (delegable) and indices (portable), each only where its getitem is used
    used = {u.args[1] for u in n.users if u.target is operator.getitem and u.users}
    y = imp.w.op("max_pool2d", [x], attrs, shape, x.dtype) if 0 in used else None
    i = imp.w.op("max_pool2d_indices", [x], attrs, shape, torch.int64) if 1 in used else None
    return (y, i)


def op_avg_pool2d(imp, n):
    a = list(n.args) + [None] * 7
    x = imp.v(n, a[0])
    k = list(a[1])
    s = list(a[2]) if a[2] else k
    p = list(a[3]) if a[3] is not None else [0, 0]
    ceil = bool(a[4])
    include_pad = True if a[5] is None else bool(a[5])
    divisor = a[6] if a[6] is not None else n.kwargs.get("divisor_override")
    k, s, p = [v * 2 if len(v) == 1 else v for v in (k, s, p)]
    ceil = ceil and ceil_adds_window(x.shape[2:], k, s, p, [1, 1])
    shape, dtype = imp.out(n)
    attrs = [("kernel_size", arr(k)), ("stride", arr(s)), ("padding", arr(p))]
    if ceil:
        attrs.append(("ceil_mode", "true"))
    if not include_pad:
        attrs.append(("count_include_pad", "false"))
    if divisor is not None:
        attrs.append(("divisor_override", "%d : i64" % divisor))
    return imp.w.op("avg_pool2d", [x], attrs, shape, dtype)


def op_adaptive_avg_pool2d(imp, n):
    x = imp.v(n, n.args[0])
    shape, dtype = imp.out(n)
    N, C, H, W = x.shape
    OH, OW = shape[2], shape[3]
    if (OH, OW) == (1, 1) or (H % OH == 0 and W % OW == 0):
        return imp.w.op("adaptive_avg_pool2d", [x], [("output_size", arr([OH, OW]))], shape, dtype)
    # Other sizes (which xnn-delegate leaves portable): out = P x Q^T per
    # channel, P [OH, H], Q [OW, W] the bin averages, two linear maps.
    def bins(size, osize):
        m = torch.zeros(osize, size, dtype=torch.float64)
        for i in range(osize):
            s = (i * size) // osize
            e = -(-((i + 1) * size) // osize)
            m[i, s:e] = 1.0 / (e - s)
        return m.to(dtype)
    q = imp.w.constant(bins(W, OW), "adaptive_w")
    p = imp.w.constant(bins(H, OH), "adaptive_h")
    r = imp.w.op("view", [x], [], [N * C * H, W], dtype)
    r = imp.w.op("linear", [r, q], [], [N * C * H, OW], dtype)
    r = imp.w.op("view", [r], [], [N * C, H, OW], dtype)
    r = imp.w.op("permute", [r], [("dims", arr([0, 2, 1]))], [N * C, OW, H], dtype)
    r = imp.w.op("linear", [r, p], [], [N * C, OW, OH], dtype)
    r = imp.w.op("permute", [r], [("dims", arr([0, 2, 1]))], [N * C, OH, OW], dtype)
    return imp.w.op("view", [r], [], shape, dtype)


def op_conv_nd(imp, n):
    """torch.export's default IR: conv1d / conv2d / conv3d (padding as sizes, or
    "valid" / "same" as ATen's _convolution_mode computes them) as convolution.
    "same" with an odd total padding is ATen's too: the extra element on the
    high side as a constant_pad_nd of the input, the rest symmetric."""
    a = list(n.args) + [None] * (7 - len(n.args))
    x, w, b, stride, padding, dilation, groups = a[:7]
    spatial = imp.values[w].dim() - 2
    stride = stride if stride is not None else [1]
    dilation = dilation if dilation is not None else [1]
    padding = padding if padding is not None else [0]
    groups = groups if groups is not None else 1
    if isinstance(padding, str):
        if padding == "valid":
            padding = [0]
        else:  # "same" (stride 1): half the total padding each side, the odd element after
            dil = list(dilation) * spatial if len(dilation) == 1 else list(dilation)
            total = [d * (k - 1) for d, k in zip(dil, imp.values[w].shape[2:])]
            padding = [t // 2 for t in total]
            if any(t % 2 for t in total):
                xv = imp.v(n, x)
                pad = []
                for t in reversed(total):  # constant_pad_nd's pairs run from the last dim
                    pad += [0, t % 2]
                shape = list(xv.shape[:2]) + [s + t % 2 for s, t in zip(xv.shape[2:], total)]
                x = imp.w.op("constant_pad_nd", [xv], [("pad", arr(pad))], shape, xv.dtype)
    return op_convolution(imp, AsCall(n, (x, w, b, stride, padding, dilation, False, [0], groups)))


def op_conv_transpose_nd(imp, n):
    """torch.export's default IR: conv_transpose1d / 2d / 3d(input, weight, bias,
    stride, padding, output_padding, groups, dilation) as convolution."""
    a = list(n.args) + [None] * (8 - len(n.args))
    x, w, b, stride, padding, output_padding, groups, dilation = a[:8]
    return op_convolution(imp, AsCall(n, (x, w, b, stride or [1], padding or [0], dilation or [1], True,
                                          output_padding or [0], groups or 1)))


OPS = {
    "conv1d": op_conv_nd,
    "conv2d": op_conv_nd,
    "conv3d": op_conv_nd,
    "conv_transpose1d": op_conv_transpose_nd,
    "conv_transpose2d": op_conv_transpose_nd,
    "conv_transpose3d": op_conv_transpose_nd,
    "convolution": op_convolution,
    "max_pool2d_with_indices": op_max_pool2d_with_indices,
    "max_pool2d": op_max_pool2d_with_indices,
    "avg_pool2d": op_avg_pool2d,
    "adaptive_avg_pool2d": op_adaptive_avg_pool2d,
}
