/* Edge constants and copies (to_copy, to_dim_order_copy): verifiers,
 * capability check, lowering and the family's rows of the op table. */
#include "Ops/Capability.h"
#include "Ops/LowerUtil.h"
#include "OpVerifiers.h"
#include "VerifyUtil.h"
#include "Support/Elements.h"
#include "Support/IR.h"
#include "xnnmlir/Tensor.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdlib.h>

/* ---- verifiers ----------------------------------------------------------- */

/* edge.constant: no operands; `value` is an elements attribute whose type is
 * exactly the result type. */
bool xnnVerifyEdgeConstant(MlirOperation op) {
  XnnTensor res;
  MlirAttribute v = xnnConstantValue(op, XNN_ET_ALL | XNN_ET_I8, XNN_VERIFY_MAX_RANK, &res);
  if (mlirAttributeIsNull(v))
    return false;
  char ab[256], tb[256], rb[256];
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

/* ---- capability checks --------------------------------------------------- */

/* Dtype and layout copies: float <-> float converts of activations fold into
 * the delegate (f16 <-> bf16 goes through f32 as two converts); converts of
 * constants are compile-time work for xnn-fold-constant-converts. */
static bool checkCopy(MlirOperation op, const XnnPartitionConfig *cfg, XnnReason *why) {
  MlirValue in = mlirOperationGetOperand(op, 0), out = mlirOperationGetResult(op, 0);
  MlirType from = xnnValueElemType(in), to = xnnValueElemType(out);
  if (mlirTypeEqual(from, to))
    return true;
  bool constant = false;
  if (cfg->foldDtypeConverts && (!(constant = xnnCapIsConstant(in)) || cfg->insideDelegate))
    return true;
  char a[64], b[64];
  xnnCapTypeName(from, a, sizeof(a));
  xnnCapTypeName(to, b, sizeof(b));
  if (!constant)
    return xnnCapRefuse(why, "dtype conversion %s -> %s stays portable (fold-dtype-converts=false)", a, b);
  /* Say why xnn-fold-constant-converts leaves this convert in place when it
   * does: blaming a pass that ran and declined hides the real cause. */
  MlirOperation def = xnnDefiningOp(in);
  MlirAttribute value = xnnOpAttr(def, "value");
  int64_t n = xnnValueNumElements(in);
  if (n < 0 || n > XNN_FOLD_CONSTANT_MAX_ELEMENTS)
    return xnnCapRefuse(why, "dtype conversion %s -> %s of a constant too large to convert at compile "
                        "time (more than %lld elements)", a, b,
                        (long long)XNN_FOLD_CONSTANT_MAX_ELEMENTS);
  if (!mlirAttributeIsNull(value) && mlirAttributeIsADenseResourceElements(value)) {
    if (xnnResourceIsElided(value))
      return xnnCapRefuse(why, "dtype conversion %s -> %s of a constant whose payload is elided "
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
      return xnnCapRefuse(why, "dtype conversion %s -> %s of a constant that cannot be read: %s", a, b,
                          err);
    free(blob);
  }
  return xnnCapRefuse(why, "dtype conversion %s -> %s of a constant: fold it at compile time "
                      "(xnn-fold-constant-converts)", a, b);
}

/* ---- lowerings ----------------------------------------------------------- */

/* Copies: a dtype change is a convert, a layout change a transpose, both are
 * both; a copy that changes nothing is an xnn.copy (it may be a delegate
 * output whose input is a delegate input, which XNNPACK cannot alias). */
static bool xnnLowerCopy(XnnLowerCtx *L, MlirOperation op, const XnnCapability *cap) {
  (void)cap;
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirType to = xnnValueElemType(mlirOperationGetResult(op, 0));
  bool inNHWC = xnnLowerOperandIsNHWC(op, 0), outNHWC = xnnLowerIsNHWC(op) && xnnValueRank(in) == 4;
  MlirValue v = in;
  if (xnnLowerOperandIsConstant(op, 0) && (v = xnnLowerConstantOperand(L, op, 0, to, NULL)).ptr == NULL)
    return false;
  if (inNHWC != outNHWC) {
    /* The pinned XNNPACK accepts bf16 transposes but moves the data wrongly
     * (test/Emit/bf16-ops.test): transpose bf16 in f32, exactly. */
    MlirType elem = xnnValueElemType(v);
    if (mlirTypeIsABF16(elem))
      v = xnnLowerConvert(L, op, v, elem = mlirF32TypeGet(L->ctx));
    MlirNamedAttribute attr =
        lowerNamed(L, "perm", xnnI64ArrayAttr(L->ctx, outNHWC ? xnnLowerToNHWC : xnnLowerToNCHW, 4));
    v = xnnLowerEmit(L, op, "xnn.static_transpose", 1, &v, xnnLowerResultType(op, 0, elem), 1, &attr);
  }
  if (mlirTypeEqual(xnnValueElemType(v), to) && mlirValueEqual(v, in))
    v = xnnLowerEmit(L, op, "xnn.copy", 1, &v, mlirValueGetType(v), 0, NULL);
  xnnLowerReplace(L, op, v); /* converts to the result dtype */
  return true;
}

/* ---- the family's rows of the op table (Capability.h) -------------------- */

static const XnnCapability ops[] = {
    /* Verifier only: constants materialise per use in the lowering (Lower.c). */
    {"edge.constant", xnnVerifyEdgeConstant, NULL, 0, NULL, NULL, 0},
    {"edge.to_copy", xnnVerifyEdgeToCopy, "convert", XNN_CAP_FLOATS, checkCopy, xnnLowerCopy, 0},
    {"edge.to_dim_order_copy", xnnVerifyEdgeToDimOrderCopy, "convert", XNN_CAP_FLOATS, checkCopy,
     xnnLowerCopy, 0},
};

const XnnOpFamily xnnCopyFamily = {ops, sizeof ops / sizeof ops[0], NULL};
