/* Verifiers of edge constants, copies and elementwise ops. */
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <math.h>
#include <string.h>

/* edge.constant: no operands; `value` is an elements attribute whose type is
 * exactly the result type. */
bool xnnVerifyEdgeConstant(MlirOperation op) {
  XnnTensor res;
  if (!xnnCheckNumOperands(op, 0, 0) || !xnnCheckNumResults(op, 1) ||
      !xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res))
    return false;
  MlirAttribute v = xnnGetAttr(op, "value");
  char ab[256], tb[256], rb[256];
  if (mlirAttributeIsNull(v)) {
    xnnOpError(op, "requires attribute 'value' (dense or dense_resource "
                   "elements)");
    return false;
  }
  if (!mlirAttributeIsAElements(v)) {
    xnnOpError(op, "attribute 'value' must be an elements attribute "
                   "(dense<...> or dense_resource<...>), got %s",
               xnnAttrStr(v, ab, sizeof ab));
    return false;
  }
  MlirType vt = mlirAttributeGetType(v);
  if (!mlirTypeEqual(vt, res.type)) {
    xnnOpError(op, "attribute 'value' type '%s' must equal the result type "
                   "'%s'",
               xnnTypeStr(vt, tb, sizeof tb), xnnTypeStr(res.type, rb, sizeof rb));
    return false;
  }
  return true;
}

/* Shared part of the two copy ops: same shape, optional dtype (a TypeAttr
 * equal to the result element type; absent = keep the element type). */
static bool verifyCopyCommon(MlirOperation op, XnnTensor *x, XnnTensor *res) {
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, x);
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, res) && ok;
  MlirAttribute dt = xnnGetAttr(op, "dtype");
  char ab[256], tb[64], rb[64];
  if (!mlirAttributeIsNull(dt)) {
    if (!mlirAttributeIsAType(dt)) {
      xnnOpError(op, "attribute 'dtype' must be a type attribute (e.g. "
                     "dtype = f16), got %s",
                 xnnAttrStr(dt, ab, sizeof ab));
      ok = false;
    } else if (ok) {
      MlirType d = mlirTypeAttrGetValue(dt);
      if (!mlirTypeEqual(d, res->elem)) {
        xnnOpError(op, "attribute 'dtype' (%s) must equal the result element "
                       "type '%s'",
                   xnnTypeStr(d, tb, sizeof tb),
                   xnnTypeStr(res->elem, rb, sizeof rb));
        ok = false;
      }
    }
  } else if (ok && !mlirTypeEqual(x->elem, res->elem)) {
    xnnOpError(op, "without 'dtype' the element type is kept: result element "
                   "type '%s' must equal the operand element type '%s'",
               xnnTypeStr(res->elem, rb, sizeof rb),
               xnnTypeStr(x->elem, tb, sizeof tb));
    ok = false;
  }
  if (ok) {
    char xs[256], rs[256];
    bool same = x->rank == res->rank;
    for (intptr_t i = 0; same && i < x->rank; ++i)
      same = x->dims[i] == res->dims[i];
    if (!same) {
      xnnOpError(op, "result shape %s must equal the operand shape %s (a copy "
                     "keeps the logical shape)",
                 xnnShapeStr(res->dims, res->rank, rs, sizeof rs),
                 xnnShapeStr(x->dims, x->rank, xs, sizeof xs));
      ok = false;
    }
  }
  return ok;
}

bool xnnVerifyEdgeToCopy(MlirOperation op) {
  XnnTensor x, res;
  bool ok = verifyCopyCommon(op, &x, &res);
  static const char *const formats[] = {"contiguous", "channels_last",
                                        "preserve", NULL};
  MlirStringRef mf;
  XnnAttrStatus st = xnnGetEnum(op, "memory_format", false, formats, &mf);
  if (st == XNN_ATTR_BAD) {
    ok = false;
  } else if (st == XNN_ATTR_OK && ok && x.rank != 4 &&
             mf.length == strlen("channels_last") &&
             memcmp(mf.data, "channels_last", mf.length) == 0) {
    xnnOpError(op, "memory_format \"channels_last\" requires a rank-4 tensor, "
                   "got rank %lld",
               (long long)x.rank);
    ok = false;
  }
  return ok;
}

bool xnnVerifyEdgeToDimOrderCopy(MlirOperation op) {
  XnnTensor x, res;
  bool ok = verifyCopyCommon(op, &x, &res);
  int64_t order[XNN_VERIFY_MAX_RANK], perm[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  XnnAttrStatus st = xnnGetI64Array(op, "dim_order", false, -1, order,
                                    XNN_VERIFY_MAX_RANK, &n);
  if (st == XNN_ATTR_BAD)
    ok = false;
  else if (st == XNN_ATTR_OK && ok &&
           !xnnCheckPermutation(op, "dim_order", order, n, x.rank, false,
                                perm))
    ok = false;
  return ok;
}

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

/* Broadcasting binary op with all three element types equal. */
static bool verifyBinary(MlirOperation op, unsigned mask) {
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor a, b, res;
  bool ok = xnnOperandTensor(op, 0, "a", mask, XNN_VERIFY_MAX_RANK, &a);
  ok = xnnOperandTensor(op, 1, "b", mask, XNN_VERIFY_MAX_RANK, &b) && ok;
  ok = xnnResultTensor(op, 0, mask, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!xnnCheckSameElem(op, &a, "operand 'a'", &b, "operand 'b'") ||
      !xnnCheckSameElem(op, &a, "operand 'a'", &res, "result"))
    return false;
  const XnnTensor *ts[2] = {&a, &b};
  return checkBroadcastResult(op, ts, 2, &res);
}

bool xnnVerifyEdgeAddSub(MlirOperation op) {
  double alpha;
  bool ok = xnnGetF64(op, "alpha", false, &alpha) != XNN_ATTR_BAD;
  return verifyBinary(op, XNN_ET_NUMERIC) && ok;
}

bool xnnVerifyEdgeBinary(MlirOperation op) {
  return verifyBinary(op, XNN_ET_NUMERIC);
}

bool xnnVerifyEdgeBinaryFloat(MlirOperation op) {
  return verifyBinary(op, XNN_ET_FLOAT);
}

/* Unary op: result type equals operand type. */
static bool verifyUnary(MlirOperation op, unsigned mask) {
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  bool ok = xnnOperandTensor(op, 0, "x", mask, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, mask, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok)
    return false;
  if (!mlirTypeEqual(x.type, res.type)) {
    char tx[256], tr[256];
    xnnOpError(op, "result type '%s' must equal the operand type '%s'",
               xnnTypeStr(res.type, tr, sizeof tr),
               xnnTypeStr(x.type, tx, sizeof tx));
    return false;
  }
  return true;
}

bool xnnVerifyEdgeUnaryNumeric(MlirOperation op) {
  return verifyUnary(op, XNN_ET_NUMERIC);
}

bool xnnVerifyEdgeUnaryFloat(MlirOperation op) {
  return verifyUnary(op, XNN_ET_FLOAT);
}

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
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor a, b, res;
  bool ok = xnnOperandTensor(op, 0, "a", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &a);
  ok = xnnOperandTensor(op, 1, "b", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &b) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_I1, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &a, "operand 'a'", &b, "operand 'b'"))
    return false;
  const XnnTensor *ts[2] = {&a, &b};
  return checkBroadcastResult(op, ts, 2, &res);
}

/* where(cond i1, a, b): a, b and the result of one element type; the three
 * operands broadcast together. */
bool xnnVerifyEdgeWhere(MlirOperation op) {
  if (!xnnCheckNumOperands(op, 3, 3) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor cond, a, b, res;
  bool ok = xnnOperandTensor(op, 0, "cond", XNN_ET_I1, XNN_VERIFY_MAX_RANK, &cond);
  ok = xnnOperandTensor(op, 1, "a", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &a) && ok;
  ok = xnnOperandTensor(op, 2, "b", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &b) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || !xnnCheckSameElem(op, &a, "operand 'a'", &b, "operand 'b'") ||
      !xnnCheckSameElem(op, &a, "operand 'a'", &res, "result"))
    return false;
  const XnnTensor *ts[3] = {&cond, &a, &b};
  return checkBroadcastResult(op, ts, 3, &res);
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
  if (!xnnCheckNumOperands(op, 2, 2) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, mask, res;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnOperandTensor(op, 1, "mask", XNN_ET_I1, XNN_VERIFY_MAX_RANK, &mask) && ok;
  ok = xnnResultTensor(op, 0, XNN_ET_ALL, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || sv != XNN_ATTR_OK || !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  char eb[64];
  if ((x.kind & XNN_ET_FLOAT) && isfinite(value) && fabs(value) > floatKindMax(x.kind)) {
    xnnOpError(op, "value %g cannot be converted to %s without overflow (ATen raises)", value,
               xnnTypeStr(x.elem, eb, sizeof eb));
    return false;
  }
  if (x.kind & XNN_ET_INT) {
    double lim = x.kind == XNN_ET_I32 ? 2147483648.0 : 9223372036854775808.0;
    if (!(value > -lim - 1.0 && value < lim)) {
      xnnOpError(op, "value %g cannot be converted to %s without overflow (ATen raises)", value,
                 xnnTypeStr(x.elem, eb, sizeof eb));
      return false;
    }
  }
  const XnnTensor *ts[2] = {&x, &mask};
  return checkBroadcastResult(op, ts, 2, &res);
}
