/* Capability table entries, one per edge op; shared constraints first. */
#include "Ops/Capability.h"

#include "Reference/Kernels.h" /* ATen's nearest index, shared with the reference */

#include "Support/Elements.h"
#include "Support/IR.h"
#include "Support/NameIndex.h"
#include "Support/Strings.h"
#include "xnnmlir/Tensor.h"

#include <math.h>
#include <stdarg.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* XNN_MAX_TENSOR_DIMS of the pinned xnnpack.h. */
#define XNN_CAP_MAX_RANK 6

static bool refuse(XnnReason *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool refuse(XnnReason *why, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why->text, sizeof(why->text), fmt, ap);
  va_end(ap);
  return false;
}

static unsigned capMask(MlirType t) {
  if (mlirTypeIsNull(t))
    return 0;
  if (mlirTypeIsAF32(t))
    return XNN_CAP_F32;
  if (mlirTypeIsAF16(t))
    return XNN_CAP_F16;
  if (mlirTypeIsABF16(t))
    return XNN_CAP_BF16;
  return 0;
}

static void typeName(MlirType t, char *buf, size_t n) {
  XnnStrBuf s = {0};
  mlirTypePrint(t, xnnStrBufCallback, &s);
  snprintf(buf, n, "%s", s.data ? s.data : "?");
  xnnStrBufFree(&s);
}

/* Names operand / result #index for a refusal; only formatted on refusal. */
typedef struct ValueRef {
  const char *kind; /* "operand" or "result" */
  intptr_t index;
} ValueRef;

/* Every operand and result: static ranked tensor, rank <= 6, non-empty; float. */
static bool checkValue(MlirValue v, ValueRef w, bool requireFloat, XnnReason *why) {
  XnnTypeInfo t = xnnTypeInfo(mlirValueGetType(v));
  if (!t.rankedTensor || !t.staticShape)
    return refuse(why, "%s #%zd is not a statically shaped tensor", w.kind, (ssize_t)w.index);
  if (t.rank > XNN_CAP_MAX_RANK)
    return refuse(why, "%s #%zd has rank %zd; XNNPACK supports at most %d dims", w.kind,
                  (ssize_t)w.index, (ssize_t)t.rank, XNN_CAP_MAX_RANK);
  for (intptr_t i = 0; i < t.rank; ++i)
    if (t.dims[i] == 0)
      return refuse(why, "%s #%zd is empty; XNNPACK rejects zero-size tensors", w.kind,
                    (ssize_t)w.index);
  if (requireFloat && !capMask(t.elem)) {
    char name[64];
    typeName(t.elem, name, sizeof(name));
    return refuse(why, "%s #%zd has element type %s; XNNPACK's float nodes take f32, f16 or bf16",
                  w.kind, (ssize_t)w.index, name);
  }
  return true;
}

static bool isConstant(MlirValue v) {
  MlirOperation def = xnnDefiningOp(v);
  return !mlirOperationIsNull(def) && xnnOpIs(def, "edge.constant");
}

/* Operand `i` of `op` is sdpa's boolean mask. */
static bool isSdpaBoolMask(MlirOperation op, intptr_t i) {
  MlirType e = xnnValueElemType(mlirOperationGetOperand(op, i));
  return i == 3 && xnnOpIs(op, "edge.sdpa") && mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 1;
}

/* ---- per-op constraints ------------------------------------------------- */

static bool checkAlpha(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  double alpha = 1.0;
  if (xnnAttrF64(op, "alpha", &alpha) && alpha != 1.0)
    return refuse(why, "alpha = %g; XNNPACK's add/subtract have no scale (only alpha = 1)", alpha);
  return true;
}

static bool checkSoftmax(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  int64_t dim = -1;
  intptr_t rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  xnnAttrI64(op, "dim", &dim);
  if (dim < 0)
    dim += rank;
  /* The channel dim of a 4-D tensor is innermost in NHWC: xnn-tag-channels-last
   * gives softmax over dim 1 an NHWC input (and over dim 3 an NCHW one). */
  if (dim != rank - 1 && !(rank == 4 && dim == 1))
    return refuse(why, "softmax over dim %lld of a rank-%zd tensor; XNNPACK's softmax is over the "
                  "innermost dim only (the last, or the channels of a 4-D tensor)", (long long)dim,
                  (ssize_t)rank);
  return true;
}

static bool checkLinear(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (xnnValueRank(mlirOperationGetOperand(op, 1)) != 2)
    return refuse(why, "linear weight is not 2-D");
  return true;
}

static bool checkConv(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (!isConstant(mlirOperationGetOperand(op, 1)))
    return refuse(why, "conv2d weight is not a constant; XNNPACK's convolution needs static filters");
  if (mlirOperationGetNumOperands(op) > 2 && !isConstant(mlirOperationGetOperand(op, 2)))
    return refuse(why, "conv2d bias is not a constant; XNNPACK's convolution needs a static bias");
  return true;
}

XnnPoolParams xnnPoolParams(MlirOperation op) {
  XnnPoolParams p = {{1, 1}, {1, 1}, {0, 0}, {1, 1}};
  intptr_t n = 0;
  xnnAttrI64Array(op, "kernel_size", p.kernel, 2, &n);
  if (!xnnAttrI64Array(op, "stride", p.stride, 2, &n) || n == 0)
    p.stride[0] = p.kernel[0], p.stride[1] = p.kernel[1]; /* ATen: empty stride = kernel */
  xnnAttrI64Array(op, "padding", p.padding, 2, &n);
  if (xnnOpIs(op, "edge.max_pool2d"))
    xnnAttrI64Array(op, "dilation", p.dilation, 2, &n);
  return p;
}

bool xnnPoolIsIdentity(const XnnPoolParams *p) {
  return p->kernel[0] == 1 && p->kernel[1] == 1 && p->stride[0] == 1 && p->stride[1] == 1 &&
         p->padding[0] == 0 && p->padding[1] == 0;
}

static bool checkMaxPool(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  XnnPoolParams p = xnnPoolParams(op);
  if (p.kernel[0] == 1 && p.kernel[1] == 1)
    return true; /* a copy, or a strided 1x1 average pooling: one element's mean is itself */
  for (int i = 0; i < 2; ++i)
    if (p.stride[i] > p.kernel[i])
      return refuse(why, "max_pool2d with stride %lld > kernel %lld in dim %d: XNNPACK's max "
                    "pooling refuses strides larger than the window", (long long)p.stride[i],
                    (long long)p.kernel[i], i + 2);
  /* dilation with padding: lowered with an explicit -inf pad; ceil_mode's
   * overhanging windows: with more padding at the bottom and right. */
  return true;
}

static bool checkAvgPool(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg, (void)why;
  /* Padding, which PyTorch counts (count_include_pad) and XNNPACK's implicit
   * padding would not: lowered as an explicit zero pad. */
  return true;
}

static bool checkSlice(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  int64_t step = 1;
  if (xnnAttrI64(op, "step", &step) && step != 1)
    return refuse(why, "slice with step %lld; XNNPACK's static slice has unit stride only",
                  (long long)step);
  return true;
}

/* The exponent of edge.pow when it is a constant splat, else NAN. */
double xnnPowConstantExponent(MlirOperation op) {
  MlirOperation def = xnnDefiningOp(mlirOperationGetOperand(op, 1));
  if (mlirOperationIsNull(def) || !xnnOpIs(def, "edge.constant") || !xnnConstantHasPayload(def))
    return NAN;
  XnnElements e;
  char err[128];
  if (!xnnElementsView(xnnOpAttr(def, "value"), &e, err, sizeof(err)))
    return NAN;
  double v = NAN;
  if (e.splat && xnnElementsConvert(&e, mlirF32TypeGet(mlirOperationGetContext(op)))) {
    float f;
    memcpy(&f, e.data, 4);
    v = f;
  }
  xnnElementsFree(&e);
  return v;
}

/* XNNPACK's pow is exp(y log x): NaN for negative bases, where PyTorch's pow is
 * defined. Only exponents with an exact node are delegated. */
static bool checkPow(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  /* Element counts, not types: the lowering re-checks with operands already in
   * their physical (possibly NHWC-permuted) shapes. */
  if (xnnValueNumElements(mlirOperationGetOperand(op, 0)) !=
      xnnValueNumElements(mlirOperationGetResult(op, 0)))
    return refuse(why, "pow whose exponent broadcasts the base to a larger shape");
  double y = xnnPowConstantExponent(op);
  if (y == 2.0 || y == 0.5 || y == -0.5 || y == 1.0)
    return true;
  return refuse(why, "pow with an exponent other than a constant 2, 1, 0.5 or -0.5: XNNPACK's pow "
                "is NaN for negative bases");
}

/* ATen's clamp fills the result with NaN when both bounds are given and one is
 * NaN; that degenerate case stays portable (a single NaN bound is ignored and
 * lowers as an absent one). */
static bool checkClamp(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  double lo = 0.0, hi = 0.0;
  if (xnnAttrF64(op, "min", &lo) && xnnAttrF64(op, "max", &hi) && (isnan(lo) || isnan(hi)))
    return refuse(why, "clamp with both bounds given and one of them NaN: ATen's result is all NaN, "
                  "not lowered");
  return true;
}

/* Zero-size pieces: XNNPACK's slice and concatenate nodes are not asked to
 * handle empty tensors. */
static bool checkNonEmpty(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (xnnValueNumElements(mlirOperationGetOperand(op, 0)) == 0 ||
      xnnValueNumElements(mlirOperationGetResult(op, 0)) == 0)
    return refuse(why, "an empty operand or result");
  return true;
}

static bool checkConstantPad(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  if (!checkNonEmpty(op, cfg, why))
    return false;
  int64_t pad[2 * XNN_IR_MAX_RANK];
  intptr_t n = 0;
  /* The input's logical size from the result (the lowering rechecks with an
   * operand that may already be a physical NHWC value): out - before - after. */
  MlirValue y = mlirOperationGetResult(op, 0);
  intptr_t rank = xnnValueRank(y);
  xnnAttrI64Array(op, "pad", pad, 2 * XNN_IR_MAX_RANK, &n);
  for (intptr_t k = 0; k < n / 2 && k < rank; ++k) {
    int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(y), rank - 1 - k) - pad[2 * k] - pad[2 * k + 1];
    if (size + (pad[2 * k] < 0 ? pad[2 * k] : 0) + (pad[2 * k + 1] < 0 ? pad[2 * k + 1] : 0) <= 0)
      return refuse(why, "constant_pad_nd that crops dim %lld away entirely before padding",
                    (long long)(rank - 1 - k));
  }
  return true;
}

static bool checkRoll(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  if (!checkNonEmpty(op, cfg, why))
    return false;
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t n = 0;
  xnnAttrI64Array(op, "dims", dims, XNN_IR_MAX_RANK, &n);
  if (n == 0)
    return refuse(why, "roll of the flattened tensor (no dims) is not lowered yet");
  return true;
}

static bool checkSplit(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  for (intptr_t j = 0, n = mlirOperationGetNumResults(op); j < n; ++j)
    if (xnnValueNumElements(mlirOperationGetResult(op, j)) == 0)
      return refuse(why, "split with an empty piece (#%lld)", (long long)j);
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
    return refuse(why, "adaptive_avg_pool2d of a 3-D [C, H, W] input: XNNPACK's pooling takes NHWC");
  int64_t h = x[2], w = x[3];
  int64_t oh = mlirShapedTypeGetDimSize(yt, 2), ow = mlirShapedTypeGetDimSize(yt, 3);
  if ((oh == 1 && ow == 1) || (h % oh == 0 && w % ow == 0))
    return true;
  return refuse(why, "adaptive_avg_pool2d from %lldx%lld to %lldx%lld: the sizes do not divide, so "
                "its windows overlap or differ in size (no XNNPACK node; only 1x1 or even splits are "
                "lowered)", (long long)h, (long long)w, (long long)oh, (long long)ow);
}

/* conv_transpose2d: XNNPACK's deconvolution takes static filters and bias,
 * as conv2d. */
static bool checkConvTranspose(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (!isConstant(mlirOperationGetOperand(op, 1)))
    return refuse(why, "conv_transpose2d weight is not a constant; XNNPACK's deconvolution needs static "
                  "filters");
  if (mlirOperationGetNumOperands(op) > 2 && !isConstant(mlirOperationGetOperand(op, 2)))
    return refuse(why, "conv_transpose2d bias is not a constant; XNNPACK's deconvolution needs a static "
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
      return refuse(why, "conv_transpose2d with output_padding %lld > padding %lld + stride %lld - 1 in "
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
    return refuse(why, "upsample_nearest2d of a tensor that is not 4-D");
  for (int i = 2; i < 4; ++i) {
    if (y[i] % x[i] != 0)
      return refuse(why, "upsample_nearest2d from %lld to %lld in dim %d: not a whole factor (a gather; "
                    "the pinned XNNPACK has none)", (long long)x[i], (long long)y[i], i);
    /* The check below costs one float step per output index. */
    if (y[i] > ((int64_t)1 << 24))
      return refuse(why, "upsample_nearest2d to %lld in dim %d: more than 2^24 output indices to check",
                    (long long)y[i], i);
    int64_t f = y[i] / x[i];
    for (int64_t d = 0; d < y[i]; ++d)
      if (xnnRefNearestIndex(d, x[i], y[i]) != d / f)
        return refuse(why, "upsample_nearest2d from %lld to %lld in dim %d: ATen's float index "
                      "computation picks element %lld for output %lld, not a whole-factor repetition",
                      (long long)x[i], (long long)y[i], i, (long long)xnnRefNearestIndex(d, x[i], y[i]),
                      (long long)d);
  }
  return true;
}

static bool refuseCompare(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return refuse(why, "comparison with an i1 result: the pinned XNNPACK has no comparison node and no "
                "boolean tensors");
}

static bool refuseSelect(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  return refuse(why, "%s selects by an i1 mask: the pinned XNNPACK has no select node and no boolean "
                "tensors (arithmetic forms such as x * (1 - m) + v * m are wrong for inf and NaN)",
                xnnOpIs(op, "edge.where") ? "where" : "masked_fill");
}

static bool refuseEmbedding(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return refuse(why, "embedding is a gather; the pinned XNNPACK has no gather node");
}

/* sdpa is decomposed in f32: batch matmul (transposed k), scale, causal or
 * additive mask, softmax, batch matmul (xnnLowerSdpa). A boolean mask must be
 * a constant (isSdpaBoolMask): XNNPACK has no boolean tensors. */
static bool checkSdpa(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  MlirValue q = mlirOperationGetOperand(op, 0);
  intptr_t rank = xnnValueRank(q);
  if (rank < 3)
    return refuse(why, "sdpa of rank %zd; XNNPACK's batch matmul needs a batch dim", (ssize_t)rank);
  for (intptr_t i = 0; i < 3; ++i)
    if (xnnValueNumElements(mlirOperationGetOperand(op, i)) == 0)
      return refuse(why, "sdpa with an empty operand");
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (xnnValueRank(mlirOperationGetOperand(op, i)) == 4 && xnnLowerOperandIsNHWC(op, i))
      return refuse(why, "sdpa of an NHWC value");
  return true;
}

/* Dtype and layout copies: float <-> float converts of activations fold into
 * the delegate (f16 <-> bf16 goes through f32 as two converts); converts of
 * constants are compile-time work for xnn-fold-constant-converts. */
static bool checkCopy(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  MlirValue in = mlirOperationGetOperand(op, 0), out = mlirOperationGetResult(op, 0);
  MlirType from = xnnValueElemType(in), to = xnnValueElemType(out);
  if (mlirTypeEqual(from, to))
    return true;
  bool constant = false;
  if (cfg->foldDtypeConverts && (!(constant = isConstant(in)) || cfg->insideDelegate))
    return true;
  char a[64], b[64];
  typeName(from, a, sizeof(a));
  typeName(to, b, sizeof(b));
  if (!constant)
    return refuse(why, "dtype conversion %s -> %s stays portable (fold-dtype-converts=false)", a, b);
  /* Say why xnn-fold-constant-converts leaves this convert in place when it
   * does: blaming a pass that ran and declined hides the real cause. */
  MlirOperation def = xnnDefiningOp(in);
  MlirAttribute value = xnnOpAttr(def, "value");
  int64_t n = xnnValueNumElements(in);
  if (n < 0 || n > XNN_FOLD_CONSTANT_MAX_ELEMENTS)
    return refuse(why, "dtype conversion %s -> %s of a constant too large to convert at compile "
                  "time (more than %lld elements)", a, b,
                  (long long)XNN_FOLD_CONSTANT_MAX_ELEMENTS);
  if (!mlirAttributeIsNull(value) && mlirAttributeIsADenseResourceElements(value)) {
    if (xnnResourceIsElided(value))
      return refuse(why, "dtype conversion %s -> %s of a constant whose payload is elided "
                    "(dense_resource<__elided__>): it cannot be converted at compile time, and "
                    "XNNPACK does not convert static weights", a, b);
    size_t bytes;
    XnnTypeInfo t = xnnTypeInfo(mlirValueGetType(in));
    int64_t elemBits = mlirTypeIsAInteger(from) ? mlirIntegerTypeGetWidth(from)
                                                : (mlirTypeIsAF32(from) ? 32 : 16);
    char err[512];
    void *blob = NULL;
    if (t.rank >= 0 && t.rank <= XNN_IR_MAX_RANK &&
        xnnMlirShapeNumBytes(t.rank, t.dims, elemBits == 1 ? 1 : (size_t)elemBits / 8, &bytes) &&
        !(blob = xnnResourceBlobRead(value, bytes, err, sizeof err)))
      return refuse(why, "dtype conversion %s -> %s of a constant that cannot be read: %s", a, b,
                    err);
    free(blob);
  }
  return refuse(why, "dtype conversion %s -> %s of a constant: fold it at compile time "
                "(xnn-fold-constant-converts)", a, b);
}

/* ---- the table ---------------------------------------------------------- */

#define F XNN_CAP_FLOATS
#define FH (XNN_CAP_F32 | XNN_CAP_F16)
/* f16 GEMM-based nodes (fully_connected, batch_matrix_multiply, convolution)
 * return wrong data in the pinned XNNPACK on CPUs with AVX512-FP16 once there
 * are more than ~16 output channels (test/Emit/f16-ops.test, *_wide): they run
 * in f32, exactly as PyTorch accumulates, on every CPU. Its f16 square root
 * returns -0 for negatives and NaN for -0 and +inf (xnn-probe
 * --check-capabilities, unary special values): f16 sqrt runs in f32. Its f16
 * tanh and sigmoid are up to 4 f16 ulps off (every finite f16 input:
 * test/Correctness/f16-unary-all-values.test; fuzz seed 21332): they run in
 * f32 too, within one ulp as PyTorch computes them. */
/* bf16 arithmetic: the pinned XNNPACK's bf16 kernels compute in f32 and
 * truncate the result toward zero (PyTorch rounds to nearest even), so every
 * op that rounds runs in f32 and its result is converted with the RNE helper
 * (lib/Emit/Bf16Rounding.inc); ops that never round (copies, relu, neg, abs,
 * maximum, minimum, reshape, slice) stay native. */
#define R XNN_CAP_BF16
static const XnnCapability table[] = {
    {"edge.to_copy", "convert", F, checkCopy, xnnLowerCopy, 0},
    {"edge.to_dim_order_copy", "convert", F, checkCopy, xnnLowerCopy, 0},
    {"edge.add", "binary.add", FH, checkAlpha, xnnLowerBinary, R},
    {"edge.sub", "binary.subtract", FH, checkAlpha, xnnLowerBinary, R},
    {"edge.mul", "binary.multiply", FH, NULL, xnnLowerBinary, R},
    {"edge.div", "binary.divide", FH, NULL, xnnLowerBinary, R},
    {"edge.maximum", "binary.maximum", F, NULL, xnnLowerBinary, 0},
    {"edge.minimum", "binary.minimum", F, NULL, xnnLowerBinary, 0},
    {"edge.pow", "unary.square", FH, checkPow, xnnLowerPow, R},
    {"edge.relu", "unary.clamp", F, NULL, xnnLowerUnary, 0},
    {"edge.hardtanh", "unary.clamp", FH, NULL, xnnLowerUnary, R},
    {"edge.sigmoid", "unary.sigmoid", XNN_CAP_F32, NULL, xnnLowerUnary, XNN_CAP_F16 | R},
    {"edge.tanh", "unary.tanh", XNN_CAP_F32, NULL, xnnLowerUnary, XNN_CAP_F16 | R},
    {"edge.rsqrt", "unary.reciprocal_square_root", FH, NULL, xnnLowerRsqrt, R},
    {"edge.sqrt", "unary.square_root", XNN_CAP_F32, NULL, xnnLowerUnary, XNN_CAP_F16 | R},
    {"edge.neg", "unary.negate", F, NULL, xnnLowerUnary, 0},
    {"edge.abs", "unary.abs", F, NULL, xnnLowerUnary, 0},
    {"edge.exp", "unary.exp", FH, NULL, xnnLowerUnary, R},
    {"edge.log", "unary.log", FH, NULL, xnnLowerUnary, R},
    {"edge.gelu", "unary.gelu", FH, NULL, xnnLowerGelu, R},
    /* silu = x * sigmoid(x): f16 through f32, as sigmoid. */
    {"edge.silu", "unary.sigmoid", XNN_CAP_F32, NULL, xnnLowerSilu, XNN_CAP_F16 | R},
    /* XNNPACK's f16 hardswish is up to 2 f16 ulps off (0.0944 -> 0.04861, ATen
     * 0.04868; test/Correctness/f16-unary-all-values.test): f16 runs in f32. */
    {"edge.hardswish", "unary.hardswish", XNN_CAP_F32, NULL, xnnLowerUnary, XNN_CAP_F16 | R},
    /* hardsigmoid = min(max(x + 3, 0), 6) / 6, ATen's own steps (add, clamp,
     * divide: exact in f32); in f16 each node would round, so f16 runs in f32. */
    {"edge.hardsigmoid", "binary.add", XNN_CAP_F32, NULL, xnnLowerHardsigmoid, XNN_CAP_F16 | R},
    {"edge.leaky_relu", "unary.leaky_relu", FH, NULL, xnnLowerUnary, R},
    {"edge.elu", "unary.elu", FH, NULL, xnnLowerUnary, R},
    {"edge.clamp", "unary.clamp", FH, checkClamp, xnnLowerUnary, R},
    {"edge.mean", "static_reduce.mean", FH, NULL, xnnLowerReduce, 0},
    {"edge.sum", "static_reduce.sum", FH, NULL, xnnLowerReduce, 0},
    /* f16 softmax runs in f32, rounded once: XNNPACK's f16 node computes in f16 (1 ulp off
     * ATen's f32-then-round, which a following layer_norm amplifies: fuzz seed 70027). */
    {"edge.softmax", "softmax", XNN_CAP_F32, checkSoftmax, xnnLowerSoftmax, XNN_CAP_F16},
    {"edge.linear", "fully_connected", XNN_CAP_F32, checkLinear, xnnLowerLinear, XNN_CAP_F16},
    {"edge.mm", "batch_matrix_multiply", XNN_CAP_F32, NULL, xnnLowerMatmul, XNN_CAP_F16},
    {"edge.bmm", "batch_matrix_multiply", XNN_CAP_F32, NULL, xnnLowerMatmul, XNN_CAP_F16},
    /* addmm: fully connected (constant b) or batch matmul, then scale and
     * bias nodes as needed; 16-bit types in f32 as linear. */
    {"edge.addmm", "fully_connected", XNN_CAP_F32, NULL, xnnLowerAddmm, XNN_CAP_F16},
    {"edge.conv2d", "convolution_2d_f32_weights", XNN_CAP_F32, checkConv, xnnLowerConv, XNN_CAP_F16},
    {"edge.max_pool2d", "max_pooling_2d", FH, checkMaxPool, xnnLowerPool, 0},
    {"edge.avg_pool2d", "average_pooling_2d", FH, checkAvgPool, xnnLowerPool, 0},
    /* adaptive_avg_pool2d: a copy, a mean over H and W (1x1), or an average
     * pooling with kernel = stride (even splits). f16 in f32: XNNPACK's f16
     * average pooling of a 2x4 window was 2.4e-3 off (test/Correctness/
     * norm-addmm-adaptive.mlir); bf16 in f32 as the pools. */
    {"edge.adaptive_avg_pool2d", "average_pooling_2d", XNN_CAP_F32, checkAdaptiveAvgPool,
     xnnLowerAdaptiveAvgPool2d, XNN_CAP_F16},
    /* batch_norm: multiply + add by per-channel scale / shift (folded at
     * compile time when constant); f16 and bf16 compute in f32 and round once,
     * as ATen's opmath does (f16 nodes would round the product too). */
    {"edge.batch_norm", "binary.multiply", XNN_CAP_F32, NULL, xnnLowerBatchNorm, XNN_CAP_F16 | R},
    /* layer_norm: mean, subtract, multiply, mean, add, 1 / sqrt, multiply
     * (+ affine); f16 in f32 (every f16 node would round), bf16 in f32 too
     * (no bf16 mean). */
    {"edge.layer_norm", "static_reduce.mean", XNN_CAP_F32, NULL, xnnLowerLayerNorm, XNN_CAP_F16},
    {"edge.view", "static_reshape", F, NULL, xnnLowerView, 0},
    {"edge.permute", "static_transpose", FH, NULL, xnnLowerPermute, XNN_CAP_BF16},
    {"edge.cat", "concatenate", FH, NULL, xnnLowerCat, XNN_CAP_BF16},
    {"edge.slice", "static_slice", FH, checkSlice, xnnLowerSlice, 0},
    {"edge.unsqueeze", "static_reshape", F, NULL, xnnLowerView, 0},
    {"edge.squeeze", "static_reshape", F, NULL, xnnLowerView, 0},
    {"edge.transpose", "static_transpose", FH, NULL, xnnLowerPermute, XNN_CAP_BF16},
    /* expand: repeated concatenation (no broadcast node; bit-exact); bf16
     * concatenates in f32 as cat does. */
    {"edge.expand", "concatenate", FH, checkNonEmpty, xnnLowerExpand, XNN_CAP_BF16},
    /* constant_pad_nd: slice (negative pads) + static_constant_pad (which
     * refuses bf16: bf16 pads in f32, exactly). */
    {"edge.constant_pad_nd", "static_constant_pad", FH, checkConstantPad, xnnLowerConstantPadNd, 0},
    {"edge.roll", "concatenate", FH, checkRoll, xnnLowerRoll, XNN_CAP_BF16},
    /* split: one static slice per piece (bf16 slices are refused: in f32). */
    {"edge.split", "static_slice", FH, checkSplit, xnnLowerSplit, 0},
    /* conv_transpose2d: f16 runs in f32 as conv2d does. A precaution: the
     * deconvolution uses the f16 GEMM kernels that return wrong data on
     * AVX512-FP16 CPUs for conv2d; on AVX2 its f16 node matched f32 rounded
     * once (576-term sums, 5408 outputs). The library refuses bf16. */
    {"edge.conv_transpose2d", "deconvolution_2d_f32_weights", XNN_CAP_F32, checkConvTranspose,
     xnnLowerConvTranspose, XNN_CAP_F16},
    /* XNNPACK's f16 resize interpolates in f16 (three roundings: up to 1.5
     * f16 ulps from ATen's f32-then-round, test/Torch/ops-vs-torch.test):
     * f16 runs in f32 as f16 hardswish does; the library refuses bf16. */
    {"edge.upsample_bilinear2d", "static_resize_bilinear_2d", XNN_CAP_F32, NULL, xnnLowerResizeBilinear,
     XNN_CAP_F16},
    /* nearest by whole factors: concatenation as expand (bf16 in f32, exactly). */
    {"edge.upsample_nearest2d", "concatenate", FH, checkUpsampleNearest, xnnLowerUpsampleNearest,
     XNN_CAP_BF16},
    {"edge.eq", "", 0, refuseCompare, NULL, 0},
    {"edge.ne", "", 0, refuseCompare, NULL, 0},
    {"edge.lt", "", 0, refuseCompare, NULL, 0},
    {"edge.le", "", 0, refuseCompare, NULL, 0},
    {"edge.gt", "", 0, refuseCompare, NULL, 0},
    {"edge.ge", "", 0, refuseCompare, NULL, 0},
    {"edge.where", "", 0, refuseSelect, NULL, 0},
    {"edge.masked_fill", "", 0, refuseSelect, NULL, 0},
    {"edge.embedding", "", 0, refuseEmbedding, NULL, 0},
    /* sdpa: f32 throughout (f16/bf16 widened, rounded once at the end, as ATen's math path). */
    {"edge.sdpa", "batch_matrix_multiply", XNN_CAP_F32, checkSdpa, xnnLowerSdpa, XNN_CAP_F16},
};
#undef F
#undef FH
#undef R

const XnnCapability *xnnCapabilityTable(size_t *count) {
  *count = sizeof(table) / sizeof(table[0]);
  return table;
}

static XnnNameIndex capIndex =
    XNN_NAME_INDEX_INIT(table, sizeof(table) / sizeof(table[0]), XnnCapability, op);

const XnnCapability *xnnCapabilityLookup(MlirStringRef opName) {
  return xnnNameIndexFind(&capIndex, opName);
}

bool xnnCapabilityCheck(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  why->text[0] = 0;
  MlirStringRef name = xnnOpName(op);
  const XnnCapability *cap = xnnCapabilityLookup(name);
  if (!cap) {
    if (xnnStrRefStartsWith(name, "edge."))
      return refuse(why, "no XNNPACK lowering for %.*s", (int)name.length, name.data);
    return refuse(why, "not an edge op");
  }
  if (cap->check && cap->native == 0)
    return cap->check(op, cfg, why);
  /* Shared constraints (ExecuTorch's check_common_constraints): float tensors,
   * one element type across the float operands (converts excepted). */
  bool isCopy = cap->lower == xnnLowerCopy;
  MlirType elem = {NULL};
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isSdpaBoolMask(op, i)) {
      /* Compile-time data: xnnLowerSdpa folds it into an additive f32 mask. */
      if (!isConstant(v))
        return refuse(why, "sdpa with a boolean mask that is not a constant: the pinned XNNPACK has no "
                      "boolean tensors (a constant mask is folded into an additive one)");
      continue;
    }
    if (!checkValue(v, (ValueRef){"operand", i}, true, why))
      return false;
    MlirType e = xnnValueElemType(v);
    if (!isCopy && !mlirTypeIsNull(elem) && !mlirTypeEqual(e, elem)) {
      char a[64], b[64];
      typeName(elem, a, sizeof(a));
      typeName(e, b, sizeof(b));
      return refuse(why, "mixed input dtypes (%s and %s); XNNPACK nodes take one dtype", a, b);
    }
    elem = e;
  }
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i) {
    if (!checkValue(mlirOperationGetResult(op, i), (ValueRef){"result", i}, true, why))
      return false;
  }
  return cap->check ? cap->check(op, cfg, why) : true;
}
