/* Edge 2-D convolution, pooling and upsampling (logical NCHW shapes):
 * verifiers, capability checks, lowerings and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"
#include "Reference/Kernels.h" /* ATen's nearest index, shared with the reference */

#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <stdint.h>

/* ---- verifiers ----------------------------------------------------------- */

/* Reads a required array<i64> of `count` elements in [lo, INT32_MAX]. */
static bool getDims(MlirOperation op, const char *name, int64_t lo, intptr_t count, int64_t *out) {
  intptr_t n;
  if (xnnGetI64Array(op, name, true, count, out, count, &n) != XNN_ATTR_OK)
    return false;
  return xnnCheckArrayRange(op, name, out, count, lo, INT32_MAX);
}

/* Reads a required array<i64> of 2 with elements in [lo, INT32_MAX]. */
static bool getPair(MlirOperation op, const char *name, int64_t lo, int64_t out[2]) {
  return getDims(op, name, lo, 2, out);
}

/* Output size along one axis, or a located error naming the real problem:
 * an empty kernel, sizes whose window arithmetic overflows 64 bits (huge
 * dims, dilation or padding), or a (dilated) kernel larger than the padded
 * input. */
static bool windowSize(MlirOperation op, const char *axis, int64_t in, int64_t pad,
                       int64_t kernel, int64_t stride, int64_t dilation, bool ceil,
                       int64_t *out) {
  if (kernel < 1) {
    xnnOpError(op, "kernel %s is %lld; it must be at least 1", axis, (long long)kernel);
    return false;
  }
  bool of = false;
  int64_t eff = xnnAdd(xnnMul(dilation, kernel - 1, &of), 1, &of);
  (void)xnnAdd(in, xnnMul(2, pad, &of), &of);
  if (of) {
    xnnOpError(op, "%s window arithmetic overflows 64 bits: input %lld, padding %lld on each "
                   "side, kernel %lld, dilation %lld",
               axis, (long long)in, (long long)pad, (long long)kernel, (long long)dilation);
    return false;
  }
  if (xnnWindowOutSize(in, pad, 2 * pad, kernel, stride, dilation, ceil, out))
    return true;
  xnnOpError(op, "input %s %lld with padding %lld on each side is smaller than the (dilated) "
                 "kernel size %lld",
             axis, (long long)in, (long long)pad, (long long)eff);
  return false;
}

/* The attributes and operands conv2d and conv_transpose2d share: stride,
 * padding, dilation (and output_padding when `outPad`), groups; x, w, an
 * optional bias and the result, all of one float type. */
typedef struct ConvOperands {
  int64_t stride[3], pad[3], outPad[3], dil[3], groups;
  bool hasBias;
  XnnTensor x, w, b, res;
} ConvOperands;

/* `spatial` = 2 (conv2d, conv_transpose2d) or 3 (conv3d) elements per array. */
static bool convOperands(MlirOperation op, bool transposed, intptr_t spatial, ConvOperands *c) {
  c->groups = 1;
  c->outPad[0] = c->outPad[1] = c->outPad[2] = 0;
  bool ok = getDims(op, "stride", 1, spatial, c->stride);
  ok = getDims(op, "padding", 0, spatial, c->pad) && ok;
  if (transposed)
    ok = getDims(op, "output_padding", 0, spatial, c->outPad) && ok;
  ok = getDims(op, "dilation", 1, spatial, c->dil) && ok;
  XnnAttrStatus sg = xnnGetI64(op, "groups", true, &c->groups);
  if (sg == XNN_ATTR_OK && (c->groups < 1 || c->groups > INT32_MAX)) {
    xnnOpError(op, "groups must be >= 1, got %lld", (long long)c->groups);
    ok = false;
  }
  ok = sg == XNN_ATTR_OK && ok;
  if (!xnnCheckNumOperands(op, 2, 3) || !xnnCheckNumResults(op, 1))
    return false;
  c->hasBias = mlirOperationGetNumOperands(op) == 3;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &c->x) && ok;
  ok = xnnOperandTensor(op, 1, "w", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &c->w) && ok;
  if (c->hasBias)
    ok = xnnOperandTensor(op, 2, "bias", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &c->b) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &c->res) && ok;
  return ok && xnnCheckSameElem(op, &c->x, "operand 'x'", &c->w, "operand 'w'") &&
         (!c->hasBias || xnnCheckSameElem(op, &c->x, "operand 'x'", &c->b, "operand 'bias'")) &&
         xnnCheckSameElem(op, &c->x, "operand 'x'", &c->res, "result");
}

/* conv2d: x [N, C, H, W], w [O, C/groups, KH, KW], optional bias [O]
 *   -> [N, O, OH, OW], OH = floor((H + 2p - d(KH-1) - 1) / s) + 1. */
bool xnnVerifyEdgeConv2d(MlirOperation op) {
  ConvOperands co;
  if (!convOperands(op, false, 2, &co))
    return false;
  int64_t *stride = co.stride, *pad = co.pad, *dil = co.dil, groups = co.groups;
  bool hasBias = co.hasBias;
  XnnTensor x = co.x, w = co.w, b = co.b, res = co.res;
  if (x.rank != 4 || w.rank != 4) {
    xnnOpError(op, "operands 'x' (NCHW) and 'w' (OIHW) must have rank 4, got "
                   "%lld and %lld",
               (long long)x.rank, (long long)w.rank);
    return false;
  }
  int64_t c = x.dims[1], o = w.dims[0];
  if (c % groups != 0 || o % groups != 0) {
    xnnOpError(op, "input channels %lld and output channels %lld must both be "
                   "divisible by groups %lld",
               (long long)c, (long long)o, (long long)groups);
    return false;
  }
  if (w.dims[1] != c / groups) {
    xnnOpError(op, "operand 'w' dim 1 is %lld, expected input channels / "
                   "groups = %lld",
               (long long)w.dims[1], (long long)(c / groups));
    return false;
  }
  if (hasBias && (b.rank != 1 || b.dims[0] != o)) {
    char bs[256];
    xnnOpError(op, "operand 'bias' must have shape %lld (output channels), got "
                   "%s",
               (long long)o, xnnShapeStr(b.dims, b.rank, bs, sizeof bs));
    return false;
  }
  int64_t oh, ow;
  if (!windowSize(op, "height", x.dims[2], pad[0], w.dims[2], stride[0], dil[0], false, &oh) ||
      !windowSize(op, "width", x.dims[3], pad[1], w.dims[3], stride[1], dil[1], false, &ow))
    return false;
  int64_t shape[4] = {x.dims[0], o, oh, ow};
  return xnnCheckResultShape(op, &res, shape, 4, "convolution output");
}

/* conv3d: x [N, C, D, H, W], w [O, C/groups, KD, KH, KW], optional bias [O]
 *   -> [N, O, OD, OH, OW], each as conv2d's formula. */
bool xnnVerifyEdgeConv3d(MlirOperation op) {
  ConvOperands co;
  if (!convOperands(op, false, 3, &co))
    return false;
  XnnTensor x = co.x, w = co.w, b = co.b, res = co.res;
  int64_t groups = co.groups;
  if (x.rank != 5 || w.rank != 5) {
    xnnOpError(op, "operands 'x' (NCDHW) and 'w' (OIDHW) must have rank 5, got %lld and %lld",
               (long long)x.rank, (long long)w.rank);
    return false;
  }
  int64_t c = x.dims[1], o = w.dims[0];
  if (c % groups != 0 || o % groups != 0) {
    xnnOpError(op, "input channels %lld and output channels %lld must both be divisible by groups %lld",
               (long long)c, (long long)o, (long long)groups);
    return false;
  }
  if (w.dims[1] != c / groups) {
    xnnOpError(op, "operand 'w' dim 1 is %lld, expected input channels / groups = %lld",
               (long long)w.dims[1], (long long)(c / groups));
    return false;
  }
  if (co.hasBias && (b.rank != 1 || b.dims[0] != o)) {
    char bs[256];
    xnnOpError(op, "operand 'bias' must have shape %lld (output channels), got %s", (long long)o,
               xnnShapeStr(b.dims, b.rank, bs, sizeof bs));
    return false;
  }
  static const char *const axes[3] = {"depth", "height", "width"};
  int64_t shape[5] = {x.dims[0], o, 0, 0, 0};
  for (int i = 0; i < 3; ++i)
    if (!windowSize(op, axes[i], x.dims[2 + i], co.pad[i], w.dims[2 + i], co.stride[i], co.dil[i], false,
                    &shape[2 + i]))
      return false;
  return xnnCheckResultShape(op, &res, shape, 5, "convolution output");
}

/* Common part of the two pooling ops on x [N, C, H, W]. */
static bool verifyPool(MlirOperation op, bool isMax, bool indices) {
  int64_t kernel[2], stride[2], pad[2], dil[2] = {1, 1};
  bool ceil = false, countPad = true;
  int64_t divisor = 0;
  bool ok = getPair(op, "kernel_size", 1, kernel);
  ok = getPair(op, "stride", 1, stride) && ok;
  ok = getPair(op, "padding", 0, pad) && ok;
  if (isMax) {
    ok = getPair(op, "dilation", 1, dil) && ok;
    ok = xnnGetBool(op, "ceil_mode", true, &ceil) == XNN_ATTR_OK && ok;
  } else { /* optional, ATen's defaults when absent */
    ok = xnnGetBool(op, "ceil_mode", false, &ceil) != XNN_ATTR_BAD && ok;
    ok = xnnGetBool(op, "count_include_pad", false, &countPad) != XNN_ATTR_BAD && ok;
    XnnAttrStatus sd = xnnGetI64(op, "divisor_override", false, &divisor);
    if (sd == XNN_ATTR_OK && divisor == 0) {
      xnnOpError(op, "divisor_override must not be zero (ATen)");
      ok = false;
    }
    ok = sd != XNN_ATTR_BAD && ok;
  }
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x) && ok;
  ok = xnnResultTensor(op, 0, indices ? XNN_ET_I64 : XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!indices && !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  if (x.rank != 4) {
    xnnOpError(op, "operand 'x' must be NCHW (rank 4), got rank %lld",
               (long long)x.rank);
    return false;
  }
  for (int i = 0; i < 2; ++i) {
    if (pad[i] > kernel[i] / 2) {
      xnnOpError(op, "padding %lld must be at most half of the kernel size "
                     "%lld",
                 (long long)pad[i], (long long)kernel[i]);
      return false;
    }
  }
  int64_t oh, ow;
  if (!windowSize(op, "height", x.dims[2], pad[0], kernel[0], stride[0], dil[0], ceil, &oh) ||
      !windowSize(op, "width", x.dims[3], pad[1], kernel[1], stride[1], dil[1], ceil, &ow))
    return false;
  int64_t shape[4] = {x.dims[0], x.dims[1], oh, ow};
  return xnnCheckResultShape(op, &res, shape, 4,
                             ceil ? "pooling output (ceil_mode)"
                                  : "pooling output");
}

bool xnnVerifyEdgeMaxPool2d(MlirOperation op) { return verifyPool(op, true, false); }
bool xnnVerifyEdgeMaxPool2dIndices(MlirOperation op) { return verifyPool(op, true, true); }
bool xnnVerifyEdgeAvgPool2d(MlirOperation op) { return verifyPool(op, false, false); }

/* conv_transpose2d: x [N, Cin, H, W], w [Cin, Cout/groups, KH, KW], optional
 * bias [Cout] -> [N, Cout, OH, OW],
 * OH = (H - 1) * s - 2p + d(KH - 1) + output_padding + 1 (ATen's formula). */
bool xnnVerifyEdgeConvTranspose2d(MlirOperation op) {
  ConvOperands co;
  if (!convOperands(op, true, 2, &co))
    return false;
  int64_t *stride = co.stride, *pad = co.pad, *outPad = co.outPad, *dil = co.dil, groups = co.groups;
  bool hasBias = co.hasBias;
  XnnTensor x = co.x, w = co.w, b = co.b, res = co.res;
  if (x.rank != 4 || w.rank != 4) {
    xnnOpError(op, "operands 'x' (NCHW) and 'w' ([Cin, Cout/groups, KH, KW]) must have rank 4, got "
                   "%lld and %lld",
               (long long)x.rank, (long long)w.rank);
    return false;
  }
  for (int i = 0; i < 2; ++i)
    if (outPad[i] >= stride[i] && outPad[i] >= dil[i]) {
      xnnOpError(op, "output_padding %lld must be smaller than either stride %lld or dilation %lld "
                     "(ATen)",
                 (long long)outPad[i], (long long)stride[i], (long long)dil[i]);
      return false;
    }
  int64_t c = x.dims[1];
  if (w.dims[0] != c || c % groups != 0) {
    xnnOpError(op, "operand 'w' dim 0 is %lld; it must equal the input channels %lld, which must be "
                   "divisible by groups %lld",
               (long long)w.dims[0], (long long)c, (long long)groups);
    return false;
  }
  bool of = false;
  int64_t o = xnnMul(w.dims[1], groups, &of);
  if (hasBias && (b.rank != 1 || b.dims[0] != o)) {
    char bs[256];
    xnnOpError(op, "operand 'bias' must have shape %lld (output channels), got %s", (long long)o,
               xnnShapeStr(b.dims, b.rank, bs, sizeof bs));
    return false;
  }
  int64_t out[2];
  static const char *const axes[2] = {"height", "width"};
  for (int i = 0; i < 2; ++i) {
    int64_t in = x.dims[2 + i], k = w.dims[2 + i];
    if (in < 1 || k < 1) {
      xnnOpError(op, "input %s %lld and kernel %s %lld must both be at least 1", axes[i],
                 (long long)in, axes[i], (long long)k);
      return false;
    }
    int64_t full = xnnAdd(xnnMul(in - 1, stride[i], &of), xnnMul(dil[i], k - 1, &of), &of);
    out[i] = xnnAdd(xnnAdd(full, -xnnMul(2, pad[i], &of), &of), outPad[i] + 1, &of);
    if (of) {
      xnnOpError(op, "%s output size overflows 64 bits", axes[i]);
      return false;
    }
    if (out[i] < 1) {
      xnnOpError(op, "output %s (H - 1) * stride - 2 * padding + dilation * (KH - 1) + "
                     "output_padding + 1 = %lld is smaller than 1",
                 axes[i], (long long)out[i]);
      return false;
    }
  }
  int64_t shape[4] = {x.dims[0], o, out[0], out[1]};
  return xnnCheckResultShape(op, &res, shape, 4, "transposed convolution output");
}

/* upsample_nearest2d / upsample_bilinear2d: x [N, C, H, W] -> [N, C, OH, OW]
 * with (OH, OW) = output_size, every size at least 1 (ATen). */
static bool verifyUpsample(MlirOperation op, bool bilinear) {
  int64_t size[2];
  bool align = false;
  bool ok = getPair(op, "output_size", 1, size);
  if (bilinear)
    ok = xnnGetBool(op, "align_corners", true, &align) == XNN_ATTR_OK && ok;
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  if (x.rank != 4) {
    xnnOpError(op, "operand 'x' must be NCHW (rank 4), got rank %lld", (long long)x.rank);
    return false;
  }
  if (x.dims[2] < 1 || x.dims[3] < 1) {
    xnnOpError(op, "input height and width must be at least 1, got %lld and %lld",
               (long long)x.dims[2], (long long)x.dims[3]);
    return false;
  }
  int64_t shape[4] = {x.dims[0], x.dims[1], size[0], size[1]};
  return xnnCheckResultShape(op, &res, shape, 4, "[N, C, output_size]");
}

bool xnnVerifyEdgeUpsampleNearest2d(MlirOperation op) { return verifyUpsample(op, false); }
bool xnnVerifyEdgeUpsampleBilinear2d(MlirOperation op) { return verifyUpsample(op, true); }

/* adaptive_avg_pool2d: x [N, C, H, W] or [C, H, W] with H, W >= 1 (ATen
 * rejects empty spatial dims); output_size (array<i64> of 2, each >= 1)
 * -> [N, C, OH, OW]. */
bool xnnVerifyEdgeAdaptiveAvgPool2d(MlirOperation op) {
  int64_t size[2];
  bool ok = getPair(op, "output_size", 1, size);
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  if (x.rank != 3 && x.rank != 4) {
    xnnOpError(op, "operand 'x' must be [N, C, H, W] or [C, H, W], got rank %lld",
               (long long)x.rank);
    return false;
  }
  if (x.dims[x.rank - 2] < 1 || x.dims[x.rank - 1] < 1) {
    xnnOpError(op, "operand 'x' has an empty spatial dim (H = %lld, W = %lld)",
               (long long)x.dims[x.rank - 2], (long long)x.dims[x.rank - 1]);
    return false;
  }
  int64_t shape[4];
  for (intptr_t i = 0; i < x.rank - 2; ++i)
    shape[i] = x.dims[i];
  shape[x.rank - 2] = size[0];
  shape[x.rank - 1] = size[1];
  return xnnCheckResultShape(op, &res, shape, x.rank, "adaptive pooling");
}

/* ---- capability checks --------------------------------------------------- */

static bool checkConv(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (!xnnCapIsConstant(mlirOperationGetOperand(op, 1)))
    return xnnCapRefuse(why, "conv2d weight is not a constant; XNNPACK's convolution needs static filters");
  if (mlirOperationGetNumOperands(op) > 2 && !xnnCapIsConstant(mlirOperationGetOperand(op, 2)))
    return xnnCapRefuse(why, "conv2d bias is not a constant; XNNPACK's convolution needs a static bias");
  return true;
}

XnnPoolParams xnnPoolParams(MlirOperation op) {
  XnnPoolParams p = {{1, 1}, {1, 1}, {0, 0}, {1, 1}, false, true, 0};
  intptr_t n = 0;
  xnnAttrI64Array(op, "kernel_size", p.kernel, 2, &n);
  if (!xnnAttrI64Array(op, "stride", p.stride, 2, &n) || n == 0)
    p.stride[0] = p.kernel[0], p.stride[1] = p.kernel[1]; /* ATen: empty stride = kernel */
  xnnAttrI64Array(op, "padding", p.padding, 2, &n);
  if (xnnOpIs(op, "edge.avg_pool2d")) {
    xnnAttrBool(op, "ceil_mode", &p.ceilMode);
    xnnAttrBool(op, "count_include_pad", &p.countIncludePad);
    xnnAttrI64(op, "divisor_override", &p.divisorOverride);
  } else {
    xnnAttrI64Array(op, "dilation", p.dilation, 2, &n);
    xnnAttrBool(op, "ceil_mode", &p.ceilMode);
  }
  return p;
}

bool xnnPoolIsIdentity(const XnnPoolParams *p) {
  return p->kernel[0] == 1 && p->kernel[1] == 1 && p->stride[0] == 1 && p->stride[1] == 1 &&
         p->padding[0] == 0 && p->padding[1] == 0 && (p->divisorOverride == 0 || p->divisorOverride == 1);
}

/* The padding a pool's result type needs past the symmetric one at the bottom
 * (i = 0) and right (i = 1): ceil_mode's last windows overhang the input. */
static int64_t poolExtraPadding(MlirOperation op, const XnnPoolParams *p, int i) {
  int64_t in[4], out[4];
  if (xnnLowerOperandLogicalShape(op, 0, in) != 4 || xnnValueShape(mlirOperationGetResult(op, 0), out) != 4)
    return 0;
  int64_t need = (out[2 + i] - 1) * p->stride[i] + p->dilation[i] * (p->kernel[i] - 1) + 1;
  int64_t extra = need - (in[2 + i] + 2 * p->padding[i]);
  return extra > 0 ? extra : 0;
}

static bool refusePoolIndices(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return xnnCapRefuse(why, "max_pool2d's i64 indices: the pinned XNNPACK has no integer tensors");
}

static bool refuseConv3d(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return xnnCapRefuse(why, "3-D convolution: XNNPACK has no 3-D convolution node");
}

static bool refuseUpsampleAA(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return xnnCapRefuse(why, "antialiased bilinear upsampling: XNNPACK's bilinear resize has no antialiasing filter");
}

static bool checkMaxPool(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  XnnPoolParams p = xnnPoolParams(op);
  if (p.kernel[0] == 1 && p.kernel[1] == 1)
    return true; /* a copy, or a strided 1x1 average pooling: one element's mean is itself */
  for (int i = 0; i < 2; ++i)
    if (p.stride[i] > p.kernel[i])
      return xnnCapRefuse(why, "max_pool2d with stride %lld > kernel %lld in dim %d: XNNPACK's max "
                          "pooling refuses strides larger than the window", (long long)p.stride[i],
                          (long long)p.kernel[i], i + 2);
  /* dilation with padding: lowered with an explicit -inf pad; ceil_mode's
   * overhanging windows: with more padding at the bottom and right. */
  return true;
}

/* avg_pool2d: XNNPACK's average pooling divides by the elements of the window
 * inside its input, never counting its implicit padding: ATen's
 * count_include_pad = false, ceil_mode's overhang included. The padding
 * PyTorch counts (count_include_pad) is an explicit zero pad before it, and
 * ATen's count stops at the padded input's end (H + padding), which is
 * where the implicit padding for ceil_mode's overhang starts. A
 * divisor_override is the divisor of every window: delegated where it is the
 * whole window's size and every window is whole (no overhang). */
static bool checkAvgPool(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  XnnPoolParams p = xnnPoolParams(op);
  if (p.divisorOverride) {
    int64_t size = p.kernel[0] * p.kernel[1];
    if (p.divisorOverride != size)
      return xnnCapRefuse(why, "avg_pool2d with divisor_override %lld, not the window size %lld: XNNPACK's "
                          "average pooling divides by the window's element count", (long long)p.divisorOverride,
                          (long long)size);
    for (int i = 0; i < 2; ++i)
      if (poolExtraPadding(op, &p, i) > 0)
        return xnnCapRefuse(why, "avg_pool2d with divisor_override and ceil_mode windows overhanging the input "
                            "in dim %d: XNNPACK divides those by their elements inside it", i + 2);
  }
  return true;
}

/* adaptive_avg_pool2d: NHWC nodes need a batch dim; windows other than the
 * whole plane or an even split overlap or vary in size, which no XNNPACK
 * pooling node computes. H and W are read from the logical shape (the lowering
 * rechecks with an operand that may already be a lowered NHWC value, or a
 * tagged edge value that still has its logical type: fuzz seed 258). */
static bool checkAdaptiveAvgPool(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  int64_t x[XNN_IR_MAX_RANK];
  MlirType yt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (xnnLowerOperandLogicalShape(op, 0, x) != 4)
    return xnnCapRefuse(why, "adaptive_avg_pool2d of a 3-D [C, H, W] input: XNNPACK's pooling takes NHWC");
  int64_t h = x[2], w = x[3];
  int64_t oh = mlirShapedTypeGetDimSize(yt, 2), ow = mlirShapedTypeGetDimSize(yt, 3);
  if ((oh == 1 && ow == 1) || (h % oh == 0 && w % ow == 0))
    return true;
  return xnnCapRefuse(why, "adaptive_avg_pool2d from %lldx%lld to %lldx%lld: the sizes do not divide, so "
                      "its windows overlap or differ in size (no XNNPACK node; only 1x1 or even splits are "
                      "lowered)", (long long)h, (long long)w, (long long)oh, (long long)ow);
}

/* conv_transpose2d: XNNPACK's deconvolution takes static filters and bias,
 * as conv2d. */
static bool checkConvTranspose(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (!xnnCapIsConstant(mlirOperationGetOperand(op, 1)))
    return xnnCapRefuse(why, "conv_transpose2d weight is not a constant; XNNPACK's deconvolution needs static "
                        "filters");
  if (mlirOperationGetNumOperands(op) > 2 && !xnnCapIsConstant(mlirOperationGetOperand(op, 2)))
    return xnnCapRefuse(why, "conv_transpose2d bias is not a constant; XNNPACK's deconvolution needs a static "
                        "bias");
  /* output_padding beyond the padding it cancels is XNNPACK's adjustment,
   * which its runtime refuses unless below the stride (xnn_status_invalid_parameter). */
  int64_t stride[2] = {1, 1}, pad[2] = {0, 0}, outPad[2] = {0, 0};
  intptr_t n;
  xnnAttrI64Array(op, "stride", stride, 2, &n);
  xnnAttrI64Array(op, "padding", pad, 2, &n);
  xnnAttrI64Array(op, "output_padding", outPad, 2, &n);
  for (int i = 0; i < 2; ++i)
    if (outPad[i] - pad[i] >= stride[i])
      return xnnCapRefuse(why, "conv_transpose2d with output_padding %lld > padding %lld + stride %lld - 1 in "
                          "dim %d: XNNPACK's deconvolution adjustment must be below the stride",
                          (long long)outPad[i], (long long)pad[i], (long long)stride[i], i + 2);
  return true;
}

/* upsample_nearest2d is lowered as repetition by whole factors: only where
 * ATen's nearest index (a float computation) is exactly dst / factor for
 * every output index of both axes. */
static bool checkUpsampleNearest(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  int64_t x[4], y[4];
  if (xnnLowerOperandLogicalShape(op, 0, x) != 4 ||
      xnnValueShape(mlirOperationGetResult(op, 0), y) != 4)
    return xnnCapRefuse(why, "upsample_nearest2d of a tensor that is not 4-D");
  for (int i = 2; i < 4; ++i) {
    if (y[i] % x[i] != 0)
      return xnnCapRefuse(why, "upsample_nearest2d from %lld to %lld in dim %d: not a whole factor (a gather; "
                          "the pinned XNNPACK has none)", (long long)x[i], (long long)y[i], i);
    /* The check below costs one float step per output index. */
    if (y[i] > ((int64_t)1 << 24))
      return xnnCapRefuse(why, "upsample_nearest2d to %lld in dim %d: more than 2^24 output indices to check",
                          (long long)y[i], i);
    int64_t f = y[i] / x[i];
    for (int64_t d = 0; d < y[i]; ++d)
      if (xnnRefNearestIndex(d, x[i], y[i]) != d / f)
        return xnnCapRefuse(why, "upsample_nearest2d from %lld to %lld in dim %d: ATen's float index "
                            "computation picks element %lld for output %lld, not a whole-factor repetition",
                            (long long)x[i], (long long)y[i], i, (long long)xnnRefNearestIndex(d, x[i], y[i]),
                            (long long)d);
  }
  return true;
}

/* ---- lowerings ----------------------------------------------------------- */

/* An input with one element has no layout (the tagger leaves it untagged:
 * both layouts are the same bytes), so it passes as NHWC (fuzz seed 31985). */
static bool requireNHWC(XnnLowerCtx *L, MlirOperation op) {
  bool inputNHWC = xnnLowerOperandIsNHWC(op, 0) || xnnValueNumElements(mlirOperationGetOperand(op, 0)) == 1;
  if (!inputNHWC || !xnnLowerIsNHWC(op))
    return xnnLowerFail(L, op, "input and result must be tagged NHWC (run xnn-tag-channels-last first)");
  return true;
}

/* Operand 0 of a one-input NHWC op (pooling, resizing) in the type `*elem`
 * the op computes in; a null value once the lowering failed. */
static MlirValue nhwcInput(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap, MlirType *elem) {
  if (!requireNHWC(L, op))
    return (MlirValue){NULL};
  *elem = xnnLowerComputeElem(L, op, cap);
  return xnnLowerOperand(L, op, 0, *elem);
}

/* XNNPACK padding order (top, right, bottom, left) from ATen's symmetric (h, w). */
static MlirAttribute pair4(XnnLowerCtx *L, const int64_t *p) {
  int64_t v[4] = {p[0], p[1], p[0], p[1]};
  return xnnI64ArrayAttr(L->ctx, v, 4);
}

static bool xnnLowerConv(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap), f32 = mlirF32TypeGet(L->ctx);
  int64_t stride[2] = {1, 1}, padding[2] = {0, 0}, dilation[2] = {1, 1}, groups = 1, w[4];
  intptr_t n;
  xnnAttrI64Array(op, "stride", stride, 2, &n);
  xnnAttrI64Array(op, "padding", padding, 2, &n);
  xnnAttrI64Array(op, "dilation", dilation, 2, &n);
  xnnAttrI64(op, "groups", &groups);
  xnnValueShape(mlirOperationGetOperand(op, 1), w); /* [O, I/g, KH, KW] */
  /* XNNPACK's f16 convolution takes f32 static weights; OIHW -> OHWI. */
  MlirValue ins[3] = {xnnLowerOperand(L, op, 0, elem), xnnLowerConstantOperand(L, op, 1, f32, xnnLowerToNHWC)};
  intptr_t numIns = 2;
  if (mlirOperationGetNumOperands(op) > 2)
    ins[numIns++] = xnnLowerConstantOperand(L, op, 2, f32, NULL);
  for (intptr_t i = 0; i < numIns; ++i)
    if (mlirValueIsNull(ins[i]))
      return false;
  int64_t kernel[2] = {w[2], w[3]};
  MlirNamedAttribute attrs[7] = {
      lowerNamed(L, "padding", pair4(L, padding)),
      lowerNamed(L, "kernel", xnnI64ArrayAttr(L->ctx, kernel, 2)),
      lowerNamed(L, "subsampling", xnnI64ArrayAttr(L->ctx, stride, 2)),
      lowerNamed(L, "dilation", xnnI64ArrayAttr(L->ctx, dilation, 2)),
      lowerNamed(L, "groups", xnnI64Attr(L->ctx, groups)),
      lowerNamed(L, "group_input_channels", xnnI64Attr(L->ctx, w[1])),
      lowerNamed(L, "group_output_channels", xnnI64Attr(L->ctx, w[0] / (groups ? groups : 1))),
  };
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.convolution_2d", numIns, ins, xnnLowerResultType(op, 0, elem), 7, attrs));
}

static bool xnnLowerPool(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem;
  MlirValue in = nhwcInput(L, op, cap, &elem);
  if (mlirValueIsNull(in))
    return false;
  XnnPoolParams p = xnnPoolParams(op);
  if (xnnPoolIsIdentity(&p)) { /* identity: XNNPACK takes no unit-stride 1x1 pooling */
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, xnnLowerResultType(op, 0, elem), 0, NULL));
  }
  /* 1x1 max pooling is refused by XNNPACK; over one element it is the
   * average pooling, which takes strides. */
  bool isMax = xnnOpIs(op, "edge.max_pool2d") && !(p.kernel[0] == 1 && p.kernel[1] == 1);
  /* Padding top, right, bottom, left. PyTorch's output size (the result
   * type) can need more at the bottom and right: ceil_mode's last windows
   * overhang the input, and see only the elements inside it. */
  int64_t pad4[4] = {p.padding[0], p.padding[1], p.padding[0], p.padding[1]};
  pad4[2] += poolExtraPadding(op, &p, 0);
  pad4[1] += poolExtraPadding(op, &p, 1);
  /* Explicit padding, then pooling without: the pinned XNNPACK's dilated max
   * pooling miscomputes with implicit padding (xnn-probe --check-capabilities
   * finds the windows), so it pads with -inf as PyTorch's implicit padding
   * is; average pooling pads the symmetric padding with zeros where PyTorch
   * counts it (count_include_pad, or a divisor_override of the window size),
   * which XNNPACK's implicit padding would not; ceil_mode's overhang stays
   * implicit (ATen does not count it). */
  bool countPad = !isMax && (p.countIncludePad || p.divisorOverride) && (p.padding[0] || p.padding[1]);
  bool padded = pad4[0] || pad4[1] || pad4[2] || pad4[3];
  if (countPad || (isMax && padded && (p.dilation[0] > 1 || p.dilation[1] > 1))) {
    int64_t explicit4[4] = {pad4[0], pad4[1], pad4[2], pad4[3]};
    if (countPad)
      for (int i = 0; i < 4; ++i)
        explicit4[i] = p.padding[i % 2 == 0 ? 0 : 1];
    int64_t pre[4] = {0, explicit4[0], explicit4[3], 0}, post[4] = {0, explicit4[2], explicit4[1], 0};
    MlirType inType = mlirValueGetType(in);
    int64_t dims[4];
    for (int i = 0; i < 4; ++i)
      dims[i] = mlirShapedTypeGetDimSize(inType, i) + pre[i] + post[i];
    MlirNamedAttribute padAttrs[3] = {
        lowerNamed(L, "pre_paddings", xnnI64ArrayAttr(L->ctx, pre, 4)),
        lowerNamed(L, "post_paddings", xnnI64ArrayAttr(L->ctx, post, 4)),
        lowerNamed(L, "padding_value", xnnF64Attr(L->ctx, isMax ? -INFINITY : 0.0)),
    };
    MlirType paddedType = mlirRankedTensorTypeGet(4, dims, mlirShapedTypeGetElementType(inType),
                                                  mlirAttributeGetNull());
    in = xnnLowerEmit(L, op, "xnn.static_constant_pad", 1, &in, paddedType, 3, padAttrs);
    for (int i = 0; i < 4; ++i)
      pad4[i] -= explicit4[i];
  }
  MlirNamedAttribute attrs[4] = {
      lowerNamed(L, "padding", xnnI64ArrayAttr(L->ctx, pad4, 4)),
      lowerNamed(L, "pooling", xnnI64ArrayAttr(L->ctx, p.kernel, 2)),
      lowerNamed(L, "stride", xnnI64ArrayAttr(L->ctx, p.stride, 2)),
      lowerNamed(L, "dilation", xnnI64ArrayAttr(L->ctx, p.dilation, 2)),
  };
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, isMax ? "xnn.max_pooling_2d" : "xnn.average_pooling_2d", 1, &in,
                                             xnnLowerResultType(op, 0, elem), isMax ? 4 : 3, attrs));
}

/* adaptive_avg_pool2d (NHWC; sizes the capability check admits): the same
 * size is a copy, 1x1 the mean over H and W, sizes dividing the input an
 * average pooling with kernel = stride = in / out (the adaptive windows are
 * then exactly those). */
static bool xnnLowerAdaptiveAvgPool2d(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem;
  MlirValue in = nhwcInput(L, op, cap, &elem);
  if (mlirValueIsNull(in))
    return false;
  int64_t inDims[4], outDims[4]; /* NHWC, NCHW */
  xnnValueShape(in, inDims);
  xnnValueShape(mlirOperationGetResult(op, 0), outDims);
  MlirType out = xnnLowerResultType(op, 0, elem);
  if (inDims[1] == outDims[2] && inDims[2] == outDims[3]) {
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.copy", 1, &in, out, 0, NULL));
  }
  if (outDims[2] == 1 && outDims[3] == 1) {
    int64_t axes[2] = {1, 2};
    MlirNamedAttribute attrs[3] = {
        lowerNamed(L, "kind", lowerStrAttr(L, "mean")),
        lowerNamed(L, "axes", xnnI64ArrayAttr(L->ctx, axes, 2)),
        lowerNamed(L, "keep_dims", mlirBoolAttrGet(L->ctx, true)),
    };
    return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reduce", 1, &in, out, 3, attrs));
  }
  int64_t k[2] = {inDims[1] / outDims[2], inDims[2] / outDims[3]}, pad4[4] = {0, 0, 0, 0};
  MlirNamedAttribute attrs[3] = {
      lowerNamed(L, "padding", xnnI64ArrayAttr(L->ctx, pad4, 4)),
      lowerNamed(L, "pooling", xnnI64ArrayAttr(L->ctx, k, 2)),
      lowerNamed(L, "stride", xnnI64ArrayAttr(L->ctx, k, 2)),
  };
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.average_pooling_2d", 1, &in, out, 3, attrs));
}

/* The conv_transpose2d filter as XNNPACK's deconvolution takes it, in f32
 * (its f16 node takes f32 static weights): ATen's [Cin, Cout/G, KH, KW] is
 * [G, Cin/G, Cout/G, KH, KW] row-major, permuted to [G, Cout/G, KH, KW, Cin/G]
 * = [Cout, KH, KW, Cin/G], once at compile time. */
static MlirValue deconvFilter(XnnLowerCtx *L, MlirOperation op, int64_t groups) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 1));
  MlirAttribute value = xnnOpAttr(def, "value");
  MlirType f32 = mlirF32TypeGet(L->ctx);
  int64_t w[4];
  xnnValueShape(mlirOperationGetOperand(op, 1), w);
  int64_t cinG = w[0] / groups, split[5] = {groups, cinG, w[1], w[2], w[3]};
  int64_t dims[4] = {groups * w[1], w[2], w[3], cinG};
  static const int64_t perm[5] = {0, 2, 3, 4, 1};
  if (!xnnConstantHasPayload(def)) {
    if (mlirAttributeIsADenseResourceElements(value) && xnnResourceIsElided(value))
      return xnnLowerElidedConstant(L, op, value, xnnTypeInfo(xnnTensorType(dims, 4, f32)), f32, NULL, false);
    xnnLowerFail(L, op, "operand #1: constant payload missing (dense_resource without a blob)");
    return (MlirValue){NULL};
  }
  XnnElements e;
  char err[256];
  if (!xnnElementsView(value, &e, err, sizeof(err))) {
    xnnLowerFail(L, op, "operand #1: %s", err);
    return (MlirValue){NULL};
  }
  if (!xnnElementsConvert(&e, f32)) {
    xnnElementsFree(&e);
    xnnLowerFail(L, op, "operand #1: unsupported constant conversion");
    return (MlirValue){NULL};
  }
  xnnElementsReshape(&e, split, 5);
  xnnElementsPermute(&e, perm);
  xnnElementsReshape(&e, dims, 4);
  value = xnnElementsToAttr(&e);
  xnnElementsFree(&e);
  MlirNamedAttribute attr = lowerNamed(L, "value", value);
  return xnnLowerEmit(L, op, "xnn.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
}

/* conv_transpose2d -> deconvolution_2d (NHWC). XNNPACK's output size is
 * upsampling * (IH - 1) + adjustment + dilation * (KH - 1) + 1 - top - bottom
 * over the same full (uncropped) output as ATen's, whose rows [p, p + OH)
 * ATen keeps: top = p, and output_padding first cancels bottom padding
 * (bottom = p - op), only the rest is XNNPACK's adjustment (rows past the
 * full output: bias only, as in ATen), which it requires below the stride
 * (checked by the capability table). */
static bool xnnLowerConvTranspose(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  if (!requireNHWC(L, op))
    return false;
  MlirType elem = xnnLowerComputeElem(L, op, cap), f32 = mlirF32TypeGet(L->ctx);
  int64_t stride[2] = {1, 1}, padding[2] = {0, 0}, outPad[2] = {0, 0}, dilation[2] = {1, 1}, groups = 1, w[4];
  intptr_t n;
  xnnAttrI64Array(op, "stride", stride, 2, &n);
  xnnAttrI64Array(op, "padding", padding, 2, &n);
  xnnAttrI64Array(op, "output_padding", outPad, 2, &n);
  xnnAttrI64Array(op, "dilation", dilation, 2, &n);
  xnnAttrI64(op, "groups", &groups);
  if (groups < 1)
    groups = 1;
  xnnValueShape(mlirOperationGetOperand(op, 1), w); /* [Cin, Cout/G, KH, KW] */
  MlirValue ins[3] = {xnnLowerOperand(L, op, 0, elem), deconvFilter(L, op, groups)};
  intptr_t numIns = 2;
  if (mlirOperationGetNumOperands(op) > 2)
    ins[numIns++] = xnnLowerConstantOperand(L, op, 2, f32, NULL);
  for (intptr_t i = 0; i < numIns; ++i)
    if (mlirValueIsNull(ins[i]))
      return false;
  int64_t kernel[2] = {w[2], w[3]}, adjust[2], pad4[4] = {padding[0], padding[1], padding[0], padding[1]};
  for (int i = 0; i < 2; ++i) {
    int64_t cancel = outPad[i] < padding[i] ? outPad[i] : padding[i];
    pad4[i == 0 ? 2 : 1] -= cancel; /* bottom, right */
    adjust[i] = outPad[i] - cancel;
  }
  MlirNamedAttribute attrs[8] = {
      lowerNamed(L, "padding", xnnI64ArrayAttr(L->ctx, pad4, 4)),
      lowerNamed(L, "adjustment", xnnI64ArrayAttr(L->ctx, adjust, 2)),
      lowerNamed(L, "kernel", xnnI64ArrayAttr(L->ctx, kernel, 2)),
      lowerNamed(L, "upsampling", xnnI64ArrayAttr(L->ctx, stride, 2)),
      lowerNamed(L, "dilation", xnnI64ArrayAttr(L->ctx, dilation, 2)),
      lowerNamed(L, "groups", xnnI64Attr(L->ctx, groups)),
      lowerNamed(L, "group_input_channels", xnnI64Attr(L->ctx, w[0] / groups)),
      lowerNamed(L, "group_output_channels", xnnI64Attr(L->ctx, w[1])),
  };
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.deconvolution_2d", numIns, ins, xnnLowerResultType(op, 0, elem), 8, attrs));
}

/* upsample_bilinear2d -> static_resize_bilinear_2d (NHWC): without flags
 * XNNPACK samples at half-pixel centres clamped to the input, ATen's
 * align_corners=False; XNN_FLAG_ALIGN_CORNERS is ATen's align_corners=True
 * (checked against torch: test/Torch/ops-vs-torch.test). */
static bool xnnLowerResizeBilinear(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem;
  MlirValue in = nhwcInput(L, op, cap, &elem);
  if (mlirValueIsNull(in))
    return false;
  bool align = false;
  xnnAttrBool(op, "align_corners", &align);
  MlirNamedAttribute attr = lowerNamed(L, "align_corners", mlirBoolAttrGet(L->ctx, align));
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_resize_bilinear_2d", 1, &in, xnnLowerResultType(op, 0, elem), 1, &attr));
}

/* upsample_nearest2d with integer factors (the capability check admits only
 * those where ATen's nearest index is dst / factor): each element repeated,
 * pure data movement in either layout. H and W each get a size-1 axis after
 * them ([N, C, H, 1, W, 1] or NHWC [N, H, 1, W, 1, C]) that xnnLowerRepeatAlong fills,
 * then a reshape merges them. */
static bool xnnLowerUpsampleNearest(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  bool single = xnnValueNumElements(in) == 1;
  bool nhwc = xnnLowerOperandIsNHWC(op, 0);
  if (!single && nhwc != xnnLowerIsNHWC(op))
    return xnnLowerFail(L, op, "an upsample between layouts (run xnn-tag-channels-last)");
  int64_t x[4], y[4], d[6];
  xnnLowerOperandLogicalShape(op, 0, x);
  xnnValueShape(mlirOperationGetResult(op, 0), y);
  int64_t fh = y[2] / x[2], fw = y[3] / x[3];
  int64_t hAxis = nhwc ? 1 : 2; /* H's axis; W's follows H and H's new axis */
  if (nhwc)
    d[0] = x[0], d[1] = x[2], d[2] = 1, d[3] = x[3], d[4] = 1, d[5] = x[1];
  else
    d[0] = x[0], d[1] = x[1], d[2] = x[2], d[3] = 1, d[4] = x[3], d[5] = 1;
  MlirValue v = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &in, xnnTensorType(d, 6, elem), 0, NULL);
  if (fh > 1)
    v = xnnLowerRepeatAlong(L, op, v, hAxis + 1, fh, elem);
  if (fw > 1)
    v = xnnLowerRepeatAlong(L, op, v, hAxis + 3, fw, elem);
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.static_reshape", 1, &v, xnnLowerResultType(op, 0, elem), 0, NULL));
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    {"edge.conv2d", xnnVerifyEdgeConv2d, "convolution_2d_f32_weights", XNN_CAP_F32, checkConv, xnnLowerConv,
     XNN_CAP_F16},
    /* conv3d: portable (ExecuTorch keeps Conv3d outside the delegate too) */
    {"edge.conv3d", xnnVerifyEdgeConv3d, "", 0, refuseConv3d, NULL, 0},
    {"edge.max_pool2d", xnnVerifyEdgeMaxPool2d, "max_pooling_2d", XNN_CAP_FH, checkMaxPool, xnnLowerPool, 0},
    /* the indices of max_pool2d_with_indices: i64, which the pinned XNNPACK has no tensors of
     * (its argmax pooling gives u32 window offsets, not ATen's input plane indices) */
    {"edge.max_pool2d_indices", xnnVerifyEdgeMaxPool2dIndices, "", 0, refusePoolIndices, NULL, 0},
    {"edge.avg_pool2d", xnnVerifyEdgeAvgPool2d, "average_pooling_2d", XNN_CAP_FH, checkAvgPool, xnnLowerPool,
     0},
    /* adaptive_avg_pool2d: a copy, a mean over H and W (1x1), or an average
     * pooling with kernel = stride (even splits). f16 in f32: XNNPACK's f16
     * average pooling of a 2x4 window was 2.4e-3 off (test/Correctness/
     * norm-addmm-adaptive.mlir); bf16 in f32 as the pools. */
    {"edge.adaptive_avg_pool2d", xnnVerifyEdgeAdaptiveAvgPool2d, "average_pooling_2d", XNN_CAP_F32,
     checkAdaptiveAvgPool, xnnLowerAdaptiveAvgPool2d, XNN_CAP_F16},
    /* conv_transpose2d: f16 runs in f32 as conv2d does. A precaution: the
     * deconvolution uses the f16 GEMM kernels that return wrong data on
     * AVX512-FP16 CPUs for conv2d; on AVX2 its f16 node matched f32 rounded
     * once (576-term sums, 5408 outputs). The library refuses bf16. */
    {"edge.conv_transpose2d", xnnVerifyEdgeConvTranspose2d, "deconvolution_2d_f32_weights", XNN_CAP_F32,
     checkConvTranspose, xnnLowerConvTranspose, XNN_CAP_F16},
    /* XNNPACK's f16 resize interpolates in f16 (three roundings: up to 1.5
     * f16 ulps from ATen's f32-then-round, test/Torch/ops-vs-torch.test):
     * f16 runs in f32 as f16 hardswish does; the library refuses bf16. */
    /* XNNPACK's bilinear resize has no antialiasing filter */
    {"edge.upsample_bilinear2d_aa", xnnVerifyEdgeUpsampleBilinear2d, "", 0, refuseUpsampleAA, NULL, 0},
    {"edge.upsample_bilinear2d", xnnVerifyEdgeUpsampleBilinear2d, "static_resize_bilinear_2d", XNN_CAP_F32,
     NULL, xnnLowerResizeBilinear, XNN_CAP_F16},
    /* nearest by whole factors: concatenation as expand (bf16 in f32, exactly). */
    {"edge.upsample_nearest2d", xnnVerifyEdgeUpsampleNearest2d, "concatenate", XNN_CAP_FH,
     checkUpsampleNearest, xnnLowerUpsampleNearest, XNN_CAP_BF16},
};

const XnnOpFamily xnnConvFamily = {ops, sizeof ops / sizeof ops[0], NULL};
