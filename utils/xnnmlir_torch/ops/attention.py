"""Scaled dot-product attention as torch 2 traces and exports it: edge.sdpa
(q, k, v (, mask), scale, is_causal), and the pieces edge.sdpa cannot say
written as edge ops (grouped-query heads, a mask combined with is_causal).

- `_scaled_dot_product_flash_attention_for_cpu` (make_fx under torch 2):
  (q, k, v, dropout_p, is_causal, *, attn_mask, scale) -> (output,
  logsumexp). A boolean mask reaches it already made additive (the trace
  writes where(mask, 0, -inf)); the CPU kernel applies is_causal and the
  mask together. Only the output is imported (logsumexp is for training).
- `scaled_dot_product_attention` (torch.export's default IR): (q, k, v,
  attn_mask, dropout_p, is_causal, *, scale, enable_gqa) -> output; as
  ATen's `_scaled_dot_product_attention_math`: a boolean mask keeps the
  positions where it is true, a float mask is added, enable_gqa repeats each
  k / v head for Hq / Hkv consecutive q heads (repeat_interleave on dim -3).
- `_safe_softmax` (the math path under torch 2, e.g. with enable_gqa): a
  softmax whose rows that are -inf throughout give 0, not NaN.

Fully masked rows give 0 in all three (edge.sdpa's semantics, and what
torch 2.6's CPU kernels compute). dropout_p must be 0: F.sdpa applies
dropout whatever the module's training flag, so another value is refused."""

from ..mlir import DTYPES, arr, f64, torch


def sdpa(imp, n, q, k, v, mask, dropout_p, is_causal, scale):
    """edge.sdpa of Values q, k, v and an optional mask Value (i1 or q's
    float type), is_causal combined with a mask as an additive -inf mask."""
    if dropout_p:
        imp.fail(n, "scaled_dot_product_attention with dropout_p=%r: dropout is applied even in eval mode; "
                    "only dropout_p=0 is supported" % (dropout_p,))
    r = len(q.shape)
    if len(k.shape) != r or len(v.shape) != r or tuple(k.shape[:-2]) != tuple(q.shape[:-2]) or \
            tuple(v.shape[:-2]) != tuple(q.shape[:-2]):
        imp.fail(n, "scaled_dot_product_attention with q %s, k %s, v %s: batch and head dims that differ are not "
                    "supported" % (list(q.shape), list(k.shape), list(v.shape)))
    L, S = q.shape[-2], k.shape[-2]
    if mask is not None and is_causal:
        # edge.sdpa takes one of them: the causal part as an additive mask (top-left aligned, s > l out).
        causal = torch.zeros(L, S, dtype=q.dtype).masked_fill(torch.ones(L, S, dtype=torch.bool).triu(1),
                                                                float("-inf"))
        c = imp.w.constant(causal, "causal_mask")
        if mask.dtype == torch.bool:
            mask = imp.w.op("where", [mask, imp.w.constant(torch.tensor(0.0, dtype=q.dtype), "scalar"),
                                      imp.w.constant(torch.tensor(float("-inf"), dtype=q.dtype), "scalar")],
                            [], mask.shape, q.dtype)
        shape = list(torch.broadcast_shapes(tuple(mask.shape), (L, S)))
        mask = imp.w.op("add", [mask, c], [], shape, q.dtype)
        is_causal = False
    attrs = ([("scale", f64(scale))] if scale is not None else []) + \
        ([("is_causal", "true")] if is_causal else [])
    operands = [q, k, v] + ([mask] if mask is not None else [])
    return imp.w.op("sdpa", operands, attrs, tuple(q.shape[:-1]) + (v.shape[-1],), q.dtype)


def mask_value(imp, n, m, dtype):
    """The mask operand: i1 as is, a float mask in q's dtype."""
    if m is None:
        return None
    x = imp.v(n, m)
    if x.dtype == torch.bool or x.dtype == dtype:
        return x
    if not x.dtype.is_floating_point:
        imp.fail(n, "scaled_dot_product_attention with a %s mask: only bool and float masks are supported" % x.dtype)
    return imp.w.op("to_copy", [x], [("dtype", DTYPES[dtype])], tuple(x.shape), dtype)


def op_flash_attention_for_cpu(imp, n):
    a = list(n.args) + [None] * 5
    q, k, v = (imp.v(n, x) for x in a[:3])
    dropout_p = a[3] if a[3] is not None else n.kwargs.get("dropout_p", 0.0)
    is_causal = a[4] if a[4] is not None else n.kwargs.get("is_causal", False)
    mask = mask_value(imp, n, n.kwargs.get("attn_mask"), q.dtype)
    out = sdpa(imp, n, q, k, v, mask, dropout_p, bool(is_causal), n.kwargs.get("scale"))
    return (out, None)  # logsumexp: getitem 1 is refused (op_getitem)


def repeat_heads(imp, x, groups):
    """x [..., H, S, E] -> [..., H * groups, S, E], each head `groups` times
    in a row (repeat_interleave on dim -3, as ATen's math path for GQA)."""
    s = list(x.shape)
    one = s[:-3] + [s[-3], 1] + s[-2:]
    wide = s[:-3] + [s[-3], groups] + s[-2:]
    y = imp.w.op("view", [x], [], one, x.dtype)
    y = imp.w.op("expand", [y], [], wide, x.dtype)
    return imp.w.op("view", [y], [], s[:-3] + [s[-3] * groups] + s[-2:], x.dtype)


def op_scaled_dot_product_attention(imp, n):
    names = ("query", "key", "value", "attn_mask", "dropout_p", "is_causal")
    a = list(n.args) + [None] * (6 - len(n.args))
    a = [a[i] if i < len(n.args) else n.kwargs.get(nm) for i, nm in enumerate(names)]
    q, k, v = (imp.v(n, x) for x in a[:3])
    mask = mask_value(imp, n, a[3], q.dtype)
    if n.kwargs.get("enable_gqa") and len(q.shape) >= 3 and k.shape[-3] != q.shape[-3]:
        hq, hkv = q.shape[-3], k.shape[-3]
        if v.shape[-3] != hkv or hkv == 0 or hq % hkv:
            imp.fail(n, "scaled_dot_product_attention with enable_gqa: q's %d heads are not a multiple of k's "
                        "and v's (%d, %d)" % (hq, hkv, v.shape[-3]))
        k, v = repeat_heads(imp, k, hq // hkv), repeat_heads(imp, v, hq // hkv)
    return sdpa(imp, n, q, k, v, mask, a[4] or 0.0, bool(a[5]), n.kwargs.get("scale"))


def op_safe_softmax(imp, n):
    """softmax(x), 0 on rows that are -inf throughout (ATen: where(all(x ==
    -inf), 0, softmax)), in ops XNNPACK runs (no bool tensor, no max
    reduction): kept = 1 / (maximum(x, -max) - x + 1) is 1 for a finite
    score, 0 for -inf (NaN for NaN); row = minimum(sum(kept), 1) is 1, or 0
    for a fully masked row; such a row is lifted to -0 by maximum(x, row *
    -max * 2) (-inf, a no-op, on every other row) so its softmax is finite,
    then multiplied by row. Other rows: softmax(x) * 1, the softmax's bits."""
    x = imp.v(n, n.args[0])
    dim = n.args[1]
    dtype = n.args[2] if len(n.args) > 2 else n.kwargs.get("dtype")
    shape, dt = imp.out(n)
    if dtype is not None and dtype != x.dtype:
        x = imp.w.op("to_copy", [x], [("dtype", DTYPES[dtype])], tuple(x.shape), dtype)
    big = torch.finfo(dt).max

    def c(value):
        return imp.w.constant(torch.tensor(value, dtype=dt), "scalar")
    lifted = imp.w.op("maximum", [x, c(-big)], [], shape, dt)
    d = imp.w.op("add", [imp.w.op("sub", [lifted, x], [], shape, dt), c(1.0)], [], shape, dt)
    kept = imp.w.op("div", [c(1.0), d], [], shape, dt)
    row_shape = list(shape)
    row_shape[dim % len(shape)] = 1
    count = imp.w.op("sum", [kept], [("dims", arr([dim])), ("keepdim", "true")], row_shape, dt)
    row = imp.w.op("minimum", [count, c(1.0)], [], row_shape, dt)
    floor = imp.w.op("mul", [imp.w.op("mul", [row, c(-big)], [], row_shape, dt), c(2.0)], [], row_shape, dt)
    t = imp.w.op("maximum", [x, floor], [], shape, dt)
    s = imp.w.op("softmax", [t], [("dim", "%d : i64" % dim)], shape, dt)
    return imp.w.op("mul", [s, row], [], shape, dt)


OPS = {
    "scaled_dot_product_flash_attention_for_cpu": op_flash_attention_for_cpu,
    "scaled_dot_product_attention": op_scaled_dot_product_attention,
    "safe_softmax": op_safe_softmax,
}
