/* Verifiers of edge reductions (mean, sum) and softmax. */
#include "OpVerifiers.h"
#include "VerifyUtil.h"

#include <mlir-c/BuiltinTypes.h>

/* Common part of mean.dim / sum.dim_IntList: dims in range, no duplicates
 * (empty = all dims), result shape per keepdim. */
static bool verifyReduction(MlirOperation op, unsigned mask, bool isSum) {
  int64_t dims[XNN_VERIFY_MAX_RANK];
  intptr_t n = 0;
  bool keep = false;
  bool ok = true;
  XnnAttrStatus sd = xnnGetI64Array(op, "dims", true, -1, dims,
                                    XNN_VERIFY_MAX_RANK, &n);
  XnnAttrStatus sk = xnnGetBool(op, "keepdim", true, &keep);
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  ok = xnnOperandTensor(op, 0, "x", mask, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, isSum ? XNN_ET_ALL : mask, XNN_VERIFY_MAX_RANK,
                       &res) &&
       ok;
  if (!ok || sd != XNN_ATTR_OK || sk != XNN_ATTR_OK)
    return false;
  if (isSum && !mlirTypeEqual(x.elem, res.elem) &&
      !((x.kind & (XNN_ET_INT | XNN_ET_I1)) && res.kind == XNN_ET_I64)) {
    char te[64], tr[64];
    xnnOpError(op, "result element type '%s' must equal the operand element "
                   "type '%s' (or be i64 for an integer/bool operand)",
               xnnTypeStr(res.elem, tr, sizeof tr),
               xnnTypeStr(x.elem, te, sizeof te));
    return false;
  }
  if (!isSum && !xnnCheckSameElem(op, &x, "operand 'x'", &res, "result"))
    return false;
  /* ATen wraps dims of a 0-d tensor as if it had rank 1. */
  intptr_t wrapRank = x.rank == 0 ? 1 : x.rank;
  bool reduced[XNN_VERIFY_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!xnnNormDim(op, "dim", dims[i], wrapRank, &d))
      return false;
    if (reduced[d]) {
      xnnOpError(op, "dim %lld appears more than once in 'dims'",
                 (long long)d);
      return false;
    }
    reduced[d] = true;
  }
  if (n == 0)
    for (intptr_t i = 0; i < wrapRank; ++i)
      reduced[i] = true;
  int64_t shape[XNN_VERIFY_MAX_RANK];
  intptr_t r = 0;
  for (intptr_t i = 0; i < x.rank; ++i) {
    if (!reduced[i])
      shape[r++] = x.dims[i];
    else if (keep)
      shape[r++] = 1;
  }
  return xnnCheckResultShape(op, &res, shape, r,
                             keep ? "reduced (keepdim = true)"
                                  : "reduced (keepdim = false)");
}

bool xnnVerifyEdgeMean(MlirOperation op) {
  return verifyReduction(op, XNN_ET_FLOAT, false);
}

bool xnnVerifyEdgeSum(MlirOperation op) {
  return verifyReduction(op, XNN_ET_NUMERIC | XNN_ET_I1, true);
}

bool xnnVerifyEdgeSoftmax(MlirOperation op) {
  int64_t dim = 0;
  XnnAttrStatus sd = xnnGetI64(op, "dim", true, &dim);
  if (!xnnCheckNumOperands(op, 1, 1) || !xnnCheckNumResults(op, 1))
    return false;
  XnnTensor x, res;
  bool ok = xnnOperandTensor(op, 0, "x", XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &x);
  ok = xnnResultTensor(op, 0, XNN_ET_FLOAT, XNN_VERIFY_MAX_RANK, &res) && ok;
  if (!ok || sd != XNN_ATTR_OK)
    return false;
  int64_t d;
  if (!xnnNormDim(op, "dim", dim, x.rank == 0 ? 1 : x.rank, &d))
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
