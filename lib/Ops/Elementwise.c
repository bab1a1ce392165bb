/* Edge elementwise ops (binary, unary, comparisons and selection): verifiers,
 * capability checks, lowerings and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"
#include "Support/Strings.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- verifiers ----------------------------------------------------------- */

/* The result shape of a broadcasting op is the broadcast of its n (2 or 3)
 * operands' shapes, as PyTorch's; a located error names them otherwise. */
static bool checkBroadcastResult(MlirOperation op, const XnnTensor *const *ts, int n,
                                 const XnnTensor *res) {
  XnnTensor acc = *ts[0];
  for (int i = 1; i < n; ++i) {
    int64_t shape[XNN_VERIFY_MAX_RANK];
    intptr_t r;
    if (!xnnBroadcastShapes(&acc, ts[i], shape, &r)) {
      char s[3][256];
      for (int k = 0; k < n; ++k)
        xnnShapeStr(ts[k]->dims, ts[k]->rank, s[k], sizeof s[k]);
      if (n == 2)
        xnnOpError(op, "operand shapes %s and %s are not broadcast-compatible", s[0], s[1]);
      else
        xnnOpError(op, "operand shapes %s, %s and %s are not broadcast-compatible", s[0], s[1],
                   s[2]);
      return false;
    }
    acc.rank = r;
    memcpy(acc.dims, shape, sizeof(int64_t) * (size_t)r);
  }
  return xnnCheckResultShape(op, res, acc.dims, acc.rank, "broadcast");
}

/* A verifier of the op table that is `verify` with the element kinds `mask`. */
#define VERIFY_WITH_MASK(name, verify, mask)                                                 \
  bool name(MlirOperation op) { return verify(op, mask); }

/* Broadcasting binary op with all three element types equal. */
static bool verifyBinary(MlirOperation op, unsigned mask) {
  XnnTensor t[3]; /* a, b, result */
  if (!xnnReadOperands(op, (XnnOperandSpec[]){{"a", mask}, {"b", mask}}, 2, mask, t) ||
      !xnnCheckSameElem(op, &t[0], "operand 'a'", &t[1], "operand 'b'") ||
      !xnnCheckSameElem(op, &t[0], "operand 'a'", &t[2], "result"))
    return false;
  const XnnTensor *ts[2] = {&t[0], &t[1]};
  return checkBroadcastResult(op, ts, 2, &t[2]);
}

/* ATen refuses `-` on bool tensors (sub, neg, rsub): a located error with its
 * advice rather than the generic element-type one. */
static bool refuseBoolOperand(MlirOperation op, const char *what) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsARankedTensor(t) && xnnElemKind(mlirShapedTypeGetElementType(t)) == XNN_ET_I1) {
      xnnOpError(op, "%s of i1 tensors is not supported (ATen raises; use bitwise_xor or bitwise_not)", what);
      return false;
    }
  }
  return true;
}

/* add: any element type (on i1 a logical or, as ATen); sub: not i1. alpha
 * must be integral for integer and i1 operands (ATen: "For integral input
 * tensors, argument alpha must not be a floating point number"). */
bool xnnVerifyEdgeAddSub(MlirOperation op) {
  double alpha = 1.0;
  bool isSub = xnnOpIs(op, "edge.sub");
  bool ok = xnnGetF64(op, "alpha", false, &alpha) != XNN_ATTR_BAD;
  if (isSub && !refuseBoolOperand(op, "subtraction"))
    return false;
  if (!verifyBinary(op, isSub ? XNN_ET_NUMERIC : XNN_ET_ALL) || !ok)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!(xnnElemKind(mlirShapedTypeGetElementType(t)) & XNN_ET_FLOAT) &&
      (alpha != floor(alpha) || !(fabs(alpha) < 9.2e18))) {
    xnnOpError(op, "alpha %g must be an integer for integer operands (ATen raises)", alpha);
    return false;
  }
  return true;
}

VERIFY_WITH_MASK(xnnVerifyEdgeBinary, verifyBinary, XNN_ET_NUMERIC)

/* mul, maximum, minimum: also i1 (logical and / or / and, as ATen). */
VERIFY_WITH_MASK(xnnVerifyEdgeBinaryAll, verifyBinary, XNN_ET_ALL)

/* bitwise_and / or / xor: i1, i32 or i64, all three types equal. */
VERIFY_WITH_MASK(xnnVerifyEdgeBitwise, verifyBinary, XNN_ET_INT | XNN_ET_I1)

VERIFY_WITH_MASK(xnnVerifyEdgeBinaryFloat, verifyBinary, XNN_ET_FLOAT)

/* prelu (ATen): x of any rank, weight of rank <= 1 with one element or
 * x.shape[1] elements (x of rank >= 2), all of one float type; result = x's
 * type. */
bool xnnVerifyEdgePrelu(MlirOperation op) {
  XnnTensor t[3];
  const XnnTensor *x = &t[0], *w = &t[1], *res = &t[2];
  if (!xnnReadOperands(op, (XnnOperandSpec[]){{"x", XNN_ET_FLOAT}, {"weight", XNN_ET_FLOAT}}, 2, XNN_ET_FLOAT, t) ||
      !xnnCheckSameElem(op, x, "operand 'x'", w, "operand 'weight'"))
    return false;
  if (w->rank > 1) {
    xnnOpError(op, "operand 'weight' must be a scalar or 1-D tensor (ATen), got rank %lld", (long long)w->rank);
    return false;
  }
  int64_t n = w->rank ? w->dims[0] : 1;
  if (n != 1) {
    int64_t channels = x->rank >= 2 ? x->dims[1] : 1;
    if (n != channels) {
      xnnOpError(op, "operand 'weight' has %lld elements; it must have 1 or the channel size %lld (x dim 1; 1 "
                     "for an x of rank < 2)",
                 (long long)n, (long long)channels);
      return false;
    }
  }
  return xnnCheckSameType(op, x, res);
}

/* Unary op: result type equals operand type. */
static bool verifyUnary(MlirOperation op, unsigned mask) {
  XnnTensor t[2];
  return xnnReadOperands(op, (XnnOperandSpec[]){{"x", mask}}, 1, mask, t) && xnnCheckSameType(op, &t[0], &t[1]);
}

bool xnnVerifyEdgeUnaryNumeric(MlirOperation op) {
  if (xnnOpIs(op, "edge.neg") && !refuseBoolOperand(op, "negation"))
    return false;
  return verifyUnary(op, XNN_ET_NUMERIC);
}

/* bitwise_not: i1 (logical not), i32 or i64. */
VERIFY_WITH_MASK(xnnVerifyEdgeBitwiseNot, verifyUnary, XNN_ET_INT | XNN_ET_I1)

VERIFY_WITH_MASK(xnnVerifyEdgeUnaryFloat, verifyUnary, XNN_ET_FLOAT)

bool xnnVerifyEdgeGelu(MlirOperation op) {
  static const char *const modes[] = {"none", "tanh", NULL};
  MlirStringRef s;
  bool ok = xnnGetEnum(op, "approximate", false, modes, &s) != XNN_ATTR_BAD;
  return verifyUnary(op, XNN_ET_FLOAT) && ok;
}

bool xnnVerifyEdgeHardtanh(MlirOperation op) {
  double lo = 0, hi = 0;
  XnnAttrStatus a = xnnGetF64(op, "min_val", true, &lo);
  XnnAttrStatus b = xnnGetF64(op, "max_val", true, &hi);
  bool ok = verifyUnary(op, XNN_ET_FLOAT);
  if (a != XNN_ATTR_OK || b != XNN_ATTR_OK)
    return false;
  if (!(lo <= hi)) {
    xnnOpError(op, "min_val (%g) must not be greater than max_val (%g)", lo,
               hi);
    return false;
  }
  return ok;
}

/* edge.leaky_relu / edge.elu: one optional f64 attribute (ATen's default when
 * absent: negative_slope 0.01, alpha 1). ATen takes any value. */
bool xnnVerifyEdgeLeakyRelu(MlirOperation op) {
  double slope;
  bool ok = xnnGetF64(op, "negative_slope", false, &slope) != XNN_ATTR_BAD;
  return verifyUnary(op, XNN_ET_FLOAT) && ok;
}

bool xnnVerifyEdgeElu(MlirOperation op) {
  double alpha;
  bool ok = xnnGetF64(op, "alpha", false, &alpha) != XNN_ATTR_BAD;
  return verifyUnary(op, XNN_ET_FLOAT) && ok;
}

/* edge.clamp: min and max are each optional (absent = unbounded), but ATen
 * requires at least one. min > max is valid (ATen's result is max). */
bool xnnVerifyEdgeClamp(MlirOperation op) {
  double lo = 0, hi = 0;
  XnnAttrStatus a = xnnGetF64(op, "min", false, &lo);
  XnnAttrStatus b = xnnGetF64(op, "max", false, &hi);
  bool ok = verifyUnary(op, XNN_ET_FLOAT);
  if (a == XNN_ATTR_BAD || b == XNN_ATTR_BAD)
    return false;
  if (a == XNN_ATTR_ABSENT && b == XNN_ATTR_ABSENT) {
    xnnOpError(op, "requires at least one of the f64 attributes 'min' and "
                   "'max' (ATen: at least one of 'min' or 'max' must not be "
                   "None)");
    return false;
  }
  return ok;
}

/* eq, ne, lt, le, gt, ge (.Tensor): a and b of one element type (the
 * importer makes a scalar operand a constant of that type), broadcast;
 * the result is i1. */
bool xnnVerifyEdgeCompare(MlirOperation op) {
  XnnTensor t[3];
  if (!xnnReadOperands(op, (XnnOperandSpec[]){{"a", XNN_ET_ALL}, {"b", XNN_ET_ALL}}, 2, XNN_ET_I1, t) ||
      !xnnCheckSameElem(op, &t[0], "operand 'a'", &t[1], "operand 'b'"))
    return false;
  const XnnTensor *ts[2] = {&t[0], &t[1]};
  return checkBroadcastResult(op, ts, 2, &t[2]);
}

/* where(cond i1, a, b): a, b and the result of one element type; the three
 * operands broadcast together. */
bool xnnVerifyEdgeWhere(MlirOperation op) {
  XnnTensor t[4]; /* cond, a, b, result */
  const XnnOperandSpec specs[] = {{"cond", XNN_ET_I1}, {"a", XNN_ET_ALL}, {"b", XNN_ET_ALL}};
  if (!xnnReadOperands(op, specs, 3, XNN_ET_ALL, t) ||
      !xnnCheckSameElem(op, &t[1], "operand 'a'", &t[2], "operand 'b'") ||
      !xnnCheckSameElem(op, &t[1], "operand 'a'", &t[3], "result"))
    return false;
  const XnnTensor *ts[3] = {&t[0], &t[1], &t[2]};
  return checkBroadcastResult(op, ts, 3, &t[3]);
}

/* The largest finite value of a float kind (ATen's checked Scalar conversion
 * refuses finite values beyond it). */
static double floatKindMax(unsigned kind) {
  return kind == XNN_ET_F16 ? 65504.0 : kind == XNN_ET_BF16 ? 0x1.fep127 : 0x1.fffffep127;
}

/* masked_fill(x, mask i1; value f64): x and mask broadcast together (ATen's
 * out-of-place masked_fill expands both); the result has x's element type.
 * ATen converts value with a checked conversion: a finite value out of the
 * element type's range is an error there, so it is one here. */
bool xnnVerifyEdgeMaskedFill(MlirOperation op) {
  double value = 0.0;
  XnnAttrStatus sv = xnnGetF64(op, "value", true, &value);
  XnnTensor t[3]; /* x, mask, result */
  const XnnTensor *x = &t[0];
  if (!xnnReadOperands(op, (XnnOperandSpec[]){{"x", XNN_ET_ALL}, {"mask", XNN_ET_I1}}, 2, XNN_ET_ALL, t) ||
      sv != XNN_ATTR_OK || !xnnCheckSameElem(op, x, "operand 'x'", &t[2], "result"))
    return false;
  bool overflows = (x->kind & XNN_ET_FLOAT) && isfinite(value) && fabs(value) > floatKindMax(x->kind);
  if (x->kind & XNN_ET_INT) {
    double lim = x->kind == XNN_ET_I32 ? 2147483648.0 : 9223372036854775808.0;
    overflows = !(value > -lim - 1.0 && value < lim);
  }
  if (overflows) {
    char eb[64];
    xnnOpError(op, "value %g cannot be converted to %s without overflow (ATen raises)", value,
               xnnTypeStr(x->elem, eb, sizeof eb));
    return false;
  }
  const XnnTensor *ts[2] = {&t[0], &t[1]};
  return checkBroadcastResult(op, ts, 2, &t[2]);
}

/* ---- capability checks --------------------------------------------------- */

static bool checkAlpha(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  double alpha = 1.0;
  if (xnnAttrF64(op, "alpha", &alpha) && alpha != 1.0)
    return xnnCapRefuse(why, "alpha = %g; XNNPACK's add/subtract have no scale (only alpha = 1)", alpha);
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
    return xnnCapRefuse(why, "pow whose exponent broadcasts the base to a larger shape");
  double y = xnnPowConstantExponent(op);
  if (y == 2.0 || y == 0.5 || y == -0.5 || y == 1.0)
    return true;
  return xnnCapRefuse(why, "pow with an exponent other than a constant 2, 1, 0.5 or -0.5: XNNPACK's pow "
                      "is NaN for negative bases");
}

/* ATen's clamp fills the result with NaN when both bounds are given and one is
 * NaN; that degenerate case stays portable (a single NaN bound is ignored and
 * lowers as an absent one). */
static bool checkClamp(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  double lo = 0.0, hi = 0.0;
  if (xnnAttrF64(op, "min", &lo) && xnnAttrF64(op, "max", &hi) && (isnan(lo) || isnan(hi)))
    return xnnCapRefuse(why, "clamp with both bounds given and one of them NaN: ATen's result is all NaN, "
                        "not lowered");
  return true;
}

static bool refuseCompare(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)op, (void)cfg;
  return xnnCapRefuse(why, "comparison with an i1 result: the pinned XNNPACK has no comparison node and no "
                      "boolean tensors");
}

static bool refuseSelect(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  return xnnCapRefuse(why, "%s selects by an i1 mask: the pinned XNNPACK has no select node and no boolean "
                      "tensors (arithmetic forms such as x * (1 - m) + v * m are wrong for inf and NaN)",
                      xnnOpIs(op, "edge.where") ? "where" : "masked_fill");
}

/* prelu: XNNPACK's binary prelu broadcasts its slope as any binary node; a
 * 0-d x has no channel axis to give it. */
static bool checkPrelu(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  if (xnnValueRank(mlirOperationGetOperand(op, 0)) == 0)
    return xnnCapRefuse(why, "prelu of a 0-d tensor");
  return true;
}

static bool refuseBitwise(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  (void)cfg;
  MlirStringRef n = xnnOpName(op);
  return xnnCapRefuse(why, "%.*s on i1 / integer tensors: the pinned XNNPACK has no boolean or integer tensors",
                      (int)(n.length - 5), n.data + 5);
}

/* ---- lowerings ----------------------------------------------------------- */

static bool xnnLowerBinary(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue ins[2] = {xnnLowerOperand(L, op, 0, elem), xnnLowerOperand(L, op, 1, elem)};
  if (mlirValueIsNull(ins[0]) || mlirValueIsNull(ins[1]))
    return false;
  MlirNamedAttribute kind = lowerNamed(L, "kind", lowerStrAttr(L, nodeKind(cap)));
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.binary", 2, ins, xnnLowerResultType(op, 0, elem), 1, &kind));
}

/* prelu -> binary prelu (x < 0, by its sign bit, ? x * slope : x; ATen's
 * x > 0 ? x : w * x is the same for every x, -0 and NaN included: -0 * w is
 * what both return). The slope is shaped to broadcast along x's channel axis:
 * [C] for an NHWC (channels innermost) or rank-2 x, [C, 1, ..., 1] otherwise;
 * one element broadcasts as [1]. */
static bool xnnLowerPrelu(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  intptr_t rank = xnnValueRank(mlirOperationGetOperand(op, 0));
  int64_t n = xnnValueNumElements(mlirOperationGetOperand(op, 1));
  /* The pinned XNNPACK's f16 prelu with one slope for every element leaves
   * elements 16..31 of a last partial block of 32 unscaled on avx512fp16
   * CPUs (test/Correctness/prelu-f16-one-slope.mlir): such prelus compute in
   * f32, which rounds the product once as f16 does. */
  if (n == 1 && mlirTypeIsAF16(elem) && xnnValueNumElements(mlirOperationGetOperand(op, 0)) > 16)
    elem = mlirF32TypeGet(L->ctx);
  MlirValue x = xnnLowerOperand(L, op, 0, elem), w = xnnLowerOperand(L, op, 1, elem);
  if (mlirValueIsNull(x) || mlirValueIsNull(w))
    return false;
  int64_t dims[XNN_IR_MAX_RANK];
  intptr_t brank = 1;
  dims[0] = n;
  if (n != 1 && rank > 2 && !xnnLowerOperandIsNHWC(op, 0))
    for (; brank < rank - 1; ++brank)
      dims[brank] = 1;
  MlirType wt = xnnTensorType(dims, brank, elem);
  if (!mlirTypeEqual(mlirValueGetType(w), wt))
    w = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &w, wt, 0, NULL);
  MlirValue ins[2] = {x, w};
  MlirNamedAttribute kind = lowerNamed(L, "kind", lowerStrAttr(L, nodeKind(cap)));
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.binary", 2, ins, xnnLowerResultType(op, 0, elem), 1, &kind));
}

/* x clamped to [lo, hi] (lo <= hi; infinite = unbounded). XNNPACK fuses a
 * clamp into a preceding convolution, pooling or clamp node, whose operator
 * then refuses or miscomputes a range that does not hold 0 strictly below its
 * maximum, or whose minimum is -0 (xnn-probe --check-capabilities, fuzz seed
 * 7249: [-1, 0] after a conv gave 0s): such a range is clamped with binary
 * maximum/minimum, which never fuse (an infinite side needs no node). */
static MlirValue clampOf(XnnLowerCtx *L, MlirOperation op, MlirValue x, MlirType type, double lo, double hi) {
  if (!(hi > 0.0 && (lo < 0.0 || (lo == 0.0 && !signbit(lo))))) {
    MlirValue v = x;
    if (!(isinf(lo) && lo < 0.0))
      v = xnnLowerBinaryOf(L, op, "maximum", v, xnnLowerScalar(L, op, x, (float)lo));
    if (!(isinf(hi) && hi > 0.0) || mlirValueEqual(v, x))
      v = xnnLowerBinaryOf(L, op, "minimum", v, xnnLowerScalar(L, op, x, (float)hi));
    return v;
  }
  MlirNamedAttribute attrs[3] = {lowerNamed(L, "kind", lowerStrAttr(L, "clamp")),
                                 lowerNamed(L, "min", xnnF64Attr(L->ctx, lo)),
                                 lowerNamed(L, "max", xnnF64Attr(L->ctx, hi))};
  return xnnLowerEmit(L, op, "xnn.unary", 1, &x, type, 3, attrs);
}

/* The range an edge clamp-like op clamps to: relu [0, inf), hardtanh
 * [min_val, max_val], clamp [min, max] with an absent side unbounded, a NaN
 * one too when it is the only bound (ATen's std::max(x, NaN) is x; two bounds
 * with a NaN stay portable: checkClamp) and, when min > max, [max, max]
 * (ATen's min(max(x, min), max) is max for every non-NaN x). */
static void clampRange(MlirOperation op, double *lo, double *hi) {
  *lo = 0.0, *hi = INFINITY;
  if (xnnOpIs(op, "edge.hardtanh")) {
    xnnAttrF64(op, "min_val", lo);
    xnnAttrF64(op, "max_val", hi);
  } else if (xnnOpIs(op, "edge.clamp")) {
    *lo = -INFINITY;
    if (!xnnAttrF64(op, "min", lo) || isnan(*lo))
      *lo = -INFINITY;
    if (!xnnAttrF64(op, "max", hi) || isnan(*hi))
      *hi = INFINITY;
    if (*lo > *hi)
      *lo = *hi;
  }
}

static bool xnnLowerUnary(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirType elem = xnnLowerComputeElem(L, op, cap);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  MlirType type = xnnLowerResultType(op, 0, elem);
  const char *kind = nodeKind(cap);
  if (!strcmp(kind, "clamp")) {
    double lo, hi;
    clampRange(op, &lo, &hi);
    return xnnLowerReplace(L, op, clampOf(L, op, in, type, lo, hi));
  }
  MlirNamedAttribute attrs[2];
  intptr_t n = 0;
  attrs[n++] = lowerNamed(L, "kind", lowerStrAttr(L, kind));
  /* ATen's defaults written out: the xnn op states its parameter. */
  double param;
  if (!strcmp(kind, "leaky_relu")) {
    if (!xnnAttrF64(op, "negative_slope", &param))
      param = 0.01;
    attrs[n++] = lowerNamed(L, "negative_slope", xnnF64Attr(L->ctx, param));
  } else if (!strcmp(kind, "elu")) {
    if (!xnnAttrF64(op, "alpha", &param))
      param = 1.0;
    attrs[n++] = lowerNamed(L, "alpha", xnnF64Attr(L->ctx, param));
  }
  return xnnLowerReplace(L, op, xnnLowerEmit(L, op, "xnn.unary", 1, &in, type, n, attrs));
}

static bool xnnLowerRsqrt(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirValue x = xnnLowerOperand(L, op, 0, xnnLowerComputeElem(L, op, cap));
  if (mlirValueIsNull(x))
    return false;
  return xnnLowerReplace(L, op, xnnLowerRsqrtOf(L, op, x));
}

/* gelu(approximate="tanh") has no XNNPACK node: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),
 * computed in f32 and rounded once, as PyTorch's kernel does. */
static bool xnnLowerGelu(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirStringRef approx;
  if (!xnnAttrString(op, "approximate", &approx) || !xnnStrRefEquals(approx, "tanh"))
    return xnnLowerUnary(L, op, cap);
  MlirType f32 = mlirF32TypeGet(L->ctx);
  MlirValue x = xnnLowerOperand(L, op, 0, f32);
  if (mlirValueIsNull(x))
    return false;
  MlirValue x3 = xnnLowerBinaryOf(L, op, "multiply", xnnLowerBinaryOf(L, op, "multiply", x, x), x);
  MlirValue inner = xnnLowerBinaryOf(L, op, "add", x, xnnLowerBinaryOf(L, op, "multiply", x3, xnnLowerScalar(L, op, x, 0.044715f)));
  MlirValue t = xnnLowerUnaryOf(L, op, "tanh", xnnLowerBinaryOf(L, op, "multiply", inner, xnnLowerScalar(L, op, x, 0.7978845608028654f)));
  MlirValue half = xnnLowerBinaryOf(L, op, "multiply", x, xnnLowerScalar(L, op, x, 0.5f));
  return xnnLowerReplace(L, op, xnnLowerBinaryOf(L, op, "multiply", half, xnnLowerBinaryOf(L, op, "add", t, xnnLowerScalar(L, op, x, 1.0f))));
}

/* silu = x * sigmoid(x) (ATen: x / (1 + exp(-x)), within an ulp in f32), in
 * the dtype edge.sigmoid computes in. */
static bool xnnLowerSilu(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirValue x = xnnLowerOperand(L, op, 0, xnnLowerComputeElem(L, op, cap));
  if (mlirValueIsNull(x))
    return false;
  return xnnLowerReplace(L, op, xnnLowerBinaryOf(L, op, "multiply", x, xnnLowerUnaryOf(L, op, "sigmoid", x)));
}

/* hardsigmoid as ATen computes it, min(max(x + 3, 0), 6) / 6: three correctly
 * rounded steps, so f32 results are ATen's bit for bit ([0, 6] is a clamp
 * XNNPACK may fuse into the add). */
static bool xnnLowerHardsigmoid(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  MlirValue x = xnnLowerOperand(L, op, 0, xnnLowerComputeElem(L, op, cap));
  if (mlirValueIsNull(x))
    return false;
  MlirValue a = xnnLowerBinaryOf(L, op, "add", x, xnnLowerScalar(L, op, x, 3.0f));
  MlirValue c = clampOf(L, op, a, mlirValueGetType(a), 0.0, 6.0);
  return xnnLowerReplace(L, op, xnnLowerBinaryOf(L, op, "divide", c, xnnLowerScalar(L, op, x, 6.0f)));
}

/* pow (pow.Tensor_Tensor: std::pow per element) with a constant exponent the
 * capability check admits (2, 1, 0.5, -0.5): x*x, x, sqrt and 1/sqrt, in the
 * dtypes and with the nodes edge.sqrt and edge.rsqrt use. */
static const XnnCapability *familyRow(const char *name);
static bool xnnLowerPow(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  double e = xnnPowConstantExponent(op);
  const XnnCapability *as = e == 0.5 ? familyRow("edge.sqrt") : e == -0.5 ? familyRow("edge.rsqrt") : cap;
  MlirType elem = xnnLowerComputeElem(L, op, as);
  MlirValue in = xnnLowerOperand(L, op, 0, elem);
  if (mlirValueIsNull(in))
    return false;
  /* pow(-0, +-0.5) is +0 / +inf where sqrt / rsqrt give -0 / -inf: x + 0
   * turns -0 into +0 and leaves every other x as it is. */
  MlirValue z = e == 0.5 || e == -0.5 ? xnnLowerBinaryOf(L, op, "add", in, xnnLowerScalar(L, op, in, 0.0f)) : in;
  MlirValue r = e == 2.0 ? xnnLowerUnaryOf(L, op, "square", in)
                : e == 0.5 ? xnnLowerUnaryOf(L, op, "square_root", z)
                : e == -0.5 ? xnnLowerRsqrtOf(L, op, z)
                            : in;
  MlirType out = xnnLowerResultType(op, 0, elem);
  /* A one-element exponent may still raise the rank ([] ** [1] is [1]). */
  if (!mlirTypeEqual(mlirValueGetType(r), out))
    r = xnnLowerEmit(L, op, "xnn.static_reshape", 1, &r, out, 0, NULL);
  else if (mlirValueEqual(r, in))
    r = xnnLowerEmit(L, op, "xnn.copy", 1, &r, out, 0, NULL);
  return xnnLowerReplace(L, op, r);
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    {"edge.add", xnnVerifyEdgeAddSub, "binary.add", XNN_CAP_FH, checkAlpha, xnnLowerBinary, XNN_CAP_BF16},
    {"edge.sub", xnnVerifyEdgeAddSub, "binary.subtract", XNN_CAP_FH, checkAlpha, xnnLowerBinary,
     XNN_CAP_BF16},
    {"edge.mul", xnnVerifyEdgeBinaryAll, "binary.multiply", XNN_CAP_FH, NULL, xnnLowerBinary, XNN_CAP_BF16},
    {"edge.div", xnnVerifyEdgeBinaryFloat, "binary.divide", XNN_CAP_FH, NULL, xnnLowerBinary, XNN_CAP_BF16},
    {"edge.maximum", xnnVerifyEdgeBinaryAll, "binary.maximum", XNN_CAP_FLOATS, NULL, xnnLowerBinary, 0},
    {"edge.minimum", xnnVerifyEdgeBinaryAll, "binary.minimum", XNN_CAP_FLOATS, NULL, xnnLowerBinary, 0},
    {"edge.prelu", xnnVerifyEdgePrelu, "binary.prelu", XNN_CAP_FH, checkPrelu, xnnLowerPrelu, XNN_CAP_BF16},
    {"edge.pow", xnnVerifyEdgeBinary, "unary.square", XNN_CAP_FH, checkPow, xnnLowerPow, XNN_CAP_BF16},
    {"edge.relu", xnnVerifyEdgeUnaryNumeric, "unary.clamp", XNN_CAP_FLOATS, NULL, xnnLowerUnary, 0},
    {"edge.hardtanh", xnnVerifyEdgeHardtanh, "unary.clamp", XNN_CAP_FH, NULL, xnnLowerUnary, XNN_CAP_BF16},
    {"edge.sigmoid", xnnVerifyEdgeUnaryFloat, "unary.sigmoid", XNN_CAP_F32, NULL, xnnLowerUnary,
     XNN_CAP_F16 | XNN_CAP_BF16},
    {"edge.tanh", xnnVerifyEdgeUnaryFloat, "unary.tanh", XNN_CAP_F32, NULL, xnnLowerUnary,
     XNN_CAP_F16 | XNN_CAP_BF16},
    {"edge.rsqrt", xnnVerifyEdgeUnaryFloat, "unary.reciprocal_square_root", XNN_CAP_FH, NULL, xnnLowerRsqrt,
     XNN_CAP_BF16},
    {"edge.sqrt", xnnVerifyEdgeUnaryFloat, "unary.square_root", XNN_CAP_F32, NULL, xnnLowerUnary,
     XNN_CAP_F16 | XNN_CAP_BF16},
    {"edge.neg", xnnVerifyEdgeUnaryNumeric, "unary.negate", XNN_CAP_FLOATS, NULL, xnnLowerUnary, 0},
    {"edge.abs", xnnVerifyEdgeUnaryNumeric, "unary.abs", XNN_CAP_FLOATS, NULL, xnnLowerUnary, 0},
    {"edge.exp", xnnVerifyEdgeUnaryFloat, "unary.exp", XNN_CAP_FH, NULL, xnnLowerUnary, XNN_CAP_BF16},
    {"edge.log", xnnVerifyEdgeUnaryFloat, "unary.log", XNN_CAP_FH, NULL, xnnLowerUnary, XNN_CAP_BF16},
    {"edge.gelu", xnnVerifyEdgeGelu, "unary.gelu", XNN_CAP_FH, NULL, xnnLowerGelu, XNN_CAP_BF16},
    /* silu = x * sigmoid(x): f16 through f32, as sigmoid. */
    {"edge.silu", xnnVerifyEdgeUnaryFloat, "unary.sigmoid", XNN_CAP_F32, NULL, xnnLowerSilu,
     XNN_CAP_F16 | XNN_CAP_BF16},
    /* XNNPACK's f16 hardswish is up to 2 f16 ulps off (0.0944 -> 0.04861, ATen
     * 0.04868; test/Correctness/f16-unary-all-values.test): f16 runs in f32. */
    {"edge.hardswish", xnnVerifyEdgeUnaryFloat, "unary.hardswish", XNN_CAP_F32, NULL, xnnLowerUnary,
     XNN_CAP_F16 | XNN_CAP_BF16},
    /* hardsigmoid = min(max(x + 3, 0), 6) / 6, ATen's own steps (add, clamp,
     * divide: exact in f32); in f16 each node would round, so f16 runs in f32. */
    {"edge.hardsigmoid", xnnVerifyEdgeUnaryFloat, "binary.add", XNN_CAP_F32, NULL, xnnLowerHardsigmoid,
     XNN_CAP_F16 | XNN_CAP_BF16},
    {"edge.leaky_relu", xnnVerifyEdgeLeakyRelu, "unary.leaky_relu", XNN_CAP_FH, NULL, xnnLowerUnary,
     XNN_CAP_BF16},
    {"edge.elu", xnnVerifyEdgeElu, "unary.elu", XNN_CAP_FH, NULL, xnnLowerUnary, XNN_CAP_BF16},
    {"edge.clamp", xnnVerifyEdgeClamp, "unary.clamp", XNN_CAP_FH, checkClamp, xnnLowerUnary, XNN_CAP_BF16},
    /* sin / cos / ceil / floor: XNNPACK's unary sine, cosine, ceiling and
     * floor, accepted in f32, f16 and bf16 (xnn-probe --check-capabilities).
     * Its f16 sine / cosine equal ATen's f32-and-round on every finite f16
     * (test/Correctness/f16-unary-all-values.test), so f16 is native; its
     * bf16 ones truncate (38k of the 65k finite bf16 inputs off by an ulp):
     * bf16 runs in f32 and rounds. ceil / floor are exact in every dtype. */
    {"edge.sin", xnnVerifyEdgeUnaryFloat, "unary.sine", XNN_CAP_FH, NULL, xnnLowerUnary, XNN_CAP_BF16},
    {"edge.cos", xnnVerifyEdgeUnaryFloat, "unary.cosine", XNN_CAP_FH, NULL, xnnLowerUnary, XNN_CAP_BF16},
    {"edge.ceil", xnnVerifyEdgeUnaryFloat, "unary.ceiling", XNN_CAP_FLOATS, NULL, xnnLowerUnary, 0},
    {"edge.floor", xnnVerifyEdgeUnaryFloat, "unary.floor", XNN_CAP_FLOATS, NULL, xnnLowerUnary, 0},
    {"edge.bitwise_and", xnnVerifyEdgeBitwise, "", 0, refuseBitwise, NULL, 0},
    {"edge.bitwise_or", xnnVerifyEdgeBitwise, "", 0, refuseBitwise, NULL, 0},
    {"edge.bitwise_xor", xnnVerifyEdgeBitwise, "", 0, refuseBitwise, NULL, 0},
    {"edge.bitwise_not", xnnVerifyEdgeBitwiseNot, "", 0, refuseBitwise, NULL, 0},
    {"edge.eq", xnnVerifyEdgeCompare, "", 0, refuseCompare, NULL, 0},
    {"edge.ne", xnnVerifyEdgeCompare, "", 0, refuseCompare, NULL, 0},
    {"edge.lt", xnnVerifyEdgeCompare, "", 0, refuseCompare, NULL, 0},
    {"edge.le", xnnVerifyEdgeCompare, "", 0, refuseCompare, NULL, 0},
    {"edge.gt", xnnVerifyEdgeCompare, "", 0, refuseCompare, NULL, 0},
    {"edge.ge", xnnVerifyEdgeCompare, "", 0, refuseCompare, NULL, 0},
    {"edge.where", xnnVerifyEdgeWhere, "", 0, refuseSelect, NULL, 0},
    {"edge.masked_fill", xnnVerifyEdgeMaskedFill, "", 0, refuseSelect, NULL, 0},
};

const XnnOpFamily xnnElementwiseFamily = {ops, sizeof ops / sizeof ops[0], NULL};

/* This family's row for `name` (edge.pow lowers as edge.sqrt / edge.rsqrt
 * do): looked up here rather than in the whole table, which names every
 * family. */
static const XnnCapability *familyRow(const char *name) {
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (!strcmp(ops[i].op, name))
      return &ops[i];
  abort(); /* the rows are this file's: a missing one is a programming error */
}
