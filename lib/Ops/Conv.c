/* Verifiers of edge 2-D convolution and pooling (logical NCHW shapes). */
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinTypes.h>

#include <stdint.h>

/* Reads a required array<i64> of 2 with elements in [lo, INT32_MAX]. */
static bool getPair(MlirOperation op, const char *name, int64_t lo,
                    int64_t out[2]) {
  intptr_t n;
  if (xnnGetI64Array(op, name, true, 2, out, 2, &n) != XNN_ATTR_OK)
    return false;
  return xnnCheckArrayRange(op, name, out, 2, lo, INT32_MAX);
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
  int64_t stride[2], pad[2], outPad[2], dil[2], groups;
  bool hasBias;
  XnnTensor x, w, b, res;
} ConvOperands;

static bool convOperands(MlirOperation op, bool transposed, ConvOperands *c) {
  c->groups = 1;
  c->outPad[0] = c->outPad[1] = 0;
  bool ok = getPair(op, "stride", 1, c->stride);
  ok = getPair(op, "padding", 0, c->pad) && ok;
  if (transposed)
    ok = getPair(op, "output_padding", 0, c->outPad) && ok;
  ok = getPair(op, "dilation", 1, c->dil) && ok;
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
  if (!convOperands(op, false, &co))
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

/* Common part of the two pooling ops on x [N, C, H, W]. */
static bool verifyPool(MlirOperation op, bool isMax) {
  int64_t kernel[2], stride[2], pad[2], dil[2] = {1, 1};
  bool ceil = false;
  bool ok = getPair(op, "kernel_size", 1, kernel);
  ok = getPair(op, "stride", 1, stride) && ok;
  ok = getPair(op, "padding", 0, pad) && ok;
  if (isMax) {
    ok = getPair(op, "dilation", 1, dil) && ok;
    ok = xnnGetBool(op, "ceil_mode", true, &ceil) == XNN_ATTR_OK && ok;
  }
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
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

bool xnnVerifyEdgeMaxPool2d(MlirOperation op) { return verifyPool(op, true); }
bool xnnVerifyEdgeAvgPool2d(MlirOperation op) { return verifyPool(op, false); }

/* conv_transpose2d: x [N, Cin, H, W], w [Cin, Cout/groups, KH, KW], optional
 * bias [Cout] -> [N, Cout, OH, OW],
 * OH = (H - 1) * s - 2p + d(KH - 1) + output_padding + 1 (ATen's formula). */
bool xnnVerifyEdgeConvTranspose2d(MlirOperation op) {
  ConvOperands co;
  if (!convOperands(op, true, &co))
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
