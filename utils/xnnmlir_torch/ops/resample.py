"""Upsampling (nearest, bilinear, antialiased bilinear): edge takes output
sizes; explicit scales only where ATen computes the same."""

from ..aten import name_overload
from ..mlir import arr, torch


def upsample_scales(imp, n, scales, in_hw, out_hw, nearest, align_corners):
    """edge's upsample ops derive their scales from the sizes (as
    upsample_*2d.vec without scale_factors); explicit scales are taken
    when ATen computes the same indices and weights with them."""
    if scales is None or all(s is None for s in scales):
        return
    f32 = torch.float32
    for axis, (s, i, o) in enumerate(zip(scales, in_hw, out_hw)):
        if s is None or s <= 0 or o == i or (nearest and o == 2 * i) or (not nearest and align_corners):
            continue  # ATen ignores the scale on these paths
        by_scale = torch.tensor(1.0 / s, dtype=f32)
        by_size = torch.tensor(i, dtype=f32) / torch.tensor(o, dtype=f32)
        if nearest:
            dst = torch.arange(o, dtype=f32)
            same = torch.equal(torch.floor(dst * by_scale).clamp(max=i - 1),
                               torch.floor(dst * by_size).clamp(max=i - 1))
        else:
            same = bool(by_scale == by_size)
        if not same:
            imp.fail(n, "upsample with scale factor %r in dim %d, which ATen uses instead of the sizes %d -> %d "
                         "(different %s); edge's upsample ops take the sizes only" %
                      (s, axis + 2, i, o, "indices" if nearest else "weights"))


def op_upsample_nearest2d(imp, n):
    x = imp.v(n, n.args[0])
    shape, dtype = imp.out(n)
    scales = n.args[2] if name_overload(n) == "vec" else n.args[2:4]
    upsample_scales(imp, n, scales, x.shape[2:], shape[2:], True, False)
    return imp.w.op("upsample_nearest2d", [x], [("output_size", arr(shape[2:]))], shape, dtype)


def bilinear(imp, n, edge):
    """upsample_bilinear2d and its antialiased form (same arguments)."""
    x = imp.v(n, n.args[0])
    shape, dtype = imp.out(n)
    align = bool(n.args[2])
    scales = n.args[3] if name_overload(n) == "vec" else n.args[3:5]
    upsample_scales(imp, n, scales, x.shape[2:], shape[2:], False, align)
    return imp.w.op(edge, [x], [("output_size", arr(shape[2:])), ("align_corners", "true" if align else "false")],
                    shape, dtype)


def op_upsample_bilinear2d(imp, n): return bilinear(imp, n, "upsample_bilinear2d")
def op_upsample_bilinear2d_aa(imp, n): return bilinear(imp, n, "upsample_bilinear2d_aa")


OPS = {
    "upsample_nearest2d": op_upsample_nearest2d,
    "upsample_bilinear2d": op_upsample_bilinear2d,
    "upsample_bilinear2d_aa": op_upsample_bilinear2d_aa,
}
